// The signed-in user's own account (GET/PUT /api/user, /api/user/tokens), sign-up
// (POST /api/users/register) and the settings anyone may read (GET /api/settings/public).
import { useQuery } from '@tanstack/react-query';
import { answer, api, setCsrfToken } from './client.ts';
import type { JsonAnswer, JsonBody, Schemas } from './client.ts';
import type { Session, User } from './types.ts';

export type ProfileChanges = JsonBody<'/api/user', 'put'>;

export function updateProfile(changes: ProfileChanges): Promise<User> {
  return answer(api.PUT('/api/user', { body: changes }));
}

export type ApiToken = Schemas['ApiToken'];
/** With `token`, the secret: shown once. */
export type CreatedApiToken = JsonAnswer<'/api/user/tokens', 'post'>;

export const TOKENS_KEY = ['user', 'tokens'] as const;

export function useTokens() {
  return useQuery({ queryKey: TOKENS_KEY, queryFn: () => answer(api.GET('/api/user/tokens')) });
}

export function createToken(name: string, expiresInDays?: number): Promise<CreatedApiToken> {
  return answer(api.POST('/api/user/tokens', { body: { name, expires_in_days: expiresInDays } }));
}

export function revokeToken(id: number): Promise<Schemas['MessageResponse']> {
  return answer(api.DELETE('/api/user/tokens/{id}', { params: { path: { id } } }));
}

export type PublicSettings = JsonAnswer<'/api/settings/public', 'get'>;

export const PUBLIC_SETTINGS_KEY = ['settings', 'public'] as const;

export function usePublicSettings() {
  return useQuery({ queryKey: PUBLIC_SETTINGS_KEY, queryFn: () => answer(api.GET('/api/settings/public')), staleTime: 60_000 });
}

export type Registration = JsonBody<'/api/users/register', 'post'>;

/** Creates a member account and signs it in (when an administrator allows sign-up). */
export async function register(registration: Registration): Promise<Session> {
  const session: Session = await answer(api.POST('/api/users/register', { body: registration }));
  setCsrfToken(session.csrf_token);
  return session;
}
