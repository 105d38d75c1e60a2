// A new account made by an administrator: username, email, password and role.
import { PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createUser } from '../../api/admin.ts';
import { fieldError } from '../../api/error-text.ts';
import type { User, UserRole } from '../../api/types.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { RoleSelect } from './RoleSelect.tsx';

export function CreateUserModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (user: User) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<UserRole>('member');
  const submit = useSubmit();
  const error = submit.error;

  function reset() {
    setUsername('');
    setEmail('');
    setPassword('');
    setRole('member');
    submit.setError(undefined);
  }

  const create = () => createUser({ username: username.trim(), email: email.trim(), password, role });
  return (
    <FormModal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t('admin.users.create_title')}
      onSubmit={submit.handler(create, {
        onDone: (user) => {
          reset();
          onCreated(user);
        },
      })}
      busy={submit.busy}
      error={error}
      errorFields={['username', 'email', 'password', 'role']}
      errorAt="top"
      submitLabel={t('common.create')}
      submitDisabled={!username.trim() || !email.trim() || !password}
    >
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
      <RoleSelect value={role} onChange={setRole} error={fieldError(error, 'role')} />
    </FormModal>
  );
}
