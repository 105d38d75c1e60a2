// Users imported from Zealot keep Devise's bcrypt hash in users.password_hash. Signing in with
// the old password works (web and API sign-in is POST /api/session), the stored hash becomes
// Tarmac's scrypt at once, and never bcrypt again; a wrong password, a locked account and a
// malformed hash are refused as for any account (never a 500). The current-password check of a
// password change accepts the bcrypt hash too.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/passwords.ts';
import { devisePassword } from './helpers/zealot/data.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  // Many refused sign-ins from one address on purpose: the throttle is not what is tested here.
  server = await startServer({ TARMAC_MAX_FAILED_ATTEMPTS: '1000' });
});
afterAll(() => server.close());

const BAD_LOGIN = { error: 'Invalid username, email or password' };
const LOCKED = { error: 'This account is locked; ask an administrator to unlock it' };

async function storedHash(userId: number): Promise<string> {
  const row = await server.database.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password_hash;
}

/** A user as the import leaves it: Zealot's hash, as is. */
async function zealotUser(password: string, hash: string, options: { locked?: boolean } = {}): Promise<TestUser> {
  const user = await server.newUser({ password: 'not-the-zealot-password', ...options });
  await server.database.db.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
  return { ...user, password };
}

const signInStatus = async (login: string, password: string) =>
  api(server, '/api/session', { method: 'POST', json: { login, password } });

describe('signing in with a Zealot (Devise bcrypt) password', () => {
  it('works, stores an scrypt hash in its place, and the password still works afterwards', async () => {
    const hash = devisePassword('zealot-secret-1');
    expect(hash).toMatch(/^\$2a\$10\$/);
    const user = await zealotUser('zealot-secret-1', hash);

    const first = await signInStatus(user.username, 'zealot-secret-1');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ user: { id: user.id, username: user.username } });
    const after = await storedHash(user.id);
    expect(after).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('zealot-secret-1', after)).toBe(true);

    // By email too, and again: the scrypt hash answers now, and it stays scrypt.
    await signIn(server, user.email, 'zealot-secret-1');
    expect(await storedHash(user.id)).toBe(after);
    expect(await signInStatus(user.username, 'zealot-secret-2')).toMatchObject({ status: 401, body: BAD_LOGIN });
  });

  it('refuses a wrong password and leaves the bcrypt hash as it was', async () => {
    const hash = devisePassword('right-password');
    const user = await zealotUser('right-password', hash);
    for (const wrong of ['wrong-password', 'right-passwor', 'Right-password', 'right-password ']) {
      expect(await signInStatus(user.username, wrong)).toMatchObject({ status: 401, body: BAD_LOGIN });
    }
    expect(await storedHash(user.id)).toBe(hash);
  });

  it('accepts the $2b$ and $2y$ prefixes and other costs the bcrypt gem may have written', async () => {
    const made = bcrypt.hashSync('other-prefixes', 12);
    for (const hash of [made, made.replace(/^\$2b\$/, '$2y$'), bcrypt.hashSync('other-prefixes', 4).replace(/^\$2b\$/, '$2a$')]) {
      const user = await zealotUser('other-prefixes', hash);
      expect((await signInStatus(user.username, 'other-prefixes')).status).toBe(200);
      expect(await storedHash(user.id)).toMatch(/^scrypt\$/);
    }
  });

  it('keeps a locked user refused, even with the right password, and does not rehash', async () => {
    const hash = devisePassword('locked-secret');
    const user = await zealotUser('locked-secret', hash, { locked: true });
    expect(await signInStatus(user.username, 'locked-secret')).toMatchObject({ status: 403, body: LOCKED });
    expect(await storedHash(user.id)).toBe(hash);
  });

  it('compares the first 72 bytes, as bcrypt (and Zealot) did, until the rehash keeps the whole password', async () => {
    const long = `${'x'.repeat(72)}-tail-one`;
    const user = await zealotUser(long, devisePassword(long));
    expect(bcrypt.truncates(long)).toBe(true);
    expect((await signInStatus(user.username, long)).status).toBe(200);
    // Now scrypt over every byte: the same first 72 bytes with another tail no longer match.
    expect(await signInStatus(user.username, `${'x'.repeat(72)}-tail-two`)).toMatchObject({ status: 401, body: BAD_LOGIN });
    await signIn(server, user.username, long);
  });

  it('never matches (and never fails with a 500) on a malformed or unusable stored hash', async () => {
    const good = devisePassword('malformed');
    const malformed = [
      good.slice(0, -1),
      `${good}x`,
      good.replace(/^\$2a\$10\$/, '$2x$10$'),
      good.replace(/^\$2a\$10\$/, '$2a$99$'),
      good.replace(/^\$2a\$10\$/, '$2a$03$'),
      good.replace(/^\$2a\$10\$/, '$2a$1$'),
      good.replace(/\$(?=[^$]*$)/, '$!'),
      '$2a$10$',
      'scrypt$3$8$1$AAAA$AAAA',
      'scrypt$1099511627776$8$1$AAAA$AAAA',
      'scrypt$16384$8$1$AAAA',
      '',
    ];
    for (const hash of malformed) {
      await expect(verifyPassword('malformed', hash)).resolves.toBe(false);
      const user = await zealotUser('malformed', hash);
      expect(await signInStatus(user.username, 'malformed'), hash).toMatchObject({ status: 401, body: BAD_LOGIN });
      expect(await storedHash(user.id)).toBe(hash);
    }
  });
});

describe('the current-password check of a password change', () => {
  it('accepts the Zealot password and refuses a wrong one', async () => {
    const user = await zealotUser('zealot-current', devisePassword('zealot-current'));
    const wrong = await api(server, '/api/user', {
      method: 'PUT',
      token: user.token,
      json: { password: 'a-brand-new-password', current_password: 'not-it' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ details: { current_password: ['is not correct'] } });

    const right = await api(server, '/api/user', {
      method: 'PUT',
      token: user.token,
      json: { password: 'a-brand-new-password', current_password: 'zealot-current' },
    });
    expect(right.status, right.text).toBe(200);
    expect(await storedHash(user.id)).toMatch(/^scrypt\$/);
    await signIn(server, user.username, 'a-brand-new-password');
  });
});
