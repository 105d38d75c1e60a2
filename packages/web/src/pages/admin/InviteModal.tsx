// The "Invite by email" dialog: the address, the new account's role, the apps it joins (searched
// by name; an app's page fixes its own app) with one role on them, and the mail's language.
// Administrators see every app and every role; an app's administrator gets member and developer.
import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/error-text.ts';
import { useApps } from '../../api/apps.ts';
import { createInvitation, INVITATIONS_KEY } from '../../api/registration.ts';
import type { SentInvitation } from '../../api/registration.ts';
import { useCurrentUser } from '../../api/session.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';

type AccountRole = 'member' | 'developer' | 'admin';

export interface InviteModalProps {
  opened: boolean;
  onClose: () => void;
  /** Invite into this app only (the app page's collaborators card). */
  app?: { id: number; name: string };
}

function AppPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const apps = useApps('active', search.trim(), 1);
  const [known, setKnown] = useState<Record<string, string>>({});
  const found = (apps.data?.items ?? []).map((app) => ({ value: String(app.id), label: app.name }));
  const data = [...found, ...value.filter((id) => !found.some((f) => f.value === id)).map((id) => ({ value: id, label: known[id] ?? id }))];
  return (
    <MultiSelect
      label={t('admin.invitations.apps')}
      description={t('admin.invitations.apps_hint')}
      data={data}
      value={value}
      onChange={(ids) => {
        setKnown((previous) => ({ ...previous, ...Object.fromEntries(found.map((f) => [f.value, f.label])) }));
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('admin.invitations.no_apps')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function InviteModal({ opened, onClose, app }: InviteModalProps) {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AccountRole>('member');
  const [apps, setApps] = useState<string[]>([]);
  const [appRole, setAppRole] = useState<'member' | 'developer' | 'admin'>('member');
  const [locale, setLocale] = useState<'en' | 'zh-CN'>('en');
  const submit = useSubmit();
  useOnOpen(opened, () => {
    setEmail('');
    setRole('member');
    setApps(app ? [String(app.id)] : []);
    setAppRole('member');
    setLocale(i18n.language === 'zh-CN' ? 'zh-CN' : 'en');
    submit.setError(undefined);
  }, [app?.id]);
  const roles: AccountRole[] = me.role === 'admin' ? ['member', 'developer', 'admin'] : me.role === 'developer' ? ['member', 'developer'] : ['member'];
  const send = submit.handler(
    () => createInvitation({ email: email.trim(), role, locale, memberships: apps.map((id) => ({ app_id: Number(id), role: appRole })) }),
    {
      invalidate: [INVITATIONS_KEY],
      success: (sent: SentInvitation) => (sent.mail_sent ? t('admin.invitations.sent', { email: sent.invitation.email }) : t('admin.invitations.not_sent')),
      onDone: onClose,
    },
  );
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={app ? t('admin.invitations.invite_to', { app: app.name }) : t('admin.invitations.invite')}
      onSubmit={send}
      busy={submit.busy}
      error={submit.error}
      errorFields={['email']}
      submitLabel={t('admin.invitations.send')}
      submitDisabled={!email.trim() || (me.role !== 'admin' && apps.length === 0)}
    >
      <TextInput label={t('admin.invitations.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)}
        error={fieldError(submit.error, 'email')} required />
      <Select label={t('admin.invitations.role')} data={roles.map((value) => ({ value, label: t(`admin.roles.${value}`) }))}
        value={role} onChange={(value) => setRole((value ?? 'member'))} allowDeselect={false} />
      {!app && <AppPicker value={apps} onChange={setApps} />}
      <Select label={t('admin.invitations.app_role')} data={(['member', 'developer', 'admin'] as const).map((value) => ({ value, label: t(`admin.roles.${value}`) }))}
        value={appRole} onChange={(value) => setAppRole((value ?? 'member'))} allowDeselect={false} />
      <Select label={t('admin.invitations.locale')} data={[{ value: 'en', label: 'English' }, { value: 'zh-CN', label: '中文' }]}
        value={locale} onChange={(value) => setLocale(value === 'zh-CN' ? 'zh-CN' : 'en')} allowDeselect={false} />
    </FormModal>
  );
}
