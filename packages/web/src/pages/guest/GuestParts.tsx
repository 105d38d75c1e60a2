// Pieces the guest screens share: what a guest sees for something the API does not show a guest
// (a private app, a channel with a password's builds, a build of either: 404; guest mode turned
// off meanwhile: 401), with the way to sign in and come back, and the test for those answers.
import { Button } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { EmptyState } from '../../components/PageState.tsx';

/** Whether the API refused the guest (not shown to guests, or guest mode now off), rather than failed. */
export function hiddenFromGuest(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 401);
}

/** "Not public": what it may be, the Sign in button (back here afterwards) and the way to the public apps. */
export function GuestUnreachable({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <>
          <Button component={Link} to={`/login?next=${next}`} leftSection={<IconLogin size={16} />}>
            {t('apps.guest.sign_in')}
          </Button>
          <Button component={Link} to="/apps" variant="light">
            {t('apps.guest.back')}
          </Button>
        </>
      }
    />
  );
}
