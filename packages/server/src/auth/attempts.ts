// Slows password guessing: sign-in and channel passwords allow a few failures per client in a
// sliding window, then answer 429 with Retry-After until the window has room again. A success
// clears that client's failures. Kept in this process's memory (bounded): with several
// instances behind a balancer each keeps its own count, which still caps guessing per instance.
import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';

export interface AttemptLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now?: number): number;
  fail(key: string, now?: number): void;
  succeed(key: string): void;
}

export interface AttemptLimiterOptions {
  maxFailures: number;
  windowMs: number;
  maxKeys?: number;
  /** The window slides on this clock (app.ts gives the server's). */
  clock?: Clock;
}

export function createAttemptLimiter(options: AttemptLimiterOptions): AttemptLimiter {
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
      const times = recent(key, now);
      if (times.length < options.maxFailures) return 0;
      // Room again once the oldest failure that keeps the count at the limit leaves the window.
      const oldest = times[times.length - options.maxFailures]!;
      return Math.max(1, Math.ceil((oldest + options.windowMs - now) / 1000));
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
  retryAfter(): number;
  /** A wrong guess counts in each. */
  fail(): void;
  /** A right guess clears the first count only: one good password must not reset an address's count. */
  succeed(): void;
}

export function guessCounts(first: [AttemptLimiter, string], ...others: [AttemptLimiter, string][]): GuessCounts {
  const all = [first, ...others];
  return {
    retryAfter: () => Math.max(...all.map(([limiter, key]) => limiter.retryAfter(key))),
    fail: () => {
      for (const [limiter, key] of all) limiter.fail(key);
    },
    succeed: () => first[0].succeed(first[1]),
  };
}

/** The sentence of a 429: `Too many failed sign-in attempts: try again in 3 minutes`. */
export function tooManyGuesses(what: string, retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many ${what}: try again in ${minutes} minute${retryAfterSeconds > 60 ? 's' : ''}`;
}
