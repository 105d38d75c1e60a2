// The second step of a password sign-in for an account with two-factor sign-in: the code the
// authenticator app shows, or (switch) one of the recovery codes. A wrong code stays on this step;
// an expired or voided challenge sends the person back to the password.
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { signInSecondFactor } from '../../api/session.ts';
import type { Session } from '../../api/types.ts';

interface Props {
  challenge: string;
  onSignedIn: (session: Session) => void;
  /** Back to the password (the challenge expired, or the person chose to). */
  onRestart: (reason?: string) => void;
}

export function TwoFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (!value.trim()) {
      setError(t('login.two_factor.missing'));
      return;
    }
    setBusy(true);
    try {
      const factor = recovery ? { recovery_code: value.trim() } : { code: value.replace(/\s/g, '') };
      onSignedIn(await signInSecondFactor(challenge, factor));
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'auth.two_factor_challenge_expired') onRestart(errorText(caught));
      else setError(errorText(caught));
      setValue('');
    } finally {
      setBusy(false);
    }
  }

  const field = recovery ? 'recovery' : 'code';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Title order={4} fw={500}>
          {t('login.two_factor.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`login.two_factor.${field}_hint`)}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          key={field}
          label={t(`login.two_factor.${field}`)}
          name={recovery ? 'recovery_code' : 'code'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 32 : 8}
          autoFocus
          required
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('login.two_factor.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={() => { setRecovery(!recovery); setValue(''); setError(undefined); }}>
          {recovery ? t('login.two_factor.use_code') : t('login.two_factor.use_recovery')}
        </Anchor>
        <Anchor component="button" type="button" size="xs" c="dimmed" ta="center" onClick={() => onRestart()}>
          {t('login.two_factor.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
