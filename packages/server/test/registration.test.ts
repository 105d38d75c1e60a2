// Sign-up and the settings behind it: an administrator opens or closes registration
// (PUT /api/settings), anyone can read whether it is open (GET /api/settings/public), and
// POST /api/users/register creates a member account and signs it in only while it is open.
// Whatever a stranger sends, the new account is a member; a form on another site cannot use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectedUserJson, ISO_TIME, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';


let server: TestServer;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  member = await server.newUser();
});
afterAll(() => server.close());

const ADMINS_ONLY = { error: 'Only administrators can change settings' };
/** GET /api/settings/public on a server without mail, with sign-up closed or open. */
const PUBLIC_CLOSED = {
  registration_enabled: false, registration_policy: 'closed', registration_domains: [], email_confirmation_required: false,
  sign_in_link_enabled: false, mail_enabled: false, guest_mode: false,
  site_title: 'Tarmac', default_locale: 'en', default_appearance: 'auto', default_time_zone: 'UTC', per_page: 25, max_per_page: 100,
};
const PUBLIC_OPEN = { ...PUBLIC_CLOSED, registration_enabled: true, registration_policy: 'open' };
/** Every setting, as an administrator reads them, with sign-up open (the old switch sets the policy) or closed. */
function settingsOf(open: boolean) {
  return {
    registration_enabled: open, registration_policy: open ? 'open' : 'closed', registration_domains: [],
    email_confirmation_required: false, default_role: 'member', sign_in_link_enabled: false, two_factor_required: false,
  };
}
const CLOSED = { error: 'Sign-up is closed on this Tarmac: ask an administrator for an account' };

let sequence = 0;
function newAccount(overrides: Record<string, string> = {}) {
  sequence += 1;
  const username = `signup${sequence}_${process.pid}`;
  return { username, email: `${username}@example.com`, password: 'a-good-password', ...overrides };
}

async function setRegistration(enabled: boolean) {
  const res = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { registration_enabled: enabled } });
  expect(res.status).toBe(200);
}

async function userCount(): Promise<number> {
  const row = await server.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('GET /api/settings/public', () => {
  it('answers without sign-in that sign-up is closed on a new install', async () => {
    const res = await api(server, '/api/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(PUBLIC_CLOSED);
  });
});

describe('GET /api/settings', () => {
  it('refuses a member with 403', async () => {
    const res = await api(server, '/api/settings', { token: member.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(ADMINS_ONLY);
  });

  it('answers every setting to an administrator', async () => {
    const res = await api(server, '/api/settings', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(settingsOf(false));
  });
});

describe('PUT /api/settings', () => {
  it('refuses a member with 403 before looking at the body', async () => {
    for (const json of [{ registration_enabled: true }, { registration_enabled: 'nonsense' }]) {
      const res = await api(server, '/api/settings', { method: 'PUT', token: member.token, json });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject(ADMINS_ONLY);
    }
    expect((await api(server, '/api/settings/public')).body).toEqual(PUBLIC_CLOSED);
  });

  it('answers 422 to a value of the wrong type or an unknown setting', async () => {
    const wrongType = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { registration_enabled: 'yes please' } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body).toMatchObject({
      error: 'Validation failed: registration_enabled must be a boolean',
      details: { registration_enabled: ['must be a boolean'] },
    });
    const unknown = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { smtp_host: 'mail.example.com' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.details).toEqual({ body: ['has an unknown field "smtp_host"'] });
  });

  it('opens and closes sign-up, and the public answer follows', async () => {
    const opened = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { registration_enabled: true } });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual(settingsOf(true));
    expect((await api(server, '/api/settings/public')).body).toEqual(PUBLIC_OPEN);

    // An empty change changes nothing and answers the current values.
    const unchanged = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: {} });
    expect(unchanged.body).toEqual(settingsOf(true));

    const closed = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { registration_enabled: false } });
    expect(closed.body).toEqual(settingsOf(false));
    expect((await api(server, '/api/settings/public')).body).toEqual(PUBLIC_CLOSED);
  });

  it('sets the default role of new accounts to member or developer, never admin', async () => {
    const developer = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { default_role: 'developer' } });
    expect(developer.body).toMatchObject({ default_role: 'developer' });
    const refused = await api(server, '/api/settings', { method: 'PUT', token: admin.token, json: { default_role: 'admin' } });
    expect(refused.status).toBe(422);
    expect((await api(server, '/api/settings', { token: admin.token })).body).toMatchObject({ default_role: 'developer' });
    await server.services.settingsService.set('default_role', 'member');
  });

  it('takes the change from the web app with the cookie and the CSRF header', async () => {
    const session = await signIn(server, admin.username, admin.password);
    const res = await api(server, '/api/settings', {
      method: 'PUT',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      json: { registration_enabled: false },
    });
    expect(res.status).toBe(200);
  });
});

describe('POST /api/users/register', () => {
  it('answers 403 while sign-up is closed, and creates nobody', async () => {
    await setRegistration(false);
    const before = await userCount();
    const res = await api(server, '/api/users/register', { method: 'POST', json: newAccount() });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(CLOSED);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await userCount()).toBe(before);
  });

  describe('while sign-up is open', () => {
    beforeAll(() => setRegistration(true));
    afterAll(() => setRegistration(false));

    it('creates a member, signs them in and answers the session', async () => {
      const account = newAccount();
      const res = await api(server, '/api/users/register', { method: 'POST', json: account, headers: { origin: server.url } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        user: expectedUserJson({ id: expect.any(Number), username: account.username, email: account.email }, { last_sign_in_at: ISO_TIME }),
        csrf_token: expect.any(String),
      });
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
      expect(cookie).toMatch(/^tarmac_session=./);

      // The cookie is a real session: the web app is signed in.
      const session = await api(server, '/api/session', { headers: { cookie } });
      expect(session.body).toEqual({ user: res.body.user, csrf_token: res.body.csrf_token });
      // And the password works for the next sign-in, by username or email.
      await signIn(server, account.email, account.password);
    });

    it('makes a member whatever role is sent, and keeps the language and time zone chosen', async () => {
      const account = { ...newAccount(), role: 'admin', locale: 'zh-CN', timezone: 'asia/shanghai' };
      const res = await api(server, '/api/users/register', { method: 'POST', json: account });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ role: 'member', locale: 'zh-CN', timezone: 'Asia/Shanghai', appearance: 'auto', locked: false });
      const stored = await server.database.db.selectFrom('users').select('role').where('id', '=', res.body.user.id).executeTakeFirstOrThrow();
      expect(stored.role).toBe('member');
    });

    it('answers 422 with the problem per field, and creates nobody', async () => {
      const before = await userCount();
      const missing = await api(server, '/api/users/register', { method: 'POST', json: {} });
      expect(missing.status).toBe(422);
      expect(missing.body.details).toEqual({ username: ['is required'], email: ['is required'], password: ['is required'] });

      const bad = await api(server, '/api/users/register', {
        method: 'POST',
        json: { username: 'a@b', email: 'not-an-email', password: 'short', timezone: 'Mars/Base' },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.details).toEqual({
        username: ['must not contain "@"'],
        email: ['"not-an-email" is not a valid email address'],
        password: ['is too short (minimum is 8 characters)'],
        timezone: ['"Mars/Base" is not an IANA time zone such as Asia/Shanghai or Etc/UTC'],
      });

      const taken = await api(server, '/api/users/register', {
        method: 'POST',
        json: newAccount({ username: member.username.toUpperCase(), email: member.email }),
      });
      expect(taken.status).toBe(422);
      expect(taken.body.details).toEqual({ username: ['has already been taken'], email: ['has already been taken'] });
      expect(taken.headers.get('set-cookie')).toBeNull();
      expect(await userCount()).toBe(before);
    });

    it('refuses a form posted from another site', async () => {
      const before = await userCount();
      const res = await api(server, '/api/users/register', { method: 'POST', json: newAccount(), headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'Sign-in from origin https://evil.example is not allowed' });
      expect(await userCount()).toBe(before);
    });
  });
});
