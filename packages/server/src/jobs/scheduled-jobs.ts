// The scheduled_jobs table: an administrator's change to a recurring job's schedule (read by every
// instance's tick, schedules.ts, so a change applies at the next tick without a restart) and how
// the job's last run went (written by the instance that ran it, handlers.ts), on both engines.
import type { Db } from '../db/index.ts';

export interface ScheduleOverride {
  /** null: the default schedule in code. */
  spec: string | null;
  enabled: boolean;
}

export interface ScheduledJobRow extends ScheduleOverride {
  name: string;
  updatedAt: string | null;
  updatedBy: string | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastState: 'running' | 'done' | 'failed' | null;
  lastError: string | null;
  lastResult: Record<string, unknown> | null;
}

const RESULT_MAX_CHARS = 4000;

function parseResult(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Every override, by job name (rows that only record runs are enabled with the default spec). */
export async function readOverrides(db: Db): Promise<Map<string, ScheduleOverride>> {
  const rows = await db.selectFrom('scheduled_jobs').select(['name', 'spec', 'enabled']).execute();
  return new Map(rows.map((row) => [row.name, { spec: row.spec, enabled: Boolean(row.enabled) }]));
}

export async function readScheduledJobs(db: Db): Promise<Map<string, ScheduledJobRow>> {
  const rows = await db.selectFrom('scheduled_jobs').selectAll().execute();
  return new Map(
    rows.map((row) => [
      row.name,
      {
        name: row.name,
        spec: row.spec,
        enabled: Boolean(row.enabled),
        updatedAt: row.updated_at,
        updatedBy: row.updated_by,
        lastStartedAt: row.last_started_at,
        lastFinishedAt: row.last_finished_at,
        lastState: row.last_state as ScheduledJobRow['lastState'],
        lastError: row.last_error,
        lastResult: parseResult(row.last_result),
      },
    ]),
  );
}

/** Writes an administrator's change (spec null: back to the default). */
export async function writeOverride(db: Db, name: string, override: ScheduleOverride, by: string | null, nowIso: string): Promise<void> {
  const values = { spec: override.spec, enabled: override.enabled, updated_at: nowIso, updated_by: by };
  await db
    .insertInto('scheduled_jobs')
    .values({ name, ...values })
    .onConflict((oc) => oc.column('name').doUpdateSet(values))
    .execute();
}

export async function recordRunStart(db: Db, name: string, nowIso: string): Promise<void> {
  const values = { last_started_at: nowIso, last_state: 'running', last_error: null };
  await db
    .insertInto('scheduled_jobs')
    .values({ name, enabled: true, ...values })
    .onConflict((oc) => oc.column('name').doUpdateSet(values))
    .execute();
}

export async function recordRunEnd(db: Db, name: string, nowIso: string, outcome: { error?: string; result?: unknown }): Promise<void> {
  const result = outcome.result !== null && typeof outcome.result === 'object' ? JSON.stringify(outcome.result) : null;
  await db
    .updateTable('scheduled_jobs')
    .set({
      last_finished_at: nowIso,
      last_state: outcome.error === undefined ? 'done' : 'failed',
      last_error: outcome.error ?? null,
      last_result: result !== null && result.length <= RESULT_MAX_CHARS ? result : null,
    })
    .where('name', '=', name)
    .execute();
}
