// /invitations/accept?key=…: the link of an invitation mail. Shows who invited whom to which
// apps; a new address picks a username and password (the account is created, signed in, and
// opens the first app); an address that has an account signs in to it first, then accepts.
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldError } from '../api/error-text.ts';
import { acceptInvitation, useInvitationLookup } from '../api/registration.ts';
import type { InvitationLookup } from '../api/registration.ts';
import { useSession, useSessionUpdater } from '../api/session.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { FormError } from '../components/FormError.tsx';
import { PageLoader } from '../components/LoadStates.tsx';
import { useTitle } from '../hooks/title.ts';
import { useSubmit } from '../hooks/useSubmit.ts';

function NewAccountForm({ invitationKey }: { invitationKey: string }) {
  const { t, i18n } = useTranslation();
  const setSession = useSessionUpdater();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = useSubmit();
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
  const send = submit.handler(() => acceptInvitation({ key: invitationKey, username: username.trim(), password, locale }), {
    onDone: (accepted) => {
      if (accepted.user && accepted.csrf_token) setSession({ user: accepted.user, csrf_token: accepted.csrf_token });
      void navigate(accepted.redirect_to, { replace: true });
    },
  });
  const mismatch = confirm !== '' && confirm !== password;
  return (
    <form onSubmit={send} noValidate>
      <Stack>
        <Text size="sm">{t('joining.invite_create')}</Text>
        <FormError error={submit.error} fields={['username', 'password', 'locale']} />
        <TextInput
          label={t('signup.username')}
          description={t('signup.username_hint')}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={fieldError(submit.error, 'username')}
          autoComplete="username"
          required
        />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={submit.error}
          mismatch={mismatch}
        />
        <Button type="submit" loading={submit.busy} disabled={!username.trim() || !password || confirm !== password} fullWidth>
          {t('joining.invite_accept')}
        </Button>
      </Stack>
    </form>
  );
}

function ExistingAccount({ invitationKey, lookup }: { invitationKey: string; lookup: InvitationLookup }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const submit = useSubmit();
  const user = session.data?.user;
  const here = `/invitations/accept?key=${encodeURIComponent(invitationKey)}`;
  if (!user) {
    return (
      <>
        <Text>{t('joining.invite_existing')}</Text>
        <Button component={Link} to={`/login?next=${encodeURIComponent(here)}`}>
          {t('joining.invite_sign_in')}
        </Button>
      </>
    );
  }
  if (user.email.toLowerCase() !== lookup.email.toLowerCase()) {
    return <Alert color="yellow">{t('joining.invite_other_account', { username: user.username, email: lookup.email })}</Alert>;
  }
  const join = () => void submit.run(() => acceptInvitation({ key: invitationKey }), { onDone: (a) => void navigate(a.redirect_to) });
  return (
    <>
      <Text>{t('joining.invite_join_text', { username: user.username })}</Text>
      <FormError error={submit.error} />
      <Button onClick={join} loading={submit.busy}>
        {t('joining.invite_join')}
      </Button>
    </>
  );
}

export default function AcceptInvitationPage() {
  const { t, i18n } = useTranslation();
  useTitle(t('joining.invite_title'));
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const lookup = useInvitationLookup(key);
  const session = useSession();
  if ((key !== '' && lookup.isPending) || session.isPending) return <PageLoader />;
  const data = lookup.data;
  const date = data ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(data.expires_at)) : '';
  return (
    <AuthFrame>
      <Title order={4} fw={500}>
        {t('joining.invite_title')}
      </Title>
      {!data ? (
        <Alert color="red" role="alert">
          {t('joining.invite_invalid')}
        </Alert>
      ) : (
        <>
          <Text>
            {data.inviter
              ? t('joining.invite_text', { inviter: data.inviter, email: data.email })
              : t('joining.invite_text_anonymous', { email: data.email })}
          </Text>
          {data.apps.length > 0 && <Text>{t('joining.invite_apps', { apps: data.apps.join(', ') })}</Text>}
          <Text size="sm" c="dimmed">
            {t('joining.invite_expires', { date })}
          </Text>
          {data.account_exists || session.data ? (
            <ExistingAccount invitationKey={key} lookup={data} />
          ) : (
            <NewAccountForm invitationKey={key} />
          )}
        </>
      )}
    </AuthFrame>
  );
}
