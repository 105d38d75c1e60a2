// An upload that fails at any step leaves nothing behind: no release row, no stored package or
// icon, no temporary file. Each failure is made for real: a file over TARMAC_MAX_UPLOAD_BYTES,
// a client that hangs up halfway through the body, a storage directory that cannot be written
// (a regular file where the store's directory should be: it fails even for root), and a
// database that refuses the release row after the files were stored (a trigger). The version
// backstop (the unique (channel_id, version) constraint) is recognised on both engines.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVersionTaken } from '../src/modules/releases/repository.ts';
import { engineUnderTest } from './helpers/database.ts';
import { newApp, now } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { startServer } from './helpers/server.ts';
import type { ApiResponse, TestServer, TestUser } from './helpers/server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const APK = readFileSync(path.join(FIXTURES, 'android.apk'));
const INTERNAL_ERROR = { error: 'Internal server error: the request failed on the server; the log has the details' };

/** Every file under a directory, relative to it ([] when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function send(target: TestServer, fields: Record<string, string>, file: Buffer = APK): Promise<ApiResponse<any>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'android.apk');
  const response = await fetch(`${target.url}/api/apps/upload`, { method: 'POST', body: form });
  const text = await response.text();
  const body: unknown = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body, text };
}

async function releaseCount(target: TestServer): Promise<number> {
  return (await target.database.db.selectFrom('releases').select('id').execute()).length;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /api/apps/upload over TARMAC_MAX_UPLOAD_BYTES', () => {
  let small: TestServer;
  let user: TestUser;
  let channel: TestChannel;
  beforeAll(async () => {
    small = await startServer({ TARMAC_MAX_UPLOAD_BYTES: '64KB' });
    user = await small.newUser({ role: 'developer' });
    channel = await newApp(small, { ownerId: user.id });
  });
  afterAll(() => small.close());

  it('answers 413 with the limit, and leaves nothing in storage or tmp', async () => {
    const res = await send(small, { token: user.token, channel_key: channel.key });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'The file is larger than the 64000-byte upload limit (TARMAC_MAX_UPLOAD_BYTES)' });
    expect(await releaseCount(small)).toBe(0);
    expect(await filesUnder(path.join(small.dataDir, 'storage'))).toEqual([]);
    expect(await filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers 413 also when the token comes after the file', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(APK)]), 'android.apk');
    form.append('token', user.token);
    const response = await fetch(`${small.url}/api/apps/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(413);
    expect(await filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('POST /api/apps/upload failures', () => {
  let server: TestServer;
  let user: TestUser;
  let channel: TestChannel;
  beforeAll(async () => {
    server = await startServer();
    user = await server.newUser({ role: 'developer' });
    channel = await newApp(server, { ownerId: user.id });
  });
  afterAll(() => server.close());

  const storageDir = () => path.join(server.dataDir, 'storage');
  const tempDir = () => path.join(server.dataDir, 'tmp');

  it('leaves no row and no file when the client hangs up mid-upload', async () => {
    const boundary = 'tarmac-abort-test';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${user.token}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="channel_key"\r\n\r\n${channel.key}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="android.apk"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const body = Buffer.concat([head, APK, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const { port } = new URL(server.url);
    const request = http.request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'POST',
      path: '/api/apps/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
    });
    let answered = false;
    request.on('response', () => (answered = true));
    request.on('error', () => undefined);
    request.write(body.subarray(0, Math.floor(body.length / 2)));
    // The server has begun writing the temp file: the abort happens mid-transfer.
    await waitFor(async () => (await filesUnder(tempDir())).some((name) => name.startsWith('upload.')), 'the temp file');
    request.destroy();

    await waitFor(async () => (await filesUnder(tempDir())).length === 0, 'the temp file to be removed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    expect(await releaseCount(server)).toBe(0);
    expect(await filesUnder(storageDir())).toEqual([]);
    expect(await filesUnder(tempDir())).toEqual([]);

    // The server is fine afterwards.
    expect((await send(server, { token: user.token, channel_key: channel.key })).status).toBe(201);
    await server.database.db.deleteFrom('releases').execute();
    await rm(storageDir(), { recursive: true, force: true });
  });

  it('answers 500 and leaves no row and no temp file when storage cannot be written', async () => {
    await rm(storageDir(), { recursive: true, force: true });
    // A regular file where the store's directory should be: every write under it fails (ENOTDIR), root or not.
    await writeFile(storageDir(), 'not a directory');
    try {
      const res = await send(server, { token: user.token, channel_key: channel.key });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject(INTERNAL_ERROR);
      expect(await releaseCount(server)).toBe(0);
      expect(await filesUnder(tempDir())).toEqual([]);
    } finally {
      await rm(storageDir(), { force: true });
    }
  });

  it('removes the stored package when the icon cannot be written', async () => {
    await mkdir(storageDir(), { recursive: true });
    await writeFile(path.join(storageDir(), 'icons'), 'not a directory');
    try {
      const res = await send(server, { token: user.token, channel_key: channel.key });
      expect(res.status).toBe(500);
      expect(await releaseCount(server)).toBe(0);
      expect(await filesUnder(storageDir())).toEqual(['icons']);
      expect(await filesUnder(tempDir())).toEqual([]);
    } finally {
      await rm(path.join(storageDir(), 'icons'), { force: true });
    }
  });

  it('removes the stored package and icon when the database refuses the release row', async () => {
    const { db } = server.database;
    if (engineUnderTest() === 'postgres') {
      await sql`CREATE FUNCTION refuse_release() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER refuse_release BEFORE INSERT ON releases FOR EACH ROW EXECUTE FUNCTION refuse_release()`.execute(db);
    } else {
      await sql`CREATE TRIGGER refuse_release BEFORE INSERT ON releases BEGIN SELECT RAISE(ABORT, 'refused by test'); END`.execute(db);
    }
    try {
      const res = await send(server, { token: user.token, channel_key: channel.key });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject(INTERNAL_ERROR);
      expect(await releaseCount(server)).toBe(0);
      expect(await filesUnder(storageDir())).toEqual([]);
      expect(await filesUnder(tempDir())).toEqual([]);
      // Nothing of the message or the SQL reaches the client; the log has it.
      expect(server.logs.join('')).toContain('refused by test');
    } finally {
      await sql`DROP TRIGGER refuse_release${sql.raw(engineUnderTest() === 'postgres' ? ' ON releases' : '')}`.execute(db);
      if (engineUnderTest() === 'postgres') await sql`DROP FUNCTION refuse_release()`.execute(db);
    }
    // Without the trigger the same upload goes through.
    expect((await send(server, { token: user.token, channel_key: channel.key })).status).toBe(201);
  });

  it("recognises the engine's error for a version another upload took (the retry backstop)", async () => {
    const timestamp = now();
    const values = {
      channel_id: channel.channelId,
      version: 999,
      version_key: '',
      source: 'api',
      platform: 'android' as const,
      device_type: 'phone',
      format: 'apk',
      size: 1,
      checksum: createHash('sha256').update('x').digest('hex'),
      file_key: 'releases/x/x.apk',
      file_name: 'x.apk',
      changelog: '[]',
      custom_fields: '[]',
      metadata: '{}',
      created_at: timestamp,
      updated_at: timestamp,
    };
    await server.database.db.insertInto('releases').values(values).execute();
    const error = await server.database.db.insertInto('releases').values(values).execute().catch((e: unknown) => e);
    expect(isVersionTaken(error)).toBe(true);
    expect(isVersionTaken(new Error('UNIQUE constraint failed: channels.slug'))).toBe(false);
    await server.database.db.deleteFrom('releases').where('version', '=', 999).execute();
  });
});
