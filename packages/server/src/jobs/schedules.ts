// The recurring schedules a queue was given, and the tick that enqueues each once per slot
// (the job's payload gets `slot`, the slot's start in ISO 8601).
import type { Clock } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { parseSchedule } from './schedule.ts';
import type { ParsedSchedule } from './schedule.ts';
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

  /** Throws a ValidationError for a spec that is not one. */
  add(name: string, spec: string, payload: JobPayload): void {
    this.#entries.set(name, { name, parsed: parseSchedule(spec), payload });
  }

  /** Enqueues every schedule whose current slot no instance has fired yet. */
  async tick(db: Db, clock: Clock, enqueue: Enqueue): Promise<void> {
    for (const entry of this.#entries.values()) {
      const slot = entry.parsed.slotAt(clock.nowMs());
      if (slot === null) continue;
      const slotIso = new Date(slot).toISOString();
      if (await claimScheduleSlot(db, entry.name, slotIso)) {
        await enqueue(entry.name, { ...entry.payload, slot: slotIso }, { dedupeKey: `schedule:${entry.name}:${slotIso}` });
      }
    }
  }
}
