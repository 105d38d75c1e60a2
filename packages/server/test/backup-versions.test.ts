// Restoring across Tarmac versions: a database migrated only to an older level (before webhooks,
// subscribers and the audit log existed) is backed up; its manifest lists fewer migrations. Restored
// into a new, empty database, the restore first brings the schema to the archive's level, loads the
// rows, then runs every later migration: the rows are there and so are the newer tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/index.ts';
import type { DatabaseHandle } from '../src/db/index.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { appliedMigrations, verifyBackup, writeBackup } from '../src/modules/backups/archive.ts';
import { migrateTo, planRestore, restoreBackup } from '../src/modules/backups/restore.ts';
import { createStorage } from '../src/storage/index.ts';

const SECRET = 'test-secret-key-that-is-long-enough-0123456789';
const OLD_LEVEL = '20261126040000-create-jobs';
const dirs: string[] = [];
const handles: DatabaseHandle[] = [];

function sqliteInstance() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-versions-'));
  dirs.push(dataDir);
  const config = loadConfig({ TARMAC_DATA_DIR: dataDir, TARMAC_SECRET_KEY: SECRET, DATABASE_URL: '' });
  const database = createDatabase(config.database);
  handles.push(database);
  return { dataDir, database, storage: createStorage(config, { error: () => {} }) };
}

afterAll(async () => {
  for (const handle of handles) await handle.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('restores an archive from an older migration level and runs the later migrations over its rows', async () => {
  const old = sqliteInstance();
  await migrateTo(old.database.db, old.database.engine, OLD_LEVEL);
  const at = '2026-11-26T10:00:00.000Z';
  await old.database.db.insertInto('users').values({
    username: 'olduser', email: 'old@example.com', password_hash: 'x', role: 'admin', locale: 'en', appearance: 'auto', timezone: 'UTC',
    locked: false, created_at: at, updated_at: at,
  } as never).execute();
  await old.database.db.insertInto('apps').values({ name: 'Old app', archived: false, created_at: at, updated_at: at }).execute();
  const archive = path.join(old.dataDir, 'old.tar');
  await writeBackup({ db: old.database.db, engine: old.database.engine, storage: old.storage, version: { version: 'old', vcsRef: 'old' }, secretKey: SECRET },
    { database: true, apps: 'all', debugFiles: true }, archive);
  const manifest = await verifyBackup(archive);
  expect(manifest.migrations.at(-1)).toBe(OLD_LEVEL);
  expect(manifest.tables.map((t) => t.name)).not.toContain('audit_events');

  const fresh = sqliteInstance();
  const target = { db: fresh.database.db, engine: fresh.database.engine, storage: fresh.storage, secretKey: SECRET };
  const plan = await planRestore(target, archive, 'empty');
  expect(plan.refusals).toEqual([]);
  expect(plan.migrationsToRun).toContain('20261128100000-create-audit-events');
  expect(plan.migrationsToRun).not.toContain(OLD_LEVEL);
  await restoreBackup(target, archive, 'empty');
  expect(await appliedMigrations(fresh.database.db)).toEqual(Object.keys(migrations));
  const user = await fresh.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
  expect(user).toMatchObject({ username: 'olduser', email: 'old@example.com', totp_secret: null });
  expect(await fresh.database.db.selectFrom('apps').select('name').execute()).toEqual([{ name: 'Old app' }]);
  expect(await fresh.database.db.selectFrom('audit_events').selectAll().execute()).toEqual([]);
});

it('refuses an older archive over a database already at a newer level', async () => {
  const old = sqliteInstance();
  await migrateTo(old.database.db, old.database.engine, OLD_LEVEL);
  const archive = path.join(old.dataDir, 'old.tar');
  await writeBackup({ db: old.database.db, engine: old.database.engine, storage: old.storage, version: { version: 'old', vcsRef: 'old' }, secretKey: SECRET },
    { database: true, apps: 'all', debugFiles: true }, archive);
  const current = sqliteInstance();
  await migrateTo(current.database.db, current.database.engine, Object.keys(migrations).at(-1)!);
  const target = { db: current.database.db, engine: current.database.engine, storage: current.storage, secretKey: SECRET };
  expect((await planRestore(target, archive, 'replace')).refusals[0]).toContain('newer schema level than the archive');
  await expect(restoreBackup(target, archive, 'replace')).rejects.toMatchObject({ code: 'backup_refused' });
});
