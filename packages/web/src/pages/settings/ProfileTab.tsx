// Username and email.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/error-text.ts';
import { useCurrentUser } from '../../api/session.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useSaveProfile } from './useSaveProfile.ts';

export function ProfileTab() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const save = useSaveProfile();
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const submit = useSubmit();
  const error = submit.error;
  const changed = username.trim() !== user.username || email.trim() !== user.email;
  const saved = (profile: { username: string; email: string }) => {
    setUsername(profile.username);
    setEmail(profile.email);
  };

  return (
    <form
      onSubmit={submit.handler(() => save({ username: username.trim(), email: email.trim() }), {
        success: () => t('settings.profile.saved'),
        onDone: saved,
      })}
      noValidate
    >
      <Stack maw={480}>
        <FormError error={error} fields={['username', 'email']} />
        <TextInput
          label={t('settings.profile.username')}
          description={t('settings.profile.username_hint')}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={fieldError(error, 'username')}
          autoComplete="username"
          required
        />
        <TextInput
          label={t('settings.profile.email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError(error, 'email')}
          autoComplete="email"
          required
        />
        <Group>
          <Button type="submit" loading={submit.busy} disabled={!changed}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
