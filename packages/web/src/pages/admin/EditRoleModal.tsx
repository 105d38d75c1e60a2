// Change one user's global role.
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUser } from '../../api/admin.ts';
import type { User, UserRole } from '../../api/types.ts';
import { ROLES } from './CreateUserModal.tsx';

export function EditRoleModal({ user, onClose, onSaved }: { user: User | null; onClose: () => void; onSaved: (user: User) => void }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<UserRole>(user?.role ?? 'member');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (user) setRole(user.role);
    setError(undefined);
  }, [user]);

  async function save() {
    if (!user) return;
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await updateUser(user.id, { role }));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={user !== null} onClose={() => !busy && onClose()} title={t('admin.users.role_title', { name: user?.username ?? '' })} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('admin.users.role_hint')}
        </Text>
        <Select
          label={t('admin.users.role')}
          data={ROLES.map((value) => ({ value, label: t(`admin.roles.${value}`) }))}
          value={role}
          onChange={(value) => value && setRole(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={role === user?.role}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
