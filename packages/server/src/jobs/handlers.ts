// Every kind of job Tarmac runs, by name, and where its code is. The code is loaded the first
// time such a job runs, not at startup (the idle server stays small); the names are known at
// start, as graphile-worker needs them. Recurring jobs list their schedule (jobs/schedule.ts).
import type { JobDeps } from './deps.ts';
import type { JobContext, JobPayload, JobQueue } from './types.ts';

export type JobRun = (payload: JobPayload, context: JobContext, deps: JobDeps) => Promise<void>;

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
  // [jobs] Each module adds its jobs here.
  // Backups (modules/backups): one run of a backup plan; each minute, the runs whose time has come.
  { name: 'backup.run', load: async () => (await import('../modules/backups/jobs.ts')).runBackup },
  { name: 'backup.due', schedule: 'every 1m', load: async () => (await import('../modules/backups/due.ts')).backupDue },
  { name: 'mail.subscriber', load: async () => (await import('../modules/subscribers/jobs.ts')).sendSubscriberMail },
  { name: 'mail.new-build', load: async () => (await import('../modules/subscribers/jobs.ts')).sendNewBuildMail },
];

/** Registers every job kind on the queue (and its schedule); the code loads on the first run. */
export function registerJobKinds(queue: JobQueue, deps: Omit<JobDeps, 'queue'>, kinds: readonly JobKind[] = JOB_KINDS): void {
  const withQueue: JobDeps = { ...deps, queue };
  for (const kind of kinds) {
    let run: Promise<JobRun> | undefined;
    queue.register(kind.name, async (payload, context) => {
      run ??= kind.load();
      await (await run)(payload, context, withQueue);
    });
    if (kind.schedule) queue.schedule(kind.name, kind.schedule);
  }
}
