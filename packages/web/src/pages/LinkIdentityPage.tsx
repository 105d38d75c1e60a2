// /link-identity?link_token=…&provider=…: where a provider sends someone whose verified email
// already has an account here. Nothing is linked by email alone: the person signs in to that
// account (and comes back), then confirms "Link <provider> to <username>", or cancels.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../api/error-text.ts';
import { useSession } from '../api/session.ts';
import { confirmLink } from '../api/sign-in-providers.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';
import { PageLoader } from '../components/LoadStates.tsx';
import { notifySuccess } from '../components/notify.ts';
import { useTitle } from '../hooks/title.ts';
import { safeNext } from './LoginPage.tsx';

export default function LinkIdentityPage() {
  const { t } = useTranslation();
  useTitle(t('link_identity.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const linkToken = params.get('link_token') ?? '';
  const provider = params.get('provider')?.slice(0, 100) || t('link_identity.provider_fallback');
  const back = `/link-identity?${params.toString()}`;

  if (session.isPending) return <PageLoader />;

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      await confirmLink(linkToken);
      notifySuccess(t('link_identity.linked', { provider }));
      void navigate('/settings/sign-in', { replace: true });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const user = session.data?.user;
  return (
    <AuthFrame maw={480}>
      <Stack>
        <Title order={2} size="h4" fw={500}>
          {t('link_identity.heading', { provider })}
        </Title>
        {!linkToken ? (
          <Alert color="yellow" role="alert">{t('link_identity.missing')}</Alert>
        ) : (
          <>
            <Text size="sm">{t('link_identity.explain', { provider })}</Text>
            {error && <Alert color="red" role="alert">{error}</Alert>}
            {user ? (
              <Group justify="flex-end">
                <Button variant="default" component={Link} to={safeNext(params.get('next'))}>{t('link_identity.cancel')}</Button>
                <Button loading={busy} onClick={() => void confirm()}>
                  {t('link_identity.confirm', { provider, username: user.username })}
                </Button>
              </Group>
            ) : (
              <>
                <Text size="sm">{t('link_identity.sign_in_first')}</Text>
                <Group justify="flex-end">
                  <Button variant="default" component={Link} to="/login">{t('link_identity.cancel')}</Button>
                  <Button component={Link} to={`/login?${new URLSearchParams({ next: back }).toString()}`}>
                    {t('link_identity.sign_in')}
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
    </AuthFrame>
  );
}
