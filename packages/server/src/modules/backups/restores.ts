// Restores from /admin/backups: an administrator picks a done run's archive; the `backup.restore`
// job checks it (every checksum) and makes the dry-run report (mode replace: a running instance has
// at least its administrator, so an empty-instance restore is `tarmac restore` on a new database);
// after the administrator types the host name, the same job applies it under maintenance mode.
// A restore replaces the accounts and signs everyone out: the row (table `restores`, never backed
// up) keeps the result for when the administrator signs in again.
// The job reads a local file: a local run's archive where it is; an S3 run's archive copied to
// <data>/restores/<id>.tar first (kept from check to apply, removed once applied or forgotten).
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, RestoresTable } from '../../db/types.ts';
import { ConflictError, fieldIssue, NotFoundError, ValidationError } from '../../errors.ts';
import type { ErrorCode } from '../../error-codes.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload, JobQueue } from '../../jobs/types.ts';
import type { Clock } from '../../clock.ts';
import type { RestoreReport } from './archive-types.ts';
import { BackupArchiveError } from './archive-types.ts';

export type RestoreRow = Selectable<RestoresTable>;

/** What the API answers: the row with its report parsed. */
export function presentRestore(row: RestoreRow, confirmText: string) {
  return {
    id: row.id, run_id: row.run_id, file_name: row.file_name, size: row.size === null ? null : Number(row.size), state: row.state,
    stage: row.stage, percent: row.percent, report: row.report === null ? null : (JSON.parse(row.report) as ReportSummary),
    error_code: row.error_code, error: row.error, created_by: row.created_by, created_at: row.created_at,
    started_at: row.started_at, finished_at: row.finished_at, confirm_text: confirmText,
  };
}

/** The report without the manifest's per-entry lists (a screen needs counts, not thousands of checksums). */
export interface ReportSummary {
  created_at: string;
  version: string;
  engine: string;
  scope: { database: boolean; apps: 'all' | number[]; debugFiles: boolean };
  tables: { name: string; rows: number; replacesRows: number }[];
  files: { count: number; bytes: number };
  refusals: string[];
  warnings: string[];
  migrations_to_run: string[];
}

function summarise(report: RestoreReport): ReportSummary {
  const { manifest } = report;
  return {
    created_at: manifest.createdAt, version: manifest.tarmac.version, engine: manifest.sourceEngine, scope: manifest.scope,
    tables: report.tables, files: report.files, refusals: report.refusals, warnings: report.warnings,
    migrations_to_run: report.migrationsToRun,
  };
}

/** `backup_truncated` → `backup.truncated`: the code the API and the screen use. */
export function archiveErrorCode(error: BackupArchiveError): ErrorCode {
  return `backup.${error.code.slice('backup_'.length)}` as ErrorCode;
}

/** The local copy a restore reads when its archive is not a local run's file (S3, an upload). */
export function restoreCopy(dataDir: string, id: number): string {
  return path.join(dataDir, 'restores', `${id}.tar`);
}

/** The local file the job reads: a local run's archive, or the restore's copy (fetched from S3 if missing). */
async function archiveFileOf(row: RestoreRow, deps: JobDeps): Promise<string> {
  const copy = restoreCopy(deps.config.dataDir, row.id);
  if (row.run_id === null || (await stat(copy).catch(() => null))) return copy;
  const run = await deps.database.db.selectFrom('backup_runs').select(['destination', 'archive_key']).where('id', '=', row.run_id).executeTakeFirst();
  if (run?.destination !== 's3') return path.join(deps.config.backupDir, row.file_name);
  const { backupStore, fetchArchiveToFile } = await import('./store.ts');
  await fetchArchiveToFile(backupStore('s3', deps.config, deps.log), run.archive_key ?? row.file_name, copy);
  return copy;
}

/** A tar's first header has `ustar` at byte 257, and a backup is at least its header and trailer. */
async function looksLikeTar(file: string, size: number): Promise<boolean> {
  if (size < 1024) return false;
  const handle = await open(file, 'r');
  try {
    const magic = Buffer.alloc(5);
    await handle.read(magic, 0, 5, 257);
    return magic.toString('latin1') === 'ustar';
  } finally {
    await handle.close();
  }
}

/** The uploaded file's own name, for the screen: its last path part, printable, at most 200 characters. */
function uploadName(filename: string): string {
  // eslint-disable-next-line no-control-regex
  const name = (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return name === '' ? 'upload.tar' : name;
}

async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
  }
}

type RestoresDeps = { db: Kysely<Database>; clock: Clock; jobs: JobQueue; dataDir: string };

export function createRestoresService({ db, clock, jobs, dataDir }: RestoresDeps) {
  async function find(id: number): Promise<RestoreRow> {
    const row = await db.selectFrom('restores').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('No such restore', 'not_found');
    return row;
  }
  return {
    find,
    async list(page: number, perPage: number) {
      const rows = await db.selectFrom('restores').selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
      const count = await db.selectFrom('restores').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return { rows, total: Number(count.n) };
    },

    /** Starts checking a done run's archive; 422 on run_id when it has none. */
    async create(runId: number, createdBy: string): Promise<RestoreRow> {
      const run = await db.selectFrom('backup_runs').select(['id', 'archive_key', 'size', 'state']).where('id', '=', runId).executeTakeFirst();
      if (!run) throw new ValidationError({ run_id: ['is not a backup run'] });
      if (run.state !== 'done' || run.archive_key === null) throw new ValidationError({ run_id: ['has no archive (it failed, or its archive was pruned or deleted)'] });
      const row = await db.insertInto('restores').values({
        run_id: run.id, file_name: run.archive_key, size: run.size, state: 'checking', stage: 'verify', percent: 0, created_by: createdBy,
        created_at: clock.now(),
      }).returning('id').executeTakeFirstOrThrow();
      await jobs.enqueue('backup.restore', { restore_id: row.id, phase: 'check' }, { maxAttempts: 1 });
      return find(row.id);
    },

    /**
     * Starts checking an uploaded archive (the file `received` the route streamed in): 422 on `file`
     * unless it starts as a tar does; otherwise moved to <data>/restores/<id>.tar for the job.
     */
    async createFromUpload(received: { path: string; size: number; filename: string }, createdBy: string): Promise<RestoreRow> {
      if (!(await looksLikeTar(received.path, received.size))) {
        throw new ValidationError({ file: [fieldIssue('not_backup_archive', 'is not a tar archive: a Tarmac backup is the .tar a backup run stores')] });
      }
      const row = await db.insertInto('restores').values({
        run_id: null, file_name: uploadName(received.filename), size: received.size, state: 'checking', stage: 'verify', percent: 0,
        created_by: createdBy, created_at: clock.now(),
      }).returning('id').executeTakeFirstOrThrow();
      try {
        await moveInto(received.path, restoreCopy(dataDir, row.id));
      } catch (error) {
        await db.deleteFrom('restores').where('id', '=', row.id).execute();
        throw error;
      }
      await jobs.enqueue('backup.restore', { restore_id: row.id, phase: 'check' }, { maxAttempts: 1 });
      return find(row.id);
    },

    /** Applies a checked archive once `confirm` is the host name; 409 unless it is ready and allowed. */
    async apply(id: number, confirm: string, host: string): Promise<RestoreRow> {
      const row = await find(id);
      if (confirm.trim().toLowerCase() !== host.toLowerCase()) throw new ValidationError({ confirm: [`must be ${host}, this instance's host name`] });
      if (row.state !== 'ready') throw new ConflictError('This restore is not ready to apply: check an archive first', 'restores.not_ready');
      const report = JSON.parse(row.report ?? '{}') as ReportSummary;
      if (report.refusals.length > 0) throw new ConflictError(report.refusals.join(' '), 'restores.refused');
      const busy = await db.selectFrom('restores').select('id').where('state', '=', 'restoring').executeTakeFirst();
      if (busy) throw new ConflictError('Another restore is running', 'restores.busy');
      const now = clock.now();
      const moved = await db.updateTable('restores').set({ state: 'restoring', stage: 'verify', percent: 0, started_at: now, heartbeat_at: now })
        .where('id', '=', id).where('state', '=', 'ready').executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new ConflictError('This restore is not ready to apply', 'restores.not_ready');
      await jobs.enqueue('backup.restore', { restore_id: id, phase: 'apply' }, { maxAttempts: 1 });
      return find(id);
    },

    async remove(id: number): Promise<RestoreRow> {
      const row = await find(id);
      if (row.state === 'restoring' || row.state === 'checking') throw new ConflictError('This restore is still running', 'restores.busy');
      await db.deleteFrom('restores').where('id', '=', id).execute();
      await rm(restoreCopy(dataDir, id), { force: true });
      return row;
    },
  };
}

export type RestoresService = ReturnType<typeof createRestoresService>;

/**
 * Writes every audit line this instance has to <data>/restores/audit-before-<id>.jsonl (one JSON
 * object per line, oldest first) before a restore replaces them with the archive's: the history a
 * restore would otherwise erase stays readable. Answers the file (relative to the data directory).
 */
function readDetails(details: unknown): unknown {
  try {
    return typeof details === 'string' ? JSON.parse(details) : details;
  } catch {
    return details;
  }
}

async function keepAuditLog(db: Kysely<Database>, dataDir: string, id: number): Promise<{ file: string; lines: number }> {
  const file = path.join('restores', `audit-before-${id}.jsonl`);
  await mkdir(path.join(dataDir, 'restores'), { recursive: true });
  const out = await open(path.join(dataDir, file), 'w');
  let lines = 0;
  try {
    for (let after = 0; ;) {
      const page = await db.selectFrom('audit_events').selectAll().where('id', '>', after).orderBy('id').limit(1000).execute();
      if (page.length === 0) break;
      await out.write(page.map((line) => JSON.stringify({ ...line, details: readDetails(line.details) })).join('\n') + '\n');
      lines += page.length;
      after = page.at(-1)!.id;
    }
  } finally {
    await out.close();
  }
  return { file, lines };
}

/** The `backup.restore` job: phase `check` (verify and report) or `apply` (restore under maintenance). */
export async function runRestore(payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const { db, engine } = deps.database;
  const id = Number(payload.restore_id);
  const row = await db.selectFrom('restores').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const update = (values: Updateable<RestoresTable>) => db.updateTable('restores').set(values).where('id', '=', id).execute();
  const target = { db, engine, storage: deps.storage, secretKey: deps.config.secretKey };
  const { planRestore, restoreBackup } = await import('./restore.ts');
  const leave = payload.phase === 'apply' ? (await import('./maintenance.ts')).enterMaintenance() : () => {};
  // Every 20 s while applying: other instances hold maintenance mode only while this beats.
  const beat = payload.phase === 'apply'
    ? setInterval(() => void update({ heartbeat_at: deps.clock.now() }).catch(() => {}), 20_000)
    : undefined;
  // An applied or failed restore needs its copy no more; a ready one keeps it for apply. Removed
  // before the row says so, so whoever sees done or failed finds it gone.
  const dropCopy = () => rm(restoreCopy(deps.config.dataDir, id), { force: true }).catch(() => {});
  try {
    const archive = await archiveFileOf(row, deps);
    if (payload.phase === 'check') {
      const report = await planRestore(target, archive, 'replace');
      await update({ state: 'ready', stage: null, percent: 100, report: JSON.stringify(summarise(report)), finished_at: deps.clock.now() });
      return;
    }
    const kept = await keepAuditLog(db, deps.config.dataDir, id);
    let last: Promise<unknown> = Promise.resolve();
    await restoreBackup(target, archive, 'replace', (progress) => {
      last = last.then(() => update({ stage: progress.stage, percent: Math.min(99, Math.round(progress.percent)) }));
    });
    await last;
    // The audit log was replaced with the archive's: the restore is written into the restored one
    // too, naming the file that keeps the lines it replaced (before the row reads done).
    const [{ createAuditLog }, { createAuditRepository }] = await Promise.all([import('../audit/service.ts'), import('../audit/repository.ts')]);
    await createAuditLog({ auditRepository: createAuditRepository(db), clock: deps.clock, log: deps.log }).record({
      action: 'backup.restore', actor: { id: null, name: row.created_by, via: 'system' },
      target: { type: 'backup_run', id: String(row.run_id), name: row.file_name },
      details: { mode: 'replace', restore: row.id, applied: true, replaced_log: kept.file, replaced_lines: kept.lines },
    });
    await dropCopy();
    await update({ state: 'done', stage: 'done', percent: 100, finished_at: deps.clock.now() });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const code = error instanceof BackupArchiveError ? archiveErrorCode(error) : missing ? 'backups.archive_gone' : null;
    const message = missing ? 'The archive file is missing from the backup directory' : error instanceof Error ? error.message : String(error);
    await dropCopy();
    await update({ state: 'failed', error_code: code, error: message.slice(0, 2000), finished_at: deps.clock.now() });
    deps.log.error({ err: error, restoreId: id }, 'Restore failed');
  } finally {
    clearInterval(beat);
    leave();
  }
}
