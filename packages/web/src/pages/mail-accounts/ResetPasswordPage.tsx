// /reset-password?key=…: the link of a reset mail. Says whose password it changes (or that the link
// has expired), takes the new password twice, then the account is signed in and lands on the dashboard.
import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { resetPassword, useLinkInfo } from '../../api/account-mail.ts';
import { fieldError } from '../../api/error-text.ts';
import { AuthFrame } from '../../components/AuthFrame.tsx';
import { FormError } from '../../components/FormError.tsx';
import { PageLoader } from '../../components/LoadStates.tsx';
import { useTitle } from '../../hooks/title.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { DeadLink, useLandSignedIn } from './LinkState.tsx';

const PASSWORD_MIN = 8;

function ResetForm({ secret, username }: { secret: string; username: string }) {
  const { t } = useTranslation();
  const landSignedIn = useLandSignedIn();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // Said as soon as the second box holds as much as the first and differs.
  const mismatch = confirm.length >= password.length && confirm !== password && confirm !== '';
  const submit = useSubmit();
  const send = submit.handler(() => resetPassword(secret, password), {
    success: () => t('mail_accounts.reset_done'),
    onDone: landSignedIn,
  });

  return (
    <form onSubmit={send} noValidate>
      <Stack>
        <Title order={2} size="h4" fw={500}>
          {t('mail_accounts.reset_heading', { username })}
        </Title>
        <FormError error={submit.error} fields={['password']} />
        <PasswordInput
          label={t('mail_accounts.new_password')}
          description={t('mail_accounts.password_hint', { count: PASSWORD_MIN })}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError(submit.error, 'password')}
          autoComplete="new-password"
          autoFocus
          required
        />
        <PasswordInput
          label={t('mail_accounts.confirm_password')}
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={mismatch ? t('mail_accounts.mismatch') : undefined}
          autoComplete="new-password"
          required
        />
        <Text size="sm" c="dimmed">
          {t('mail_accounts.reset_signs_out')}
        </Text>
        <Button type="submit" loading={submit.busy} disabled={!password || password !== confirm} fullWidth>
          {t('mail_accounts.reset_submit')}
        </Button>
      </Stack>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useTitle(t('mail_accounts.reset_title'));
  const [params] = useSearchParams();
  const secret = params.get('key') ?? '';
  const info = useLinkInfo('reset', secret);
  return (
    <AuthFrame>
      {secret !== '' && info.isPending ? (
        <PageLoader />
      ) : info.data ? (
        <ResetForm secret={secret} username={info.data.username} />
      ) : (
        <DeadLink error={info.error} again="/forgot-password" againLabel={t('mail_accounts.ask_again')} />
      )}
    </AuthFrame>
  );
}
