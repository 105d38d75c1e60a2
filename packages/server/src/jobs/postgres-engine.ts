// The job engine on PostgreSQL: graphile-worker (its own schema `graphile_worker`, migrated by
// graphile-worker itself on start). Jobs are claimed with SKIP LOCKED, so with many Tarmac
// instances each job runs once. Dedupe is graphile-worker's job key (mode unsafe_dedupe: the
// first job with a key stays). Schedules use the same job_schedules slot claim as the embedded
// engine (once per slot across instances, and `every N s` below graphile's one-minute crontab).
// Retries follow graphile-worker's own backoff (exp(min(attempt, 10)) seconds, so at most about
// 6 hours), not RetryPolicy. graphile-worker deletes a job that succeeds: the wrapper records it
// as a 'done' row of our jobs table for the read side (postgres-read-side.ts). The jobs of a
// process that died are freed by the liveness sweep (postgres-liveness.ts), not after 4 hours.
import type pg from 'pg';
import { EventEmitter } from 'node:events';
import type { Logger, Runner, Task, TaskList, WorkerEvents, WorkerUtils } from 'graphile-worker';
import type { Clock } from '../clock.ts';
import { pg as loadPg } from '../db/index.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { WorkerLiveness } from './postgres-liveness.ts';
import { PostgresReadSide } from './postgres-read-side.ts';
import { Schedules } from './schedules.ts';
import { recordDone } from './table.ts';
import { checkJob } from './validate.ts';
import { DEFAULT_MAX_ATTEMPTS } from './types.ts';
import type { EnqueueOptions, JobHandler, JobPayload, JobQueue, JobQueueOptions } from './types.ts';

// graphile-worker loads when the queue is first used, not with the server (idle memory).
const graphile = () => import('graphile-worker');
let silentLogger: Logger | undefined;
async function silent(): Promise<Logger> {
  silentLogger ??= new (await graphile()).Logger(() => () => undefined);
  return silentLogger;
}

type PostgresJobQueueOptions = JobQueueOptions & {
  onError?: (error: unknown) => void;
  /** How long a job stays locked by a worker before the sweep checks that its process lives (postgres-liveness.ts). */
  leaseMs?: number;
};

export class PostgresJobQueue extends PostgresReadSide implements JobQueue {
  readonly #database: DatabaseHandle;
  readonly #connectionString: string;
  readonly #clock: Clock;
  readonly #options: PostgresJobQueueOptions;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #schedules = new Schedules();
  #pool: pg.Pool | undefined;
  #utils: Promise<WorkerUtils> | undefined;
  #runner: Runner | undefined;
  #scheduleTimer: NodeJS.Timeout | undefined;
  #liveness: WorkerLiveness | undefined;

  constructor(database: DatabaseHandle, connectionString: string, clock: Clock, options: PostgresJobQueueOptions = {}) {
    super(database.db, () => this.#workerUtils());
    this.#database = database;
    this.#connectionString = connectionString;
    this.#clock = clock;
    this.#options = options;
  }

  /** One pool for the worker and the utils, ended by stop() (so no connection outlives the queue). */
  #pgPool(): pg.Pool {
    if (!this.#pool) {
      this.#pool = new (loadPg().Pool)({ connectionString: this.#connectionString, max: (this.#options.concurrency ?? 1) + 4 });
      // A connection the server ends (a restart, a dropped database) is replaced, not fatal.
      const onError = (error: Error) => this.#options.onError?.(error);
      this.#pool.on('error', onError);
      this.#pool.on('connect', (client) => client.on('error', onError));
    }
    return this.#pool;
  }

  #workerUtils(): Promise<WorkerUtils> {
    this.#utils ??= (async () => {
      const utils = await (await graphile()).makeWorkerUtils({ pgPool: this.#pgPool(), logger: await silent() });
      await utils.migrate();
      return utils;
    })().catch((error: unknown) => {
      this.#utils = undefined; // the next call tries again
      throw error;
    });
    return this.#utils;
  }

  register(name: string, handler: JobHandler): void {
    this.#handlers.set(name, handler);
  }

  schedule(name: string, spec: string, payload: JobPayload = {}): void {
    this.#schedules.add(name, spec, payload);
  }

  async enqueue(name: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<string> {
    const { runAt, maxAttempts, dedupeKey } = checkJob(name, payload, options, this.#options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    const utils = await this.#workerUtils();
    const job = await utils.addJob(name, payload, {
      runAt,
      maxAttempts,
      ...(dedupeKey === undefined ? {} : { jobKey: dedupeKey, jobKeyMode: 'unsafe_dedupe' as const }),
    });
    return String(job.id);
  }

  #task(name: string, handler: JobHandler): Task {
    return async (raw, helpers) => {
      const payload = (raw ?? {}) as JobPayload;
      const { job } = helpers;
      await handler(payload, { id: String(job.id), name, attempt: job.attempts, maxAttempts: job.max_attempts });
      await recordDone(this.#database.db, this.#clock, {
        name, payload: JSON.stringify(payload), run_at: new Date(job.run_at).toISOString(), attempts: job.attempts,
        max_attempts: job.max_attempts, last_error: job.last_error, dedupe_key: job.key,
      });
    };
  }

  async start(): Promise<void> {
    await this.#workerUtils();
    const taskList: TaskList = {};
    for (const [name, handler] of this.#handlers) taskList[name] = this.#task(name, handler);
    const { run } = await graphile();
    const onError = (error: unknown) => this.#options.onError?.(error);
    const liveness = await WorkerLiveness.open(this.#connectionString, this.#options.leaseMs ?? 60_000, () => this.#workerUtils(), onError);
    this.#liveness = liveness;
    const events = new EventEmitter() as WorkerEvents;
    events.on('worker:create', ({ worker }) => liveness.hold(worker.workerId));
    this.#runner = await run({
      events,
      pgPool: this.#pgPool(),
      concurrency: this.#options.concurrency ?? 1,
      pollInterval: this.#options.pollMs ?? 1000,
      noHandleSignals: true,
      logger: await silent(),
      taskList,
    });
    const tick = () =>
      void this.#schedules
        .tick(this.#database.db, this.#clock, (name, payload, options) => this.enqueue(name, payload, options))
        .catch((error: unknown) => this.#options.onError?.(error));
    tick();
    this.#scheduleTimer = setInterval(tick, 1000);
    void liveness.sweep();
  }

  async stop(): Promise<void> {
    clearInterval(this.#scheduleTimer);
    const runner = this.#runner;
    this.#runner = undefined;
    if (runner) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.#options.graceMs ?? 10_000)));
      await Promise.race([runner.stop(), grace]);
      clearTimeout(timer);
    }
    await this.#liveness?.close();
    this.#liveness = undefined;
    const utils = this.#utils;
    this.#utils = undefined;
    if (utils) await (await utils).release();
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.end();
  }
}
