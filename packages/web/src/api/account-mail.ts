// The account flows by mail: asking for a password reset or a sign-in link (POST /api/password/forgot,
// /api/session/link), reading whose account a mailed link opens and using it, and the administrators'
// mail card (GET /api/admin/mail, POST /api/admin/mail/test).
import { useQuery } from '@tanstack/react-query';
import { answer, api, setCsrfToken } from './client.ts';
import type { JsonAnswer } from './client.ts';
import type { Session } from './types.ts';
import type { TwoFactorChallenge } from './session.ts';

export type LinkInfo = JsonAnswer<'/api/password/reset', 'get'>;

export function forgotPassword(email: string): Promise<unknown> {
  return answer(api.POST('/api/password/forgot', { body: { email } }));
}

export function requestSignInLink(email: string): Promise<unknown> {
  return answer(api.POST('/api/session/link', { body: { email } }));
}

/** Whose account a mailed link opens; a 404 when it is unknown, used or expired. */
export function useLinkInfo(kind: 'reset' | 'sign-in', key: string) {
  return useQuery({
    queryKey: ['mailed-link', kind, key],
    queryFn: () =>
      answer(kind === 'reset' ? api.GET('/api/password/reset', { params: { query: { key } } }) : api.GET('/api/session/link', { params: { query: { key } } })),
    enabled: key !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** The session, or the second step's challenge for an account with two-factor sign-in. */
export async function resetPassword(key: string, password: string): Promise<Session | TwoFactorChallenge> {
  const answered = await answer(api.POST('/api/password/reset', { body: { key, password } }));
  if (!('two_factor_required' in answered)) setCsrfToken(answered.csrf_token);
  return answered;
}

export async function confirmSignInLink(key: string): Promise<Session | TwoFactorChallenge> {
  const answered = await answer(api.POST('/api/session/link/confirm', { body: { key } }));
  if (!('two_factor_required' in answered)) setCsrfToken(answered.csrf_token);
  return answered;
}

export type MailSettings = JsonAnswer<'/api/admin/mail', 'get'>;

export function useMailSettings() {
  return useQuery({ queryKey: ['admin', 'mail'], queryFn: () => answer(api.GET('/api/admin/mail')) });
}

export function sendTestMail(to: string): Promise<JsonAnswer<'/api/admin/mail/test', 'post'>> {
  return answer(api.POST('/api/admin/mail/test', { body: to.trim() ? { to: to.trim() } : {} }));
}
