// The attempt counts several instances share (auth/shared-attempts.ts): the in-memory limiter's
// sliding window, held in the database, seen alike through two database handles (two instances),
// bounded per key, and pruned once out of the window. Runs on both engines (the table exists on
// both; the server uses it on PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase } from '../src/db/index.ts';
import type { DatabaseHandle } from '../src/db/index.ts';
import { createSharedAttemptLimiter, pruneAttemptFailures } from '../src/auth/shared-attempts.ts';
import { createAttemptLimiter, guessCounts } from '../src/auth/attempts.ts';
import { pruneJobs } from '../src/jobs/prune.ts';
import type { JobDeps } from '../src/jobs/deps.ts';
import { engineUnderTest } from './helpers/database.ts';
import { openJobsDatabase } from './helpers/jobs.ts';
import type { JobsDatabase } from './helpers/jobs.ts';

const WINDOW = 15 * 60_000;
let opened: JobsDatabase;
let other: DatabaseHandle;
beforeAll(async () => {
  opened = await openJobsDatabase();
  other = createDatabase(opened.config); // a second instance on the same database
});
afterAll(async () => {
  await other.close();
  await opened.close();
});

const rows = async (scope: string) => {
  const { rows: counted } = await sql<{ n: number }>`select count(*) as n from attempt_failures where scope = ${scope}`.execute(opened.handle.db);
  return Number(counted[0]!.n);
};

describe(`shared attempt counts on ${engineUnderTest()}`, () => {
  it('allow maxFailures failures in the window across instances, then say how long to wait, as the memory limiter does', async () => {
    const here = createSharedAttemptLimiter(opened.handle.db, 'window', { maxFailures: 3, windowMs: WINDOW });
    const there = createSharedAttemptLimiter(other.db, 'window', { maxFailures: 3, windowMs: WINDOW });
    const memory = createAttemptLimiter({ maxFailures: 3, windowMs: WINDOW });
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(await there.retryAfter('a', start + i)).toBe(0);
      await (i % 2 === 0 ? here : there).fail('a', start + i);
      memory.fail('a', start + i);
    }
    for (const at of [start + 10, start + WINDOW - 500, start + WINDOW + 1, start + WINDOW + 3]) {
      expect(await here.retryAfter('a', at), `at ${at}`).toBe(memory.retryAfter('a', at));
      expect(await there.retryAfter('a', at), `at ${at}`).toBe(memory.retryAfter('a', at));
    }
    expect(await there.retryAfter('a', start + 10)).toBe(Math.ceil((WINDOW - 10) / 1000));
    expect(await there.retryAfter('b', start + 10)).toBe(0);
    // The first failure leaves the window: one more try is allowed.
    expect(await there.retryAfter('a', start + WINDOW + 1)).toBe(0);
  });

  it('forget a key on success, on every instance', async () => {
    const here = createSharedAttemptLimiter(opened.handle.db, 'success', { maxFailures: 2, windowMs: WINDOW });
    const there = createSharedAttemptLimiter(other.db, 'success', { maxFailures: 2, windowMs: WINDOW });
    await here.fail('a', 1);
    await there.fail('a', 2);
    expect(await here.retryAfter('a', 3)).toBeGreaterThan(0);
    await there.succeed('a');
    expect(await here.retryAfter('a', 4)).toBe(0);
  });

  it('keep at most maxFailures rows per key and none out of the window, whatever the number of failures', async () => {
    const limiter = createSharedAttemptLimiter(opened.handle.db, 'bounded', { maxFailures: 3, windowMs: 1000 });
    for (let i = 0; i < 20; i++) await limiter.fail('flood', 10_000 + i);
    expect(await rows('bounded')).toBe(3);
    await limiter.fail('flood', 20_000); // the three before are out of the window
    expect(await rows('bounded')).toBe(1);
  });

  it('are pruned once out of their window, and hash what they count', async () => {
    const limiter = createSharedAttemptLimiter(opened.handle.db, 'prune', { maxFailures: 5, windowMs: 1000 });
    await limiter.fail('someone@example.com', 50_000);
    await limiter.fail('other', 50_500);
    const { rows: stored } = await sql<{ key_hash: string }>`select key_hash from attempt_failures where scope = 'prune'`.execute(opened.handle.db);
    expect(stored.map((row) => row.key_hash).join()).not.toContain('example');
    expect(await pruneAttemptFailures(opened.handle.db, 51_000)).toBeGreaterThanOrEqual(1);
    expect(await rows('prune')).toBe(1);
    expect(await limiter.retryAfter('other', 51_000)).toBe(0);
  });

  it('are pruned by the hourly jobs.prune', async () => {
    const limiter = createSharedAttemptLimiter(opened.handle.db, 'hourly', { maxFailures: 5, windowMs: 60_000 });
    await limiter.fail('gone', 1_000);
    await limiter.fail('kept', 100_000);
    const clock = { nowMs: () => 100_000, now: () => new Date(100_000).toISOString() };
    await pruneJobs({}, {}, { database: opened.handle, clock } as unknown as JobDeps);
    expect(await rows('hourly')).toBe(1);
    expect(await limiter.retryAfter('kept', 100_001)).toBe(0);
  });

  it('count one guess in several shared limiters at once', async () => {
    const account = createSharedAttemptLimiter(opened.handle.db, 'account', { maxFailures: 2, windowMs: 60_000 });
    const address = createSharedAttemptLimiter(other.db, 'address', { maxFailures: 3, windowMs: 60_000 });
    const counts = guessCounts([account, 'user:1'], [address, '10.0.0.1']);
    await counts.fail();
    await counts.fail();
    expect(await counts.retryAfter()).toBeGreaterThan(0);
    await counts.succeed();
    expect(await account.retryAfter('user:1')).toBe(0);
    expect(await address.retryAfter('10.0.0.1')).toBe(0);
    await address.fail('10.0.0.1');
    expect(await counts.retryAfter()).toBeGreaterThan(0);
  });
});
