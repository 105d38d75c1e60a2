// The one job interface of Tarmac: enqueue work now or later (with a dedupe key), run it by name
// with retries (exponential backoff with a cap, jittered), fire recurring schedules once per slot,
// and read what is queued, running, scheduled, failed or done (admin screen, `tarmac jobs`).
// Two engines implement it: sqlite-engine.ts (the embedded default, one process) and
// postgres-engine.ts (graphile-worker, many instances).

export const JOB_STATES = ['queued', 'running', 'scheduled', 'failed', 'done'] as const;
export type JobState = (typeof JOB_STATES)[number];

export type JobPayload = Record<string, unknown>;

export interface JobContext {
  id: string;
  name: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler = (payload: JobPayload, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** When the job may run first (ISO 8601 or a Date); now when omitted. */
  runAt?: string | Date;
  /** While a job with this key is not finished, enqueuing another one with it returns the first. */
  dedupeKey?: string;
  /** Runs before the job ends failed (default: the queue's maxAttempts). */
  maxAttempts?: number;
}

export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  payload: JobPayload;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: string;
  dedupeKey: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface JobPage {
  items: JobRecord[];
  total: number;
}

export interface ListOptions {
  state: JobState;
  /** 1-based. */
  page?: number;
  perPage?: number;
}

export interface RetryPolicy {
  /** The wait after the first failure. */
  baseMs: number;
  /** No wait is longer than this. */
  capMs: number;
  /** The share of a wait taken off at random (0: none, 0.2: up to a fifth shorter). */
  jitter: number;
}

export interface JobQueueOptions {
  /** Jobs run at once by this process (TARMAC_JOBS_CONCURRENCY). */
  concurrency?: number;
  maxAttempts?: number;
  retry?: Partial<RetryPolicy>;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** How long stop() waits for the jobs in flight. */
  graceMs?: number;
}

/** The read side: what the admin screen and `tarmac jobs` show. */
export interface JobReader {
  list(options: ListOptions): Promise<JobPage>;
  counts(): Promise<Record<JobState, number>>;
  /** A failed (or waiting) job runs again now with its attempts reset. False when there is no such job. */
  retry(id: string): Promise<boolean>;
  /** A job that has not finished is removed. False when there is no such job or it is running. */
  discard(id: string): Promise<boolean>;
}

export interface JobQueue extends JobReader {
  register(name: string, handler: JobHandler): void;
  /** Returns the job's id (the existing job's id when the dedupe key is taken). */
  enqueue(name: string, payload: JobPayload, options?: EnqueueOptions): Promise<string>;
  /** Enqueues `name` once per slot of `spec` (see schedule.ts), across every instance. */
  schedule(name: string, spec: string, payload?: JobPayload): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits up to the grace for the jobs in flight. */
  stop(): Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, capMs: 60 * 60_000, jitter: 0.2 };
export const DEFAULT_MAX_ATTEMPTS = 8;

/** The wait before attempt `failed + 1` after `failed` failures: min(base * 2^(failed-1), cap), jittered down. */
export function backoffMs(failed: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const wait = Math.min(policy.baseMs * 2 ** Math.max(0, failed - 1), policy.capMs);
  return Math.round(wait * (1 - policy.jitter * random()));
}

/** An error's text as stored with a failed attempt (bounded; the message, as graphile-worker keeps it). */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}
