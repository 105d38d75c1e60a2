// Settings → Sign-in methods: the providers linked to the account (provider, email, last use),
// each removable after a confirmation (the server refuses the last way in), a "Link" button per
// redirect provider (its start URL with link=1), and LDAP linking with the directory username
// and password.
import { Button, Group, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/error-text.ts';
import { IDENTITIES_KEY, linkLdap, startUrl, unlinkIdentity, useIdentities, useSignInMethods } from '../../api/sign-in-providers.ts';
import type { Identity, PublicProvider } from '../../api/sign-in-providers.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { QueryBody } from '../../components/ListParts.tsx';
import { useDateFormatter } from '../../hooks/page.ts';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useQueryClient } from '@tanstack/react-query';

function IdentitiesTable({ identities, onRemove }: { identities: Identity[]; onRemove: (identity: Identity) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <DataTable label={t('sign_in_admin.methods.linked')} minWidth={560} actions={t('sign_in_admin.actions')}
      titles={['provider', 'email', 'last_used'].map((key) => t(`sign_in_admin.methods.${key}`))}>
          {identities.map((identity) => (
            <Table.Tr key={identity.id}>
              <Table.Td>{identity.provider.name}</Table.Td>
              <Table.Td>{identity.email ?? '—'}</Table.Td>
              <Table.Td>{identity.last_used_at ? formatDate(identity.last_used_at) : '—'}</Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="light" color="red" onClick={() => onRemove(identity)}
                  aria-label={t('sign_in_admin.methods.remove_named', { name: identity.provider.name })}>
                  {t('sign_in_admin.methods.remove')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
    </DataTable>
  );
}

function LdapLinkModal({ provider, onClose }: { provider: PublicProvider | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit();
  useOnOpen(provider !== undefined, () => { setLogin(''); setPassword(''); submit.setError(undefined); }, [provider]);
  const name = provider?.name ?? '';
  return (
    <FormModal
      opened={provider !== undefined}
      onClose={onClose}
      title={t('sign_in_admin.methods.link_ldap_title', { name })}
      busy={submit.busy}
      error={submit.error}
      errorFields={['login', 'password']}
      submitLabel={t('sign_in_admin.methods.link')}
      onSubmit={submit.handler(() => linkLdap(provider!.slug, login.trim(), password), {
        invalidate: [IDENTITIES_KEY], success: () => t('sign_in_admin.methods.linked_done', { name }), onDone: onClose,
      })}
    >
      <TextInput label={t('login.providers.directory_login')} value={login} onChange={(e) => setLogin(e.currentTarget.value)}
        error={fieldError(submit.error, 'login')} autoComplete="username" required data-autofocus />
      <PasswordInput label={t('login.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)}
        error={fieldError(submit.error, 'password')} autoComplete="current-password" required />
    </FormModal>
  );
}

export function SignInMethodsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const identities = useIdentities();
  const { data: methods } = useSignInMethods();
  const [removing, setRemoving] = useState<Identity>();
  const [linking, setLinking] = useState<PublicProvider>();
  const providers = methods?.providers ?? [];
  return (
    <Stack>
      <Title order={4}>{t('sign_in_admin.methods.linked')}</Title>
      <QueryBody query={identities} isEmpty={(list) => list.length === 0} empty={<Text c="dimmed" size="sm">{t('sign_in_admin.methods.none')}</Text>}>
        {(list) => <IdentitiesTable identities={list} onRemove={setRemoving} />}
      </QueryBody>
      {providers.length > 0 && (
        <>
          <Title order={4}>{t('sign_in_admin.methods.add')}</Title>
          <Group>
            {providers.map((provider) =>
              provider.style === 'redirect' ? (
                <Button key={provider.slug} component="a" variant="default" href={startUrl(provider, { link: true, next: '/settings/sign-in' })}>
                  {t('sign_in_admin.methods.link_named', { name: provider.name })}
                </Button>
              ) : (
                <Button key={provider.slug} variant="default" onClick={() => setLinking(provider)}>
                  {t('sign_in_admin.methods.link_named', { name: provider.name })}
                </Button>
              ),
            )}
          </Group>
        </>
      )}
      <LdapLinkModal provider={linking} onClose={() => setLinking(undefined)} />
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={t('sign_in_admin.methods.remove_title', { name: removing?.provider.name ?? '' })}
        message={t('sign_in_admin.methods.remove_message', { name: removing?.provider.name ?? '' })}
        confirmLabel={t('sign_in_admin.methods.remove')}
        onConfirm={async () => {
          await unlinkIdentity(removing!.id);
          await queryClient.invalidateQueries({ queryKey: IDENTITIES_KEY });
          setRemoving(undefined);
        }}
      />
    </Stack>
  );
}
