// Backup plans: what goes in an archive, when it runs and where it is stored; a run's stored
// archive (found, deleted) and its cancel. Administrators only.
import type { Readable } from 'node:stream';
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/types.ts';
import { ConflictError, fieldIssue, messageOf, NotFoundError, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { BackupPlanRow, BackupRunRow, BackupsRepository } from './repository.ts';
import { nextRuns } from './schedule-preview.ts';
import type { BackupPlan, BackupPlanBody, BackupPlanPatch, BackupRun } from './schemas.ts';
import type { BackupStore } from './store.ts';
import { S3_NOT_CONFIGURED } from './store.ts';

/** The error of a cancelled run; on a running run, the request to stop that `backup.run` honours. */
export const CANCELLED = 'Cancelled';

type ByteRange = { start: number; end: number };

export interface BackupsDeps {
  backupsRepository: BackupsRepository;
  /** The store of a destination (`local`, `s3`), where a run's archive is. */
  store: (destination: string) => BackupStore;
  /** Whether a backup bucket is configured: an `s3` plan is refused without one. */
  s3Available: boolean;
  clock: Clock;
  jobs: JobQueue;
}

function presentRun(row: BackupRunRow): BackupRun {
  return { ...row, size: row.size === null ? null : Number(row.size) } as BackupRun;
}

function present(row: BackupPlanRow, nowMs: number): BackupPlan {
  const enabled = Boolean(row.enabled);
  let next: string[] = [];
  if (enabled && row.schedule) {
    try {
      next = nextRuns(row.schedule, nowMs);
    } catch {
      next = [];
    }
  }
  return {
    id: row.id,
    name: row.name,
    enabled,
    schedule: row.schedule,
    include_database: Boolean(row.include_database),
    app_ids: row.app_ids === null ? null : (JSON.parse(row.app_ids) as number[]),
    include_debug_files: Boolean(row.include_debug_files),
    destination: row.destination as BackupPlan['destination'],
    keep_count: row.keep_count,
    notify_url: row.notify_url,
    next_runs: next,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function checkUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : 'must be an http or https URL';
}

export function createBackupsService({ backupsRepository, store, s3Available, clock, jobs }: BackupsDeps) {
  function assertCanManage(actor: Actor): void {
    if (!can(actor, 'backups:manage')) throw forbidden('backups:manage');
  }

  async function findRow(id: number): Promise<BackupPlanRow> {
    const row = await backupsRepository.findPlan(id);
    if (!row) throw new NotFoundError('No such backup plan', 'not_found');
    return row;
  }

  /** Every problem of a whole plan, by field: a 422 naming each one. */
  async function validate(plan: BackupPlanBody, id: number | null): Promise<BackupPlanBody> {
    const errors: FieldErrors = {};
    const name = plan.name.trim();
    if (name === '') errors.name = ['must not be blank'];
    else if (await backupsRepository.nameTaken(name, id)) errors.name = ['is already the name of another plan'];
    const schedule = plan.schedule?.trim() || null;
    if (schedule !== null) {
      try {
        nextRuns(schedule, clock.nowMs(), 1);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        errors.schedule = (error.details.schedule ?? [error.message]).map(messageOf);
      }
    }
    if (plan.enabled && schedule === null) errors.schedule = ['is needed for an enabled plan (leave it disabled to run it only on demand)'];
    const appIds = plan.app_ids === null ? null : [...new Set(plan.app_ids)].sort((a, b) => a - b);
    if (appIds && appIds.length > 0) {
      const existing = new Set(await backupsRepository.existingAppIds(appIds));
      const missing = appIds.filter((appId) => !existing.has(appId));
      if (missing.length > 0) errors.app_ids = [`no app with id ${missing.join(', ')}`];
    }
    if (!plan.include_database && appIds !== null && appIds.length === 0 && !plan.include_debug_files) {
      errors.include_database = ['a plan must back up the database, some apps or the debug files'];
    }
    const notifyUrl = plan.notify_url?.trim() || null;
    const urlProblem = notifyUrl === null ? null : checkUrl(notifyUrl);
    if (urlProblem) errors.notify_url = [urlProblem];
    if (plan.destination === 's3' && !s3Available) errors.destination = [fieldIssue('backup_bucket_missing', S3_NOT_CONFIGURED)];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { ...plan, name, schedule, app_ids: appIds, notify_url: notifyUrl };
  }

  function columns(plan: BackupPlanBody) {
    return {
      name: plan.name,
      enabled: plan.enabled,
      schedule: plan.schedule,
      include_database: plan.include_database,
      app_ids: plan.app_ids === null ? null : JSON.stringify(plan.app_ids),
      include_debug_files: plan.include_debug_files,
      destination: plan.destination,
      keep_count: plan.keep_count,
      notify_url: plan.notify_url,
    };
  }

  /** The run's stored archive, or 404 `backups.archive_gone` (failed, pruned or deleted). */
  async function archiveOf(id: number): Promise<{ run: BackupRun; key: string; destination: string }> {
    const row = await backupsRepository.findRun(id);
    if (!row) throw new NotFoundError('No such backup run', 'not_found');
    if (row.archive_key === null) {
      throw new NotFoundError('This run has no archive: it failed, or its archive was pruned or deleted', 'backups.archive_gone');
    }
    return { run: presentRun(row), key: row.archive_key, destination: row.destination };
  }

  return {
    assertCanManage,

    async list(): Promise<BackupPlan[]> {
      const nowMs = clock.nowMs();
      return (await backupsRepository.listPlans()).map((row) => present(row, nowMs));
    },

    async get(id: number): Promise<BackupPlan> {
      return present(await findRow(id), clock.nowMs());
    },

    async create(body: BackupPlanBody): Promise<BackupPlan> {
      const plan = await validate(body, null);
      const now = clock.now();
      const id = await backupsRepository.insertPlan({ ...columns(plan), created_at: now, updated_at: now });
      return present(await findRow(id), clock.nowMs());
    },

    /** Changes the given fields; answers the plan before and after (for the audit line). */
    async update(id: number, patch: BackupPlanPatch): Promise<{ before: BackupPlan; after: BackupPlan }> {
      const before = present(await findRow(id), clock.nowMs());
      const { id: _id, next_runs: _next, created_at: _c, updated_at: _u, ...current } = before;
      const plan = await validate({ ...current, ...patch }, id);
      await backupsRepository.updatePlan(id, { ...columns(plan), updated_at: clock.now() });
      return { before, after: present(await findRow(id), clock.nowMs()) };
    },

    async remove(id: number): Promise<BackupPlan> {
      const plan = present(await findRow(id), clock.nowMs());
      await backupsRepository.deletePlan(id);
      return plan;
    },

    /** Queues one run of the plan now (whether or not it is enabled); answers the run. */
    async startRun(planId: number): Promise<BackupRun> {
      const plan = await findRow(planId);
      const id = await backupsRepository.insertRun({
        plan_id: plan.id, plan_name: plan.name, trigger: 'manual', state: 'queued', stage: null, percent: 0,
        destination: plan.destination, created_at: clock.now(),
      });
      await jobs.enqueue('backup.run', { run_id: id }, { maxAttempts: 1 });
      return presentRun((await backupsRepository.findRun(id))!);
    },

    async listRuns(page: number, perPage: number) {
      const { rows, total } = await backupsRepository.listRuns(page, perPage);
      return { items: rows.map(presentRun), total, page, per_page: perPage };
    },

    async getRun(id: number): Promise<BackupRun> {
      const row = await backupsRepository.findRun(id);
      if (!row) throw new NotFoundError('No such backup run', 'not_found');
      return presentRun(row);
    },

    archiveOf,

    /** The run's archive: its size and how to read it; 404 `backups.archive_gone` when the row or the stored archive is gone. */
    async archiveFile(id: number): Promise<{ run: BackupRun; key: string; size: number; open: (range?: ByteRange) => Promise<Readable> }> {
      const { run, key, destination } = await archiveOf(id);
      const archives = store(destination);
      const size = (await archives.stat(key))?.size;
      if (size === undefined) throw new NotFoundError(`The archive is missing from the ${destination} backup store`, 'backups.archive_gone');
      return { run, key, size, open: (range) => archives.open(key, range) };
    },

    /** Removes the run's archive and its `.sha256`, and forgets it on the run. */
    async deleteArchive(id: number): Promise<{ run: BackupRun; key: string }> {
      const { run, key, destination } = await archiveOf(id);
      const archives = store(destination);
      await archives.remove(key);
      await archives.remove(`${key}.sha256`);
      await backupsRepository.updateRun(id, { archive_key: null });
      return { run, key };
    },

    /**
     * Cancels a queued run at once, and asks a running one to stop at its next progress step
     * (`backup.run` reads `cancel_requested`); 409 `backups.run_finished` once it is done or failed.
     */
    async cancelRun(id: number): Promise<BackupRun> {
      const row = await backupsRepository.findRun(id);
      if (!row) throw new NotFoundError('No such backup run', 'not_found');
      if (row.state === 'done' || row.state === 'failed') {
        throw new ConflictError('This run has finished already', 'backups.run_finished');
      }
      if (row.state === 'queued') {
        await backupsRepository.updateRun(id, { state: 'failed', error: CANCELLED, finished_at: clock.now() });
      } else {
        await backupsRepository.updateRun(id, { error: CANCELLED });
      }
      return presentRun((await backupsRepository.findRun(id))!);
    },

    preview(spec: string): { next: string[] } {
      return { next: nextRuns(spec, clock.nowMs()) };
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
