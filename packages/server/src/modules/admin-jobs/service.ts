// Background jobs for global administrators: list them by state, count them, retry a failed or
// waiting one, discard one that has not finished. Reads and changes go through the queue's read
// side (jobs/types.ts JobReader), whichever engine runs it.
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { JobPage, JobReader, JobState } from '../../jobs/types.ts';

interface Deps {
  jobs: JobReader;
}

export interface ListJobsInput {
  actor: Actor;
  state: JobState;
  page: number;
  perPage: number;
}

/** Running jobs are few (each process runs TARMAC_JOBS_CONCURRENCY at once): pages looked through for one. */
const RUNNING_PAGES_MAX = 20;

export function createAdminJobsService({ jobs }: Deps) {
  function assertCanManage(actor: Actor): void {
    if (!can(actor, 'jobs:manage')) throw forbidden('jobs:manage');
  }

  async function isRunning(id: string): Promise<boolean> {
    for (let page = 1; page <= RUNNING_PAGES_MAX; page += 1) {
      const { items, total } = await jobs.list({ state: 'running', page, perPage: 100 });
      if (items.some((job) => job.id === id)) return true;
      if (page * 100 >= total) break;
    }
    return false;
  }

  /** Why retry or discard found nothing to change: the job runs now (409), or no waiting or failed job has the id (404). */
  async function refusal(id: string): Promise<Error> {
    if (await isRunning(id)) return new ConflictError(`Job ${id} is running now: wait for it to finish`, 'job.running', { id });
    return new NotFoundError(`No waiting or failed job has id ${id}`, 'job.not_found', { id });
  }

  return {
    assertCanManage,

    async list({ actor, state, page, perPage }: ListJobsInput): Promise<JobPage & { page: number; perPage: number }> {
      assertCanManage(actor);
      return { ...(await jobs.list({ state, page, perPage })), page, perPage };
    },

    async counts(actor: Actor): Promise<Record<JobState, number>> {
      assertCanManage(actor);
      return jobs.counts();
    },

    /** A failed or waiting job runs again now, its attempts reset. */
    async retry(actor: Actor, id: string): Promise<void> {
      assertCanManage(actor);
      if (!(await jobs.retry(id))) throw await refusal(id);
    },

    /** A failed or waiting job is removed; a running one is left alone (409). */
    async discard(actor: Actor, id: string): Promise<void> {
      assertCanManage(actor);
      if (!(await jobs.discard(id))) throw await refusal(id);
    },
  };
}

export type AdminJobsService = ReturnType<typeof createAdminJobsService>;
