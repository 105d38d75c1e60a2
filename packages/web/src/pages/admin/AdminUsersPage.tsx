// /admin/users: every account, for administrators (anyone else gets the 404 screen, as the
// API answers them 403). Search (?q=), role filter (?role=) and page (?page=) are in the URL.
// Create, edit (profile, role, lock, password), lock and unlock, delete; the sign-up switch sits above the list.
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteUser, lockUser, unlockUser, usersKey, useUsers } from '../../api/admin.ts';
import { DASHBOARD_KEY } from '../../api/dashboard.ts';
import { useCurrentUser } from '../../api/session.ts';
import type { User, UserRole } from '../../api/types.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ListPagination, NoMatchState, QueryBody } from '../../components/ListParts.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { EmptyState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import type { ListParams } from '../../hooks/useListParams.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { CreateUserModal } from './CreateUserModal.tsx';
import { EditUserModal } from './EditUserModal.tsx';
import { RegistrationCard } from './RegistrationCard.tsx';
import { MailCard } from '../mail-accounts/MailCard.tsx';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard.tsx';
import { ROLES } from './RoleSelect.tsx';
import { UsersTable } from './UsersTable.tsx';
import type { UserAction } from './UsersTable.tsx';

type Pending = { kind: 'lock' | 'unlock' | 'delete'; user: User } | null;

/** The search box and the role filter, both in the URL. */
function UserFilters({ list, role }: { list: ListParams; role: UserRole | '' }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label={t('common.search')}
        placeholder={t('admin.users.search_placeholder')}
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        style={{ flex: '1 1 240px' }}
        type="search"
      />
      <Select
        label={t('admin.users.role_filter')}
        data={[{ value: '', label: t('admin.users.all_roles') }, ...ROLES.map((value) => ({ value, label: t(`admin.roles.${value}`) }))]}
        value={role}
        onChange={(value) => list.setParam({ role: value ?? '', page: '' })}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
    </Group>
  );
}

/** The dialogs the page opens: create, edit, and the confirmation of lock, unlock or delete. */
function UserDialogs(props: {
  creating: boolean;
  setCreating: (open: boolean) => void;
  editing: User | null;
  setEditing: (user: User | null) => void;
  pending: Pending;
  setPending: (pending: Pending) => void;
  refresh: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { creating, setCreating, editing, setEditing, pending, setPending, refresh } = props;

  async function run() {
    if (!pending) return;
    const { kind, user } = pending;
    if (kind === 'lock') await lockUser(user.id);
    if (kind === 'unlock') await unlockUser(user.id);
    if (kind === 'delete') await deleteUser(user.id);
    notifySuccess(t(`admin.users.${kind}_done`, { name: user.username }));
    await refresh();
  }

  return (
    <>
      <CreateUserModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(user) => {
          setCreating(false);
          notifySuccess(t('admin.users.created_done', { name: user.username }));
          void refresh();
        }}
      />
      <EditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={(user) => {
          setEditing(null);
          notifySuccess(t('admin.users.edit_done', { name: user.username }));
          void refresh().catch(notifyError);
        }}
      />
      <ConfirmModal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? t(`admin.users.${pending.kind}_title`, { name: pending.user.username }) : ''}
        message={pending ? t(`admin.users.${pending.kind}_message`, { name: pending.user.username }) : ''}
        confirmLabel={pending ? t(pending.kind === 'delete' ? 'common.delete' : `admin.users.${pending.kind}`) : ''}
        color={pending?.kind === 'unlock' ? 'blue' : 'red'}
        onConfirm={run}
      />
    </>
  );
}

function UsersAdmin() {
  const { t } = useTranslation();
  useTitle(t('admin.users.title'));
  const queryClient = useQueryClient();
  const list = useListParams();
  const { q, page } = list;
  const roleParam = list.params.get('role') ?? '';
  const role = (ROLES as string[]).includes(roleParam) ? (roleParam as UserRole) : '';
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const users = useUsers({ q, role, page });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: usersKey() });
    await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
  };
  const act = (kind: UserAction, user: User) => (kind === 'edit' ? setEditing(user) : setPending({ kind, user }));
  const filtered = q !== '' || role !== '';
  const empty = filtered ? (
    <NoMatchState
      title={t('admin.users.none_found')}
      description={t('admin.users.none_found_hint')}
      clearLabel={t('admin.users.clear_filters')}
      onClear={() => list.clear(['role'])}
    />
  ) : (
    <EmptyState title={t('admin.users.empty')} />
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">{t('admin.users.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('admin.users.create')}
        </Button>
      </Group>
      <RegistrationCard />
      <MailCard />
      <TwoFactorPolicyCard />
      <UserFilters list={list} role={role} />
      <QueryBody query={users} isEmpty={(data) => data.items.length === 0} empty={empty}>
        {(data) => <UsersTable users={data.items} busy={users.isFetching} onAction={act} />}
      </QueryBody>
      {users.data && (
        <ListPagination
          totalPages={users.data.totalPages}
          page={page}
          onChange={(value) => list.setParam({ page: value === 1 ? '' : String(value) })}
          aside={
            <Text size="sm" c="dimmed">
              {t('admin.users.total', { count: users.data.total })}
            </Text>
          }
        />
      )}
      <UserDialogs {...{ creating, setCreating, editing, setEditing, pending, setPending, refresh }} />
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminUsersPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <UsersAdmin /> : <NotFoundPage />;
}
