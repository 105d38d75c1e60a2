// Two-factor sign-in (TOTP) over HTTP. The server runs on a clock the test moves, so codes are
// computed here with the same auth/totp.ts at the server's time. Enrolment: password, pending
// secret, a first code; sign-in: the right password answers 202 and a challenge, the second step
// opens the session; a code or recovery code works once; five wrong codes void the challenge,
// which also dies after 5 minutes; turning it off needs password and code; an administrator can
// require it (password sessions must enrol first, API tokens are not affected) and reset it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNUSABLE_PASSWORD_HASH } from '../src/auth/passwords.ts';
import { totpCode } from '../src/auth/totp.ts';
import type { Clock } from '../src/clock.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { engineUnderTest } from './helpers/database.ts';

let server: TestServer;
let admin: TestUser;
let adminSession: Session;
let nowMs = Date.parse('2026-11-27T10:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs).toISOString(), nowMs: () => nowMs };
/** The next 30-second step: a code of a step already used is refused. */
const tick = () => { nowMs += 30_000; };

interface Session { cookie: string; csrf: string }

beforeAll(async () => {
  server = await startServer({ TARMAC_MAX_FAILED_ATTEMPTS: '20' }, { clock });
  admin = await server.newUser({ role: 'admin' });
  adminSession = await signIn(server, admin.username, admin.password);
});
afterAll(() => server.close());

const as = (session: Session) => ({ cookie: session.cookie, 'x-csrf-token': session.csrf });
const post = (path: string, json: unknown, session?: Session) =>
  api(server, path, { method: 'POST', json, ...(session ? { headers: as(session) } : {}) });

/** Enrols the user through the API; answers the secret and the recovery codes. */
async function enrol(user: TestUser, session: Session): Promise<{ secret: string; codes: string[] }> {
  const setup = await post('/api/user/two-factor/setup', { password: user.password }, session);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const enabled = await post('/api/user/two-factor/enable', { code: totpCode(secret, nowMs) }, session);
  expect(enabled.status).toBe(200);
  tick();
  return { secret, codes: enabled.body.recovery_codes as string[] };
}

async function passwordStep(user: TestUser) {
  const response = await post('/api/session', { login: user.username, password: user.password });
  expect(response.status).toBe(202);
  return response.body as { two_factor_required: true; challenge: string; expires_at: string };
}

function cookieOf(response: { headers: Headers; body: { csrf_token: string } }): Session {
  return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: response.body.csrf_token };
}

describe(`two-factor sign-in on ${engineUnderTest()}`, () => {
  it('enrols: a pending secret with its QR code, confirmed by a code; a wrong or replayed code is refused', async () => {
    const user = await server.newUser();
    const session = await signIn(server, user.username, user.password);
    expect((await api(server, '/api/user/two-factor', { headers: as(session) })).body).toEqual({
      enabled: false, enabled_at: null, recovery_codes_left: 0, required: false,
    });
    expect(await post('/api/user/two-factor/setup', { password: 'wrong-password' }, session)).toMatchObject({
      status: 422, body: { details: { password: ['is not correct'] } },
    });
    expect(await post('/api/user/two-factor/enable', { code: '123456' }, session)).toMatchObject({ status: 409, body: { code: 'two_factor.not_set_up' } });
    const setup = await post('/api/user/two-factor/setup', { password: user.password }, session);
    expect(setup.status).toBe(200);
    const { secret, otpauth_uri: uri, qr_svg: svg } = setup.body as { secret: string; otpauth_uri: string; qr_svg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const host = encodeURIComponent(new URL(server.config.externalUrl).host);
    expect(uri).toBe(`otpauth://totp/Tarmac%20(${host}):${user.username}?secret=${secret}&issuer=Tarmac%20%28${host}%29&algorithm=SHA1&digits=6&period=30`);
    expect(svg).toMatch(/^<svg /);
    // Stored sealed, never in the clear.
    const row = await server.database.db.selectFrom('users').select('totp_secret').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(secret);

    const wrong = String((Number(totpCode(secret, nowMs)) + 1) % 1_000_000).padStart(6, '0');
    expect(await post('/api/user/two-factor/enable', { code: wrong }, session)).toMatchObject({ status: 422, body: { details: { code: [expect.any(String)] } } });
    const code = totpCode(secret, nowMs);
    const enabled = await post('/api/user/two-factor/enable', { code }, session);
    expect(enabled.status).toBe(200);
    expect(enabled.body.recovery_codes).toHaveLength(10);
    for (const recovery of enabled.body.recovery_codes as string[]) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await post('/api/user/two-factor/setup', { password: user.password }, session)).toMatchObject({ status: 409, body: { code: 'two_factor.already_enabled' } });
    expect((await api(server, '/api/user/two-factor', { headers: as(session) })).body).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await api(server, '/api/user', { headers: as(session) })).body).toMatchObject({ two_factor_enabled: true });

    // The same code at the second step of a sign-in is a replay.
    const challenge = await passwordStep(user);
    expect(await post('/api/session/two-factor', { challenge: challenge.challenge, code })).toMatchObject({
      status: 401, body: { code: 'auth.two_factor_code_wrong' },
    });
  });

  it('answers 202 with a challenge (no cookie), then opens the session with a code; a challenge works once', async () => {
    const user = await server.newUser();
    const { secret } = await enrol(user, await signIn(server, user.username, user.password));
    const response = await post('/api/session', { login: user.email, password: user.password });
    expect(response.status).toBe(202);
    expect(response.headers.get('set-cookie')).toBeNull();
    const expiresAt = new Date(nowMs + 5 * 60_000).toISOString();
    expect(response.body).toEqual({ two_factor_required: true, challenge: expect.any(String), expires_at: expiresAt });
    const { challenge } = response.body as { challenge: string };
    const second = await post('/api/session/two-factor', { challenge, code: totpCode(secret, nowMs) });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ user: { id: user.id, two_factor_enabled: true }, csrf_token: expect.any(String) });
    const session = cookieOf(second);
    expect((await api(server, '/api/apps', { headers: as(session) })).status).toBe(200);
    tick();
    expect(await post('/api/session/two-factor', { challenge, code: totpCode(secret, nowMs) })).toMatchObject({
      status: 401, body: { code: 'auth.two_factor_challenge_expired' },
    });
    // Users without two-factor sign-in keep the 200 answer Zealot-era scripts read.
    const plain = await server.newUser();
    expect((await post('/api/session', { login: plain.username, password: plain.password })).status).toBe(200);
  });

  it('takes a recovery code once, and counts it down', async () => {
    const user = await server.newUser();
    const { codes } = await enrol(user, await signIn(server, user.username, user.password));
    const first = await passwordStep(user);
    const signed = await post('/api/session/two-factor', { challenge: first.challenge, recovery_code: codes[0]!.toUpperCase().replace('-', ' ') });
    expect(signed.status).toBe(200);
    const again = await passwordStep(user);
    expect(await post('/api/session/two-factor', { challenge: again.challenge, recovery_code: codes[0] })).toMatchObject({
      status: 401, body: { code: 'auth.two_factor_code_wrong' },
    });
    expect((await api(server, '/api/user/two-factor', { headers: as(cookieOf(signed)) })).body).toMatchObject({ recovery_codes_left: 9 });
    // New codes: the old ones die.
    const fresh = await post('/api/user/two-factor/recovery-codes', { password: user.password }, cookieOf(signed));
    expect(fresh.body.recovery_codes).toHaveLength(10);
    expect(await post('/api/session/two-factor', { challenge: again.challenge, recovery_code: codes[1] })).toMatchObject({ status: 401 });
    expect((await post('/api/session/two-factor', { challenge: again.challenge, recovery_code: fresh.body.recovery_codes[0] })).status).toBe(200);
  });

  it('voids a challenge after five wrong codes, and one older than 5 minutes', async () => {
    const user = await server.newUser();
    const { secret } = await enrol(user, await signIn(server, user.username, user.password));
    const { challenge } = await passwordStep(user);
    for (let i = 0; i < 4; i++) {
      expect(await post('/api/session/two-factor', { challenge, code: '000000' })).toMatchObject({ status: 401, body: { code: 'auth.two_factor_code_wrong' } });
    }
    expect(await post('/api/session/two-factor', { challenge, code: '000000' })).toMatchObject({ status: 401, body: { code: 'auth.two_factor_challenge_expired' } });
    expect(await server.services.accountTokens.peek('two-factor', challenge)).toBeUndefined();
    expect((await post('/api/session/two-factor', { challenge, code: totpCode(secret, nowMs) })).status).toBeGreaterThanOrEqual(400);

    const late = await passwordStep(user);
    nowMs += 5 * 60_000 + 1000;
    expect(await post('/api/session/two-factor', { challenge: late.challenge, code: totpCode(secret, nowMs) })).toMatchObject({
      status: 401, body: { code: 'auth.two_factor_challenge_expired' },
    });
  });

  it('counts wrong codes with wrong passwords: then 429, even for the right code', async () => {
    const strict = await startServer({ TARMAC_MAX_FAILED_ATTEMPTS: '3' }, { clock });
    try {
      const user = await strict.newUser();
      const setup = await api(strict, '/api/user/two-factor/setup', { method: 'POST', json: { password: user.password }, token: user.token });
      const secret = setup.body.secret as string;
      await api(strict, '/api/user/two-factor/enable', { method: 'POST', json: { code: totpCode(secret, nowMs) }, token: user.token });
      tick();
      const start = await api(strict, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } });
      const challenge = (start.body as { challenge: string }).challenge;
      const second = (code: string) => api(strict, '/api/session/two-factor', { method: 'POST', json: { challenge, code } });
      for (let i = 0; i < 3; i++) expect((await second('000000')).status).toBe(401);
      const blocked = await second(totpCode(secret, nowMs));
      expect(blocked).toMatchObject({ status: 429, body: { code: 'auth.too_many_attempts' } });
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
      // The password step of the same account is held back too.
      expect((await api(strict, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } })).status).toBe(429);
      // Turning it off with the password and guessed codes is held back the same way.
      const disable = (code: string) =>
        api(strict, '/api/user/two-factor/disable', { method: 'POST', json: { password: user.password, code }, token: user.token });
      for (let i = 0; i < 3; i++) expect((await disable('000000')).status).toBe(422);
      expect(await disable(totpCode(secret, nowMs))).toMatchObject({ status: 429, body: { code: 'auth.too_many_attempts' } });
    } finally {
      await strict.close();
    }
  });

  it('turns off only with the password and a code, with a token as with a session', async () => {
    const user = await server.newUser();
    const session = await signIn(server, user.username, user.password);
    const { secret, codes } = await enrol(user, session);
    const byToken = (json: unknown) => api(server, '/api/user/two-factor/disable', { method: 'POST', json, token: user.token });
    expect(await byToken({ code: totpCode(secret, nowMs) })).toMatchObject({ status: 422 });
    expect(await byToken({ password: user.password })).toMatchObject({ status: 422, body: { details: { code: [expect.any(String)] } } });
    expect(await byToken({ password: 'not-the-password', code: totpCode(secret, nowMs) })).toMatchObject({
      status: 422, body: { details: { password: ['is not correct'] } },
    });
    expect(await byToken({ password: user.password, recovery_code: 'aaaaa-aaaaa' })).toMatchObject({ status: 422 });
    expect(await byToken({ password: user.password, recovery_code: codes[0] })).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await post('/api/session', { login: user.username, password: user.password })).status).toBe(200);
    expect(await server.database.db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('lets an administrator require it: a password session must enrol first, a token is not affected', async () => {
    const settings = await api(server, '/api/settings', { method: 'PUT', json: { two_factor_required: true }, headers: as(adminSession) });
    expect(settings).toMatchObject({ status: 200, body: { two_factor_required: true } });
    try {
      const user = await server.newUser();
      const session = await signIn(server, user.username, user.password);
      expect(await api(server, '/api/apps', { headers: as(session) })).toMatchObject({ status: 403, body: { code: 'auth.two_factor_enrolment_required' } });
      expect((await api(server, '/api/apps', { token: user.token })).status).toBe(200);
      expect((await api(server, '/api/user', { headers: as(session) })).status).toBe(200);
      expect((await api(server, '/api/user/two-factor', { headers: as(session) })).body).toMatchObject({ enabled: false, required: true });
      await enrol(user, session);
      expect((await api(server, '/api/apps', { headers: as(session) })).status).toBe(200);
    } finally {
      await api(server, '/api/settings', { method: 'PUT', json: { two_factor_required: false }, headers: as(adminSession) });
    }
  });

  it('lets an administrator reset it (a lost phone), and nobody else', async () => {
    const user = await server.newUser();
    await enrol(user, await signIn(server, user.username, user.password));
    const other = await server.newUser();
    expect((await api(server, `/api/users/${user.id}/two-factor/reset`, { method: 'POST', token: other.token })).status).toBe(403);
    expect((await api(server, '/api/users/999999/two-factor/reset', { method: 'POST', token: admin.token })).status).toBe(404);
    const listed = await api(server, `/api/users/${user.id}`, { token: admin.token });
    expect(listed.body).toMatchObject({ two_factor_enabled: true });
    const reset = await api(server, `/api/users/${user.id}/two-factor/reset`, { method: 'POST', token: admin.token });
    expect(reset).toMatchObject({ status: 200, body: { id: user.id, two_factor_enabled: false } });
    expect((await post('/api/session', { login: user.username, password: user.password })).status).toBe(200);
  });

  it('does not ask a provider sign-in for a code, nor flag its session when required', async () => {
    const timestamp = new Date(nowMs).toISOString();
    const provider = await server.services.signInProvidersRepository.insert({
      slug: 'corp', kind: 'oidc', name: 'Corp SSO', enabled: true, allow_sign_up: true, settings: '{}', secret: null, source: 'ui',
      position: 0, created_at: timestamp, updated_at: timestamp,
    });
    await server.services.settingsService.set('two_factor_required', true);
    try {
      const profile = { subject: 'sso-1', username: 'sso person', email: 'sso.person@corp.test', emailVerified: true };
      const result = await server.services.identitiesService.complete(provider, profile, { userAgent: 'test', ip: '127.0.0.1' });
      expect(result.status).toBe('signed-in');
      if (result.status !== 'signed-in') return;
      const signed = result.signedIn as { cookieSecret: string; csrfToken: string };
      const session = { cookie: `tarmac_session=${signed.cookieSecret}`, csrf: signed.csrfToken };
      expect((await api(server, '/api/apps', { headers: as(session) })).status).toBe(200);
    } finally {
      await server.services.settingsService.set('two_factor_required', false);
    }
  });

  it('refuses an account without a password (made by a provider) with 409', async () => {
    const user = await server.newUser();
    await server.database.db.updateTable('users').set({ password_hash: UNUSABLE_PASSWORD_HASH }).where('id', '=', user.id).execute();
    const response = await api(server, '/api/user/two-factor/setup', { method: 'POST', json: { password: 'anything' }, token: user.token });
    expect(response).toMatchObject({ status: 409, body: { code: 'two_factor.no_password' } });
  });

  it.each([
    ['/api/session/two-factor', undefined],
    ['/api/session/two-factor', 'not json'],
    ['/api/session/two-factor', []],
    ['/api/session/two-factor', { challenge: '' , code: '123456' }],
    ['/api/session/two-factor', { challenge: 'x'.repeat(201), code: '123456' }],
    ['/api/session/two-factor', { challenge: 'abc' }],
    ['/api/session/two-factor', { challenge: 'abc', code: 123456 }],
    ['/api/session/two-factor', { challenge: 'abc', code: '1'.repeat(33) }],
    ['/api/session/two-factor', { challenge: 'abc', code: '123456', extra: 1 }],
    ['/api/session/two-factor', { challenge: 'abc', code: '123456' }],
    ['/api/user/two-factor/setup', {}],
    ['/api/user/two-factor/setup', { password: 5 }],
    ['/api/user/two-factor/setup', { password: 'x'.repeat(129) }],
    ['/api/user/two-factor/enable', {}],
    ['/api/user/two-factor/enable', { code: null }],
    ['/api/user/two-factor/enable', { code: '\u0000' }],
    ['/api/user/two-factor/disable', { password: [] }],
    ['/api/user/two-factor/recovery-codes', { password: {} }],
    ['/api/users/abc/two-factor/reset', undefined],
    ['/api/users/0/two-factor/reset', undefined],
    ['/api/users/99999999999/two-factor/reset', undefined],
  ])('refuses %s with %j with a 4xx and an error', async (path, json) => {
    const user = await server.newUser();
    const options = typeof json === 'string'
      ? { method: 'POST', raw: json, headers: { 'content-type': 'application/json' } }
      : { method: 'POST', ...(json === undefined ? {} : { json }) };
    const token = path.startsWith('/api/users/') ? admin.token : path.startsWith('/api/user') ? user.token : undefined;
    const response = await api(server, path, { ...options, token });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ error: expect.any(String) });
  });
});
