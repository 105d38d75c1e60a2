// What a mailed link's page shows when the link is dead, and where it goes once it signed in.
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { useSessionUpdater } from '../../api/session.ts';
import type { TwoFactorChallenge } from '../../api/session.ts';
import type { Session } from '../../api/types.ts';

/** "This link has expired": a used, unknown or expired link (404), or another refusal in words. */
export function DeadLink({ error, again, againLabel }: { error: unknown; again: string; againLabel: string }) {
  const { t } = useTranslation();
  const expired = error instanceof ApiError && (error.status === 404 || error.status === 422);
  return (
    <Stack>
      <Title order={2} size="h4" fw={500}>
        {t('mail_accounts.expired_title')}
      </Title>
      <Alert color="red" role="alert">
        {expired ? t('mail_accounts.expired') : errorText(error)}
      </Alert>
      <Button component={Link} to={again}>
        {againLabel}
      </Button>
    </Stack>
  );
}

/** Keeps the session a used link answered and goes to the dashboard. */
export function useLandSignedIn(): (answered: Session | TwoFactorChallenge) => void {
  const setSession = useSessionUpdater();
  const navigate = useNavigate();
  return (answered) => {
    // An account with two-factor sign-in: the sign-in page asks for the code (its second step).
    if ('two_factor_required' in answered) return void navigate('/login', { replace: true, state: { challenge: answered.challenge } });
    setSession(answered);
    void navigate('/', { replace: true });
  };
}
