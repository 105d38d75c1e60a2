// A small answer cache for the version checks. Every installed app asks "is there a newer
// build?" at start-up, so the same few questions arrive thousands of times between uploads.
// An entry is valid while (1) no write to a distribution table has gone through this
// process's database handle since it was made (the handle's write generation: exact on a
// single instance) and (2) it is younger than TTL (the bound on staleness when other
// instances share a PostgreSQL database and upload there).

import { systemClock } from '../../clock.ts';
import type { Clock } from '../../clock.ts';

export interface AnswerCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

/** `options.clock` ages the entries (the server's clock from app.ts; the system clock by default). */
export function createAnswerCache<T>(
  generation: () => number,
  options: { ttlMs: number; maxEntries: number; clock?: Clock },
): AnswerCache<T> {
  const clock = options.clock ?? systemClock;
  const entries = new Map<string, { value: T; generation: number; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation !== generation() || entry.expiresAt <= clock.nowMs()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, generation: generation(), expiresAt: clock.nowMs() + options.ttlMs });
    },
  };
}
