// The read side on PostgreSQL. Waiting, running and failed jobs come from graphile-worker's
// public `graphile_worker.jobs` view (its documented read interface), with the payload from the
// table behind it (the view leaves it out; graphile-worker is pinned to one version). Retry and
// discard use its SQL functions reschedule_jobs and complete_jobs, which leave a locked (running)
// job alone. Finished jobs, which graphile-worker deletes, are the 'done' rows our wrapper writes
// to the jobs table; their ids carry a "done-" prefix.
import { sql } from 'kysely';
import type { WorkerUtils } from 'graphile-worker';
import type { Db } from '../db/index.ts';
import { pageOf } from './table.ts';
import { JOB_STATES } from './types.ts';
import type { JobPage, JobReader, JobRecord, JobState, ListOptions } from './types.ts';

const WHERE: Record<Exclude<JobState, 'done'>, string> = {
  queued: 'locked_at is null and attempts < max_attempts and run_at <= now()',
  scheduled: 'locked_at is null and attempts < max_attempts and run_at > now()',
  running: 'locked_at is not null',
  failed: 'locked_at is null and attempts >= max_attempts',
};

interface ViewRow {
  id: string | number;
  task_identifier: string;
  run_at: string | Date;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  key: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  payload: unknown;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function payloadOf(value: unknown): JobRecord['payload'] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JobRecord['payload']) : {};
}

function idOf(id: string): string | null {
  return /^\d{1,18}$/.test(id) ? id : null;
}

export class PostgresReadSide implements JobReader {
  readonly #db: Db;
  readonly #utils: () => Promise<WorkerUtils>;

  constructor(db: Db, utils: () => Promise<WorkerUtils>) {
    this.#db = db;
    this.#utils = utils;
  }

  async list({ state, page, perPage }: ListOptions): Promise<JobPage> {
    const { limit, offset } = pageOf(page, perPage);
    if (state === 'done') return this.#done(limit, offset);
    await this.#utils();
    const where = sql.raw(WHERE[state]);
    const order = sql.raw(state === 'failed' ? 'updated_at desc, id desc' : 'run_at asc, id asc');
    const rows = await sql<ViewRow>`select v.id, v.task_identifier, v.run_at, v.attempts, v.max_attempts, v.last_error, v.key,
        v.created_at, v.updated_at, p.payload
      from (select * from graphile_worker.jobs where ${where} order by ${order} limit ${limit} offset ${offset}) v
      left join graphile_worker._private_jobs p on p.id = v.id order by ${order}`.execute(this.#db);
    const total = await sql<{ total: string }>`select count(*) as total from graphile_worker.jobs where ${where}`.execute(this.#db);
    const items = rows.rows.map((row): JobRecord => ({
      id: String(row.id), name: row.task_identifier, state, payload: payloadOf(row.payload), attempts: row.attempts,
      maxAttempts: row.max_attempts, lastError: row.last_error, runAt: iso(row.run_at), dedupeKey: row.key, createdAt: iso(row.created_at),
      finishedAt: state === 'failed' ? iso(row.updated_at) : null,
    }));
    return { items, total: Number(total.rows[0]?.total ?? 0) };
  }

  async #done(limit: number, offset: number): Promise<JobPage> {
    const base = this.#db.selectFrom('jobs').where('state', '=', 'done');
    const rows = await base.selectAll().orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const items = rows.map((row): JobRecord => ({
      id: `done-${row.id}`, name: row.name, state: 'done', payload: JSON.parse(row.payload) as JobRecord['payload'],
      attempts: row.attempts, maxAttempts: row.max_attempts, lastError: row.last_error, runAt: row.run_at,
      dedupeKey: row.dedupe_key, createdAt: row.created_at, finishedAt: row.finished_at,
    }));
    return { items, total: Number(total) };
  }

  async counts(): Promise<Record<JobState, number>> {
    const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>;
    for (const state of JOB_STATES) counts[state] = (await this.list({ state, perPage: 1 })).total;
    return counts;
  }

  async retry(id: string): Promise<boolean> {
    const jobId = idOf(id);
    if (jobId === null) return false;
    await this.#utils();
    // The SQL function itself: WorkerUtils.rescheduleJobs drops `attempts: 0` (it passes `attempts || null`).
    const result = await sql<{ id: string }>`select id from graphile_worker.reschedule_jobs(array[${jobId}]::bigint[],
      run_at := now(), attempts := 0)`.execute(this.#db);
    return result.rows.length > 0;
  }

  async discard(id: string): Promise<boolean> {
    const jobId = idOf(id);
    if (jobId === null) return false;
    const utils = await this.#utils();
    return (await utils.completeJobs([jobId])).length > 0;
  }
}
