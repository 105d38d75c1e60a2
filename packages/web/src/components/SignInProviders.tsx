// The sign-in page's providers: a link for each redirect provider (OpenID Connect, GitHub…) to its
// start URL, and for each LDAP provider a button that turns the form into "Sign in with <name>".
// In SSO-only mode (password_sign_in_enabled false) the form is an LDAP one or absent.
import { ApiError } from '../api/client.ts';
import { signInWithLdap, useSignInMethods } from '../api/sign-in-page.ts';
import type { SignInMethods } from '../api/sign-in-page.ts';
import type { Session } from '../api/types.ts';

export interface SignInMethod {
  methods: SignInMethods | undefined;
  /** The LDAP provider the form signs in with; undefined: the local password. */
  ldap: SignInMethods['providers'][number] | undefined;
  /** Whether the username/password form shows at all. */
  showForm: boolean;
  passwordsOn: boolean;
}

/** Which form the sign-in page shows, from the providers and the user's choice (`chosen`: an LDAP slug). */
export function useSignInMethod(chosen: string | undefined): SignInMethod {
  const { data } = useSignInMethods();
  const passwordsOn = data?.password_sign_in_enabled ?? true;
  const ldaps = data?.providers.filter((provider) => provider.style === 'password') ?? [];
  const ldap = ldaps.find((provider) => provider.slug === chosen) ?? (passwordsOn ? undefined : ldaps[0]);
  return { methods: data, ldap, showForm: passwordsOn || ldap !== undefined, passwordsOn };
}

/**
 * Signs in with the LDAP provider; an account that already has the directory's email answers
 * 409 identity.link_required, and the person goes to /link-identity to confirm it.
 */
export async function ldapSignIn(
  slug: string,
  name: string,
  login: string,
  password: string,
  next: string,
): Promise<Session | string> {
  try {
    return await signInWithLdap(slug, login, password);
  } catch (caught) {
    const linkToken = caught instanceof ApiError && caught.code === 'identity.link_required' ? caught.params.link_token : undefined;
    if (typeof linkToken !== 'string') throw caught;
    const query = new URLSearchParams({ link_token: linkToken, provider: name, next });
    return `/link-identity?${query.toString()}`;
  }
}
