// `tarmac backup create|verify` and `tarmac restore` (the work is in archive.ts and restore.ts).
// Reports, progress and refusals go to stderr (as storage migrate). Exit codes: 0 done (or a dry run
// that may proceed), 1 a refusal, a damaged archive or an error; the reason is always printed.
//
// Restore and a running server: on SQLite the restore takes the serve lock (db/serve-lock.ts) for
// its whole run, so it refuses while `tarmac serve` runs on the same file and a server cannot start
// half-way through. On PostgreSQL no lock is taken: stop every server first (docs/backups.md).
import path from 'node:path';
import { buildServices } from '../../app.ts';
import type { Config } from '../../config.ts';
import { createDatabase } from '../../db/index.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import { withMigratedDatabase } from '../../db/migrate.ts';
import { holdServeLock } from '../../db/serve-lock.ts';
import { createStorage } from '../../storage/index.ts';
import { readVersionInfo } from '../../version.ts';
import { verifyBackup, writeBackup } from './archive.ts';
import type { BackupManifest, BackupScope, RestoreMode, RestoreReport } from './archive-types.ts';
import { planRestore, restoreBackup } from './restore.ts';

type Write = (line: string) => void;

export class BackupUsageError extends Error {}

export interface BackupCreateArgs {
  apps?: string | undefined;
  noDatabase: boolean;
  noDebugFiles: boolean;
  out?: string | undefined;
}

function parseApps(apps: string | undefined): 'all' | number[] {
  if (apps === undefined || apps === 'all') return 'all';
  if (!/^\d{1,9}(,\d{1,9})*$/u.test(apps)) throw new BackupUsageError(`--apps must be "all" or app ids separated by commas (got "${apps}")`);
  return apps.split(',').map(Number);
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function describeManifest(manifest: BackupManifest, write: Write): void {
  write(`Tarmac backup, format ${manifest.formatVersion}, made ${manifest.createdAt} by Tarmac ${manifest.tarmac.version} (${manifest.tarmac.vcsRef})`);
  write(`  source engine ${manifest.sourceEngine}, ${manifest.migrations.length} migrations (last ${manifest.migrations.at(-1) ?? 'none'})`);
  write(`  apps: ${manifest.scope.apps === 'all' ? 'all' : manifest.scope.apps.join(', ')}; database: ${manifest.scope.database ? 'yes' : 'no'}; `
    + `debug files: ${manifest.scope.debugFiles ? 'yes' : 'no'}`);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  write(`  ${manifest.tables.length} tables, ${rows} rows; ${manifest.files.length} files, ${formatBytes(bytes)}`);
}

const withMigrated = <T>(config: Config, work: (database: DatabaseHandle) => Promise<T>): Promise<T> =>
  withMigratedDatabase(config.database, work);

/** `tarmac backup create [--apps 1,2|all] [--no-database] [--no-debug-files] --out FILE` */
export async function backupCreate(config: Config, args: BackupCreateArgs, write: Write): Promise<number> {
  if (!args.out) throw new BackupUsageError('Missing --out FILE (where to write the archive)');
  const scope: BackupScope = { database: !args.noDatabase, apps: parseApps(args.apps), debugFiles: !args.noDebugFiles };
  const out = path.resolve(args.out);
  const storage = createStorage(config, { error: () => {} });
  const manifest = await withMigrated(config, async (database) => {
    const version = readVersionInfo(config.build);
    let last = '';
    const source = { db: database.db, engine: database.engine, storage, version, secretKey: config.secretKey };
    const made = await writeBackup(source, scope, out, (p) => {
      if (p.stage !== last) write(`${p.stage}…`);
      last = p.stage;
    });
    await buildServices(config, database).auditLog.record({
      action: 'backup.create', actor: { id: null, name: 'cli', via: 'cli' },
      target: { type: 'backup', id: path.basename(out), name: out },
      details: { scope, tables: made.tables.length, files: made.files.length },
    });
    return made;
  });
  write(`Wrote ${out}`);
  describeManifest(manifest, write);
  return 0;
}

/** `tarmac backup verify FILE` */
export async function backupVerify(file: string, write: Write): Promise<number> {
  const manifest = await verifyBackup(path.resolve(file));
  write(`${file}: every checksum matches.`);
  describeManifest(manifest, write);
  return 0;
}

function describeReport(report: RestoreReport, write: Write): void {
  describeManifest(report.manifest, write);
  write(`Restore mode: ${report.mode === 'replace' ? 'replace the current data' : 'into an empty instance'}`);
  for (const table of report.tables) write(`  ${table.name.padEnd(22)} ${String(table.rows).padStart(8)} rows  (replaces ${table.replacesRows})`);
  write(`  files: ${report.files.count}, ${formatBytes(report.files.bytes)}`);
  write(report.migrationsToRun.length === 0
    ? 'Migrations to run after: none'
    : `Migrations to run after: ${report.migrationsToRun.join(', ')}`);
  for (const warning of report.warnings) write(`Warning: ${warning}`);
  for (const refusal of report.refusals) write(`Refused: ${refusal}`);
}

export interface RestoreArgs {
  file: string;
  dryRun: boolean;
  replace: boolean;
  yes: boolean;
}

/** `tarmac restore FILE [--dry-run] [--replace] [--yes]` */
export async function restore(config: Config, args: RestoreArgs, write: Write): Promise<number> {
  const file = path.resolve(args.file);
  const mode: RestoreMode = args.replace ? 'replace' : 'empty';
  const lock = config.database.engine === 'sqlite' ? holdServeLock(config.database.filename) : { release: () => {} };
  const database = createDatabase(config.database);
  try {
    const storage = createStorage(config, { error: () => {} });
    const target = { db: database.db, engine: database.engine, storage, secretKey: config.secretKey };
    const report = await planRestore(target, file, mode);
    describeReport(report, write);
    if (report.refusals.length > 0) return 1;
    if (args.dryRun) {
      write('Dry run: nothing was changed.');
      return 0;
    }
    if (!args.yes) {
      write('Nothing was changed: add --yes to restore (run with --dry-run to only see this report).');
      return 1;
    }
    await restoreBackup(target, file, mode, (p) => write(`${p.stage} ${p.percent}%${p.detail ? ` ${p.detail}` : ''}`));
    await buildServices(config, database).auditLog.record({
      action: 'backup.restore', actor: { id: null, name: 'cli', via: 'cli' },
      target: { type: 'backup', id: path.basename(file), name: file },
      details: { mode, tables: report.tables.length, files: report.files.count, migrationsRun: report.migrationsToRun.length },
    });
    write(`Restored ${file}.`);
    return 0;
  } finally {
    await database.close();
    lock.release();
  }
}
