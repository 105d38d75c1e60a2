// /confirm-email?key=…: the link of a sign-up's confirmation mail. Opening it changes nothing
// (mail scanners follow links): the button confirms, signs in and opens the dashboard. A dead
// link offers a new one.
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmEmail, resendConfirmation } from '../api/registration.ts';
import { useSessionUpdater } from '../api/session.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';
import { FormError } from '../components/FormError.tsx';
import { useTitle } from '../hooks/title.ts';
import { useSubmit } from '../hooks/useSubmit.ts';

function Resend() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const submit = useSubmit();
  const send = submit.handler(() => resendConfirmation(email.trim()), { success: () => t('signup.resent') });
  return (
    <form onSubmit={send} noValidate>
      <Stack gap="xs">
        <FormError error={submit.error} />
        <TextInput label={t('joining.confirm_failed_resend')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={submit.busy} disabled={!email.trim()}>
            {t('signup.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  useTitle(t('joining.confirm_title'));
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const setSession = useSessionUpdater();
  const navigate = useNavigate();
  const submit = useSubmit();
  const confirm = () =>
    void submit.run(() => confirmEmail(key), {
      onDone: (session) => {
        setSession(session);
        void navigate('/', { replace: true });
      },
    });

  return (
    <AuthFrame>
      <Title order={4} fw={500}>
        {t('joining.confirm_title')}
      </Title>
      {key === '' ? <Text c="dimmed">{t('joining.confirm_missing')}</Text> : <Text>{t('joining.confirm_text')}</Text>}
      <FormError error={submit.error} />
      {key !== '' && (
        <Button onClick={confirm} loading={submit.busy} fullWidth>
          {t('joining.confirm_button')}
        </Button>
      )}
      {(key === '' || submit.error !== undefined) && <Resend />}
    </AuthFrame>
  );
}
