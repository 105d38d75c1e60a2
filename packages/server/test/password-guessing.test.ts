// Password guessing is slowed: after TARMAC_MAX_FAILED_ATTEMPTS wrong passwords from one
// address (per account at sign-in, whether named by username or email; per channel on an
// install page), or wrong current passwords for one account (PUT /api/user), the answer is 429 with
// Retry-After, even for the right password; other addresses and other accounts are not held
// back, and a success clears the count. Addresses come from X-Forwarded-For here
// (TARMAC_TRUST_PROXY=true), as behind a reverse proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { newApp } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ TARMAC_MAX_FAILED_ATTEMPTS: '3', TARMAC_TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await server?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('sign-in guessing', () => {
  it('answers 429 with Retry-After after 3 wrong passwords for one login from one address, even for the right one', async () => {
    const user = await server.newUser();
    for (let i = 0; i < 3; i++) {
      const wrong = await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: 'wrong-password' }, headers: from('198.51.100.1') });
      expect(wrong.status).toBe(401);
    }
    const held = await api(server, '/api/session', { method: 'POST', json: { login: user.username.toUpperCase(), password: user.password }, headers: from('198.51.100.1') });
    expect(held.status).toBe(429);
    expect(held.body).toMatchObject({ error: 'Too many failed sign-in attempts: try again in 15 minutes' });
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(900);

    // Another address, and another account from the same address, still get in.
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password }, headers: from('198.51.100.2') })).status).toBe(200);
    const other = await server.newUser();
    expect((await api(server, '/api/session', { method: 'POST', json: { login: other.username, password: other.password }, headers: from('198.51.100.1') })).status).toBe(200);
  });

  it('forgets the failures of a login once it signs in', async () => {
    const user = await server.newUser();
    for (let i = 0; i < 2; i++) {
      expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: 'nope-nope' }, headers: from('198.51.100.3') })).status).toBe(401);
    }
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password }, headers: from('198.51.100.3') })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: 'nope-nope' }, headers: from('198.51.100.3') })).status).toBe(401);
    }
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password }, headers: from('198.51.100.3') })).status).toBe(200);
  });

  it('holds back one address trying many accounts after five times the limit', async () => {
    for (let i = 0; i < 15; i++) {
      const res = await api(server, '/api/session', { method: 'POST', json: { login: `nobody-${i}`, password: 'whatever' }, headers: from('198.51.100.4') });
      expect(res.status).toBe(401);
    }
    const user = await server.newUser();
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password }, headers: from('198.51.100.4') })).status).toBe(429);
  });
});

describe('sign-in guessing by username and email', () => {
  it('counts an account once, whichever of its names the guesses use', async () => {
    const user = await server.newUser();
    const guess = (login: string, password = 'wrong-password') =>
      api(server, '/api/session', { method: 'POST', json: { login, password }, headers: from('198.51.100.7') });
    expect((await guess(user.username)).status).toBe(401);
    expect((await guess(user.email.toUpperCase())).status).toBe(401);
    expect((await guess(` ${user.username.toUpperCase()} `)).status).toBe(401);
    const held = await guess(user.email, user.password);
    expect([held.status, held.body]).toMatchObject([429, { error: 'Too many failed sign-in attempts: try again in 15 minutes' }]);
    expect((await guess(user.username, user.password)).status).toBe(429);
  });
});

describe('PUT /api/user current_password guessing', () => {
  const change = (token: string, currentPassword: string, address = '198.51.100.8') =>
    api(server, '/api/user', { method: 'PUT', token, json: { password: 'a-brand-new-password', current_password: currentPassword }, headers: from(address) });

  it('answers 429 with Retry-After after 3 wrong current passwords for the account, even for the right one, from any address', async () => {
    const user = await server.newUser();
    for (let i = 0; i < 3; i++) {
      const wrong = await change(user.token, `guess-${i}`, `198.51.100.${10 + i}`);
      expect([wrong.status, wrong.body.details]).toEqual([422, { current_password: ['is not correct'] }]);
    }
    const held = await change(user.token, user.password, '198.51.100.20');
    expect([held.status, held.body]).toMatchObject([429, { error: 'Too many wrong current passwords: try again in 15 minutes' }]);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(800);
    // The password did not change; other profile changes still work; another account is not held.
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password }, headers: from('198.51.100.21') })).status).toBe(200);
    expect((await api(server, '/api/user', { method: 'PUT', token: user.token, json: { timezone: 'Asia/Shanghai' }, headers: from('198.51.100.8') })).status).toBe(200);
    const other = await server.newUser();
    expect((await change(other.token, other.password)).status).toBe(200);
  });

  it('forgets the failures once the right current password changes the password', async () => {
    const user = await server.newUser();
    for (let i = 0; i < 2; i++) expect((await change(user.token, 'nope-nope', '198.51.100.30')).status).toBe(422);
    expect((await change(user.token, user.password, '198.51.100.30')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await change(user.token, 'nope-nope', '198.51.100.30')).status).toBe(422);
    expect((await change(user.token, 'a-brand-new-password', '198.51.100.30')).status).toBe(200);
  });
});

describe('channel password guessing', () => {
  it('answers the form with 429 and Retry-After after 3 wrong passwords, even for the right one, and sets no cookie', async () => {
    const channel = await newApp(server);
    await server.database.db.updateTable('channels').set({ password_hash: await hashPassword('open-sesame') }).where('id', '=', channel.channelId).execute();
    const unlock = (password: string, address: string) =>
      api(server, `/${channel.slug}/unlock`, { method: 'POST', form: { password }, headers: { ...from(address), 'accept-language': 'en' } });

    for (let i = 0; i < 3; i++) expect((await unlock('guess', '203.0.113.9')).status).toBe(422);
    const held = await unlock('open-sesame', '203.0.113.9');
    expect(held.status).toBe(429);
    expect(held.text).toContain('Too many wrong passwords from this network. Try again in 15 minutes.');
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(held.headers.get('set-cookie')).toBeNull();

    const elsewhere = await unlock('open-sesame', '203.0.113.10');
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get('set-cookie')).toMatch(/^tarmac_grant_/);
  });
});
