// Storage on S3 (TARMAC_STORAGE=s3) against a real S3 server (OpenStack Swift with s3api,
// helpers/s3.ts), on both database engines: the Storage contract, the same for the local disk
// and the bucket; uploads of real builds and a dSYM through the API landing in the bucket with
// nothing but temp space on the disk; downloads by presigned redirect (302, the file's name,
// counted once) and proxied (Range, HEAD, If-None-Match); the iOS manifest's link followed to
// the bytes; a release deleted takes its objects; a store that fails answers 503 and keeps nothing.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { createLocalStorage } from '../src/storage/local.ts';
import { createS3Storage } from '../src/storage/s3.ts';
import type { Storage } from '../src/storage/storage.ts';
import { DSYM_FIXTURE, FIXTURES, uploadDebugFile } from './helpers/debug-files.ts';
import { newApp, uploadBuild } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { newBucket, s3Settings } from './helpers/s3.ts';
import type { TestBucket } from './helpers/s3.ts';
import { IPHONE_IPA_VALID_AT } from './helpers/signing.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const APK = readFileSync(path.join(FIXTURES, 'apps', 'android.apk'));
const IPA = readFileSync(path.join(FIXTURES, 'apps', 'iphone.ipa'));
const DSYM = readFileSync(DSYM_FIXTURE);
const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');
const noLog = { error: () => undefined };
/** A hook or test that may be the first to ask for the run's S3 server may wait for it to start (an apt install on a fresh machine). */
const S3_START = 600_000;
const STORAGE_INDEX = pathToFileURL(path.resolve(import.meta.dirname, '../src/storage/index.ts')).href;

interface Release {
  id: number;
  install_url: string;
}

/** Files under the data directory other than the database, the secret key and temp files. */
function filesOnDisk(dataDir: string): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/^(tarmac\.db(-wal|-shm)?|secret_key|tmp\/.*)$/.test(file));
}

async function releaseRow(server: TestServer, id: number) {
  const columns = ['file_key', 'icon_key', 'download_count'] as const;
  return server.database.db.selectFrom('releases').select(columns).where('id', '=', id).executeTakeFirst();
}

describe.each(['local', 's3'] as const)('the Storage contract on %s', (kind) => {
  let storage: Storage;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tarmac-storage-'));
    if (kind === 'local') storage = createLocalStorage(dataDir);
    else {
      storage = createS3Storage(s3Settings(await newBucket(), { prefix: 'pre/' }), dataDir, noLog);
    }
  }, S3_START);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('puts a buffer and a file, reads them whole and by range, stats and deletes them', async () => {
    await storage.putBuffer('icons/a.png', Buffer.from('0123456789'));
    expect(await storage.stat('icons/a.png')).toEqual({ size: 10 });
    expect(await text(await storage.read('icons/a.png'))).toBe('0123456789');
    expect(await text(await storage.read('icons/a.png', { start: 2, end: 5 }))).toBe('2345');

    const temp = path.join(dataDir, 'upload.tmp');
    writeFileSync(temp, APK);
    await storage.putFile('releases/x/android.apk', temp);
    expect(existsSync(temp)).toBe(false);
    expect(await storage.stat('releases/x/android.apk')).toEqual({ size: APK.length });
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read('releases/x/android.apk')) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(APK));

    // Over one 8 MiB part: a multipart upload on S3.
    const big = randomBytes(20 * 1024 * 1024 + 3);
    writeFileSync(temp, big);
    await storage.putFile('releases/x/big.ipa', temp);
    expect(await storage.stat('releases/x/big.ipa')).toEqual({ size: big.length });
    const tail = await storage.read('releases/x/big.ipa', { start: big.length - 5, end: big.length - 1 });
    expect((await buffer(tail)).equals(big.subarray(-5))).toBe(true);
    await storage.delete('releases/x/big.ipa');

    await storage.delete('icons/a.png');
    expect(await storage.stat('icons/a.png')).toBeNull();
    await storage.delete('icons/a.png'); // missing: fine
    await storage.delete('releases/x/android.apk');
  });

  it('stats an empty object as 0 bytes', async () => {
    await storage.putBuffer('icons/empty.png', Buffer.alloc(0));
    expect(await storage.stat('icons/empty.png')).toEqual({ size: 0 });
    await storage.delete('icons/empty.png');
  });

  it('answers a missing object as ENOENT on read and null on stat, and refuses a malformed key', async () => {
    await expect(storage.read('releases/none/app.apk')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storage.stat('releases/none/app.apk')).toBeNull();
    await expect(storage.putBuffer('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});

describe('memory: the AWS SDK', () => {
  /** The @aws-sdk packages a fresh Node process has loaded after using the store `config` names. */
  async function sdkLoadedBy(config: object): Promise<string[]> {
    const dir = await mkdtemp(path.join(tmpdir(), 'tarmac-sdk-'));
    try {
      const script = path.join(dir, 'probe.mjs');
      writeFileSync(script, `
        import { registerHooks } from 'node:module';
        const loaded = new Set();
        registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });
        const { createStorage } = await import(${JSON.stringify(STORAGE_INDEX)});
        const storage = createStorage({ ...${JSON.stringify(config)}, dataDir: ${JSON.stringify(dir)} }, { error() {} });
        await storage.putBuffer('icons/probe.png', Buffer.from('x'));
        await storage.stat('icons/probe.png');
        const sdk = [...loaded].map((url) => /node_modules\\/(@aws-sdk\\/[^/]+)\\//.exec(url)?.[1]).filter(Boolean);
        console.log(JSON.stringify([...new Set(sdk)].sort()));
      `);
      const { stdout } = await promisify(execFile)(process.execPath, [script]);
      return JSON.parse(stdout) as string[];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('never loads with local storage, and loads on first use with S3 (so the check above looks where it would be)', async () => {
    expect(await sdkLoadedBy({ storage: { kind: 'local' } })).toEqual([]);
    const s3 = s3Settings(await newBucket(), { downloads: 'redirect' });
    expect(await sdkLoadedBy({ storage: { kind: 's3', s3 } })).toContain('@aws-sdk/client-s3');
  }, S3_START);
});

describe('an S3 store failing in the middle of a multipart upload', () => {
  let bucket: TestBucket;
  let proxy: Server;
  let dataDir: string;
  let refusedParts = 0;
  beforeAll(async () => {
    bucket = await newBucket();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tarmac-storage-'));
    // Between Tarmac and the store: every request passes, but part 2 of any multipart upload fails (500).
    const target = new URL(bucket.server.endpoint);
    proxy = createServer((request, response) => {
      if (request.method === 'PUT' && /[?&]partNumber=2(&|$)/.test(request.url ?? '')) {
        refusedParts += 1;
        request.resume();
        response.writeHead(500, { 'content-type': 'application/xml' });
        response.end('<Error><Code>InternalError</Code><Message>injected</Message></Error>');
        return;
      }
      const upstream = { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers };
      const forward = httpRequest(upstream, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  }, S3_START);
  afterAll(async () => {
    proxy?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('aborts the upload: 503, no object and no multipart upload left in the bucket', async () => {
    const { port } = proxy.address() as AddressInfo;
    const errors: unknown[] = [];
    const settings = s3Settings(bucket, { endpoint: `http://127.0.0.1:${port}` });
    const storage = createS3Storage(settings, dataDir, { error: (object) => errors.push(object) });
    const temp = path.join(dataDir, 'big.tmp');
    writeFileSync(temp, randomBytes(20 * 1024 * 1024));
    await expect(storage.putFile('releases/big/app.apk', temp)).rejects.toMatchObject({ code: 'service.storage_unavailable' });
    expect(refusedParts).toBeGreaterThan(0);
    expect(await bucket.keys()).toEqual([]);
    const pending = await bucket.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.name }));
    expect(pending.Uploads ?? []).toEqual([]);
    // The temp file stays for the caller to remove (the upload path does, with the rest of its work).
    expect(existsSync(temp)).toBe(true);
    expect(errors).toHaveLength(1);
  });
});

describe('a server on S3, downloads by presigned redirect', () => {
  let server: TestServer;
  let bucket: TestBucket;
  let owner: TestUser;
  let android: TestChannel;
  let release: Release;
  beforeAll(async () => {
    bucket = await newBucket();
    server = await startServer(bucket.env({ TARMAC_S3_PREFIX: 'tarmac' }));
    owner = await server.newUser({ role: 'admin' });
    android = await newApp(server, { ownerId: owner.id });
    release = await uploadBuild<Release>(server, owner.token, android.key, APK, 'android.apk');
  }, S3_START);
  afterAll(() => server?.close());

  it('keeps the build and its icon in the bucket, under the prefix, and nothing but temp files on the disk', async () => {
    const row = await releaseRow(server, release.id);
    expect(await bucket.keys()).toEqual([`tarmac/${row!.file_key}`, `tarmac/${row!.icon_key}`].sort());
    expect(filesOnDisk(server.dataDir)).toEqual([]);
    expect(existsSync(path.join(server.dataDir, 'storage'))).toBe(false);
  });

  it('redirects a download to a presigned URL that answers the same bytes under the file name, counted once', async () => {
    const first = await fetch(`${server.url}/${android.slug}/${release.id}/download`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const fileUrl = new URL(first.headers.get('location')!, server.url).toString();
    const second = await fetch(fileUrl, { redirect: 'manual' });
    expect(second.status).toBe(302);
    expect(second.headers.get('cache-control')).toBe('no-store');
    const location = second.headers.get('location')!;
    expect(location.startsWith(`${bucket.server.endpoint}/${bucket.name}/tarmac/releases/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=300/);
    const fromStore = await fetch(location);
    expect(fromStore.status).toBe(200);
    expect(fromStore.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.apk"/);
    const savedAs = /filename="([^"]+)"/.exec(fromStore.headers.get('content-disposition')!)![1]!;
    expect(decodeURIComponent(fileUrl.split('/').pop()!)).toContain(savedAs);
    expect(sha256(Buffer.from(await fromStore.arrayBuffer()))).toBe(sha256(APK));
    await expect.poll(async () => (await releaseRow(server, release.id))!.download_count).toBe(1);

    // HEAD is answered by Tarmac (a presigned URL is signed for GET): the headers, no redirect, not counted.
    const head = await fetch(fileUrl, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(APK.length));
    expect((await releaseRow(server, release.id))!.download_count).toBe(1);
    // One download event, as for a file Tarmac sends itself.
    const queued = await server.services.jobs.list({ state: 'queued', perPage: 100 });
    const eventOf = (job: (typeof queued.items)[number]) => job.payload.event as { kind: string };
    const downloads = queued.items.filter((job) => job.name === 'event.dispatch' && eventOf(job).kind === 'download');
    expect(downloads.map((job) => job.payload.event)).toEqual([expect.objectContaining({ kind: 'download', releaseId: release.id })]);
  });

  it('names a file with a non-ASCII name through the presigned URL as Tarmac would', async () => {
    const named = await newApp(server, { ownerId: owner.id });
    await server.database.db.updateTable('channels').set({ download_filename_type: 'original_filename' }).where('id', '=', named.channelId).execute();
    const build = await uploadBuild<Release>(server, owner.token, named.key, APK, '测试 build.apk');
    const fileUrl = `${server.url}/${named.slug}/${build.id}/download/x.apk`;
    const proxied = await fetch(fileUrl, { method: 'HEAD' });
    const redirected = await fetch(fileUrl, { redirect: 'manual' });
    const fromStore = await fetch(redirected.headers.get('location')!);
    expect(fromStore.status).toBe(200);
    expect(fromStore.headers.get('content-disposition')).toBe(proxied.headers.get('content-disposition'));
    expect(fromStore.headers.get('content-disposition')).toContain("filename*=UTF-8''%E6%B5%8B%E8%AF%95%20build.apk");
    expect(fromStore.headers.get('content-type')).toBe('application/vnd.android.package-archive');
  });

  it('serves the icon itself (small, cached)', async () => {
    const icon = await fetch(`${server.url}/${android.slug}/${release.id}/icon.png`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await icon.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('stores a dSYM in the bucket and redirects its download link to the same bytes', async () => {
    const ios = await newApp(server, { ownerId: owner.id, deviceType: 'ios', channel: 'iOS' });
    const before = await bucket.keys();
    const res = await uploadDebugFile(server, { token: owner.token, channel_key: ios.key }, { data: DSYM, name: 'ios-dsym-single.zip' });
    expect(res.status).toBe(201);
    const added = (await bucket.keys()).filter((key) => !before.includes(key));
    expect(added).toEqual([expect.stringMatching(/^tarmac\/debug-files\/.+\.zip$/)]);
    const link = await fetch(res.body.file_url, { redirect: 'manual' });
    expect(link.status).toBe(302);
    const fromStore = await fetch(link.headers.get('location')!);
    expect(fromStore.headers.get('content-disposition')).toMatch(/ios-dsym-single\.zip"/);
    expect(sha256(Buffer.from(await fromStore.arrayBuffer()))).toBe(sha256(DSYM));
  });

  it('deleting a release removes its objects from the bucket', async () => {
    const other = await uploadBuild<Release>(server, owner.token, android.key, APK, 'android.apk');
    const row = await releaseRow(server, other.id);
    expect(await bucket.keys()).toContain(`tarmac/${row!.file_key}`);
    const res = await api(server, `/api/releases/${other.id}`, { method: 'DELETE', token: owner.token });
    expect(res.status).toBe(200);
    const keys = await bucket.keys();
    expect(keys).not.toContain(`tarmac/${row!.file_key}`);
    expect(keys).not.toContain(`tarmac/${row!.icon_key}`);
  });
});

describe('an iOS build on S3', () => {
  let server: TestServer;
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await newBucket();
    // iphone.ipa's profile expired in 2017: the install happens while it was valid.
    server = await startServer(bucket.env(), { clock: fixedClock(IPHONE_IPA_VALID_AT) });
  }, S3_START);
  afterAll(() => server?.close());

  it("installs: the manifest's package URL, followed through its redirects, answers the ipa's bytes", async () => {
    const owner = await server.newUser({ role: 'admin' });
    const ios = await newApp(server, { ownerId: owner.id, deviceType: 'ios', channel: 'iOS' });
    const release = await uploadBuild<Release>(server, owner.token, ios.key, IPA, 'iphone.ipa');
    const manifestUrl = new URL(release.install_url.replace(/^itms-services:\/\/\?action=download-manifest&url=/, ''));
    const manifest = await fetch(`${server.url}${manifestUrl.pathname}`);
    expect(manifest.status).toBe(200);
    const softwarePackage = /<key>kind<\/key>\s*<string>software-package<\/string>\s*<key>url<\/key>\s*<string>([^<]+)<\/string>/;
    const packageUrl = softwarePackage.exec(await manifest.text())![1]!;
    const ipa = await fetch(packageUrl.replace(/&amp;/g, '&'));
    expect(ipa.status).toBe(200);
    expect(ipa.url.startsWith(bucket.server.endpoint)).toBe(true);
    expect(sha256(Buffer.from(await ipa.arrayBuffer()))).toBe(sha256(IPA));
  });
});

describe('a store testers reach at another address (TARMAC_S3_PUBLIC_ENDPOINT)', () => {
  let server: TestServer;
  let bucket: TestBucket;
  let publicEndpoint: string;
  beforeAll(async () => {
    bucket = await newBucket();
    // The same server under another host name, as a store's public name in front of its container.
    publicEndpoint = bucket.server.endpoint.replace('127.0.0.1', 'localhost');
    server = await startServer(bucket.env({ TARMAC_S3_PUBLIC_ENDPOINT: publicEndpoint }));
  }, S3_START);
  afterAll(() => server?.close());

  it('presigns the download for the public address, which answers the file', async () => {
    const owner = await server.newUser({ role: 'admin' });
    const android = await newApp(server, { ownerId: owner.id });
    const release = await uploadBuild<Release>(server, owner.token, android.key, APK, 'android.apk');
    const redirected = await fetch(`${server.url}/${android.slug}/${release.id}/download/android.apk`, { redirect: 'manual' });
    const location = redirected.headers.get('location')!;
    expect(location.startsWith(`${publicEndpoint}/${bucket.name}/releases/`)).toBe(true);
    const fromStore = await fetch(location);
    expect(fromStore.status).toBe(200);
    expect(sha256(Buffer.from(await fromStore.arrayBuffer()))).toBe(sha256(APK));
  });
});

describe('a server on S3, downloads proxied (TARMAC_S3_DOWNLOADS=proxy)', () => {
  let server: TestServer;
  let url: string;
  let release: Release;
  beforeAll(async () => {
    const bucket = await newBucket();
    server = await startServer(bucket.env({ TARMAC_S3_DOWNLOADS: 'proxy' }));
    const owner = await server.newUser({ role: 'admin' });
    const android = await newApp(server, { ownerId: owner.id });
    release = await uploadBuild<Release>(server, owner.token, android.key, APK, 'android.apk');
    const first = await fetch(`${server.url}/${android.slug}/${release.id}/download`, { redirect: 'manual' });
    url = new URL(first.headers.get('location')!, server.url).toString();
  }, S3_START);
  afterAll(() => server?.close());

  it('streams the file through Tarmac, whole (200), by range (206), HEAD and If-None-Match (304)', async () => {
    const whole = await fetch(url, { redirect: 'manual' });
    expect(whole.status).toBe(200);
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(APK));
    const part = await fetch(url, { headers: { range: 'bytes=10-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${APK.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(APK.subarray(10, 100))).toBe(true);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(APK.length));
    const again = await fetch(url, { headers: { 'if-none-match': whole.headers.get('etag')! } });
    expect(again.status).toBe(304);
    await expect.poll(async () => (await releaseRow(server, release.id))!.download_count).toBe(1);
  });
});

describe('many downloads streaming from S3 at once', () => {
  it('do not exhaust the connections: 80 open reads, and the store still answers', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tarmac-storage-'));
    const storage = createS3Storage(s3Settings(await newBucket()), dataDir, noLog);
    const size = 16 * 1024 * 1024;
    await storage.putBuffer('releases/many/app.apk', randomBytes(size));
    // Each read holds its connection while its reader is slow (here: not reading at all).
    const open = await Promise.all(Array.from({ length: 80 }, () => storage.read('releases/many/app.apk', { start: 0, end: size - 1 })));
    const late = new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000));
    expect(await Promise.race([storage.stat('releases/many/app.apk'), late])).toEqual({ size });
    for (const stream of open) stream.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }, S3_START);
});

describe('a store that cannot be reached', () => {
  it('answers every operation with the 503 error, logging the cause once per call', async () => {
    // A port nothing listens on: connection refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tarmac-storage-'));
    const errors: string[] = [];
    const server = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b' };
    const nowhere = { name: 'nowhere', server };
    const storage = createS3Storage(s3Settings(nowhere), dataDir, { error: (_object, message) => errors.push(message) });
    const unavailable = { code: 'service.storage_unavailable', message: 'The file store cannot be reached; try again later' };
    await expect(storage.putBuffer('icons/x.png', Buffer.from('x'))).rejects.toMatchObject(unavailable);
    await expect(storage.stat('icons/x.png')).rejects.toMatchObject(unavailable);
    await expect(storage.read('icons/x.png')).rejects.toMatchObject(unavailable);
    await expect(storage.delete('icons/x.png')).rejects.toMatchObject(unavailable);
    expect(errors).toEqual(['S3 storage: put failed', 'S3 storage: stat failed', 'S3 storage: read failed', 'S3 storage: delete failed']);
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('a store that fails', () => {
  let server: TestServer;
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await newBucket();
    // A bucket that does not exist: every write fails as a misconfigured or unreachable store does.
    server = await startServer(bucket.env({ TARMAC_S3_BUCKET: `${bucket.name}-missing` }));
  }, S3_START);
  afterAll(() => server?.close());

  it('answers an upload 503 with a clear message and keeps no row, no object and no temp file', async () => {
    const owner = await server.newUser({ role: 'admin' });
    const android = await newApp(server, { ownerId: owner.id });
    const form = new FormData();
    form.append('token', owner.token);
    form.append('channel_key', android.key);
    form.append('file', new Blob([new Uint8Array(APK)]), 'android.apk');
    const res = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
    expect(res.status).toBe(503);
    const error = 'The file store cannot be reached; try again later';
    expect(await res.json()).toEqual({ error, code: 'service.storage_unavailable', params: {} });
    const rows = await server.database.db.selectFrom('releases').select('id').execute();
    expect(rows).toEqual([]);
    expect(await bucket.keys()).toEqual([]);
    expect(readdirSync(path.join(server.dataDir, 'tmp'))).toEqual([]);
    expect(server.logs.join('')).toMatch(/S3 storage: upload failed/);
  });

  it('answers a debug file upload 503 and keeps no row and no temp file', async () => {
    const owner = await server.newUser({ role: 'admin' });
    const ios = await newApp(server, { ownerId: owner.id, deviceType: 'ios', channel: 'iOS' });
    const res = await uploadDebugFile(server, { token: owner.token, channel_key: ios.key }, { data: DSYM, name: 'ios-dsym-single.zip' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'service.storage_unavailable' });
    expect(await server.database.db.selectFrom('debug_files').select('id').execute()).toEqual([]);
    expect(readdirSync(path.join(server.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers a download 503 when the store cannot tell whether the file is there', async () => {
    const owner = await server.newUser({ role: 'admin' });
    const android = await newApp(server, { ownerId: owner.id });
    await storedReleaseRow(server, android.channelId);
    const id = (await server.database.db.selectFrom('releases').select('id').executeTakeFirstOrThrow()).id;
    const res = await fetch(`${server.url}/${android.slug}/${id}/download/app.apk`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'service.storage_unavailable' });
  });
});

/** A release row whose file is meant to be in the store (nothing is written there). */
async function storedReleaseRow(server: TestServer, channelId: number): Promise<void> {
  const timestamp = new Date().toISOString();
  await server.database.db
    .insertInto('releases')
    .values({
      channel_id: channelId, version: 1, release_version: '1.0', build_version: '1', version_key: 'v1', source: 'api', platform: 'android',
      device_type: 'phone', format: 'apk', size: 13, checksum: 'f'.repeat(64), file_key: 'releases/gone/app.apk', file_name: 'app.apk',
      icon_key: null, changelog: '[]', custom_fields: '[]', metadata: '{}', created_at: timestamp, updated_at: timestamp,
    })
    .execute();
}
