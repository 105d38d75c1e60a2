// The identity providers the sign-in tests run (test/helpers/oidc-provider.ts and oauth-presets.ts),
// used the way a relying party will: OIDC through openid-client (discovery, PKCE, state, nonce, ID
// token, userinfo), each OAuth preset with fetch (authorize, code, token, user, orgs or groups).
// No product code here: these prove the helpers answer as the real providers do.
import * as client from 'openid-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startOidcProvider, signInWithForm } from './helpers/oidc-provider.ts';
import type { OidcProviderOptions, TestOidcProvider } from './helpers/oidc-provider.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const REDIRECT = 'http://127.0.0.1:9/auth/oidc/callback';

async function idp(options: OidcProviderOptions = {}): Promise<TestOidcProvider> {
  const started = await startOidcProvider({
    clients: [{ clientId: 'tarmac-test', clientSecret: 's3cret-for-tests', redirectUris: [REDIRECT] }], ...options,
  });
  cleanup.push(() => started.close());
  return started;
}

async function relyingParty(provider: TestOidcProvider): Promise<client.Configuration> {
  return client.discovery(new URL(provider.issuer), 'tarmac-test', 's3cret-for-tests', undefined, {
    execute: [client.allowInsecureRequests],
  });
}

/** The start of a sign-in as the product will make it: PKCE, state and nonce, then the user at the form. */
async function authorize(config: client.Configuration, username: string, password = `${username}-password`) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT, scope: 'openid email profile groups', state, nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  });
  const { callbackUrl } = await signInWithForm(url, REDIRECT, { username, password });
  return { verifier, state, nonce, callbackUrl };
}

describe('OpenID provider (oidc-provider) through openid-client', () => {
  it('discovery, code with PKCE, a valid ID token with the claims, and userinfo', async () => {
    const provider = await idp();
    const config = await relyingParty(provider);
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(provider.issuer);
    expect(meta.code_challenge_methods_supported).toContain('S256');
    expect(meta.jwks_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    const { verifier, state, nonce, callbackUrl } = await authorize(config, 'alice');
    expect(callbackUrl.searchParams.get('state')).toBe(state);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: provider.issuer, aud: 'tarmac-test', sub: 'a1b2c3-alice', nonce,
      email: 'alice@example.com', email_verified: true, name: 'Alice Admin', groups: ['tarmac-admins', 'mobile'],
    });
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: 'a1b2c3-alice', email: 'alice@example.com', groups: ['tarmac-admins', 'mobile'] });
    expect(provider.logins).toEqual([{ username: 'alice', accepted: true }]);
  });

  it('refuses a wrong password on the form and records it', async () => {
    const provider = await idp();
    const config = await relyingParty(provider);
    await expect(authorize(config, 'alice', 'not-her-password')).rejects.toThrow(/sign-in stopped/);
    expect(provider.logins).toEqual([{ username: 'alice', accepted: false }]);
  });

  it('openid-client rejects a callback whose state is not the one it sent', async () => {
    const config = await relyingParty(await idp());
    const { verifier, nonce, callbackUrl } = await authorize(config, 'bob');
    await expect(client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier, expectedState: client.randomState(), expectedNonce: nonce,
    })).rejects.toMatchObject({ code: 'OAUTH_INVALID_RESPONSE', cause: { message: expect.stringMatching(/"state"/) } });
  });

  it('the provider refuses an expired code (invalid_grant)', async () => {
    const config = await relyingParty(await idp({ codeTtlSeconds: 1 }));
    const { verifier, state, nonce, callbackUrl } = await authorize(config, 'bob');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const refused = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce,
    }).then(() => undefined, (error: unknown) => error as client.ResponseBodyError);
    expect(refused).toBeInstanceOf(client.ResponseBodyError);
    expect(refused!.error).toBe('invalid_grant');
  });

  it('the provider refuses a code spent once, and a wrong PKCE verifier', async () => {
    const config = await relyingParty(await idp());
    const first = await authorize(config, 'bob');
    const checks = { pkceCodeVerifier: first.verifier, expectedState: first.state, expectedNonce: first.nonce };
    await client.authorizationCodeGrant(config, first.callbackUrl, checks);
    await expect(client.authorizationCodeGrant(config, first.callbackUrl, checks)).rejects.toMatchObject({ error: 'invalid_grant' });
    const second = await authorize(config, 'bob');
    await expect(client.authorizationCodeGrant(config, second.callbackUrl, {
      pkceCodeVerifier: client.randomPKCECodeVerifier(), expectedState: second.state, expectedNonce: second.nonce,
    })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it("the unverified user's email comes with email_verified=false", async () => {
    const config = await relyingParty(await idp());
    const { verifier, state, nonce, callbackUrl } = await authorize(config, 'carol');
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce,
    });
    expect(tokens.claims()).toMatchObject({ sub: 'g7h8i9-carol', email: 'carol@example.com', email_verified: false });
    const info = await client.fetchUserInfo(config, tokens.access_token, 'g7h8i9-carol');
    expect(info.email_verified).toBe(false);
  });

  it('refuses a client it does not know and a redirect URI not registered', async () => {
    const provider = await idp();
    const config = await relyingParty(provider);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:9/elsewhere', scope: 'openid', state: 'x', code_challenge_method: 'S256',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/redirect_uri/);
    const unknown = new URL(url);
    unknown.searchParams.set('client_id', 'nobody');
    expect((await fetch(unknown, { redirect: 'manual' })).status).toBe(400);
  });
});
