// The users table of /admin/users: each account's name and email, role, state, last sign-in and
// creation, with a menu of what an administrator may do to it (not lock or delete themself).
import { ActionIcon, Badge, Group, Menu, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconLock, IconLockOpen, IconTrash, IconUserCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session.ts';
import type { User, UserRole } from '../../api/types.ts';
import { useDateFormatter } from '../../hooks/page.ts';

const ROLE_COLORS: Record<UserRole, string> = { admin: 'red', developer: 'blue', member: 'gray' };

export type UserAction = 'edit' | 'lock' | 'unlock' | 'delete';

function UserMenu({ user, self, onAction }: { user: User; self: boolean; onAction: (kind: UserAction, user: User) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('admin.users.actions', { name: user.username })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserCog size={16} />} onClick={() => onAction('edit', user)}>
          {t('admin.users.edit')}
        </Menu.Item>
        {user.locked ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAction('unlock', user)}>
            {t('admin.users.unlock')}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconLock size={16} />} disabled={self} onClick={() => onAction('lock', user)}>
            {t('admin.users.lock')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} disabled={self} onClick={() => onAction('delete', user)}>
          {t('common.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function UserRow({ user, self, onAction }: { user: User; self: boolean; onAction: (kind: UserAction, user: User) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <Table.Tr>
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
        {user.two_factor_enabled && (
          <Badge color="blue" variant="outline" ml={4} title={t('admin.two_factor.user_on')}>
            {t('admin.two_factor.badge')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{user.last_sign_in_at ? formatDate(user.last_sign_in_at) : t('admin.users.never')}</Table.Td>
      <Table.Td>{formatDate(user.created_at)}</Table.Td>
      <Table.Td ta="right">
        <UserMenu user={user} self={self} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
}

export function UsersTable({ users, busy, onAction }: { users: User[]; busy: boolean; onAction: (kind: UserAction, user: User) => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('admin.users.title')} aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.username')}</Table.Th>
              <Table.Th>{t('admin.users.role')}</Table.Th>
              <Table.Th>{t('admin.users.status')}</Table.Th>
              <Table.Th>{t('admin.users.last_sign_in')}</Table.Th>
              <Table.Th>{t('admin.users.created')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('admin.users.actions_column')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <UserRow key={user.id} user={user} self={user.id === me.id} onAction={onAction} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
