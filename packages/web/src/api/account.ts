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

/** The public settings' query, for useQuery or queryClient.fetchQuery. */
export const publicSettingsQuery = { queryKey: PUBLIC_SETTINGS_KEY, queryFn: () => answer(api.GET('/api/settings/public')), staleTime: 60_000 };

export function usePublicSettings() {
  return useQuery(publicSettingsQuery);
}

export type Registration = JsonBody<'/api/users/register', 'post'>;

/** What sign-up answers: the session, or (email confirmation required) that a confirmation mail went out. */
export type Registered = Session | { confirmation_sent: boolean };

/** Creates an account under the registration policy and signs it in, unless it must confirm its email first. */
export async function register(registration: Registration): Promise<Registered> {
  const registered: Registered = await answer(api.POST('/api/users/register', { body: registration }));
  if ('csrf_token' in registered) setCsrfToken(registered.csrf_token);
  return registered;
}
