// The read side of the embedded queue (the jobs table): lists by state with pages, counts,
// retry and discard. The PostgreSQL engine has its own (postgres-read-side.ts).
import type { Clock } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { pageOf, recordOf, selectJobs } from './table.ts';
import { JOB_STATES } from './types.ts';
import type { JobPage, JobReader, JobState, ListOptions } from './types.ts';

const COLUMNS = ['id', 'name', 'payload', 'state', 'run_at', 'attempts', 'max_attempts', 'last_error', 'dedupe_key', 'created_at', 'finished_at'] as const;

function idOf(id: string): number | null {
  return /^\d{1,15}$/.test(id) ? Number(id) : null;
}

export class JobReadSide implements JobReader {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async list({ state, page, perPage }: ListOptions): Promise<JobPage> {
    const { limit, offset } = pageOf(page, perPage);
    const base = selectJobs(this.#db, this.#clock, state);
    const finished = state === 'failed' || state === 'done';
    const rows = await base
      .select(COLUMNS)
      .orderBy(finished ? 'finished_at' : 'run_at', finished ? 'desc' : 'asc')
      .orderBy('id', finished ? 'desc' : 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { total } = await base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
    const now = this.#clock.now();
    return { items: rows.map((row) => recordOf(row, now)), total: Number(total) };
  }

  async counts(): Promise<Record<JobState, number>> {
    const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>;
    for (const state of JOB_STATES) {
      const { total } = await selectJobs(this.#db, this.#clock, state)
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      counts[state] = Number(total);
    }
    return counts;
  }

  async retry(id: string): Promise<boolean> {
    const jobId = idOf(id);
    if (jobId === null) return false;
    const now = this.#clock.now();
    try {
      const result = await this.#db
        .updateTable('jobs')
        .set({ state: 'queued', attempts: 0, run_at: now, finished_at: null, locked_until: null, updated_at: now })
        .where('id', '=', jobId)
        .where('state', 'in', ['failed', 'queued'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    } catch {
      // Another job with the same dedupe key is waiting: that one runs instead.
      return false;
    }
  }

  async discard(id: string): Promise<boolean> {
    const jobId = idOf(id);
    if (jobId === null) return false;
    const result = await this.#db.deleteFrom('jobs').where('id', '=', jobId).where('state', 'in', ['failed', 'queued']).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
