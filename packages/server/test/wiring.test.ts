// The parts app.ts lets a caller swap without touching the rest (issue 13): the storage, the
// clock and the mailer. A test starts the real app with its own parts and sees them used: an
// upload stamped with the fixed clock's time, its file stored in (and downloaded from) the
// storage given instead of the data directory's, and the mailer given held by the services.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { createLocalStorage } from '../src/storage/local.ts';
import type { Storage } from '../src/storage/storage.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const APK = readFileSync(path.join(FIXTURES, 'apps/android.apk'));

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function start(parts: Parameters<typeof startServer>[1]): Promise<TestServer> {
  const server = await startServer({}, parts);
  cleanups.push(() => server.close());
  return server;
}

/** POST /api/apps/upload without a channel key: a new app, scheme and channel from the package. */
async function upload(server: TestServer, token: string) {
  const form = new FormData();
  form.append('token', token);
  form.append('file', new Blob([new Uint8Array(APK)]), 'android.apk');
  const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/**
 * GET on a connection of its own, closed after the answer: after a file download over a kept-alive
 * connection (fetch's), app.close() waits for the keep-alive timeout (~72 s), a known issue.
 */
function get(url: string, token: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { connection: 'close', authorization: `Bearer ${token}` } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('buildApp with a fixed clock', () => {
  it('writes the clock’s time into the release and the app an upload makes', async () => {
    const fixed = '2031-02-03T04:05:06.789Z';
    const clock: Clock = { now: () => fixed };
    const server = await start({ clock });
    const admin = await server.newUser({ role: 'admin' });

    const res = await upload(server, admin.token);
    expect(res.status).toBe(201);
    expect(res.body.created_at).toBe(fixed);
    const { db } = server.database;
    const release = await db.selectFrom('releases').select(['created_at', 'updated_at']).where('id', '=', res.body.id).executeTakeFirst();
    expect(release).toEqual({ created_at: fixed, updated_at: fixed });
    const app = await db.selectFrom('apps').select(['created_at']).where('id', '=', res.body.app.id).executeTakeFirstOrThrow();
    expect(app.created_at).toBe(fixed);
  });
});

describe('buildApp with its own storage', () => {
  it('stores an upload in the storage given and serves the download from it', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'tarmac-wiring-storage-'));
    cleanups.push(() => rmSync(elsewhere, { recursive: true, force: true }));
    const local = createLocalStorage(elsewhere);
    const calls: string[] = [];
    const storage: Storage = {
      tempDir: local.tempDir,
      putFile: (key, tempPath) => (calls.push(`putFile ${key}`), local.putFile(key, tempPath)),
      putBuffer: (key, data) => (calls.push(`putBuffer ${key}`), local.putBuffer(key, data)),
      read: (key, range) => (calls.push(`read ${key}`), local.read(key, range)),
      stat: (key) => local.stat(key),
      delete: (key) => (calls.push(`delete ${key}`), local.delete(key)),
    };
    const server = await start({ storage });
    const admin = await server.newUser({ role: 'admin' });

    const res = await upload(server, admin.token);
    expect(res.status).toBe(201);
    const { db } = server.database;
    const row = await db.selectFrom('releases').select(['file_key']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(calls).toContain(`putFile ${row.file_key}`);
    expect(readFileSync(path.join(elsewhere, 'storage', row.file_key)).equals(APK)).toBe(true);
    expect(existsSync(path.join(server.dataDir, 'storage', row.file_key))).toBe(false);

    // The download link answers a redirect to the same file under its download name.
    const named = await get(res.body.download_url as string, admin.token);
    expect(named.status).toBe(302);
    const download = await get(named.headers.location!, admin.token);
    expect(download.status).toBe(200);
    expect(download.body.equals(APK)).toBe(true);
    expect(calls).toContain(`read ${row.file_key}`);
  });
});

describe('an app built without the process’s --expose-gc (as here, in the test runner)', () => {
  it('receives an upload past the 64 MiB at which receive.ts asks for a collection, and answers it', async () => {
    const server = await start({});
    const admin = await server.newUser({ role: 'admin' });
    const form = new FormData();
    form.append('token', admin.token);
    form.append('file', new Blob([new Uint8Array(70 * 1024 * 1024)]), 'zeros.apk');
    const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
    // Received whole, then refused for what it is (not a package), not a 500.
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: expect.any(String), details: { file: [expect.any(String)] } });
  });
});

describe('buildApp with its own mailer', () => {
  it('hands the services the mailer given (mail itself comes with issue 18)', async () => {
    const mailer: Mailer = { send: async () => undefined };
    const server = await start({ mailer });
    expect(server.services.mailer).toBe(mailer);
  });
});
