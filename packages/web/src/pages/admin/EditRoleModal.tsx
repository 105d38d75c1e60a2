// Change one user's global role.
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUser } from '../../api/admin.ts';
import type { User, UserRole } from '../../api/types.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { RoleSelect } from './RoleSelect.tsx';

export function EditRoleModal({ user, onClose, onSaved }: { user: User | null; onClose: () => void; onSaved: (user: User) => void }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<UserRole>(user?.role ?? 'member');
  const submit = useSubmit();

  useOnOpen(
    user !== null,
    () => {
      if (user) setRole(user.role);
      submit.setError(undefined);
    },
    [user],
  );

  return (
    <FormModal
      opened={user !== null}
      onClose={onClose}
      title={t('admin.users.role_title', { name: user?.username ?? '' })}
      onSubmit={submit.handler(() => updateUser(user?.id ?? 0, { role }), { onDone: onSaved })}
      busy={submit.busy}
      error={submit.error}
      submitDisabled={role === user?.role}
    >
      <Text size="sm" c="dimmed">
        {t('admin.users.role_hint')}
      </Text>
      <RoleSelect value={role} onChange={setRole} data-autofocus />
    </FormModal>
  );
}
