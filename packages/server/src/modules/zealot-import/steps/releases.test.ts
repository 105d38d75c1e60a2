// The releases and debug files steps of `tarmac import zealot` against real Zealot installations
// (test/helpers/zealot: the 6 and 4.7 shapes, the shared fixtures as files) into a real Tarmac
// (database of the run's engine, local storage, and S3 for one run). The parents (apps, schemes,
// channels, a user) are seeded with their map entries, as the rows steps would leave them.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBucket } from '../../../../test/helpers/s3.ts';
import type { TestBucket } from '../../../../test/helpers/s3.ts';
import { api, startServer } from '../../../../test/helpers/server.ts';
import type { TestServer } from '../../../../test/helpers/server.ts';
import { createZealotInstallation, ICON, store } from '../../../../test/helpers/zealot/installation.ts';
import type { ZealotInstallation } from '../../../../test/helpers/zealot/installation.ts';
import { makeZealotBackup } from '../../../../test/helpers/zealot/backup.ts';
import type { ZealotShape } from '../../../../test/helpers/zealot/schema.ts';
import { seedZealotParents } from '../../../../test/helpers/zealot/parents.ts';
import type { SeededParents } from '../../../../test/helpers/zealot/parents.ts';
import { createStorage } from '../../../storage/index.ts';
import { referencedObjects } from '../../../storage/migrate.ts';
import type { Storage } from '../../../storage/storage.ts';
import { ImportInterrupted } from '../context.ts';
import type { ImportOptions } from '../context.ts';
import type { ImportReport } from '../report.ts';
import { formatReport, runZealotImport } from '../run.ts';
import { openZealotSource } from '../source/open.ts';
import type { ZealotSource } from '../source/types.ts';
import { importKeyId } from './files.ts';
import { debugFilesStep } from './debug-files.ts';
import { releasesStep } from './releases.ts';

/** The steps under test: the rows they hang on are seeded (helpers/zealot/parents.ts). */
const FILE_STEPS = [releasesStep, debugFilesStep];

interface Setup {
  server: TestServer;
  zealot: ZealotInstallation;
  source: ZealotSource;
  storage: Storage;
  parents: SeededParents;
  dir: string;
}

interface SetUpOptions {
  env?: Record<string, string>;
  /** Zealot channels left out of the seeded parents. */
  skipChannels?: number[];
  /** Changes the Zealot installation before the source opens (its snapshot). */
  prepare?: (zealot: ZealotInstallation) => Promise<void>;
  /** Read a backup archive of the installation (made with pg_dump and tar) instead of the live database. */
  backup?: boolean;
}

async function setUp(shape: ZealotShape, options: SetUpOptions = {}): Promise<Setup> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zealot-files-'));
  const zealot = await createZealotInstallation({ shape, dir });
  await options.prepare?.(zealot);
  const server = await startServer(options.env ?? {});
  const storage = createStorage(server.config, { error: () => undefined });
  const source = options.backup
    ? await openZealotSource({ backup: (await makeZealotBackup(zealot, path.join(dir, 'backup'))).tarPath, scratchDir: dir })
    : await openZealotSource({ databaseUrl: zealot.databaseUrl, uploads: zealot.uploadsDir });
  const parents = await seedZealotParents(server.database.db, zealot, { skipChannels: options.skipChannels });
  return { server, zealot, source, storage, parents, dir };
}

async function tearDown(setup: Setup | undefined): Promise<void> {
  if (!setup) return;
  await setup.source.close();
  await setup.server.close();
  await setup.zealot.drop();
  rmSync(setup.dir, { recursive: true, force: true });
}

async function runImport(setup: Setup, options: Partial<ImportOptions> = {}, lines: string[] = []): Promise<ImportReport> {
  return runZealotImport({
    db: setup.server.database.db, engine: setup.server.database.engine, storage: setup.storage, source: setup.source,
    options: { dryRun: false, move: false, ...options }, progress: (line) => lines.push(line), steps: FILE_STEPS,
  });
}

async function storedSha256(storage: Storage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const rows = (setup: Setup, table: 'releases' | 'debug_files' | 'debug_file_entries') =>
  setup.server.database.db.selectFrom(table).selectAll().orderBy('id').execute();

describe.each(['6', '4.7'] as const)('Zealot %s: releases and debug files', (shape) => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp(shape);
  }, 120_000);
  afterAll(() => tearDown(setup));

  it('a dry run writes no row and copies no file; it reports what it would copy, with bytes, and what is missing', async () => {
    const report = await runImport(setup, { dryRun: true });
    const found = setup.zealot.releases.filter((release) => !release.missing);
    const bytes = [...found.map((release) => release.binary.size), ...setup.zealot.debugFiles.map((file) => file.stored.size)];
    expect(report.files).toEqual({ copied: found.length + 2, present: 0, missing: 1, bytes: bytes.reduce((a, b) => a + b, 0) });
    expect(report.counts('releases')).toMatchObject({ total: 5, imported: 5, refused: 0 });
    expect(report.lines.find((line) => line.table === 'releases' && line.id === '4')?.reason).toMatch(/^file missing: apps\/a1\/r4\/binary\/android\.apk: no such file/);
    const printed = formatReport(report, true);
    expect(printed).toContain(`files: ${found.length + 2} copied, 0 already there, 1 missing, `);
    expect(printed).toMatch(/releases 4: imported: file missing: apps\/a1\/r4\/binary\/android\.apk: no such file/);
    expect(await rows(setup, 'releases')).toEqual([]);
    expect(await rows(setup, 'debug_files')).toEqual([]);
    const mapped = await setup.server.database.db.selectFrom('zealot_import_map').select('source_table')
      .where('source_table', 'in', ['releases', 'debug_files']).execute();
    expect(mapped).toEqual([]);
    expect(filesUnder(path.join(setup.server.dataDir, 'storage'))).toEqual([]);
    expect(filesUnder(path.join(setup.server.dataDir, 'tmp'))).toEqual([]);
  });

  it('imports every release with its file verified in storage, Zealot\'s fields kept and the parser\'s filled in', async () => {
    const lines: string[] = [];
    const report = await runImport(setup, {}, lines);
    expect(report.counts('releases')).toMatchObject({ total: 5, imported: 5, refused: 0, already: 0 });
    expect(report.files).toMatchObject({ copied: 6, missing: 1 });
    // Every file has the digest Zealot recorded (releases' SHA-1 from its teardown, debug files' MD5).
    expect(report.lines.filter((line) => line.reason.includes('Zealot recorded'))).toEqual([]);
    expect(lines.some((line) => /^releases 5\/5, \d+\.\d MiB of \d+\.\d MiB$/.test(line))).toBe(true);
    const imported = await rows(setup, 'releases');
    expect(imported.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    for (const release of setup.zealot.releases) {
      const row = imported.find((candidate) => candidate.id === release.id)!;
      const zealotRow = release.row;
      expect(row).toMatchObject({
        channel_id: setup.parents.channels.get(release.channelId), version: release.version,
        release_version: zealotRow.release_version, build_version: zealotRow.build_version, branch: zealotRow.branch ?? null,
        git_commit: zealotRow.git_commit ?? null, ci_url: zealotRow.ci_url ?? null, source: zealotRow.source,
        release_type: zealotRow.release_type,
        bundle_id: zealotRow.bundle_id, name: zealotRow.name, created_at: new Date(`${String(zealotRow.created_at)}Z`).toISOString(),
      });
      expect(JSON.parse(row.changelog)).toEqual(zealotRow.changelog);
      expect(JSON.parse(row.custom_fields)).toEqual(zealotRow.custom_fields);
      if (release.missing) continue;
      expect(row.file_missing).toBeNull();
      expect(Number(row.size)).toBe(release.binary.size);
      expect(row.checksum).toBe(release.binary.sha256);
      expect(await storedSha256(setup.storage, row.file_key)).toBe(release.binary.sha256);
      expect(row.file_key).toMatch(/^releases\/[0-9a-f-]{36}\/(iphone\.ipa|android\.apk)$/);
    }
    const ios = imported.find((row) => row.id === 1)!;
    expect(ios).toMatchObject({ platform: 'ios', format: 'ipa', device_type: 'iphone', min_os_version: '9.3' });
    expect(ios.uploader_id).toBe(setup.parents.userId);
    const profile = JSON.parse(ios.metadata).details.provisioning_profile;
    expect(profile.devices).toHaveLength(100);
    expect(ios.icon_key).toBeNull(); // the ipa has no icon, nor had Zealot one
    const apk = imported.find((row) => row.id === 2)!;
    expect(apk).toMatchObject({ platform: 'android', format: 'apk', min_os_version: '14', bundle_id: 'com.icyleaf.appinfodemo' });
    expect(apk.icon_key).toMatch(/^icons\/[0-9a-f-]{36}\.png$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await setup.storage.read(apk.icon_key!)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const missing = imported.find((row) => row.id === 4)!;
    expect(missing).toMatchObject({ platform: 'android', format: 'apk', size: 0, checksum: '', icon_key: null });
    expect(missing.file_missing).toMatch(/^file missing: apps\/a1\/r4\/binary\/android\.apk: no such file/);
    expect(await setup.storage.stat(missing.file_key)).toBeNull();
    // `tarmac storage migrate` has nothing to move for it (never "missing" there).
    const objects = (await referencedObjects(setup.server.database.db)).map((object) => object.key);
    expect(objects).not.toContain(missing.file_key);
    expect(objects).toContain(imported[0]!.file_key);
    expect(filesUnder(path.join(setup.server.dataDir, 'tmp'))).toEqual([]);
    // Zealot's files stay where they were without --move.
    for (const release of setup.zealot.releases.filter((candidate) => !candidate.missing)) {
      expect(existsSync(release.binary.path)).toBe(true);
    }
  });

  it('the release whose file is missing answers a clear 404; its page says the file is missing in English and Chinese', async () => {
    const release = setup.zealot.releases.find((candidate) => candidate.missing)!;
    const slug = setup.zealot.channels.find((channel) => channel.id === release.channelId)!.slug;
    for (const url of [`/${slug}/${release.id}/download`, `/${slug}/${release.id}/download/android.apk`]) {
      const response = await fetch(setup.server.url + url, { redirect: 'manual' });
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: string };
      expect(body.error).toMatch(/file is missing: it was not in Zealot's uploads/);
    }
    const page = await fetch(`${setup.server.url}/channels/${slug}/releases/${release.id}`, { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('file is missing');
    const zh = await fetch(`${setup.server.url}/channels/${slug}/releases/${release.id}?lang=zh-CN`);
    expect(await zh.text()).toContain('此构建的文件缺失');
    // An iOS build without its file gets no install manifest (a 404 property list saying so).
    const { db } = setup.server.database;
    const ipa = await db.selectFrom('releases').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const gone = await db.insertInto('releases').values({ ...ipa, id: undefined, version: 98, file_missing: 'file missing: test' })
      .returning('id').executeTakeFirstOrThrow();
    const iosSlug = setup.zealot.channels.find((channel) => channel.id === 1)!.slug;
    const manifest = await fetch(`${setup.server.url}/channels/${iosSlug}/releases/${gone.id}/install`);
    expect(manifest.status).toBe(404);
    expect(await manifest.text()).toContain('file is missing');
    await db.deleteFrom('releases').where('id', '=', gone.id).execute();
    // The SDK's version check and the versions list answer it (its download_url then answers the 404 above).
    const key = setup.zealot.channels.find((channel) => channel.id === release.channelId)!.key;
    for (const query of [`latest?channel_key=${key}&release_version=0.1&build_version=1`, `versions?channel_key=${key}`]) {
      const answer = await fetch(`${setup.server.url}/api/apps/${query}`);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { releases: { version: number; download_url: string }[] };
      expect(body.releases.map((item) => item.version)).toEqual([release.version]);
      const file = await fetch(body.releases[0]!.download_url, { redirect: 'follow' });
      expect(file.status).toBe(404);
    }
    // A release with its file downloads as it did in Zealot.
    const good = setup.zealot.releases.find((candidate) => candidate.id === 3)!;
    const goodSlug = setup.zealot.channels.find((channel) => channel.id === good.channelId)!.slug;
    const download = await fetch(`${setup.server.url}/${goodSlug}/${good.id}/download/android.apk`);
    expect(download.status).toBe(200);
    expect(createHash('sha256').update(Buffer.from(await download.arrayBuffer())).digest('hex')).toBe(good.binary.sha256);
  });

  it('imports the debug files with the entries Tarmac\'s parser reads (UUIDs, archs; both Proguard ids)', async () => {
    const files = await rows(setup, 'debug_files');
    expect(files.map((file) => [file.id, file.category, file.device_type, file.app_id])).toEqual([
      [1, 'dsym', 'ios', setup.parents.apps.get(1)], [2, 'proguard', 'android', setup.parents.apps.get(1)],
    ]);
    expect(files[0]).toMatchObject({ release_version: '1.0', build_version: '1' });
    for (const [index, file] of files.entries()) {
      const fixture = setup.zealot.debugFiles[index]!;
      expect(file.checksum).toBe(fixture.stored.sha256);
      expect(await storedSha256(setup.storage, file.file_key)).toBe(fixture.stored.sha256);
      expect(file.file_key).toMatch(/^debug-files\/[0-9a-f-]{36}\/.+\.zip$/);
    }
    const entries = await rows(setup, 'debug_file_entries');
    expect(entries.map((entry) => [entry.debug_file_id, entry.arch, entry.uuid, entry.alt_uuid])).toEqual([
      [1, 'arm64', 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5', null],
      [2, 'proguard', '0a1f3400-8261-513d-88b7-2de2de6d4cae', '81384aeb-4837-5f73-a771-417b4399a483'],
    ]);
  });

  it('a release without its file can be deleted (nothing in storage to remove)', async () => {
    const admin = await setup.server.newUser({ role: 'admin' });
    const created = await setup.server.database.db.insertInto('releases').values({
      ...(await setup.server.database.db.selectFrom('releases').selectAll().where('id', '=', 4).executeTakeFirstOrThrow()),
      id: undefined, version: 99,
    }).returning('id').executeTakeFirstOrThrow();
    const response = await api(setup.server, `/api/releases/${created.id}`, { method: 'DELETE', token: admin.token });
    expect(response.status, response.text).toBeLessThan(300);
    expect(await setup.server.database.db.selectFrom('releases').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
  });

  it('a second run changes nothing and copies nothing', async () => {
    const before = filesUnder(path.join(setup.server.dataDir, 'storage')).sort();
    const report = await runImport(setup);
    expect(report.counts('releases')).toMatchObject({ total: 5, imported: 0, already: 5 });
    expect(report.counts('debug_files')).toMatchObject({ total: 2, imported: 0, already: 2 });
    expect(report.files).toEqual({ copied: 0, present: 0, missing: 0, bytes: 0 });
    expect(filesUnder(path.join(setup.server.dataDir, 'storage')).sort()).toEqual(before);
    expect((await rows(setup, 'releases')).length).toBe(5);
  });
});

describe('Zealot 6 into S3 with --move: an interrupted run resumed, an unreadable file, Zealot\'s icon, a channel not imported', () => {
  let setup: Setup;
  let bucket: TestBucket;
  const junk = Buffer.from('not a package at all\n'.repeat(100));
  beforeAll(async () => {
    bucket = await newBucket();
    // Release 2's file is damaged on disk; release 1 (an ipa without icons) has an icon Zealot kept.
    // Debug file 2's zip is gone from disk.
    setup = await setUp('6', { env: bucket.env(), skipChannels: [4], prepare: async (zealot) => {
      writeFileSync(zealot.releases.find((release) => release.id === 2)!.binary.path, junk);
      store(zealot.uploadsDir, 'apps/a1/r1/icons/AppIcon.png', ICON);
      rmSync(zealot.debugFiles[1]!.stored.path);
      const client = new pg.Client({ connectionString: zealot.databaseUrl });
      await client.connect();
      await client.query("UPDATE releases SET icon = 'AppIcon.png' WHERE id = 1");
      await client.end();
    } });
  }, 120_000);
  afterAll(() => tearDown(setup));

  it('stops between rows when interrupted; the next run resumes there, copies into the bucket verified and moves the files', async () => {
    const controller = new AbortController();
    const progress = (line: string) => {
      if (line.startsWith('releases 1/')) controller.abort();
    };
    await expect(runZealotImport({
      db: setup.server.database.db, engine: setup.server.database.engine, storage: setup.storage, source: setup.source,
      options: { dryRun: false, move: true }, progress, steps: FILE_STEPS, signal: controller.signal,
    })).rejects.toBeInstanceOf(ImportInterrupted);
    expect((await rows(setup, 'releases')).map((row) => row.id)).toEqual([1]);

    const report = await runImport(setup, { move: true });
    expect(report.counts('releases')).toMatchObject({ total: 5, imported: 3, refused: 1, already: 1 });
    expect(report.lines).toContainEqual({ table: 'releases', id: '5', outcome: 'refused', reason: 'channel not imported' });
    const unreadable = report.lines.find((line) => line.table === 'releases' && line.id === '2')!;
    expect(unreadable.reason).toMatch(/^imported from Zealot's values: the parser cannot read the file \(/);
    // Zealot's teardown recorded the build's SHA-1: the damaged file does not have it.
    expect(unreadable.reason).toContain(`the file's SHA-1 is ${createHash('sha1').update(junk).digest('hex')}, not the `);
    const imported = await rows(setup, 'releases');
    expect(imported.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(imported[1]).toMatchObject({ platform: 'android', format: 'apk', release_version: '2.1.0', build_version: '10', metadata: '{}' });
    const keys = await bucket.keys();
    for (const release of setup.zealot.releases.filter((candidate) => candidate.id !== 5)) {
      const row = imported.find((candidate) => candidate.id === release.id)!;
      if (release.missing) {
        expect(keys).not.toContain(row.file_key);
        continue;
      }
      const sha256 = release.id === 2 ? createHash('sha256').update(junk).digest('hex') : release.binary.sha256;
      expect(keys).toContain(row.file_key);
      expect(await storedSha256(setup.storage, row.file_key)).toBe(sha256);
      expect(row.checksum).toBe(sha256);
      expect(existsSync(release.binary.path)).toBe(false);
      if (release.iconFile) expect(existsSync(release.iconFile.path)).toBe(false);
    }
    // The ipa has no icon of its own: Zealot's is used (and moved).
    expect(await storedSha256(setup.storage, imported[0]!.icon_key!)).toBe(createHash('sha256').update(ICON).digest('hex'));
    expect(existsSync(path.join(setup.zealot.uploadsDir, 'apps/a1/r1/icons/AppIcon.png'))).toBe(false);
    // The refused release keeps its Zealot files.
    expect(existsSync(setup.zealot.releases.find((release) => release.id === 5)!.binary.path)).toBe(true);
    expect(existsSync(setup.zealot.debugFiles[0]!.stored.path)).toBe(false);
    expect((await rows(setup, 'debug_files')).map((file) => file.id)).toEqual([1]);
    expect(report.counts('debug_files')).toMatchObject({ total: 2, imported: 1, refused: 1 });
    expect(report.lines.find((line) => line.table === 'debug_files' && line.id === '2')?.reason)
      .toMatch(/^file missing \(debug_files\/a1\/d2\/android-proguard-mapping\.zip: no such file\): a debug file without its zip/);
    expect(report.files.missing).toBe(2);
    expect(filesUnder(path.join(setup.server.dataDir, 'tmp'))).toEqual([]);

    const again = await runImport(setup, { move: true });
    expect(again.counts('releases')).toMatchObject({ imported: 0, already: 5 });
    expect(again.counts('debug_files')).toMatchObject({ imported: 0, already: 2 });
    expect(again.files.copied).toBe(0);
  });
});

describe('Zealot 5.3 from a backup archive (pg_dump and tar, read without Zealot\'s PostgreSQL)', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp('5.3', { backup: true });
  }, 120_000);
  afterAll(() => tearDown(setup));

  it('imports every release and debug file with the bytes the archive holds, reusing the copy an interrupted run stored', async () => {
    // A run killed after storing release 3's file and before writing its row left the copy, and one of
    // release 2's was cut short: the next run finds the first (already there) and replaces the second.
    const apk = setup.zealot.releases.find((release) => release.id === 3)!;
    const left = `releases/${importKeyId('releases', 3, apk.binary.sha256)}/android.apk`;
    await setup.storage.putBuffer(left, readFileSync(apk.binary.path));
    const cut = `releases/${importKeyId('releases', 2, apk.binary.sha256)}/android.apk`;
    await setup.storage.putBuffer(cut, readFileSync(apk.binary.path).subarray(0, 1000));
    const report = await runImport(setup);
    expect(report.counts('releases')).toMatchObject({ total: 5, imported: 5 });
    expect(report.counts('debug_files')).toMatchObject({ total: 2, imported: 2 });
    expect(report.files).toMatchObject({ copied: 5, present: 1, missing: 1 });
    const byId = new Map((await rows(setup, 'releases')).map((row) => [row.id, row]));
    expect(byId.get(3)!.file_key).toBe(left);
    expect(byId.get(2)!.file_key).toBe(cut);
    expect(await storedSha256(setup.storage, cut)).toBe(apk.binary.sha256);
    const imported = await rows(setup, 'releases');
    for (const release of setup.zealot.releases) {
      const row = imported.find((candidate) => candidate.id === release.id)!;
      if (release.missing) expect(row.file_missing).toMatch(/^file missing: /);
      else expect(await storedSha256(setup.storage, row.file_key)).toBe(release.binary.sha256);
    }
    for (const [index, file] of (await rows(setup, 'debug_files')).entries()) {
      expect(await storedSha256(setup.storage, file.file_key)).toBe(setup.zealot.debugFiles[index]!.stored.sha256);
    }
  });
});
