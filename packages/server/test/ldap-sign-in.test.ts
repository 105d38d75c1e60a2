// LDAP sign-in (modules/sign-in-providers/ldap.ts) against the real OpenLDAP of helpers/ldap.ts:
// every user of the test directory, a wrong and an empty password, a filter injection, the group
// filter and the admin group (both ways), an entry without mail, StartTLS and LDAPS with and
// without the CA, a directory that is down (503, never 500), a local account's email (link
// required), and a provider switched off (refused at once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { engineUnderTest } from './helpers/database.ts';
import { ldapCa, ldapServer } from './helpers/ldap.ts';
import type { LdapServer } from './helpers/ldap.ts';
import { LDAP_USERS, ldapUser } from './helpers/ldap-directory.ts';
import { ldapSettings } from './helpers/ldap-provider.ts';

let server: TestServer;
let ldap: LdapServer;
let admin: { cookie: string; csrf: string };

async function addProvider(slug: string, settings: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrf };
  const json = { slug, kind: 'ldap', name: `Directory ${slug}`, allow_sign_up: true, settings, secret: ldap.bindPassword, ...extra };
  const response = await api(server, '/api/admin/sign-in-providers', { method: 'POST', json, headers });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number };
}

const ldapSignIn = (slug: string, login: string, password: string) =>
  api(server, `/api/session/ldap/${slug}`, { method: 'POST', json: { login, password } });

beforeAll(async () => {
  ldap = await ldapServer();
  server = await startServer({ TARMAC_MAX_FAILED_ATTEMPTS: '1000' });
  const owner = await server.newUser({ role: 'admin' });
  admin = await signIn(server, owner.username, owner.password);
  await addProvider('corp', ldapSettings(ldap));
}, 120_000);
afterAll(() => server?.close());

describe(`LDAP sign-in on ${engineUnderTest()}`, () => {
  it('signs in each user of the group, creating the account with the mapped username, email and name', async () => {
    for (const user of LDAP_USERS.filter((u) => u.groups.includes('tarmac-users') && u.mail)) {
      const response = await ldapSignIn('corp', user.uid, user.password);
      expect(response.status, `${user.uid}: ${response.text}`).toBe(200);
      expect(response.headers.get('set-cookie')).toContain('tarmac_session=');
      expect(response.body.user).toMatchObject({ username: user.uid, email: user.mail });
      const row = await server.database.db.selectFrom('user_identities').selectAll().where('subject', '=', user.uid).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: user.mail, display_name: user.cn });
    }
  });

  it('gives the admin role to the admin group, and takes it back when the entry leaves it', async () => {
    const alice = ldapUser('alice');
    const first = await ldapSignIn('corp', 'alice', alice.password);
    expect(first.body.user.role).toBe('admin');
    const bob = await ldapSignIn('corp', 'bob', ldapUser('bob').password);
    expect(bob.body.user.role).toBe('member');
    // The same entries under a provider whose admin filter names a group alice is not in: she is no admin there.
    const provider = await server.services.signInProvidersRepository.findBySlug('corp');
    const settings = { ...JSON.parse(provider!.settings), admin_group_filter: '(memberOf=cn=nobody,ou=groups,dc=tarmac,dc=test)' };
    await api(server, `/api/admin/sign-in-providers/${provider!.id}`, {
      method: 'PUT', json: { settings }, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
    });
    const again = await ldapSignIn('corp', 'alice', alice.password);
    expect(again.body.user.role).toBe('member');
    await api(server, `/api/admin/sign-in-providers/${provider!.id}`, {
      method: 'PUT', json: { settings: ldapSettings(ldap) }, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
    });
    expect((await ldapSignIn('corp', 'alice', alice.password)).body.user.role).toBe('admin');
  });

  it('refuses a wrong password, another user\'s password and an empty password with 401', async () => {
    const wrong = await ldapSignIn('corp', 'bob', 'not-the-password');
    expect(wrong).toMatchObject({ status: 401, body: { code: 'auth.invalid_credentials' } });
    expect((await ldapSignIn('corp', 'bob', ldapUser('alice').password)).status).toBe(401);
    // An empty password is an "unauthenticated bind", which the directory accepts: Tarmac must not.
    expect(await ldapSignIn('corp', 'bob', '')).toMatchObject({ status: 401, body: { code: 'auth.invalid_credentials' } });
    expect((await ldapSignIn('corp', 'nobody-here', 'x')).status).toBe(401);
  });

  it('escapes the username in the filter: an injection matches nothing', async () => {
    for (const login of ['*)(uid=*', '*', 'b*', 'bob)(|(uid=*', 'bob\\']) {
      const response = await ldapSignIn('corp', login, ldapUser('bob').password);
      expect(response.status, login).toBe(401);
    }
  });

  it('refuses an entry outside the group filter with 403, and an entry without mail with the identity refusal', async () => {
    const mallory = await ldapSignIn('corp', 'mallory', ldapUser('mallory').password);
    expect(mallory).toMatchObject({ status: 403, body: { code: 'ldap.not_allowed' } });
    const carol = await ldapSignIn('corp', 'carol', ldapUser('carol').password);
    expect(carol).toMatchObject({ status: 403, body: { code: 'identity.email_missing' } });
    const users = await server.database.db.selectFrom('users').select('username').where('username', 'in', ['mallory', 'carol']).execute();
    expect(users).toEqual([]);
  });

  it('asks for a link when a local account already has the email, and links it once its owner confirms', async () => {
    await addProvider('corp2', ldapSettings(ldap));
    const local = await server.newUser();
    await server.database.db.deleteFrom('users').where('username', '=', 'wei.zhang').execute();
    await server.database.db.updateTable('users').set({ email: 'zhang.wei@tarmac.test' }).where('id', '=', local.id).execute();
    const response = await ldapSignIn('corp2', 'wei.zhang', ldapUser('wei.zhang').password);
    expect(response).toMatchObject({ status: 409, body: { code: 'identity.link_required', email: 'zhang.wei@tarmac.test' } });
    expect(response.headers.get('set-cookie')).toBeNull();
    const session = await signIn(server, local.username, local.password);
    const confirmed = await api(server, '/api/user/identities/confirm', {
      method: 'POST', json: { link_token: response.body.link_token }, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(confirmed.status).toBe(200);
    const after = await ldapSignIn('corp2', 'wei.zhang', ldapUser('wei.zhang').password);
    expect(after).toMatchObject({ status: 200, body: { user: { id: local.id } } });
  });

  it('links a directory account from the settings with its username and password', async () => {
    const local = await server.newUser();
    const session = await signIn(server, local.username, local.password);
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    const wrong = await api(server, '/api/user/identities/ldap/corp2', { method: 'POST', json: { login: 'bob', password: 'nope' }, headers });
    expect(wrong).toMatchObject({ status: 403, body: { code: 'auth.invalid_credentials' } });
    const taken = await api(server, '/api/user/identities/ldap/corp', { method: 'POST', json: { login: 'bob', password: ldapUser('bob').password }, headers });
    expect(taken).toMatchObject({ status: 409, body: { code: 'identity.taken' } });
    const linked = await api(server, '/api/user/identities/ldap/corp2', { method: 'POST', json: { login: 'bob', password: ldapUser('bob').password }, headers });
    expect(linked).toMatchObject({ status: 200, body: { provider: { slug: 'corp2', kind: 'ldap' } } });
  });

  it('speaks StartTLS and LDAPS with the CA, and answers 503 without it', async () => {
    const ca = ldapCa(ldap);
    await addProvider('starttls', ldapSettings(ldap, { start_tls: true, ca_certificate: ca }));
    await addProvider('ldaps', ldapSettings(ldap, { url: ldap.ldapsUrl, ca_certificate: ca }));
    await addProvider('starttls-noca', ldapSettings(ldap, { start_tls: true }));
    await addProvider('ldaps-noca', ldapSettings(ldap, { url: ldap.ldapsUrl }));
    // bob's account came from "corp": a right password at another provider asks for the link (the bind worked).
    for (const slug of ['starttls', 'ldaps']) {
      const response = await ldapSignIn(slug, 'bob', ldapUser('bob').password);
      expect(response, slug).toMatchObject({ status: 409, body: { code: 'identity.link_required' } });
      expect((await ldapSignIn(slug, 'bob', 'wrong')).status, slug).toBe(401);
    }
    for (const slug of ['starttls-noca', 'ldaps-noca']) {
      const response = await ldapSignIn(slug, 'bob', ldapUser('bob').password);
      expect(response, slug).toMatchObject({ status: 503, body: { code: 'ldap.unavailable' } });
      expect(response.body.error).toMatch(/certificate/i);
    }
  });

  it('answers 503 with a clear message when the directory is down or refuses the service account', async () => {
    await addProvider('down', ldapSettings(ldap, { url: 'ldap://127.0.0.1:1' }));
    const down = await ldapSignIn('down', 'bob', ldapUser('bob').password);
    expect(down).toMatchObject({ status: 503, body: { code: 'ldap.unavailable' } });
    expect(down.body.error).toContain('ldap://127.0.0.1:1');
    await addProvider('badbind', ldapSettings(ldap), { secret: 'wrong-service-password' });
    const bad = await ldapSignIn('badbind', 'bob', ldapUser('bob').password);
    expect(bad).toMatchObject({ status: 503, body: { code: 'ldap.unavailable' } });
    expect(bad.body.error).toContain('service account');
  });

  it('refuses a provider at once when it is switched off, and an unknown slug', async () => {
    const { id } = await addProvider('switch', ldapSettings(ldap));
    expect((await ldapSignIn('switch', 'bob', ldapUser('bob').password)).status).toBe(409); // bob's account is corp's: link first
    await api(server, `/api/admin/sign-in-providers/${id}`, {
      method: 'PUT', json: { enabled: false }, headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
    });
    expect(await ldapSignIn('switch', 'bob', ldapUser('bob').password)).toMatchObject({ status: 404, body: { code: 'sign_in_provider.not_found' } });
    expect((await ldapSignIn('no-such', 'bob', 'x')).status).toBe(404);
  });

  it('counts wrong directory passwords like local ones: 429 after the limit, even for the right password', async () => {
    const strict = await startServer({ TARMAC_MAX_FAILED_ATTEMPTS: '2' });
    try {
      await strict.services.signInProvidersRepository.insert({
        slug: 'corp', kind: 'ldap', name: 'Corp', enabled: true, allow_sign_up: true, settings: JSON.stringify(ldapSettings(ldap)),
        secret: strict.services.providerSecrets.encrypt(ldap.bindPassword), source: 'ui', position: 0, created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
      const attempt = (password: string) => api(strict, '/api/session/ldap/corp', { method: 'POST', json: { login: 'bob', password } });
      expect((await attempt('wrong-1')).status).toBe(401);
      expect((await attempt('wrong-2')).status).toBe(401);
      const blocked = await attempt(ldapUser('bob').password);
      expect(blocked).toMatchObject({ status: 429, body: { code: 'auth.too_many_attempts' } });
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await strict.close();
    }
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await api(server, '/api/session/ldap/corp', {
      method: 'POST', json: { login: 'bob', password: ldapUser('bob').password }, headers: { origin: 'https://evil.example' },
    });
    expect(response).toMatchObject({ status: 403, body: { code: 'auth.origin_not_allowed' } });
  });

  it('writes an audit line for an LDAP sign-in and for a wrong directory password', async () => {
    const carol = LDAP_USERS.find((u) => u.groups.includes('tarmac-users') && u.mail)!;
    expect((await ldapSignIn('corp', carol.uid, carol.password)).status).toBe(200);
    const newest = async (action: string) =>
      server.database.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const success = await newest('session.sign_in');
    expect(success).toMatchObject({ actor_name: carol.uid, actor_via: 'session', outcome: 'success' });
    expect(JSON.parse(success.details)).toEqual({ method: 'ldap', provider: 'corp' });
    expect((await ldapSignIn('corp', carol.uid, 'not the directory password')).status).toBe(401);
    const failure = await newest('session.sign_in_failed');
    expect(failure).toMatchObject({ actor_id: null, actor_name: carol.uid, outcome: 'failure' });
    expect(JSON.parse(failure.details)).toEqual({ method: 'ldap', reason: 'auth.invalid_credentials', provider: 'corp' });
  });
});
