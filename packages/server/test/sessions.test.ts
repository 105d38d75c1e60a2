// Web sign-in: the session cookie and its attributes, the CSRF header every cookie write must
// carry, login CSRF (Origin), sign-out, sliding expiry, and the events that end sessions
// (lock, a new password set by an administrator).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectedUserJson, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
});
afterAll(() => server.close());

const CSRF_ERROR = { error: 'Missing or invalid CSRF token: send the X-CSRF-Token header from GET /api/session' };
const UNAUTHORIZED = { error: 'Unauthorized user token' };
const LOCKED = { error: 'This account is locked; ask an administrator to unlock it' };
const BAD_LOGIN = { error: 'Invalid username, email or password' };

const userBody = (user: TestUser, overrides: Record<string, unknown> = {}) => expectedUserJson(
  user,
  { last_sign_in_at: expect.any(String), ...overrides },
);

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function sessionRows(userId: number) {
  return server.database.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
}

describe('POST /api/session', () => {
  it('refuses a sign-in posted from another site (Origin) with 403 and sets no cookie', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/session', {
      method: 'POST',
      json: { login: user.username, password: user.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'Sign-in from origin https://evil.example is not allowed' });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await sessionRows(user.id)).toEqual([]);
  });

  it('accepts a sign-in whose Origin is this server', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/session', {
      method: 'POST',
      json: { login: user.username, password: user.password },
      headers: { origin: server.url },
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const user = await server.newUser();
    const wrongPassword = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: 'not-the-password' } });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toMatchObject(BAD_LOGIN);
    expect(wrongPassword.headers.get('set-cookie')).toBeNull();

    const wrongPasswordByEmail = await api(server, '/api/session', { method: 'POST', json: { login: user.email, password: 'not-the-password' } });
    expect(wrongPasswordByEmail.status).toBe(401);
    expect(wrongPasswordByEmail.body).toMatchObject(BAD_LOGIN);

    const unknown = await api(server, '/api/session', { method: 'POST', json: { login: 'nobody-here', password: user.password } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject(BAD_LOGIN);

    const unknownEmail = await api(server, '/api/session', { method: 'POST', json: { login: 'nobody@example.com', password: user.password } });
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toMatchObject(BAD_LOGIN);
    expect(await sessionRows(user.id)).toEqual([]);
  });

  it('refuses a locked user with 403 and sets no cookie', async () => {
    const user = await server.newUser({ locked: true });
    const res = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(LOCKED);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await sessionRows(user.id)).toEqual([]);
  });

  it('answers 422 with details for blank fields', async () => {
    const res = await api(server, '/api/session', { method: 'POST', json: { login: '', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: "Validation failed: login can't be blank; password can't be blank",
      details: { login: ["can't be blank"], password: ["can't be blank"] },
    });

    const spaces = await api(server, '/api/session', { method: 'POST', json: { login: '   ', password: 'x' } });
    expect(spaces.status).toBe(422);
    expect(spaces.body).toMatchObject({ error: "Validation failed: login can't be blank", details: { login: ["can't be blank"] } });
  });

  it('answers 422 with details for missing fields', async () => {
    const res = await api(server, '/api/session', { method: 'POST', json: {} });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'Validation failed: login is required; password is required',
      details: { login: ['is required'], password: ['is required'] },
    });
  });

  it('signs in with the username and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: userBody(user), csrf_token: expect.any(String) });
    expect(res.body.csrf_token.length).toBeGreaterThanOrEqual(32);

    const setCookie = res.headers.get('set-cookie') ?? '';
    const [pair, ...attributes] = setCookie.split(/;\s*/);
    expect(pair).toMatch(/^tarmac_session=[\w-]{32,}$/);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    // Plain http: a Secure cookie would never come back.
    expect(attributes).not.toContain('Secure');
    const expires = attributes.find((a) => a.startsWith('Expires='));
    expect(Date.parse(expires!.slice('Expires='.length))).toBeGreaterThan(Date.now() + 300 * 3_600_000);
  });

  it('records the sign-in time and answers it', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
    expect(res.status).toBe(200);
    const row = await server.database.db.selectFrom('users').select('last_sign_in_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.last_sign_in_at).toEqual(expect.any(String));
    expect(res.body.user.last_sign_in_at).toBe(row.last_sign_in_at);
  });

  it('signs in with the email in any case, and the username in any case', async () => {
    const user = await server.newUser();
    const byEmail = await api(server, '/api/session', { method: 'POST', json: { login: user.email.toUpperCase(), password: user.password } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual({ user: userBody(user), csrf_token: expect.any(String) });
    expect(byEmail.headers.get('set-cookie')).toMatch(/^tarmac_session=/);

    const byUsername = await api(server, '/api/session', { method: 'POST', json: { login: ` ${user.username.toUpperCase()} `, password: user.password } });
    expect(byUsername.status).toBe(200);
    expect(byUsername.body).toEqual({ user: userBody(user), csrf_token: expect.any(String) });
  });

  it('stores only the SHA-256 of the cookie, never the cookie itself', async () => {
    const user = await server.newUser();
    const { cookie, csrf } = await signIn(server, user.username, user.password);
    const secret = cookie.slice('tarmac_session='.length);
    const rows = await sessionRows(user.id);
    expect(rows).toEqual([
      {
        id: sha256(secret),
        user_id: user.id,
        csrf_token: csrf,
        user_agent: expect.any(String),
        ip: '127.0.0.1',
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
        expires_at: expect.any(String),
        // 0 on SQLite, false on PostgreSQL: no two-factor requirement on this session.
        needs_two_factor: expect.toBeOneOf([0, false]),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('marks the cookie Secure when the external URL is https, and accepts that origin', async () => {
    const https = await startServer({ TARMAC_URL: 'https://tarmac.example.com' });
    try {
      const user = await https.newUser();
      const res = await api(https, '/api/session', {
        method: 'POST',
        json: { login: user.username, password: user.password },
        headers: { origin: 'https://tarmac.example.com' },
      });
      expect(res.status).toBe(200);
      expect((res.headers.get('set-cookie') ?? '').split(/;\s*/)).toContain('Secure');
    } finally {
      await https.close();
    }
  });
});

describe('GET /api/session', () => {
  const SIGNED_OUT = { user: null, csrf_token: null };

  it('answers "not signed in" without a cookie', async () => {
    const res = await api(server, '/api/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
  });

  it('answers "not signed in" for an unknown cookie', async () => {
    const res = await api(server, '/api/session', { headers: { cookie: 'tarmac_session=not-a-session' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
  });

  it('answers "not signed in" to a token: a token is not a browser session', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/session', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
  });

  it('answers the user and the CSRF token with the cookie', async () => {
    const user = await server.newUser();
    const { cookie, csrf } = await signIn(server, user.username, user.password);
    const res = await api(server, '/api/session', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: userBody(user), csrf_token: csrf });
  });

  it('refuses an expired session and removes it', async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);
    await server.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const res = await api(server, '/api/session', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null, csrf_token: null });
    expect(await sessionRows(user.id)).toEqual([]);
  });

  it('slides the expiry forward on use and sends the cookie again with it', async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);
    const old = {
      last_seen_at: new Date(Date.now() - 3_600_000).toISOString(),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    };
    await server.database.db.updateTable('sessions').set(old).where('user_id', '=', user.id).execute();

    const res = await api(server, '/api/session', { headers: { cookie } });
    expect(res.status).toBe(200);
    const [row] = await sessionRows(user.id);
    expect(Date.parse(row!.expires_at)).toBeGreaterThan(Date.now() + 300 * 3_600_000);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie.split(/;\s*/)).toEqual(expect.arrayContaining([cookie, 'HttpOnly', 'SameSite=Lax', 'Path=/']));
    const expires = setCookie.split(/;\s*/).find((a) => a.startsWith('Expires='))!;
    expect(Math.abs(Date.parse(expires.slice('Expires='.length)) - Date.parse(row!.expires_at))).toBeLessThan(1000);

    // Within the touch interval the expiry is not rewritten and no cookie is sent.
    const again = await api(server, '/api/session', { headers: { cookie } });
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie')).toBeNull();
  });
});

describe('cookie-authenticated writes and the X-CSRF-Token header', () => {
  it('POST /api/user/tokens answers 403 without the header and with a wrong one, 201 with the right one', async () => {
    const user = await server.newUser();
    const { cookie, csrf } = await signIn(server, user.username, user.password);

    const without = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'web' }, headers: { cookie } });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject(CSRF_ERROR);

    const wrong = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'web' }, headers: { cookie, 'x-csrf-token': csrf.slice(0, -1) + (csrf.endsWith('A') ? 'B' : 'A') } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject(CSRF_ERROR);

    const short = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'web' }, headers: { cookie, 'x-csrf-token': 'x' } });
    expect(short.status).toBe(403);
    expect(short.body).toMatchObject(CSRF_ERROR);

    const tokens = await server.database.db.selectFrom('api_tokens').select('name').where('user_id', '=', user.id).execute();
    expect(tokens).toEqual([{ name: 'test' }]);

    const right = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'web' }, headers: { cookie, 'x-csrf-token': csrf } });
    expect(right.status).toBe(201);
    expect(right.body).toMatchObject({ name: 'web', token: expect.stringMatching(/^tmc_/) });
  });

  it("refuses another session's CSRF token", async () => {
    const user = await server.newUser();
    const first = await signIn(server, user.username, user.password);
    const second = await signIn(server, user.username, user.password);
    expect(first.csrf).not.toBe(second.csrf);
    const res = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'web' }, headers: { cookie: first.cookie, 'x-csrf-token': second.csrf } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(CSRF_ERROR);
  });

  it('GET requests with the cookie need no header', async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);
    const me = await api(server, '/api/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(userBody(user));
    const tokens = await api(server, '/api/user/tokens', { headers: { cookie } });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual([expect.objectContaining({ name: 'test' })]);
  });

  it('token-authenticated writes need no header', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'ci' }, token: user.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'ci' });
  });

  it('PUT /api/user with the cookie needs the header', async () => {
    const user = await server.newUser();
    const { cookie, csrf } = await signIn(server, user.username, user.password);
    const without = await api(server, '/api/user', { method: 'PUT', json: { locale: 'zh-CN' }, headers: { cookie } });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject(CSRF_ERROR);
    const right = await api(server, '/api/user', { method: 'PUT', json: { locale: 'zh-CN' }, headers: { cookie, 'x-csrf-token': csrf } });
    expect(right.status).toBe(200);
    expect(right.body).toEqual(userBody(user, { locale: 'zh-CN' }));
  });

  it('GET /api/users/:id/lock changes state, so with the cookie it needs the header too', async () => {
    const other = await server.newUser({ role: 'admin' });
    const victim = await server.newUser();
    const { cookie, csrf } = await signIn(server, other.username, other.password);

    // A link on another site would send the Lax cookie on a top-level GET.
    const without = await api(server, `/api/users/${victim.id}/lock`, { headers: { cookie } });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject(CSRF_ERROR);
    expect(await api(server, '/api/user', { token: victim.token }).then((r) => r.status)).toBe(200);

    const right = await api(server, `/api/users/${victim.id}/lock`, { headers: { cookie, 'x-csrf-token': csrf } });
    expect(right.status).toBe(202);
    expect(right.body).toEqual(userBody(victim, { locked: true, locked_at: expect.any(String), last_sign_in_at: null }));
  });
});

describe('DELETE /api/session', () => {
  it('answers 401 without credentials', async () => {
    const res = await api(server, '/api/session', { method: 'DELETE' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });

  it('answers 403 with the cookie but without or with a wrong X-CSRF-Token, and the session lives on', async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);
    const without = await api(server, '/api/session', { method: 'DELETE', headers: { cookie } });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject(CSRF_ERROR);
    const wrong = await api(server, '/api/session', { method: 'DELETE', headers: { cookie, 'x-csrf-token': 'wrong' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject(CSRF_ERROR);
    expect((await api(server, '/api/session', { headers: { cookie } })).status).toBe(200);
  });

  it('signs out: answers OK, clears the cookie, and the old cookie is refused', async () => {
    const user = await server.newUser();
    const { cookie, csrf } = await signIn(server, user.username, user.password);
    const other = await signIn(server, user.username, user.password);

    const res = await api(server, '/api/session', { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
    const cleared = (res.headers.get('set-cookie') ?? '').split(/;\s*/);
    expect(cleared[0]).toBe('tarmac_session=');
    expect(cleared).toContain('Path=/');
    expect(Date.parse(cleared.find((a) => a.startsWith('Expires='))!.slice('Expires='.length))).toBeLessThan(Date.now());

    const session = await api(server, '/api/session', { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ user: null, csrf_token: null });
    const me = await api(server, '/api/user', { headers: { cookie } });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject(UNAUTHORIZED);
    const again = await api(server, '/api/session', { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf } });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject(UNAUTHORIZED);

    // Only this browser is signed out.
    expect((await api(server, '/api/session', { headers: { cookie: other.cookie } })).status).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });
});

describe('GET /api/users/:id/lock', () => {
  it("ends the user's sessions; unlocking does not bring them back", async () => {
    const user = await server.newUser();
    const first = await signIn(server, user.username, user.password);
    const second = await signIn(server, user.username, user.password);
    expect(await sessionRows(user.id)).toHaveLength(2);

    const lock = await api(server, `/api/users/${user.id}/lock`, { token: admin.token });
    expect(lock.status).toBe(202);
    expect(lock.body).toEqual(userBody(user, { locked: true, locked_at: expect.any(String) }));
    expect(await sessionRows(user.id)).toEqual([]);
    for (const { cookie } of [first, second]) {
      const res = await api(server, '/api/user', { headers: { cookie } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(UNAUTHORIZED);
    }

    const unlock = await api(server, `/api/users/${user.id}/unlock`, { method: 'DELETE', token: admin.token });
    expect(unlock.status).toBe(202);
    expect((await api(server, '/api/session', { headers: { cookie: first.cookie } })).body).toEqual({ user: null, csrf_token: null });
    await signIn(server, user.username, user.password);
  });

  it("refuses a session whose user was locked behind the server's back", async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);
    await server.database.db.updateTable('users').set({ locked: true }).where('id', '=', user.id).execute();
    const res = await api(server, '/api/user', { headers: { cookie } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });
});

describe('PUT /api/users/:id', () => {
  it("a new password set by an administrator ends the user's sessions", async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);

    const res = await api(server, `/api/users/${user.id}`, { method: 'PUT', json: { password: 'a-brand-new-password' }, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(userBody(user));
    expect(await sessionRows(user.id)).toEqual([]);
    const me = await api(server, '/api/user', { headers: { cookie } });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject(UNAUTHORIZED);

    const oldPassword = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body).toMatchObject(BAD_LOGIN);
    await signIn(server, user.username, 'a-brand-new-password');
  });

  it('other changes keep the sessions', async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);
    const res = await api(server, `/api/users/${user.id}`, { method: 'PUT', json: { locale: 'zh-CN', password: '' }, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(userBody(user, { locale: 'zh-CN' }));
    expect((await api(server, '/api/user', { headers: { cookie } })).status).toBe(200);
  });
});

describe('PUT /api/user', () => {
  it('changing your own password ends your other sessions but keeps this one', async () => {
    const user = await server.newUser();
    const here = await signIn(server, user.username, user.password);
    const elsewhere = await signIn(server, user.username, user.password);
    const res = await api(server, '/api/user', {
      method: 'PUT',
      headers: { cookie: here.cookie, 'x-csrf-token': here.csrf },
      json: { password: 'a-new-password-9', current_password: user.password },
    });
    expect(res.status).toBe(200);
    expect((await api(server, '/api/session', { headers: { cookie: here.cookie } })).status).toBe(200);
    expect((await api(server, '/api/session', { headers: { cookie: elsewhere.cookie } })).body).toEqual({ user: null, csrf_token: null });
    // Tokens are not sessions: they keep working.
    expect((await api(server, '/api/user', { token: user.token })).status).toBe(200);
  });
});
