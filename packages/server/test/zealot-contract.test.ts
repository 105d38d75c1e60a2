// Zealot's clients, replayed. Each block sends what one client sends (zealot-clients.md §2:
// paths, query order, encodings, the odd bits such as a double slash, a `+` that arrives as a
// space, a nil sent as a bare key or an empty multipart part) and reads the answer the way
// that client reads it: the Android SDK with org.json's strict getters, the iOS SDK with a
// strict Decodable model that drops the whole answer on one null, fastlane by exact status
// codes and `body['error']`, the upload scripts by status and a field or two. The builds are
// the real fixtures (../shared/fixtures/apps), uploaded through POST /api/apps/upload as each
// client uploads them. A failure here means a deployed client stops working against Tarmac.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionKey } from '../src/modules/versions/fns.ts';
import { newApp, now } from './helpers/factories.ts';
import { fastlaneUploadTo, multipart } from './helpers/fastlane.ts';
import type { TestChannel } from './helpers/factories.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const run = promisify(execFile);

let server: TestServer;
let base: string;
let developer: TestUser;

beforeAll(async () => {
  server = await startServer();
  base = server.url;
  developer = await server.newUser({ role: 'developer' });
});
afterAll(() => server.close());

const JSON_TYPE = 'application/json; charset=utf-8';
const NO_CACHE = 'no-cache, no-store, max-age=0, must-revalidate';
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const fixture = (name: string) => path.join(FIXTURES, name);

// What the fixtures hold (../shared/fixtures/README.md).
const ANDROID = { file: 'android.apk', bundleId: 'com.icyleaf.appinfodemo', releaseVersion: '2.1.0', buildVersion: '10' };
const IPHONE = { file: 'iphone.ipa', bundleId: 'com.icyleaf.AppInfoDemo', releaseVersion: '1.2.3', buildVersion: '5' };

interface Response {
  status: number;
  headers: Headers;
  text: string;
}

/** A raw request, as a client library would send it: nothing rewrites the URL or the body. */
async function send(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** fastlane's `zealot` action (helpers/fastlane.ts), to this server. */
const fastlaneUpload = (fields: Record<string, string>, file: string): Promise<Response> => fastlaneUploadTo(server.url, fields, file);

interface UploadAnswer {
  id: number;
  version: number;
  app: { id: number; name: string };
  channel: { key?: string; slug: string };
  release_url: string;
  install_url: string;
  qrcode_url: string;
  file_name: string;
  release_type: string | null;
}

/** Uploads a fixture to a channel the way fastlane does and answers the release. */
async function upload(channel: TestChannel, file: string, fields: Record<string, string> = {}): Promise<UploadAnswer> {
  const response = await fastlaneUpload({ token: developer.token, channel_key: channel.key, ...fields }, fixture(file));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  return JSON.parse(response.text) as UploadAnswer;
}

/** A channel whose app the developer owns, so fastlane's token may upload to it. */
function ownChannel(deviceType: 'android' | 'ios' | 'windows', channel: string) {
  return newApp(server, { ownerId: developer.id, deviceType, channel });
}

// ---------------------------------------------------------------------------------------
// Android SDK 0.2.0 (OkHttp + org.json): any non-2xx or JSONException means "no prompt".

class JSONException extends Error {}

/** org.json's JSONObject.getString: a string, or a number coerced to one; anything else throws. */
function getString(object: Record<string, unknown>, key: string): string {
  const value = object[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new JSONException(`JSONObject["${key}"] not a string.`);
}

function getJSONArray(object: Record<string, unknown>, key: string): unknown[] {
  const value = object[key];
  if (!Array.isArray(value)) throw new JSONException(`JSONObject["${key}"] is not a JSONArray.`);
  return value;
}

function getJSONObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new JSONException('not a JSONObject');
  return value as Record<string, unknown>;
}

/** What the Android SDK shows: null when it stays silent. */
function androidPrompt(response: { status: number; text: string }): { title: string; body: string; installUrl: string } | null {
  if (response.status < 200 || response.status >= 300) return null;
  try {
    const root = getJSONObject(JSON.parse(response.text));
    const releases = getJSONArray(root, 'releases');
    if (releases.length === 0) return null;
    const first = getJSONObject(releases[0]);
    const title = `发现新版本 ${getString(first, 'release_version')} (${getString(first, 'build_version')})`;
    const installUrl = getString(first, 'install_url');
    const lines: string[] = [];
    for (const release of releases) {
      getJSONArray(getJSONObject(release), 'changelog').forEach((item, index) => {
        lines.push(`${String(index + 1).padStart(2, '0')}. ${getString(getJSONObject(item), 'message')}`);
      });
    }
    return { title, body: lines.join('\n'), installUrl };
  } catch (error) {
    if (error instanceof JSONException || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** OkHttp's HttpUrl.addQueryParameter order, after an endpoint configured with a trailing slash. */
function androidLatestUrl(
  endpoint: string,
  params: { channelKey: string; releaseVersion: string; buildVersion: string; bundleId: string },
): string {
  const query = new URLSearchParams();
  query.append('channel_key', params.channelKey);
  query.append('release_version', params.releaseVersion);
  query.append('build_version', params.buildVersion);
  query.append('bundle_id', params.bundleId);
  query.append('sdk', 'android-0.2.0');
  return `${endpoint}/api/apps/latest?${query.toString()}`;
}

describe('Android SDK 0.2.0: GET /api/apps/latest', () => {
  let channel: TestChannel;
  let first: UploadAnswer;
  let second: UploadAnswer;
  beforeAll(async () => {
    channel = await ownChannel('android', 'Android');
    first = await upload(channel, ANDROID.file, { changelog: 'Older upload' });
    second = await upload(channel, ANDROID.file, { changelog: '- Fix the login crash\n- Faster start-up' });
  });

  it('accepts the double slash of an endpoint ending in "/", and the SDK prompts for the newer build', async () => {
    const url = androidLatestUrl(`${server.url}/`, { channelKey: channel.key, releaseVersion: '2.0.0', buildVersion: '9', bundleId: ANDROID.bundleId });
    expect(url).toContain('//api/apps/latest?channel_key=');
    expect(url).toMatch(/\?channel_key=[^&]+&release_version=2\.0\.0&build_version=9&bundle_id=com\.icyleaf\.appinfodemo&sdk=android-0\.2\.0$/);
    const response = await send(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(JSON_TYPE);
    // Both uploads are 2.1.0 (10); the later one comes first. Numbering restarts per release.
    expect(androidPrompt(response)).toEqual({
      title: '发现新版本 2.1.0 (10)',
      body: '01. Fix the login crash\n02. Faster start-up\n01. Older upload',
      installUrl: `${base}/${channel.slug}/${second.id}/download`,
    });
    expect(second.install_url).toBe(`${base}/${channel.slug}/${second.id}/download`);
    expect(first.id).toBeLessThan(second.id);
  });

  it('stays silent when the app is up to date (releases: [])', async () => {
    const response = await send(androidLatestUrl(`${server.url}/`, { channelKey: channel.key, ...ANDROID }));
    expect(response.status).toBe(200);
    expect((JSON.parse(response.text) as { releases: unknown[] }).releases).toEqual([]);
    expect(androidPrompt(response)).toBeNull();
  });

  it('gets a non-2xx answer for an unknown channel key, so it never prompts', async () => {
    const response = await send(androidLatestUrl(`${server.url}/`, { channelKey: 'not-a-key', releaseVersion: '1.0', buildVersion: '1', bundleId: ANDROID.bundleId }));
    expect(response.status).toBe(401);
    expect(JSON.parse(response.text)).toMatchObject({ error: 'Unauthorized channel key' });
    expect(androidPrompt(response)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------
// iOS SDK 0.2.1 (URLSession + JSONDecoder): only exactly 200 counts, and one field of the
// wrong type or null in any element drops the whole answer.

interface IosRelease {
  version: number;
  release_version: string;
  build_version: string;
  app_name: string;
  bundle_id: string;
  install_url: string;
  changelog: { message: string }[];
}

class DecodingError extends Error {}

/** Swift's JSONDecoder over the SDK's model: `Int` and non-optional `String` fields. */
function iosDecode(text: string): { releases: IosRelease[] } {
  const root: unknown = JSON.parse(text);
  if (root === null || typeof root !== 'object') throw new DecodingError('top level is not an object');
  const releases = (root as Record<string, unknown>).releases;
  if (!Array.isArray(releases)) throw new DecodingError('releases is not an array');
  for (const [index, item] of releases.entries()) {
    if (item === null || typeof item !== 'object') throw new DecodingError(`releases[${index}] is not an object`);
    const release = item as Record<string, unknown>;
    if (!Number.isInteger(release.version)) throw new DecodingError(`releases[${index}].version is not an Int`);
    for (const key of ['release_version', 'build_version', 'app_name', 'bundle_id', 'install_url']) {
      if (typeof release[key] !== 'string') throw new DecodingError(`releases[${index}].${key} is not a String: ${JSON.stringify(release[key])}`);
    }
    if (!Array.isArray(release.changelog)) throw new DecodingError(`releases[${index}].changelog is not an array`);
    for (const entry of release.changelog as unknown[]) {
      if (entry === null || typeof entry !== 'object' || typeof (entry as { message?: unknown }).message !== 'string') {
        throw new DecodingError(`releases[${index}].changelog has an item without a String message`);
      }
    }
  }
  return root as { releases: IosRelease[] };
}

/** What the iOS SDK shows: null when it stays silent. Changelog numbering runs across releases. */
function iosAlert(response: { status: number; text: string }): { message: string; body: string; installUrl: string } | null {
  if (response.status !== 200) return null;
  let decoded: { releases: IosRelease[] };
  try {
    decoded = iosDecode(response.text);
  } catch {
    return null;
  }
  const [first] = decoded.releases;
  if (!first) return null;
  const messages = decoded.releases.flatMap((release) => release.changelog.map((entry) => entry.message)).filter((message) => message !== '');
  return { message: `${first.release_version} (${first.build_version})`, body: messages.map((m, i) => `${i + 1}. ${m}`).join('\n'), installUrl: first.install_url };
}

/** URLComponents' query: `+` stays a raw `+` (which servers decode as a space). */
function iosLatestUrl(params: { channelKey: string; bundleId: string; releaseVersion: string; buildVersion: string }): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%2B/g, '+');
  return (
    `${server.url}/api/apps/latest?channel_key=${encode(params.channelKey)}&bundle_id=${encode(params.bundleId)}` +
    `&release_version=${encode(params.releaseVersion)}&build_version=${encode(params.buildVersion)}&sdk=ios-0.2.1`
  );
}

describe('iOS SDK 0.2.1: GET /api/apps/latest', () => {
  let channel: TestChannel;
  let release: UploadAnswer;
  beforeAll(async () => {
    channel = await ownChannel('ios', 'iOS');
    release = await upload(channel, IPHONE.file, { changelog: '- Fix the login crash\n- Faster start-up' });
  });

  it('decodes strictly and offers the itms-services install of the newer build', async () => {
    const response = await send(iosLatestUrl({ channelKey: channel.key, bundleId: IPHONE.bundleId, releaseVersion: '1.2.3', buildVersion: '4' }));
    expect(response.status).toBe(200);
    const decoded = iosDecode(response.text);
    expect(decoded.releases).toHaveLength(1);
    expect(decoded.releases[0]).toMatchObject({ version: release.version, app_name: 'Demo Beta iOS', bundle_id: IPHONE.bundleId });
    expect(iosAlert(response)).toEqual({
      message: '1.2.3 (5)',
      body: '1. Fix the login crash\n2. Faster start-up',
      installUrl: `itms-services://?action=download-manifest&url=${base}/channels/${channel.slug}/releases/${release.id}/install`,
    });
  });

  it('decodes an up-to-date answer: releases: [] and no alert', async () => {
    const response = await send(iosLatestUrl({ channelKey: channel.key, ...IPHONE }));
    expect(response.status).toBe(200);
    expect(iosDecode(response.text).releases).toEqual([]);
    expect(iosAlert(response)).toBeNull();
  });

  it('reads a version with a "+" (which arrives as a space) by its leading version', async () => {
    // 1.2.3+4 arrives as "1.2.3 4", compared as 1.2.3: build 5 is newer than build 4.
    const newer = await send(iosLatestUrl({ channelKey: channel.key, bundleId: IPHONE.bundleId, releaseVersion: '1.2.3+4', buildVersion: '4' }));
    expect(newer.status).toBe(200);
    expect(iosAlert(newer)?.message).toBe('1.2.3 (5)');
    const same = await send(iosLatestUrl({ channelKey: channel.key, bundleId: IPHONE.bundleId, releaseVersion: '1.2.3+exp', buildVersion: '5' }));
    expect(iosDecode(same.text).releases).toEqual([]);
  });

  it('decodes every release of a channel, also one whose package has no bundle id or build number (empty strings, never null)', async () => {
    const windows = await ownChannel('windows', 'Windows');
    await upload(windows, 'win-upx.exe');
    const response = await send(`${server.url}/api/apps/latest?channel_key=${windows.key}`);
    expect(response.status).toBe(200);
    const decoded = iosDecode(response.text);
    expect(decoded.releases.map((r) => [r.release_version, r.build_version, r.bundle_id])).toEqual([['3.08 (2011-12-12)', '', '']]);
  });

  it('gets no 200 for an unknown channel key, so it never alerts', async () => {
    const response = await send(iosLatestUrl({ channelKey: 'not-a-key', bundleId: IPHONE.bundleId, releaseVersion: '1.0', buildVersion: '1' }));
    expect(response.status).toBe(401);
    expect(iosAlert(response)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------
// fastlane-plugin-zealot 0.8.0 (Faraday 1.x): the JSON middleware parses only a MIME type
// ending in "json"; query keys are sorted, and a nil value is written as a bare key.

/** Faraday's response :json middleware, content_type: /\bjson$/. */
function faradayBody(response: { headers: Headers; text: string }): unknown {
  const mime = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  return /\bjson$/.test(mime) ? JSON.parse(response.text) : response.text;
}

/** Faraday's nested params encoder: keys sorted, nil as a bare key. */
function faradayQuery(params: Record<string, string | null>): string {
  return Object.keys(params)
    .sort()
    .map((key) => (params[key] === null ? encodeURIComponent(key) : `${encodeURIComponent(key)}=${encodeURIComponent(params[key]!)}`))
    .join('&');
}

/** zealot_version_check: true on 200 (reading the release), false on 404, an error otherwise. */
type VersionCheck = { exists: true; values: Record<string, unknown> } | { exists: false } | { error: string };

async function versionCheck(params: Record<string, string | null>): Promise<VersionCheck> {
  const response = await send(`${server.url}/api/apps/version_exist?${faradayQuery(params)}`);
  const body = faradayBody(response) as Record<string, unknown>;
  if (response.status === 200) {
    const values: Record<string, unknown> = {};
    for (const key of ['id', 'release_version', 'build_version', 'version', 'release_url', 'install_url', 'qrcode_url']) values[key] = body[key];
    return { exists: true, values };
  }
  if (response.status === 404) return { exists: false };
  if (typeof body !== 'object' || typeof body.error !== 'string') throw new Error(`fastlane cannot read this error: ${response.status} ${response.text}`);
  return { error: body.error };
}

describe('fastlane zealot: POST /api/apps/upload', () => {
  let channel: TestChannel;
  beforeAll(async () => {
    channel = await ownChannel('android', 'Android');
  });

  it('answers exactly 201 with JSON and every field the action reads, with empty parts and custom_fields ["[]"]', async () => {
    const response = await fastlaneUpload(
      { token: developer.token, channel_key: channel.key, changelog: '', branch: '', git_commit: '', ci_url: '', release_type: 'beta' },
      fixture(ANDROID.file),
    );
    expect(response.status).toBe(201);
    const body = faradayBody(response) as Record<string, unknown> & UploadAnswer;
    expect(typeof body).toBe('object');
    expect(body).not.toHaveProperty('error');
    expect(Number.isInteger(body.app.id)).toBe(true);
    expect(body.app.id).toBe(channel.appId);
    expect(Number.isInteger(body.id)).toBe(true);
    expect(body.release_url).toBe(`${base}/${channel.slug}/${body.id}`);
    expect(body.install_url).toBe(`${base}/${channel.slug}/${body.id}/download`);
    expect(body.qrcode_url).toBe(`${base}/channels/${channel.slug}/releases/${body.id}/qrcode`);
    // custom_fields as sent, as Zealot answers it (issue 12, item 6).
    expect(body).toMatchObject({ release_version: '2.1.0', build_version: '10', bundle_id: ANDROID.bundleId, source: 'fastlane', custom_fields: ['[]'], changelog: [] });
  });

  it('gets a body.error string for a refused upload', async () => {
    const response = await fastlaneUpload({ token: developer.token, channel_key: 'not-a-key' }, fixture(ANDROID.file));
    expect(response.status).not.toBe(201);
    expect(typeof (faradayBody(response) as { error?: unknown }).error).toBe('string');
  });
});

describe('release type from the provisioning profile (what Zealot fills in when the upload names none)', () => {
  it("takes an ipa's release type from its embedded profile when none is sent, and keeps one that is sent", async () => {
    const channel = await ownChannel('ios', 'iOS');
    // The fixture's profile lists devices and allows get-task-allow: a development profile by Apple's rules.
    const derived = await upload(channel, IPHONE.file);
    expect(derived.release_type).toBe('development');
    const given = await upload(channel, IPHONE.file, { release_type: 'Beta' });
    expect(given.release_type).toBe('Beta');
    const android = await upload(await ownChannel('android', 'Android'), ANDROID.file);
    expect(android.release_type).toBeNull();
  });
});

describe('fastlane zealot_version_check: GET /api/apps/version_exist', () => {
  let channel: TestChannel;
  let release: UploadAnswer;
  beforeAll(async () => {
    channel = await ownChannel('android', 'Android');
    release = await upload(channel, ANDROID.file, { git_commit: '0123abc' });
  });

  it('answers 200 with every field the action reads, for bundle_id, release_version and build_version', async () => {
    const result = await versionCheck({ token: developer.token, channel_key: channel.key, bundle_id: ANDROID.bundleId, release_version: '2.1.0', build_version: '10' });
    expect(result).toEqual({
      exists: true,
      values: {
        id: release.id,
        release_version: '2.1.0',
        build_version: '10',
        version: release.version,
        release_url: release.release_url,
        install_url: release.install_url,
        qrcode_url: release.qrcode_url,
      },
    });
  });

  it('answers 200 for bundle_id and git_commit (what it sends without versions)', async () => {
    const result = await versionCheck({ token: developer.token, channel_key: channel.key, bundle_id: ANDROID.bundleId, git_commit: '0123abc' });
    expect(result).toMatchObject({ exists: true, values: { id: release.id } });
  });

  it('answers 404 for a build that was never uploaded', async () => {
    const result = await versionCheck({ token: developer.token, channel_key: channel.key, bundle_id: ANDROID.bundleId, release_version: '2.1.0', build_version: '11' });
    expect(result).toEqual({ exists: false });
  });

  it('looks up a release_version sent with a nil build_version (a bare key), as Zealot does: 200 when uploaded, 404 when not', async () => {
    expect(await versionCheck({ token: developer.token, channel_key: channel.key, bundle_id: ANDROID.bundleId, release_version: '2.1.0', build_version: null })).toMatchObject({
      exists: true,
      values: { id: release.id, release_version: '2.1.0' },
    });
    expect(await versionCheck({ token: developer.token, channel_key: channel.key, bundle_id: ANDROID.bundleId, release_version: '9.9.9', build_version: null })).toEqual({ exists: false });
  });

  it('gets a readable body.error when nothing is given to look for, and for a bad channel key', async () => {
    expect(await versionCheck({
      token: developer.token,
      channel_key: channel.key,
      bundle_id: ANDROID.bundleId,
      release_version: null,
      build_version: null,
    })).toEqual({
      error: 'Send bundle_id with release_version and build_version, or bundle_id with git_commit',
    });
    expect(await versionCheck({ token: developer.token, channel_key: 'not-a-key', bundle_id: ANDROID.bundleId, release_version: '2.1.0', build_version: '10' })).toEqual({
      error: 'Unauthorized channel key',
    });
  });

  it('is not confused by a token that is not valid: the channel key is the credential', async () => {
    const result = await versionCheck({ token: 'expired-token', channel_key: channel.key, bundle_id: ANDROID.bundleId, release_version: '2.1.0', build_version: '10' });
    expect(result).toMatchObject({ exists: true });
  });
});

// ---------------------------------------------------------------------------------------
// Upload scripts: laxy-me's upload.sh (curl), skyNet2017's Gradle task, a Swift/Alamofire CLI
// and a Python CLI that edits the release afterwards.

describe('upload scripts', () => {
  it("upload.sh: curl -F without channel_key (Expect: 100-continue) lands in the uploader's channel for the package, whose latest answers the build first", async () => {
    const args = ['-sS', '-m', '300', '--http1.1', '-L', '-F', `token=${developer.token}`, '-F', `file=@${fixture(ANDROID.file)}`];
    const { stdout } = await run('curl', [...args, '-F', 'changelog=Built by upload.sh', '-w', '\n%{http_code}', `${server.url}/api/apps/upload`]);
    const status = Number(stdout.slice(stdout.lastIndexOf('\n') + 1));
    expect([200, 201]).toContain(status);
    const body = JSON.parse(stdout.slice(0, stdout.lastIndexOf('\n'))) as UploadAnswer;
    expect(body.channel.key).toEqual(expect.any(String));
    const latest = await send(`${server.url}/api/apps/latest?channel_key=${body.channel.key!}&release_version=2.0&build_version=1`);
    expect(latest.status).toBe(200);
    // Issue 12 item 5: the developer's earlier apk uploads made the channel this one reuses.
    expect((JSON.parse(latest.text) as { releases: { id: number }[] }).releases[0]!.id).toBe(body.id);
  });

  it('Gradle: ?token= in the query, boundary "*********", the APK content type; reads install_url and release_url', async () => {
    const channel = await ownChannel('android', 'Gradle');
    const boundary = '*********';
    const body = multipart(
      boundary,
      [
        { name: 'channel_key', value: channel.key },
        { name: 'source', value: 'gradle' },
        { name: 'changelog', value: '修复登录崩溃' },
        { name: 'file', file: fixture(ANDROID.file), filename: 'app-release.apk' },
      ],
      () => ['Content-Type: application/vnd.android.package-archive'],
    );
    const response = await send(`${server.url}/api/apps/upload?token=${encodeURIComponent(developer.token)}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect([200, 201]).toContain(response.status);
    const answer = JSON.parse(response.text) as UploadAnswer & { changelog: { message: string }[]; source: string };
    expect(answer.install_url).toBe(`${base}/${channel.slug}/${answer.id}/download`);
    expect(answer.release_url).toBe(`${base}/${channel.slug}/${answer.id}`);
    expect(answer).toMatchObject({ source: 'gradle', changelog: [{ message: '修复登录崩溃' }] });
  });

  it('Swift CLI: a filename that is a full local path and a file part without a content type; exactly 201', async () => {
    const channel = await ownChannel('ios', 'Swift');
    const boundary = `alamofire.boundary.${randomBytes(8).toString('hex')}`;
    const body = multipart(
      boundary,
      [
        { name: 'channel_key', value: channel.key },
        { name: 'release_type', value: 'adhoc' },
        { name: 'changelog', value: 'Swift build' },
        { name: 'file', file: fixture(IPHONE.file), filename: '/Users/ci/Build/Products/AppInfoDemo.ipa' },
      ],
      () => [],
    );
    const response = await send(`${server.url}/api/apps/upload?token=${encodeURIComponent(developer.token)}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(201);
    expect((JSON.parse(response.text) as UploadAnswer).file_name).toBe('AppInfoDemo.ipa');
  });

  it('Python CLI: upload, then PUT /api/releases/<id>?token= with a JSON body; latest follows the edited versions', async () => {
    const channel = await ownChannel('android', 'Python');
    const boundary = randomBytes(16).toString('hex');
    const fields = { token: developer.token, channel_key: channel.key, changelog: 'From Python', source: 'python-script', branch: 'main', git_commit: 'cafe123', ci_url: 'https://ci.example.com/1', release_type: 'beta', name: 'Demo' };
    const body = multipart(
      boundary,
      [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', file: fixture(ANDROID.file) }],
      () => ['Content-Type: application/vnd.android.package-archive'],
    );
    const headers = { 'user-agent': 'zealot-app-version-info/1.0' };
    const uploaded = await send(`${server.url}/api/apps/upload`, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(uploaded.status).toBeLessThan(400);
    const { id } = JSON.parse(uploaded.text) as UploadAnswer;

    const edited = await send(`${server.url}/api/releases/${id}?token=${encodeURIComponent(developer.token)}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ release_version: '2.2.0', build_version: '11', release_type: 'release', branch: 'main', git_commit: 'cafe123', ci_url: 'https://ci.example.com/1' }),
    });
    expect(edited.status).toBeLessThan(400);
    expect(JSON.parse(edited.text)).toMatchObject({ id, release_version: '2.2.0', build_version: '11', release_type: 'release' });

    // The edit moved the build's place in version order: a 2.1.0 (10) caller now sees 2.2.0 (11).
    const latest = await send(`${server.url}/api/apps/latest?${new URLSearchParams({ channel_key: channel.key, ...pick(ANDROID) }).toString()}`);
    expect((JSON.parse(latest.text) as { releases: { id: number; release_version: string }[] }).releases.map((r) => [r.id, r.release_version])).toEqual([[id, '2.2.0']]);
    const exists = await versionCheck({ channel_key: channel.key, bundle_id: ANDROID.bundleId, release_version: '2.2.0', build_version: '11' });
    expect(exists).toMatchObject({ exists: true, values: { id } });
  });
});

function pick(build: { bundleId: string; releaseVersion: string; buildVersion: string }) {
  return { bundle_id: build.bundleId, release_version: build.releaseVersion, build_version: build.buildVersion };
}

// ---------------------------------------------------------------------------------------
// Third-party updaters and the zealot-android v0.3.0 fork: `latest` with only channel_key,
// `versions` with only channel_key, the `.json` suffix, a trailing slash.

interface WireAnswer {
  releases: { id: number; text_changelog: string; changelog: { message: string }[] }[];
}

/**
 * A release row as the upload pipeline leaves it, written straight into the table: for the
 * one test that needs sixty builds (sixty 4 MB uploads would only slow the suite down).
 */
async function seedBuild(channel: TestChannel, build: number, changelog: { message: string }[]): Promise<void> {
  const timestamp = now();
  await server.database.db
    .insertInto('releases')
    .values({
      channel_id: channel.channelId,
      version: build,
      release_version: ANDROID.releaseVersion,
      build_version: String(build),
      version_key: versionKey(ANDROID.releaseVersion, String(build)),
      release_type: null,
      source: 'api',
      branch: null,
      git_commit: null,
      ci_url: null,
      name: 'AppInfoDemo',
      bundle_id: ANDROID.bundleId,
      platform: 'android',
      device_type: 'phone',
      format: 'apk',
      min_os_version: '14',
      size: 4000563,
      checksum: 'b'.repeat(64),
      file_key: `releases/contract/${channel.channelId}-${build}.apk`,
      file_name: 'android.apk',
      icon_key: null,
      changelog: JSON.stringify(changelog),
      custom_fields: '[]',
      metadata: '{}',
      uploader_id: developer.id,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
}

describe('third-party clients: channel_key only', () => {
  let channel: TestChannel;
  let newest: UploadAnswer;
  beforeAll(async () => {
    channel = await ownChannel('android', 'Android');
    await upload(channel, ANDROID.file);
    newest = await upload(channel, ANDROID.file, { changelog: '- Fix the login crash\n- Faster start-up' });
  });

  it('answers the newest build first from GET /api/apps/latest?channel_key=', async () => {
    const response = await send(`${server.url}/api/apps/latest?channel_key=${channel.key}`);
    expect(response.status).toBe(200);
    const first = (JSON.parse(response.text) as WireAnswer).releases[0]!;
    // fastlane's custom_fields ["[]"], as sent (issue 12, item 6).
    expect(first).toMatchObject({ id: newest.id, release_version: '2.1.0', build_version: '10', size: 4000563, custom_fields: ['[]'] });
    expect(first.text_changelog).toBe('- Fix the login crash\n- Faster start-up');
    expect(first.changelog.map((entry) => entry.message)).toEqual(['Fix the login crash', 'Faster start-up']);
  });

  it('answers GET /api/apps/versions?channel_key= with 2xx and a non-2xx for an unknown key', async () => {
    const ok = await send(`${server.url}/api/apps/versions?channel_key=${channel.key}`);
    expect(ok.status).toBe(200);
    expect((JSON.parse(ok.text) as WireAnswer).releases[0]!.id).toBe(newest.id);
    const bad = await send(`${server.url}/api/apps/versions?channel_key=nope`);
    expect(bad.status).toBe(401);
  });

  it('keeps an answer of 50 builds well under the v0.3.0 fork’s 1 MiB limit', async () => {
    const many = await newApp(server, { deviceType: 'android' });
    const longChangelog = Array.from({ length: 20 }, (_, i) => ({ message: `Change ${i}: ${'x'.repeat(200)}` }));
    for (let build = 1; build <= 60; build++) await seedBuild(many, build, longChangelog);
    const response = await send(`${server.url}/api/apps/latest?channel_key=${many.key}`);
    expect((JSON.parse(response.text) as WireAnswer).releases).toHaveLength(50);
    expect(Buffer.byteLength(response.text)).toBeLessThan(1024 * 1024);
  });

  it.each([
    ['the .json suffix', (key: string) => `/api/apps/latest.json?channel_key=${key}`],
    ['a trailing slash', (key: string) => `/api/apps/latest/?channel_key=${key}`],
    ['duplicate slashes', (key: string) => `//api//apps/latest?channel_key=${key}`],
    ['duplicate slashes and .json', (key: string) => `//api/apps/latest.json?channel_key=${key}`],
    ['versions.json', (key: string) => `/api/apps/versions.json?channel_key=${key}`],
    ['version_exist.json', (key: string) => `/api/apps/version_exist.json?channel_key=${key}&bundle_id=${ANDROID.bundleId}&release_version=2.1.0&build_version=10`],
  ])('tolerates %s, and the answer is never cached', async (_case, url) => {
    const response = await send(server.url + url(channel.key));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(JSON_TYPE);
    expect(response.headers.get('cache-control')).toBe(NO_CACHE);
    expect(JSON.parse(response.text)).not.toHaveProperty('error');
  });

  it('answers an unknown API path behind a double slash as an API 404', async () => {
    const response = await send(`${server.url}//api/unknown`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toMatchObject({ error: 'API not found: GET /api/unknown' });
  });
});

describe('headers on every version answer', () => {
  let channel: TestChannel;
  beforeAll(async () => {
    channel = await ownChannel('android', 'Android');
    await upload(channel, ANDROID.file);
  });

  it.each([
    ['200 latest', () => `/api/apps/latest?channel_key=${channel.key}`, 200],
    ['200 versions', () => `/api/apps/versions?channel_key=${channel.key}`, 200],
    ['200 version_exist', () => `/api/apps/version_exist?channel_key=${channel.key}&bundle_id=${ANDROID.bundleId}&release_version=2.1.0&build_version=10`, 200],
    ['401', () => '/api/apps/latest?channel_key=nope', 401],
    ['404', () => `/api/apps/version_exist?channel_key=${channel.key}&bundle_id=x&git_commit=none`, 404],
    ['422', () => `/api/apps/version_exist?channel_key=${channel.key}&bundle_id=x`, 422],
  ])('%s: JSON with charset and no caching', async (_case, url, status) => {
    const response = await send(server.url + url());
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe(JSON_TYPE);
    expect(response.headers.get('cache-control')).toBe(NO_CACHE);
    expect(typeof faradayBody(response)).toBe('object');
  });
});
