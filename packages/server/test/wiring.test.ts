// The parts app.ts lets a caller swap without touching the rest (issue 13): the storage, the
// clock and the mailer. A test starts the real app with its own parts and sees them used: an
// upload stamped with the fixed clock's time, its file stored in (and downloaded from) the
// storage given instead of the data directory's, and the mailer given held by the services.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Clock } from '../src/clock.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { createLocalStorage } from '../src/storage/local.ts';
import type { Storage } from '../src/storage/storage.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { createDeviceKit, postAnswer, profileChallenge } from './helpers/udid.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const APK = readFileSync(path.join(FIXTURES, 'apps/android.apk'));

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function start(parts: Parameters<typeof startServer>[1], env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer(env, parts);
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

/** A clock at `at` that only moves when the test moves it. */
function handClock(at: string): Clock & { advance(ms: number): void } {
  let ms = Date.parse(at);
  return { now: () => new Date(ms).toISOString(), nowMs: () => ms, advance: (by) => void (ms += by) };
}

const HOUR = 3600_000;

describe('buildApp with a fixed clock', () => {
  it('writes the clock’s time into the release and the app an upload makes', async () => {
    const fixed = '2031-02-03T04:05:06.789Z';
    const server = await start({ clock: fixedClock(fixed) });
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

  it('writes it into an account, a token, a session, a channel and a device registered through /udid', async () => {
    const fixed = '2031-02-03T04:05:06.789Z';
    const server = await start({ clock: fixedClock(fixed) });
    const { db } = server.database;
    const admin = await server.newUser({ role: 'admin' });
    expect((await db.selectFrom('users').select('created_at').where('id', '=', admin.id).executeTakeFirstOrThrow()).created_at).toBe(fixed);
    const tokens = await db.selectFrom('api_tokens').select(['created_at', 'expires_at']).where('user_id', '=', admin.id).execute();
    expect(tokens).toEqual([{ created_at: fixed, expires_at: null }]);

    const ttl = server.config.sessionTtlHours * HOUR;
    const { response } = await signIn(server, admin.username, admin.password);
    expect((response.body as { user: { last_sign_in_at: string } }).user.last_sign_in_at).toBe(fixed);
    const sessions = await db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_id', '=', admin.id).execute();
    expect(sessions).toEqual([{ created_at: fixed, expires_at: new Date(Date.parse(fixed) + ttl).toISOString() }]);

    const uploaded = await upload(server, admin.token);
    const renamed = await api(server, `/api/channels/${uploaded.body.channel.id}`, { method: 'PUT', token: admin.token, json: { name: 'QA' } });
    expect(renamed.status).toBe(200);
    const channel = await db.selectFrom('channels').select('updated_at').where('id', '=', uploaded.body.channel.id).executeTakeFirstOrThrow();
    expect(channel.updated_at).toBe(fixed);

    // The profile's challenge expires udidChallengeMinutes after this clock's now (its first part,
    // in unix seconds); the device's answer is fresh by it, and the device row carries its time.
    const kit = createDeviceKit();
    cleanups.push(() => kit.remove());
    kit.identity('rsa');
    const udid = '00008030-001A2B3C4D5E802E';
    const challenge = await profileChallenge(server);
    expect(Number(challenge.split('.')[0])).toBe(Math.floor(Date.parse(fixed) / 1000) + server.config.udidChallengeMinutes * 60);
    const attributes = { CHALLENGE: challenge, PRODUCT: 'iPhone15,2', UDID: udid, VERSION: '21A329' };
    expect((await postAnswer(server, kit.signed(attributes, 'rsa'))).status).toBe(301);
    const device = await db.selectFrom('devices').select(['created_at', 'updated_at']).where('udid', '=', udid).executeTakeFirstOrThrow();
    expect(device).toEqual({ created_at: fixed, updated_at: fixed });
  });

  it('expires channel grants and sign-in lockouts by the clock, not the system’s', async () => {
    const clock = handClock('2031-02-03T04:05:06.789Z');
    const server = await start({ clock }, { TARMAC_MAX_FAILED_ATTEMPTS: '2' });
    const admin = await server.newUser({ role: 'admin' });
    const uploaded = await upload(server, admin.token);
    const { channel } = uploaded.body;
    expect((await api(server, `/api/channels/${channel.id}`, { method: 'PUT', token: admin.token, json: { password: 'open sesame' } })).status).toBe(200);

    // The link's grant ends channelGrantHours after the clock's now.
    const list = await api(server, `/api/channels/${channel.id}/releases`, { token: admin.token });
    const grant = new URL(list.body[0].download_url as string).searchParams.get('grant')!;
    const expiry = Math.floor(clock.nowMs() / 1000) + server.config.channelGrantHours * 3600;
    expect(grant.split('.')[1]).toBe(String(expiry));
    const icon = `/${channel.slug}/${uploaded.body.id}/icon.png?grant=${encodeURIComponent(grant)}`;
    expect((await api(server, icon)).status).toBe(200);
    clock.advance(server.config.channelGrantHours * HOUR + 1000);
    expect((await api(server, icon)).status).toBe(403);

    // Two wrong passwords lock the login for the 15-minute window of this clock.
    const wrong = () => api(server, '/api/session', { method: 'POST', json: { login: admin.username, password: 'not the password' } });
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
    clock.advance(14 * 60_000);
    expect((await wrong()).status).toBe(429);
    clock.advance(60_000 + 1000);
    expect((await wrong()).status).toBe(401);
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
      list: (prefix) => local.list(prefix),
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
    expect(await response.json()).toMatchObject({ error: expect.any(String), details: { file: [expect.any(String)] } });
  });
});

describe('buildApp with its own mailer', () => {
  it('hands the services the mailer given (mail itself comes with issue 18)', async () => {
    const mailer: Mailer = { send: async () => ({ ok: true, messageId: undefined }) };
    const server = await start({ mailer });
    expect(server.services.mailer).toBe(mailer);
  });
});
