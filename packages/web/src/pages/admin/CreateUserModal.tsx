// A new account made by an administrator: username, email, password and role.
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createUser } from '../../api/admin.ts';
import { fieldError } from '../../api/client.ts';
import type { User, UserRole } from '../../api/types.ts';
import { FormError } from '../../components/FormError.tsx';

export const ROLES: UserRole[] = ['member', 'developer', 'admin'];

export function CreateUserModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (user: User) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<UserRole>('member');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  function reset() {
    setUsername('');
    setEmail('');
    setPassword('');
    setRole('member');
    setError(undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const user = await createUser({ username: username.trim(), email: email.trim(), password, role });
      reset();
      onCreated(user);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (busy) return;
        reset();
        onClose();
      }}
      title={t('admin.users.create_title')}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <FormError error={error} fields={['username', 'email', 'password', 'role']} />
          <TextInput
            label={t('admin.users.username')}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={fieldError(error, 'username')}
            autoComplete="off"
            data-autofocus
            required
          />
          <TextInput
            label={t('admin.users.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(error, 'email')}
            autoComplete="off"
            required
          />
          <PasswordInput
            label={t('admin.users.password')}
            description={t('admin.users.password_hint')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldError(error, 'password')}
            autoComplete="new-password"
            required
          />
          <Select
            label={t('admin.users.role')}
            data={ROLES.map((value) => ({ value, label: t(`admin.roles.${value}`) }))}
            value={role}
            onChange={(value) => value && setRole(value)}
            allowDeselect={false}
            error={fieldError(error, 'role')}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!username.trim() || !email.trim() || !password}>
              {t('common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
