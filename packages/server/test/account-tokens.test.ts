// One-time account tokens (auth/account-tokens.ts): a secret works once, for its own purpose,
// until it expires; only its hash is stored; a replacing issue voids the older ones; two
// instances racing with one secret get it once. Runs on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/index.ts';
import type { DatabaseHandle } from '../src/db/index.ts';
import { createAccountTokens } from '../src/auth/account-tokens.ts';
import { sha256Hex } from '../src/auth/secrets.ts';
import type { Clock } from '../src/clock.ts';
import { engineUnderTest } from './helpers/database.ts';
import { openJobsDatabase } from './helpers/jobs.ts';
import type { JobsDatabase } from './helpers/jobs.ts';

let opened: JobsDatabase;
let other: DatabaseHandle;
let userId: number;
let nowMs = Date.parse('2026-11-27T10:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs).toISOString(), nowMs: () => nowMs };

beforeAll(async () => {
  opened = await openJobsDatabase();
  other = createDatabase(opened.config);
  const row = await opened.handle.db
    .insertInto('users')
    .values({
      username: 'token-owner', email: 'owner@example.com', password_hash: 'x', role: 'member', locale: 'en', appearance: 'auto',
      timezone: 'UTC', locked: false, locked_at: null, last_sign_in_at: null, created_at: clock.now(), updated_at: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = row.id;
});
afterAll(async () => {
  await other.close();
  await opened.close();
});

describe(`account tokens on ${engineUnderTest()}`, () => {
  it('works once, for its purpose only, and stores only the hash', async () => {
    const tokens = createAccountTokens({ db: opened.handle.db, clock });
    const { secret } = await tokens.issue({ purpose: 'password-reset', userId, data: { why: 'forgot' }, ttlMs: 60_000 });
    const stored = await opened.handle.db.selectFrom('account_tokens').selectAll().where('token_hash', '=', sha256Hex(secret)).executeTakeFirst();
    expect(stored?.token_hash).not.toContain(secret);
    expect(await tokens.consume('sign-in-link', secret)).toBeUndefined();
    expect(await tokens.peek('password-reset', secret)).toMatchObject({ userId, data: { why: 'forgot' } });
    expect(await tokens.consume('password-reset', secret)).toMatchObject({ userId, purpose: 'password-reset' });
    expect(await tokens.consume('password-reset', secret)).toBeUndefined();
    expect(await tokens.peek('password-reset', secret)).toBeUndefined();
    expect(await tokens.consume('password-reset', '')).toBeUndefined();
    expect(await tokens.consume('password-reset', 'x'.repeat(5000))).toBeUndefined();
  });

  it('stops working when it expires, and the sweep deletes it', async () => {
    const tokens = createAccountTokens({ db: opened.handle.db, clock });
    const { secret } = await tokens.issue({ purpose: 'sign-in-link', email: 'someone@example.com', ttlMs: 60_000 });
    nowMs += 61_000;
    expect(await tokens.consume('sign-in-link', secret)).toBeUndefined();
    expect(await tokens.sweep()).toBeGreaterThanOrEqual(1);
    const left = await opened.handle.db.selectFrom('account_tokens').select('id').where('token_hash', '=', sha256Hex(secret)).execute();
    expect(left).toEqual([]);
  });

  it('voids the older tokens of a purpose when a new one replaces them', async () => {
    const tokens = createAccountTokens({ db: opened.handle.db, clock });
    const first = await tokens.issue({ purpose: 'password-reset', userId, ttlMs: 60_000 });
    const kept = await tokens.issue({ purpose: 'sign-in-link', userId, ttlMs: 60_000 });
    const second = await tokens.issue({ purpose: 'password-reset', userId, ttlMs: 60_000, replace: true });
    expect(await tokens.consume('password-reset', first.secret)).toBeUndefined();
    expect(await tokens.consume('sign-in-link', kept.secret)).toBeDefined();
    await tokens.voidFor('password-reset', userId);
    expect(await tokens.consume('password-reset', second.secret)).toBeUndefined();
  });

  it('is used once when two instances race with the same secret', async () => {
    const here = createAccountTokens({ db: opened.handle.db, clock });
    const there = createAccountTokens({ db: other.db, clock });
    const { secret } = await here.issue({ purpose: 'sign-in-link', userId, ttlMs: 60_000 });
    const results = await Promise.all([here.consume('sign-in-link', secret), there.consume('sign-in-link', secret)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
