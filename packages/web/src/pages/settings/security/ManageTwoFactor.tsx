// Two-factor sign-in is on: new recovery codes (the password), or turning it off (the password
// and a current code or a recovery code).
import { Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../api/error-text.ts';
import { TWO_FACTOR_KEY, disableTwoFactor, regenerateRecoveryCodes } from '../../../api/two-factor.ts';
import { SESSION_KEY } from '../../../api/session.ts';
import { FormError } from '../../../components/FormError.tsx';
import { useSubmit } from '../../../hooks/useSubmit.ts';
import { PasswordField } from './PasswordField.tsx';

export function RegenerateCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = useSubmit();
  const send = submit.handler(() => regenerateRecoveryCodes(password), { invalidate: [TWO_FACTOR_KEY], onDone: onCodes });
  return (
    <form onSubmit={send} noValidate>
      <Stack maw={480}>
        <Title order={3} size="h5">{t('settings.security.regenerate_title')}</Title>
        <Text size="sm" c="dimmed">{t('settings.security.regenerate_hint')}</Text>
        <FormError error={submit.error} fields={['password']} />
        <PasswordField value={password} onChange={setPassword} error={submit.error} />
        <Group>
          <Button type="submit" variant="default" loading={submit.busy} disabled={!password}>
            {t('settings.security.regenerate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function DisableTwoFactor() {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const submit = useSubmit();
  const factor = recovery ? { recovery_code: code.trim() } : { code: code.replace(/\s/g, '') };
  const send = submit.handler(() => disableTwoFactor(password, factor), {
    invalidate: [TWO_FACTOR_KEY, SESSION_KEY],
    success: () => t('settings.security.disabled'),
  });
  return (
    <form onSubmit={send} noValidate>
      <Stack maw={480}>
        <Title order={3} size="h5">{t('settings.security.disable_title')}</Title>
        <Text size="sm" c="dimmed">{t('settings.security.disable_hint')}</Text>
        <FormError error={submit.error} fields={['password', 'code', 'recovery_code']} />
        <PasswordField value={password} onChange={setPassword} error={submit.error} />
        <Switch label={t('settings.security.use_recovery')} checked={recovery} onChange={(event) => setRecovery(event.currentTarget.checked)} />
        <TextInput
          label={recovery ? t('settings.security.recovery_code') : t('settings.security.code')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={fieldError(submit.error, recovery ? 'recovery_code' : 'code')}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          required
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={submit.busy} disabled={!password || !code.trim()}>
            {t('settings.security.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
