// Each OAuth preset's sign-in end to end over HTTP, against a local server that implements that
// provider's documented endpoints (test/helpers/oauth-presets.ts): the real services cannot be
// reached from here. The full flow, the organisation or group restriction (and the admin role it
// gives), and each provider's rule for a verified email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_PRESETS } from '../src/modules/sign-in-providers/kinds.ts';
import type { OAuthPreset } from '../src/modules/sign-in-providers/kinds.ts';
import { startOAuthPreset } from './helpers/oauth-presets.ts';
import { signInWithForm } from './helpers/oidc-provider.ts';
import type { TestOAuthPreset } from './helpers/oauth-presets.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { addProvider, Browser, errorOf, signInThrough } from './helpers/sign-in-flow.ts';

let server: TestServer;
const presets = new Map<OAuthPreset, TestOAuthPreset>();

/** The organisation each preset's alice belongs to, as an admin would type it. */
const ORG: Record<OAuthPreset, string> = {
  github: 'tarmac-org', gitlab: 'mobile/tarmac', gitea: 'tarmac-org', google: 'example.com', feishu: 'tenant-test',
};

const settings = (kind: OAuthPreset, p: TestOAuthPreset, extra: object = {}) => ({
  client_id: p.client.clientId, base_url: p.baseUrl, allowed_organizations: [], admin_organizations: [], ...extra,
});

beforeAll(async () => {
  server = await startServer();
  for (const kind of OAUTH_PRESETS) {
    const slugs = [kind, `${kind}-org`, `${kind}-admins`, `${kind}-elsewhere`];
    const p = await startOAuthPreset(kind, { redirectUris: slugs.map((slug) => `${server.url}/auth/${slug}/callback`) });
    presets.set(kind, p);
    const secret = p.client.clientSecret;
    await addProvider(server, { slug: kind, kind, name: `${kind} preset`, settings: settings(kind, p), secret });
    await addProvider(server, { slug: `${kind}-org`, kind, name: `${kind} org`, settings: settings(kind, p, { allowed_organizations: [ORG[kind]] }), secret });
    const elsewhere = settings(kind, p, { allowed_organizations: ['not-theirs'] });
    await addProvider(server, { slug: `${kind}-elsewhere`, kind, name: `${kind} elsewhere`, settings: elsewhere, secret });
    await addProvider(server, {
      slug: `${kind}-admins`, kind, name: `${kind} admins`, settings: settings(kind, p, { admin_organizations: [ORG[kind].toUpperCase()] }), secret,
    });
  }
});
afterAll(async () => {
  for (const p of presets.values()) await p.close();
  await server?.close();
});

/** The same people sign in through every preset: each preset starts with no accounts. */
const noAccounts = () => server.database.db.deleteFrom('users').execute();

describe.each(OAUTH_PRESETS)('%s preset', (kind) => {
  beforeAll(noAccounts);

  it('signs in and creates the account; the same person again signs in to it', async () => {
    const browser = new Browser(server);
    const authorize = await browser.start(kind, { next: '/apps' });
    expect(authorize.origin).toBe(new URL(presets.get(kind)!.baseUrl).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const done = await signInThrough(new Browser(server), server, kind, 'bob', { next: '/apps' });
    expect(done.location, `${kind}: ${done.location}`).toBe('/apps');
    const first = new Browser(server);
    await signInThrough(first, server, kind, 'bob');
    const { user } = await first.session();
    expect(user).toMatchObject({ role: 'member' });
    expect(user?.email).toMatch(/@(example\.com|corp\.example\.com)$/);
  });

  it('allowed organisations refuse a person in none; an admin organisation gives the admin role', async () => {
    const refused = await signInThrough(new Browser(server), server, `${kind}-elsewhere`, 'alice');
    expect(errorOf(refused.location)).toEqual({ error: 'oauth.not_allowed', provider: `${kind} elsewhere` });
    // Feishu's stand-in puts everyone in one tenant; elsewhere bob is in no organisation.
    if (kind !== 'feishu') expect(errorOf((await signInThrough(new Browser(server), server, `${kind}-org`, 'bob')).location)).toMatchObject({ error: 'oauth.not_allowed' });
    // alice has no account yet: the admin-organisation provider creates her as an administrator.
    const browser = new Browser(server);
    const admitted = await signInThrough(browser, server, `${kind}-admins`, 'alice');
    expect(admitted.location).toBe('/');
    expect((await browser.session()).user).toMatchObject({ role: 'admin' });
    await server.database.db.deleteFrom('users').where('id', '=', (await browser.session()).user!.id).execute();
    const member = await signInThrough(new Browser(server), server, `${kind}-org`, 'alice');
    expect(member.location).toBe('/');
  });

  it('refuses an email the provider does not vouch for (GitHub: unverified primary; GitLab: unconfirmed; Gitea: inactive…)', async () => {
    const refused = await signInThrough(new Browser(server), server, kind, 'carol');
    expect(errorOf(refused.location)).toEqual({ error: 'identity.email_unverified', provider: `${kind} preset`, email: 'carol@example.com' });
  });
});

describe('preset details', () => {
  beforeAll(noAccounts);

  it('GitHub: the primary verified email of /user/emails, the numeric id as the identity', async () => {
    const browser = new Browser(server);
    await signInThrough(browser, server, 'github', 'bob');
    const rows = await server.database.db.selectFrom('user_identities').innerJoin('auth_providers', 'auth_providers.id', 'provider_id')
      .select(['subject', 'user_identities.email']).where('auth_providers.slug', '=', 'github').execute();
    expect(rows).toContainEqual({ subject: '1002', email: 'bob@example.com' });
  });

  it('GitLab self-managed: the instance comes from base_url (a path prefix kept), a wrong one is unreachable', async () => {
    const gl = presets.get('gitlab')!;
    await addProvider(server, {
      slug: 'gitlab-offsite', kind: 'gitlab', name: 'Elsewhere', secret: gl.client.clientSecret,
      settings: settings('gitlab', gl, { base_url: 'http://127.0.0.1:9/gitlab' }),
    });
    const start = await new Browser(server).start('gitlab-offsite');
    expect(start.href).toMatch(/^http:\/\/127\.0\.0\.1:9\/gitlab\/oauth\/authorize\?/);
    expect(start.searchParams.get('scope')).toBe('read_user');
    const org = await new Browser(server).start('gitlab-org');
    expect(org.searchParams.get('scope')).toBe('read_user read_api');
    const browser = new Browser(server);
    const state = start.searchParams.get('state')!;
    expect(errorOf((await browser.get(`/auth/gitlab-offsite/callback?code=abc&state=${state}`)).location))
      .toEqual({ error: 'oauth.state_other_browser' });
    const own = new Browser(server);
    const ownState = (await own.start('gitlab-offsite')).searchParams.get('state')!;
    expect(errorOf((await own.get(`/auth/gitlab-offsite/callback?code=abc&state=${ownState}`)).location))
      .toEqual({ error: 'oauth.unreachable', provider: 'Elsewhere' });
  });

  it.each(['github', 'gitlab', 'gitea', 'feishu'] as const)('%s: a code refused by the preset (already used) is oauth.code_invalid', async (kind) => {
    const browser = new Browser(server);
    const authorize = await browser.start(kind);
    const { callbackUrl } = await signInWithForm(authorize, `${server.url}/auth/${kind}/callback`, { username: 'bob', password: 'bob-password' });
    // Spend the code first, as a leaked callback URL would (any attempt at the token endpoint spends it).
    const p = presets.get(kind)!;
    await fetch(p.endpoints.token!, {
      method: 'POST', body: new URLSearchParams({
        client_id: p.client.clientId, client_secret: p.client.clientSecret, code: callbackUrl.searchParams.get('code')!,
        grant_type: 'authorization_code',
      }),
    });
    expect(errorOf((await browser.get(callbackUrl.href)).location)).toEqual({ error: 'oauth.code_invalid', provider: `${kind} preset` });
  });
});
