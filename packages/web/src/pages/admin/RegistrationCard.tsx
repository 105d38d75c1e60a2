// Who may join: the registration policy (closed, open, listed email domains, invitation only),
// the domains, the role of new accounts and whether a local sign-up must confirm its email.
import { Button, Group, Loader, Radio, Select, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text.ts';
import { SETTINGS_KEY, updateSettings, useSettings } from '../../api/admin.ts';
import type { Settings } from '../../api/admin.ts';
import { PUBLIC_SETTINGS_KEY } from '../../api/account.ts';
import { FormError } from '../../components/FormError.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';

const POLICIES: Settings['registration_policy'][] = ['closed', 'open', 'domains', 'invitation'];

function RegistrationForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const [policy, setPolicy] = useState(settings.registration_policy);
  const [domains, setDomains] = useState(settings.registration_domains);
  const [role, setRole] = useState(settings.default_role);
  const [confirm, setConfirm] = useState(settings.email_confirmation_required);
  useOnOpen(true, () => {
    setPolicy(settings.registration_policy);
    setDomains(settings.registration_domains);
    setRole(settings.default_role);
    setConfirm(settings.email_confirmation_required);
  }, [settings]);
  const submit = useSubmit();
  const changes = { registration_policy: policy, registration_domains: domains, default_role: role, email_confirmation_required: confirm };
  const save = submit.handler(() => updateSettings(changes), {
    invalidate: [SETTINGS_KEY, PUBLIC_SETTINGS_KEY],
    success: () => t('admin.registration.saved'),
  });
  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <FormError error={submit.error} />
        <Radio.Group label={t('admin.registration.policy')} value={policy} onChange={(value) => setPolicy(value)}>
          <Stack gap="xs" mt="xs">
            {POLICIES.map((value) => (
              <Radio key={value} value={value} label={t(`admin.registration.policies.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {policy === 'domains' && (
          <TagsInput
            label={t('admin.registration.domains')}
            description={t('admin.registration.domains_hint')}
            value={domains}
            onChange={setDomains}
            splitChars={[',', ' ']}
            maxTags={100}
            clearable
          />
        )}
        <Select
          label={t('admin.registration.default_role')}
          data={(['member', 'developer'] as const).map((value) => ({ value, label: t(`admin.roles.${value}`) }))}
          value={role}
          onChange={(value) => setRole(value === 'developer' ? 'developer' : 'member')}
          allowDeselect={false}
          maw={260}
        />
        <Switch
          checked={confirm}
          onChange={(event) => setConfirm(event.currentTarget.checked)}
          label={t('admin.registration.confirmation')}
          description={t('admin.registration.confirmation_hint')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submit.busy} disabled={policy === 'domains' && domains.length === 0}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RegistrationCard() {
  const { t } = useTranslation();
  const { data, isPending, error } = useSettings();
  return (
    <SectionCard title={t('admin.registration.title')} description={t('admin.registration.hint')}>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error instanceof Error ? errorText(error) : t('common.error_title')}
        </Text>
      ) : isPending || !data ? (
        <Loader size="sm" />
      ) : (
        <RegistrationForm settings={data} />
      )}
    </SectionCard>
  );
}
