// /sign-in/link: without a key, the form that mails a sign-in link; with the mailed `?key=…`,
// "Sign in as alice" and a button. Only the button's POST uses the link, so a mail scanner
// that follows the link does not sign anyone in nor use it up.
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { confirmSignInLink, requestSignInLink, useLinkInfo } from '../../api/account-mail.ts';
import { useSession } from '../../api/session.ts';
import { AuthFrame } from '../../components/AuthFrame.tsx';
import { FormError } from '../../components/FormError.tsx';
import { PageLoader } from '../../components/LoadStates.tsx';
import { useTitle } from '../../hooks/title.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { DeadLink, useLandSignedIn } from './LinkState.tsx';
import { RequestMailForm } from './RequestMailForm.tsx';

function ConfirmLink({ secret, username }: { secret: string; username: string }) {
  const { t } = useTranslation();
  const landSignedIn = useLandSignedIn();
  const submit = useSubmit();
  const send = submit.handler(() => confirmSignInLink(secret), {
    onDone: landSignedIn,
  });
  return (
    <form onSubmit={send} noValidate>
      <Stack>
        <Title order={2} size="h4" fw={500}>
          {t('mail_accounts.confirm_heading', { username })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('mail_accounts.confirm_hint')}
        </Text>
        <FormError error={submit.error} />
        <Button type="submit" loading={submit.busy} fullWidth autoFocus>
          {t('mail_accounts.confirm_submit', { username })}
        </Button>
      </Stack>
    </form>
  );
}

function LinkKey({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const info = useLinkInfo('sign-in', secret);
  if (info.isPending) return <PageLoader />;
  if (info.data) return <ConfirmLink secret={secret} username={info.data.username} />;
  return <DeadLink error={info.error} again="/sign-in/link" againLabel={t('mail_accounts.ask_again')} />;
}

export default function SignInLinkPage() {
  const { t } = useTranslation();
  useTitle(t('mail_accounts.link_title'));
  const [params] = useSearchParams();
  const secret = params.get('key') ?? '';
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.data && secret === '') return <Navigate to="/" replace />;
  return (
    <AuthFrame>
      {secret ? (
        <LinkKey secret={secret} />
      ) : (
        <RequestMailForm
          heading={t('mail_accounts.link_title')}
          hint={t('mail_accounts.link_hint')}
          submitLabel={t('mail_accounts.link_submit')}
          send={requestSignInLink}
        />
      )}
    </AuthFrame>
  );
}
