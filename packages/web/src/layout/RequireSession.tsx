// Screens behind sign-in: wait for the session, send strangers to /login?next=…, and apply
// the user's saved language and appearance once known. While guest mode is on (the public
// settings' guest_mode), a stranger at one of the guest paths gets the guest frame instead
// (docs/guest-mode.md), and the home page sends them to the public apps; with it off, nothing changes.
import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import { usePublicSettings } from '../api/account.ts';
import { useSession } from '../api/session.ts';
import { ErrorState, PageLoader } from '../components/LoadStates.tsx';
import { applyLocale } from '../i18n/index.ts';
import { useEnrolmentGate } from './useEnrolmentGate.ts';

/** What a signed-out visitor may see while guest mode is on: the paths (route patterns) and their frame. */
export interface GuestAccess {
  paths: string[];
  frame: ReactNode;
}

export function RequireSession({ children, guest }: { children: ReactNode; guest?: GuestAccess }) {
  const { data, isPending, error, refetch } = useSession();
  const settings = usePublicSettings();
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
    const guestPath = guest?.paths.some((path) => matchPath(path, location.pathname)) ?? false;
    // The home page has nothing for a guest: while guest mode is on, it opens the public apps.
    if (guest && (guestPath || location.pathname === '/')) {
      if (settings.isPending) return <PageLoader />;
      if (settings.data?.guest_mode) return guestPath ? <>{guest.frame}</> : <Navigate to="/apps" replace />;
    }
    const next = location.pathname + location.search;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}

/** A screen guest mode opens: `guest` for a signed-out visitor (let in by RequireSession), `children` for a user. */
export function OrGuest({ guest, children }: { guest: ReactNode; children: ReactNode }) {
  return <>{useSession().data ? children : guest}</>;
}
