// `tarmac storage migrate --to s3|local` against a real S3 server (helpers/s3.ts), on both
// database engines: real builds and a dSYM uploaded through the API go from the disk to the bucket
// after a run that stopped half-way (resumed: what is there is verified and kept), come back to an
// emptied disk with --delete-source, and a file whose bytes no longer match its checksum is
// reported and not copied.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/storage/local.ts';
import { migrateObjects, referencedObjects } from '../src/storage/migrate.ts';
import { createS3Storage } from '../src/storage/s3.ts';
import type { Storage } from '../src/storage/storage.ts';
import { DSYM_FIXTURE, FIXTURES, uploadDebugFile } from './helpers/debug-files.ts';
import { newApp, uploadBuild } from './helpers/factories.ts';
import { cliScript, runCli } from './helpers/process.ts';
import { newBucket, s3Settings } from './helpers/s3.ts';
import type { TestBucket } from './helpers/s3.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

const APK = readFileSync(path.join(FIXTURES, 'apps', 'android.apk'));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let server: TestServer;
let bucket: TestBucket;
let env: Record<string, string>;
let keys: string[];

beforeAll(async () => {
  bucket = await newBucket();
  server = await startServer();
  const owner = await server.newUser({ role: 'admin' });
  const android = await newApp(server, { ownerId: owner.id });
  const ios = await newApp(server, { ownerId: owner.id, deviceType: 'ios', channel: 'iOS' });
  await uploadBuild(server, owner.token, android.key, APK, 'android.apk');
  await uploadBuild(server, owner.token, android.key, APK, 'android.apk');
  const dsymZip = { data: readFileSync(DSYM_FIXTURE), name: 'dsym.zip' };
  const dsym = await uploadDebugFile(server, { token: owner.token, channel_key: ios.key }, dsymZip);
  expect(dsym.status).toBe(201);
  const { database } = server.config;
  const { TARMAC_STORAGE: _unset, ...s3 } = bucket.env();
  // TARMAC_STORAGE stays unset (local): the command reads the bucket's settings either way.
  env = {
    TARMAC_DATA_DIR: server.dataDir,
    DATABASE_URL: database.engine === 'sqlite' ? `sqlite:${database.filename}` : database.connectionString,
    TARMAC_SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    ...s3,
  };
  keys = (await referencedObjects(server.database.db)).map((object) => object.key).sort();
  // Two packages and their icons, one debug file.
  expect(keys).toHaveLength(5);
  // The S3 server may be started for it (an apt install on a fresh machine).
}, 600_000);

afterAll(() => server?.close());

function bucketStorage(): Storage {
  return createS3Storage(s3Settings(bucket), server.dataDir, { error: () => undefined });
}

describe('tarmac storage migrate', () => {
  it('resumes a run that stopped half-way, copies the rest to the bucket verified, and keeps the source', async () => {
    // The first run stops after two objects, as a killed process would (each write is whole or absent).
    const target = bucketStorage();
    let writes = 0;
    const stopping: Storage = {
      ...target,
      async putFile(key, temp) {
        if (writes === 2) throw new Error('killed');
        writes += 1;
        return target.putFile(key, temp);
      },
    };
    const objects = await referencedObjects(server.database.db);
    const from = createLocalStorage(server.dataDir);
    const first = await migrateObjects({ from, to: stopping, objects, deleteSource: false, progress: () => undefined });
    expect(first.counts).toMatchObject({ copied: 2, failed: 3 });
    expect(await bucket.keys()).toHaveLength(2);

    const result = runCli(['storage', 'migrate', '--to', 's3'], env);
    expect(result.stderr).toContain('Copying 5 objects from the local disk');
    expect(result.stderr).toMatch(/^1\/5, [\d.]+ (B|KiB|MiB): (already there|copied) releases\//m);
    expect(result.stderr.match(/: already there /g)).toHaveLength(2);
    expect(result.stderr).toMatch(/^5\/5, /m);
    expect(result.stderr).toContain('3 copied, 2 already there, 0 not moved');
    expect(result.stderr).toContain('Now set TARMAC_STORAGE=s3');
    expect(result.status).toBe(0);
    expect(await bucket.keys()).toEqual(keys);
    // The source is untouched without --delete-source.
    for (const key of keys) expect(await createLocalStorage(server.dataDir).stat(key)).not.toBeNull();
  });

  it('brings everything back to an emptied disk with --delete-source, each file matching its checksum', async () => {
    rmSync(path.join(server.dataDir, 'storage'), { recursive: true, force: true });
    const result = runCli(['storage', 'migrate', '--to', 'local', '--delete-source'], env);
    expect(result.stderr).toContain('5 copied, 0 already there, 0 not moved');
    expect(result.stderr).toContain('Deleted 5 objects from the source.');
    expect(result.status).toBe(0);
    expect(await bucket.keys()).toEqual([]);
    const releases = await server.database.db.selectFrom('releases').select(['file_key', 'checksum']).execute();
    for (const row of releases) expect(sha256(readFileSync(path.join(server.dataDir, 'storage', row.file_key)))).toBe(row.checksum);
  });

  it('resumes after the process is killed (SIGKILL) in the middle of a run', async () => {
    const fresh = await newBucket();
    const killedEnv = { ...env, TARMAC_S3_BUCKET: fresh.name };
    // Killed as soon as it reports its first object.
    const child = spawn(process.execPath, [cliScript, 'storage', 'migrate', '--to', 's3'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...killedEnv },
    });
    let seen = '';
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (/^1\/5, /m.test(seen)) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
    });
    expect(child.signalCode).toBe('SIGKILL');
    const before = await fresh.keys();
    expect(before.length).toBeGreaterThanOrEqual(1);

    const result = runCli(['storage', 'migrate', '--to', 's3'], killedEnv);
    expect(result.status).toBe(0);
    expect(result.stderr.match(/: already there /g)?.length).toBe(before.length);
    expect(result.stderr).toContain(`${5 - before.length} copied, ${before.length} already there, 0 not moved`);
    expect(await fresh.keys()).toEqual(keys);
  });

  it('reports a file whose bytes no longer match its checksum, does not copy it, and exits 1', async () => {
    const row = await server.database.db.selectFrom('releases').select(['file_key']).orderBy('id').executeTakeFirstOrThrow();
    const file = path.join(server.dataDir, 'storage', row.file_key);
    const damaged = Buffer.from(APK);
    damaged[1000] = damaged[1000]! ^ 0xff;
    writeFileSync(file, damaged);
    const result = runCli(['storage', 'migrate', '--to', 's3', '--delete-source'], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${row.file_key}: checksum mismatch: the source's bytes hash to ${sha256(damaged)}`);
    expect(result.stderr).toContain('4 copied, 0 already there, 1 not moved');
    expect(result.stderr).toContain('Nothing was deleted from the source.');
    expect(await bucket.keys()).toEqual(keys.filter((key) => key !== row.file_key));
  });

  it('refuses a missing or unknown --to', () => {
    const result = runCli(['storage', 'migrate', '--to', 'gcs'], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--to must be s3 or local');
  });
});
