// Guards the schemes and channels API (/api/apps/{app_id}/schemes, /api/schemes/{id},
// /api/schemes/{scheme_id}/channels, /api/channels/{id}, /api/channels/{id}/key): every
// collaborator reads them, only the app's admins change them, outsiders get 404; channel keys
// show to the app's developers and admins only; slugs are unique ignoring case and random when
// omitted; passwords are stored hashed and never returned; deleting a scheme or a channel
// removes its releases' stored files after the rows.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCollaborator, newApp, storedRelease } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  outsider = await server.newUser({ role: 'developer' });
});
afterAll(() => server.close());

const UNAUTHORIZED = { error: 'Unauthorized user token' };
const NOT_FOUND = { error: 'Record not found' };
const SCHEMES_FORBIDDEN = { error: "Only the app's administrators can manage its schemes" };
const CHANNELS_FORBIDDEN = { error: "Only the app's administrators can manage its channels" };
const MISSING_ID = 2147483647;
const KEY = expect.stringMatching(/^[0-9a-f]{32}$/);
const RANDOM_SLUG = expect.stringMatching(/^[a-z0-9]{6,8}$/);

function validation(details: Record<string, string[]>) {
  const summary = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return { error: `Validation failed: ${summary.join('; ')}`, details };
}

interface Team {
  tc: TestChannel;
  name: string;
  owner: TestUser;
  dev: TestUser;
  viewer: TestUser;
}

let sequence = 0;
/** A new app (scheme "Beta", channel "Android") with an owner, a developer and a member. */
async function team(): Promise<Team> {
  sequence += 1;
  const name = `App ${sequence}`;
  const owner = await server.newUser();
  const dev = await server.newUser();
  const viewer = await server.newUser();
  const tc = await newApp(server, { name, ownerId: owner.id });
  await addCollaborator(server, tc.appId, dev.id, 'developer');
  await addCollaborator(server, tc.appId, viewer.id, 'member');
  return { tc, name, owner, dev, viewer };
}

function factoryChannel(tc: TestChannel, withKey: boolean, overrides: Record<string, unknown> = {}) {
  return {
    id: tc.channelId,
    slug: tc.slug,
    name: 'Android',
    device_type: 'android',
    bundle_id: '*',
    git_url: null,
    has_password: false,
    ...(withKey ? { key: tc.key } : {}),
    download_filename_type: 'version_datetime',
    ...overrides,
  };
}

function channelDetail(t: Team, withKey: boolean, overrides: Record<string, unknown> = {}) {
  return { ...factoryChannel(t.tc, withKey, overrides), scheme: { id: t.tc.schemeId, name: 'Beta' }, app: { id: t.tc.appId, name: t.name, archived: false } };
}

function factoryScheme(t: Team, withKey: boolean, overrides: Record<string, unknown> = {}) {
  return {
    id: t.tc.schemeId,
    name: 'Beta',
    new_build_callout: true,
    retained_builds: 0,
    channels: [factoryChannel(t.tc, withKey)],
    app: { id: t.tc.appId, name: t.name, archived: false },
    ...overrides,
  };
}

async function expectGone(keys: { fileKey: string; iconKey: string }[]) {
  for (const { fileKey, iconKey } of keys) {
    expect(await server.services.storage.stat(fileKey), fileKey).toBeNull();
    expect(await server.services.storage.stat(iconKey), iconKey).toBeNull();
  }
}

describe('GET /api/apps/:app_id/schemes', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/schemes`);
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and for a missing app', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/schemes`, { token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    const missing = await api(server, `/api/apps/${MISSING_ID}/schemes`, { token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it('answers 422 for a bad app id or page size', async () => {
    const t = await team();
    const bad = await api(server, '/api/apps/x/schemes', { token: admin.token });
    expect([bad.status, bad.body]).toMatchObject([422, validation({ app_id: ['must be a whole number'] })]);
    const size = await api(server, `/api/apps/${t.tc.appId}/schemes?per_page=500`, { token: admin.token });
    expect([size.status, size.body]).toMatchObject([422, validation({ per_page: ['must be at most 100'] })]);
  });

  it('lists the schemes with their channels; keys for developers, admins and global admins only', async () => {
    const t = await team();
    const second = await api(server, `/api/apps/${t.tc.appId}/schemes`, { method: 'POST', token: t.owner.token, json: { name: 'Release' } });
    const release = { id: second.body.id, name: 'Release', new_build_callout: true, retained_builds: 0, channels: [], app: { id: t.tc.appId, name: t.name, archived: false } };
    const asMember = await api(server, `/api/apps/${t.tc.appId}/schemes`, { token: t.viewer.token });
    expect([asMember.status, asMember.body]).toEqual([200, [factoryScheme(t, false), release]]);
    expect(asMember.headers.get('x-total-count')).toBe('2');
    for (const user of [t.dev, t.owner, admin]) {
      const res = await api(server, `/api/apps/${t.tc.appId}/schemes`, { token: user.token });
      expect([res.status, res.body]).toEqual([200, [factoryScheme(t, true), release]]);
    }
    const paged = await api(server, `/api/apps/${t.tc.appId}/schemes?page=2&per_page=1`, { token: t.viewer.token });
    expect([paged.body, paged.headers.get('x-total-pages')]).toEqual([[release], '2']);
  });
});

describe('POST /api/apps/:app_id/schemes', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/schemes`, { method: 'POST', json: { name: 'S' } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers", async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/schemes`, { method: 'POST', token: outsider.token, json: { name: 'S' } });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/apps/${t.tc.appId}/schemes`, { method: 'POST', token: user.token, json: { name: 'S' } });
      expect([refused.status, refused.body]).toMatchObject([403, SCHEMES_FORBIDDEN]);
    }
    const missing = await api(server, `/api/apps/${MISSING_ID}/schemes`, { method: 'POST', token: admin.token, json: { name: 'S' } });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it('answers 422 for each broken rule', async () => {
    const t = await team();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['is required'] }],
      [{ name: '  ' }, { name: ["can't be blank"] }],
      [{ name: 'x'.repeat(256) }, { name: ['is too long (maximum is 255 characters)'] }],
      [{ name: 'S', new_build_callout: 'sometimes' }, { new_build_callout: ['must be a boolean'] }],
      [{ name: 'S', retained_builds: 1001 }, { retained_builds: ['must be at most 1000'] }],
      [{ name: 'S', retained_builds: -1 }, { retained_builds: ['must be at least 0'] }],
      [{ name: 'S', retained_builds: 2.5 }, { retained_builds: ['must be a whole number'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, `/api/apps/${t.tc.appId}/schemes`, { method: 'POST', token: t.owner.token, json });
      expect([json, res.status, res.body]).toMatchObject([json, 422, validation(details)]);
    }
  });

  it('creates a scheme with the defaults (201)', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/schemes`, { method: 'POST', token: t.owner.token, json: { name: ' Nightly ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Nightly',
      new_build_callout: true,
      retained_builds: 0,
      channels: [],
      app: { id: t.tc.appId, name: t.name, archived: false },
    });
  });

  it('creates a scheme with every field, also from a form body and for a global admin', async () => {
    const t = await team();
    const res = await api(server, `/api/apps/${t.tc.appId}/schemes`, {
      method: 'POST',
      token: admin.token,
      form: { name: 'Store', new_build_callout: 'false', retained_builds: '1000' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Store',
      new_build_callout: false,
      retained_builds: 1000,
      channels: [],
      app: { id: t.tc.appId, name: t.name, archived: false },
    });
  });
});

describe('GET /api/schemes/:id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}`);
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and for a missing scheme, 422 for a bad id', async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}`, { token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    const missing = await api(server, `/api/schemes/${MISSING_ID}`, { token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
    const bad = await api(server, '/api/schemes/-1', { token: admin.token });
    expect([bad.status, bad.body]).toMatchObject([422, validation({ id: ['must be at least 1'] })]);
  });

  it('shows the scheme with its app and channels; keys from developer up', async () => {
    const t = await team();
    const asMember = await api(server, `/api/schemes/${t.tc.schemeId}`, { token: t.viewer.token });
    expect([asMember.status, asMember.body]).toEqual([200, factoryScheme(t, false)]);
    const asDeveloper = await api(server, `/api/schemes/${t.tc.schemeId}`, { token: t.dev.token });
    expect([asDeveloper.status, asDeveloper.body]).toEqual([200, factoryScheme(t, true)]);
    const asAdmin = await api(server, `/api/schemes/${t.tc.schemeId}`, { token: admin.token });
    expect([asAdmin.status, asAdmin.body]).toEqual([200, factoryScheme(t, true)]);
  });
});

describe('PUT /api/schemes/:id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'PUT', json: { name: 'S' } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers", async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'PUT', token: outsider.token, json: { name: 'S' } });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'PUT', token: user.token, json: { name: 'S' } });
      expect([refused.status, refused.body]).toMatchObject([403, SCHEMES_FORBIDDEN]);
    }
  });

  it('answers 422 for each broken rule', async () => {
    const t = await team();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: '' }, { name: ["can't be blank"] }],
      [{ name: 'x'.repeat(256) }, { name: ['is too long (maximum is 255 characters)'] }],
      [{ new_build_callout: 'x' }, { new_build_callout: ['must be a boolean'] }],
      [{ retained_builds: 5000 }, { retained_builds: ['must be at most 1000'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'PUT', token: t.owner.token, json });
      expect([json, res.status, res.body]).toMatchObject([json, 422, validation(details)]);
    }
  });

  it('changes the fields sent and keeps the others', async () => {
    const t = await team();
    const first = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'PUT', token: t.owner.token, json: { retained_builds: 3 } });
    expect([first.status, first.body]).toEqual([200, factoryScheme(t, true, { retained_builds: 3 })]);
    const second = await api(server, `/api/schemes/${t.tc.schemeId}`, {
      method: 'PUT',
      token: admin.token,
      json: { name: 'Renamed', new_build_callout: false },
    });
    expect([second.status, second.body]).toEqual([200, factoryScheme(t, true, { name: 'Renamed', new_build_callout: false, retained_builds: 3 })]);
  });
});

describe('DELETE /api/schemes/:id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'DELETE' });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers", async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'DELETE', token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'DELETE', token: user.token });
      expect([refused.status, refused.body]).toMatchObject([403, SCHEMES_FORBIDDEN]);
    }
    const missing = await api(server, `/api/schemes/${MISSING_ID}`, { method: 'DELETE', token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it("deletes the scheme, its channels and releases, then the releases' stored files", async () => {
    const t = await team();
    const files = [await storedRelease(server, t.tc.channelId, 1), await storedRelease(server, t.tc.channelId, 2)];
    const other = await newApp(server, { ownerId: t.owner.id });
    const kept = await storedRelease(server, other.channelId, 1);
    const res = await api(server, `/api/schemes/${t.tc.schemeId}`, { method: 'DELETE', token: t.owner.token });
    expect([res.status, res.body]).toEqual([200, { message: 'OK' }]);
    const { db } = server.database;
    expect(await db.selectFrom('schemes').select('id').where('id', '=', t.tc.schemeId).execute()).toEqual([]);
    expect(await db.selectFrom('channels').select('id').where('id', '=', t.tc.channelId).execute()).toEqual([]);
    expect(await db.selectFrom('releases').select('id').where('channel_id', '=', t.tc.channelId).execute()).toEqual([]);
    await expectGone(files);
    expect(await server.services.storage.stat(kept.fileKey)).toEqual({ size: 13 });
    const app = await api(server, `/api/apps/${t.tc.appId}`, { token: t.owner.token });
    expect(app.body.schemes).toEqual([]);
  });
});

describe('GET /api/schemes/:scheme_id/channels', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}/channels`);
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and for a missing scheme, 422 for a bad id', async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, { token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    const missing = await api(server, `/api/schemes/${MISSING_ID}/channels`, { token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
    const bad = await api(server, '/api/schemes/abc/channels', { token: admin.token });
    expect([bad.status, bad.body]).toMatchObject([422, validation({ scheme_id: ['must be a whole number'] })]);
  });

  it('lists the channels; keys from developer up; pages', async () => {
    const t = await team();
    const made = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, {
      method: 'POST',
      token: t.owner.token,
      json: { name: 'iOS', device_type: 'ios' },
    });
    const { scheme: _scheme, app: _app, ...ios } = made.body;
    const { key: _key, ...iosWithoutKey } = ios;
    const asMember = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, { token: t.viewer.token });
    expect([asMember.status, asMember.body]).toEqual([200, [factoryChannel(t.tc, false), iosWithoutKey]]);
    expect(asMember.headers.get('x-total-count')).toBe('2');
    for (const user of [t.dev, admin]) {
      const res = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, { token: user.token });
      expect([res.status, res.body]).toEqual([200, [factoryChannel(t.tc, true), ios]]);
    }
    const paged = await api(server, `/api/schemes/${t.tc.schemeId}/channels?page=2&per_page=1`, { token: t.dev.token });
    expect(paged.body).toEqual([ios]);
  });
});

describe('POST /api/schemes/:scheme_id/channels', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, { method: 'POST', json: { name: 'C', device_type: 'ios' } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers", async () => {
    const t = await team();
    const json = { name: 'C', device_type: 'ios' };
    const res = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, { method: 'POST', token: outsider.token, json });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, { method: 'POST', token: user.token, json });
      expect([refused.status, refused.body]).toMatchObject([403, CHANNELS_FORBIDDEN]);
    }
    const missing = await api(server, `/api/schemes/${MISSING_ID}/channels`, { method: 'POST', token: admin.token, json });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it('answers 422 for each broken rule', async () => {
    const t = await team();
    const ok = { name: 'C', device_type: 'ios' };
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['is required'], device_type: ['is required'] }],
      [{ name: ' ', device_type: 'ios' }, { name: ["can't be blank"] }],
      [{ name: 'x'.repeat(256), device_type: 'ios' }, { name: ['is too long (maximum is 255 characters)'] }],
      [{ name: 'C', device_type: 'blackberry' }, { device_type: ['must be one of ios, android, harmonyos, macos, windows, linux'] }],
      [{ ...ok, slug: 'a/b' }, { slug: ['must be 1 to 64 letters, digits, "-" or "_" (got "a/b")'] }],
      [{ ...ok, slug: 'x'.repeat(65) }, { slug: ['is too long (maximum is 64 characters)'] }],
      [{ ...ok, slug: t.tc.slug.toUpperCase() }, { slug: ['has already been taken'] }],
      [{ ...ok, bundle_id: ' ' }, { bundle_id: ['can\'t be blank; use "*" to accept any bundle id'] }],
      [{ ...ok, bundle_id: 'x'.repeat(256) }, { bundle_id: ['is too long (maximum is 255 characters)'] }],
      [{ ...ok, git_url: 'not a url' }, { git_url: ['must be an http:// or https:// URL'] }],
      [{ ...ok, git_url: 'javascript:alert(1)' }, { git_url: ['must be an http:// or https:// URL'] }],
      [{ ...ok, git_url: 'https://user:secret@git.example.com/x.git' }, { git_url: ['must not contain a user name or password'] }],
      [{ ...ok, git_url: `https://example.com/${'x'.repeat(1010)}` }, { git_url: ['is too long (maximum is 1024 characters)'] }],
      [{ ...ok, password: 'x'.repeat(129) }, { password: ['is too long (maximum is 128 characters)'] }],
      [{ ...ok, download_filename_type: 'random' }, { download_filename_type: ['must be one of version_datetime, original_filename'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, { method: 'POST', token: t.owner.token, json });
      expect([json, res.status, res.body]).toMatchObject([json, 422, validation(details)]);
    }
  });

  it('creates a channel with the defaults: random slug, new key, bundle id "*" (201)', async () => {
    const t = await team();
    const res = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, {
      method: 'POST',
      token: t.owner.token,
      json: { name: 'HarmonyOS', device_type: 'harmonyos', slug: '', git_url: '', password: '' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      slug: RANDOM_SLUG,
      name: 'HarmonyOS',
      device_type: 'harmonyos',
      bundle_id: '*',
      git_url: null,
      has_password: false,
      key: KEY,
      download_filename_type: 'version_datetime',
      scheme: { id: t.tc.schemeId, name: 'Beta' },
      app: { id: t.tc.appId, name: t.name, archived: false },
    });
    const row = await server.database.db.selectFrom('channels').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect([row.key, row.slug, row.password_hash]).toEqual([res.body.key, res.body.slug, null]);
  });

  it('creates a channel with every field; the password is stored hashed and never returned', async () => {
    const t = await team();
    const slug = `My_Slug-${randomBytes(3).toString('hex')}`;
    const res = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, {
      method: 'POST',
      token: admin.token,
      json: {
        name: 'iOS',
        device_type: 'ios',
        slug,
        bundle_id: 'com.example.*',
        git_url: 'http://git.example.com/app',
        password: 'hunter22',
        download_filename_type: 'original_filename',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      slug,
      name: 'iOS',
      device_type: 'ios',
      bundle_id: 'com.example.*',
      git_url: 'http://git.example.com/app',
      has_password: true,
      key: KEY,
      download_filename_type: 'original_filename',
      scheme: { id: t.tc.schemeId, name: 'Beta' },
      app: { id: t.tc.appId, name: t.name, archived: false },
    });
    expect(res.text).not.toContain('hunter22');
    const row = await server.database.db.selectFrom('channels').select('password_hash').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('draws distinct random slugs and keys for many channels', async () => {
    const t = await team();
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api(server, `/api/schemes/${t.tc.schemeId}/channels`, { method: 'POST', token: t.owner.token, json: { name: `C${i}`, device_type: 'linux' } }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(made.map((r) => (r.body as { slug: string }).slug)).size).toBe(8);
    expect(new Set(made.map((r) => (r.body as { key: string }).key)).size).toBe(8);
  });
});

describe('GET /api/channels/:id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}`);
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and for a missing channel, 422 for a bad id', async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}`, { token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    const missing = await api(server, `/api/channels/${MISSING_ID}`, { token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
    const bad = await api(server, '/api/channels/99999999999', { token: admin.token });
    expect([bad.status, bad.body]).toMatchObject([422, validation({ id: ['must be at most 2147483647'] })]);
  });

  it('shows the channel with its scheme and app; the key from developer up', async () => {
    const t = await team();
    const asMember = await api(server, `/api/channels/${t.tc.channelId}`, { token: t.viewer.token });
    expect([asMember.status, asMember.body]).toEqual([200, channelDetail(t, false)]);
    for (const user of [t.dev, t.owner, admin]) {
      const res = await api(server, `/api/channels/${t.tc.channelId}`, { token: user.token });
      expect([res.status, res.body]).toEqual([200, channelDetail(t, true)]);
    }
  });
});

describe('PUT /api/channels/:id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'PUT', json: { name: 'C' } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers", async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'PUT', token: outsider.token, json: { name: 'C' } });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'PUT', token: user.token, json: { name: 'C' } });
      expect([refused.status, refused.body]).toMatchObject([403, CHANNELS_FORBIDDEN]);
    }
  });

  it('answers 422 for each broken rule', async () => {
    const t = await team();
    const other = await newApp(server);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: '' }, { name: ["can't be blank"] }],
      [{ device_type: 'palm' }, { device_type: ['must be one of ios, android, harmonyos, macos, windows, linux'] }],
      [{ slug: '' }, { slug: ['must be 1 to 64 letters, digits, "-" or "_" (got "")'] }],
      [{ slug: 'with space' }, { slug: ['must be 1 to 64 letters, digits, "-" or "_" (got "with space")'] }],
      [{ slug: other.slug.toUpperCase() }, { slug: ['has already been taken'] }],
      [{ bundle_id: '' }, { bundle_id: ['can\'t be blank; use "*" to accept any bundle id'] }],
      [{ git_url: 'ssh://git@example.com/x.git' }, { git_url: ['must be an http:// or https:// URL'] }],
      [{ password: 'x'.repeat(129) }, { password: ['is too long (maximum is 128 characters)'] }],
      [{ download_filename_type: 'x' }, { download_filename_type: ['must be one of version_datetime, original_filename'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'PUT', token: t.owner.token, json });
      expect([json, res.status, res.body]).toMatchObject([json, 422, validation(details)]);
    }
  });

  it('changes the fields sent and keeps the others; its own slug in another case is fine', async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}`, {
      method: 'PUT',
      token: t.owner.token,
      json: {
        name: 'Play',
        slug: t.tc.slug.toUpperCase(),
        bundle_id: 'com.example.app',
        git_url: 'https://git.example.com/app',
        password: 'secret-pass',
        download_filename_type: 'original_filename',
      },
    });
    const changed = {
      name: 'Play',
      slug: t.tc.slug.toUpperCase(),
      bundle_id: 'com.example.app',
      git_url: 'https://git.example.com/app',
      has_password: true,
      download_filename_type: 'original_filename',
    };
    expect([res.status, res.body]).toEqual([200, channelDetail(t, true, changed)]);
    const device = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'PUT', token: admin.token, json: { device_type: 'ios' } });
    expect([device.status, device.body]).toEqual([200, channelDetail(t, true, { ...changed, device_type: 'ios' })]);
  });

  it('keeps the password when it is left out, and clears it with an empty password; git_url null or "" clears it', async () => {
    const t = await team();
    const url = `/api/channels/${t.tc.channelId}`;
    await api(server, url, { method: 'PUT', token: t.owner.token, json: { password: 'first-pass', git_url: 'https://example.com/a' } });
    const kept = await api(server, url, { method: 'PUT', token: t.owner.token, json: { name: 'Renamed' } });
    expect([kept.body.has_password, kept.body.git_url]).toEqual([true, 'https://example.com/a']);
    const cleared = await api(server, url, { method: 'PUT', token: t.owner.token, json: { password: '', git_url: null } });
    expect([cleared.status, cleared.body]).toEqual([200, channelDetail(t, true, { name: 'Renamed' })]);
    await api(server, url, { method: 'PUT', token: t.owner.token, json: { git_url: 'https://example.com/b' } });
    const emptied = await api(server, url, { method: 'PUT', token: t.owner.token, json: { git_url: '' } });
    expect(emptied.body.git_url).toBeNull();
    const row = await server.database.db.selectFrom('channels').select('password_hash').where('id', '=', t.tc.channelId).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
  });
});

describe('DELETE /api/channels/:id', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'DELETE' });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers", async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'DELETE', token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'DELETE', token: user.token });
      expect([refused.status, refused.body]).toMatchObject([403, CHANNELS_FORBIDDEN]);
    }
    const missing = await api(server, `/api/channels/${MISSING_ID}`, { method: 'DELETE', token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it("deletes the channel and its releases, then the releases' stored files; its siblings keep theirs", async () => {
    const t = await team();
    const sibling = await api(server, `/api/schemes/${t.tc.schemeId}/channels`, { method: 'POST', token: t.owner.token, json: { name: 'S', device_type: 'ios' } });
    const files = [await storedRelease(server, t.tc.channelId, 1), await storedRelease(server, t.tc.channelId, 2)];
    const kept = await storedRelease(server, sibling.body.id, 1);
    const res = await api(server, `/api/channels/${t.tc.channelId}`, { method: 'DELETE', token: t.owner.token });
    expect([res.status, res.body]).toEqual([200, { message: 'OK' }]);
    const { db } = server.database;
    expect(await db.selectFrom('channels').select('id').where('id', '=', t.tc.channelId).execute()).toEqual([]);
    expect(await db.selectFrom('releases').select('id').where('channel_id', '=', t.tc.channelId).execute()).toEqual([]);
    expect((await db.selectFrom('releases').select('id').where('channel_id', '=', sibling.body.id).execute()).length).toBe(1);
    await expectGone(files);
    expect(await server.services.storage.stat(kept.fileKey)).toEqual({ size: 13 });
    expect(await server.services.storage.stat(kept.iconKey)).toEqual({ size: 10 });
  });
});

describe('POST /api/channels/:id/key', () => {
  it('answers 401 without a token', async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}/key`, { method: 'POST' });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("answers 404 to outsiders and 403 to the app's members and developers", async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}/key`, { method: 'POST', token: outsider.token });
    expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [t.viewer, t.dev]) {
      const refused = await api(server, `/api/channels/${t.tc.channelId}/key`, { method: 'POST', token: user.token });
      expect([refused.status, refused.body]).toMatchObject([403, CHANNELS_FORBIDDEN]);
    }
    const bad = await api(server, '/api/channels/zero/key', { method: 'POST', token: admin.token });
    expect([bad.status, bad.body]).toMatchObject([422, validation({ id: ['must be a whole number'] })]);
  });

  it('replaces the key and answers the channel with the new one', async () => {
    const t = await team();
    const res = await api(server, `/api/channels/${t.tc.channelId}/key`, { method: 'POST', token: t.owner.token });
    expect([res.status, res.body]).toEqual([200, channelDetail(t, true, { key: KEY })]);
    expect(res.body.key).not.toBe(t.tc.key);
    const row = await server.database.db.selectFrom('channels').select('key').where('id', '=', t.tc.channelId).executeTakeFirstOrThrow();
    expect(row.key).toBe(res.body.key);
    const again = await api(server, `/api/channels/${t.tc.channelId}/key`, { method: 'POST', token: admin.token });
    expect(again.body.key).not.toBe(res.body.key);
  });
});
