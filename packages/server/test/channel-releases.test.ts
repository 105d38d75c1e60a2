// A channel's builds as the web app lists them: any collaborator reads the list (people
// outside the app get 404, as for a channel that does not exist), newest upload first, a page
// at a time, filtered by exact branch and release type and by version text (which never
// matches through LIKE wildcards); the facets give the filter menus their choices. One
// release's detail answer carries the parsed metadata the release screen shows. The web app
// uploads with its session cookie, so the upload route takes a session with the CSRF header.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionKey } from '../src/modules/versions/fns.ts';
import { addCollaborator, newApp, now } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const BASE = 'https://tarmac.example.com';
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const APK = readFileSync(path.join(FIXTURES, 'android.apk'));
const IPA = readFileSync(path.join(FIXTURES, 'iphone.ipa'));
const NOT_FOUND = { error: 'Record not found' };
const MISSING_ID = 2147483647;

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: BASE });
  owner = await server.newUser({ role: 'developer' });
  member = await server.newUser({ role: 'member' });
  outsider = await server.newUser({ role: 'developer' });
  admin = await server.newUser({ role: 'admin' });
});
afterAll(() => server.close());

function validation(details: Record<string, string[]>) {
  const summary = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return { error: `Validation failed: ${summary.join('; ')}`, details };
}

async function team(deviceType: 'android' | 'ios' = 'android'): Promise<TestChannel> {
  const tc = await newApp(server, { ownerId: owner.id, deviceType, channel: deviceType === 'ios' ? 'iOS' : 'Android' });
  await addCollaborator(server, tc.appId, member.id, 'member');
  return tc;
}

/** Uploads a fixture through the API as the owner; answers the release id. */
async function uploaded(tc: TestChannel, file: Buffer, name: string, fields: Record<string, string> = {}): Promise<number> {
  const form = new FormData();
  form.append('token', owner.token);
  form.append('channel_key', tc.key);
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
  const body = (await response.json()) as { id: number };
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}

interface Row {
  version: number;
  releaseVersion: string | null;
  buildVersion: string | null;
  branch?: string | null;
  releaseType?: string | null;
}

/** Release rows (no stored file: the list never reads it), in version order. */
async function seed(channelId: number, rows: Row[]): Promise<void> {
  const timestamp = now();
  for (const row of rows) {
    await server.database.db
      .insertInto('releases')
      .values({
        channel_id: channelId,
        version: row.version,
        release_version: row.releaseVersion,
        build_version: row.buildVersion,
        version_key: versionKey(row.releaseVersion, row.buildVersion),
        release_type: row.releaseType ?? null,
        branch: row.branch ?? null,
        source: 'api',
        platform: 'android',
        device_type: 'phone',
        format: 'apk',
        size: 100 + row.version,
        checksum: 'a'.repeat(64),
        file_key: `releases/none/${channelId}-${row.version}.apk`,
        file_name: 'app.apk',
        icon_key: null,
        changelog: '[]',
        custom_fields: '[]',
        metadata: '{"format":"apk"}',
        created_at: timestamp,
        updated_at: timestamp,
      })
      .execute();
  }
}

const ROWS: Row[] = [
  { version: 1, releaseVersion: '1.0.0', buildVersion: '100', branch: 'main', releaseType: 'debug' },
  { version: 2, releaseVersion: '1.1.0-RC1', buildVersion: '110', branch: 'feature/login', releaseType: 'adhoc' },
  { version: 3, releaseVersion: '1.1.0', buildVersion: '111', branch: 'main', releaseType: 'release' },
  { version: 4, releaseVersion: '2.0%beta', buildVersion: '200', branch: null, releaseType: null },
  { version: 5, releaseVersion: '2.0.0', buildVersion: '201', branch: 'main', releaseType: 'adhoc' },
];

const versionsOf = (body: { version: number }[]) => body.map((release) => release.version);

describe('GET /api/channels/:id/releases', () => {
  let tc: TestChannel;
  beforeAll(async () => {
    tc = await team();
    await seed(tc.channelId, ROWS);
  });

  it('answers 401 without a token', async () => {
    const res = await api(server, `/api/channels/${tc.channelId}/releases`);
    expect(res.status).toBe(401);
  });

  it('answers 404 to someone outside the app, as for a channel that does not exist', async () => {
    for (const [user, id] of [
      [outsider, tc.channelId],
      [owner, MISSING_ID],
    ] as const) {
      const res = await api(server, `/api/channels/${id}/releases`, { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND);
    }
  });

  it('answers 422 to a bad page size and an over-long filter', async () => {
    const res = await api(server, `/api/channels/${tc.channelId}/releases?per_page=0&branch=${'b'.repeat(300)}`, { token: owner.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(validation({ per_page: ['must be at least 1'], branch: ['is too long (maximum is 255 characters)'] }));
  });

  it('lists a collaborator member the whole channel, the latest upload first, with the totals in headers', async () => {
    const res = await api(server, `/api/channels/${tc.channelId}/releases`, { token: member.token });
    expect(res.status).toBe(200);
    expect(versionsOf(res.body)).toEqual([5, 4, 3, 2, 1]);
    expect(res.headers.get('x-total-count')).toBe('5');
    expect(res.headers.get('x-total-pages')).toBe('1');
    expect(res.body[0]).toMatchObject({ version: 5, release_version: '2.0.0', build_version: '201', branch: 'main', release_type: 'adhoc', size: 105 });
    expect(res.body[0]).not.toHaveProperty('metadata');
  });

  it('pages: per_page 2, page 2 holds the third and fourth newest', async () => {
    const res = await api(server, `/api/channels/${tc.channelId}/releases?per_page=2&page=2`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(versionsOf(res.body)).toEqual([3, 2]);
    expect(res.headers.get('x-total-count')).toBe('5');
    expect(res.headers.get('x-total-pages')).toBe('3');
    const beyond = await api(server, `/api/channels/${tc.channelId}/releases?per_page=2&page=9`, { token: owner.token });
    expect(beyond.body).toEqual([]);
  });

  it('filters by exact branch and release type, alone and together, with totals that follow', async () => {
    const cases: [string, number[]][] = [
      ['branch=main', [5, 3, 1]],
      ['branch=feature%2Flogin', [2]],
      ['branch=mai', []],
      ['release_type=adhoc', [5, 2]],
      ['branch=main&release_type=adhoc', [5]],
    ];
    for (const [query, expected] of cases) {
      const res = await api(server, `/api/channels/${tc.channelId}/releases?${query}`, { token: member.token });
      expect(res.status, query).toBe(200);
      expect(versionsOf(res.body), query).toEqual(expected);
      expect(res.headers.get('x-total-count'), query).toBe(String(expected.length));
    }
  });

  it('finds version text in release_version or build_version, any case; a whole number also finds that build number', async () => {
    const cases: [string, number[]][] = [
      ['1.1', [3, 2]],
      ['rc1', [2]],
      ['20', [5, 4]],
      ['3', [3]],
      ['%', [4]],
      ['_', []],
      ['  2.0.0  ', [5]],
      ['', [5, 4, 3, 2, 1]],
    ];
    for (const [q, expected] of cases) {
      const res = await api(server, `/api/channels/${tc.channelId}/releases?q=${encodeURIComponent(q)}`, { token: member.token });
      expect(res.status, q).toBe(200);
      expect(versionsOf(res.body), q).toEqual(expected);
    }
  });

  it('answers an item as GET /api/releases/:id does, without the detail fields', async () => {
    const id = await uploaded(tc, APK, 'android.apk', { branch: 'origin/develop', release_type: 'beta' });
    const detail = await api(server, `/api/releases/${id}`, { token: member.token });
    const list = await api(server, `/api/channels/${tc.channelId}/releases?branch=develop`, { token: member.token });
    expect(list.status).toBe(200);
    const { app: _app, scheme: _scheme, channel: _channel, custom_fields_view: _view, metadata: _metadata, ...rest } = detail.body;
    const { install_problems: _problems, ...release } = rest;
    expect(list.body).toEqual([release]);
  });

  it('puts a grant in the links of a password-protected channel, and lets a global admin list it', async () => {
    const guarded = await team();
    await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: 'open sesame' } });
    await seed(guarded.channelId, [{ version: 1, releaseVersion: '1.0', buildVersion: '1' }]);
    const res = await api(server, `/api/channels/${guarded.channelId}/releases`, { token: admin.token });
    expect(res.status).toBe(200);
    const [release] = res.body;
    expect(release.download_url).toMatch(new RegExp(`^${BASE}/${guarded.slug}/${release.id}/download\\?grant=.+`));
    expect(release.release_url).toBe(`${BASE}/${guarded.slug}/${release.id}`);
  });
});

describe('GET /api/channels/:id/releases/facets', () => {
  it('answers 404 to someone outside the app and for a channel that does not exist', async () => {
    const tc = await team();
    for (const [user, id] of [
      [outsider, tc.channelId],
      [owner, MISSING_ID],
    ] as const) {
      const res = await api(server, `/api/channels/${id}/releases/facets`, { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(NOT_FOUND);
    }
  });

  it('answers empty lists for a channel without releases', async () => {
    const tc = await team();
    const res = await api(server, `/api/channels/${tc.channelId}/releases/facets`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ branches: [], release_types: [] });
  });

  it("lists the channel's branches and release types in name order with counts, leaving out releases without one", async () => {
    const tc = await team();
    await seed(tc.channelId, ROWS);
    const other = await team();
    await seed(other.channelId, [{ version: 1, releaseVersion: '9', buildVersion: '9', branch: 'elsewhere', releaseType: 'enterprise' }]);
    const res = await api(server, `/api/channels/${tc.channelId}/releases/facets`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      branches: [
        { name: 'feature/login', count: 1 },
        { name: 'main', count: 3 },
      ],
      release_types: [
        { name: 'adhoc', count: 2 },
        { name: 'debug', count: 1 },
        { name: 'release', count: 1 },
      ],
    });
  });
});

describe('GET /api/releases/:id metadata', () => {
  it('carries what the parser read from an apk: SDK levels, permissions, signatures', async () => {
    const tc = await team();
    const id = await uploaded(tc, APK, 'android.apk');
    const res = await api(server, `/api/releases/${id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({
      format: 'apk',
      platform: 'android',
      bundle_id: 'com.icyleaf.appinfodemo',
      release_version: '2.1.0',
      build_version: '10',
      details: {
        package_name: 'com.icyleaf.appinfodemo',
        min_sdk: 14,
        target_sdk: 31,
        native_abis: [],
        signing: { schemes: ['v1', 'v2'], v1_files: ['META-INF/CERT.RSA'] },
      },
    });
    expect(res.body.metadata.details.permissions[0]).toBe('android.permission.ACCESS_NETWORK_STATE');
    expect(res.body.metadata.details.features[0]).toEqual({ name: 'android.hardware.bluetooth', required: true });
  });

  it("carries an ipa's provisioning profile: type, team, expiry, devices, entitlements, certificates", async () => {
    const tc = await team('ios');
    const id = await uploaded(tc, IPA, 'iphone.ipa');
    const res = await api(server, `/api/releases/${id}`, { token: member.token });
    expect(res.status).toBe(200);
    const profile = res.body.metadata.details.provisioning_profile;
    expect(profile).toMatchObject({
      name: 'iOS Team Provisioning Profile: *',
      team_name: 'QYER Inc',
      type: 'development',
      expires_at: '2017-07-27T09:44:49.000Z',
      expired: true,
      entitlements: { 'get-task-allow': true },
    });
    expect(profile.devices).toHaveLength(100);
    expect(profile.developer_certificates.length).toBeGreaterThan(0);
    expect(res.body.metadata.archs).toEqual(['armv7', 'arm64']);
  });
});

describe('POST /api/apps/upload with a session (the web app)', () => {
  it('takes the session cookie with the X-CSRF-Token header, and refuses it without', async () => {
    const tc = await team();
    const session = await signIn(server, owner.username, owner.password);
    const send = (headers: Record<string, string>) => {
      const form = new FormData();
      form.append('channel_key', tc.key);
      form.append('release_type', 'beta');
      form.append('file', new Blob([new Uint8Array(APK)]), 'android.apk');
      return fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form, headers: { cookie: session.cookie, ...headers } });
    };
    const refused = await send({});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'Missing or invalid CSRF token: send the X-CSRF-Token header from GET /api/session' });
    const accepted = await send({ 'x-csrf-token': session.csrf });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ version: 1, release_type: 'beta', channel: { id: tc.channelId } });
  });
});
