// Local stand-ins for the OAuth providers Tarmac offers as presets (GitHub, GitLab self-managed, Google,
// Feishu/Lark, Gitea), on 127.0.0.1 and a random port: the real ones cannot be reached from the tests.
// Each answers its provider's documented endpoints with the documented shapes, enough for an
// authorization-code sign-in: authorize (a login form the test drives with fetch or Chromium), code,
// token, the user, and the user's organisations or groups. Google is OpenID Connect: it is the OIDC
// helper (oidc-provider) with Google-shaped accounts and claims. The docs each follows are cited in
// oauth-preset-routes.ts; where a detail is not documented (mostly error bodies), the comment says "guess".
import { PRESET_USERS } from './oauth-preset-core.ts';
import type { OAuthPresetName, OAuthPresetOptions, TestOAuthPreset } from './oauth-preset-core.ts';
import { startRoutedPreset } from './oauth-preset-routes.ts';
import { startOidcProvider } from './oidc-provider.ts';
import type { OidcAccount } from './oidc-provider.ts';

export { PRESET_USERS } from './oauth-preset-core.ts';
export type { OAuthPresetName, OAuthPresetOptions, PresetUser, TestOAuthPreset } from './oauth-preset-core.ts';

/** Google, as an OpenID provider: accounts with Google's claims (numeric `sub`, `given_name`, `family_name`,
 *  `picture`, `locale`, and `hd` for a Workspace domain). Real Google's issuer is https://accounts.google.com;
 *  here it is the local one. https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload */
async function startGoogle(options: OAuthPresetOptions): Promise<TestOAuthPreset> {
  const users = (options.users ?? PRESET_USERS).map((u) => ({ ...u, orgs: [...u.orgs] }));
  const accounts: OidcAccount[] = users.map((u) => ({
    sub: `1098765432${u.id}`, username: u.username, password: u.password, email: u.email, email_verified: u.emailVerified,
    name: u.name, groups: [],
    extra: {
      given_name: u.name.split(' ')[0], family_name: u.name.split(' ').slice(1).join(' '), locale: 'en',
      picture: `https://lh3.googleusercontent.com/a/test-${u.id}`, ...(u.orgs.length ? { hd: 'example.com' } : {}),
    },
  }));
  const client = {
    clientId: options.clientId ?? 'tarmac-google.apps.googleusercontent.com',
    clientSecret: options.clientSecret ?? 'tarmac-google-secret',
    redirectUris: options.redirectUris ?? ['http://127.0.0.1/callback'],
  };
  const idp = await startOidcProvider({
    accounts, clients: [client], codeTtlSeconds: options.codeTtlSeconds,
    profileClaims: ['given_name', 'family_name', 'picture', 'locale', 'hd'],
  });
  return {
    name: 'google', baseUrl: idp.issuer, client, users, close: () => idp.close(),
    endpoints: {
      discovery: `${idp.issuer}/.well-known/openid-configuration`, authorize: `${idp.issuer}/auth`, token: `${idp.issuer}/token`,
      user: `${idp.issuer}/me`,
    },
  };
}

/** Starts the named preset's stand-in; `close()` stops it. */
export async function startOAuthPreset(name: OAuthPresetName, options: OAuthPresetOptions = {}): Promise<TestOAuthPreset> {
  if (name === 'google') return startGoogle(options);
  return startRoutedPreset(name, options);
}
