// Every kind of job Tarmac runs, by name, and where its code is. The code is loaded the first
// time such a job runs, not at startup (the idle server stays small); the names are known at
// start, as graphile-worker needs them. Recurring jobs list their schedule (jobs/schedule.ts);
// administrators see them, change the schedule and run them now (/admin/jobs, scheduled-jobs.ts).
import type { JobDeps } from './deps.ts';
import { recordRunEnd, recordRunStart } from './scheduled-jobs.ts';
import type { JobContext, JobPayload, JobQueue } from './types.ts';
import { errorText } from './types.ts';

/** A job's code; a recurring job may resolve to a small object (counts …) shown as its last result. */
export type JobRun = (payload: JobPayload, context: JobContext, deps: JobDeps) => Promise<unknown>;

export interface JobKind {
  name: string;
  load: () => Promise<JobRun>;
  /** A schedule (jobs/schedule.ts) when the job recurs. */
  schedule?: string;
}

export const JOB_KINDS: readonly JobKind[] = [
  { name: 'event.dispatch', load: async () => (await import('../events/dispatch.ts')).dispatchEvent },
  { name: 'jobs.prune', schedule: 'every 1 h', load: async () => (await import('./prune.ts')).pruneJobs },
  // Webhooks (modules/webhooks): one attempt of a delivery; the daily digest; the delivery log's retention.
  { name: 'webhook.deliver', load: async () => (await import('../modules/webhooks/deliver.ts')).deliverWebhook },
  { name: 'webhook.digest', schedule: '0 9 * * *', load: async () => (await import('../modules/webhooks/digest.ts')).sendDigests },
  { name: 'webhook.prune', schedule: 'every 1 h', load: async () => (await import('../modules/webhooks/prune.ts')).pruneDeliveries },
  // Storage: what interrupted uploads left in this machine's temp folder (each process also sweeps
  // its own on a timer: storage/temp-files.ts); stored files no row references (storage/orphan-sweep.ts).
  { name: 'storage.temp-sweep', schedule: 'every 15 m', load: async () => (await import('../storage/sweep-jobs.ts')).sweepTempJob },
  { name: 'storage.orphan-sweep', schedule: '30 3 * * *', load: async () => (await import('../storage/sweep-jobs.ts')).sweepOrphansJob },
  // [jobs] Each module adds its jobs here.
  // The audit log's retention (TARMAC_AUDIT_RETENTION_DAYS), daily.
  { name: 'audit.prune', schedule: '30 3 * * *', load: async () => (await import('../modules/audit/prune.ts')).pruneAuditLog },
  // Demo mode (TARMAC_DEMO_MODE): wipe and re-seed the showcase; a no-op on a normal instance.
  { name: 'demo.reset', schedule: '0 0 * * *', load: async () => (await import('../modules/demo/job.ts')).runDemoReset },
  // Backups (modules/backups): one run of a backup plan; each minute, the runs whose time has come.
  { name: 'backup.run', load: async () => (await import('../modules/backups/jobs.ts')).runBackup },
  { name: 'backup.due', schedule: 'every 1m', load: async () => (await import('../modules/backups/due.ts')).backupDue },
  { name: 'backup.restore', load: async () => (await import('../modules/backups/restores.ts')).runRestore },
  { name: 'mail.subscriber', load: async () => (await import('../modules/subscribers/jobs.ts')).sendSubscriberMail },
  { name: 'mail.new-build', load: async () => (await import('../modules/subscribers/jobs.ts')).sendNewBuildMail },
  // Old builds (modules/releases/retention-job.ts): retained_builds and the keep_old_build_files setting, daily.
  { name: 'releases.retention', schedule: '30 3 * * *', load: async () => (await import('../modules/releases/retention-job.ts')).runReleasesRetention },
];

/** Registers every job kind on the queue (and its schedule); the code loads on the first run. */
export function registerJobKinds(queue: JobQueue, deps: Omit<JobDeps, 'queue'>, kinds: readonly JobKind[] = JOB_KINDS): void {
  const withQueue: JobDeps = { ...deps, queue };
  for (const kind of kinds) {
    let run: Promise<JobRun> | undefined;
    const runOnce = async (payload: JobPayload, context: JobContext) => {
      run ??= kind.load();
      return (await run)(payload, context, withQueue);
    };
    const handler = kind.schedule ? recordingRuns(kind.name, runOnce, withQueue) : async (payload: JobPayload, context: JobContext) => {
      await runOnce(payload, context);
    };
    queue.register(kind.name, handler);
    if (kind.schedule) queue.schedule(kind.name, kind.schedule);
  }
}

/** Runs a recurring job and writes how it went to scheduled_jobs (its last run, for the admin screen). */
type Run = (payload: JobPayload, context: JobContext) => Promise<unknown>;

function recordingRuns(name: string, run: Run, { database, clock, log }: JobDeps) {
  const note = (write: Promise<void>) =>
    write.catch((error: unknown) => log.warn({ err: error, job: name }, 'The last run of a scheduled job could not be recorded'));
  return async (payload: JobPayload, context: JobContext): Promise<void> => {
    await note(recordRunStart(database.db, name, clock.now()));
    let result: unknown;
    try {
      result = await run(payload, context);
    } catch (error) {
      await note(recordRunEnd(database.db, name, clock.now(), { error: errorText(error) }));
      throw error;
    }
    await note(recordRunEnd(database.db, name, clock.now(), { result }));
  };
}
