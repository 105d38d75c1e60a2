// Restore: the dry-run report (planRestore) and the restore itself (restoreBackup).
//
// Order of work, chosen so a bad archive or a refusal changes nothing:
//   1. verify the whole archive (every checksum) — nothing is written before this passes;
//   2. plan: refuse 'empty' over an instance with users or apps, refuse a database whose schema is
//      newer than the archive's (restore into a new, unmigrated database instead: see step 4);
//   3. copy the archive's files into Storage (re-hashed on the way: the archive may not change
//      between verification and restore);
//   4. bring an unmigrated or older database to the archive's migration level;
//   5. in ONE transaction: delete the restored tables' rows (children first) and the sessions and
//      one-time links of the replaced users, insert the archive's rows (parents first), and on
//      PostgreSQL move each id sequence past the largest id;
//   6. run the migrations the archive does not list (so their data migrations see the rows);
//   7. remove stored files the replaced data referenced and the restored data does not.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Db, Engine } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { BackupArchiveError } from './archive-types.ts';
import type { BackupManifest, OnBackupProgress, RestoreMode, RestoreReport, RestoreTarget } from './archive-types.ts';
import { appliedMigrations, secretKeyFingerprint, verifyBackup } from './archive.ts';
import { BACKUP_TABLES, readFileKeys } from './tables.ts';
import { listTar } from './tar.ts';
import type { TarEntry } from './tar.ts';

const ALL = { database: true, apps: 'all', debugFiles: true } as const;

async function tableExists(db: Db, table: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((t) => t.name === table);
}

async function countRows(db: Db, table: string): Promise<number> {
  if (!(await tableExists(db, table))) return 0;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function currentMigrations(db: Db): Promise<string[]> {
  return (await tableExists(db, 'tarmac_migrations')) ? appliedMigrations(db) : [];
}

function plan(
  manifest: BackupManifest, mode: RestoreMode, applied: string[], counts: Map<string, number>, fingerprint: string,
): RestoreReport {
  const refusals: string[] = [];
  const warnings: string[] = [];
  const archived = new Set(manifest.migrations);
  const ahead = applied.filter((name) => !archived.has(name));
  if (ahead.length > 0) {
    refusals.push(`This database is at a newer schema level than the archive (it has migration "${ahead[0]}", the archive does not). `
      + 'Restore into a new, empty database: the archive\'s migrations run first, then the newer ones over the restored rows.');
  }
  const behind = manifest.migrations.filter((name, index) => applied[index] !== undefined && applied[index] !== name);
  if (behind.length > 0 && ahead.length === 0) refusals.push('This database\'s migrations are not in the archive\'s order; it cannot be restored here.');
  if (mode === 'empty' && ((counts.get('users') ?? 0) > 0 || (counts.get('apps') ?? 0) > 0)) {
    refusals.push(`This instance is not empty (${counts.get('users') ?? 0} users, ${counts.get('apps') ?? 0} apps): restore with --replace to replace its data.`);
  }
  if (manifest.secretKeyFingerprint !== fingerprint) {
    warnings.push('The archive was made with a different TARMAC_SECRET_KEY: webhook secrets, sign-in provider secrets and two-factor secrets '
      + 'will not open. Set the same key before restoring, or re-enter those secrets afterwards.');
  }
  if (!manifest.scope.database) warnings.push('The archive holds files only: no database rows are restored.');
  const known = Object.keys(migrations);
  return {
    mode,
    manifest,
    tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows, replacesRows: counts.get(t.name) ?? 0 })),
    files: { count: manifest.files.length, bytes: manifest.files.reduce((sum, f) => sum + f.size, 0) },
    refusals,
    warnings,
    migrationsToRun: known.filter((name) => !archived.has(name)),
    applied: false,
  };
}

/** The dry run: verifies the archive and reports what a restore would write, replace and run, and why it would not. */
export async function planRestore(target: RestoreTarget, archive: string, mode: RestoreMode): Promise<RestoreReport> {
  const manifest = await verifyBackup(archive);
  const counts = new Map<string, number>();
  for (const table of manifest.tables) counts.set(table.name, await countRows(target.db, table.name));
  if (!counts.has('users')) counts.set('users', await countRows(target.db, 'users'));
  if (!counts.has('apps')) counts.set('apps', await countRows(target.db, 'apps'));
  return plan(manifest, mode, await currentMigrations(target.db), counts, secretKeyFingerprint(target.secretKey));
}

async function migrateTo(db: Db, engine: Engine, name: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: () => Promise.resolve(Object.fromEntries(Object.entries(migrations)
        .map(([key, module]) => [key, { up: (kysely: Kysely<unknown>) => module.up(kysely, engine) }]))),
    },
    migrationTableName: 'tarmac_migrations',
    migrationLockTableName: 'tarmac_migrations_lock',
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Migrating to the archive's level ("${name}") failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
}

type Entries = Map<string, TarEntry>;

async function copyFiles(target: RestoreTarget, archive: string, manifest: BackupManifest, byName: Entries, onProgress: OnBackupProgress) {
  await mkdir(target.storage.tempDir, { recursive: true });
  for (const [index, file] of manifest.files.entries()) {
    const entry = byName.get(file.entry)!;
    onProgress({ stage: 'files', percent: 5 + Math.round((index / Math.max(manifest.files.length, 1)) * 40), detail: file.key });
    const temp = path.join(target.storage.tempDir, `restore-${randomBytes(8).toString('hex')}`);
    const hash = createHash('sha256');
    try {
      if (entry.size === 0) await writeFile(temp, Buffer.alloc(0));
      else {
        const source = createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 });
        source.on('data', (chunk) => hash.update(chunk as Buffer));
        await pipeline(source, createWriteStream(temp));
      }
      if (hash.digest('hex') !== file.sha256) throw new BackupArchiveError('backup_checksum_mismatch', `"${file.entry}" changed after verification.`);
      await target.storage.putFile(file.key, temp);
    } finally {
      await rm(temp, { force: true });
    }
  }
}

const BATCH_ROWS = 100;

async function loadTables(trx: Transaction<Database>, engine: Engine, archive: string, manifest: BackupManifest, byName: Entries) {
  const restored = new Set(manifest.tables.map((t) => t.name));
  const order = BACKUP_TABLES.filter((t) => restored.has(t.name));
  if (restored.has('users')) for (const table of ['sessions', 'account_tokens']) await sql`delete from ${sql.table(table)}`.execute(trx);
  for (const table of [...order].reverse()) await sql`delete from ${sql.table(table.name)}`.execute(trx);
  for (const table of order) {
    const item = manifest.tables.find((t) => t.name === table.name)!;
    const entry = byName.get(item.entry)!;
    if (entry.size === 0) continue;
    const input = createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 });
    const lines = createInterface({ input, crlfDelay: Infinity });
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (batch.length > 0) await trx.insertInto(table.name as 'apps').values(batch as never).execute();
      batch = [];
    };
    for await (const line of lines) {
      if (line === '') continue;
      batch.push(JSON.parse(line) as Record<string, unknown>);
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
    if (engine === 'postgres' && table.orderBy[0] === 'id') {
      await sql`select setval(pg_get_serial_sequence(${table.name}, 'id'), coalesce((select max(id) from ${sql.table(table.name)}), 0) + 1, false)`
        .execute(trx);
    }
  }
}

/** Restores the archive (see the steps at the top); refuses, changing nothing, when the plan has refusals. */
export async function restoreBackup(
  target: RestoreTarget,
  archive: string,
  mode: RestoreMode,
  onProgress: OnBackupProgress = () => {},
): Promise<RestoreReport> {
  onProgress({ stage: 'verify', percent: 0 });
  const report = await planRestore(target, archive, mode);
  if (report.refusals.length > 0) throw new BackupArchiveError('backup_refused', report.refusals.join(' '));
  const { manifest } = report;
  const byName = new Map((await listTar(archive)).map((entry) => [entry.name, entry]));
  const applied = await currentMigrations(target.db);
  const before = applied.length > 0 && (await tableExists(target.db, 'releases')) ? await collectKeys(target.db) : new Set<string>();
  await copyFiles(target, archive, manifest, byName, onProgress);
  const last = manifest.migrations.at(-1);
  if (last && applied.length < manifest.migrations.length) await migrateTo(target.db, target.engine, last);
  onProgress({ stage: 'database', percent: 50 });
  if (manifest.tables.length > 0) await target.db.transaction().execute((trx) => loadTables(trx, target.engine, archive, manifest, byName));
  onProgress({ stage: 'database', percent: 85, detail: 'migrations' });
  await migrateToLatest({ db: target.db, engine: target.engine } as Parameters<typeof migrateToLatest>[0]);
  const kept = new Set(manifest.files.map((f) => f.key));
  if (mode === 'replace') for (const key of before) if (!kept.has(key)) await target.storage.delete(key);
  onProgress({ stage: 'done', percent: 100 });
  return { ...report, applied: true };
}

async function collectKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const key of readFileKeys(db, ALL)) keys.add(key);
  return keys;
}
