// OpenID Connect sign-in end to end over HTTP: a real Tarmac, a real OpenID provider (oidc-provider,
// test/helpers/oidc-provider.ts), the provider's login form driven with fetch. Every refusal sends the
// browser to /login?error=<code>, never a 500 and never a session.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OIDC_ACCOUNTS, startOidcProvider } from './helpers/oidc-provider.ts';
import type { TestOidcProvider } from './helpers/oidc-provider.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { addProvider, atProvider, Browser, errorOf, signInThrough } from './helpers/sign-in-flow.ts';

let server: TestServer;
let idp: TestOidcProvider;
let slowIdp: TestOidcProvider;

const SETTINGS = {
  client_id: 'tarmac', scopes: 'openid profile email groups', uid_claim: 'sub', username_claim: 'preferred_username',
  email_claim: 'email', name_claim: 'name', groups_claim: 'groups', allowed_groups: [], admin_groups: ['tarmac-admins'],
};

beforeAll(async () => {
  server = await startServer();
  const redirectUris = ['oidc', 'staff', 'slow', 'gone', 'off', 'closed'].map((slug) => `${server.url}/auth/${slug}/callback`);
  const erin = { sub: 'erin-1', username: 'erin', password: 'erin-password', email: 'erin@example.com', email_verified: true, name: 'Erin', groups: [] };
  idp = await startOidcProvider({ clients: [{ clientId: 'tarmac', clientSecret: 'tarmac-secret', redirectUris }], accounts: [...DEFAULT_OIDC_ACCOUNTS, erin] });
  slowIdp = await startOidcProvider({ clients: [{ clientId: 'tarmac', clientSecret: 'tarmac-secret', redirectUris }], codeTtlSeconds: 1 });
  await addProvider(server, { slug: 'oidc', kind: 'oidc', name: 'Company SSO', settings: { ...SETTINGS, issuer: idp.issuer }, secret: 'tarmac-secret' });
  await addProvider(server, {
    slug: 'staff', kind: 'oidc', name: 'Staff SSO', secret: 'tarmac-secret',
    settings: { ...SETTINGS, issuer: idp.issuer, allowed_groups: ['tarmac-admins'], admin_groups: [] },
  });
  await addProvider(server, { slug: 'slow', kind: 'oidc', name: 'Slow SSO', settings: { ...SETTINGS, issuer: slowIdp.issuer }, secret: 'tarmac-secret' });
  await addProvider(server, { slug: 'off', kind: 'oidc', name: 'Off SSO', settings: { ...SETTINGS, issuer: idp.issuer }, secret: 'tarmac-secret', enabled: false });
  await addProvider(server, {
    slug: 'closed', kind: 'oidc', name: 'Closed SSO', settings: { ...SETTINGS, issuer: idp.issuer }, secret: 'tarmac-secret', allowSignUp: false,
  });
  await addProvider(server, { slug: 'gone', kind: 'oidc', name: 'Gone SSO', settings: { ...SETTINGS, issuer: `http://127.0.0.1:${await freePort()}` } });
});
afterAll(async () => {
  await idp?.close();
  await slowIdp?.close();
  await server?.close();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('OpenID Connect sign-in', () => {
  it('start sends the browser to the provider with PKCE, state and nonce, and binds the state to the browser', async () => {
    const browser = new Browser(server);
    const url = await browser.start('oidc', { next: '/apps' });
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'tarmac', redirect_uri: `${server.url}/auth/oidc/callback`, response_type: 'code', scope: 'openid profile email groups',
      code_challenge_method: 'S256', code_challenge: expect.stringMatching(/^[\w-]{43}$/), state: expect.any(String), nonce: expect.any(String),
    });
    expect(browser.jar.get('tarmac_sign_in_state')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs in, creates the account from the claims (admin by group) and lands on next', async () => {
    const browser = new Browser(server);
    const done = await signInThrough(browser, server, 'oidc', 'alice', { next: '/apps/demo?tab=1' });
    expect(done).toMatchObject({ status: 302, location: '/apps/demo?tab=1' });
    const { user } = await browser.session();
    expect(user).toMatchObject({ username: 'alice', email: 'alice@example.com', role: 'admin' });
    // The same person again, in another browser: the same account, not a new one.
    const again = new Browser(server);
    expect(await signInThrough(again, server, 'oidc', 'alice')).toMatchObject({ status: 302, location: '/' });
    expect((await again.session()).user?.id).toBe(user!.id);
    // The codes and states of callbacks never reach the log (a request's URL is logged at debug level).
    const third = new Browser(server);
    const callback = await atProvider(await third.start('oidc'), server, 'oidc', 'alice');
    expect((await third.get(callback.href)).location).toBe('/');
    const log = server.logs.join('\n');
    expect(log).toContain('/auth/oidc/callback?');
    expect(log).not.toContain(callback.searchParams.get('state')!);
    expect(log).not.toContain(callback.searchParams.get('code')!);
  });

  it('an unsafe next goes to /', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect(await signInThrough(new Browser(server), server, 'oidc', 'bob', { next })).toMatchObject({ status: 302, location: '/' });
    }
  });

  it('allowed groups refuse a person in none of them; admin groups give the role', async () => {
    expect(errorOf((await signInThrough(new Browser(server), server, 'staff', 'bob')).location))
      .toEqual({ error: 'oauth.not_allowed', provider: 'Staff SSO' });
    const browser = new Browser(server);
    // alice has an account from another provider by now: in she goes, once she confirms the link.
    const admitted = await signInThrough(browser, server, 'staff', 'alice');
    expect(new URL(admitted.location!, server.url).pathname).toMatch(/^\/(link-identity)?$/);
  });

  it('refuses an unverified email, and an account the provider may not create', async () => {
    const browser = new Browser(server);
    const refused = await signInThrough(browser, server, 'oidc', 'carol');
    expect(errorOf(refused.location)).toEqual({ error: 'identity.email_unverified', provider: 'Company SSO', email: 'carol@example.com' });
    expect((await browser.session()).user).toBeNull();
    const closed = await signInThrough(new Browser(server), server, 'closed', 'erin');
    expect(errorOf(closed.location)).toMatchObject({ error: 'identity.sign_up_closed' });
  });

  it('refuses a wrong state, a state from another browser and a replayed callback', async () => {
    const browser = new Browser(server);
    const callback = await atProvider(await browser.start('oidc'), server, 'oidc', 'bob');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    expect(errorOf((await browser.get(forged.href)).location)).toEqual({ error: 'oauth.state_invalid' });
    // Another browser (an attacker's callback opened by a victim): refused, and the state is not spent.
    const other = new Browser(server);
    await other.start('oidc');
    expect(errorOf((await other.get(callback.href)).location)).toEqual({ error: 'oauth.state_other_browser' });
    expect(errorOf((await new Browser(server).get(callback.href)).location)).toEqual({ error: 'oauth.state_other_browser' });
    const cookieBefore = browser.cookie;
    expect((await browser.get(callback.href)).location).toBe('/');
    // Replayed, even with the cookie as it was: the state was used.
    const replay = new Browser(server);
    for (const pair of cookieBefore.split('; ')) replay.jar.set(pair.split('=')[0]!, pair.split('=').slice(1).join('='));
    replay.jar.delete('tarmac_session');
    expect(errorOf((await replay.get(callback.href)).location)).toEqual({ error: 'oauth.state_invalid' });
    expect((await replay.session()).user).toBeNull();
  });

  it('refuses an expired code', async () => {
    const browser = new Browser(server);
    const callback = await atProvider(await browser.start('slow'), server, 'slow', 'bob');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(errorOf((await browser.get(callback.href)).location)).toEqual({ error: 'oauth.code_invalid', provider: 'Slow SSO' });
    expect((await browser.session()).user).toBeNull();
  });

  it('the provider saying access_denied is its own error', async () => {
    const browser = new Browser(server);
    const state = (await browser.start('oidc')).searchParams.get('state')!;
    const res = await browser.get(`/auth/oidc/callback?${new URLSearchParams({ error: 'access_denied', state }).toString()}`);
    expect(errorOf(res.location)).toEqual({ error: 'oauth.denied', provider: 'Company SSO' });
    const second = (await browser.start('oidc')).searchParams.get('state')!;
    const other = await browser.get(`/auth/oidc/callback?${new URLSearchParams({ error: 'server_error', state: second }).toString()}`);
    expect(errorOf(other.location)).toEqual({ error: 'oauth.provider_error', provider: 'Company SSO' });
  });

  it('a provider that cannot be reached, a switched-off or unknown provider: the sign-in page with the code', async () => {
    const browser = new Browser(server);
    expect(errorOf((await browser.get('/auth/gone/start')).location)).toEqual({ error: 'oauth.unreachable', provider: 'Gone SSO' });
    expect(errorOf((await browser.get('/auth/off/start')).location)).toEqual({ error: 'oauth.provider_unknown' });
    expect(errorOf((await browser.get('/auth/nobody/start')).location)).toEqual({ error: 'oauth.provider_unknown' });
    expect((await browser.get(`/auth/${'x'.repeat(300)}/start`)).status).toBe(400); // longer than Fastify's parameters
    expect(errorOf((await browser.get('/auth/oidc/callback?state=a&state=b&code=c')).location)).toEqual({ error: 'oauth.state_invalid' });
    expect(errorOf((await browser.get('/auth/oidc/callback')).location)).toEqual({ error: 'oauth.state_invalid' });
    expect(server.logs.join('\n')).toMatch(/discovery at http:\/\/127\.0\.0\.1:\d+\/ failed/);
  });

  it('a provider switched off after the start refuses the callback', async () => {
    const row = await addProvider(server, { slug: 'later', kind: 'oidc', settings: { ...SETTINGS, issuer: idp.issuer }, secret: 'tarmac-secret' });
    const browser = new Browser(server);
    const state = (await browser.start('later')).searchParams.get('state')!;
    await server.services.signInProvidersRepository.update(row.id, { enabled: false });
    expect(errorOf((await browser.get(`/auth/later/callback?code=x&state=${state}`)).location)).toEqual({ error: 'oauth.provider_unknown' });
  });
});

describe('OpenID Connect identities and accounts', () => {
  it('link=1 from a signed-in browser links the identity to that account', async () => {
    const local = await server.newUser();
    const { cookie } = await signIn(server, local.username, local.password);
    const browser = new Browser(server);
    browser.jar.set(cookie.split('=')[0]!, cookie.split('=').slice(1).join('='));
    const done = await signInThrough(browser, server, 'closed', 'bob', { link: '1' });
    expect(done).toMatchObject({ status: 302, location: '/settings/sign-in' });
    const identities = await api(server, '/api/user/identities', { token: local.token });
    expect(identities.body).toEqual([expect.objectContaining({ email: 'bob@example.com' })]);
    // From now on bob signs in to that account through this provider.
    const later = new Browser(server);
    expect(await signInThrough(later, server, 'closed', 'bob')).toMatchObject({ status: 302, location: '/' });
    expect((await later.session()).user?.id).toBe(local.id);
  });

  it('link=1 without a session is a plain sign-in', async () => {
    const browser = new Browser(server);
    const done = await signInThrough(browser, server, 'oidc', 'bob', { link: '1' });
    expect(done.location).toBe('/');
  });

  it('an existing account with the verified email must confirm the link while signed in', async () => {
    const fresh = await startOidcProvider({
      clients: [{ clientId: 'tarmac', clientSecret: 'tarmac-secret', redirectUris: [`${server.url}/auth/linking/callback`] }],
      accounts: [{ sub: 'dave-1', username: 'dave', password: 'dave-password', email: 'dave@example.com', email_verified: true, name: 'Dave', groups: [] }],
    });
    try {
      await addProvider(server, { slug: 'linking', kind: 'oidc', settings: { ...SETTINGS, issuer: fresh.issuer }, secret: 'tarmac-secret' });
      const dave = await server.newUser({ username: 'dave' });
      const browser = new Browser(server);
      const done = await signInThrough(browser, server, 'linking', 'dave', { next: '/apps' });
      const to = new URL(done.location!, server.url);
      expect(to.pathname).toBe('/link-identity');
      expect(Object.fromEntries(to.searchParams)).toMatchObject({ next: '/apps', provider: 'linking' });
      expect((await browser.session()).user).toBeNull();
      const confirmed = await api(server, '/api/user/identities/confirm', {
        method: 'POST', token: dave.token, json: { link_token: to.searchParams.get('link_token') },
      });
      expect(confirmed.status).toBe(200);
      const again = new Browser(server);
      await signInThrough(again, server, 'linking', 'dave');
      expect((await again.session()).user?.id).toBe(dave.id);
    } finally {
      await fresh.close();
    }
  });

  it('writes an audit line for a sign-in through a provider, and for a refusal', async () => {
    const newest = async (action: string) => {
      const row = await server.database.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();
      return row && { ...row, details: JSON.parse(row.details) as Record<string, unknown> };
    };
    const browser = new Browser(server);
    expect((await signInThrough(browser, server, 'oidc', 'alice')).status).toBe(302);
    const { user } = await browser.session();
    expect(await newest('session.sign_in')).toMatchObject({
      actor_id: user!.id, actor_name: 'alice', actor_via: 'session', ip: '127.0.0.1', details: { method: 'provider', provider: 'oidc' },
    });
    // A provider that may not create accounts refuses a new person: a failure line, no account named.
    const refused = await signInThrough(new Browser(server), server, 'closed', 'erin');
    expect(errorOf(refused.location).error).toMatch(/^identity\./);
    expect(await newest('session.sign_in_failed')).toMatchObject({
      outcome: 'failure', actor_id: null, details: { method: 'provider', provider: 'closed', reason: errorOf(refused.location).error },
    });
  });
});
