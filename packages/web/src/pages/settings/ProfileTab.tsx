// Username and email.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/client.ts';
import { useCurrentUser } from '../../api/session.ts';
import { notifySuccess } from '../../components/notify.ts';
import { FormError } from '../../components/FormError.tsx';
import { useSaveProfile } from './useSaveProfile.ts';

export function ProfileTab() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const save = useSaveProfile();
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const changed = username.trim() !== user.username || email.trim() !== user.email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const saved = await save({ username: username.trim(), email: email.trim() });
      setUsername(saved.username);
      setEmail(saved.email);
      notifySuccess(t('settings.profile.saved'));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
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
          <Button type="submit" loading={busy} disabled={!changed}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
