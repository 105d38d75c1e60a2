// The recurring jobs for global administrators: every job kind with a schedule (jobs/handlers.ts
// JOB_KINDS), its default and effective schedule, whether it runs, when it runs next and how its
// last run went; change its schedule or turn it off (applies at the next tick of every instance,
// jobs/schedules.ts), or run it now.
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { JobKind } from '../../jobs/handlers.ts';
import { parseSchedule } from '../../jobs/schedule.ts';
import { readScheduledJobs, writeOverride } from '../../jobs/scheduled-jobs.ts';
import type { ScheduledJobRow, ScheduleOverride } from '../../jobs/scheduled-jobs.ts';
import type { JobQueue } from '../../jobs/types.ts';

interface Deps {
  db: Db;
  jobs: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
  kinds: readonly JobKind[];
}

export interface ScheduleView {
  name: string;
  defaultSpec: string;
  spec: string;
  custom: boolean;
  enabled: boolean;
  nextRunAt: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
  lastRun: Pick<ScheduledJobRow, 'lastState' | 'lastStartedAt' | 'lastFinishedAt' | 'lastError' | 'lastResult'> | null;
}

export interface ScheduleChange {
  spec?: string | null;
  enabled?: boolean;
}

/** Parses a spec, answering 422 with the parser's message under `spec`. */
function parsed(spec: string) {
  try {
    return parseSchedule(spec);
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError({ spec: Object.values(error.details).flat() });
    throw error;
  }
}

/** The next `count` run times of a spec after `nowMs` (ISO 8601). */
export function nextRuns(spec: string, nowMs: number, count = 3): string[] {
  const schedule = parsed(spec);
  const runs: string[] = [];
  let at = nowMs;
  for (let index = 0; index < count; index += 1) {
    const next = schedule.nextAfter(at);
    if (next === null) break;
    runs.push(new Date(next).toISOString());
    at = next;
  }
  return runs;
}

export function createAdminSchedulesService({ db, jobs, clock, kinds }: Deps) {
  const scheduled = () => kinds.filter((kind): kind is JobKind & { schedule: string } => kind.schedule !== undefined);

  function assertCanManage(actor: Actor): void {
    if (!can(actor, 'jobs:manage')) throw forbidden('jobs:manage');
  }

  function kindOf(name: string): JobKind & { schedule: string } {
    const kind = scheduled().find((candidate) => candidate.name === name);
    if (!kind) throw new NotFoundError(`No scheduled job is named ${name}`, 'schedule.not_found', { name });
    return kind;
  }

  function viewOf(kind: JobKind & { schedule: string }, row: ScheduledJobRow | undefined): ScheduleView {
    const spec = row?.spec ?? kind.schedule;
    const enabled = row?.enabled ?? true;
    let nextRunAt: string | null;
    try {
      nextRunAt = enabled ? (nextRuns(spec, clock.nowMs(), 1)[0] ?? null) : null;
    } catch {
      nextRunAt = null; // a stored spec the parser now refuses: the tick uses the default
    }
    return {
      name: kind.name,
      defaultSpec: kind.schedule,
      spec,
      custom: row?.spec != null,
      enabled,
      nextRunAt,
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row?.updatedBy ?? null,
      lastRun: row?.lastStartedAt
        ? {
          lastState: row.lastState, lastStartedAt: row.lastStartedAt, lastFinishedAt: row.lastFinishedAt,
          lastError: row.lastError, lastResult: row.lastResult,
        }
        : null,
    };
  }

  return {
    assertCanManage,

    async list(actor: Actor): Promise<ScheduleView[]> {
      assertCanManage(actor);
      const rows = await readScheduledJobs(db);
      return scheduled().map((kind) => viewOf(kind, rows.get(kind.name)));
    },

    /** Changes a schedule; answers the view before and after (for the audit line). */
    async update(actor: Actor & { username: string }, name: string, change: ScheduleChange) {
      assertCanManage(actor);
      const kind = kindOf(name);
      const spec = typeof change.spec === 'string' ? change.spec.trim().replace(/\s+/g, ' ') : change.spec;
      if (typeof spec === 'string') parsed(spec);
      const before = viewOf(kind, (await readScheduledJobs(db)).get(name));
      const override: ScheduleOverride = {
        spec: spec === undefined ? (before.custom ? before.spec : null) : spec === kind.schedule ? null : spec,
        enabled: change.enabled ?? before.enabled,
      };
      await writeOverride(db, name, override, actor.username, clock.now());
      const after = viewOf(kind, (await readScheduledJobs(db)).get(name));
      return { before, after };
    },

    /** Queues the job now (once: a second click while it waits answers the same job). */
    async runNow(actor: Actor, name: string): Promise<string> {
      assertCanManage(actor);
      kindOf(name);
      return jobs.enqueue(name, { manual: true }, { dedupeKey: `schedule:${name}:manual` });
    },

    /** The next three runs of a spec, or why the parser refuses it. */
    preview(actor: Actor, spec: string): { valid: boolean; nextRuns: string[]; error: string | null } {
      assertCanManage(actor);
      try {
        return { valid: true, nextRuns: nextRuns(spec.trim(), clock.nowMs(), 3), error: null };
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return { valid: false, nextRuns: [], error: error.message };
      }
    },
  };
}

export type AdminSchedulesService = ReturnType<typeof createAdminSchedulesService>;
