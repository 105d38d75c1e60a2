// SSO-only mode (password_sign_in_enabled off): local passwords and sign-up are refused while
// providers still sign in; turning it off is refused while no provider is enabled or while the
// admin doing it has no linked identity, and the last provider cannot be switched off under it;
// `tarmac sign-in allow-passwords` turns passwords back on while the server runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/process.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { engineUnderTest } from './helpers/database.ts';
import { ldapServer } from './helpers/ldap.ts';
import type { LdapServer } from './helpers/ldap.ts';
import { ldapUser } from './helpers/ldap-directory.ts';
import { ldapSettings } from './helpers/ldap-provider.ts';

let server: TestServer;
let ldap: LdapServer;
let owner: TestUser;
let headers: Record<string, string>;
let providerId: number;

const setPasswords = (enabled: boolean) =>
  api(server, '/api/admin/sign-in-settings', { method: 'PUT', json: { password_sign_in_enabled: enabled }, headers });

beforeAll(async () => {
  ldap = await ldapServer();
  server = await startServer();
  owner = await server.newUser({ role: 'admin' });
  const session = await signIn(server, owner.username, owner.password);
  headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
}, 120_000);
afterAll(() => server?.close());

describe(`SSO-only mode on ${engineUnderTest()}`, () => {
  it('refuses to turn passwords off while no provider is enabled', async () => {
    expect((await api(server, '/api/admin/sign-in-settings', { headers })).body).toEqual({ password_sign_in_enabled: true });
    const refused = await setPasswords(false);
    expect(refused).toMatchObject({ status: 409, body: { code: 'sso.no_provider' } });
    expect((await api(server, '/api/sign-in-providers')).body.password_sign_in_enabled).toBe(true);
  });

  it('refuses it while the admin has no linked identity, then allows it once they linked one', async () => {
    const created = await api(server, '/api/admin/sign-in-providers', {
      method: 'POST', headers, json: { slug: 'corp', kind: 'ldap', name: 'Corp', settings: ldapSettings(ldap), secret: ldap.bindPassword, allow_sign_up: true },
    });
    providerId = created.body.id;
    const refused = await setPasswords(false);
    expect(refused).toMatchObject({ status: 409, body: { code: 'sso.admin_not_linked' } });
    expect(refused.body.error).toContain('lock yourself out');
    const linked = await api(server, '/api/user/identities/ldap/corp', { method: 'POST', headers, json: { login: 'alice', password: ldapUser('alice').password } });
    expect(linked.status, linked.text).toBe(200);
    expect(await setPasswords(false)).toMatchObject({ status: 200, body: { password_sign_in_enabled: false } });
  });

  it('then refuses local passwords and sign-up, while the provider signs in', async () => {
    const member = await server.newUser();
    const password = await api(server, '/api/session', { method: 'POST', json: { login: member.username, password: member.password } });
    expect(password).toMatchObject({ status: 403, body: { code: 'auth.password_sign_in_disabled' } });
    const wrong = await api(server, '/api/session', { method: 'POST', json: { login: member.username, password: 'wrong' } });
    expect(wrong.status).toBe(403);
    await server.services.settingsService.set('registration_enabled', true);
    const signup = await api(server, '/api/users/register', {
      method: 'POST', json: { username: 'newbie', email: 'newbie@example.com', password: 'long-enough-password' },
    });
    expect(signup).toMatchObject({ status: 403, body: { code: 'auth.password_sign_in_disabled' } });
    expect(await server.database.db.selectFrom('users').select('id').where('username', '=', 'newbie').execute()).toEqual([]);
    const listed = await api(server, '/api/sign-in-providers');
    expect(listed.body).toMatchObject({ password_sign_in_enabled: false, providers: [{ slug: 'corp', style: 'password' }] });
    const ldapSignIn = await api(server, '/api/session/ldap/corp', { method: 'POST', json: { login: 'alice', password: ldapUser('alice').password } });
    expect(ldapSignIn).toMatchObject({ status: 200, body: { user: { id: owner.id } } });
    // A token keeps working: API clients do not sign in with passwords.
    expect((await api(server, '/api/user', { token: member.token })).status).toBe(200);
  });

  it('refuses to switch off or remove the last enabled provider while passwords are off', async () => {
    const off = await api(server, `/api/admin/sign-in-providers/${providerId}`, { method: 'PUT', headers, json: { enabled: false } });
    expect(off).toMatchObject({ status: 409, body: { code: 'sign_in_provider.last_enabled' } });
    const removed = await api(server, `/api/admin/sign-in-providers/${providerId}`, { method: 'DELETE', headers });
    expect(removed).toMatchObject({ status: 409, body: { code: 'sign_in_provider.last_enabled' } });
  });

  it('comes back with `tarmac sign-in allow-passwords` while the server runs, without a restart', async () => {
    const database = server.config.database;
    const env = {
      TARMAC_DATA_DIR: server.dataDir,
      DATABASE_URL: database.engine === 'sqlite' ? `sqlite:${database.filename}` : database.connectionString,
    };
    const result = runCli(['sign-in', 'allow-passwords'], env);
    expect(result.stderr).toContain('Password sign-in is on again');
    expect(result.status).toBe(0);
    // Both switches are in the audit log: off by the administrator, on again by the command.
    const lines = await server.database.db.selectFrom('audit_events').selectAll()
      .where('action', '=', 'settings.update').where('target_id', '=', 'password_sign_in_enabled').orderBy('id', 'desc').execute();
    expect(lines[0]).toMatchObject({ actor_id: null, actor_name: 'cli', actor_via: 'cli', details: JSON.stringify({ from: false, to: true }) });
    expect(lines.find((line) => line.actor_via === 'session')).toMatchObject({ actor_id: owner.id, details: JSON.stringify({ from: true, to: false }) });
    const member = await server.newUser();
    expect((await signIn(server, member.username, member.password)).response.status).toBe(200);
    expect((await api(server, '/api/sign-in-providers')).body.password_sign_in_enabled).toBe(true);
    expect(runCli(['sign-in', 'allow-passwords'], env).stderr).toContain('already on');
  });
});
