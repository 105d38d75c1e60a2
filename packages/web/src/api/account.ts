// The signed-in user's own account (GET/PUT /api/user, /api/user/tokens), sign-up
// (POST /api/users/register) and the settings anyone may read (GET /api/settings/public).
import { useQuery } from '@tanstack/react-query';
import { request, setCsrfToken } from './client.ts';
import type { Appearance, Locale, Session, User } from './types.ts';

export interface ProfileChanges {
  username?: string;
  email?: string;
  locale?: Locale;
  appearance?: Appearance;
  timezone?: string;
  password?: string;
  current_password?: string;
}

export function updateProfile(changes: ProfileChanges): Promise<User> {
  return request<User>('/user', { method: 'PUT', json: changes });
}

export interface ApiToken {
  id: number;
  name: string;
  prefix: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export interface CreatedApiToken extends ApiToken {
  /** The secret: shown once. */
  token: string;
}

export const TOKENS_KEY = ['user', 'tokens'] as const;

export function useTokens() {
  return useQuery({ queryKey: TOKENS_KEY, queryFn: () => request<ApiToken[]>('/user/tokens') });
}

export function createToken(name: string, expiresInDays?: number): Promise<CreatedApiToken> {
  return request<CreatedApiToken>('/user/tokens', { method: 'POST', json: { name, expires_in_days: expiresInDays } });
}

export function revokeToken(id: number): Promise<void> {
  return request<void>(`/user/tokens/${id}`, { method: 'DELETE' });
}

export interface PublicSettings {
  registration_enabled: boolean;
}

export const PUBLIC_SETTINGS_KEY = ['settings', 'public'] as const;

export function usePublicSettings() {
  return useQuery({ queryKey: PUBLIC_SETTINGS_KEY, queryFn: () => request<PublicSettings>('/settings/public'), staleTime: 60_000 });
}

export interface Registration {
  username: string;
  email: string;
  password: string;
  locale?: Locale;
  timezone?: string;
}

/** Creates a member account and signs it in (when an administrator allows sign-up). */
export async function register(registration: Registration): Promise<Session> {
  const session = await request<Session>('/users/register', { method: 'POST', json: registration });
  setCsrfToken(session.csrf_token);
  return session;
}
