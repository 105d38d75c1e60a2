// The embedded job queue: the jobs table of the SQLite database, run by the one Tarmac process.
// A claimed job is leased (locked_until, renewed while it runs): when the process dies (kill -9)
// the job is claimed again once the lease is over, by the next process. Times come from the
// injected clock, so tests move them.
import type { Clock } from '../clock.ts';
import { isoFromNow } from '../clock.ts';
import type { DatabaseHandle, Db } from '../db/index.ts';
import { JobReadSide } from './read-side.ts';
import { Schedules } from './schedules.ts';
import { checkJob } from './validate.ts';
import type { JobRow } from './table.ts';
import { backoffMs, DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY, errorText } from './types.ts';
import type { EnqueueOptions, JobHandler, JobPayload, JobQueue, JobQueueOptions, RetryPolicy } from './types.ts';

export interface SqliteJobQueueOptions extends JobQueueOptions {
  /** How long a claimed job stays claimed without a renewal. */
  leaseMs?: number;
  onError?: (error: unknown) => void;
}

export class SqliteJobQueue extends JobReadSide implements JobQueue {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #schedules = new Schedules();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #retry: RetryPolicy;
  readonly #options: Required<Omit<SqliteJobQueueOptions, 'retry' | 'onError'>>;
  readonly #onError: (error: unknown) => void;
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #ticking = false;

  constructor(database: DatabaseHandle, clock: Clock, options: SqliteJobQueueOptions = {}) {
    super(database.db, clock);
    this.#db = database.db;
    this.#clock = clock;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#options = {
      concurrency: options.concurrency ?? 1,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      pollMs: options.pollMs ?? 1000,
      graceMs: options.graceMs ?? 10_000,
      leaseMs: options.leaseMs ?? 5 * 60_000,
    };
    this.#onError = options.onError ?? (() => undefined);
  }

  register(name: string, handler: JobHandler): void {
    this.#handlers.set(name, handler);
  }

  schedule(name: string, spec: string, payload: JobPayload = {}): void {
    this.#schedules.add(name, spec, payload);
  }

  async enqueue(name: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<string> {
    const checked = checkJob(name, payload, options, this.#options.maxAttempts);
    const now = this.#clock.now();
    const runAt = checked.runAt?.toISOString() ?? now;
    const maxAttempts = checked.maxAttempts;
    const key = checked.dedupeKey ?? null;
    const existing = async () =>
      key === null
        ? undefined
        : this.#db.selectFrom('jobs').select('id').where('dedupe_key', '=', key).where('state', 'in', ['queued', 'running']).executeTakeFirst();
    const found = await existing();
    if (found) return String(found.id);
    try {
      const row = await this.#db
        .insertInto('jobs')
        .values({
          name, payload: checked.payloadJson, state: 'queued', run_at: runAt, max_attempts: maxAttempts,
          dedupe_key: key, created_at: now, updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (this.#running) this.#wake();
      return String(row.id);
    } catch (error) {
      const raced = await existing();
      if (raced) return String(raced.id);
      throw error;
    }
  }

  start(): Promise<void> {
    this.#running = true;
    this.#wake();
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.#options.graceMs)));
    await Promise.race([Promise.allSettled([...this.#inFlight]), grace]);
    clearTimeout(timer);
  }

  #wake(delayMs = 0): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), delayMs);
  }

  async #tick(): Promise<void> {
    if (!this.#running || this.#ticking) return;
    this.#ticking = true;
    try {
      await this.#schedules.tick(this.#db, this.#clock, (name, payload, options) => this.enqueue(name, payload, options));
      while (this.#running && this.#inFlight.size < this.#options.concurrency) {
        const job = await this.#claim();
        if (!job) break;
        const run = this.#run(job).catch(this.#onError);
        this.#inFlight.add(run);
        void run.finally(() => {
          this.#inFlight.delete(run);
          if (this.#running) this.#wake();
        });
      }
    } catch (error) {
      this.#onError(error);
    } finally {
      this.#ticking = false;
      if (this.#running) this.#wake(this.#options.pollMs);
    }
  }

  /** Takes the next due job (or one whose lease is over) and leases it, in one statement. */
  async #claim(): Promise<JobRow | undefined> {
    const now = this.#clock.now();
    return this.#db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), locked_until: isoFromNow(this.#clock, this.#options.leaseMs), updated_at: now }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where((w) => w.or([
            w.and([w('state', '=', 'queued'), w('run_at', '<=', now)]),
            w.and([w('state', '=', 'running'), w('locked_until', '<=', now)]),
          ]))
          .orderBy('run_at')
          .orderBy('id')
          .limit(1),
      )
      .returning(['id', 'name', 'payload', 'state', 'run_at', 'attempts', 'max_attempts', 'last_error', 'dedupe_key', 'created_at', 'finished_at'])
      .executeTakeFirst();
  }

  async #run(job: JobRow): Promise<void> {
    const renew = setInterval(() => {
      void this.#db
        .updateTable('jobs')
        .set({ locked_until: isoFromNow(this.#clock, this.#options.leaseMs) })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .execute()
        .catch(this.#onError);
    }, Math.max(100, Math.floor(this.#options.leaseMs / 3)));
    let failure: unknown;
    try {
      const handler = this.#handlers.get(job.name);
      if (!handler) throw new Error(`No handler is registered for job "${job.name}"`);
      await handler(JSON.parse(job.payload) as JobPayload, {
        id: String(job.id), name: job.name, attempt: job.attempts, maxAttempts: job.max_attempts,
      });
    } catch (error) {
      failure = error ?? new Error('failed');
    } finally {
      clearInterval(renew);
    }
    await this.#finish(job, failure);
  }

  async #finish(job: JobRow, failure: unknown): Promise<void> {
    const now = this.#clock.now();
    const update = this.#db.updateTable('jobs').where('id', '=', job.id).where('state', '=', 'running').where('attempts', '=', job.attempts);
    if (failure === undefined) {
      await update.set({ state: 'done', locked_until: null, finished_at: now, updated_at: now }).execute();
    } else if (job.attempts >= job.max_attempts) {
      await update.set({ state: 'failed', locked_until: null, finished_at: now, updated_at: now, last_error: errorText(failure) }).execute();
    } else {
      const runAt = isoFromNow(this.#clock, backoffMs(job.attempts, this.#retry));
      await update.set({ state: 'queued', locked_until: null, run_at: runAt, updated_at: now, last_error: errorText(failure) }).execute();
    }
  }
}
