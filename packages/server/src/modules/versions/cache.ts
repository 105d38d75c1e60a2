// A small answer cache for the version checks. Every installed app asks "is there a newer
// build?" at start-up, so the same few questions arrive thousands of times between uploads.
// An entry is valid while (1) the database handle's write generation has not moved since the
// lookup that made it began (exact: on SQLite, every write of this one instance; on PostgreSQL,
// also every write any instance commits, told by NOTIFY: db/change-feed.ts) and (2) it is younger
// than TTL (a bound for what no generation counts: another process writing a SQLite file, such as
// a CLI command). A generation of undefined (PostgreSQL, not listening) caches nothing.

import { systemClock } from '../../clock.ts';
import type { Clock } from '../../clock.ts';

export interface AnswerCache<T> {
  get(key: string): T | undefined;
  /** `look` makes the answer; the generation is read before it starts, so a change during it voids the entry. */
  through(key: string, look: () => Promise<T>): Promise<T>;
}

/** `options.clock` ages the entries (the server's clock from app.ts; the system clock by default). */
export function createAnswerCache<T>(
  generation: () => number | undefined,
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
    async through(key, look) {
      const cached = this.get(key);
      if (cached !== undefined) return cached;
      const before = generation();
      const startedAt = clock.nowMs();
      const value = await look();
      if (before === undefined) return value;
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, generation: before, expiresAt: startedAt + options.ttlMs });
      return value;
    },
  };
}
