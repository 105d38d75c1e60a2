// Downloads: `/<slug>/<id>/download` (the download_url and install_url of API answers)
// redirects to a URL ending in the file name (updaters HEAD it, follow the redirect and read
// the extension), and that URL sends the
// file with its type, length, validators, Range support and a Content-Disposition name made by
// the channel's download_filename_type. A completed download (the whole file, or a range
// reaching the last byte) counts once; HEAD, partial, aborted and revalidated ones do not.
//
// A password-protected channel guards both steps, the iOS manifest and the icon alike (Zealot
// checked only the first step, so the file URL bypassed the password): each path is tried
// without access, with the grant as cookie and as ?grant=, with an expired, foreign or
// tampered grant, signed in as a collaborator, an outsider and an admin, and after the
// password changes. API answers give entitled callers links that carry a grant. Zealot's
// id-only paths (/download/releases/<id>, /api/releases/<id>/icon) open only for the team or a
// grant holder; anyone else gets 404 (public-urls.test.ts sweeps every id).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCookieName } from '../src/auth/grants.ts';
import { addCollaborator, newApp, now, uploadBuild } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { currentIphoneIpa } from './helpers/signing.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const APK = readFileSync(path.join(FIXTURES, 'android.apk'));
// iphone.ipa re-signed with a current profile: the fixture's expired in 2017 and gets no manifest (install-problems.test.ts).
const IPA = currentIphoneIpa();
const APK_TYPE = 'application/vnd.android.package-archive';
const NOT_FOUND_RELEASE = { error: 'Not found release' };
const GUARDED = "This release's channel is protected by a password: open the release page and enter it, or sign in";
const PASSWORD = 'open sesame';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let admin: TestUser;
let sessions: { member: string; outsider: string; admin: string };

beforeAll(async () => {
  server = await startServer();
  owner = await server.newUser({ role: 'developer' });
  member = await server.newUser();
  outsider = await server.newUser({ role: 'developer' });
  admin = await server.newUser({ role: 'admin' });
  sessions = {
    member: (await signIn(server, member.username, member.password)).cookie,
    outsider: (await signIn(server, outsider.username, outsider.password)).cookie,
    admin: (await signIn(server, admin.username, admin.password)).cookie,
  };
});
afterAll(() => server.close());

interface ReleaseAnswer {
  id: number;
  checksum: string;
  created_at: string;
  install_url: string;
  download_url: string;
  icon_url: string | null;
  release_url: string;
  download_count: number;
  install_count: number;
}

/** An app the owner runs, with the member as a collaborator. */
async function team(deviceType: 'android' | 'ios' = 'android'): Promise<TestChannel> {
  const tc = await newApp(server, { ownerId: owner.id, deviceType, channel: deviceType === 'ios' ? 'iOS' : 'Android' });
  await addCollaborator(server, tc.appId, member.id, 'member');
  return tc;
}

/** The slugged download URL, and the file URL it redirects to. */
const downloadUrl = (tc: TestChannel, id: number) => `${server.url}/${tc.slug}/${id}/download`;
const fileUrlOf = (tc: TestChannel, id: number, name: string) => `${downloadUrl(tc, id)}/${name}`;

/** Uploads a fixture through the API as the owner; answers the release. */
async function upload(tc: TestChannel, file: Buffer = APK, name = file === IPA ? 'iphone.ipa' : 'android.apk'): Promise<ReleaseAnswer> {
  return uploadBuild<ReleaseAnswer>(server, owner.token, tc.key, file, name);
}

/** A release row whose file is `bytes`, for sizes and names no fixture has. */
async function storedFile(tc: TestChannel, bytes: Buffer, fileName = 'big.apk'): Promise<number> {
  const key = `releases/test-${randomBytes(6).toString('hex')}/package.apk`;
  await server.services.storage.putBuffer(key, bytes);
  const timestamp = now();
  const row = await server.database.db
    .insertInto('releases')
    .values({
      channel_id: tc.channelId,
      version: Math.floor(Math.random() * 1e9),
      release_version: '3.0',
      build_version: '30',
      version_key: 'k',
      source: 'api',
      platform: 'android',
      device_type: 'phone',
      format: 'apk',
      size: bytes.length,
      checksum: createHash('sha256').update(bytes).digest('hex'),
      file_key: key,
      file_name: fileName,
      icon_key: null,
      changelog: '[]',
      custom_fields: '[]',
      metadata: '{}',
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function setChannel(tc: TestChannel, values: { password?: string; download_filename_type?: string }): Promise<void> {
  const res = await api(server, `/api/channels/${tc.channelId}`, { method: 'PUT', token: owner.token, json: values });
  expect(res.status, res.text).toBe(200);
}

/** A grant as the password form gives it. */
async function grantFor(tc: TestChannel, password = PASSWORD): Promise<string> {
  const channel = await server.services.accessService.channelBySlug(tc.slug);
  const grant = await server.services.accessService.unlock(channel!, password);
  if (!grant) throw new Error('wrong password');
  return grant.token;
}

async function counts(id: number): Promise<{ download_count: number; install_count: number }> {
  const res = await api<ReleaseAnswer>(server, `/api/releases/${id}`, { token: owner.token });
  return { download_count: res.body.download_count, install_count: res.body.install_count };
}

/** Counting happens once the last byte left: poll briefly for the expected value. */
async function expectCounts(id: number, expected: { download_count: number; install_count: number }): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (JSON.stringify(await counts(id)) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await counts(id)).toEqual(expected);
}

/** Waits long enough for a wrongly counted download to show. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** The name Zealot's version_datetime rule gives a release uploaded at `createdAt`. */
function zealotName(slug: string, releaseVersion: string, buildVersion: string, createdAt: string, ext: string): string {
  const d = new Date(createdAt);
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;
  return `${slug}_${releaseVersion}_${buildVersion}_${stamp}${ext}`;
}

async function fetchBytes(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/** The name a browser saves under: the UTF-8 form of Content-Disposition. */
function savedName(header: string | null): string {
  const match = /^attachment; filename="[^"\\]*"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*)$/.exec(header ?? '');
  if (!match) throw new Error(`not a valid Content-Disposition: ${header}`);
  return decodeURIComponent(match[1]!);
}

describe('GET /<slug>/<id>/download', () => {
  let tc: TestChannel;
  let release: ReleaseAnswer;
  let fileUrl: string;
  let first: string;
  beforeAll(async () => {
    tc = await team();
    release = await upload(tc);
    fileUrl = fileUrlOf(tc, release.id, zealotName(tc.slug, '2.1.0', '10', release.created_at, '.apk'));
    first = `/${tc.slug}/${release.id}/download`;
  });

  it('redirects to a URL ending in the file name, as the API links promise', async () => {
    expect(release.download_url).toBe(downloadUrl(tc, release.id));
    for (const method of ['GET', 'HEAD']) {
      const res = await api(server, first, { method });
      expect(res.status, method).toBe(302);
      expect(res.headers.get('location')).toBe(fileUrl);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('passes a given ?grant= on to the file URL', async () => {
    const res = await api(server, `${first}?grant=1.2.abc_-`);
    expect(res.headers.get('location')).toBe(`${fileUrl}?grant=1.2.abc_-`);
    const junk = await api(server, `${first}?grant=${encodeURIComponent('"><script>')}`);
    expect(junk.headers.get('location')).toBe(fileUrl);
  });

  it("lets an updater HEAD the first URL, follow the redirect and read the extension from the final URL", async () => {
    const response = await fetch(server.url + first, { method: 'HEAD', redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(new URL(response.url).pathname.endsWith('.apk')).toBe(true);
    expect(response.headers.get('content-length')).toBe(String(APK.length));
    expect(response.headers.get('content-type')).toBe(APK_TYPE);
    const get = await fetch(server.url + first);
    expect(Buffer.from(await get.arrayBuffer()).equals(APK)).toBe(true);
  });

  it('answers 404 Not found release for a release that does not exist or an id that is not one', async () => {
    for (const id of ['2147483647', '0', 'abc', '-1', '1.5', '99999999999999999999']) {
      const res = await api(server, `/${tc.slug}/${id}/download`);
      expect(res.status, id).toBe(404);
      expect(res.body, id).toMatchObject(NOT_FOUND_RELEASE);
    }
  });

  it('answers 404 Not found release, at both steps, when the stored file is gone', async () => {
    const id = await storedFile(tc, Buffer.from('will vanish'));
    const row = await server.database.db.selectFrom('releases').select('file_key').where('id', '=', id).executeTakeFirstOrThrow();
    await server.services.storage.delete(row.file_key);
    for (const url of [`/${tc.slug}/${id}/download`, `/${tc.slug}/${id}/download/big.apk`]) {
      const res = await api(server, url);
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND_RELEASE);
    }
  });
});

describe('GET /<slug>/<id>/download/<file name>', () => {
  let tc: TestChannel;
  let release: ReleaseAnswer;
  let url: string;
  let etag: string;
  beforeAll(async () => {
    tc = await team();
    release = await upload(tc);
    url = fileUrlOf(tc, release.id, zealotName(tc.slug, '2.1.0', '10', release.created_at, '.apk'));
    etag = `"${release.checksum}"`;
  });

  it('sends the file with its type, length, validators and name', async () => {
    const { response, body } = await fetchBytes(url);
    expect(response.status).toBe(200);
    expect(body.equals(APK)).toBe(true);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': APK_TYPE,
      'content-length': String(APK.length),
      'accept-ranges': 'bytes',
      etag,
      'last-modified': new Date(release.created_at).toUTCString(),
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${path.basename(url)}"; filename*=UTF-8''${path.basename(url)}`);
  });

  it('sends an ipa as application/vnd.iphone, as Zealot did', async () => {
    const ios = await team('ios');
    const ipa = await upload(ios, IPA);
    const { response, body } = await fetchBytes(fileUrlOf(ios, ipa.id, 'iphone.ipa'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.iphone');
    expect(savedName(response.headers.get('content-disposition'))).toBe(zealotName(ios.slug, '1.2.3', '5', ipa.created_at, '.ipa'));
    expect(body.equals(IPA)).toBe(true);
  });

  it('serves the release whatever name the path ends in, however long', async () => {
    for (const name of ['anything.zip', encodeURIComponent('名字.apk'), 'a'.repeat(400) + '.apk']) {
      const { response, body } = await fetchBytes(fileUrlOf(tc, release.id, name));
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toBe(APK_TYPE);
      expect(body.length).toBe(APK.length);
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await fetch(url, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(APK.length));
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    const ranged = await fetch(url, { method: 'HEAD', headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-length')).toBe('10');
  });

  describe('Range', () => {
    const size = APK.length;
    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=-100', size - 100, size - 1],
      ['bytes=4000000-', 4000000, size - 1],
      ['bytes=1000-99999999', 1000, size - 1],
      ['bytes=7-7', 7, 7],
    ])('%s → 206 with that slice', async (range, start, end) => {
      const { response, body } = await fetchBytes(url, { headers: { range } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(body.equals(APK.subarray(start, end + 1))).toBe(true);
    });

    it.each(['bytes=4000563-', `bytes=${size + 10}-${size + 20}`, 'bytes=-0'])('%s → 416 with the size in Content-Range', async (range) => {
      const { response } = await fetchBytes(url, { headers: { range } });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
    });

    it.each(['bytes=0-9,20-29', 'bytes=9-5', 'lines=1-2', 'bytes=x'])('%s → 200 with the whole file', async (range) => {
      const { response, body } = await fetchBytes(url, { headers: { range } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBeNull();
      expect(body.length).toBe(size);
    });

    it('applies If-Range only while the tag or date still matches', async () => {
      const same = await fetchBytes(url, { headers: { range: 'bytes=0-9', 'if-range': etag } });
      expect(same.response.status).toBe(206);
      expect(same.body.equals(APK.subarray(0, 10))).toBe(true);
      const byDate = await fetchBytes(url, { headers: { range: 'bytes=0-9', 'if-range': new Date(release.created_at).toUTCString() } });
      expect(byDate.response.status).toBe(206);
      for (const stale of ['"0000"', `W/${etag}`, 'Mon, 01 Jan 2001 00:00:00 GMT']) {
        const res = await fetchBytes(url, { headers: { range: 'bytes=0-9', 'if-range': stale } });
        expect(res.response.status, stale).toBe(200);
        expect(res.body.length).toBe(size);
      }
    });

    it('sends an empty file whole, and refuses any range of it', async () => {
      const empty = await storedFile(tc, Buffer.alloc(0), 'empty.apk');
      const whole = await fetchBytes(fileUrlOf(tc, empty, 'empty.apk'));
      expect(whole.response.status).toBe(200);
      expect(whole.response.headers.get('content-length')).toBe('0');
      const ranged = await fetchBytes(fileUrlOf(tc, empty, 'empty.apk'), { headers: { range: 'bytes=0-' } });
      expect(ranged.response.status).toBe(416);
      expect(ranged.response.headers.get('content-range')).toBe('bytes */0');
    });
  });

  it('answers 304 without a body to a matching If-None-Match', async () => {
    const { response, body } = await fetchBytes(url, { headers: { 'if-none-match': etag } });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(etag);
    expect(body.length).toBe(0);
    expect((await fetchBytes(url, { headers: { 'if-none-match': '"other"' } })).response.status).toBe(200);
  });

  it('answers 404 Not found release for a release that does not exist', async () => {
    const res = await api(server, `/${tc.slug}/2147483647/download/x.apk`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(NOT_FOUND_RELEASE);
  });
});

describe('download file names', () => {
  let tc: TestChannel;
  let release: ReleaseAnswer;
  beforeAll(async () => {
    tc = await team();
    release = await upload(tc);
  });

  /** The redirect's last path segment, decoded, and the name the file is saved under. */
  async function names(id: number, channel: TestChannel = tc): Promise<{ inUrl: string; saved: string }> {
    const first = await fetch(downloadUrl(channel, id), { redirect: 'manual' });
    expect(first.status).toBe(302);
    const location = first.headers.get('location')!;
    expect(location.startsWith(`${downloadUrl(channel, id)}/`)).toBe(true);
    const segment = location.slice(`${downloadUrl(channel, id)}/`.length);
    expect(segment).not.toMatch(/[^A-Za-z0-9%._~!'()*+-]/);
    const second = await fetch(location, { method: 'HEAD' });
    expect(second.status).toBe(200);
    return { inUrl: decodeURIComponent(segment), saved: savedName(second.headers.get('content-disposition')) };
  }

  it('version_datetime leaves out the versions a release does not have', async () => {
    // An upload whose package has no version stores none; an edit can no longer blank it (422).
    await server.database.db.updateTable('releases').set({ release_version: null }).where('id', '=', release.id).execute();
    const stamp = zealotName(tc.slug, 'x', 'x', release.created_at, '.apk').split('_').pop()!;
    const expected = `${tc.slug}_10_${stamp}`;
    expect(await names(release.id)).toEqual({ inUrl: expected, saved: expected });
    await api(server, `/api/releases/${release.id}`, { method: 'PUT', token: owner.token, json: { release_version: '2.1.0 (rc/1)' } });
    const safe = `${tc.slug}_2.1.0-rc-1_10_${stamp}`;
    expect(await names(release.id)).toEqual({ inUrl: safe, saved: safe });
  });

  it.each([
    ['AppInfoDemo-release.apk', 'AppInfoDemo-release.apk'],
    ['My "App" (beta) 100%.apk', 'My _App_ (beta) 100%.apk'],
    ['测试 应用 v2.apk', '测试 应用 v2.apk'],
    // Names as the upload stores them (at most 255 characters, no NUL: PostgreSQL refuses NUL in text).
    ['line\r\nbreak\u0007.apk', 'linebreak.apk'],
    ['C:\\ci\\out\\build.apk', 'build.apk'],
    [`${'n'.repeat(250)}.apk`, `${'n'.repeat(176)}.apk`],
  ])('original_filename: %j is saved as %j', async (stored, expected) => {
    const channel = await team();
    await setChannel(channel, { download_filename_type: 'original_filename' });
    const id = await storedFile(channel, Buffer.from('x'), stored);
    expect(await names(id, channel)).toEqual({ inUrl: expected, saved: expected });
  });

  it('original_filename falls back to the version_datetime name when nothing usable is left', async () => {
    const channel = await team();
    await setChannel(channel, { download_filename_type: 'original_filename' });
    const id = await storedFile(channel, Buffer.from('x'), ' \u0007 ');
    const row = await server.database.db.selectFrom('releases').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
    const expected = zealotName(channel.slug, '3.0', '30', row.created_at, '.apk');
    expect(await names(id, channel)).toEqual({ inUrl: expected, saved: expected });
  });
});

describe('download and install counts', () => {
  let tc: TestChannel;
  beforeAll(async () => {
    tc = await team();
  });

  it('start at 0 and are in the release answers of the API', async () => {
    const release = await upload(tc);
    expect(release).toMatchObject({ download_count: 0, install_count: 0 });
    const latest = await api(server, `/api/apps/latest?channel_key=${tc.key}`);
    expect(latest.body.releases[0]).toMatchObject({ id: release.id, download_count: 0, install_count: 0 });
    const openapi = await api(server, '/api/openapi.json');
    expect(openapi.body.components.schemas.Release.properties.download_count).toMatchObject({ type: 'integer', description: expect.any(String) });
  });

  it('count each completed download once; HEAD, 304, 416 and ranges that stop short do not', async () => {
    const release = await upload(tc);
    const url = fileUrlOf(tc, release.id, 'x.apk');
    await fetchBytes(url);
    await expectCounts(release.id, { download_count: 1, install_count: 0 });
    await fetch(url, { method: 'HEAD' });
    await fetch(downloadUrl(tc, release.id), { method: 'HEAD', redirect: 'follow' });
    await fetchBytes(url, { headers: { range: 'bytes=0-99' } });
    await fetchBytes(url, { headers: { 'if-none-match': `"${release.checksum}"` } });
    await fetchBytes(url, { headers: { range: `bytes=${APK.length}-` } });
    await fetchBytes(downloadUrl(tc, release.id));
    await settle();
    expect(await counts(release.id)).toEqual({ download_count: 1, install_count: 0 });
    // A resumed download: the range that reaches the last byte completes it.
    await fetchBytes(url, { headers: { range: 'bytes=100-' } });
    await expectCounts(release.id, { download_count: 2, install_count: 0 });
  });

  it('count parallel downloads atomically', async () => {
    const id = await storedFile(tc, randomBytes(64 * 1024));
    await Promise.all(Array.from({ length: 8 }, () => fetchBytes(fileUrlOf(tc, id, 'x.apk'))));
    await expectCounts(id, { download_count: 8, install_count: 0 });
  });

  it('do not count a download the client abandons', async () => {
    const id = await storedFile(tc, randomBytes(48 * 1024 * 1024));
    const { port } = new URL(server.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /${tc.slug}/${id}/download/big.apk HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      });
      socket.once('data', (chunk) => {
        expect(chunk.toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await counts(id)).toEqual({ download_count: 0, install_count: 0 });
    // The same file downloaded whole counts.
    await fetchBytes(fileUrlOf(tc, id, 'big.apk'));
    await expectCounts(id, { download_count: 1, install_count: 0 });
  });
});

// ---------------------------------------------------------------------------------------
// Password-protected channels: every public path of a release, every kind of caller.

interface GuardedPath {
  name: string;
  /** The channel whose grant opens it. */
  channel: () => TestChannel;
  url: () => string;
  open(res: Response, body: Buffer): void;
  refused(res: Response, body: Buffer): void;
}

describe('password-protected channels', () => {
  let android: TestChannel;
  let ios: TestChannel;
  let foreign: TestChannel;
  let apk: ReleaseAnswer;
  let ipa: ReleaseAnswer;
  let grants: { android: string; ios: string; foreign: string };

  beforeAll(async () => {
    android = await team();
    ios = await team('ios');
    foreign = await team();
    apk = await upload(android);
    ipa = await upload(ios, IPA);
    for (const tc of [android, ios, foreign]) await setChannel(tc, { password: PASSWORD });
    grants = { android: await grantFor(android), ios: await grantFor(ios), foreign: await grantFor(foreign) };
  });

  const releasePage = (tc: TestChannel, id: number) => `${server.url}/${tc.slug}/${id}`;

  const recordNotFound = (res: Response, body: Buffer) => {
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(JSON.parse(body.toString())).toMatchObject({ error: 'Record not found' });
  };
  const fileOpens = (res: Response, body: Buffer) => {
    expect(res.status).toBe(200);
    expect(body.equals(APK)).toBe(true);
  };
  const iconOpens = (res: Response, body: Buffer) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(body.subarray(1, 4).toString()).toBe('PNG');
  };
  const fileName = () => `${android.slug}_2\\.1\\.0_10_\\d{12}\\.apk`;

  const paths: GuardedPath[] = [
    {
      name: 'GET /<slug>/<id>/download',
      channel: () => android,
      url: () => downloadUrl(android, apk.id),
      open(res) {
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toMatch(new RegExp(`^${downloadUrl(android, apk.id)}/${fileName()}(\\?grant=.+)?$`));
      },
      refused(res) {
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(releasePage(android, apk.id));
      },
    },
    {
      name: 'GET /<slug>/<id>/download/<file name>',
      channel: () => android,
      url: () => fileUrlOf(android, apk.id, 'android.apk'),
      open: fileOpens,
      refused(res, body) {
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(releasePage(android, apk.id));
        expect(body.length).toBe(0);
      },
    },
    {
      name: 'GET /channels/:slug/releases/:id/install',
      channel: () => ios,
      url: () => `${server.url}/channels/${ios.slug}/releases/${ipa.id}/install`,
      open(res, body) {
        expect(res.status).toBe(200);
        expect(body.toString()).toContain('<string>software-package</string>');
      },
      refused(res, body) {
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8');
        expect(body.toString()).toContain(`<key>error</key>\n\t<string>${GUARDED}</string>`);
        expect(body.toString()).not.toContain('software-package');
      },
    },
    {
      name: 'GET /<slug>/<id>/icon.png',
      channel: () => android,
      url: () => `${server.url}/${android.slug}/${apk.id}/icon.png`,
      open: iconOpens,
      refused(res, body) {
        expect(res.status).toBe(403);
        expect(JSON.parse(body.toString())).toMatchObject({ error: GUARDED });
      },
    },
    // Zealot's id-only paths: the team or a grant holder; anyone else learns nothing, not even the slug.
    {
      name: 'GET /download/releases/:id',
      channel: () => android,
      url: () => `${server.url}/download/releases/${apk.id}`,
      open(res) {
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toMatch(new RegExp(`^${downloadUrl(android, apk.id)}/${fileName()}\\?grant=${android.channelId}\\..+$`));
      },
      refused: recordNotFound,
    },
    {
      name: 'GET /download/releases/:id/:filename',
      channel: () => android,
      url: () => `${server.url}/download/releases/${apk.id}/android.apk`,
      open: fileOpens,
      refused: recordNotFound,
    },
    {
      name: 'GET /api/releases/:id/icon',
      channel: () => android,
      url: () => `${server.url}/api/releases/${apk.id}/icon`,
      open: iconOpens,
      refused: recordNotFound,
    },
  ];

  const withQuery = (url: string, grant: string) => `${url}?grant=${encodeURIComponent(grant)}`;
  const expiredGrant = async (tc: TestChannel) => {
    const channel = await server.services.accessService.channelBySlug(tc.slug);
    return server.services.accessService.issueGrant(channel!, Date.now() - 48 * 3600 * 1000).token;
  };
  const grantOf = (tc: TestChannel) => (tc === android ? grants.android : grants.ios);

  describe.each(paths)('$name', (target) => {
    async function attempt(url: string, headers: Record<string, string> = {}) {
      const { response, body } = await fetchBytes(url, { headers });
      return { response, body };
    }

    it('refuses a caller without access', async () => {
      const { response, body } = await attempt(target.url());
      target.refused(response, body);
    });

    it('opens with the grant as cookie', async () => {
      const tc = target.channel();
      const { response, body } = await attempt(target.url(), { cookie: `${grantCookieName(tc.channelId)}=${grantOf(tc)}` });
      target.open(response, body);
    });

    it('opens with the grant as ?grant=', async () => {
      const { response, body } = await attempt(withQuery(target.url(), grantOf(target.channel())));
      target.open(response, body);
    });

    it('refuses an expired, foreign or tampered grant, as cookie or parameter', async () => {
      const tc = target.channel();
      const good = grantOf(tc);
      const bad = [await expiredGrant(tc), grants.foreign, `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`, good.replace(/^\d+/, String(foreign.channelId)), 'junk'];
      for (const grant of bad) {
        const asQuery = await attempt(withQuery(target.url(), grant));
        target.refused(asQuery.response, asQuery.body);
        const asCookie = await attempt(target.url(), { cookie: `${grantCookieName(tc.channelId)}=${grant}` });
        target.refused(asCookie.response, asCookie.body);
      }
      // A valid grant under another channel's cookie name opens nothing here.
      const misfiled = await attempt(target.url(), { cookie: `${grantCookieName(foreign.channelId)}=${grants.foreign}` });
      target.refused(misfiled.response, misfiled.body);
    });

    it("opens for a collaborator's session and a global admin's", async () => {
      for (const cookie of [sessions.member, sessions.admin]) {
        const { response, body } = await attempt(target.url(), { cookie });
        target.open(response, body);
      }
      const { response, body } = await attempt(target.url(), { authorization: `Bearer ${member.token}` });
      target.open(response, body);
    });

    it('refuses a signed-in user who is not on the team', async () => {
      const { response, body } = await attempt(target.url(), { cookie: sessions.outsider });
      target.refused(response, body);
      const byToken = await attempt(target.url(), { authorization: `Bearer ${outsider.token}` });
      target.refused(byToken.response, byToken.body);
    });
  });

  it('refuses every old grant once the password changes; a grant for the new one opens again', async () => {
    const oldAndroid = grants.android;
    const oldIos = grants.ios;
    await setChannel(android, { password: 'new password' });
    await setChannel(ios, { password: 'new password' });
    try {
      for (const target of paths) {
        const tc = target.channel();
        const old = tc === android ? oldAndroid : oldIos;
        const asQuery = await fetchBytes(withQuery(target.url(), old));
        target.refused(asQuery.response, asQuery.body);
        const asCookie = await fetchBytes(target.url(), { headers: { cookie: `${grantCookieName(tc.channelId)}=${old}` } });
        target.refused(asCookie.response, asCookie.body);
        const fresh = await fetchBytes(withQuery(target.url(), await grantFor(tc, 'new password')));
        target.open(fresh.response, fresh.body);
      }
      expect(await server.services.accessService.unlock(
        (await server.services.accessService.channelBySlug(android.slug))!,
        PASSWORD,
      )).toBeNull();
    } finally {
      await setChannel(android, { password: PASSWORD });
      await setChannel(ios, { password: PASSWORD });
      grants.android = await grantFor(android);
      grants.ios = await grantFor(ios);
    }
  });

  it('keeps the grant from the first step to the file, so a ?grant= link downloads in one go', async () => {
    for (const first of [downloadUrl(android, apk.id), `${server.url}/download/releases/${apk.id}`]) {
      const response = await fetch(withQuery(first, grants.android));
      expect(response.status, first).toBe(200);
      expect(response.url).toMatch(/\.apk\?grant=/);
      expect(Buffer.from(await response.arrayBuffer()).equals(APK)).toBe(true);
    }
  });

  describe('links in API answers', () => {
    /** The grant in a link, checked against the channel, and the link opening the path without any other credential. */
    async function expectWorkingGrant(link: string, tc: TestChannel): Promise<void> {
      const grant = new URL(link.replace(/^itms-services:\/\/\?action=download-manifest&url=/, '')).searchParams.get('grant');
      expect(grant, link).toMatch(new RegExp(`^${tc.channelId}\\.\\d+\\.[A-Za-z0-9_-]{32}$`));
      const channel = await server.services.accessService.channelBySlug(tc.slug);
      expect(server.services.accessService.heldGrant(channel!, [grant!])).toBe(grant);
    }

    it('GET /api/releases/:id gives a collaborator links with a grant that opens the file, the icon and the manifest', async () => {
      const res = await api<ReleaseAnswer>(server, `/api/releases/${apk.id}`, { token: member.token });
      expect(res.status).toBe(200);
      expect(res.body.release_url).toBe(releasePage(android, apk.id));
      for (const link of [res.body.download_url, res.body.install_url, res.body.icon_url!]) {
        await expectWorkingGrant(link, android);
        const opened = await fetchBytes(link, { redirect: 'follow' });
        expect(opened.response.status, link).toBe(200);
      }
      const iosAnswer = await api<ReleaseAnswer>(server, `/api/releases/${ipa.id}`, { token: member.token });
      expect(iosAnswer.body.install_url).toMatch(/^itms-services:\/\/\?action=download-manifest&url=http.*\/install\?grant=/);
      const manifest = await fetch(iosAnswer.body.install_url.replace('itms-services://?action=download-manifest&url=', ''));
      expect(manifest.status).toBe(200);
      const packageUrl = /<key>url<\/key>\n\t{5}<string>([^<]+)<\/string>/.exec(await manifest.text())![1]!;
      await expectWorkingGrant(packageUrl, ios);
      expect((await fetch(packageUrl, { method: 'HEAD' })).status).toBe(200);
    });

    it('latest, versions and version_exist give the channel key holder links with a grant', async () => {
      const latest = await api(server, `/api/apps/latest?channel_key=${android.key}`);
      const versions = await api(server, `/api/apps/versions?channel_key=${android.key}`);
      const exist = await api(server, `/api/apps/version_exist?channel_key=${android.key}&bundle_id=com.icyleaf.appinfodemo&release_version=2.1.0&build_version=10`);
      for (const release of [latest.body.releases[0], versions.body.releases[0], exist.body] as ReleaseAnswer[]) {
        expect(release.id).toBe(apk.id);
        for (const link of [release.install_url, release.download_url, release.icon_url!]) await expectWorkingGrant(link, android);
        expect((await fetchBytes(release.install_url, { redirect: 'follow' })).response.status).toBe(200);
      }
    });

    it("the upload answer gives the uploader links with a grant", async () => {
      const uploaded = await upload(android);
      for (const link of [uploaded.install_url, uploaded.download_url, uploaded.icon_url!]) await expectWorkingGrant(link, android);
      expect(uploaded.release_url).toBe(releasePage(android, uploaded.id));
    });

    it('links to channels without a password carry no grant', async () => {
      const open = await team();
      const uploaded = await upload(open);
      const latest = await api(server, `/api/apps/latest?channel_key=${open.key}`);
      for (const release of [uploaded, latest.body.releases[0] as ReleaseAnswer]) {
        expect(release.download_url).toBe(downloadUrl(open, uploaded.id));
        expect(release.install_url).toBe(downloadUrl(open, uploaded.id));
        expect(release.icon_url).toBe(`${server.url}/${open.slug}/${uploaded.id}/icon.png`);
      }
    });
  });
});
