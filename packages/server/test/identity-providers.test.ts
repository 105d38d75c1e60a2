// The identity providers the sign-in tests run (test/helpers/oidc-provider.ts and oauth-presets.ts),
// used the way a relying party will: OIDC through openid-client (discovery, PKCE, state, nonce, ID
// token, userinfo), each OAuth preset with fetch (authorize, code, token, user, orgs or groups).
// No product code here: these prove the helpers answer as the real providers do.
import * as client from 'openid-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthPreset } from './helpers/oauth-presets.ts';
import type { OAuthPresetName, OAuthPresetOptions, TestOAuthPreset } from './helpers/oauth-presets.ts';
import { beginOidcSignIn, startOidcProvider, signInWithForm } from './helpers/oidc-provider.ts';
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
  const { url, verifier, state, nonce } = await beginOidcSignIn(config, REDIRECT);
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

const CALLBACK = 'http://127.0.0.1:9/auth/preset/callback';

async function preset(name: OAuthPresetName, options: OAuthPresetOptions = {}): Promise<TestOAuthPreset> {
  const started = await startOAuthPreset(name, { redirectUris: [CALLBACK], ...options });
  cleanup.push(() => started.close());
  return started;
}

/** Authorize with PKCE (S256) and a state, sign in at the form; the code and the verifier. */
async function presetCode(p: TestOAuthPreset, username: string, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = new URL(p.endpoints.authorize!);
  const params = {
    client_id: p.client.clientId, redirect_uri: CALLBACK, response_type: 'code', scope: 'read:user', state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const { callbackUrl } = await signInWithForm(url, CALLBACK, { username, password: `${username}-password` });
  expect(callbackUrl.searchParams.get('state')).toBe(state);
  return { code: callbackUrl.searchParams.get('code')!, verifier };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST', body: new URLSearchParams(fields), headers: { accept: 'application/json' },
});
const bearer = (token: string, scheme = 'Bearer') => ({ headers: { authorization: `${scheme} ${token}`, accept: 'application/json' } });
const getJson = async (url: string, init: RequestInit): Promise<{ status: number; body: any }> => {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
};

describe('GitHub stand-in', () => {
  it('authorize → code → token → /user, /user/emails, /user/orgs', async () => {
    const gh = await preset('github');
    const { code, verifier } = await presetCode(gh, 'alice');
    const fields = {
      client_id: gh.client.clientId, client_secret: gh.client.clientSecret, code, redirect_uri: CALLBACK, code_verifier: verifier,
    };
    const token = await getJson(gh.endpoints.token!, form(fields));
    expect(token).toMatchObject({ status: 200, body: { token_type: 'bearer', access_token: expect.stringMatching(/^gho_/) } });
    const auth = bearer(token.body.access_token, 'token');
    expect((await getJson(gh.endpoints.user!, auth)).body)
      .toMatchObject({ login: 'alice', id: 1001, name: 'Alice Admin', email: 'alice@example.com' });
    expect((await getJson(gh.endpoints.emails!, auth)).body).toContainEqual({
      email: 'alice@example.com', primary: true, verified: true, visibility: 'private',
    });
    const orgs: { login: string }[] = (await getJson(gh.endpoints.orgs!, auth)).body;
    expect(orgs.map((o) => o.login)).toEqual(['tarmac-org']);
    // Spent: the second exchange is refused, with GitHub's 200-and-error answer.
    expect((await getJson(gh.endpoints.token!, form(fields))).body).toMatchObject({ error: 'bad_verification_code' });
  });

  it('answers form-encoded without Accept: json; refuses a wrong secret, a wrong verifier and a bad token', async () => {
    const gh = await preset('github');
    const first = await presetCode(gh, 'bob');
    const fields = { client_id: gh.client.clientId, client_secret: 'wrong', code: first.code, code_verifier: first.verifier };
    const wrongSecret = await fetch(gh.endpoints.token!, { method: 'POST', body: new URLSearchParams(fields) });
    expect(Object.fromEntries(new URLSearchParams(await wrongSecret.text()))).toMatchObject({ error: 'incorrect_client_credentials' });
    const second = await presetCode(gh, 'bob');
    const wrongVerifier = await getJson(gh.endpoints.token!, form({
      client_id: gh.client.clientId, client_secret: gh.client.clientSecret, code: second.code,
      code_verifier: client.randomPKCECodeVerifier(),
    }));
    expect(wrongVerifier.body).toMatchObject({ error: 'bad_verification_code' });
    expect(await getJson(gh.endpoints.user!, bearer('gho_nope'))).toMatchObject({ status: 401, body: { message: 'Bad credentials' } });
  });

  it("carol's primary email is unverified; a redirect_uri not registered comes back as redirect_uri_mismatch", async () => {
    const gh = await preset('github');
    const { code, verifier } = await presetCode(gh, 'carol');
    const token = await getJson(gh.endpoints.token!, form({
      client_id: gh.client.clientId, client_secret: gh.client.clientSecret, code, code_verifier: verifier,
    }));
    const auth = bearer(token.body.access_token);
    expect((await getJson(gh.endpoints.user!, auth)).body.email).toBeNull();
    expect((await getJson(gh.endpoints.emails!, auth)).body[0])
      .toMatchObject({ email: 'carol@example.com', primary: true, verified: false });
    const url = new URL(gh.endpoints.authorize!);
    url.search = new URLSearchParams({ client_id: gh.client.clientId, redirect_uri: 'http://127.0.0.1:9/evil', state: 'st' }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'redirect_uri_mismatch', state: 'st' });
  });
});

describe('GitLab (self-managed) stand-in', () => {
  it('authorize → code → token → /api/v4/user → /api/v4/groups', async () => {
    const gl = await preset('gitlab');
    const { code, verifier } = await presetCode(gl, 'alice', { scope: 'read_user' });
    const fields = {
      client_id: gl.client.clientId, client_secret: gl.client.clientSecret, code, grant_type: 'authorization_code',
      redirect_uri: CALLBACK, code_verifier: verifier,
    };
    const token = await getJson(gl.endpoints.token!, form(fields));
    expect(token).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 7200, created_at: expect.any(Number) } });
    const auth = bearer(token.body.access_token);
    expect((await getJson(gl.endpoints.user!, auth)).body)
      .toMatchObject({ id: 1001, username: 'alice', email: 'alice@example.com', state: 'active' });
    const groups = await getJson(`${gl.endpoints.groups}?min_access_level=10`, auth);
    expect(groups.body).toEqual([expect.objectContaining({ full_path: 'mobile/tarmac', path: 'tarmac' })]);
    expect((await getJson(`${gl.endpoints.groups}?min_access_level=40`, auth)).body).toEqual([]);
    expect(await getJson(gl.endpoints.token!, form(fields))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await getJson(gl.endpoints.user!, bearer('nope'))).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
  });

  it('refuses an expired code, another redirect_uri and a wrong secret', async () => {
    const gl = await preset('gitlab', { codeTtlSeconds: 1 });
    const first = await presetCode(gl, 'bob');
    const base = { client_id: gl.client.clientId, client_secret: gl.client.clientSecret, grant_type: 'authorization_code' };
    expect(await getJson(gl.endpoints.token!, form({ ...base, client_secret: 'wrong', code: first.code, code_verifier: first.verifier })))
      .toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const second = await presetCode(gl, 'bob');
    expect(await getJson(gl.endpoints.token!, form({
      ...base, code: second.code, code_verifier: second.verifier, redirect_uri: 'http://127.0.0.1:9/other',
    }))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const third = await presetCode(gl, 'bob');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await getJson(gl.endpoints.token!, form({ ...base, code: third.code, code_verifier: third.verifier, redirect_uri: CALLBACK })))
      .toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('Gitea stand-in', () => {
  it('authorize → code → token (HTTP Basic client auth) → /api/v1/user → /api/v1/user/orgs', async () => {
    const gt = await preset('gitea');
    const { code, verifier } = await presetCode(gt, 'alice');
    const basic = Buffer.from(`${gt.client.clientId}:${gt.client.clientSecret}`).toString('base64');
    const res = await fetch(gt.endpoints.token!, {
      method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier }),
    });
    const token: any = await res.json();
    expect(token).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const auth = bearer(token.access_token, 'token');
    expect((await getJson(gt.endpoints.user!, auth)).body)
      .toMatchObject({ id: 1001, login: 'alice', full_name: 'Alice Admin', email: 'alice@example.com' });
    expect((await getJson(gt.endpoints.orgs!, auth)).body)
      .toEqual([expect.objectContaining({ name: 'tarmac-org', username: 'tarmac-org' })]);
    expect(await getJson(gt.endpoints.user!, bearer('nope'))).toMatchObject({ status: 401 });
  });

  it('refuses a wrong verifier and shows an unknown client no form', async () => {
    const gt = await preset('gitea');
    const { code } = await presetCode(gt, 'bob');
    expect(await getJson(gt.endpoints.token!, form({
      client_id: gt.client.clientId, client_secret: gt.client.clientSecret, grant_type: 'authorization_code', code,
      redirect_uri: CALLBACK, code_verifier: client.randomPKCECodeVerifier(),
    }))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const url = new URL(gt.endpoints.authorize!);
    url.search = new URLSearchParams({ client_id: 'nobody', redirect_uri: CALLBACK, response_type: 'code' }).toString();
    expect((await fetch(url)).status).toBe(404);
  });
});

describe('Feishu / Lark stand-in', () => {
  it('v1: app_access_token → access_token (user in data) → user_info', async () => {
    const fs = await preset('feishu');
    const url = new URL(fs.endpoints.authorize!);
    url.search = new URLSearchParams({ app_id: fs.client.clientId, redirect_uri: CALLBACK, state: 'st-1' }).toString();
    const { callbackUrl } = await signInWithForm(url, CALLBACK, { username: 'alice', password: 'alice-password' });
    expect(callbackUrl.searchParams.get('state')).toBe('st-1');
    const json = (body: unknown, headers: Record<string, string> = {}) => ({
      method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    });
    const app = await getJson(fs.endpoints.appAccessToken!, json({ app_id: fs.client.clientId, app_secret: fs.client.clientSecret }));
    expect(app.body).toMatchObject({ code: 0, app_access_token: expect.stringMatching(/^a-/), expire: 7200 });
    const code = callbackUrl.searchParams.get('code')!;
    const exchange = json({ grant_type: 'authorization_code', code }, { authorization: `Bearer ${app.body.app_access_token}` });
    const token = await getJson(fs.endpoints.tokenV1!, exchange);
    expect(token.body).toMatchObject({
      code: 0, data: { access_token: expect.stringMatching(/^u-/), name: 'Alice Admin', email: 'alice@example.com' },
    });
    const info = await getJson(fs.endpoints.user!, bearer(token.body.data.access_token));
    expect(info.body).toMatchObject({
      code: 0, data: { open_id: token.body.data.open_id, union_id: expect.any(String), email: 'alice@example.com' },
    });
    expect((await getJson(fs.endpoints.tokenV1!, exchange)).body).toMatchObject({ code: 20003 });
    expect((await getJson(fs.endpoints.appAccessToken!, json({ app_id: fs.client.clientId, app_secret: 'x' }))).body.code).not.toBe(0);
    expect((await getJson(fs.endpoints.tokenV1!, json({ grant_type: 'authorization_code', code }))).body.code).toBe(99991663);
  });

  it('v2: client_id/secret + PKCE → user_access_token → user_info', async () => {
    const fs = await preset('feishu');
    const { code, verifier } = await presetCode(fs, 'bob');
    const body = {
      grant_type: 'authorization_code', client_id: fs.client.clientId, client_secret: fs.client.clientSecret, code,
      redirect_uri: CALLBACK, code_verifier: verifier,
    };
    const init = { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json; charset=utf-8' } };
    const token = await getJson(fs.endpoints.token!, init);
    expect(token).toMatchObject({ status: 200, body: { code: 0, token_type: 'Bearer', access_token: expect.any(String) } });
    expect((await getJson(fs.endpoints.user!, bearer(token.body.access_token))).body.data).toMatchObject({ name: 'Bob Builder' });
    expect(await getJson(fs.endpoints.token!, init)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await getJson(fs.endpoints.user!, bearer('u-nope'))).toMatchObject({ status: 401, body: { code: 99991663 } });
  });
});

describe('Google stand-in (OIDC)', () => {
  it('discovery, code with PKCE, an ID token with Google claims (hd for a Workspace user)', async () => {
    const google = await preset('google');
    const config = await client.discovery(new URL(google.baseUrl), google.client.clientId, google.client.clientSecret, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const { url, verifier, state, nonce } = await beginOidcSignIn(config, CALLBACK, 'openid email profile');
    const { callbackUrl } = await signInWithForm(url, CALLBACK, { username: 'alice', password: 'alice-password' });
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce,
    });
    expect(tokens.claims()).toMatchObject({
      sub: '10987654321001', email: 'alice@example.com', email_verified: true, given_name: 'Alice', family_name: 'Admin', hd: 'example.com',
    });
    const info = await client.fetchUserInfo(config, tokens.access_token, '10987654321001');
    expect(info).toMatchObject({ name: 'Alice Admin', picture: expect.stringMatching(/^https:/) });
    expect(google.endpoints.user).toBe(config.serverMetadata().userinfo_endpoint);
  });
});
