// The recurring schedules a queue was given, and the tick that enqueues each once per slot
// (the job's payload gets `slot`, the slot's start in ISO 8601). Each tick reads the
// administrators' changes (scheduled-jobs.ts): a job turned off is skipped, one with its own spec
// follows it, so a change applies at the next tick on every instance, without a restart.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { parseSchedule } from './schedule.ts';
import type { ParsedSchedule } from './schedule.ts';
import { readOverrides } from './scheduled-jobs.ts';
import { claimScheduleSlot } from './table.ts';
import type { EnqueueOptions, JobPayload } from './types.ts';

type Enqueue = (name: string, payload: JobPayload, options: EnqueueOptions) => Promise<string>;

interface Entry {
  name: string;
  parsed: ParsedSchedule;
  payload: JobPayload;
}

export class Schedules {
  readonly #entries = new Map<string, Entry>();
  /** Parsed override specs, by their text (an unparsable one maps to null: the default applies). */
  readonly #parsed = new Map<string, ParsedSchedule | null>();

  /** Throws a ValidationError for a spec that is not one. */
  add(name: string, spec: string, payload: JobPayload): void {
    this.#entries.set(name, { name, parsed: parseSchedule(spec), payload });
  }

  #parse(spec: string): ParsedSchedule | null {
    if (!this.#parsed.has(spec)) {
      if (this.#parsed.size > 100) this.#parsed.clear();
      try {
        this.#parsed.set(spec, parseSchedule(spec));
      } catch {
        this.#parsed.set(spec, null);
      }
    }
    return this.#parsed.get(spec)!;
  }

  /** Enqueues every schedule whose current slot no instance has fired yet. */
  async tick(db: Db, clock: Clock, enqueue: Enqueue): Promise<void> {
    if (this.#entries.size === 0) return;
    const overrides = await readOverrides(db);
    for (const entry of this.#entries.values()) {
      const override = overrides.get(entry.name);
      if (override && !override.enabled) continue;
      const parsed = (override?.spec ? this.#parse(override.spec) : null) ?? entry.parsed;
      const slot = parsed.slotAt(clock.nowMs());
      if (slot === null) continue;
      const slotIso = new Date(slot).toISOString();
      if (await claimScheduleSlot(db, entry.name, slotIso)) {
        await enqueue(entry.name, { ...entry.payload, slot: slotIso }, { dedupeKey: `schedule:${entry.name}:${slotIso}` });
      }
    }
  }
}
