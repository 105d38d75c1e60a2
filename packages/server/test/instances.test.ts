// Many instances (docs/scaling.md). On PostgreSQL: two real `tarmac serve` processes on one
// database and one S3 bucket (a real S3 server: Swift with s3api), behind a real nginx balancing
// between them: a build uploaded through the balancer is installed, downloaded and version-checked through either instance at once (a
// second build too, with each instance's version-check cache warm); a channel password's attempt
// limit holds across both; killing one with SIGKILL mid-traffic fails only its in-flight requests;
// the scheduled jobs run once across both. On SQLite, which serves one instance, the documented
// behaviour instead: a second server on the same database file refuses to start.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_MISMATCH } from '../src/auth/key-check.ts';
import { createDatabase } from '../src/db/index.ts';
import { createTestDatabase, engineUnderTest } from './helpers/database.ts';
import type { TestDatabase } from './helpers/database.ts';
import { freePort, startBalancer } from './helpers/nginx.ts';
import type { RunningNginx } from './helpers/nginx.ts';
import { runCli, startProcess } from './helpers/process.ts';
import type { RunningServer } from './helpers/process.ts';
import { newBucket } from './helpers/s3.ts';
import type { TestBucket } from './helpers/s3.ts';

const APK_PATH = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk');
const APK = readFileSync(APK_PATH);
const APK_SHA256 = createHash('sha256').update(APK).digest('hex');
const MAX_FAILED = 3;

/** The PostgreSQL pair's bucket on the run's S3 server (helpers/s3.ts); the SQLite check keeps local disk. */
let bucket: TestBucket | undefined;
const SHARED_SECRET_KEY = 'a-secret-key-both-instances-share-0123456789';

/**
 * Where an instance keeps its files. On S3 (the PostgreSQL pair), as docs/scaling.md says to run
 * several instances: builds, icons and debug files in one bucket, a data directory of its own for
 * temp files (where the in-flight upload is looked for) and the secret key both are given, since
 * no directory holds a generated one for both. Without a bucket: the given directory.
 */
function instanceStorageEnv(sharedDir: string, instance: number): Record<string, string> {
  if (!bucket) return { TARMAC_DATA_DIR: sharedDir };
  return { ...bucket.env(), TARMAC_DATA_DIR: path.join(sharedDir, `instance-${instance}`), TARMAC_SECRET_KEY: SHARED_SECRET_KEY };
}

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function environment(): Promise<{ dataDir: string; db: TestDatabase; env: Record<string, string> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-instances-'));
  const db = await createTestDatabase(dataDir);
  // Run last to first: the directory goes after the database.
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), () => db.drop());
  const env = {
    DATABASE_URL: db.url,
    TARMAC_ADMIN_EMAIL: 'boss@example.com',
    TARMAC_ADMIN_PASSWORD: 'a-strong-password',
    TARMAC_MAX_FAILED_ATTEMPTS: String(MAX_FAILED),
    TARMAC_TRUST_PROXY: '127.0.0.1',
  };
  return { dataDir, db, env };
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startProcess(env);
  cleanups.push(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });
  return server;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

async function upload(baseUrl: string, token: string, fields: Record<string, string>): Promise<any> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(APK)]), 'android.apk');
  const response = await fetch(`${baseUrl}/api/apps/upload`, { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text);
}

async function latestIds(baseUrl: string, channelKey: string): Promise<number[]> {
  const query = new URLSearchParams({ channel_key: channelKey, release_version: '2.0.0', build_version: '1' });
  const response = await fetch(`${baseUrl}/api/apps/latest?${query.toString()}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { releases: { id: number }[] }).releases.map((release) => release.id);
}

/** Starts an upload through the balancer and sends half of it; resolves with the socket once its temp file exists. */
interface InFlightUpload {
  socket: Socket;
  /** The name of its temp file in the shared data directory (it names the writing process). */
  tempFile: string;
  /** Whatever the balancer answers, once it closes the connection. */
  answer: Promise<string>;
}

/** `dataDirs`: the instances' data directories (one when shared), where the upload's temp file shows. */
async function halfUpload(port: number, dataDirs: string[], token: string, channelKey: string): Promise<InFlightUpload> {
  const boundary = 'tarmac-instances';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="channel_key"\r\n\r\n${channelKey}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="android.apk"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const body = Buffer.concat([head, APK, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const temps = () =>
    dataDirs.flatMap((dir) => (existsSync(path.join(dir, 'tmp')) ? readdirSync(path.join(dir, 'tmp')) : [])).filter((name) => name.startsWith('upload.'));
  const before = new Set(temps());
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
  });
  socket.write(
    `POST /api/apps/upload HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\n` +
      `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, Math.floor(body.length / 2)));
  cleanups.push(() => void socket.destroy());
  let fresh: string[] = [];
  await expect.poll(() => (fresh = temps().filter((name) => !before.has(name))).length, { timeout: 10_000 }).toBe(1);
  return { socket, tempFile: fresh[0]!, answer };
}

// Each engine registers only its own tests (CI counts a skipped test as a failure).
if (engineUnderTest() === 'postgres') describe('two instances behind nginx on PostgreSQL', () => {
  let dataDir: string;
  let dbUrl: string;
  let baseEnv: Record<string, string>;
  let instances: RunningServer[];
  let nginx: RunningNginx;
  let token: string;
  let channel: { key: string; slug: string };

  it('start at once on one database and one S3 bucket, behind nginx', { timeout: 60_000 }, async () => {
    bucket = await newBucket();
    const prepared = await environment();
    dataDir = prepared.dataDir;
    dbUrl = prepared.db.url;
    const port = await freePort();
    baseEnv = { ...prepared.env, TARMAC_URL: `http://127.0.0.1:${port}` };
    instances = await Promise.all([0, 1].map((index) => start({ ...baseEnv, ...instanceStorageEnv(dataDir, index) })));
    nginx = await startBalancer(port, instances.map((instance) => instance.port));
    cleanups.push(() => nginx.stop());
    const made = runCli(['token', 'create', '--username', 'admin', '--name', 'ci'], { ...baseEnv, ...instanceStorageEnv(dataDir, 0) });
    expect(made.status, made.stderr).toBe(0);
    token = made.stdout.trim();
    // Round robin: requests through nginx reach both.
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i++) upstreams.add((await fetch(`${nginx.url}/api/health`)).headers.get('x-upstream') ?? '');
    expect([...upstreams].sort()).toEqual(instances.map((instance) => `127.0.0.1:${instance.port}`).sort());
  });

  it('install, download and version-check a build uploaded through the balancer on either instance, at once', { timeout: 60_000 }, async () => {
    const first = await upload(nginx.url, token, {});
    // The package and its icon are in the bucket, not on either instance's disk.
    expect((await bucket!.keys()).length).toBeGreaterThanOrEqual(2);
    channel = { key: first.channel.key as string, slug: first.channel.slug as string };
    for (const base of [nginx.url, ...instances.map((instance) => instance.url)]) {
      expect(await latestIds(base, channel.key), base).toEqual([first.id]);
      const page = await fetch(`${base}/${channel.slug}/${first.id}`);
      expect(page.status, base).toBe(200);
      expect(await page.text()).toContain('2.1.0');
      const file = await fetch(`${base}/${channel.slug}/${first.id}/download`);
      expect(file.status, base).toBe(200);
      expect(createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex')).toBe(APK_SHA256);
    }
    // Every cache is warm now; a second build, through the balancer, is answered by both at once.
    for (let round = 0; round < 3; round++) {
      const before = await latestIds(instances[round % 2]!.url, channel.key);
      const next = await upload(nginx.url, token, { channel_key: channel.key });
      for (const instance of instances) expect(await latestIds(instance.url, channel.key), instance.url).toEqual([next.id, ...before]);
    }
  });

  it('hold a channel password\'s attempt limit across both, and accept each other\'s grants', { timeout: 30_000 }, async () => {
    const guarded = await upload(nginx.url, token, { password: 'open sesame' });
    const slug = guarded.channel.slug as string;
    const [a, b] = instances as [RunningServer, RunningServer];
    const unlocked = await fetch(`${a.url}/${slug}/unlock`, form({ password: 'open sesame' }));
    expect(unlocked.status).toBe(303);
    const cookie = unlocked.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    expect((await fetch(`${b.url}/${slug}`)).status).toBe(401);
    expect((await fetch(`${b.url}/${slug}`, { headers: { cookie } })).status).toBe(200);

    for (let attempt = 0; attempt < MAX_FAILED; attempt++) {
      const response = await fetch(`${(attempt % 2 === 0 ? a : b).url}/${slug}/unlock`, form({ password: 'wrong' }));
      expect(response.status, `attempt ${attempt + 1}`).toBe(422);
    }
    const refused = await fetch(`${(MAX_FAILED % 2 === 0 ? a : b).url}/${slug}/unlock`, form({ password: 'wrong' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${a.url}/${slug}/unlock`, form({ password: 'open sesame' }))).status).toBe(429);
  });

  it('say loudly at start when an instance signs with another secret key than the others', { timeout: 30_000 }, async () => {
    const mismatch = (server: RunningServer) => server.lines().filter((line) => line.includes('secret key differs'));
    for (const instance of instances) expect(mismatch(instance)).toEqual([]);
    const ownDir = mkdtempSync(path.join(tmpdir(), 'tarmac-instances-other-'));
    cleanups.push(() => rmSync(ownDir, { recursive: true, force: true }));
    const stranger = await start({ ...baseEnv, TARMAC_DATA_DIR: ownDir, TARMAC_SECRET_KEY: 'another-key-of-at-least-32-characters' });
    expect(await stranger.stop()).toBe(0);
    expect(mismatch(stranger).map((line) => (JSON.parse(line) as { level: number; msg: string }).msg)).toEqual([KEY_MISMATCH]);
  });

  it('run each scheduled job once across both', { timeout: 30_000 }, async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const runs = async () =>
        (await client.query<{ name: string; payload: string }>("select name, payload from jobs where state = 'done' and name in ('jobs.prune', 'webhook.prune')"))
          .rows;
      await expect.poll(async () => new Set((await runs()).map((run) => run.name)).size, { timeout: 20_000 }).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 2500)); // each instance ticks every second
      const slots = (await runs()).map((run) => `${run.name} ${(JSON.parse(run.payload) as { slot: string }).slot}`);
      expect(slots.length).toBeGreaterThanOrEqual(2);
      expect(slots).toEqual([...new Set(slots)]);
    } finally {
      await client.end();
    }
  });

  it('fail only the in-flight requests of an instance killed mid-traffic; the other keeps answering', { timeout: 60_000 }, async () => {
    const dataDirs = [...new Set([0, 1].map((index) => instanceStorageEnv(dataDir, index).TARMAC_DATA_DIR!))];
    const inFlight = await halfUpload(nginx.port, dataDirs, token, channel.key);
    const pid = Number(inFlight.tempFile.split('.')[2]);
    const victim = instances.find((instance) => instance.child.pid === pid)!;
    const survivor = instances.find((instance) => instance !== victim)!;
    expect(victim).toBeDefined();

    const statuses: (number | string)[] = [];
    let traffic = true;
    const loop = async () => {
      while (traffic) {
        try {
          const response = await fetch(`${nginx.url}/api/apps/latest?channel_key=${channel.key}`);
          await response.arrayBuffer();
          statuses.push(response.status);
        } catch (error) {
          statuses.push(String(error));
        }
      }
    };
    const loops = Promise.all([loop(), loop(), loop(), loop()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    victim.child.kill('SIGKILL');
    await victim.exited;
    await new Promise((resolve) => setTimeout(resolve, 700));
    traffic = false;
    await loops;

    // The upload in flight on the killed instance fails (it is never sent twice); nothing else does.
    expect(await inFlight.answer).toMatch(/^HTTP\/1\.1 502 /);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await fetch(`${survivor.url}/api/health`)).status).toBe(200);
    const after = await upload(nginx.url, token, { channel_key: channel.key });
    expect((await latestIds(survivor.url, channel.key))[0]).toBe(after.id);
  });
});

if (engineUnderTest() === 'sqlite') describe('a second instance on SQLite', () => {
  it('refuses to start while a server runs on the same database file, and starts once it is gone (even after kill -9)', { timeout: 60_000 }, async () => {
    const { dataDir, env } = await environment();
    const full = { ...env, ...instanceStorageEnv(dataDir, 0) };
    const first = await start(full);
    const refused = await start(full).then(
      () => 'started',
      (error: unknown) => String(error),
    );
    expect(refused).toMatch(/exited with 1 before it was ready/);
    expect(refused).toContain('Another Tarmac server is running on the SQLite database');
    expect(refused).toContain('docs/scaling.md');
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    // CLI commands beside the running server are not refused.
    expect(runCli(['token', 'create', '--username', 'admin', '--name', 'ci'], full).status).toBe(0);
    first.child.kill('SIGKILL');
    await first.exited;
    const next = await start(full);
    expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
    expect(await next.stop()).toBe(0);
    const again = await start(full); // and after a clean stop
    expect(await again.stop()).toBe(0);
  });
});

describe(`the version-check cache's view of other instances on ${engineUnderTest()}`, () => {
  it(engineUnderTest() === 'postgres'
    ? 'follows their commits by LISTEN, caches nothing while the connection is lost, and reconnects'
    : 'is this instance\'s own write count (one instance: always known)', { timeout: 30_000 }, async () => {
    const { db } = await environment();
    if (engineUnderTest() === 'sqlite') {
      const database = createDatabase({ engine: 'sqlite', filename: db.url.slice('sqlite:'.length) });
      cleanups.push(() => database.close());
      expect(database.writeGeneration()).toBe(0);
      await database.db.updateTable('apps').set({ name: 'x' }).where('id', '=', -1).execute();
      expect(database.writeGeneration()).toBe(1);
      return;
    }
    const logged: string[] = [];
    const log = { warn: (_object: object, message: string) => logged.push(`warn ${message}`), info: (_object: object, message: string) => logged.push(`info ${message}`) };
    const database = createDatabase({ engine: 'postgres', connectionString: db.url }, { log });
    const other = createDatabase({ engine: 'postgres', connectionString: db.url }); // another instance
    cleanups.push(() => database.close(), () => other.close());
    expect(database.writeGeneration()).toBeUndefined(); // starts listening
    await expect.poll(() => database.writeGeneration(), { timeout: 5000 }).toBeTypeOf('number');
    const listening = database.writeGeneration()!;
    // Any statement on a distribution table, even one that changes no row, is told at its commit.
    await other.db.updateTable('apps').set({ name: 'x' }).where('id', '=', -1).execute();
    await expect.poll(() => database.writeGeneration(), { timeout: 5000 }).toBe(listening + 1);

    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN tarmac_distribution%'",
      );
    } finally {
      await admin.end();
    }
    await expect.poll(() => database.writeGeneration(), { timeout: 5000 }).toBeUndefined();
    // Back within the backoff, counting the reconnection as a change (notices may have been missed).
    await expect.poll(() => database.writeGeneration() ?? -1, { timeout: 10_000 }).toBeGreaterThan(listening + 1);
    expect(logged).toEqual([
      'warn Lost the database connection that hears what other instances change: version checks are not cached until it is back',
      'info Hearing what other instances change again: version checks are cached again',
    ]);
  });
});
