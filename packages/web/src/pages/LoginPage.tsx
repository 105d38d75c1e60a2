// Sign in with a username or email. After sign-in the user goes where they were headed
// (`?next=`, same-site paths only).
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { errorText } from '../api/error-text.ts';
import { usePublicSettings } from '../api/account.ts';
import { signIn, useSession, useSessionUpdater } from '../api/session.ts';
import type { Session } from '../api/types.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';
import { PageLoader } from '../components/LoadStates.tsx';
import { SignInError } from '../components/SignInError.tsx';
import { SignupLink } from '../components/SignupLink.tsx';
import { DemoSignInHint } from '../components/DemoBanner.tsx';
import { MailLinks } from './mail-accounts/MailLinks.tsx';
import { ldapSignIn, useSignInMethod } from '../components/SignInProviders.tsx';

const SignInProviderButtons = lazy(() => import('../components/SignInProviderButtons.tsx'));
import { useTitle } from '../hooks/title.ts';

// Only accounts with two-factor sign-in need the second step: its code loads when one does.
const TwoFactorStep = lazy(async () => ({ default: (await import('./login/TwoFactorStep.tsx')).TwoFactorStep }));

/** Only paths on this site: never an absolute or protocol-relative URL. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** A required text box's value and change handler. */
function bind(value: string, set: (value: string) => void) {
  return { value, onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.currentTarget.value), required: true };
}

/** While guest mode is on (docs/guest-mode.md), the way to the public apps without signing in. */
function BrowsePublicApps() {
  const { t } = useTranslation();
  if (usePublicSettings().data?.guest_mode !== true) return null;
  return (
    <Button component={Link} to="/apps" variant="subtle" fullWidth>
      {t('login.browse_public')}
    </Button>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  useTitle(t('login.title'));
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const session = useSession();
  const setSession = useSessionUpdater();
  const navigate = useNavigate();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The second step of an account with two-factor sign-in (POST /api/session answered 202, or a mailed link did).
  const location = useLocation();
  const [challenge, setChallenge] = useState<string | undefined>(() => (location.state as { challenge?: string } | null)?.challenge);
  const [chosen, setChosen] = useState<string>();
  const method = useSignInMethod(chosen);

  if (session.isPending) return <PageLoader />;
  if (session.data) return <Navigate to={next} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (!login.trim() || !password) {
      setError(t('login.missing'));
      return;
    }
    setBusy(true);
    try {
      const { ldap } = method;
      const signedIn = ldap ? await ldapSignIn(ldap.slug, ldap.name, login.trim(), password, next) : await signIn(login.trim(), password);
      if (typeof signedIn === 'string') return void navigate(signedIn);
      if ('two_factor_required' in signedIn) {
        setChallenge(signedIn.challenge);
        return;
      }
      setSession(signedIn);
      void navigate(next, { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 401 ? t('login.invalid') : errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  if (challenge) {
    const signedIn = (done: Session) => {
      setSession(done);
      void navigate(next, { replace: true });
    };
    const restart = (reason?: string) => {
      setChallenge(undefined);
      setPassword('');
      setError(reason);
    };
    return (
      <AuthFrame maw={400}>
        <Suspense fallback={<PageLoader />}>
          <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onRestart={restart} />
        </Suspense>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame maw={400}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Title order={4} fw={500}>
            {method.ldap ? t('login.providers.with', { name: method.ldap.name }) : method.showForm ? t('login.heading') : t('login.providers.sso_heading')}
          </Title>
          <SignInError />
          <DemoSignInHint />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {method.showForm && (
            <>
              <TextInput
                label={method.ldap ? t('login.providers.directory_login') : t('login.login')}
                name="login"
                autoComplete="username"
                autoFocus
                {...bind(login, setLogin)}
              />
              <PasswordInput label={t('login.password')} name="password" autoComplete="current-password" {...bind(password, setPassword)} />
              <Button type="submit" loading={busy} fullWidth>
                {t('login.submit')}
              </Button>
            </>
          )}
          {(method.methods?.providers.length ?? 0) > 0 && (
            <Suspense fallback={null}>
              <SignInProviderButtons method={method} next={next} onChoose={(slug) => { setChosen(slug); setError(undefined); }} />
            </Suspense>
          )}
          {method.passwordsOn && !method.ldap && <MailLinks />}
          {method.passwordsOn && <SignupLink />}
          <BrowsePublicApps />
          <Anchor href="/api/docs" size="xs" c="dimmed" ta="center">
            {t('login.api_docs')}
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
