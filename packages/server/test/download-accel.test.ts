// TARMAC_DOWNLOAD_ACCEL: Tarmac checks access, counts the download and hands the file to the
// reverse proxy. Through a real nginx (Debian's, started by helpers/nginx.ts) set up as
// docs/downloads-accel.md says: the file comes out byte for byte with Tarmac's name, type and
// validators, Range and If-None-Match work, a password-protected channel still sends the caller
// to the password form, a download counts once, and the internal location is not reachable
// from outside. `sendfile` answers X-Sendfile with the file's path; storage that is not on the
// local disk is refused at start; a bad setting stops the start with the variable's name.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/index.ts';
import { createLocalStorage } from '../src/storage/local.ts';
import type { Storage } from '../src/storage/storage.ts';
import { newApp, uploadBuild } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { documentedAccelLocation, startNginx } from './helpers/nginx.ts';
import type { RunningNginx } from './helpers/nginx.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const APK = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk'));
const APK_TYPE = 'application/vnd.android.package-archive';
/** The documented (and default) TARMAC_DOWNLOAD_ACCEL_PREFIX. */
const PREFIX = '/_tarmac_files/';

interface ReleaseAnswer {
  id: number;
  checksum: string;
  download_url: string;
  download_count: number;
}

/** nginx in front of `server`, with the internal location docs/downloads-accel.md gives. */
function proxyFor(server: TestServer) {
  return () => `
    ${documentedAccelLocation(path.join(server.dataDir, 'storage'))}
    location / {
      proxy_pass ${server.url};
      proxy_set_header Host $http_host;
    }`;
}

async function downloadCount(server: TestServer, owner: TestUser, id: number): Promise<number> {
  return (await api<ReleaseAnswer>(server, `/api/releases/${id}`, { token: owner.token })).body.download_count;
}

async function expectCount(server: TestServer, owner: TestUser, id: number, expected: number): Promise<void> {
  for (let i = 0; i < 50 && (await downloadCount(server, owner, id)) !== expected; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await downloadCount(server, owner, id)).toBe(expected);
}

describe('TARMAC_DOWNLOAD_ACCEL=nginx through nginx', () => {
  let server: TestServer;
  let nginx: RunningNginx;
  let owner: TestUser;
  let tc: TestChannel;
  let release: ReleaseAnswer;
  /** The file URL the download URL redirects to, through nginx. */
  let fileUrl: string;

  beforeAll(async () => {
    server = await startServer({ TARMAC_DOWNLOAD_ACCEL: 'nginx', TARMAC_METRICS: 'true' });
    nginx = await startNginx(proxyFor(server));
    owner = await server.newUser({ role: 'developer' });
    tc = await newApp(server, { ownerId: owner.id });
    release = await uploadBuild<ReleaseAnswer>(server, owner.token, tc.key, APK, 'android.apk');
    const redirect = await fetch(`${nginx.url}/${tc.slug}/${release.id}/download`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    fileUrl = redirect.headers.get('location')!;
    expect(fileUrl.startsWith(`${nginx.url}/${tc.slug}/${release.id}/download/`)).toBe(true);
  });
  afterAll(async () => {
    await nginx?.stop();
    await server?.close();
  });

  it('sends the whole file with Tarmac’s name, type and validators, and counts it once', async () => {
    const response = await fetch(fileUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(APK)).toBe(true);
    expect(response.headers.get('content-type')).toBe(APK_TYPE);
    expect(response.headers.get('content-length')).toBe(String(APK.length));
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${tc.slug}_2\\.1\\.0_10_\\d{12}\\.apk"`));
    expect(response.headers.get('etag')).toBe(`"${release.checksum}"`);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Tarmac's upload time, not the stored file's mtime (which nginx would send by itself).
    const head = await fetch(fileUrl.replace(nginx.url, server.url), { method: 'HEAD' });
    expect(response.headers.get('last-modified')).toBe(head.headers.get('last-modified'));
    expect(response.headers.get('x-accel-redirect')).toBeNull();
    await expectCount(server, owner, release.id, 1);
    // GET /metrics counts the bytes handed to the proxy.
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(/^tarmac_download_bytes_total (\d+)$/m.exec(metrics)?.[1]).toBe(String(APK.length));
  });

  it('answers a Range from the file, counting only the part that reaches the end', async () => {
    const middle = await fetch(fileUrl, { headers: { range: 'bytes=100-199' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-199/${APK.length}`);
    expect(Buffer.from(await middle.arrayBuffer()).equals(APK.subarray(100, 200))).toBe(true);
    expect(middle.headers.get('content-disposition')).toMatch(/^attachment; /);
    const before = await downloadCount(server, owner, release.id);
    const tail = await fetch(fileUrl, { headers: { range: `bytes=${APK.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(APK.subarray(APK.length - 10))).toBe(true);
    await expectCount(server, owner, release.id, before + 1);
  });

  it('sends the whole file when If-Range names another version, and 416 for a range past the end', async () => {
    const stale = await fetch(fileUrl, { headers: { range: 'bytes=0-9', 'if-range': '"0000"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(APK)).toBe(true);
    const current = await fetch(fileUrl, { headers: { range: 'bytes=0-9', 'if-range': `"${release.checksum}"` } });
    expect(current.status).toBe(206);
    expect(Buffer.from(await current.arrayBuffer()).equals(APK.subarray(0, 10))).toBe(true);
    const past = await fetch(fileUrl, { headers: { range: `bytes=${APK.length + 5}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${APK.length}`);
  });

  it('answers If-None-Match with 304 and HEAD with the headers alone, neither counted', async () => {
    const before = await downloadCount(server, owner, release.id);
    const revalidated = await fetch(fileUrl, { headers: { 'if-none-match': `"${release.checksum}"` } });
    expect(revalidated.status).toBe(304);
    const head = await fetch(fileUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(APK.length));
    expect(head.headers.get('content-type')).toBe(APK_TYPE);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await downloadCount(server, owner, release.id)).toBe(before);
  });

  it('hands over nothing without access: a protected channel sends the caller to its password form', async () => {
    const guarded = await newApp(server, { ownerId: owner.id });
    const res = await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: 'open sesame' } });
    expect(res.status).toBe(200);
    const build = await uploadBuild<ReleaseAnswer>(server, owner.token, guarded.key, APK, 'android.apk');
    const response = await fetch(`${nginx.url}/${guarded.slug}/${build.id}/download/x.apk`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${nginx.url}/${guarded.slug}/${build.id}`);
    expect(await response.text()).toBe('');
  });

  it('keeps the internal location out of reach of clients', async () => {
    const stored = (await server.database.db.selectFrom('releases').select('file_key').where('id', '=', release.id).executeTakeFirstOrThrow()).file_key;
    const direct = await fetch(`${nginx.url}${PREFIX}${stored}`);
    expect(direct.status).toBe(404);
    expect(Buffer.from(await direct.arrayBuffer()).includes(APK.subarray(0, 64))).toBe(false);
    // Tarmac itself names the key under the prefix and sends no bytes.
    const handed = await fetch(fileUrl.replace(nginx.url, server.url));
    expect(handed.headers.get('x-accel-redirect')).toBe(PREFIX + stored);
    expect((await handed.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('TARMAC_DOWNLOAD_ACCEL=sendfile', () => {
  it('answers X-Sendfile with the stored file’s absolute path and no body', async () => {
    const server = await startServer({ TARMAC_DOWNLOAD_ACCEL: 'sendfile' });
    try {
      const owner = await server.newUser({ role: 'developer' });
      const tc = await newApp(server, { ownerId: owner.id });
      const release = await uploadBuild<ReleaseAnswer>(server, owner.token, tc.key, APK, 'android.apk');
      const response = await fetch(`${server.url}/${tc.slug}/${release.id}/download/a.apk`);
      expect(response.status).toBe(200);
      const file = response.headers.get('x-sendfile')!;
      expect(path.isAbsolute(file)).toBe(true);
      expect(readFileSync(file).equals(APK)).toBe(true);
      expect(response.headers.get('content-type')).toBe(APK_TYPE);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
      expect((await response.arrayBuffer()).byteLength).toBe(0);
      await expectCount(server, owner, release.id, 1);
    } finally {
      await server.close();
    }
  });
});

describe('refusals at start', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-accel-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses storage that is not on the local disk, naming the variable', async () => {
    const config = loadConfig({ TARMAC_DATA_DIR: dataDir, TARMAC_DOWNLOAD_ACCEL: 'nginx' });
    // Storage without a local path, as S3 is.
    const remote: Storage = { ...createLocalStorage(dataDir) };
    delete remote.localPath;
    const database = createDatabase(config.database);
    try {
      await expect(buildApp({ config, database, storage: remote })).rejects.toThrow(
        /^Invalid configuration: TARMAC_DOWNLOAD_ACCEL is nginx, but the files are not on local disk/,
      );
    } finally {
      await database.close();
    }
  });

  it('refuses an unknown mode and a prefix that is not a path', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ TARMAC_DATA_DIR: dataDir, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).variable;
      }
      throw new Error('expected a ConfigError');
    };
    expect(refusal({ TARMAC_DOWNLOAD_ACCEL: 'apache' })).toBe('TARMAC_DOWNLOAD_ACCEL');
    for (const prefix of ['_files/', '/_files', '/a/../b/', '/a b/', '//', '/a%2f/']) {
      expect(refusal({ TARMAC_DOWNLOAD_ACCEL: 'nginx', TARMAC_DOWNLOAD_ACCEL_PREFIX: prefix }), prefix).toBe('TARMAC_DOWNLOAD_ACCEL_PREFIX');
    }
    expect(loadConfig({ TARMAC_DATA_DIR: dataDir }).downloadAccel).toEqual({ mode: 'off' });
    expect(loadConfig({ TARMAC_DATA_DIR: dataDir, TARMAC_DOWNLOAD_ACCEL: 'nginx' }).downloadAccel).toEqual({ mode: 'nginx', prefix: '/_tarmac_files/' });
    const custom = { TARMAC_DATA_DIR: dataDir, TARMAC_DOWNLOAD_ACCEL: 'nginx', TARMAC_DOWNLOAD_ACCEL_PREFIX: '/internal/files.v2/' };
    expect(loadConfig(custom).downloadAccel).toEqual({ mode: 'nginx', prefix: '/internal/files.v2/' });
  });
});
