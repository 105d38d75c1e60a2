// Sign-in providers: what the sign-in page offers (GET /api/sign-in-providers), LDAP sign-in and
// linking, the caller's linked identities (/api/user/identities), and the administration of
// providers and of password sign-in (/api/admin/sign-in-providers, /api/admin/sign-in-settings).
import { useQuery } from '@tanstack/react-query';
import { answer, api } from './client.ts';
export { SIGN_IN_METHODS_KEY, startUrl, useSignInMethods } from './sign-in-page.ts';
export type { PublicProvider, SignInMethods } from './sign-in-page.ts';
import type { JsonAnswer, JsonBody } from './client.ts';

export type Provider = JsonAnswer<'/api/admin/sign-in-providers/{id}', 'get'>;
export type Identity = JsonAnswer<'/api/user/identities/confirm', 'post'>;
export type NewProvider = JsonBody<'/api/admin/sign-in-providers', 'post'>;
export type ProviderChanges = JsonBody<'/api/admin/sign-in-providers/{id}', 'put'>;
export type TestResult = JsonAnswer<'/api/admin/sign-in-providers/{id}/test', 'post'>;

export const PROVIDERS_KEY = ['admin', 'sign-in-providers'] as const;
export const PASSWORD_SIGN_IN_KEY = ['admin', 'sign-in-settings'] as const;
export const IDENTITIES_KEY = ['user', 'identities'] as const;

export function useIdentities() {
  return useQuery({ queryKey: IDENTITIES_KEY, queryFn: () => answer(api.GET('/api/user/identities')) });
}

export function linkLdap(slug: string, login: string, password: string): Promise<Identity> {
  return answer(api.POST('/api/user/identities/ldap/{slug}', { params: { path: { slug } }, body: { login, password } }));
}

export function unlinkIdentity(id: number) {
  return answer(api.DELETE('/api/user/identities/{id}', { params: { path: { id } } }));
}

export function confirmLink(linkToken: string): Promise<Identity> {
  return answer(api.POST('/api/user/identities/confirm', { body: { link_token: linkToken } }));
}

export function useProviders() {
  return useQuery({ queryKey: PROVIDERS_KEY, queryFn: () => answer(api.GET('/api/admin/sign-in-providers')) });
}

export function createProvider(body: NewProvider): Promise<Provider> {
  return answer(api.POST('/api/admin/sign-in-providers', { body }));
}

export function updateProvider(id: number, body: ProviderChanges): Promise<Provider> {
  return answer(api.PUT('/api/admin/sign-in-providers/{id}', { params: { path: { id } }, body }));
}

export function deleteProvider(id: number) {
  return answer(api.DELETE('/api/admin/sign-in-providers/{id}', { params: { path: { id } } }));
}

export function testProvider(id: number, username?: string): Promise<TestResult> {
  return answer(api.POST('/api/admin/sign-in-providers/{id}/test', { params: { path: { id } }, body: { username } }));
}

export function usePasswordSignIn() {
  return useQuery({ queryKey: PASSWORD_SIGN_IN_KEY, queryFn: () => answer(api.GET('/api/admin/sign-in-settings')) });
}

export function setPasswordSignIn(enabled: boolean) {
  return answer(api.PUT('/api/admin/sign-in-settings', { body: { password_sign_in_enabled: enabled } }));
}
