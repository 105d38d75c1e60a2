// Personal access tokens: the secret is shown once and stored only as a SHA-256; it works in
// every place Zealot clients put it (Bearer, query, form, multipart, JSON); revoked, expired
// and locked-user tokens are refused; tokens are per user; and no secret reaches the log.
import { createHash } from 'node:crypto';
import net from 'node:net';
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

const UNAUTHORIZED = { error: 'Unauthorized user token' };
const LOCKED = { error: 'This account is locked; ask an administrator to unlock it' };

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function tokenRows(userId: number) {
  return server.database.db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

async function createToken(user: TestUser, body: Record<string, unknown> = { name: 'ci' }) {
  const res = await api<{ id: number; token: string; name: string; prefix: string }>(server, '/api/user/tokens', { method: 'POST', json: body, token: user.token });
  expect(res.status).toBe(201);
  return res.body;
}

const userBody = expectedUserJson;

describe('GET /api/user/tokens', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    const none = await api(server, '/api/user/tokens');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject(UNAUTHORIZED);
    const unknown = await api(server, '/api/user/tokens', { token: 'tmc_not-a-real-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject(UNAUTHORIZED);
  });

  it('lists the caller’s tokens, newest first, without the secrets', async () => {
    const user = await server.newUser();
    const created = await createToken(user, { name: 'laptop', expires_in_days: 7 });
    const res = await api(server, '/api/user/tokens', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: created.id, name: 'laptop', prefix: created.token.slice(0, 10), expires_at: expect.any(String), last_used_at: null, created_at: expect.any(String) },
      { id: expect.any(Number), name: 'test', prefix: user.token.slice(0, 10), expires_at: null, last_used_at: expect.any(String), created_at: expect.any(String) },
    ]);
    expect(res.text).not.toContain(created.token);
    expect(res.text).not.toContain(user.token);
  });

  it('is per user: user B sees none of user A’s tokens', async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const aToken = await createToken(a, { name: 'a-only' });
    const res = await api<{ id: number; name: string }[]>(server, '/api/user/tokens', { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name: 'test', prefix: b.token.slice(0, 10) })]);
    expect(res.body.map((t) => t.id)).not.toContain(aToken.id);
  });
});

describe('POST /api/user/tokens', () => {
  it('answers 401 without a token, before looking at the body', async () => {
    const res = await api(server, '/api/user/tokens', { method: 'POST', json: { name: '' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });

  it('answers 422 for a blank name', async () => {
    const user = await server.newUser();
    for (const name of ['', '   ']) {
      const res = await api(server, '/api/user/tokens', { method: 'POST', json: { name }, token: user.token });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: "Validation failed: name can't be blank", details: { name: ["can't be blank"] } });
    }
  });

  it('answers 422 for a missing name', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user/tokens', { method: 'POST', json: {}, token: user.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'Validation failed: name is required', details: { name: ['is required'] } });
  });

  it('answers 422 for a name over 100 characters', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'x'.repeat(101) }, token: user.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'Validation failed: name is too long (maximum is 100 characters)', details: { name: ['is too long (maximum is 100 characters)'] } });
  });

  it('answers 422 for expires_in_days 0, a fraction or over ten years', async () => {
    const user = await server.newUser();
    const zero = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'x', expires_in_days: 0 }, token: user.token });
    expect(zero.status).toBe(422);
    expect(zero.body).toMatchObject({ error: 'Validation failed: expires_in_days must be at least 1', details: { expires_in_days: ['must be at least 1'] } });
    const fraction = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'x', expires_in_days: 1.5 }, token: user.token });
    expect(fraction.status).toBe(422);
    expect(fraction.body).toMatchObject({ error: 'Validation failed: expires_in_days must be a whole number', details: { expires_in_days: ['must be a whole number'] } });
    const tooFar = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'x', expires_in_days: 3651 }, token: user.token });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body).toMatchObject({ error: 'Validation failed: expires_in_days must be at most 3650', details: { expires_in_days: ['must be at most 3650'] } });
    expect(await tokenRows(user.id)).toHaveLength(1);
  });

  it('answers 201 with the secret, once; the name is trimmed and never expires when no expiry is given', async () => {
    const user = await server.newUser();
    const res = await api<{ token: string }>(server, '/api/user/tokens', { method: 'POST', json: { name: '  deploy bot  ' }, token: user.token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'deploy bot',
      prefix: res.body.token.slice(0, 10),
      expires_at: null,
      last_used_at: null,
      created_at: expect.any(String),
      token: expect.stringMatching(/^tmc_[\w-]{43}$/),
    });
  });

  it('sets expires_at expires_in_days from now', async () => {
    const user = await server.newUser();
    const before = Date.now();
    const res = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'month', expires_in_days: 30 }, token: user.token });
    expect(res.status).toBe(201);
    const expiresAt = Date.parse(res.body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);
  });

  it('stores only the SHA-256 of the secret', async () => {
    const user = await server.newUser();
    const created = await createToken(user, { name: 'hashed' });
    const rows = await tokenRows(user.id);
    const row = rows.find((r) => r.id === created.id);
    expect(row).toEqual({
      id: created.id,
      user_id: user.id,
      name: 'hashed',
      token_hash: sha256(created.token),
      token_prefix: created.token.slice(0, 10),
      expires_at: null,
      last_used_at: null,
      created_at: expect.any(String),
    });
    const all = await server.database.db.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(all)).not.toContain(created.token);
    expect(JSON.stringify(all)).not.toContain(created.token.slice(4));
  });
});

describe('using a token', () => {
  it('works as Authorization: Bearer and as the ?token= query for reads', async () => {
    const user = await server.newUser();
    const { token } = await createToken(user);
    const bearer = await api(server, '/api/user', { token });
    expect(bearer.status).toBe(200);
    expect(bearer.body).toEqual(userBody(user));
    const query = await api(server, `/api/user?token=${encodeURIComponent(token)}`);
    expect(query.status).toBe(200);
    expect(query.body).toEqual(userBody(user));
    const zealotSuffix = await api(server, `/api/user.json?token=${encodeURIComponent(token)}`);
    expect(zealotSuffix.status).toBe(200);
    expect(zealotSuffix.body).toEqual(userBody(user));
  });

  it('works as a urlencoded form field, a multipart field and a JSON body field for writes', async () => {
    const user = await server.newUser();
    const { token } = await createToken(user);
    const form = await api(server, '/api/user', { method: 'PUT', form: { token, locale: 'zh-CN' } });
    expect(form.status).toBe(200);
    expect(form.body).toEqual(userBody(user, { locale: 'zh-CN' }));
    const multipart = await api(server, '/api/user', { method: 'PUT', multipart: { token, appearance: 'dark' } });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toEqual(userBody(user, { locale: 'zh-CN', appearance: 'dark' }));
    const json = await api(server, '/api/user', { method: 'PUT', json: { token, timezone: 'Asia/Shanghai' } });
    expect(json.status).toBe(200);
    expect(json.body).toEqual(userBody(user, { locale: 'zh-CN', appearance: 'dark', timezone: 'Asia/Shanghai' }));
  });

  it('is refused with 401 in each place when the secret is wrong', async () => {
    const user = await server.newUser();
    const { token } = await createToken(user);
    const wrong = token.slice(0, -2) + (token.endsWith('aa') ? 'bb' : 'aa');
    const answers = [
      await api(server, '/api/user', { token: wrong }),
      await api(server, `/api/user?token=${encodeURIComponent(wrong)}`),
      await api(server, '/api/user', { method: 'PUT', form: { token: wrong, locale: 'zh-CN' } }),
      await api(server, '/api/user', { method: 'PUT', multipart: { token: wrong, locale: 'zh-CN' } }),
      await api(server, '/api/user', { method: 'PUT', json: { token: wrong, locale: 'zh-CN' } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(UNAUTHORIZED);
    }
  });

  it('sets last_used_at on first use', async () => {
    const user = await server.newUser();
    const created = await createToken(user, { name: 'fresh' });
    const listed = async () => (await api<{ id: number; last_used_at: string | null }[]>(server, '/api/user/tokens', { token: user.token })).body.find((t) => t.id === created.id)!;
    expect((await listed()).last_used_at).toBeNull();
    const before = Date.now();
    expect((await api(server, '/api/user', { token: created.token })).status).toBe(200);
    const lastUsedAt = (await listed()).last_used_at;
    expect(lastUsedAt).toEqual(expect.any(String));
    expect(Date.parse(lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('DELETE /api/user/tokens/:id', () => {
  it('answers 401 without a token', async () => {
    const res = await api(server, '/api/user/tokens/1', { method: 'DELETE' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });

  it('answers 422 for an id that is not a number', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user/tokens/abc', { method: 'DELETE', token: user.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'Validation failed: id must be a whole number', details: { id: ['must be a whole number'] } });
  });

  it('answers 404 for an unknown id', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user/tokens/999999', { method: 'DELETE', token: user.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Record not found' });
  });

  it('answers 404 for another user’s token, which keeps working', async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const aToken = await createToken(a, { name: 'a-token' });
    const res = await api(server, `/api/user/tokens/${aToken.id}`, { method: 'DELETE', token: b.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Record not found' });
    const still = await api(server, '/api/user', { token: aToken.token });
    expect(still.status).toBe(200);
    expect(still.body).toEqual(userBody(a));
  });

  it('revokes the token: OK, then it is refused everywhere', async () => {
    const user = await server.newUser();
    const created = await createToken(user, { name: 'short-lived' });
    expect((await api(server, '/api/user', { token: created.token })).status).toBe(200);

    const res = await api(server, `/api/user/tokens/${created.id}`, { method: 'DELETE', token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });

    const answers = [
      await api(server, '/api/user', { token: created.token }),
      await api(server, `/api/user?token=${encodeURIComponent(created.token)}`),
      await api(server, '/api/user', { method: 'PUT', json: { token: created.token, locale: 'zh-CN' } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject(UNAUTHORIZED);
    }
    const listed = await api<{ id: number }[]>(server, '/api/user/tokens', { token: user.token });
    expect(listed.body.map((t) => t.id)).not.toContain(created.id);
    // Other tokens of the same user are untouched.
    expect((await api(server, '/api/user', { token: user.token })).status).toBe(200);
  });

  it('a token can revoke itself', async () => {
    const user = await server.newUser();
    const created = await createToken(user, { name: 'self' });
    const res = await api(server, `/api/user/tokens/${created.id}`, { method: 'DELETE', token: created.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
    expect((await api(server, '/api/user', { token: created.token })).status).toBe(401);
  });
});

describe('expired tokens', () => {
  it('are refused with 401', async () => {
    const user = await server.newUser();
    const created = await createToken(user, { name: 'expiring', expires_in_days: 1 });
    expect((await api(server, '/api/user', { token: created.token })).status).toBe(200);
    await server.database.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', created.id).execute();
    const res = await api(server, '/api/user', { token: created.token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
    const query = await api(server, `/api/user?token=${encodeURIComponent(created.token)}`);
    expect(query.status).toBe(401);
    expect(query.body).toMatchObject(UNAUTHORIZED);
  });
});

describe('locked users', () => {
  it('are refused with 403 for tokens and web sign-in; unlocking restores both', async () => {
    const user = await server.newUser({ locked: true });
    const bearer = await api(server, '/api/user', { token: user.token });
    expect(bearer.status).toBe(403);
    expect(bearer.body).toMatchObject(LOCKED);
    const query = await api(server, `/api/user?token=${encodeURIComponent(user.token)}`);
    expect(query.status).toBe(403);
    expect(query.body).toMatchObject(LOCKED);
    const write = await api(server, '/api/user/tokens', { method: 'POST', json: { name: 'sneaky' }, token: user.token });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject(LOCKED);
    expect(await tokenRows(user.id)).toHaveLength(1);
    const web = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
    expect(web.status).toBe(403);
    expect(web.body).toMatchObject(LOCKED);

    const unlock = await api(server, `/api/users/${user.id}/unlock`, { method: 'DELETE', token: admin.token });
    expect(unlock.status).toBe(202);
    const restored = await api(server, '/api/user', { token: user.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(userBody(user));
    await signIn(server, user.username, user.password);
  });

  it('locking through the API refuses the tokens the user already has', async () => {
    const user = await server.newUser();
    expect((await api(server, '/api/user', { token: user.token })).status).toBe(200);
    expect((await api(server, `/api/users/${user.id}/lock`, { token: admin.token })).status).toBe(202);
    const res = await api(server, '/api/user', { token: user.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(LOCKED);
  });
});

describe('deleted users', () => {
  it('their tokens and sessions stop working', async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);
    const res = await api(server, `/api/users/${user.id}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect(await tokenRows(user.id)).toEqual([]);
    const byToken = await api(server, '/api/user', { token: user.token });
    expect(byToken.status).toBe(401);
    expect(byToken.body).toMatchObject(UNAUTHORIZED);
    const byCookie = await api(server, '/api/user', { headers: { cookie } });
    expect(byCookie.status).toBe(401);
    expect(byCookie.body).toMatchObject(UNAUTHORIZED);
  });
});

/** Every log line, with any Buffer pino serialised as bytes turned back into text. */
function logText(lines: string[]): string {
  const decoded: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      if (object.type === 'Buffer' && Array.isArray(object.data)) decoded.push(Buffer.from(object.data as number[]).toString('latin1'));
      Object.values(object).forEach(walk);
    }
  };
  for (const line of lines) walk(JSON.parse(line));
  return lines.join('') + decoded.join('\n');
}

interface LogLine {
  msg: string;
  req?: { method: string; url: string };
}

describe('logs', () => {
  it('never hold a token secret or a password, but do hold the requests', async () => {
    const user = await server.newUser();
    const { token } = await createToken(user, { name: 'logged' });
    const start = server.logs.length;

    expect((await api(server, `/api/user?token=${encodeURIComponent(token)}&x=1`)).status).toBe(200);
    expect((await api(server, `/api/user.json?TOKEN=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await api(server, '/api/user', { method: 'PUT', form: { token, locale: 'en' } })).status).toBe(200);
    expect((await api(server, '/api/user', { method: 'PUT', multipart: { token, locale: 'en' } })).status).toBe(200);
    expect((await api(server, '/api/user', { method: 'PUT', json: { token, locale: 'en' } })).status).toBe(200);
    expect((await api(server, '/api/user', { token })).status).toBe(200);
    // A body that does not parse, and one that fails validation, both carrying the token.
    expect((await api(server, '/api/user', { method: 'PUT', raw: `{"token":"${token}",`, headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await api(server, '/api/user', { method: 'PUT', json: { token, locale: 'xx' } })).status).toBe(422);
    const { cookie, csrf } = await signIn(server, user.username, user.password);
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: `${user.password}-wrong` } })).status).toBe(401);

    const lines = server.logs.slice(start);
    const text = logText(lines);
    for (const secret of [token, encodeURIComponent(token), user.password, cookie.slice('tarmac_session='.length), csrf]) {
      expect(text).not.toContain(secret);
    }

    const requests = lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'incoming request').map((line) => `${line.req!.method} ${line.req!.url}`);
    expect(requests).toEqual([
      'GET /api/user?token=[REDACTED]&x=1',
      'GET /api/user?TOKEN=[REDACTED]',
      'PUT /api/user',
      'PUT /api/user',
      'PUT /api/user',
      'GET /api/user',
      'PUT /api/user',
      'PUT /api/user',
      'POST /api/session',
      'POST /api/session',
    ]);
  });

  it('never hold the raw bytes of a request the server could not parse', async () => {
    const traced = await startServer({ LOG_LEVEL: 'trace' });
    try {
      const user = await traced.newUser();
      const { port } = new URL(traced.url);
      const answer = await new Promise<string>((resolve, reject) => {
        let received = '';
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET /api/user?token=${user.token} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\nBad Header\r\n\r\n`);
        });
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      const clientErrors = traced.logs.filter((line) => line.includes('"client error"'));
      expect(clientErrors).toHaveLength(1);
      expect(logText(traced.logs)).not.toContain(user.token);
    } finally {
      await traced.close();
    }
  });
});
