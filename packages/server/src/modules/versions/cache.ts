// A small answer cache for the version checks. Every installed app asks "is there a newer
// build?" at start-up, so the same few questions arrive thousands of times between uploads.
// An entry is valid while (1) no write to a distribution table has gone through this
// process's database handle since it was made (the handle's write generation: exact on a
// single instance) and (2) it is younger than TTL (the bound on staleness when other
// instances share a PostgreSQL database and upload there).

export interface AnswerCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

export function createAnswerCache<T>(generation: () => number, options: { ttlMs: number; maxEntries: number }): AnswerCache<T> {
  const entries = new Map<string, { value: T; generation: number; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation !== generation() || entry.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, generation: generation(), expiresAt: Date.now() + options.ttlMs });
    },
  };
}
