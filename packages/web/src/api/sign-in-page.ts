// What the sign-in page needs of the sign-in providers (GET /api/sign-in-providers, LDAP sign-in),
// apart from api/sign-in-providers.ts so the sign-in screen's first load stays small.
import { useQuery } from '@tanstack/react-query';
import { answer, api, setCsrfToken } from './client.ts';
import type { JsonAnswer } from './client.ts';
import type { Session } from './types.ts';

export type SignInMethods = JsonAnswer<'/api/sign-in-providers', 'get'>;
export type PublicProvider = SignInMethods['providers'][number];

export const SIGN_IN_METHODS_KEY = ['sign-in', 'methods'] as const;

export function useSignInMethods() {
  return useQuery({ queryKey: SIGN_IN_METHODS_KEY, queryFn: () => answer(api.GET('/api/sign-in-providers')), staleTime: 30_000 });
}

/** Where a redirect provider starts: back to `next` after sign-in, or linking to the signed-in account. */
export function startUrl(provider: Pick<PublicProvider, 'start_url'>, options: { next?: string; link?: boolean }): string {
  const query = new URLSearchParams();
  if (options.next && options.next !== '/') query.set('next', options.next);
  if (options.link) query.set('link', '1');
  const text = query.toString();
  return `${provider.start_url ?? ''}${text ? `?${text}` : ''}`;
}

export async function signInWithLdap(slug: string, login: string, password: string): Promise<Session> {
  const session = await answer(api.POST('/api/session/ldap/{slug}', { params: { path: { slug } }, body: { login, password } }));
  setCsrfToken(session.csrf_token);
  return session;
}
