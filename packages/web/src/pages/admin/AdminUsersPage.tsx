// /admin/users: every account, for administrators (anyone else gets the 404 screen, as the
// API answers them 403). Search (?q=), role filter (?role=) and page (?page=) are in the URL.
// Create, change role, lock and unlock, delete; the sign-up switch sits above the list.
import { ActionIcon, Badge, Button, Group, Menu, Pagination, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconLock, IconLockOpen, IconPlus, IconSearch, IconTrash, IconUserCog } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deleteUser, lockUser, unlockUser, usersKey, useUsers } from '../../api/admin.ts';
import { DASHBOARD_KEY } from '../../api/dashboard.ts';
import { useCurrentUser } from '../../api/session.ts';
import type { User, UserRole } from '../../api/types.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { EmptyState, ErrorState, PageLoader } from '../../components/PageState.tsx';
import { useDateFormatter, useTitle } from '../../hooks.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { CreateUserModal } from './CreateUserModal.tsx';
import { ROLES } from './RoleSelect.tsx';
import { EditRoleModal } from './EditRoleModal.tsx';
import { RegistrationCard } from './RegistrationCard.tsx';

const ROLE_COLORS: Record<UserRole, string> = { admin: 'red', developer: 'blue', member: 'gray' };

type Pending = { kind: 'lock' | 'unlock' | 'delete'; user: User } | null;

function UsersAdmin() {
  const { t } = useTranslation();
  useTitle(t('admin.users.title'));
  const me = useCurrentUser();
  const formatDate = useDateFormatter();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const roleParam = params.get('role') ?? '';
  const role = (ROLES as string[]).includes(roleParam) ? (roleParam as UserRole) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 300);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  function setParam(changes: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  // The search box writes ?q= once typing pauses, back to the first page.
  useEffect(() => {
    if (debounced.trim() !== q) setParam({ q: debounced.trim(), page: '' });
  }, [debounced]);

  const { data, isPending, error, refetch, isFetching } = useUsers({ q, role, page });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: usersKey() });
    await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
  };

  async function run() {
    if (!pending) return;
    const { kind, user } = pending;
    if (kind === 'lock') await lockUser(user.id);
    if (kind === 'unlock') await unlockUser(user.id);
    if (kind === 'delete') await deleteUser(user.id);
    notifySuccess(t(`admin.users.${kind}_done`, { name: user.username }));
    await refresh();
  }

  const filtered = q !== '' || role !== '';

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('admin.users.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('admin.users.create')}
        </Button>
      </Group>
      <RegistrationCard />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('common.search')}
          placeholder={t('admin.users.search_placeholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          type="search"
        />
        <Select
          label={t('admin.users.role_filter')}
          data={[{ value: '', label: t('admin.users.all_roles') }, ...ROLES.map((value) => ({ value, label: t(`admin.roles.${value}`) }))]}
          value={role}
          onChange={(value) => setParam({ role: value ?? '', page: '' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {isPending ? (
        <PageLoader />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={filtered ? t('admin.users.none_found') : t('admin.users.empty')}
          description={filtered ? t('admin.users.none_found_hint') : undefined}
          action={
            filtered ? (
              <Button
                variant="light"
                onClick={() => {
                  setSearch('');
                  setParam({ q: '', role: '', page: '' });
                }}
              >
                {t('admin.users.clear_filters')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t('admin.users.title')} aria-busy={isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.users.username')}</Table.Th>
                  <Table.Th>{t('admin.users.role')}</Table.Th>
                  <Table.Th>{t('admin.users.status')}</Table.Th>
                  <Table.Th>{t('admin.users.last_sign_in')}</Table.Th>
                  <Table.Th>{t('admin.users.created')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((user) => {
                  const self = user.id === me.id;
                  return (
                    <Table.Tr key={user.id} data-testid="user-row" data-username={user.username}>
                      <Table.Td>
                        <Group gap={6}>
                          <Text fw={500}>{user.username}</Text>
                          {self && (
                            <Badge size="xs" variant="outline">
                              {t('admin.users.you')}
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {user.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={ROLE_COLORS[user.role]} variant="light">
                          {t(`admin.roles.${user.role}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {user.locked ? (
                          <Badge color="orange" variant="light" leftSection={<IconLock size={12} />}>
                            {t('admin.users.locked')}
                          </Badge>
                        ) : (
                          <Badge color="teal" variant="light">
                            {t('admin.users.active')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{user.last_sign_in_at ? formatDate(user.last_sign_in_at) : t('admin.users.never')}</Table.Td>
                      <Table.Td>{formatDate(user.created_at)}</Table.Td>
                      <Table.Td ta="right">
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" aria-label={t('admin.users.actions', { name: user.username })}>
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item leftSection={<IconUserCog size={16} />} onClick={() => setEditing(user)}>
                              {t('admin.users.change_role')}
                            </Menu.Item>
                            {user.locked ? (
                              <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => setPending({ kind: 'unlock', user })}>
                                {t('admin.users.unlock')}
                              </Menu.Item>
                            ) : (
                              <Menu.Item leftSection={<IconLock size={16} />} disabled={self} onClick={() => setPending({ kind: 'lock', user })}>
                                {t('admin.users.lock')}
                              </Menu.Item>
                            )}
                            <Menu.Divider />
                            <Menu.Item color="red" leftSection={<IconTrash size={16} />} disabled={self} onClick={() => setPending({ kind: 'delete', user })}>
                              {t('common.delete')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {data && data.totalPages > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('admin.users.total', { count: data.total })}
          </Text>
          <Pagination total={data.totalPages} value={page} onChange={(value) => setParam({ page: value === 1 ? '' : String(value) })} />
        </Group>
      )}
      <CreateUserModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(user) => {
          setCreating(false);
          notifySuccess(t('admin.users.created_done', { name: user.username }));
          void refresh();
        }}
      />
      <EditRoleModal
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={(user) => {
          setEditing(null);
          notifySuccess(t('admin.users.role_done', { name: user.username, role: t(`admin.roles.${user.role}`) }));
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
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminUsersPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <UsersAdmin /> : <NotFoundPage />;
}
