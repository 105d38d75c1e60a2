// An administrator edits another user's profile: username, email, role, locked, and a new
// password. The password is set here (the admin types it and tells the user), or, while the
// server sends mail, "Send a new password by email" mails the user a reset link (SendResetLink).
// Only what changed is sent, in one PUT /api/users/{id}; a 422 puts the server's messages on the
// fields until they change.
import { PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUser } from '../../api/admin.ts';
import type { User, UserRole } from '../../api/types.ts';
import { useCurrentUser } from '../../api/session.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useFieldRules } from '../../hooks/useFieldRules.ts';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { RoleSelect } from './RoleSelect.tsx';
import { SendResetLink } from '../mail-accounts/SendResetLink.tsx';
import { TwoFactorReset } from './TwoFactorReset.tsx';

interface Values {
  username: string;
  email: string;
  role: UserRole;
  locked: boolean;
  password: string;
}

const valuesOf = (user: User | null): Values => ({
  username: user?.username ?? '',
  email: user?.email ?? '',
  role: user?.role ?? 'member',
  locked: user?.locked ?? false,
  password: '',
});

function changesOf(values: Values, user: User | null) {
  const original = valuesOf(user);
  return {
    ...(values.username.trim() !== original.username && { username: values.username.trim() }),
    ...(values.email.trim() !== original.email && { email: values.email.trim() }),
    ...(values.role !== original.role && { role: values.role }),
    ...(values.locked !== original.locked && { locked: values.locked }),
    ...(values.password !== '' && { password: values.password }),
  };
}

export function EditUserModal({ user, onClose, onSaved }: { user: User | null; onClose: () => void; onSaved: (user: User) => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const submit = useSubmit();
  const rules = useFieldRules('updateUser', submit.error);
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  useOnOpen(
    user !== null,
    () => {
      setValues(valuesOf(user));
      submit.setError(undefined);
    },
    [user],
  );

  const changes = changesOf(values, user);
  const save = async () => {
    const { username, email } = changes;
    rules.check({ ...(username !== undefined && { username }), ...(email !== undefined && { email }) });
    return updateUser(user?.id ?? 0, changes);
  };
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues({ ...values, [field]: value });
    rules.changed(field);
  };
  const original = valuesOf(user);
  const text = (field: 'username' | 'email') => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
    error: rules.errorOf(field, values[field], values[field].trim() !== original[field]),
  });

  return (
    <FormModal
      opened={user !== null}
      onClose={onClose}
      title={t('admin.users.edit_title', { name: user?.username ?? '' })}
      onSubmit={submit.handler(save, { onDone: onSaved })}
      busy={submit.busy}
      error={submit.error}
      errorFields={['username', 'email', 'role', 'password', 'locked']}
      submitDisabled={Object.keys(changes).length === 0}
    >
      <TextInput label={t('admin.users.username')} autoComplete="off" data-autofocus {...text('username')} />
      <TextInput label={t('admin.users.email')} type="email" autoComplete="off" {...text('email')} />
      <RoleSelect value={values.role} onChange={(role) => set('role', role)} error={rules.errorOf('role', '', false)} />
      <Text size="xs" c="dimmed">
        {t('admin.users.role_hint')}
      </Text>
      <Switch
        label={t('admin.users.locked_switch')}
        description={t('admin.users.locked_hint')}
        checked={values.locked}
        disabled={user?.id === me.id}
        onChange={(event) => set('locked', event.currentTarget.checked)}
        error={rules.errorOf('locked', '', false)}
      />
      {user && <TwoFactorReset user={user} onReset={onSaved} />}
      <Stack gap="xs">
        <PasswordInput
          label={t('admin.users.new_password')}
          description={t('admin.users.new_password_hint')}
          value={values.password}
          onChange={(event) => set('password', event.currentTarget.value)}
          error={rules.errorOf('password', values.password, false)}
          autoComplete="new-password"
        />
        {user && <SendResetLink email={user.email} />}
      </Stack>
    </FormModal>
  );
}
