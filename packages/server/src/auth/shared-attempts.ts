// Failed attempts counted in a table every instance shares (PostgreSQL: several instances behind
// a balancer must see one count, or each would allow its own share of guesses). The same sliding
// window as the in-memory limiter (attempts.ts): a row per failure, at most maxFailures kept per
// key (older ones and those out of the window go on the next failure), and a bounded amount of
// work per attempt (one indexed read, one insert, one indexed delete). What is counted (a login,
// an address, an email) is stored as its SHA-256 only. Rows out of every window are removed by
// the hourly jobs.prune (pruneAttemptFailures).
import { createHash } from 'node:crypto';
import { systemClock } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { secondsToWait } from './attempts.ts';
import type { AttemptLimiter, AttemptLimiterOptions } from './attempts.ts';

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** `scope` names the limiter (at most 32 characters): each has its own counts in the table. */
export function createSharedAttemptLimiter(db: Db, scope: string, options: Omit<AttemptLimiterOptions, 'maxKeys'>): AttemptLimiter {
  const clock = options.clock ?? systemClock;
  const { maxFailures, windowMs } = options;
  const rowsOf = (hash: string) => db.selectFrom('attempt_failures').where('scope', '=', scope).where('key_hash', '=', hash);

  return {
    async retryAfter(key, now = clock.nowMs()) {
      const rows = await rowsOf(keyHash(key))
        .select('failed_at_ms')
        .where('failed_at_ms', '>', now - windowMs)
        .orderBy('failed_at_ms', 'desc')
        .limit(maxFailures)
        .execute();
      return secondsToWait(rows.map((row) => Number(row.failed_at_ms)), maxFailures, windowMs, now);
    },
    async fail(key, now = clock.nowMs()) {
      const hash = keyHash(key);
      await db.insertInto('attempt_failures').values({ scope, key_hash: hash, failed_at_ms: now, expires_at_ms: now + windowMs }).execute();
      // The newest maxFailures count; anything older than the last of them, or out of the window, goes.
      const kept = rowsOf(hash).select('failed_at_ms').orderBy('failed_at_ms', 'desc').offset(maxFailures - 1).limit(1);
      await db
        .deleteFrom('attempt_failures')
        .where('scope', '=', scope)
        .where('key_hash', '=', hash)
        .where((eb) => eb.or([eb('failed_at_ms', '<=', now - windowMs), eb('failed_at_ms', '<', kept)]))
        .execute();
    },
    async succeed(key) {
      await db.deleteFrom('attempt_failures').where('scope', '=', scope).where('key_hash', '=', keyHash(key)).execute();
    },
  };
}

/** Removes the failures that have left their window (jobs.prune, hourly); answers how many. */
export async function pruneAttemptFailures(db: Db, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('attempt_failures').where('expires_at_ms', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
