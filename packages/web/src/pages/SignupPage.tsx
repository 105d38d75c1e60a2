// /signup: create an account under the registration policy (open, or open to listed email
// domains, shown as a hint); otherwise say so and point to the sign-in page. The account is signed
// in at once and lands on the dashboard, or, while email confirmation is required, the page says
// to check the mail (SignupMailSent).
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { register, usePublicSettings } from '../api/account.ts';
import { fieldError } from '../api/error-text.ts';
import { useSession, useSessionUpdater } from '../api/session.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { FormError } from '../components/FormError.tsx';
import { ErrorState, PageLoader } from '../components/LoadStates.tsx';
import { useTitle } from '../hooks/title.ts';
import { useSubmit } from '../hooks/useSubmit.ts';
import { SignupMailSent } from './SignupMailSent.tsx';

function SignupForm({ domains }: { domains: string[] }) {
  const { t, i18n } = useTranslation();
  const setSession = useSessionUpdater();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [mailSentTo, setMailSentTo] = useState<string>();
  const submit = useSubmit();
  const error = submit.error;

  const create = () =>
    register({
      username: username.trim(),
      email: email.trim(),
      password,
      locale: i18n.language === 'zh-CN' ? 'zh-CN' : 'en',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  const send = submit.handler(create, {
    onDone: (registered) => {
      if ('confirmation_sent' in registered) return setMailSentTo(email.trim());
      setSession(registered);
      void navigate('/', { replace: true });
    },
  });

  if (mailSentTo !== undefined) return <SignupMailSent email={mailSentTo} />;
  return (
    <form
      onSubmit={(event) => {
        const differs = password !== confirm;
        setMismatch(differs);
        if (differs) {
          event.preventDefault();
          submit.setError(undefined);
        } else send(event);
      }}
      noValidate
    >
      <Stack>
        <Title order={4} fw={500}>
          {t('signup.heading')}
        </Title>
        <FormError error={error} fields={['username', 'email', 'password', 'timezone', 'locale']} />
        <TextInput
          label={t('signup.username')}
          description={t('signup.username_hint')}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={fieldError(error, 'username')}
          autoComplete="username"
          autoFocus
          required
        />
        <TextInput
          label={t('signup.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          description={domains.length > 0 ? t('signup.domains_hint', { domains: domains.join(', ') }) : undefined}
          error={fieldError(error, 'email')}
          autoComplete="email"
          required
        />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={error}
          mismatch={mismatch}
        />
        <Button type="submit" loading={submit.busy} fullWidth disabled={!username.trim() || !email.trim() || !password || !confirm}>
          {t('signup.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signup.have_account')}{' '}
          <Anchor component={Link} to="/login" underline="always">
            {t('signup.to_login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** Sign-up closed by the administrators (or by invitation only): say so, and the way to sign in. */
function SignupClosed({ invitationOnly }: { invitationOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={4} fw={500}>
        {t('signup.closed_title')}
      </Title>
      <Text c="dimmed">{invitationOnly ? t('signup.invitation_only') : t('signup.closed')}</Text>
      <Button component={Link} to="/login">
        {t('signup.to_login')}
      </Button>
    </>
  );
}

export default function SignupPage() {
  const { t } = useTranslation();
  useTitle(t('signup.title'));
  const session = useSession();
  const settings = usePublicSettings();

  if (session.isPending || settings.isPending) return <PageLoader />;
  if (session.data) return <Navigate to="/" replace />;
  return (
    <AuthFrame>
      {settings.error ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data.registration_enabled ? (
        <SignupForm domains={settings.data.registration_policy === 'domains' ? settings.data.registration_domains : []} />
      ) : (
        <SignupClosed invitationOnly={settings.data.registration_policy === 'invitation'} />
      )}
    </AuthFrame>
  );
}
