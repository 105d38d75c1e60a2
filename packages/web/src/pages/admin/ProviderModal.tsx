// Add or edit a sign-in provider: the kind (fixed once saved), name, slug, switches, the fields
// of the kind, the secret (write-only: empty keeps the stored one) and, for redirect kinds, the
// callback URL to register at the provider, with a copy button.
import { Group, PasswordInput, Select, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/error-text.ts';
import { createProvider, PROVIDERS_KEY, SIGN_IN_METHODS_KEY, updateProvider } from '../../api/sign-in-providers.ts';
import type { Provider } from '../../api/sign-in-providers.ts';
import { CopyAction } from '../../components/CopyAction.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { defaultSettings, fieldsOf, KINDS, settingsToSend } from './provider-kinds.tsx';
import type { FieldSpec, Kind } from './provider-kinds.tsx';

interface SettingFieldProps {
  field: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
}

function SettingField({ field, value, onChange, error }: SettingFieldProps) {
  const { t } = useTranslation();
  const label = t(`sign_in_admin.fields.${field.name}`);
  if (field.type === 'switch') return <Switch label={label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
  if (field.type === 'pem') {
    return <Textarea label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)}
      placeholder={field.placeholder} autosize minRows={2} maxRows={8} error={error} styles={{ input: { fontFamily: 'monospace' } }} />;
  }
  if (field.type === 'list') {
    const text = Array.isArray(value) ? value.join(', ') : '';
    return <TextInput label={label} description={t('sign_in_admin.form.list_hint')} defaultValue={text} error={error}
      onChange={(e) => onChange(e.currentTarget.value.split(',').map((item) => item.trim()).filter(Boolean))} />;
  }
  return <TextInput label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)}
    placeholder={field.placeholder} required={field.required} error={error} />;
}

export function ProviderModal({ opened, provider, onClose }: { opened: boolean; provider: Provider | null; onClose: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [kind, setKind] = useState<Kind>('ldap');
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [allowSignUp, setAllowSignUp] = useState(false);
  const [secret, setSecret] = useState('');
  const [settings, setSettings] = useState<Record<string, unknown>>({});
  useOnOpen(opened, () => {
    const startKind = (provider?.kind ?? 'ldap') as Kind;
    setKind(startKind);
    setName(provider?.name ?? '');
    setSlug(provider?.slug ?? '');
    setEnabled(provider?.enabled ?? true);
    setAllowSignUp(provider?.allow_sign_up ?? false);
    setSecret('');
    setSettings(provider ? { ...defaultSettings(startKind), ...provider.settings } : defaultSettings(startKind));
    submit.setError(undefined);
  }, [provider]);

  const save = () => {
    const body = { name: name.trim(), slug: slug.trim(), enabled, allow_sign_up: allowSignUp, settings: settingsToSend(kind, settings) };
    if (provider) return updateProvider(provider.id, secret === '' ? body : { ...body, secret });
    return createProvider({ ...body, kind, ...(secret === '' ? {} : { secret }) });
  };
  const callback = `${window.location.origin}/auth/${slug.trim() || '<slug>'}/callback`;
  const secretLabel = kind === 'ldap' ? t('sign_in_admin.form.secret_ldap') : t('sign_in_admin.form.secret_client');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      errorAt="top"
      title={provider ? t('sign_in_admin.form.edit_title', { name: provider.name }) : t('sign_in_admin.form.add_title')}
      busy={submit.busy}
      error={submit.error}
      errorFields={['name', 'slug', 'kind', 'secret', ...fieldsOf(kind).map((field) => `settings.${field.name}`)]}
      onSubmit={submit.handler(save, {
        invalidate: [PROVIDERS_KEY, SIGN_IN_METHODS_KEY], success: (saved) => t('sign_in_admin.providers.saved', { name: saved.name }), onDone: onClose,
      })}
    >
      <Select label={t('sign_in_admin.form.kind')} data={KINDS.map((value) => ({ value, label: t(`sign_in_admin.kinds.${value}`) }))}
        value={kind} disabled={provider !== null} allowDeselect={false} error={fieldError(submit.error, 'kind')}
        onChange={(value) => { if (value) { setKind(value); setSettings(defaultSettings(value)); } }} />
      <TextInput label={t('sign_in_admin.form.name')} description={t('sign_in_admin.form.name_hint')} value={name} required maxLength={100}
        onChange={(e) => setName(e.currentTarget.value)} error={fieldError(submit.error, 'name')} data-autofocus />
      <TextInput label={t('sign_in_admin.form.slug')} description={t('sign_in_admin.form.slug_hint')} value={slug} required maxLength={64}
        onChange={(e) => setSlug(e.currentTarget.value)} error={fieldError(submit.error, 'slug')} />
      <Group>
        <Switch label={t('sign_in_admin.form.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <Switch label={t('sign_in_admin.form.allow_sign_up')} checked={allowSignUp} onChange={(e) => setAllowSignUp(e.currentTarget.checked)} />
      </Group>
      {fieldsOf(kind).map((field) => (
        <SettingField key={`${kind}-${field.name}`} field={field} value={settings[field.name]} error={fieldError(submit.error, `settings.${field.name}`)}
          onChange={(value) => setSettings((current) => ({ ...current, [field.name]: value }))} />
      ))}
      <PasswordInput label={secretLabel} value={secret} onChange={(e) => setSecret(e.currentTarget.value)} autoComplete="new-password"
        description={provider?.secret ? t('sign_in_admin.form.secret_keep', { masked: provider.secret }) : undefined}
        error={fieldError(submit.error, 'secret')} />
      {kind !== 'ldap' && (
        <div>
          <Text size="sm" fw={500}>{t('sign_in_admin.form.callback')}</Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>{callback}</Text>
            <CopyAction value={callback} label={t('sign_in_admin.form.copy_callback')} />
          </Group>
        </div>
      )}
    </FormModal>
  );
}
