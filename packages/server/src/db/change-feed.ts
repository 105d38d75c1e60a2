// What other instances changed, on PostgreSQL. Every committed write to a distribution table
// NOTIFYs `tarmac_distribution` (a statement trigger: migration 20261126090000), whichever
// instance, CLI command or connection made it. One dedicated connection per process LISTENs and
// counts the notices: the answer caches compare that count with the one they stored (see
// DatabaseHandle.writeGeneration). While that connection is down nobody can tell what changed,
// so generation() answers undefined (callers cache nothing) and the feed reconnects with backoff
// (0.5 s doubling to 30 s); a reconnection counts as a change (notices were missed meanwhile).
// The connection opens on first use (a version check), so the CLI and idle tests open none.
import type pg from 'pg';

export const CHANGE_CHANNEL = 'tarmac_distribution';
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

export interface ChangeFeedLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface ChangeFeedOptions {
  /** Told when the feed is lost (once per loss, not per retry) and when it is back; silent by default. */
  log?: ChangeFeedLog;
}

export class ChangeFeed {
  readonly #newClient: () => pg.Client;
  readonly #log: ChangeFeedLog | undefined;
  /** Lost after listening, and not yet back: the next success is logged. */
  #lost = false;
  #generation = 0;
  #listening = false;
  #started = false;
  #closed = false;
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #retryMs = FIRST_RETRY_MS;

  /** `newClient`: a fresh, unconnected client of the database (db/index.ts makes them). */
  constructor(newClient: () => pg.Client, options: ChangeFeedOptions = {}) {
    this.#newClient = newClient;
    this.#log = options.log;
  }

  /** The count of changes seen, or undefined while not listening (starts listening on first call). */
  generation(): number | undefined {
    if (!this.#started) {
      this.#started = true;
      void this.#connect();
    }
    return this.#listening ? this.#generation : undefined;
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = this.#newClient();
    this.#client = client;
    const lost = (error?: unknown) => {
      if (this.#client !== client) return;
      this.#client = undefined;
      if (this.#listening || (!this.#lost && error !== undefined)) {
        this.#lost = true;
        const message = 'Lost the database connection that hears what other instances change: version checks are not cached until it is back';
        this.#log?.warn({ err: error }, message);
      }
      this.#listening = false;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      this.#retry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lost(error);
      return;
    }
    if (this.#client !== client) return;
    client.on('notification', () => {
      this.#generation += 1;
    });
    this.#generation += 1; // whatever happened while this process was not listening
    this.#listening = true;
    this.#retryMs = FIRST_RETRY_MS;
    if (this.#lost) this.#log?.info({}, 'Hearing what other instances change again: version checks are cached again');
    this.#lost = false;
  }

  #retry(): void {
    if (this.#closed) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(MAX_RETRY_MS, this.#retryMs * 2);
    this.#timer = setTimeout(() => void this.#connect(), wait);
    this.#timer.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}
