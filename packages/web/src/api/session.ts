// Who is signed in. The session query is the source of truth for the whole app: null when
// signed out (GET /api/session answers 200 with a null user and token), the user and CSRF token when signed in.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, setCsrfToken } from './client.ts';
import type { JsonAnswer } from './client.ts';
import type { Session, User } from './types.ts';

export const SESSION_KEY = ['session'] as const;

export async function fetchSession(): Promise<Session | null> {
  const session = await answer(api.GET('/api/session'));
  // Signed out: {"user": null, "csrf_token": null} (openapi-fetch's types drop fields that can only be null).
  if (!('user' in session) || session.user === null) {
    setCsrfToken(undefined);
    return null;
  }
  setCsrfToken(session.csrf_token);
  return session;
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

/** The signed-in user; only for components under the signed-in layout. */
export function useCurrentUser(): User {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser() outside the signed-in layout');
  return data.user;
}

/** The right password of an account with two-factor sign-in: the second step comes next. */
export type TwoFactorChallenge = Extract<JsonAnswer<'/api/session', 'post'>, { two_factor_required: true }>;

/** A session, or the challenge of the second step (POST /api/session answered 202). */
export async function signIn(login: string, password: string): Promise<Session | TwoFactorChallenge> {
  const answered = await answer(api.POST('/api/session', { body: { login, password } }));
  if ('two_factor_required' in answered) return answered;
  setCsrfToken(answered.csrf_token);
  return answered;
}

/** The second step: a code from the authenticator app, or a recovery code. */
export async function signInSecondFactor(challenge: string, factor: { code: string } | { recovery_code: string }): Promise<Session> {
  const session = await answer(api.POST('/api/session/two-factor', { body: { challenge, ...factor } }));
  setCsrfToken(session.csrf_token);
  return session;
}

export async function signOut(): Promise<void> {
  await answer(api.DELETE('/api/session'));
  setCsrfToken(undefined);
}

export function useSessionUpdater() {
  const client = useQueryClient();
  return (session: Session | null) => client.setQueryData(SESSION_KEY, session);
}
