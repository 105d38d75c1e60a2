// Slows password guessing: sign-in and channel passwords allow a few failures per client in a
// sliding window, then answer 429 with Retry-After until the window has room again. A success
// clears that client's failures. Two stores with the same sliding window: this process's memory
// (bounded; SQLite, one instance) and a table every instance shares (PostgreSQL:
// auth/shared-attempts.ts), chosen by auth/limiters.ts. Callers await every answer.
import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';

export interface AttemptLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now?: number): number | Promise<number>;
  fail(key: string, now?: number): void | Promise<void>;
  succeed(key: string): void | Promise<void>;
}

/** The in-memory limiter answers at once. */
export interface MemoryAttemptLimiter extends AttemptLimiter {
  retryAfter(key: string, now?: number): number;
  fail(key: string, now?: number): void;
  succeed(key: string): void;
}

/**
 * When a key with these failure times (epoch ms, newest first, those inside the window) may try
 * again: 0 below the limit, else once the oldest failure that keeps the count at the limit leaves.
 */
export function secondsToWait(newestFirst: readonly number[], maxFailures: number, windowMs: number, now: number): number {
  if (newestFirst.length < maxFailures) return 0;
  const oldest = newestFirst[maxFailures - 1]!;
  return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
}

export interface AttemptLimiterOptions {
  maxFailures: number;
  windowMs: number;
  maxKeys?: number;
  /** The window slides on this clock (app.ts gives the server's). */
  clock?: Clock;
}

export function createAttemptLimiter(options: AttemptLimiterOptions): MemoryAttemptLimiter {
  const clock = options.clock ?? systemClock;
  const failures = new Map<string, number[]>();
  const maxKeys = options.maxKeys ?? 50_000;

  function recent(key: string, now: number): number[] {
    const times = failures.get(key);
    if (!times) return [];
    const kept = times.filter((time) => time > now - options.windowMs);
    if (kept.length === 0) failures.delete(key);
    else if (kept.length !== times.length) failures.set(key, kept);
    return kept;
  }

  return {
    retryAfter(key, now = clock.nowMs()) {
      return secondsToWait([...recent(key, now)].reverse(), options.maxFailures, options.windowMs, now);
    },
    fail(key, now = clock.nowMs()) {
      const times = recent(key, now);
      times.push(now);
      failures.delete(key);
      failures.set(key, times.slice(-options.maxFailures));
      // Oldest first out: a flood of keys cannot grow the map without bound.
      while (failures.size > maxKeys) failures.delete(failures.keys().next().value!);
    },
    succeed(key) {
      failures.delete(key);
    },
  };
}

/** One guess counted against several limiters at once (an account's count and its address's). */
export interface GuessCounts {
  /** Seconds until every count has room again, or 0 when the guess may be tried now. */
  retryAfter(): Promise<number>;
  /** A wrong guess counts in each. */
  fail(): Promise<void>;
  /** A right guess clears the first count only: one good password must not reset an address's count. */
  succeed(): Promise<void>;
}

export function guessCounts(first: [AttemptLimiter, string], ...others: [AttemptLimiter, string][]): GuessCounts {
  const all = [first, ...others];
  return {
    retryAfter: async () => Math.max(...(await Promise.all(all.map(async ([limiter, key]) => limiter.retryAfter(key))))),
    fail: async () => {
      await Promise.all(all.map(async ([limiter, key]) => limiter.fail(key)));
    },
    succeed: async () => first[0].succeed(first[1]),
  };
}

/** The sentence of a 429: `Too many failed sign-in attempts: try again in 3 minutes`. */
export function tooManyGuesses(what: string, retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many ${what}: try again in ${minutes} minute${retryAfterSeconds > 60 ? 's' : ''}`;
}
