// POST /api/apps/upload with the real fixtures (../shared/fixtures/apps), as Zealot's clients
// send it: the token as a multipart field (fastlane), a query parameter (Gradle, Swift CLIs) or a
// Bearer header; the token before the file (a caller not known when the file begins is 401 and
// nothing is stored), other text fields before or after it, empty parts meaning "not given", a file
// part of any content type with a path in its name. The answer is Zealot's upload JSON with
// absolute links from TARMAC_URL. The caller needs release:create on the channel's app (others
// on the team 403, outsiders 404), or apps:create when no channel key is sent, in which case a
// new app, scheme and channel are made from the package. The package must fit the channel:
// its platform, and its bundle id under the channel's rule (exact, or a glob; never an
// unanchored regex). Parallel uploads to one channel get distinct consecutive versions, and a
// scheme's retained_builds keeps only the newest builds, files included.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { inspect } from '@tarmac/appinfo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/passwords.ts';
import type { DeviceType } from '../src/db/types.ts';
import { TOKEN_FIRST } from '../src/modules/uploads/keyed-upload.ts';
import { addCollaborator, newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { ApiResponse, TestServer, TestUser } from './helpers/server.ts';

const BASE = 'https://tarmac.example.com';
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, 'apps', name));
const APK = fixture('android.apk');
const IPA = fixture('iphone.ipa');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let server: TestServer;
let developer: TestUser;
let member: TestUser;
let admin: TestUser;
let locked: TestUser;

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: BASE });
  developer = await server.newUser({ role: 'developer' });
  member = await server.newUser({ role: 'member' });
  admin = await server.newUser({ role: 'admin' });
  locked = await server.newUser({ role: 'developer', locked: true });
});
afterAll(() => server.close());

const UNAUTHORIZED = { error: 'Unauthorized user token' };
const BAD_KEY = { error: 'Unauthorized channel key' };
const NOT_FOUND = { error: 'Record not found' };
const MISSING_FILE = 'is required: send the package as a multipart/form-data file part named "file"';

function validation(details: Record<string, string[]>, error?: string) {
  const summary = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return { error: error ?? `Validation failed: ${summary.join('; ')}`, details };
}

interface UploadOptions {
  /** Sent as Authorization: Bearer. */
  bearer?: string;
  /** Sent as ?token=. */
  query?: string;
  fields?: Record<string, string>;
  /** Text fields sent after the file part. */
  fieldsAfter?: Record<string, string>;
  file?: Buffer | null;
  filename?: string;
  type?: string;
}

/** fetch with a FormData body (the api helper's multipart takes strings only). */
async function post(url: string, body: FormData | Buffer, headers: Record<string, string> = {}): Promise<ApiResponse<any>> {
  const response = await fetch(server.url + url, { method: 'POST', body: body instanceof Buffer ? new Uint8Array(body) : body, headers });
  const text = await response.text();
  const parsed: unknown = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body: parsed, text };
}

async function send(options: UploadOptions): Promise<ApiResponse<any>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  if (options.file !== null) {
    const data = options.file ?? APK;
    form.append('file', new Blob([new Uint8Array(data)], options.type ? { type: options.type } : {}), options.filename ?? 'android.apk');
  }
  for (const [name, value] of Object.entries(options.fieldsAfter ?? {})) form.append(name, value);
  const query = options.query === undefined ? '' : `?token=${encodeURIComponent(options.query)}`;
  return post(`/api/apps/upload${query}`, form, options.bearer ? { authorization: `Bearer ${options.bearer}` } : {});
}

async function channelFor(
  deviceType: DeviceType,
  options: { bundleId?: string; retainedBuilds?: number; owner?: TestUser; channel?: string } = {},
) {
  return newApp(server, {
    ownerId: (options.owner ?? developer).id,
    deviceType,
    bundleId: options.bundleId,
    retainedBuilds: options.retainedBuilds,
    channel: options.channel ?? { ios: 'iOS', android: 'Android', harmonyos: 'HarmonyOS', macos: 'macOS', windows: 'Windows', linux: 'Linux' }[deviceType],
  });
}

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

const storageDir = () => path.join(server.dataDir, 'storage');
const tempDir = () => path.join(server.dataDir, 'tmp');

async function releaseRow(id: number) {
  return server.database.db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst();
}

async function releaseCount(channelId: number): Promise<number> {
  const rows = await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channelId).execute();
  return rows.length;
}

function channelJson(tc: TestChannel, fields: Record<string, unknown> = {}) {
  return {
    id: tc.channelId,
    slug: tc.slug,
    name: 'Android',
    device_type: 'android',
    bundle_id: '*',
    git_url: null,
    has_password: false,
    key: tc.key,
    download_filename_type: 'version_datetime',
    ...fields,
  };
}

describe('POST /api/apps/upload', () => {
  describe('who may upload', () => {
    it('answers 401 without a token, and stores nothing', async () => {
      const tc = await channelFor('android');
      const res = await send({ fields: { channel_key: tc.key } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: TOKEN_FIRST });
      expect(await releaseCount(tc.channelId)).toBe(0);
      expect(await filesUnder(tempDir())).toEqual([]);
    });

    it('answers 401 to an unknown token, wherever it is sent', async () => {
      const tc = await channelFor('android');
      for (const options of [{ fields: { token: 'tmc_unknown', channel_key: tc.key } }, { query: 'tmc_unknown' }, { bearer: 'tmc_unknown' }]) {
        const res = await send({ fields: { channel_key: tc.key }, ...options });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject(UNAUTHORIZED);
      }
    });

    it('answers 401 to a token sent only after the file, known or not: the caller must be known before the file is stored', async () => {
      const tc = await channelFor('android');
      for (const token of ['tmc_unknown', developer.token]) {
        const res = await send({ fields: { channel_key: tc.key }, fieldsAfter: { token } });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ error: TOKEN_FIRST });
      }
      expect(await filesUnder(tempDir())).toEqual([]);
    });

    it("answers 403 to a locked user's token field", async () => {
      const tc = await channelFor('android');
      const res = await send({ fields: { token: locked.token, channel_key: tc.key } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'This account is locked; ask an administrator to unlock it' });
    });

    it('answers 401 to an unknown channel key', async () => {
      const res = await send({ fields: { token: developer.token, channel_key: 'no-such-key' } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(BAD_KEY);
    });

    it("answers 404 to someone outside the channel's app, even a global developer", async () => {
      const tc = await channelFor('android', { owner: admin });
      const res = await send({ fields: { token: developer.token, channel_key: tc.key } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND);
      expect(await releaseCount(tc.channelId)).toBe(0);
    });

    it('answers 403 to a collaborator member', async () => {
      const tc = await channelFor('android');
      await addCollaborator(server, tc.appId, member.id, 'member');
      const res = await send({ fields: { token: member.token, channel_key: tc.key } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: "Only the app's developers and administrators can upload builds" });
    });

    it('lets a collaborator developer and a global admin upload', async () => {
      const tc = await channelFor('android', { owner: admin });
      const colleague = await server.newUser({ role: 'member' });
      await addCollaborator(server, tc.appId, colleague.id, 'developer');
      expect((await send({ fields: { token: colleague.token, channel_key: tc.key } })).status).toBe(201);
      expect((await send({ fields: { token: admin.token, channel_key: tc.key } })).status).toBe(201);
    });

    it('answers 409 for an archived app', async () => {
      const tc = await channelFor('android');
      await server.database.db.updateTable('apps').set({ archived: true }).where('id', '=', tc.appId).execute();
      const res = await send({ fields: { token: developer.token, channel_key: tc.key } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: `App "Demo" is archived and cannot be changed; unarchive it first (DELETE /api/apps/${tc.appId}/archive)` });
    });

    it('refuses before storing when the token and channel key come before the file', async () => {
      const tc = await channelFor('android', { owner: admin });
      // 40 MB that the server must not write anywhere: it answers once it has the fields.
      const big = Buffer.alloc(40 * 1024 * 1024);
      const res = await send({ fields: { token: developer.token, channel_key: tc.key }, file: big });
      expect(res.status).toBe(404);
      expect(res.headers.get('connection')).toBe('close');
      expect(await filesUnder(tempDir())).toEqual([]);
    });

    it('without a channel key, answers 403 to a member (only developers and admins create apps)', async () => {
      const res = await send({ fields: { token: member.token } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'Only developers and administrators can create apps' });
    });
  });

  describe('validation', () => {
    it('answers 422 without a file', async () => {
      const tc = await channelFor('android');
      const res = await send({ fields: { token: developer.token, channel_key: tc.key }, file: null });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject(validation({ file: [MISSING_FILE] }));
    });

    it('answers 422 to a body that is not multipart', async () => {
      const tc = await channelFor('android');
      const res = await api(server, '/api/apps/upload', { method: 'POST', json: { token: developer.token, channel_key: tc.key } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject(validation({ file: [MISSING_FILE] }));
    });

    it('answers 422, never 500, to a multipart body that is not well-formed', async () => {
      const tc = await channelFor('android');
      const head = (boundary: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${developer.token}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="channel_key"\r\n\r\n${tc.key}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.apk"\r\n\r\n`;
      const cases: [string, string | Buffer][] = [
        // No boundary parameter.
        ['multipart/form-data', head('x')],
        // The body stops in the middle of the file, without the closing delimiter.
        ['multipart/form-data; boundary=cut', Buffer.concat([Buffer.from(head('cut')), APK.subarray(0, 5000)])],
        // A boundary longer than the 70 characters RFC 2046 allows (busboy refuses over 256).
        [`multipart/form-data; boundary=${'b'.repeat(300)}`, head('b'.repeat(300))],
      ];
      for (const [type, body] of cases) {
        const res = await post('/api/apps/upload', Buffer.from(body), { 'content-type': type });
        expect(res.status, type.slice(0, 40)).toBe(422);
        expect(Object.keys(res.body.details)).toEqual(['body']);
      }
      expect(await releaseCount(tc.channelId)).toBe(0);
      expect(await filesUnder(tempDir())).toEqual([]);
    });

    it('answers 422 to two file parts', async () => {
      const tc = await channelFor('android');
      const form = new FormData();
      form.append('token', developer.token);
      form.append('channel_key', tc.key);
      form.append('file', new Blob([new Uint8Array(APK)]), 'one.apk');
      form.append('file', new Blob([new Uint8Array(APK)]), 'two.apk');
      const res = await post('/api/apps/upload', form);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject(validation({ file: ['was sent more than once: send exactly one file part'] }));
      expect(await releaseCount(tc.channelId)).toBe(0);
      expect(await filesUnder(tempDir())).toEqual([]);
    });

    it("answers 422 with the parser's code and sentence for a corrupt package, and keeps nothing", async () => {
      const tc = await channelFor('android');
      for (const broken of [Buffer.from('this is not an app'), APK.subarray(0, 100_000), Buffer.alloc(0)]) {
        const expected = (await inspect(broken).catch((error: unknown) => error)) as { code: string; message: string };
        const res = await send({ fields: { token: developer.token, channel_key: tc.key }, file: broken });
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject(validation({ file: [`${expected.code}: ${expected.message}`] }, expected.message));
      }
      expect(await releaseCount(tc.channelId)).toBe(0);
      expect(await filesUnder(tempDir())).toEqual([]);
    });

    it('answers 422 to a debug file, pointing to the debug file upload', async () => {
      const tc = await channelFor('ios');
      const dsym = readFileSync(path.join(FIXTURES, 'debug-files', 'ios-dsym-single.zip'));
      const res = await send({ fields: { token: developer.token, channel_key: tc.key }, file: dsym, filename: 'dsym.zip' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject(validation({ file: ['is a dSYM debug file, not an app build: upload it with POST /api/debug_files/upload'] }));
    });

    it("answers 422 naming both platforms when the package is not the channel's device type", async () => {
      const tc = await newApp(server, { ownerId: developer.id, deviceType: 'ios', channel: 'Beta' });
      const res = await send({ fields: { token: developer.token, channel_key: tc.key } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject(validation({ file: ['is an android package, but channel "Beta" takes ios builds'] }));
      const mac = await newApp(server, { ownerId: developer.id, deviceType: 'android', channel: 'Phones' });
      const macRes = await send({ fields: { token: developer.token, channel_key: mac.key }, file: fixture('macos.zip'), filename: 'macos.zip' });
      expect(macRes.body).toMatchObject(validation({ file: ['is a macos package, but channel "Phones" takes android builds'] }));
    });

    it("answers 422 naming both bundle ids when the package's does not pass the channel's rule", async () => {
      for (const rule of ['com.example.app', '^com\\.icyleaf$', 'com.icyleaf.*.demo', 'com?icyleaf*']) {
        const tc = await channelFor('android', { bundleId: rule });
        const res = await send({ fields: { token: developer.token, channel_key: tc.key } });
        expect(res.status, rule).toBe(422);
        expect(res.body).toMatchObject(validation({ file: [`has bundle id "com.icyleaf.appinfodemo", but channel "Android" takes only bundle id "${rule}"`] }));
      }
      const windows = await channelFor('windows', { bundleId: 'com.example.*' });
      const res = await send({ fields: { token: developer.token, channel_key: windows.key }, file: fixture('win-upx.exe'), filename: 'upx.exe' });
      expect(res.body).toMatchObject(validation({ file: ['has no bundle id, but channel "Windows" takes only bundle id "com.example.*"'] }));
    });

    it('accepts a bundle id matching its glob, or found by the rule as a regular expression (as Zealot does)', async () => {
      for (const rule of ['com.icyleaf.appinfodemo', 'com.icyleaf', 'com.icyleaf.appinfo', 'com.icyleaf.*', '*.appinfodemo', 'com.*.appinfo*', '*']) {
        const tc = await channelFor('android', { bundleId: rule });
        const res = await send({ fields: { token: developer.token, channel_key: tc.key } });
        expect(res.status, rule).toBe(201);
      }
    });

    it('answers 422 per field for bad text fields, before looking at the file', async () => {
      const tc = await channelFor('android');
      const res = await send({
        fields: {
          token: developer.token,
          channel_key: tc.key,
          release_type: 'x'.repeat(65),
          custom_fields: '{not json',
          changelog: '[{"author": "someone"}]',
          download_filename_type: 'whatever',
          slug: 'not a slug!',
        },
        file: Buffer.from('not even a package'),
      });
      expect(res.status).toBe(422);
      expect(res.body.details).toEqual({
        release_type: ['is too long (maximum is 64 characters)'],
        changelog: ['entry 1 has no message: send strings or objects like {"message": "…", "author": "…"}'],
        custom_fields: [
          expect.stringMatching(/^is not valid JSON \(.+\): send JSON such as \{"tauri_signature": "…"\} or \[\{"name": "Jira", "value": "APP-12"\}\]$/),
        ],
        download_filename_type: ['must be one of version_datetime, original_filename'],
        slug: ['must be 1 to 64 letters, digits, "-" or "_" (got "not a slug!")'],
      });
      expect(await releaseCount(tc.channelId)).toBe(0);
    });

    it('answers 422 to custom fields that are broken JSON, over 64 KiB or nested over 32 levels, and stores nothing', async () => {
      const tc = await channelFor('android');
      for (const [sent, message] of [
        ['[{"name": "Jira"', /^is not valid JSON \(.+\): send JSON such as/],
        [`"${'x'.repeat(65_535)}"`, /^is 65537 bytes of JSON; at most 65536 are kept per release$/],
        [`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`, /^is nested too deeply \(at most 32 levels of arrays and objects\)$/],
      ] as const) {
        const res = await send({ fields: { token: developer.token, channel_key: tc.key, custom_fields: sent } });
        expect(res.status, sent.slice(0, 20)).toBe(422);
        expect(res.body.details).toEqual({ custom_fields: [expect.stringMatching(message)] });
      }
      expect(await releaseCount(tc.channelId)).toBe(0);
    });
  });

  describe('success', () => {
    it('answers 201 with the whole release for an apk (token as a Bearer header)', async () => {
      const tc = await channelFor('android');
      const res = await send({
        bearer: developer.token,
        fields: {
          channel_key: tc.key,
          release_type: 'beta',
          source: 'jenkins',
          branch: 'origin/feature/login',
          git_commit: 'a1b2c3d4',
          ci_url: 'https://ci.example.com/job/42',
          changelog: JSON.stringify([{ message: 'Fix the crash on start', author: 'Ann', email: 'ann@example.com', date: '2026-11-20' }, 'Dark mode']),
          custom_fields: JSON.stringify([{ name: 'Jira', value: 'APP-12', icon: 'fa-solid fa-ticket' }, { name: 'Build', value: 42 }]),
        },
        type: 'application/vnd.android.package-archive',
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const id = res.body.id as number;
      expect(res.body).toEqual({
        id: expect.any(Number),
        version: 1,
        app_name: 'Demo Beta Android',
        bundle_id: 'com.icyleaf.appinfodemo',
        release_version: '2.1.0',
        build_version: '10',
        release_type: 'beta',
        source: 'jenkins',
        branch: 'feature/login',
        git_commit: 'a1b2c3d4',
        ci_url: 'https://ci.example.com/job/42',
        size: 4000563,
        platform: 'Android',
        device_type: 'phone',
        format: 'apk',
        min_os_version: '14',
        placement: 'channel_key',
        checksum: sha256(APK),
        file_name: 'android.apk',
        icon_url: `${BASE}/${tc.slug}/${id}/icon.png`,
        install_url: `${BASE}/${tc.slug}/${id}/download`,
        download_url: `${BASE}/${tc.slug}/${id}/download`,
        release_url: `${BASE}/${tc.slug}/${id}`,
        qrcode_url: `${BASE}/channels/${tc.slug}/releases/${id}/qrcode`,
        changelog: [{ message: 'Fix the crash on start', author: 'Ann', email: 'ann@example.com', date: '2026-11-20' }, { message: 'Dark mode' }],
        text_changelog: '- Fix the crash on start\n- Dark mode',
        custom_fields: [
          { name: 'Jira', value: 'APP-12', icon: 'fa-solid fa-ticket' },
          { name: 'Build', value: 42 },
        ],
        download_count: 0,
        install_count: 0,
        created_at: ISO_TIME,
        app: { id: tc.appId, name: 'Demo' },
        scheme: { id: tc.schemeId, name: 'Beta', new_build_callout: true, retained_builds: 0 },
        channel: channelJson(tc),
        custom_fields_view: { kind: 'fields', fields: [{ name: 'Jira', value: 'APP-12', icon: 'fa-solid fa-ticket' }, { name: 'Build', value: '42' }] },
        install_problems: [],
        metadata: expect.objectContaining({ format: 'apk', bundle_id: 'com.icyleaf.appinfodemo', display_name: 'AppInfoDemo' }),
      });

      const row = (await releaseRow(id))!;
      expect(row.uploader_id).toBe(developer.id);
      expect(row.file_key).toBe(`releases/${row.file_key.split('/')[1]}/android.apk`);
      expect(row.icon_key).toMatch(/^icons\/[0-9a-f-]{36}\.png$/);
      expect(JSON.parse(row.metadata)).toMatchObject({ format: 'apk', bundle_id: 'com.icyleaf.appinfodemo', display_name: 'AppInfoDemo' });
      expect(JSON.parse(row.metadata)).not.toHaveProperty('icon');
      expect(readFileSync(path.join(storageDir(), row.file_key)).equals(APK)).toBe(true);
      expect(await filesUnder(tempDir())).toEqual([]);
    });

    it('answers 201 with the whole release for an ipa, with the itms-services install link (token as a query parameter)', async () => {
      const tc = await newApp(server, { ownerId: developer.id, deviceType: 'ios', channel: 'App Store', bundleId: 'com.icyleaf.AppInfoDemo' });
      const res = await send({ query: developer.token, fields: { channel_key: tc.key, changelog: '- First line\n* Second line\n\n  third  \n' }, file: IPA, filename: 'iphone.ipa' });
      expect(res.status).toBe(201);
      const id = res.body.id as number;
      expect(res.body).toEqual({
        id: expect.any(Number),
        version: 1,
        app_name: 'Demo Beta App Store',
        bundle_id: 'com.icyleaf.AppInfoDemo',
        release_version: '1.2.3',
        build_version: '5',
        release_type: 'development', // from the embedded profile (devices and get-task-allow), none being sent
        source: 'api',
        branch: null,
        git_commit: null,
        ci_url: null,
        size: IPA.length,
        platform: 'iOS',
        device_type: 'iphone',
        format: 'ipa',
        min_os_version: '9.3',
        placement: 'channel_key',
        checksum: sha256(IPA),
        file_name: 'iphone.ipa',
        icon_url: null,
        install_url: `itms-services://?action=download-manifest&url=${BASE}/channels/${tc.slug}/releases/${id}/install`,
        download_url: `${BASE}/${tc.slug}/${id}/download`,
        release_url: `${BASE}/${tc.slug}/${id}`,
        qrcode_url: `${BASE}/channels/${tc.slug}/releases/${id}/qrcode`,
        changelog: [{ message: 'First line' }, { message: 'Second line' }, { message: 'third' }],
        text_changelog: '- First line\n- Second line\n- third',
        custom_fields: [],
        download_count: 0,
        install_count: 0,
        created_at: ISO_TIME,
        app: { id: tc.appId, name: 'Demo' },
        scheme: { id: tc.schemeId, name: 'Beta', new_build_callout: true, retained_builds: 0 },
        channel: channelJson(tc, { name: 'App Store', device_type: 'ios', bundle_id: 'com.icyleaf.AppInfoDemo' }),
        custom_fields_view: { kind: 'none' },
        // Its provisioning profile expired in 2017, the last of its certificates a week before.
        install_problems: [
          { kind: 'profile_expired', expired_at: '2017-07-27T09:44:49.000Z' },
          { kind: 'certificate_expired', expired_at: '2017-07-20T03:13:07.000Z' },
        ],
        metadata: expect.objectContaining({ format: 'ipa', bundle_id: 'com.icyleaf.AppInfoDemo', archs: ['armv7', 'arm64'] }),
      });
    });

    it('takes the token as a multipart field before the file, and text fields after the file', async () => {
      const tc = await channelFor('android');
      const res = await send({ fields: { token: developer.token }, fieldsAfter: { channel_key: tc.key, release_type: 'adhoc', changelog: 'After the file' } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ version: 1, release_type: 'adhoc', changelog: [{ message: 'After the file' }], channel: { id: tc.channelId } });
    });

    it("accepts fastlane's request: token field, empty parts, custom_fields [\"[]\"], a binary file part with a path in its name", async () => {
      const tc = await channelFor('android');
      const boundary = '-----------RubyMultipartPost-0f4b2c8e1d';
      const text = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head =
        text('token', developer.token) +
        text('channel_key', tc.key) +
        text('name', '') +
        text('changelog', '') +
        text('release_type', '') +
        text('slug', '') +
        text('branch', '') +
        text('git_commit', '') +
        text('custom_fields', '["[]"]') +
        text('source', 'fastlane') +
        text('ci_url', '') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="/Users/ci/builds/app/build/outputs/apk/release/android.apk"\r\n` +
        `Content-Length: ${APK.length}\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\n\r\n`;
      const body = Buffer.concat([Buffer.from(head), APK, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const res = await post('/api/apps/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-agent': 'Faraday v1.10.3' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        version: 1,
        source: 'fastlane',
        release_type: null,
        branch: null,
        git_commit: null,
        ci_url: null,
        changelog: [],
        custom_fields: ['[]'],
        file_name: 'android.apk',
        checksum: sha256(APK),
        app: { id: tc.appId },
      });
      // What the plugin reads into its lane variables.
      for (const key of ['id', 'release_url', 'install_url', 'qrcode_url']) expect(res.body[key]).toEqual(expect.anything());
    });

    it('keeps a JSON scalar changelog as one entry, and custom fields of any JSON shape exactly as sent', async () => {
      const tc = await channelFor('android');
      const res = await send({
        fields: { token: developer.token, channel_key: tc.key, changelog: '123', custom_fields: '{"Jira": "APP-1", "Reviewed": true}' },
      });
      expect(res.status).toBe(201);
      expect(res.body.changelog).toEqual([{ message: '123' }]);
      expect(res.body.custom_fields).toEqual({ Jira: 'APP-1', Reviewed: true });
      expect(JSON.parse((await releaseRow(res.body.id))!.custom_fields)).toEqual({ Jira: 'APP-1', Reviewed: true });
      for (const sent of ['42', '[{"value": "x"}]', '["a", "b"]', '{"name": "Jira", "value": "APP-2", "icon": "fa-solid fa-bug"}', '"text"', 'false']) {
        const other = await send({ fields: { token: developer.token, channel_key: tc.key, custom_fields: sent } });
        expect(other.status, sent).toBe(201);
        expect(other.body.custom_fields, sent).toEqual(JSON.parse(sent));
      }
    });

    it("updates the channel's password, slug, git_url and download file names; an empty password clears it", async () => {
      const tc = await channelFor('android');
      const slug = `upl${Date.now().toString(36)}`;
      const res = await send({
        fields: {
          token: developer.token,
          channel_key: tc.key,
          password: 'open sesame',
          slug,
          git_url: 'https://git.example.com/demo.git',
          download_filename_type: 'original_filename',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.channel).toEqual(
        channelJson(tc, { slug, has_password: true, git_url: 'https://git.example.com/demo.git', download_filename_type: 'original_filename' }),
      );
      expect(res.body.qrcode_url).toBe(`${BASE}/channels/${slug}/releases/${res.body.id}/qrcode`);
      const channel = await server.database.db.selectFrom('channels').selectAll().where('id', '=', tc.channelId).executeTakeFirstOrThrow();
      expect(await verifyPassword('open sesame', channel.password_hash!)).toBe(true);

      const kept = await send({ fields: { token: developer.token, channel_key: tc.key } });
      expect(kept.body.channel.has_password).toBe(true);
      const cleared = await send({ fields: { token: developer.token, channel_key: tc.key, password: '' } });
      expect(cleared.body.channel).toEqual(channelJson(tc, { slug, has_password: false, git_url: 'https://git.example.com/demo.git', download_filename_type: 'original_filename' }));
    });

    it("answers 422 for a slug another channel has", async () => {
      const other = await channelFor('android');
      const tc = await channelFor('android');
      const res = await send({ fields: { token: developer.token, channel_key: tc.key, slug: other.slug.toUpperCase() } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject(validation({ slug: ['has already been taken'] }));
      expect(await releaseCount(tc.channelId)).toBe(0);
    });

    it.each([
      ['android.aab', 'android', { platform: 'Android', format: 'aab', bundle_id: 'com.icyleaf.appinfodemo', release_version: '2.1.0', build_version: '10' }],
      ['harmony.hap', 'harmonyos', { platform: 'HarmonyOS', format: 'hap', bundle_id: 'com.example.myapplication', release_version: '1.0.0', build_version: '1000000' }],
      ['macos.zip', 'macos', { platform: 'macOS', format: 'macos_app', bundle_id: 'com.icyleaf.macos.GUIApp', release_version: '1.0', build_version: '1' }],
      ['win-upx.exe', 'windows', { platform: 'Windows', format: 'exe', bundle_id: '', release_version: '3.08 (2011-12-12)', build_version: '' }],
    ] as const)('stores %s in a %s channel', async (name, deviceType, expected) => {
      const tc = await channelFor(deviceType);
      const data = fixture(name);
      const res = await send({ fields: { token: developer.token, channel_key: tc.key }, file: data, filename: name });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ...expected, version: 1, size: data.length, checksum: sha256(data), file_name: name });
      expect(res.body.install_url).toBe(`${BASE}/${tc.slug}/${res.body.id}/download`);
      const row = (await releaseRow(res.body.id))!;
      expect(readFileSync(path.join(storageDir(), row.file_key)).equals(data)).toBe(true);
    });

    it('numbers the builds of a channel 1, 2, 3', async () => {
      const tc = await channelFor('android');
      const versions = [];
      for (let i = 0; i < 3; i++) versions.push((await send({ fields: { token: developer.token, channel_key: tc.key } })).body.version);
      expect(versions).toEqual([1, 2, 3]);
    });

    it('keeps a safe storage key whatever the file is called', async () => {
      const tc = await channelFor('android');
      for (const [sent, shown, key] of [
        ['../../etc/Passwd App (1).apk', 'Passwd App (1).apk', 'passwd-app-1-.apk'],
        ['C:\\Builds\\Release\\Demo.APK', 'Demo.APK', 'demo.apk'],
        ['应用.apk', '应用.apk', 'apk'],
        ['...', '...', 'package.apk'],
        ['\u0007 \u0000', 'package.apk', 'package.apk'],
      ] as const) {
        const res = await send({ fields: { token: developer.token, channel_key: tc.key }, filename: sent });
        expect(res.status, sent).toBe(201);
        expect(res.body.file_name).toBe(shown);
        const row = (await releaseRow(res.body.id))!;
        expect(row.file_key).toMatch(new RegExp(`^releases/[0-9a-f-]{36}/${key.replace(/\./g, '\\.')}$`));
      }
    });
  });

  describe('without a channel key', () => {
    it('makes an app (owned by the uploader), a scheme and a channel from the package', async () => {
      // A developer with no channel for the package yet (see zealot-contract-channels.test.ts for the reuse).
      const newcomer = await server.newUser({ role: 'developer' });
      const res = await send({ fields: { token: newcomer.token, channel_key: '' } });
      expect(res.status).toBe(201);
      const { app, scheme, channel } = res.body;
      expect(res.body).toMatchObject({ version: 1, app_name: 'AppInfoDemo Default Android', bundle_id: 'com.icyleaf.appinfodemo' });
      expect(app).toEqual({ id: expect.any(Number), name: 'AppInfoDemo' });
      expect(scheme).toEqual({ id: expect.any(Number), name: 'Default', new_build_callout: true, retained_builds: 0 });
      expect(channel).toEqual({
        id: expect.any(Number),
        slug: expect.stringMatching(/^[a-z0-9]{6,8}$/),
        name: 'Android',
        device_type: 'android',
        bundle_id: '*',
        git_url: null,
        has_password: false,
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
        download_filename_type: 'version_datetime',
      });
      const collaborators = await server.database.db.selectFrom('collaborators').selectAll().where('app_id', '=', app.id).execute();
      expect(collaborators.map((c) => ({ user_id: c.user_id, role: c.role, owner: Boolean(c.owner) }))).toEqual([{ user_id: newcomer.id, role: 'admin', owner: true }]);
      expect(res.body.placement).toBe('created');

      // The new channel takes the next build by its key.
      const next = await send({ fields: { token: newcomer.token, channel_key: channel.key } });
      expect(next.body).toMatchObject({ version: 2, app: { id: app.id }, channel: { id: channel.id } });
    });

    it('names the app from `name` and the scheme from `release_type`, and applies the channel fields', async () => {
      const res = await send({ fields: { token: admin.token, name: 'My Phone App', release_type: 'Nightly', password: 'secret', git_url: 'https://git.example.com/x.git' }, file: IPA, filename: 'x.ipa' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        app_name: 'My Phone App Nightly iOS',
        app: { name: 'My Phone App' },
        scheme: { name: 'Nightly' },
        channel: { name: 'iOS', device_type: 'ios', has_password: true, git_url: 'https://git.example.com/x.git' },
      });
    });
  });

  describe('retention', () => {
    it("keeps the scheme's newest retained_builds builds of the channel and deletes the others' files", async () => {
      const tc = await channelFor('android', { retainedBuilds: 2 });
      const other = await newApp(server, { ownerId: developer.id, deviceType: 'android', retainedBuilds: 0 });
      await send({ fields: { token: developer.token, channel_key: other.key } });
      const uploaded: { id: number; keys: string[] }[] = [];
      for (let i = 0; i < 4; i++) {
        const { id } = (await send({ fields: { token: developer.token, channel_key: tc.key } })).body as { id: number };
        const row = (await releaseRow(id))!;
        uploaded.push({ id, keys: [row.file_key, row.icon_key!] });
      }
      const left = await server.database.db.selectFrom('releases').select(['id', 'version']).where('channel_id', '=', tc.channelId).orderBy('version').execute();
      expect(left).toEqual([
        { id: uploaded[2]!.id, version: 3 },
        { id: uploaded[3]!.id, version: 4 },
      ]);
      const stored = await filesUnder(storageDir());
      for (const { keys } of uploaded.slice(0, 2)) for (const key of keys) expect(stored).not.toContain(key);
      for (const { keys } of uploaded.slice(2)) for (const key of keys) expect(stored).toContain(key);
      expect(await releaseCount(other.channelId)).toBe(1);
    });
  });

  describe('concurrency', () => {
    it('gives 50 parallel uploads to one channel the versions 1 to 50, once each', async () => {
      const tc = await channelFor('harmonyos');
      const hap = fixture('harmony.hap');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => send({ fields: { token: developer.token, channel_key: tc.key }, file: hap, filename: 'harmony.hap' })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 201));
      expect(answers.map((a) => a.body.version as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      const rows = await server.database.db.selectFrom('releases').select('version').where('channel_id', '=', tc.channelId).orderBy('version').execute();
      expect(rows.map((r) => r.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });
  });
});
