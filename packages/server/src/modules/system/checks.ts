// The health checks behind GET /api/health/{checks} and the admin's system page: the database,
// the store, the job queue and the mail server, each answering ok, warn or fail with a sentence
// and how long it took. Each has its own deadline, so one that hangs never holds up the others.
// Loaded on the first check (routes import it lazily): an idle server does not carry it.
import { randomBytes } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import type { JobReader } from '../../jobs/types.ts';
import type { Mailer, MailResult } from '../../mail/mailer.ts';
import type { Storage } from '../../storage/storage.ts';

export const CHECK_NAMES = ['database', 'storage', 'jobs', 'mail'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];
export type Verdict = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  name: CheckName;
  status: Verdict;
  /** Plain words: what was found, or what is wrong. */
  message: string;
  duration_ms: number;
}

export interface CheckDeps {
  config: Pick<Config, 'mail' | 'dataDir' | 'storage'>;
  database: DatabaseHandle;
  storage: Storage;
  jobs: JobReader;
  mailer: Mailer;
  now?: () => number;
}

/** A check's deadline; mail may take the SMTP timeout, up to 10 s. */
export const CHECK_TIMEOUT_MS = 5000;
/** A queued job older than this is a warning; older than the failure age, a failure. */
export const QUEUE_WARN_AGE_MS = 15 * 60_000;
export const QUEUE_FAIL_AGE_MS = 60 * 60_000;
/** Less free space than this (or than 5 %) on the data directory's disk is a warning. */
export const LOW_SPACE_BYTES = 1024 ** 3;

type Outcome = Pick<CheckResult, 'status' | 'message'>;

export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
}

/** The engine's version: SQLite's library version, or PostgreSQL's server_version. */
export async function databaseVersion(database: DatabaseHandle): Promise<string> {
  const query = database.engine === 'sqlite'
    ? sql<{ version: string }>`select sqlite_version() as version`
    : sql<{ version: string }>`select current_setting('server_version') as version`;
  const { rows } = await query.execute(database.db);
  return String(rows[0]?.version ?? 'unknown');
}

async function checkDatabase({ database }: CheckDeps): Promise<Outcome> {
  const started = performance.now();
  await database.ping();
  const latency = Math.round(performance.now() - started);
  const version = await databaseVersion(database);
  const engine = database.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  if (latency > 1000) return { status: 'warn', message: `${engine} ${version} answers, slowly: ${latency} ms` };
  return { status: 'ok', message: `${engine} ${version} answers in ${latency} ms` };
}

export interface DiskSpace {
  free: number;
  total: number;
}

/** Free and total bytes of the file system holding `dir`, or null when it cannot be told. */
export async function diskSpace(dir: string): Promise<DiskSpace | null> {
  try {
    const stats = await statfs(dir);
    return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
  } catch {
    return null;
  }
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

async function checkStorage({ storage, config }: CheckDeps): Promise<Outcome> {
  const key = `health/probe-${randomBytes(8).toString('hex')}`;
  const data = randomBytes(32);
  try {
    await storage.putBuffer(key, data);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
    if (!Buffer.concat(chunks).equals(data)) return { status: 'fail', message: 'A probe file written to storage read back different' };
  } finally {
    await storage.delete(key).catch(() => undefined);
  }
  if (config.storage.kind === 's3') return { status: 'ok', message: `Bucket ${config.storage.s3.bucket} takes, returns and deletes a file` };
  const space = await diskSpace(path.join(config.dataDir, 'storage'));
  if (space === null) return { status: 'ok', message: 'Storage takes, returns and deletes a file; free space unknown' };
  const free = `${formatBytes(space.free)} free of ${formatBytes(space.total)}`;
  if (space.free < LOW_SPACE_BYTES || space.free < space.total * 0.05) return { status: 'warn', message: `Storage works, but space is low: ${free}` };
  return { status: 'ok', message: `Storage takes, returns and deletes a file; ${free}` };
}

async function checkJobs({ jobs, now = Date.now }: CheckDeps): Promise<Outcome> {
  const counts = await jobs.counts();
  const oldest = (await jobs.list({ state: 'queued', page: 1, perPage: 1 })).items[0];
  const age = oldest ? now() - Date.parse(oldest.runAt) : 0;
  const failed = await jobs.list({ state: 'failed', page: 1, perPage: 100 });
  const recentFailures = failed.items.filter((job) => job.finishedAt !== null && now() - Date.parse(job.finishedAt) < 60 * 60_000).length;
  const summary = `${counts.queued} queued, ${counts.running} running, ${counts.failed} failed`;
  const minutes = Math.round(age / 60_000);
  if (age > QUEUE_FAIL_AGE_MS) return { status: 'fail', message: `The oldest queued job has waited ${minutes} minutes: are jobs running? (${summary})` };
  if (age > QUEUE_WARN_AGE_MS) return { status: 'warn', message: `The oldest queued job has waited ${minutes} minutes (${summary})` };
  if (recentFailures > 0) return { status: 'warn', message: `${recentFailures} jobs failed in the last hour (${summary})` };
  return { status: 'ok', message: `The queue moves: ${summary}` };
}

async function checkMail({ config, mailer }: CheckDeps): Promise<Outcome> {
  if (config.mail === null) return { status: 'warn', message: 'Mail is not configured (TARMAC_SMTP_URL): no mail is sent' };
  const { host, port } = config.mail.smtp;
  const verify = (mailer as Mailer & { verify?: () => Promise<MailResult> }).verify;
  if (typeof verify !== 'function') return { status: 'ok', message: `Mail goes to ${host}:${port} (not verified by this mailer)` };
  const result = await verify.call(mailer);
  if (result.ok) return { status: 'ok', message: `The mail server ${host}:${port} accepts a connection and sign-in` };
  return { status: 'fail', message: `The mail server ${host}:${port} failed (${result.failure}): ${firstLine(result.message)}` };
}

const CHECKS: Record<CheckName, (deps: CheckDeps) => Promise<Outcome>> = {
  database: checkDatabase,
  storage: checkStorage,
  jobs: checkJobs,
  mail: checkMail,
};

function timeoutOf(name: CheckName, deps: CheckDeps): number {
  if (name !== 'mail' || deps.config.mail === null) return CHECK_TIMEOUT_MS;
  return Math.min(10_000, Math.max(CHECK_TIMEOUT_MS, deps.config.mail.smtp.timeoutSeconds * 1000 + 500));
}

/** Runs one check within its deadline; a throw or a timeout is a failure with the error's first line. */
export async function runCheck(name: CheckName, deps: CheckDeps): Promise<CheckResult> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await withTimeout(CHECKS[name](deps), timeoutOf(name, deps), name);
  } catch (error) {
    outcome = { status: 'fail', message: `${name}: ${firstLine(error)}` };
  }
  return { name, ...outcome, duration_ms: Math.round(performance.now() - started) };
}

/** The checks named, at once; healthy unless one failed (a warning is still healthy). */
export async function runChecks(names: readonly CheckName[], deps: CheckDeps) {
  const checks = await Promise.all(names.map((name) => runCheck(name, deps)));
  const failed = checks.filter((check) => check.status === 'fail');
  const message = failed.length === 0 ? 'healthy' : failed.map((check) => check.message).join('; ');
  return { healthy: failed.length === 0, message, checks };
}
