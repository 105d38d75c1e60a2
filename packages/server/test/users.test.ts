// Guards the users API (/api/users… for administrators, /api/user and /api/users/me for
// everyone): 401 and 403 come before anything else, bad input is 422 with per-field details,
// nobody locks or deletes themself and the last active administrator stays (409), a locked
// account keeps its data but not its access, fields sent in the body never change who acts or
// whom a change hits, no password hash ever leaves the server, and Zealot clients' ways of
// calling (form and multipart bodies with a `token` field, `?token=`, the `.json` suffix) work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectedUserJson, ISO_TIME, signIn, startServer } from './helpers/server.ts';
import type { ApiResponse, TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let developer: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  member = await server.newUser({ role: 'member' });
  developer = await server.newUser({ role: 'developer' });
});
afterAll(() => server.close());

const TIME = ISO_TIME;
const UNAUTHORIZED = { error: 'Unauthorized user token' };
const ADMINS_ONLY = { error: 'Only administrators can manage users' };
const LOCKED = { error: 'This account is locked; ask an administrator to unlock it' };
const NOT_FOUND = { error: 'Record not found' };
const MISSING_ID = 2147483647;

let sequence = 0;
function uniqueName(prefix: string): string {
  sequence += 1;
  return `${prefix}${sequence}_${process.pid}`;
}

/** A valid POST /api/users body for a new user. */
function newUserBody(overrides: Record<string, string> = {}): Record<string, string> {
  const username = uniqueName('new');
  return { username, email: `${username}@example.com`, password: 'a-good-password', ...overrides };
}

interface UserFields {
  id?: number;
  username: string;
  email: string;
  role?: string;
  locale?: string;
  appearance?: string;
  timezone?: string;
  locked?: boolean;
  locked_at?: unknown;
  last_sign_in_at?: unknown;
}

/** The whole JSON of a user as the API shows it, with the defaults of a new account. */
function userJson(fields: UserFields) {
  return expectedUserJson({ id: expect.any(Number), username: '', email: '' }, { ...fields });
}

function jsonOf(user: TestUser, fields: Partial<UserFields> = {}) {
  return userJson({ id: user.id, username: user.username, email: user.email, ...fields });
}

function validation(details: Record<string, string[]>) {
  const summary = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return { error: `Validation failed: ${summary.join('; ')}`, details };
}

async function passwordHashOf(target: TestServer, id: number): Promise<string> {
  const row = await target.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
  return row.password_hash;
}

async function activeAdminCount(target: TestServer): Promise<number> {
  const rows = await target.database.db.selectFrom('users').select('id').where('role', '=', 'admin').where('locked', '=', false).execute();
  return rows.length;
}

/** Signs in over HTTP; the answer is what a browser would send back. */
async function browser(target: TestServer, user: TestUser) {
  const { cookie, csrf } = await signIn(target, user.username, user.password);
  return { cookie: { cookie }, withCsrf: { cookie, 'x-csrf-token': csrf } };
}

interface Endpoint {
  method: string;
  path: string;
  json?: unknown;
}

/** Every administrators-only users endpoint, aimed at `id`. */
function adminEndpoints(id: number, email: string): Endpoint[] {
  return [
    { method: 'GET', path: '/api/users' },
    { method: 'POST', path: '/api/users', json: newUserBody() },
    { method: 'GET', path: `/api/users/search?email=${encodeURIComponent(email)}` },
    { method: 'GET', path: `/api/users/${id}` },
    { method: 'PUT', path: `/api/users/${id}`, json: { locale: 'zh-CN', role: 'admin' } },
    { method: 'DELETE', path: `/api/users/${id}` },
    { method: 'GET', path: `/api/users/${id}/lock` },
    { method: 'POST', path: `/api/users/${id}/lock` },
    { method: 'DELETE', path: `/api/users/${id}/unlock` },
    { method: 'POST', path: `/api/users/${id}/two-factor/reset` },
  ];
}

/** The users endpoints any signed-in user may call. */
const selfEndpoints: Endpoint[] = [
  { method: 'GET', path: '/api/user' },
  { method: 'GET', path: '/api/users/me' },
  { method: 'PUT', path: '/api/user', json: { locale: 'zh-CN' } },
];

describe('every users endpoint', () => {
  it('is covered by the tables below', () => {
    // Sign-up and the confirmation of its email are the public users routes; registration.test.ts
    // and registration-policy.test.ts cover them.
    const PUBLIC = ['/api/users/register', '/api/users/confirm-email', '/api/users/confirm-email/resend'];
    const signUp = (r: { method: string; url: string }) => r.method === 'POST' && PUBLIC.includes(r.url);
    const served = server.routes
      .filter((r) => (r.url === '/api/user' || r.url.startsWith('/api/users')) && !signUp(r))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const tabled = [...adminEndpoints(1, 'x@example.com'), ...selfEndpoints]
      .map((e) => `${e.method} ${e.path.split('?')[0]!.replace(/\/1(?=\/|$)/, '/:id')}`)
      .sort();
    expect(served).toEqual(tabled);
    for (const route of server.routes.filter((r) => r.url.startsWith('/api/user') && !signUp(r))) expect(route.auth, route.url).toBe('user');
  });

  it('answers 401 without a token', async () => {
    for (const { method, path, json } of [...adminEndpoints(member.id, member.email), ...selfEndpoints]) {
      const res = await api(server, path, { method, json });
      expect([method, path, res.status, res.body]).toMatchObject([method, path, 401, UNAUTHORIZED]);
    }
  });

  it('answers 401 for an unknown token in the header, the query or a form field', async () => {
    for (const { method, path, json } of [...adminEndpoints(member.id, member.email), ...selfEndpoints]) {
      const header = await api(server, path, { method, json, token: 'tarmac_not-a-real-token' });
      expect([method, path, header.status, header.body]).toMatchObject([method, path, 401, UNAUTHORIZED]);
      const query = await api(server, path + (path.includes('?') ? '&' : '?') + 'token=nope', { method, json });
      expect([method, path, query.status, query.body]).toMatchObject([method, path, 401, UNAUTHORIZED]);
    }
    const form = await api(server, '/api/users', { method: 'POST', form: { token: 'nope', ...newUserBody() } });
    expect(form.status).toBe(401);
    expect(form.body).toMatchObject(UNAUTHORIZED);
  });

  it('answers 401 for a revoked token', async () => {
    const user = await server.newUser();
    const tokens = await api(server, '/api/user/tokens', { token: user.token });
    const revoked = await api(server, `/api/user/tokens/${tokens.body[0].id}`, { method: 'DELETE', token: user.token });
    expect(revoked.status).toBe(200);
    const res = await api(server, '/api/user', { token: user.token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });

  for (const role of ['member', 'developer'] as const) {
    it(`answers 403 to a ${role} on every administrators-only endpoint and changes nothing`, async () => {
      const caller = role === 'member' ? member : developer;
      const victim = await server.newUser();
      const before = await server.database.db.selectFrom('users').selectAll().orderBy('id').execute();
      for (const { method, path, json } of adminEndpoints(victim.id, victim.email)) {
        const res = await api(server, path, { method, json, token: caller.token });
        expect([method, path, res.status, res.body]).toMatchObject([method, path, 403, ADMINS_ONLY]);
      }
      // Before validation and before looking anything up: no 422 or 404 tells a non-admin more.
      const probes: Endpoint[] = [
        { method: 'GET', path: '/api/users?per_page=1000' },
        { method: 'POST', path: '/api/users', json: {} },
        { method: 'GET', path: '/api/users/search' },
        { method: 'GET', path: '/api/users/abc' },
        { method: 'GET', path: `/api/users/${MISSING_ID}` },
        { method: 'PUT', path: `/api/users/${victim.id}`, json: { role: 'owner' } },
        { method: 'DELETE', path: `/api/users/${MISSING_ID}` },
      ];
      for (const { method, path, json } of probes) {
        const res = await api(server, path, { method, json, token: caller.token });
        expect([method, path, res.status, res.body]).toMatchObject([method, path, 403, ADMINS_ONLY]);
      }
      expect(await server.database.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
    });
  }

  it('answers 403 to a locked user on every endpoint, their own included', async () => {
    const locked = await server.newUser({ role: 'admin', locked: true });
    for (const { method, path, json } of [...adminEndpoints(member.id, member.email), ...selfEndpoints]) {
      const res = await api(server, path, { method, json, token: locked.token });
      expect([method, path, res.status, res.body]).toMatchObject([method, path, 403, LOCKED]);
    }
  });

  it('accepts the token as a query parameter, a form field and a multipart field', async () => {
    const query = await api(server, `/api/users/${member.id}?token=${admin.token}`);
    expect(query.status).toBe(200);
    expect(query.body).toEqual(jsonOf(member));
    const formPut = await api(server, '/api/user', { method: 'PUT', form: { token: member.token, appearance: 'auto' } });
    expect(formPut.status).toBe(200);
    expect(formPut.body).toEqual(jsonOf(member));
    const multipartPut = await api(server, '/api/user', { method: 'PUT', multipart: { token: member.token, appearance: 'auto' } });
    expect(multipartPut.status).toBe(200);
    expect(multipartPut.body.id).toBe(member.id);
  });
});

describe('GET /api/users', () => {
  let list: TestServer;
  let root: TestUser;
  const names = ['root_admin', 'Alice', 'bob_dev', 'carol', 'd%ve', 'eve'];

  beforeAll(async () => {
    list = await startServer();
    root = await list.newUser({ role: 'admin', username: 'root_admin' });
    const create = list.services.usersService.createAccount;
    await create({ username: 'Alice', email: 'alice.w@Wonder.example', password: 'password-alice' });
    await create({ username: 'bob_dev', email: 'bob@builders.example', password: 'password-bob1', role: 'developer' });
    await create({ username: 'carol', email: 'Carol.MIXED@Example.com', password: 'password-carol' });
    await create({ username: 'd%ve', email: 'dave@example.com', password: 'password-dave' });
    await create({ username: 'eve', email: 'eve@example.com', password: 'password-eve1', role: 'admin' });
  });
  afterAll(() => list.close());

  const usernames = (res: ApiResponse) => (res.body as { username: string }[]).map((u) => u.username);

  it('rejects page 0', async () => {
    const res = await api(list, '/api/users?page=0', { token: root.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ page: ['must be at least 1'] }));
  });

  it('rejects per_page 0 and per_page 101', async () => {
    const low = await api(list, '/api/users?per_page=0', { token: root.token });
    expect(low.status).toBe(422);
    expect(low.body).toMatchObject(validation({ per_page: ['must be at least 1'] }));
    const high = await api(list, '/api/users?per_page=101', { token: root.token });
    expect(high.status).toBe(422);
    expect(high.body).toMatchObject(validation({ per_page: ['must be at most 100'] }));
  });

  it('rejects a per_page that is not a whole number', async () => {
    const res = await api(list, '/api/users?per_page=ten', { token: root.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ per_page: ['must be a whole number'] }));
  });

  it('rejects an unknown role filter', async () => {
    const res = await api(list, '/api/users?role=owner', { token: root.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ role: ['must be one of member, developer, admin'] }));
  });

  it('answers every user in id order as a plain array, with totals in headers', async () => {
    const res = await api(list, '/api/users', { token: root.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(usernames(res)).toEqual(names);
    expect(res.body[0]).toEqual(jsonOf(root, { role: 'admin' }));
    expect(res.body[1]).toEqual(userJson({ username: 'Alice', email: 'alice.w@Wonder.example' }));
    expect(res.body[2]).toEqual(userJson({ username: 'bob_dev', email: 'bob@builders.example', role: 'developer' }));
    expect(res.text).not.toMatch(/password|scrypt/i);
    expect(res.headers.get('x-total-count')).toBe('6');
    expect(res.headers.get('x-total-pages')).toBe('1');
    expect(res.headers.get('x-page')).toBe('1');
    expect(res.headers.get('x-per-page')).toBe('25');
    expect(res.headers.get('link')).toBe('</api/users?page=1&per_page=25>; rel="first", </api/users?page=1&per_page=25>; rel="last"');
  });

  it('pages with page and per_page and links first, last, prev and next', async () => {
    const res = await api(list, '/api/users?page=2&per_page=2', { token: root.token });
    expect(res.status).toBe(200);
    expect(usernames(res)).toEqual(['bob_dev', 'carol']);
    expect(res.headers.get('x-total-count')).toBe('6');
    expect(res.headers.get('x-total-pages')).toBe('3');
    expect(res.headers.get('x-page')).toBe('2');
    expect(res.headers.get('x-per-page')).toBe('2');
    expect(res.headers.get('link')).toBe(
      '</api/users?page=1&per_page=2>; rel="first", </api/users?page=3&per_page=2>; rel="last", ' +
        '</api/users?page=1&per_page=2>; rel="prev", </api/users?page=3&per_page=2>; rel="next"',
    );
  });

  it('answers an empty page past the end, linking back to the last page', async () => {
    const res = await api(list, '/api/users?page=9&per_page=2', { token: root.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('6');
    expect(res.headers.get('link')).toContain('</api/users?page=3&per_page=2>; rel="prev"');
    expect(res.headers.get('link')).not.toContain('rel="next"');
  });

  it('keeps a query token out of the Link header but keeps the filters', async () => {
    const res = await api(list, `/api/users?token=${root.token}&per_page=1&q=e`);
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).not.toContain(root.token);
    expect(res.headers.get('link')).toContain('</api/users?per_page=1&q=e&page=2>; rel="next"');
  });

  it('filters by part of the username or email, in any case', async () => {
    const byName = await api(list, '/api/users?q=ALI', { token: root.token });
    expect(usernames(byName)).toEqual(['Alice']);
    expect(byName.headers.get('x-total-count')).toBe('1');
    const byEmail = await api(list, '/api/users?q=wonder.EXAMPLE', { token: root.token });
    expect(usernames(byEmail)).toEqual(['Alice']);
    const mixedCaseStored = await api(list, '/api/users?q=carol.mixed@example', { token: root.token });
    expect(usernames(mixedCaseStored)).toEqual(['carol']);
    const padded = await api(list, '/api/users?q=%20%20bob%20', { token: root.token });
    expect(usernames(padded)).toEqual(['bob_dev']);
    const none = await api(list, '/api/users?q=zzz', { token: root.token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
    expect(none.headers.get('x-total-pages')).toBe('1');
  });

  it('treats % and _ in q as plain characters', async () => {
    const percent = await api(list, `/api/users?q=${encodeURIComponent('%')}`, { token: root.token });
    expect(usernames(percent)).toEqual(['d%ve']);
    const underscore = await api(list, '/api/users?q=_', { token: root.token });
    expect(usernames(underscore)).toEqual(['root_admin', 'bob_dev']);
  });

  it('filters by role, alone and with q', async () => {
    const admins = await api(list, '/api/users?role=admin', { token: root.token });
    expect(usernames(admins)).toEqual(['root_admin', 'eve']);
    expect(admins.headers.get('x-total-count')).toBe('2');
    const developers = await api(list, '/api/users?role=developer', { token: root.token });
    expect(usernames(developers)).toEqual(['bob_dev']);
    const both = await api(list, '/api/users?role=admin&q=EVE', { token: root.token });
    expect(usernames(both)).toEqual(['eve']);
  });

  it('answers to the Zealot .json suffix with a query token', async () => {
    const res = await api(list, `/api/users.json?token=${root.token}&per_page=2`);
    expect(res.status).toBe(200);
    expect(usernames(res)).toEqual(['root_admin', 'Alice']);
    expect(res.headers.get('x-total-count')).toBe('6');
  });
});

describe('POST /api/users', () => {
  it('requires username, email and password', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: {} });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ username: ['is required'], email: ['is required'], password: ['is required'] }));
  });

  it('rejects blank username, email and password', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: { username: ' ', email: '', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ username: ["can't be blank"], email: ["can't be blank"], password: ["can't be blank"] }));
  });

  it('rejects a password shorter than 8 characters', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ password: 'seven77' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ password: ['is too short (minimum is 8 characters)'] }));
  });

  it('rejects a password longer than 128 characters', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ password: 'p'.repeat(129) }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ password: ['is too long (maximum is 128 characters)'] }));
  });

  it('rejects an invalid email', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ email: 'not-an-email' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ email: ['"not-an-email" is not a valid email address'] }));
  });

  it('rejects a username with "@"', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ username: 'someone@home' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ username: ['must not contain "@"'] }));
  });

  it('rejects a username with spaces', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ username: 'two words' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ username: ['must not contain spaces or control characters'] }));
  });

  it('rejects a one-character and a 51-character username', async () => {
    const short = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ username: 'x' }) });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject(validation({ username: ['is too short (minimum is 2 characters)'] }));
    const long = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ username: 'x'.repeat(51) }) });
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject(validation({ username: ['is too long (maximum is 50 characters)'] }));
  });

  it('rejects an unknown role', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ role: 'owner' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ role: ['must be one of member, developer, admin'] }));
  });

  it('rejects an unknown locale', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ locale: 'fr' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ locale: ['must be one of en, zh-CN'] }));
  });

  it('rejects an unknown appearance', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ appearance: 'blue' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ appearance: ['must be one of light, dark, auto'] }));
  });

  it('rejects a time zone that is not IANA', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ timezone: 'Mars/Olympus' }) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ timezone: ['"Mars/Olympus" is not an IANA time zone such as Asia/Shanghai or Etc/UTC'] }));
  });

  it('rejects a username already taken, in any case', async () => {
    const body = newUserBody({ username: member.username.toUpperCase() });
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ username: ['has already been taken'] }));
    const search = await api(server, `/api/users/search?email=${encodeURIComponent(body.email!)}`, { token: admin.token });
    expect(search.status).toBe(404);
  });

  it('rejects an email already taken, in any case', async () => {
    const body = newUserBody({ email: `  ${member.email.toUpperCase()}  ` });
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ email: ['has already been taken'] }));
    const list = await api(server, `/api/users?q=${body.username}`, { token: admin.token });
    expect(list.body).toEqual([]);
  });

  it('rejects a username or email with non-ASCII capitals taken as written', async () => {
    const username = uniqueName('Ärger');
    const email = `Öl.${username}@example.com`;
    const first = await api(server, '/api/users', { method: 'POST', token: admin.token, json: { username, email, password: 'a-good-password' } });
    expect(first.status).toBe(201);
    const again = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ username }) });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject(validation({ username: ['has already been taken'] }));
    const sameEmail = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ email }) });
    expect(sameEmail.status).toBe(422);
    expect(sameEmail.body).toMatchObject(validation({ email: ['has already been taken'] }));
    const found = await api(server, `/api/users/search?email=${encodeURIComponent(email)}`, { token: admin.token });
    expect(found.status).toBe(200);
    expect(found.body).toEqual(first.body);
    const session = await api(server, '/api/session', { method: 'POST', json: { login: username, password: 'a-good-password' } });
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(first.body.id);
  });

  it('answers 400 with a JSON error for a malformed JSON body', async () => {
    const res = await api(server, '/api/users', {
      method: 'POST',
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      raw: '{"username": "broken",',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ error: expect.stringMatching(/^The body is not valid JSON/) });
  });

  it('answers 415 for an unknown content type', async () => {
    const res = await api(server, '/api/users', {
      method: 'POST',
      token: admin.token,
      headers: { 'content-type': 'text/xml' },
      raw: '<user><username>xml</username></user>',
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      error: 'Unsupported content type: send JSON (application/json), a form (application/x-www-form-urlencoded) or multipart/form-data',
    });
  });

  it('answers 422 for a JSON array where an object is expected', async () => {
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: [newUserBody()] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ body: ['must be a JSON object'] }));
  });

  it('creates a member with the defaults and answers 201 without any password hash', async () => {
    const body = newUserBody();
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(userJson({ username: body.username!, email: body.email! }));
    expect(res.text).not.toMatch(/password|scrypt/i);
    expect(res.text).not.toContain(await passwordHashOf(server, res.body.id));
    const stored = await api(server, `/api/users/${res.body.id}`, { token: admin.token });
    expect(stored.body).toEqual(res.body);
    // The password was stored as given: the new user can sign in with it.
    await signIn(server, body.username!, body.password!);
  });

  it('creates a user with every field set, trimming names and canonicalising the time zone', async () => {
    const username = uniqueName('Full');
    const res = await api(server, '/api/users', {
      method: 'POST',
      token: admin.token,
      json: {
        username: `  ${username} `,
        email: ` ${username}@Example.org `,
        password: 'another-good-password',
        role: 'developer',
        locale: 'zh-CN',
        appearance: 'dark',
        timezone: 'asia/shanghai',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(
      userJson({ username, email: `${username}@Example.org`, role: 'developer', locale: 'zh-CN', appearance: 'dark', timezone: 'Asia/Shanghai' }),
    );
  });

  it('creates an administrator who can then manage users', async () => {
    const body = newUserBody({ role: 'admin' });
    const res = await api(server, '/api/users', { method: 'POST', token: admin.token, json: body });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('admin');
    const { cookie } = await signIn(server, body.username!, body.password!);
    const list = await api(server, '/api/users?per_page=1', { headers: { cookie } });
    expect(list.status).toBe(200);
  });

  it('accepts a form-urlencoded body with the token as a form field', async () => {
    const body = newUserBody({ role: 'developer', timezone: 'Europe/Berlin' });
    const res = await api(server, '/api/users', { method: 'POST', form: { token: admin.token, ...body } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(userJson({ username: body.username!, email: body.email!, role: 'developer', timezone: 'Europe/Berlin' }));
  });

  it('accepts a multipart body with the token as a form field', async () => {
    const body = newUserBody({ locale: 'zh-CN' });
    const res = await api(server, '/api/users', { method: 'POST', multipart: { token: admin.token, ...body } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(userJson({ username: body.username!, email: body.email!, locale: 'zh-CN' }));
  });

  it('validates form bodies like JSON ones', async () => {
    const res = await api(server, '/api/users', { method: 'POST', form: { token: admin.token, username: uniqueName('f') } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ email: ['is required'], password: ['is required'] }));
  });

  it('ignores an actor sent in the body: a member stays a member', async () => {
    const body = newUserBody({ role: 'admin' });
    const res = await api(server, '/api/users', { method: 'POST', token: member.token, json: { ...body, actor: { userId: admin.id, role: 'admin' } } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(ADMINS_ONLY);
    const search = await api(server, `/api/users/search?email=${encodeURIComponent(body.email!)}`, { token: admin.token });
    expect(search.status).toBe(404);
  });
});

describe('GET /api/users/search', () => {
  it('requires email', async () => {
    const res = await api(server, '/api/users/search', { token: admin.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ email: ['is required'] }));
  });

  it('rejects a blank email', async () => {
    const res = await api(server, '/api/users/search?email=%20', { token: admin.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ email: ["can't be blank"] }));
  });

  it('answers 404 for an unknown email, a part of one and a LIKE pattern', async () => {
    for (const email of ['nobody@example.com', member.email.slice(1), `${member.email.slice(0, 4)}%`, member.email.replace(/^./, '_')]) {
      const res = await api(server, `/api/users/search?email=${encodeURIComponent(email)}`, { token: admin.token });
      expect([email, res.status, res.body]).toMatchObject([email, 404, { error: 'User not found' }]);
    }
  });

  it('finds the one user with that exact email, in any case', async () => {
    const res = await api(server, `/api/users/search?email=${encodeURIComponent(member.email.toUpperCase())}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(member));
    expect(res.body.id).toBe(member.id);
  });
});

describe('GET /api/users/{id}', () => {
  it('rejects an id that is not a positive whole number', async () => {
    const word = await api(server, '/api/users/abc', { token: admin.token });
    expect(word.status).toBe(422);
    expect(word.body).toMatchObject(validation({ id: ['must be a whole number'] }));
    const zero = await api(server, '/api/users/0', { token: admin.token });
    expect(zero.status).toBe(422);
    expect(zero.body).toMatchObject(validation({ id: ['must be at least 1'] }));
  });

  it('answers 404 for a missing user', async () => {
    const res = await api(server, `/api/users/${MISSING_ID}`, { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });

  it('answers the user', async () => {
    const user = await server.newUser({ role: 'developer' });
    const res = await api(server, `/api/users/${user.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(user, { role: 'developer' }));
    expect(res.text).not.toContain(await passwordHashOf(server, user.id));
  });

  it('answers to the .json suffix', async () => {
    const res = await api(server, `/api/users/${developer.id}.json?token=${admin.token}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(developer.id);
  });
});

describe('PUT /api/users/{id}', () => {
  it('rejects a non-numeric id', async () => {
    const res = await api(server, '/api/users/me', { method: 'PUT', token: admin.token, json: { locale: 'en' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ id: ['must be a whole number'] }));
  });

  it('answers 404 for a missing user', async () => {
    const res = await api(server, `/api/users/${MISSING_ID}`, { method: 'PUT', token: admin.token, json: { locale: 'en' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });

  it('rejects bad role, locale, appearance and time zone together', async () => {
    const user = await server.newUser();
    const res = await api(server, `/api/users/${user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { role: 'root', locale: 'de', appearance: 'neon', timezone: 'Mars/Olympus' },
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({
      role: ['must be one of member, developer, admin'],
      locale: ['must be one of en, zh-CN'],
      appearance: ['must be one of light, dark, auto'],
    });
  });

  it('rejects a time zone that is not IANA', async () => {
    const user = await server.newUser();
    const res = await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json: { timezone: 'Mars/Olympus' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ timezone: ['"Mars/Olympus" is not an IANA time zone such as Asia/Shanghai or Etc/UTC'] }));
  });

  it('rejects a blank username or email, a bad email and a short password', async () => {
    const user = await server.newUser();
    const blank = await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json: { username: '  ', email: '' } });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject(validation({ username: ["can't be blank"], email: ["can't be blank"] }));
    const bad = await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json: { email: 'a@b', password: 'short' } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject(validation({ email: ['"a@b" is not a valid email address'], password: ['is too short (minimum is 8 characters)'] }));
    const unchanged = await api(server, `/api/users/${user.id}`, { token: admin.token });
    expect(unchanged.body).toEqual(jsonOf(user));
  });

  it("rejects another user's username or email, in any case", async () => {
    const user = await server.newUser();
    const res = await api(server, `/api/users/${user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { username: developer.username.toUpperCase(), email: developer.email.toUpperCase() },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ username: ['has already been taken'], email: ['has already been taken'] }));
  });

  it('lets a user keep their own username and email in another case', async () => {
    const user = await server.newUser();
    const res = await api(server, `/api/users/${user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { username: user.username.toUpperCase(), email: user.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(user, { username: user.username.toUpperCase(), email: user.email.toUpperCase() }));
  });

  it('changes only the fields sent and answers the whole user', async () => {
    const user = await server.newUser();
    const before = await api(server, `/api/users/${user.id}`, { token: admin.token });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const username = uniqueName('renamed');
    const res = await api(server, `/api/users/${user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { username, role: 'developer', locale: 'zh-CN', appearance: 'light', timezone: 'america/new_york' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      jsonOf(user, { username, role: 'developer', locale: 'zh-CN', appearance: 'light', timezone: 'America/New_York' }),
    );
    expect(res.body.created_at).toBe(before.body.created_at);
    expect(res.body.updated_at > before.body.updated_at).toBe(true);
    const after = await api(server, `/api/users/${user.id}`, { token: admin.token });
    expect(after.body).toEqual(res.body);
    // The token still belongs to the renamed user, now a developer.
    const self = await api(server, '/api/user', { token: user.token });
    expect(self.body.role).toBe('developer');
  });

  it('keeps the password when it is empty and sets a new one otherwise, ending web sessions', async () => {
    const user = await server.newUser();
    const keep = await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json: { password: '' } });
    expect(keep.status).toBe(200);
    const { cookie } = await signIn(server, user.username, user.password);
    const change = await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json: { password: 'brand-new-password' } });
    expect(change.status).toBe(200);
    expect(change.text).not.toMatch(/password|scrypt/i);
    const old = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
    expect(old.status).toBe(401);
    await signIn(server, user.username, 'brand-new-password');
    const session = await api(server, '/api/session', { headers: { cookie } });
    expect(session.body).toEqual({ user: null, csrf_token: null });
    // Personal access tokens are not sessions: they keep working.
    expect((await api(server, '/api/user', { token: user.token })).status).toBe(200);
  });

  it('updates the user in the path, not an id sent in the body', async () => {
    const target = await server.newUser();
    const bystander = await server.newUser();
    const res = await api(server, `/api/users/${target.id}`, { method: 'PUT', token: admin.token, json: { id: bystander.id, locale: 'zh-CN' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(target, { locale: 'zh-CN' }));
    const untouched = await api(server, `/api/users/${bystander.id}`, { token: admin.token });
    expect(untouched.body).toEqual(jsonOf(bystander));
  });

  it('ignores an actor sent in the body: a member cannot promote themself', async () => {
    const res = await api(server, `/api/users/${member.id}`, {
      method: 'PUT',
      token: member.token,
      json: { role: 'admin', actor: { userId: admin.id, role: 'admin' } },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(ADMINS_ONLY);
    const self = await api(server, '/api/user', { token: member.token });
    expect(self.body.role).toBe('member');
  });

  // The admin's edit screen saves a user's profile in one request (issue 14, item 12): username,
  // email, role, a password the admin sets, and locked, with the lock routes' rules.
  it('locks and unlocks with the other fields in one edit, signing the locked user out', async () => {
    const user = await server.newUser();
    const { cookie } = await signIn(server, user.username, user.password);
    const username = uniqueName('edited');
    const email = `${username}@example.com`;
    const res = await api(server, `/api/users/${user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { username, email, role: 'developer', password: 'set-by-the-admin', locked: true },
    });
    expect(res.status).toBe(200);
    const signedIn = { last_sign_in_at: expect.any(String) };
    expect(res.body).toEqual(jsonOf(user, { username, email, role: 'developer', locked: true, locked_at: expect.any(String), ...signedIn }));
    expect((await api(server, '/api/session', { headers: { cookie } })).body).toEqual({ user: null, csrf_token: null });
    const refused = await api(server, '/api/session', { method: 'POST', json: { login: username, password: 'set-by-the-admin' } });
    expect(refused.status).toBe(403);

    const unlocked = await api(server, `/api/users/${user.id}`, { method: 'PUT', token: admin.token, json: { locked: false } });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual(jsonOf(user, { username, email, role: 'developer', locked: false, locked_at: null, ...signedIn }));
    await signIn(server, username, 'set-by-the-admin');
  });

  it("refuses to lock the admin's own account, changing nothing, and a locked value that is not a boolean", async () => {
    const self = await server.newUser({ role: 'admin' });
    const before = (await api(server, `/api/users/${self.id}`, { token: admin.token })).body;
    const res = await api(server, `/api/users/${self.id}`, { method: 'PUT', token: self.token, json: { username: uniqueName('x'), locked: true } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'You cannot lock your own account' });
    expect((await api(server, `/api/users/${self.id}`, { token: admin.token })).body).toEqual(before);
    const bad = await api(server, `/api/users/${self.id}`, { method: 'PUT', token: admin.token, json: { locked: 'yes' } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject(validation({ locked: ['must be a boolean'] }));
  });

  it("answers 403 to a developer or member editing another user's profile, and changes nothing", async () => {
    const user = await server.newUser();
    for (const actor of [developer, member]) {
      const res = await api(server, `/api/users/${user.id}`, { method: 'PUT', token: actor.token, json: { email: 'taken@example.com', locked: true } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject(ADMINS_ONLY);
    }
    expect((await api(server, `/api/users/${user.id}`, { token: admin.token })).body).toEqual(jsonOf(user));
  });

  it('accepts a form body with the token as a form field', async () => {
    const user = await server.newUser();
    const res = await api(server, `/api/users/${user.id}`, { method: 'PUT', form: { token: admin.token, appearance: 'dark' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(user, { appearance: 'dark' }));
  });
});

describe('DELETE /api/users/{id}', () => {
  it('rejects a non-numeric id', async () => {
    const res = await api(server, '/api/users/abc', { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ id: ['must be a whole number'] }));
  });

  it('answers 404 for a missing user', async () => {
    const res = await api(server, `/api/users/${MISSING_ID}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });

  it('refuses to delete the caller', async () => {
    const res = await api(server, `/api/users/${admin.id}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'You cannot delete your own account' });
    expect((await api(server, '/api/user', { token: admin.token })).status).toBe(200);
  });

  it('deletes the user, their tokens and sessions', async () => {
    const user = await server.newUser({ role: 'developer' });
    const { cookie } = await signIn(server, user.username, user.password);
    const res = await api(server, `/api/users/${user.id}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
    expect((await api(server, `/api/users/${user.id}`, { token: admin.token })).body).toMatchObject(NOT_FOUND);
    const token = await api(server, '/api/user', { token: user.token });
    expect(token.status).toBe(401);
    expect(token.body).toMatchObject(UNAUTHORIZED);
    expect((await api(server, '/api/session', { headers: { cookie } })).body).toEqual({ user: null, csrf_token: null });
    const again = await api(server, `/api/users/${user.id}`, { method: 'DELETE', token: admin.token });
    expect(again.status).toBe(404);
    // The username is free again.
    const reused = await api(server, '/api/users', { method: 'POST', token: admin.token, json: newUserBody({ username: user.username }) });
    expect(reused.status).toBe(201);
  });

  it('deletes another administrator while one stays', async () => {
    const other = await server.newUser({ role: 'admin' });
    const res = await api(server, `/api/users/${other.id}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
  });
});

for (const method of ['GET', 'POST'] as const) {
  describe(`${method} /api/users/{id}/lock`, () => {
    it('rejects a non-numeric id', async () => {
      const res = await api(server, '/api/users/abc/lock', { method, token: admin.token });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject(validation({ id: ['must be a whole number'] }));
    });

    it('answers 404 for a missing user', async () => {
      const res = await api(server, `/api/users/${MISSING_ID}/lock`, { method, token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND);
    });

    it('refuses to lock the caller', async () => {
      const res = await api(server, `/api/users/${admin.id}/lock`, { method, token: admin.token });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'You cannot lock your own account' });
      expect((await api(server, '/api/user', { token: admin.token })).status).toBe(200);
    });

    it('answers 202 with the locked user, whose token is refused but whose account stays', async () => {
      const user = await server.newUser({ role: 'developer' });
      const res = await api(server, `/api/users/${user.id}/lock`, { method, token: admin.token });
      expect(res.status).toBe(202);
      expect(res.body).toEqual(jsonOf(user, { role: 'developer', locked: true, locked_at: TIME }));
      const refused = await api(server, '/api/user', { token: user.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject(LOCKED);
      const signInRefused = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
      expect(signInRefused.status).toBe(403);
      const kept = await api(server, `/api/users/${user.id}`, { token: admin.token });
      expect(kept.status).toBe(200);
      expect(kept.body).toEqual(res.body);
      // Locking again changes nothing.
      const again = await api(server, `/api/users/${user.id}/lock`, { method, token: admin.token });
      expect(again.status).toBe(202);
      expect(again.body).toEqual(res.body);
    });

    it('ends the web sessions of the locked user for good', async () => {
      const user = await server.newUser();
      const { cookie } = await signIn(server, user.username, user.password);
      expect((await api(server, `/api/users/${user.id}/lock`, { method, token: admin.token })).status).toBe(202);
      expect((await api(server, `/api/users/${user.id}/unlock`, { method: 'DELETE', token: admin.token })).status).toBe(202);
      const session = await api(server, '/api/session', { headers: { cookie } });
      expect(session.body).toEqual({ user: null, csrf_token: null });
    });

    if (method === 'GET') {
      it('does not lock anyone on HEAD', async () => {
        const user = await server.newUser();
        const res = await fetch(`${server.url}/api/users/${user.id}/lock`, { method: 'HEAD', headers: { authorization: `Bearer ${admin.token}` } });
        expect(res.status).toBe(404);
        const after = await api(server, `/api/users/${user.id}`, { token: admin.token });
        expect(after.body).toEqual(jsonOf(user));
      });
    }

    it('needs the CSRF token when an administrator calls it with the session cookie', async () => {
      const user = await server.newUser();
      const { cookie, withCsrf } = await browser(server, await server.newUser({ role: 'admin' }));
      const bare = await api(server, `/api/users/${user.id}/lock`, { method, headers: cookie });
      expect(bare.status).toBe(403);
      expect(bare.body).toMatchObject({ error: 'Missing or invalid CSRF token: send the X-CSRF-Token header from GET /api/session' });
      expect((await api(server, '/api/user', { token: user.token })).status).toBe(200);
      const res = await api(server, `/api/users/${user.id}/lock`, { method, headers: withCsrf });
      expect(res.status).toBe(202);
      expect(res.body.locked).toBe(true);
    });
  });
}

describe('DELETE /api/users/{id}/unlock', () => {
  it('rejects a non-numeric id', async () => {
    const res = await api(server, '/api/users/abc/unlock', { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ id: ['must be a whole number'] }));
  });

  it('answers 404 for a missing user', async () => {
    const res = await api(server, `/api/users/${MISSING_ID}/unlock`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND);
  });

  it('answers 202 with the unlocked user, whose token works again', async () => {
    const user = await server.newUser({ locked: true });
    expect((await api(server, '/api/user', { token: user.token })).status).toBe(403);
    const res = await api(server, `/api/users/${user.id}/unlock`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(jsonOf(user, { locked: false, locked_at: null }));
    const self = await api(server, '/api/user', { token: user.token });
    expect(self.status).toBe(200);
    expect(self.body).toEqual(res.body);
    await signIn(server, user.username, user.password);
  });

  it('clears locked_at that a lock set', async () => {
    const user = await server.newUser();
    const locked = await api(server, `/api/users/${user.id}/lock`, { method: 'POST', token: admin.token });
    expect(locked.body.locked_at).toEqual(TIME);
    const res = await api(server, `/api/users/${user.id}/unlock`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(jsonOf(user, { locked: false, locked_at: null }));
  });

  it('answers 202 unchanged for a user who is not locked', async () => {
    const user = await server.newUser();
    const before = await api(server, `/api/users/${user.id}`, { token: admin.token });
    const res = await api(server, `/api/users/${user.id}/unlock`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(before.body);
  });
});

describe('the last active administrator', () => {
  let guard: TestServer;
  let first: TestUser;
  let second: TestUser;

  beforeAll(async () => {
    guard = await startServer();
    first = await guard.newUser({ role: 'admin' });
    second = await guard.newUser({ role: 'admin' });
    // Locked administrators do not count as active ones.
    await guard.newUser({ role: 'admin', locked: true });
  });
  afterAll(() => guard.close());

  async function ensureBothActiveAdmins() {
    for (const user of [first, second]) {
      await guard.database.db.updateTable('users').set({ role: 'admin', locked: false, locked_at: null }).where('id', '=', user.id).execute();
    }
  }

  it('cannot demote themself', async () => {
    await ensureBothActiveAdmins();
    expect((await api(guard, `/api/users/${second.id}/lock`, { method: 'POST', token: first.token })).status).toBe(202);
    for (const role of ['member', 'developer']) {
      const res = await api(guard, `/api/users/${first.id}`, { method: 'PUT', token: first.token, json: { role } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'This is the only active administrator; make another user an administrator first' });
    }
    expect((await api(guard, '/api/user', { token: first.token })).body.role).toBe('admin');
    // Other changes to the same account still go through.
    const rename = await api(guard, `/api/users/${first.id}`, { method: 'PUT', token: first.token, json: { role: 'admin', locale: 'zh-CN' } });
    expect(rename.status).toBe(200);
    expect(rename.body.locale).toBe('zh-CN');
  });

  it('can be demoted once another administrator is active', async () => {
    await ensureBothActiveAdmins();
    const res = await api(guard, `/api/users/${first.id}`, { method: 'PUT', token: second.token, json: { role: 'developer' } });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('developer');
    expect(await activeAdminCount(guard)).toBe(1);
    const demoted = await api(guard, '/api/users', { token: first.token });
    expect(demoted.status).toBe(403);
  });

  it('can demote a locked administrator, who is not active', async () => {
    await ensureBothActiveAdmins();
    expect((await api(guard, `/api/users/${second.id}/lock`, { method: 'POST', token: first.token })).status).toBe(202);
    const res = await api(guard, `/api/users/${second.id}`, { method: 'PUT', token: first.token, json: { role: 'member' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(second, { role: 'member', locked: true, locked_at: TIME }));
  });

  it('cannot be locked, deleted or demoted, even by two administrators at once', async () => {
    for (let round = 0; round < 5; round++) {
      await ensureBothActiveAdmins();
      const [a, b] = await Promise.all([
        api(guard, `/api/users/${second.id}/lock`, { method: 'POST', token: first.token }),
        api(guard, `/api/users/${first.id}/lock`, { method: 'POST', token: second.token }),
      ]);
      // One lock wins; the other finds itself locked out (403) or the target the last admin (409).
      expect([a.status, b.status].filter((status) => status === 202)).toHaveLength(1);
      expect([a.status, b.status].filter((status) => status !== 202)).toEqual([expect.toBeOneOf([403, 409])]);
      expect(await activeAdminCount(guard)).toBe(1);
    }
    for (let round = 0; round < 3; round++) {
      await ensureBothActiveAdmins();
      const [a, b] = await Promise.all([
        api(guard, `/api/users/${second.id}`, { method: 'DELETE', token: first.token }),
        api(guard, `/api/users/${first.id}`, { method: 'DELETE', token: second.token }),
      ]);
      expect([a.status, b.status].filter((status) => status === 200)).toHaveLength(1);
      expect([a.status, b.status].filter((status) => status !== 200)).toEqual([expect.toBeOneOf([401, 409])]);
      expect(await activeAdminCount(guard)).toBe(1);
      // Bring the deleted one back under the same id and token.
      const gone = a.status === 200 ? second : first;
      const stays = a.status === 200 ? first : second;
      const revived = await api(guard, '/api/users', { method: 'POST', token: stays.token, json: { username: gone.username, email: gone.email, password: gone.password, role: 'admin' } });
      expect(revived.status).toBe(201);
      const token = await guard.services.tokensService.createForUser(revived.body.id, 'revived');
      Object.assign(gone, { id: revived.body.id, token: token.token });
    }
    for (let round = 0; round < 3; round++) {
      await ensureBothActiveAdmins();
      const [a, b] = await Promise.all([
        api(guard, `/api/users/${first.id}`, { method: 'PUT', token: first.token, json: { role: 'member' } }),
        api(guard, `/api/users/${second.id}`, { method: 'PUT', token: second.token, json: { role: 'member' } }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(await activeAdminCount(guard)).toBe(1);
    }
  });
});

describe('GET /api/user', () => {
  it("answers the caller's own user, for every role", async () => {
    for (const [user, role] of [[admin, 'admin'], [member, 'member'], [developer, 'developer']] as const) {
      const res = await api(server, '/api/user', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(jsonOf(user, { role }));
      expect(res.text).not.toMatch(/password|scrypt/i);
    }
  });

  it('answers to the .json suffix with a query token', async () => {
    const res = await api(server, `/api/user.json?token=${developer.token}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(developer.id);
  });

  it('answers to the session cookie', async () => {
    const user = await server.newUser();
    const { cookie } = await browser(server, user);
    const res = await api(server, '/api/user', { headers: cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(user, { last_sign_in_at: TIME }));
  });
});

describe('GET /api/users/me', () => {
  it("answers the caller's own user, for every role", async () => {
    for (const [user, role] of [[admin, 'admin'], [member, 'member'], [developer, 'developer']] as const) {
      const res = await api(server, '/api/users/me', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(jsonOf(user, { role }));
    }
  });

  it('answers to the .json suffix', async () => {
    const res = await api(server, `/api/users/me.json?token=${member.token}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(member.id);
  });
});

describe('PUT /api/user', () => {
  it('rejects bad locale, appearance and time zone', async () => {
    const user = await server.newUser();
    const enums = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale: 'xx', appearance: 'sepia' } });
    expect(enums.status).toBe(422);
    expect(enums.body).toMatchObject(validation({ locale: ['must be one of en, zh-CN'], appearance: ['must be one of light, dark, auto'] }));
    const zone = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { timezone: 'Mars/Olympus' } });
    expect(zone.status).toBe(422);
    expect(zone.body).toMatchObject(validation({ timezone: ['"Mars/Olympus" is not an IANA time zone such as Asia/Shanghai or Etc/UTC'] }));
  });

  it("rejects another user's username or email", async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user', {
      method: 'PUT',
      token: user.token,
      json: { username: admin.username.toUpperCase(), email: admin.email.toUpperCase() },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ username: ['has already been taken'], email: ['has already been taken'] }));
  });

  it('needs current_password to change the password', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { password: 'a-new-password' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ current_password: ["can't be blank when changing the password"] }));
    await signIn(server, user.username, user.password);
  });

  it('rejects a wrong current_password', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user', {
      method: 'PUT',
      token: user.token,
      json: { password: 'a-new-password', current_password: 'not-the-password' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ current_password: ['is not correct'] }));
    await signIn(server, user.username, user.password);
  });

  it('rejects a new password that is too short', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { password: 'short', current_password: user.password } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ password: ['is too short (minimum is 8 characters)'] }));
  });

  it('changes the password with the current one', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user', {
      method: 'PUT',
      token: user.token,
      json: { password: 'a-new-password', current_password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(user));
    await signIn(server, user.username, 'a-new-password');
    const old = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
    expect(old.status).toBe(401);
  });

  it('changes the profile fields sent, for any role', async () => {
    for (const role of ['member', 'developer', 'admin'] as const) {
      const user = await server.newUser({ role });
      const username = uniqueName('self');
      const res = await api(server, '/api/user', {
        method: 'PUT',
        token: user.token,
        json: { username, email: `${username}@example.net`, locale: 'zh-CN', appearance: 'dark', timezone: 'europe/paris' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(
        jsonOf(user, { role, username, email: `${username}@example.net`, locale: 'zh-CN', appearance: 'dark', timezone: 'Europe/Paris' }),
      );
    }
  });

  it('does not change the role, whatever the body says', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { role: 'admin', locked: true, appearance: 'light' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jsonOf(user, { appearance: 'light' }));
    expect((await api(server, '/api/users', { token: user.token })).status).toBe(403);
  });

  it('changes only the caller, whatever actor the body names', async () => {
    const user = await server.newUser();
    const victim = await server.newUser();
    const res = await api(server, '/api/user', {
      method: 'PUT',
      token: user.token,
      json: { email: `${uniqueName('taken')}@evil.example`, actor: { userId: victim.id, role: 'member' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    const untouched = await api(server, `/api/users/${victim.id}`, { token: admin.token });
    expect(untouched.body).toEqual(jsonOf(victim));
  });

  it('ignores a currentPassword sent under its internal name', async () => {
    const user = await server.newUser();
    const res = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { password: 'a-new-password', currentPassword: user.password } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ current_password: ["can't be blank when changing the password"] }));
  });
});
