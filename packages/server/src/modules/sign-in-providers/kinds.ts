// The kinds of sign-in provider. `password` kinds (LDAP) take a username and password on
// Tarmac's own form; `redirect` kinds (OpenID Connect and the OAuth presets) send the browser
// to the provider and back to /auth/<slug>/callback.
export const PROVIDER_KINDS = ['ldap', 'oidc', 'github', 'gitlab', 'google', 'feishu', 'gitea'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const OAUTH_PRESETS = ['github', 'gitlab', 'google', 'feishu', 'gitea'] as const satisfies readonly ProviderKind[];
export type OAuthPreset = (typeof OAUTH_PRESETS)[number];

export function isProviderKind(value: string): value is ProviderKind {
  return (PROVIDER_KINDS as readonly string[]).includes(value);
}

export function signInStyle(kind: ProviderKind): 'password' | 'redirect' {
  return kind === 'ldap' ? 'password' : 'redirect';
}

/** The purpose label of the secret box that seals providers' secrets (auth/secret-box.ts). */
export const PROVIDER_SECRETS = 'tarmac sign-in provider secret v1';
