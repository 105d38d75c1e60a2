// Jobs of a process that died, on PostgreSQL. graphile-worker frees a job locked by a worker that
// is gone only after 4 hours. So each Tarmac process holds, on a connection of its own, one
// session advisory lock per worker it runs; PostgreSQL drops the locks with the session when the
// process dies (kill -9 included). A sweep, at start and then every half grace, looks at jobs
// locked for longer than the grace by other processes' workers: when such a worker's lock can be
// taken, its process is gone, and forceUnlockWorkers makes its jobs run again (attempt + 1).
import type pg from 'pg';
import type { WorkerUtils } from 'graphile-worker';
import { pg as loadPg } from '../db/index.ts';

/** The first key of the advisory locks (the second is the worker id's hash): "tj". */
const LOCK_SPACE = 0x746a;

export class WorkerLiveness {
  readonly #own = new Set<string>();
  readonly #graceMs: number;
  readonly #utils: () => Promise<WorkerUtils>;
  readonly #onError: (error: unknown) => void;
  #client: pg.Client;
  #timer: NodeJS.Timeout | undefined;
  #sweeping = false;
  /** One query at a time on the connection (node-postgres deprecates overlapping ones). */
  #last: Promise<unknown> = Promise.resolve();

  private constructor(client: pg.Client, graceMs: number, utils: () => Promise<WorkerUtils>, onError: (error: unknown) => void) {
    this.#client = client;
    this.#graceMs = graceMs;
    this.#utils = utils;
    this.#onError = onError;
  }

  static async open(
    connectionString: string, graceMs: number, utils: () => Promise<WorkerUtils>, onError: (error: unknown) => void,
  ): Promise<WorkerLiveness> {
    const client = new (loadPg().Client)({ connectionString });
    client.on('error', onError);
    await client.connect();
    const liveness = new WorkerLiveness(client, graceMs, utils, onError);
    liveness.#timer = setInterval(() => void liveness.sweep(), Math.max(1000, Math.min(60_000, graceMs / 2)));
    return liveness;
  }

  #query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    const next = this.#last.then(() => this.#client.query<R>(text, values));
    this.#last = next.catch(() => undefined);
    return next;
  }

  /** Marks `workerId` as this process's while the process lives. */
  hold(workerId: string): void {
    this.#own.add(workerId);
    this.#query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, workerId]).catch(this.#onError);
  }

  /** Frees the jobs of workers whose process is gone; answers their worker ids. */
  async sweep(): Promise<string[]> {
    if (this.#sweeping) return [];
    this.#sweeping = true;
    const freed: string[] = [];
    try {
      const { rows } = await this.#query<{ locked_by: string }>(
        `select distinct locked_by from graphile_worker.jobs
          where locked_at is not null and locked_by is not null and locked_at < now() - make_interval(secs => $1)`,
        [this.#graceMs / 1000],
      );
      for (const { locked_by: workerId } of rows) {
        if (this.#own.has(workerId)) continue;
        const taken = await this.#query<{ free: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as free', [LOCK_SPACE, workerId]);
        if (!taken.rows[0]?.free) continue;
        try {
          await (await this.#utils()).forceUnlockWorkers([workerId]);
          freed.push(workerId);
        } finally {
          await this.#query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, workerId]);
        }
      }
    } catch (error) {
      this.#onError(error);
    } finally {
      this.#sweeping = false;
    }
    return freed;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#last;
    await this.#client.end().catch(this.#onError);
  }
}
