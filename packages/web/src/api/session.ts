// Who is signed in. The session query is the source of truth for the whole app: null when
// signed out (GET /api/session answers 401), the user and CSRF token when signed in.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request, setCsrfToken } from './client.ts';
import type { Session, User } from './types.ts';

export const SESSION_KEY = ['session'] as const;

export async function fetchSession(): Promise<Session | null> {
  const session = await request<Session | { user: null; csrf_token: null }>('/session');
  if (session.user === null) {
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

export async function signIn(login: string, password: string): Promise<Session> {
  const session = await request<Session>('/session', { method: 'POST', json: { login, password } });
  setCsrfToken(session.csrf_token);
  return session;
}

export async function signOut(): Promise<void> {
  await request('/session', { method: 'DELETE' });
  setCsrfToken(undefined);
}

export function useSessionUpdater() {
  const client = useQueryClient();
  return (session: Session | null) => client.setQueryData(SESSION_KEY, session);
}
