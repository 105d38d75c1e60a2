// /admin/sign-in: the password sign-in switch (SSO-only mode) and every sign-in provider, with
// an enabled switch per row, add/edit, test and delete. Providers from TARMAC_SIGN_IN_PROVIDERS
// are shown read-only. Administrators only (anyone else gets the 404 screen).
import { Badge, Button, Group, Loader, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session.ts';
import {
  deleteProvider, PASSWORD_SIGN_IN_KEY, PROVIDERS_KEY, setPasswordSignIn, SIGN_IN_METHODS_KEY, updateProvider, usePasswordSignIn,
  useProviders,
} from '../../api/sign-in-providers.ts';
import type { Provider } from '../../api/sign-in-providers.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { QueryBody } from '../../components/ListParts.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useTitle } from '../../hooks/page.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { KIND_ICONS } from './provider-kinds.tsx';
import type { Kind } from './provider-kinds.tsx';
import { ProviderModal } from './ProviderModal.tsx';
import { TestProviderModal } from './TestProviderModal.tsx';

function PasswordSignInCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = usePasswordSignIn();
  const [busy, setBusy] = useState(false);
  async function toggle(enabled: boolean) {
    setBusy(true);
    try {
      queryClient.setQueryData(PASSWORD_SIGN_IN_KEY, await setPasswordSignIn(enabled));
      await queryClient.invalidateQueries({ queryKey: SIGN_IN_METHODS_KEY });
      notifySuccess(enabled ? t('sign_in_admin.passwords.on') : t('sign_in_admin.passwords.off'));
    } catch (caught) {
      notifyError(caught);
    } finally {
      setBusy(false);
    }
  }
  return (
    <SectionCard title={t('sign_in_admin.passwords.title')} description={t('sign_in_admin.passwords.hint')}>
      {data ? (
        <Switch checked={data.password_sign_in_enabled} disabled={busy} size="md" label={t('sign_in_admin.passwords.switch')}
          onChange={(event) => void toggle(event.currentTarget.checked)} />
      ) : <Loader size="sm" />}
    </SectionCard>
  );
}

interface RowActions {
  onEdit: (provider: Provider) => void;
  onTest: (provider: Provider) => void;
  onDelete: (provider: Provider) => void;
  onToggle: (provider: Provider, enabled: boolean) => void;
}

function ProviderRow({ provider, actions }: { provider: Provider; actions: RowActions }) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[provider.kind as Kind];
  const fromEnv = provider.source === 'env';
  const name = provider.name;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {Icon && <Icon size={18} />}
          <Text size="sm" fw={500}>{name}</Text>
          {fromEnv && <Tooltip label={t('sign_in_admin.providers.from_env_hint')}><Badge variant="light">{t('sign_in_admin.providers.from_env')}</Badge></Tooltip>}
        </Group>
      </Table.Td>
      <Table.Td>{t(`sign_in_admin.kinds.${provider.kind}`)}</Table.Td>
      <Table.Td><Text size="sm" ff="monospace">{provider.slug}</Text></Table.Td>
      <Table.Td>{provider.identities}</Table.Td>
      <Table.Td>
        <Switch checked={provider.enabled} disabled={fromEnv} aria-label={t('sign_in_admin.providers.enabled_named', { name })}
          onChange={(event) => actions.onToggle(provider, event.currentTarget.checked)} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => actions.onTest(provider)} aria-label={t('sign_in_admin.providers.test_named', { name })}>
            {t('sign_in_admin.providers.test')}
          </Button>
          <Button size="xs" variant="default" disabled={fromEnv} onClick={() => actions.onEdit(provider)}
            aria-label={t('sign_in_admin.providers.edit_named', { name })}>{t('sign_in_admin.providers.edit')}</Button>
          <Button size="xs" variant="light" color="red" disabled={fromEnv} onClick={() => actions.onDelete(provider)}
            aria-label={t('sign_in_admin.providers.delete_named', { name })}>{t('sign_in_admin.providers.delete')}</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

const COLUMNS = ['name', 'kind', 'slug', 'accounts', 'enabled'] as const;

function ProvidersTable({ providers, actions }: { providers: Provider[]; actions: RowActions }) {
  const { t } = useTranslation();
  return (
    <DataTable label={t('sign_in_admin.providers.list')} minWidth={720} actions={t('sign_in_admin.actions')}
      titles={COLUMNS.map((key) => t(`sign_in_admin.providers.${key}`))}>
      {providers.map((provider) => <ProviderRow key={provider.id} provider={provider} actions={actions} />)}
    </DataTable>
  );
}

export default function AdminSignInPage() {
  const { t } = useTranslation();
  useTitle(t('sign_in_admin.title'));
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const providers = useProviders();
  const [editing, setEditing] = useState<Provider | null>(null);
  const [adding, setAdding] = useState(false);
  const [testing, setTesting] = useState<Provider | null>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);
  if (user.role !== 'admin') return <NotFoundPage />;
  const refresh = () => Promise.all([PROVIDERS_KEY, SIGN_IN_METHODS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const actions: RowActions = {
    onEdit: setEditing,
    onTest: setTesting,
    onDelete: setDeleting,
    onToggle: (provider, enabled) => {
      updateProvider(provider.id, { enabled })
        .then(async () => {
          await refresh();
          notifySuccess(t(enabled ? 'sign_in_admin.providers.turned_on' : 'sign_in_admin.providers.turned_off', { name: provider.name }));
        })
        .catch(notifyError);
    },
  };
  return (
    <Stack>
      <Title order={1} size="h2">{t('sign_in_admin.title')}</Title>
      <PasswordSignInCard />
      <SectionCard title={t('sign_in_admin.providers.title')} description={t('sign_in_admin.providers.hint')}>
        <Stack>
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>{t('sign_in_admin.providers.add')}</Button>
          </Group>
          <QueryBody query={providers} isEmpty={(list) => list.length === 0} empty={<Text c="dimmed" size="sm">{t('sign_in_admin.providers.none')}</Text>}>
            {(list) => <ProvidersTable providers={list} actions={actions} />}
          </QueryBody>
        </Stack>
      </SectionCard>
      <ProviderModal opened={adding || editing !== null} provider={editing} onClose={() => { setAdding(false); setEditing(null); }} />
      <TestProviderModal provider={testing} onClose={() => setTesting(null)} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('sign_in_admin.providers.delete_title', { name: deleting?.name ?? '' })}
        message={t('sign_in_admin.providers.delete_message', { name: deleting?.name ?? '', count: deleting?.identities ?? 0 })}
        confirmLabel={t('sign_in_admin.providers.delete')}
        onConfirm={async () => {
          await deleteProvider(deleting!.id);
          await refresh();
          notifySuccess(t('sign_in_admin.providers.deleted', { name: deleting!.name }));
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
