// The administration of sign-in providers (/api/admin/sign-in-providers): add, read, change and
// remove each kind, settings checked per kind and field, the secret written but never answered,
// providers from TARMAC_SIGN_IN_PROVIDERS read-only (and disabled, not deleted, once gone), the
// public list changing at once without a restart, the test button, and non-admins refused.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { syncDeclaredProviders } from '../src/modules/sign-in-providers/env-sync.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { engineUnderTest } from './helpers/database.ts';
import { ldapServer } from './helpers/ldap.ts';
import type { LdapServer } from './helpers/ldap.ts';
import { ldapUser } from './helpers/ldap-directory.ts';
import { ldapSettings } from './helpers/ldap-provider.ts';

let server: TestServer;
let ldap: LdapServer;
let headers: Record<string, string>;
let memberHeaders: Record<string, string>;

const ENV_PROVIDERS = JSON.stringify([
  { slug: 'env-gitlab', kind: 'gitlab', name: 'Company GitLab', settings: { client_id: 'abc', base_url: 'https://gitlab.example.com', allowed_organizations: [], admin_organizations: [] } },
]);

beforeAll(async () => {
  ldap = await ldapServer();
  server = await startServer({ TARMAC_SIGN_IN_PROVIDERS: ENV_PROVIDERS, TARMAC_SIGN_IN_PROVIDER_ENV_GITLAB_SECRET: 'gitlab-secret-0123456789' });
  const admin = await server.newUser({ role: 'admin' });
  const session = await signIn(server, admin.username, admin.password);
  headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  const member = await server.newUser();
  const memberSession = await signIn(server, member.username, member.password);
  memberHeaders = { cookie: memberSession.cookie, 'x-csrf-token': memberSession.csrf };
}, 120_000);
afterAll(() => server?.close());

interface Listed { id: number; slug: string }
const find = async (slug: string) => ((await admin('')).body as Listed[]).find((p) => p.slug === slug)!;
const admin = (url: string, method = 'GET', json?: unknown) => api(server, `/api/admin/sign-in-providers${url}`, { method, json, headers });

describe(`sign-in provider administration on ${engineUnderTest()}`, () => {
  it('adds an LDAP provider, answers its secret masked only, and keeps the secret when a change omits it', async () => {
    const created = await admin('', 'POST', {
      slug: 'corp', kind: 'ldap', name: 'Corp directory', settings: ldapSettings(ldap), secret: ldap.bindPassword, allow_sign_up: true,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ slug: 'corp', kind: 'ldap', style: 'password', source: 'ui', enabled: true, identities: 0 });
    expect(created.text).not.toContain(ldap.bindPassword);
    expect(created.body.secret).toBe(`••••••••${ldap.bindPassword.slice(-4)}`);
    const row = await server.services.signInProvidersRepository.findById(created.body.id);
    expect(row!.secret).not.toContain(ldap.bindPassword);

    const renamed = await admin(`/${created.body.id}`, 'PUT', { name: 'Corp LDAP' });
    expect(renamed.body).toMatchObject({ name: 'Corp LDAP', secret: created.body.secret });
    const listed = await admin('');
    expect(listed.text).not.toContain(ldap.bindPassword);
    // The secret still binds: a directory user signs in.
    const signedIn = await api(server, '/api/session/ldap/corp', { method: 'POST', json: { login: 'bob', password: ldapUser('bob').password } });
    expect(signedIn.status).toBe(200);
    expect((await admin(`/${created.body.id}`)).body.identities).toBe(1);
  });

  it('checks the settings of each kind per field, and the common fields', async () => {
    const ldapBad = await admin('', 'POST', { slug: 'bad', kind: 'ldap', name: 'x', settings: { ...ldapSettings(ldap), url: 'http://x', user_filter: '(uid=x)', extra: 1 } });
    expect(ldapBad.status).toBe(422);
    expect(Object.keys(ldapBad.body.details).sort()).toEqual(['settings.extra']);
    const ldapRules = await admin('', 'POST', { slug: 'bad', kind: 'ldap', name: 'x', settings: { ...ldapSettings(ldap), url: 'http://x', user_filter: '(uid=x)' } });
    expect(Object.keys(ldapRules.body.details).sort()).toEqual(['settings.url', 'settings.user_filter']);
    const oidc = await admin('', 'POST', { slug: 'sso', kind: 'oidc', name: 'SSO', settings: { issuer: 'https://id.example.com' } });
    expect(oidc.status).toBe(422);
    expect(Object.keys(oidc.body.details)).toEqual(expect.arrayContaining(['settings.client_id', 'settings.scopes']));
    const preset = await admin('', 'POST', { slug: 'gh', kind: 'github', name: 'GitHub', settings: { client_id: 'x', allowed_organizations: 'acme' } });
    expect(Object.keys(preset.body.details)).toEqual(expect.arrayContaining(['settings.allowed_organizations']));
    const common = await admin('', 'POST', { slug: 'Not A Slug', kind: 'saml', name: ' ', settings: {} });
    expect(Object.keys(common.body.details).sort()).toEqual(['kind', 'name', 'slug']);
    const taken = await admin('', 'POST', { slug: 'corp', kind: 'github', name: 'GitHub', settings: { client_id: 'x', allowed_organizations: [], admin_organizations: [] } });
    expect(taken.body.details.slug).toEqual(['has already been taken']);
    const notObject = await admin('', 'POST', { slug: 'x1', kind: 'github', name: 'GitHub', settings: [] });
    expect(notObject.status).toBe(422);
    const count = await server.database.db.selectFrom('auth_providers').select('slug').execute();
    expect(count.map((row) => row.slug).sort()).toEqual(['corp', 'env-gitlab']);
  });

  it('adds an OAuth preset and an OpenID provider, lists them for the sign-in page at once, and removes them', async () => {
    const gh = await admin('', 'POST', {
      slug: 'github', kind: 'github', name: 'GitHub', settings: { client_id: 'x', allowed_organizations: ['acme'], admin_organizations: [] },
      secret: 'short',
    });
    expect(gh.status, gh.text).toBe(201);
    expect(gh.body.secret).toBe('••••••••');
    const before = await api(server, '/api/sign-in-providers');
    expect(before.body).toMatchObject({ password_sign_in_enabled: true });
    expect(before.body.providers).toEqual(expect.arrayContaining([
      { slug: 'github', name: 'GitHub', kind: 'github', style: 'redirect', start_url: '/auth/github/start' },
      { slug: 'corp', name: 'Corp LDAP', kind: 'ldap', style: 'password', start_url: null },
    ]));
    await admin(`/${gh.body.id}`, 'PUT', { enabled: false });
    const after = await api(server, '/api/sign-in-providers');
    expect((after.body.providers as Listed[]).map((p) => p.slug)).not.toContain('github');
    expect((await admin(`/${gh.body.id}`, 'DELETE')).status).toBe(200);
    expect((await admin(`/${gh.body.id}`)).status).toBe(404);
  });

  it('removes the identities of a removed provider', async () => {
    const created = await admin('', 'POST', { slug: 'corp-b', kind: 'ldap', name: 'B', settings: ldapSettings(ldap), secret: ldap.bindPassword });
    const linked = await api(server, '/api/user/identities/ldap/corp-b', { method: 'POST', json: { login: 'alice', password: ldapUser('alice').password }, headers: memberHeaders });
    expect(linked.status, linked.text).toBe(200);
    expect((await admin(`/${created.body.id}`)).body.identities).toBe(1);
    expect((await admin(`/${created.body.id}`, 'DELETE')).status).toBe(200);
    const left = await server.database.db.selectFrom('user_identities').select('id').where('provider_id', '=', created.body.id).execute();
    expect(left).toEqual([]);
  });

  it('tests LDAP: the service bind, a user lookup with what it maps to, and the failure in words', async () => {
    const corp = await find('corp');
    const plain = await admin(`/${corp.id}/test`, 'POST', {});
    expect(plain.body).toMatchObject({ ok: true, user: null });
    expect(plain.body.message).toContain(`Bound as ${ldap.bindDn}`);
    const alice = await admin(`/${corp.id}/test`, 'POST', { username: 'alice' });
    expect(alice.body).toMatchObject({ ok: true, user: { username: 'alice', email: 'alice@tarmac.test', name: 'Alice Martin', admin: true, allowed: true } });
    const mallory = await admin(`/${corp.id}/test`, 'POST', { username: 'mallory' });
    expect(mallory.body.user).toMatchObject({ admin: false, allowed: false });
    expect((await admin(`/${corp.id}/test`, 'POST', { username: 'ghost' })).body).toMatchObject({ ok: false, user: null });
    const down = await admin('', 'POST', { slug: 'down', kind: 'ldap', name: 'Down', settings: ldapSettings(ldap, { url: 'ldap://127.0.0.1:1' }) });
    const failed = await admin(`/${down.body.id}/test`, 'POST', {});
    expect(failed.body.ok).toBe(false);
    expect(failed.body.message).toContain('ldap://127.0.0.1:1');
    await admin(`/${down.body.id}`, 'DELETE');
  });

  it('tests an OpenID provider by its discovery document, in words when it cannot be read', async () => {
    const created = await admin('', 'POST', {
      slug: 'oidc', kind: 'oidc', name: 'Self', settings: {
        issuer: `${server.url}/nothing-here`, client_id: 'x', scopes: 'openid', uid_claim: 'sub', username_claim: 'preferred_username',
        email_claim: 'email', name_claim: 'name', allowed_groups: [], admin_groups: [],
      },
    });
    expect(created.status, created.text).toBe(201);
    const result = await admin(`/${created.body.id}/test`, 'POST', {});
    expect(result.body).toMatchObject({ ok: false });
    expect(result.body.message).toContain('HTTP 404');
    await admin(`/${created.body.id}`, 'DELETE');
  });

  it('shows providers from the environment read-only, with their secret sealed', async () => {
    const listed = await find('env-gitlab');
    expect(listed).toMatchObject({ source: 'env', kind: 'gitlab', name: 'Company GitLab', secret: '••••••••6789' });
    const changed = await admin(`/${listed.id}`, 'PUT', { name: 'Mine now' });
    expect(changed).toMatchObject({ status: 409, body: { code: 'sign_in_provider.from_env' } });
    expect(changed.body.error).toContain('TARMAC_SIGN_IN_PROVIDERS');
    expect((await admin(`/${listed.id}`, 'DELETE')).status).toBe(409);
  });

  it('disables, not deletes, an env provider no longer declared, and checks the variable at start', async () => {
    const { signInProvidersRepository, providerSecrets: secretBox, clock } = server.services;
    const services = { signInProvidersRepository, secretBox, clock };
    const result = await syncDeclaredProviders([], services);
    expect(result.disabled).toEqual(['env-gitlab']);
    const row = await server.services.signInProvidersRepository.findBySlug('env-gitlab');
    expect(row).toMatchObject({ source: 'env' });
    expect(Boolean(row!.enabled)).toBe(false);

    const env = { TARMAC_DATA_DIR: server.dataDir, TARMAC_SECRET_KEY: 'x'.repeat(40) };
    const bad = (value: string) => () => loadConfig({ ...env, TARMAC_SIGN_IN_PROVIDERS: value });
    expect(bad('not json')).toThrow(/TARMAC_SIGN_IN_PROVIDERS is not valid JSON/);
    expect(bad('{}')).toThrow(/must be a JSON array/);
    expect(bad(JSON.stringify([{ slug: 'a', kind: 'ldap', name: 'A', settings: { url: 'ldap://x' } }]))).toThrow(/\[0\]\.settings\.start_tls/);
    expect(bad(JSON.stringify([{ slug: 'a', kind: 'saml', name: 'A', settings: {} }]))).toThrow(/\[0\]\.kind/);
    expect(bad(JSON.stringify([{ slug: 'a', kind: 'github', name: 'A', settings: {}, secret: 'x' }]))).toThrow(/\[0\]\.secret is not a field/);
    const file = path.join(server.dataDir, 'gl-secret');
    writeFileSync(file, 'from-a-file\n');
    const config = loadConfig({ ...env, TARMAC_SIGN_IN_PROVIDERS: ENV_PROVIDERS, TARMAC_SIGN_IN_PROVIDER_ENV_GITLAB_SECRET_FILE: file });
    expect(config.signInProviders[0]).toMatchObject({ slug: 'env-gitlab', secret: 'from-a-file', enabled: true, allow_sign_up: false });
  });

  it('answers a secret sealed under another key masked, and a sign-in with it 503, never 500', async () => {
    const created = await admin('', 'POST', { slug: 'garbled', kind: 'ldap', name: 'Garbled', settings: ldapSettings(ldap), secret: ldap.bindPassword });
    await server.services.signInProvidersRepository.update(created.body.id, { secret: 'v1.00000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect((await admin('')).status).toBe(200);
    expect((await admin(`/${created.body.id}`)).body.secret).toBe('••••••••');
    const signIn = await api(server, '/api/session/ldap/garbled', { method: 'POST', json: { login: 'bob', password: ldapUser('bob').password } });
    expect(signIn).toMatchObject({ status: 503, body: { code: 'sign_in_provider.secret_unreadable' } });
    await admin(`/${created.body.id}`, 'DELETE');
  });

  it('refuses non-admins and signed-out callers', async () => {
    expect((await api(server, '/api/admin/sign-in-providers', { headers: memberHeaders })).status).toBe(403);
    const post = await api(server, '/api/admin/sign-in-providers', { method: 'POST', json: { slug: 'x' }, headers: memberHeaders });
    expect(post.status).toBe(403);
    expect((await api(server, '/api/admin/sign-in-providers')).status).toBe(401);
    expect((await api(server, '/api/admin/sign-in-settings', { headers: memberHeaders })).status).toBe(403);
  });
});
