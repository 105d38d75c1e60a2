// /signup: create a member account, only while an administrator allows it; otherwise say so
// and point to the sign-in page. The account is signed in at once and lands on the dashboard.
import { Anchor, Button, Center, Group, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { register, usePublicSettings } from '../api/account.ts';
import { fieldError } from '../api/client.ts';
import { useSession, useSessionUpdater } from '../api/session.ts';
import { FormError } from '../components/FormError.tsx';
import { ErrorState, PageLoader } from '../components/PageState.tsx';
import { useTitle } from '../hooks.ts';
import { applyLocale } from '../i18n/index.ts';

const PASSWORD_MIN = 8;

function Frame({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack>
          <Group justify="space-between" align="center">
            <Title order={2}>Tarmac</Title>
            <SegmentedControl
              size="xs"
              value={i18n.language === 'zh-CN' ? 'zh-CN' : 'en'}
              onChange={(value) => applyLocale(value, true)}
              data={[
                { value: 'en', label: 'EN' },
                { value: 'zh-CN', label: '中文' },
              ]}
              aria-label={t('settings.locale')}
            />
          </Group>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  useTitle(t('signup.title'));
  const session = useSession();
  const settings = usePublicSettings();
  const setSession = useSessionUpdater();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<unknown>();
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);

  if (session.isPending || settings.isPending) return <PageLoader />;
  if (session.data) return <Navigate to="/" replace />;
  if (settings.error) {
    return (
      <Frame>
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      </Frame>
    );
  }
  if (!settings.data.registration_enabled) {
    return (
      <Frame>
        <Title order={4} fw={500}>
          {t('signup.closed_title')}
        </Title>
        <Text c="dimmed" data-testid="signup-closed">
          {t('signup.closed')}
        </Text>
        <Button component={Link} to="/login">
          {t('signup.to_login')}
        </Button>
      </Frame>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const differs = password !== confirm;
    setMismatch(differs);
    if (differs) return;
    setBusy(true);
    try {
      const signedIn = await register({
        username: username.trim(),
        email: email.trim(),
        password,
        locale: i18n.language === 'zh-CN' ? 'zh-CN' : 'en',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      setSession(signedIn);
      void navigate('/', { replace: true });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Frame>
      <form onSubmit={(event) => void submit(event)} noValidate>
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
            error={fieldError(error, 'email')}
            autoComplete="email"
            required
          />
          <PasswordInput
            label={t('signup.password')}
            description={t('signup.password_hint', { count: PASSWORD_MIN })}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldError(error, 'password')}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label={t('signup.confirm')}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={mismatch ? t('signup.mismatch') : undefined}
            autoComplete="new-password"
            required
          />
          <Button type="submit" loading={busy} fullWidth disabled={!username.trim() || !email.trim() || !password || !confirm}>
            {t('signup.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('signup.have_account')}{' '}
            <Anchor component={Link} to="/login">
              {t('signup.to_login')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Frame>
  );
}
