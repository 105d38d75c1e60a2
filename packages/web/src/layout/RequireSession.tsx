// Screens behind sign-in: wait for the session, send strangers to /login?next=…, and apply
// the user's saved language and appearance once known.
import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/session.ts';
import { ErrorState, PageLoader } from '../components/LoadStates.tsx';
import { applyLocale } from '../i18n/index.ts';
import { useEnrolmentGate } from './useEnrolmentGate.ts';

export function RequireSession({ children }: { children: ReactNode }) {
  const { data, isPending, error, refetch } = useSession();
  const location = useLocation();
  const { setColorScheme } = useMantineColorScheme();
  useEnrolmentGate();
  const locale = data?.user.locale;
  const appearance = data?.user.appearance;

  // Applied when the saved values change (sign-in, a save elsewhere), not on every refetch:
  // a settings screen applies a choice at once, and an older answer must not undo it.
  useEffect(() => {
    if (locale) applyLocale(locale);
  }, [locale]);
  useEffect(() => {
    if (appearance) setColorScheme(appearance);
  }, [appearance, setColorScheme]);

  if (isPending) return <PageLoader />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data) {
    const next = location.pathname + location.search;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}
