// The jobs and job_schedules tables: the rows of the embedded queue (sqlite-engine.ts), the
// finished jobs the PostgreSQL engine records, and the schedule slots both engines claim.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/index.ts';
import type { JobState } from './types.ts';
import type { JobPayload, JobRecord } from './types.ts';

export type JobRow = {
  id: number;
  name: string;
  payload: string;
  state: string;
  run_at: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  finished_at: string | null;
};

export const PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export function pageOf(page: number | undefined, perPage: number | undefined): { limit: number; offset: number } {
  const limit = Math.min(Math.max(1, Math.floor(perPage ?? PER_PAGE)), MAX_PER_PAGE);
  return { limit, offset: (Math.max(1, Math.floor(page ?? 1)) - 1) * limit };
}

function parsePayload(text: string): JobPayload {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JobPayload) : {};
  } catch {
    return {};
  }
}

export function recordOf(row: JobRow, nowIso: string, idPrefix = ''): JobRecord {
  const state: JobState = row.state === 'queued' && row.run_at > nowIso ? 'scheduled' : (row.state as JobState);
  return {
    id: `${idPrefix}${row.id}`,
    name: row.name,
    state,
    payload: parsePayload(row.payload),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    runAt: row.run_at,
    dedupeKey: row.dedupe_key,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** Rows of the jobs table in `state` (scheduled / queued split on run_at), newest finished first. */
export function selectJobs(db: Db, clock: Clock, state: JobState) {
  const now = clock.now();
  let query = db.selectFrom('jobs').where('state', '=', state === 'scheduled' ? 'queued' : state);
  if (state === 'scheduled') query = query.where('run_at', '>', now);
  if (state === 'queued') query = query.where('run_at', '<=', now);
  return query;
}

/** A record of a job that finished on PostgreSQL (graphile-worker deletes its own row). */
export async function recordDone(db: Db, clock: Clock, job: Omit<JobRow, 'id' | 'state' | 'created_at' | 'finished_at'>): Promise<void> {
  const now = clock.now();
  await db
    .insertInto('jobs')
    .values({ ...job, state: 'done', created_at: now, updated_at: now, finished_at: now, locked_until: null })
    .execute();
}

/**
 * Claims `slot` of a recurring schedule: true for exactly one caller per (name, slot), on any
 * number of instances sharing the database (one conditional upsert).
 */
export async function claimScheduleSlot(db: Db, name: string, slotIso: string): Promise<boolean> {
  const result = await db
    .insertInto('job_schedules')
    .values({ name, last_slot: slotIso })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ last_slot: (eb) => eb.ref('excluded.last_slot') })
        .where('job_schedules.last_slot', '<', (eb) => eb.ref('excluded.last_slot')),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
