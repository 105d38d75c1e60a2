// The backup round trip. An instance is filled through the real API and services (users with
// tokens and two-factor secrets, apps, a password-protected channel, releases of several platforms
// uploaded from the shared fixtures, icons, debug files, webhooks, settings, devices), backed up,
// and restored into a fresh, unmigrated database on the OTHER engine (SQLite run → PostgreSQL via
// TARMAC_CI_PG_URL; PostgreSQL run → SQLite): every row of every backed-up table and every stored
// file must come back identical. Then the restored instance is changed and the same archive is
// restored over it with 'replace': the changes are gone and the files they added are removed.
// In CI a missing PostgreSQL fails instead of skipping.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/index.ts';
import type { DatabaseHandle } from '../src/db/index.ts';
import { createStorage } from '../src/storage/index.ts';
import type { Storage } from '../src/storage/storage.ts';
import { writeBackup } from '../src/modules/backups/archive.ts';
import type { BackupManifest, RestoreTarget } from '../src/modules/backups/archive-types.ts';
import { planRestore, restoreBackup } from '../src/modules/backups/restore.ts';
import { BACKUP_TABLES, readTableRows } from '../src/modules/backups/tables.ts';
import { FIXTURES, PROGUARD_FIXTURE, uploadDebugFile } from './helpers/debug-files.ts';
import { newApp, now, storedRelease, uploadBuild } from './helpers/factories.ts';
import { engineUnderTest } from './helpers/database.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

const SECRET = 'test-secret-key-that-is-long-enough-0123456789';
const PG_URL = process.env.TARMAC_CI_PG_URL;
const ALL = { database: true, apps: 'all', debugFiles: true } as const;

interface Instance {
  database: DatabaseHandle;
  storage: Storage;
  close(): Promise<void>;
}

/** A fresh, unmigrated database and storage on the engine the test run is NOT using. */
async function otherEngineInstance(): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-restore-'));
  let url: string | undefined;
  let drop = async () => {};
  if (engineUnderTest() === 'sqlite') {
    const name = `tarmac_restore_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(PG_URL!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    drop = async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig({ TARMAC_DATA_DIR: dataDir, TARMAC_SECRET_KEY: SECRET, ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '' }) });
  const database = createDatabase(config.database);
  const storage = createStorage(config, { error: () => {} });
  return {
    database,
    storage,
    async close() {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function fill(server: TestServer): Promise<void> {
  const admin = await server.newUser({ role: 'admin' });
  const member = await server.newUser();
  await server.database.db.updateTable('users').set({ totp_secret: 'sealed-secret-text' }).where('id', '=', member.id).execute();
  const android = await newApp(server, { ownerId: admin.id, name: 'Round trip' });
  const ios = await newApp(server, { ownerId: admin.id, name: 'Round trip iOS', deviceType: 'ios', channel: 'iOS' });
  await server.database.db.updateTable('channels').set({ password_hash: '$2a$10$abcdefghijklmnopqrstuuvwxyzabcdefghijklmnopqrstuvwxy' })
    .where('id', '=', android.channelId).execute();
  await uploadBuild(server, admin.token, android.key, readFileSync(path.join(FIXTURES, 'apps', 'android.apk')), 'android.apk');
  await uploadBuild(server, admin.token, ios.key, readFileSync(path.join(FIXTURES, 'apps', 'iphone.ipa')), 'iphone.ipa');
  await storedRelease(server, android.channelId, 99);
  const debug = await uploadDebugFile(server, { token: admin.token, channel_key: android.key, release_version: '2.1.0', build_version: '10' },
    { data: readFileSync(PROGUARD_FIXTURE), name: 'android-proguard-mapping.zip' });
  expect(debug.status, debug.text).toBe(201);
  const timestamp = now();
  await server.database.db.insertInto('settings').values({ key: 'site_title', value: '"Round trip ✓"', updated_at: timestamp }).execute();
  await server.database.db.insertInto('devices').values({
    udid: '00008030-001A2B3C4D5E', name: 'Test phone', product: 'iPhone12,1', os_version: '17.0', serial: null, imei: null,
    signer_fingerprint: null, source: 'api', model_name: 'iPhone 11', platform: 'ios', status: 'active', created_at: timestamp, updated_at: timestamp,
  } as never).execute();
  await server.database.db.insertInto('webhooks').values({
    scope: 'global', channel_id: null, name: 'Hook', provider: 'generic', url: 'sealed-url', url_masked: 'https://example.com/…', secret: 'sealed',
    keyword: null, format: 'json', template: null, events: '["release.created"]', enabled: true, created_by: admin.id, created_at: timestamp,
    updated_at: timestamp,
  } as never).execute();
}

async function allRows(db: DatabaseHandle['db'], names: string[]): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES.filter((t) => names.includes(t.name))) {
    result[table.name] = [];
    for await (const row of readTableRows(db, table, ALL)) result[table.name]!.push(row);
  }
  return result;
}

async function fileBytes(storage: Storage, manifest: BackupManifest): Promise<Record<string, Buffer>> {
  const result: Record<string, Buffer> = {};
  for (const file of manifest.files) result[file.key] = await buffer(await storage.read(file.key));
  return result;
}

if (!PG_URL) {
  describe('backup round trip', () => {
    it('needs a PostgreSQL server (TARMAC_CI_PG_URL) for the other engine', () => {
      throw new Error('no TARMAC_CI_PG_URL: run `eval "$(bash .ci/postgres.sh start)"` first (.ci/run does it for both runs)');
    });
  });
}

if (PG_URL) describe('backup round trip across engines', () => {
  let server: TestServer;
  let target: Instance;
  let archive: string;
  let manifest: BackupManifest;
  let restoreTarget: RestoreTarget;

  beforeAll(async () => {
    server = await startServer();
    await fill(server);
    archive = path.join(server.dataDir, 'roundtrip.tar');
    manifest = await writeBackup({
      db: server.database.db, engine: server.database.engine, storage: server.services.storage,
      version: { version: 'test', vcsRef: 'test' }, secretKey: SECRET,
    }, ALL, archive);
    target = await otherEngineInstance();
    restoreTarget = { db: target.database.db, engine: target.database.engine, storage: target.storage, secretKey: SECRET };
  }, 120_000);

  afterAll(async () => {
    await target?.close();
    await server?.close();
  });

  it('the archive holds every kind of data the instance was filled with', () => {
    const rows = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    expect(rows).toMatchObject({ users: 2, api_tokens: 2, apps: 2, releases: 3, debug_files: 1, settings: 1, webhooks: 1 });
    expect(rows['devices']).toBeGreaterThanOrEqual(1);
    expect(manifest.files.length).toBeGreaterThanOrEqual(6);
  });

  it('restores into a fresh database on the other engine: every row and every file byte for byte', async () => {
    expect(target.database.engine).not.toBe(server.database.engine);
    const plan = await planRestore(restoreTarget, archive, 'empty');
    expect(plan.refusals).toEqual([]);
    expect(plan.warnings).toEqual([]);
    const report = await restoreBackup(restoreTarget, archive, 'empty');
    expect(report.applied).toBe(true);
    const names = manifest.tables.map((t) => t.name);
    expect(await allRows(target.database.db, names)).toEqual(await allRows(server.database.db, names));
    expect(await fileBytes(target.storage, manifest)).toEqual(await fileBytes(server.services.storage, manifest));
  });

  it('a new row on the restored instance takes an id past the restored ones', async () => {
    const timestamp = now();
    const maxId = Math.max(...(await target.database.db.selectFrom('apps').select('id').execute()).map((r) => r.id));
    const row = await target.database.db.insertInto('apps').values({ name: 'After', archived: false, created_at: timestamp, updated_at: timestamp })
      .returning('id').executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(maxId);
  });

  it("'empty' refuses an instance with data; 'replace' puts the archive's data back and removes the files it does not reference", async () => {
    await expect(restoreBackup(restoreTarget, archive, 'empty')).rejects.toMatchObject({ code: 'backup_refused', message: expect.stringContaining('not empty') });
    await target.database.db.deleteFrom('settings').execute();
    const extra = await target.database.db.selectFrom('channels').select('id').executeTakeFirstOrThrow();
    const stray = `releases/stray-${Date.now()}/app.apk`;
    await target.storage.putBuffer(stray, Buffer.from('stray'));
    const timestamp = now();
    await target.database.db.insertInto('releases').values({
      channel_id: extra.id, version: 500, release_version: '9', build_version: '9', version_key: 'v9', source: 'api', platform: 'android',
      device_type: 'phone', format: 'apk', size: 5, checksum: 'f'.repeat(64), file_key: stray, file_name: 'app.apk', icon_key: null,
      changelog: '[]', custom_fields: '[]', metadata: '{}', created_at: timestamp, updated_at: timestamp,
    } as never).execute();
    const plan = await planRestore(restoreTarget, archive, 'replace');
    expect(plan.refusals).toEqual([]);
    expect(plan.tables.find((t) => t.name === 'releases')).toEqual({ name: 'releases', rows: 3, replacesRows: 4 });
    await restoreBackup(restoreTarget, archive, 'replace');
    const names = manifest.tables.map((t) => t.name);
    expect(await allRows(target.database.db, names)).toEqual(await allRows(server.database.db, names));
    expect(await target.storage.stat(stray)).toBeNull();
    expect(await fileBytes(target.storage, manifest)).toEqual(await fileBytes(server.services.storage, manifest));
  });
});
