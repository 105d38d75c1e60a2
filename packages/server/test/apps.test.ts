// Guards the apps API (/api/apps, /api/apps/{id}, archive, unarchive): a global admin sees
// every app and anyone else only the apps they collaborate on (others' apps are 404, never
// 403); global developers and admins create apps and own them; collaborator admins rename,
// archive and delete; an archived app refuses every change but unarchiving; channel keys
// show only to the app's developers and admins; deleting an app removes its rows first and
// then every stored file of its releases. Zealot's static /api/apps/* paths are not
// shadowed by /api/apps/{id}.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCollaborator, newApp, now, storedRelease } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let developer: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  developer = await server.newUser({ role: 'developer' });
  member = await server.newUser({ role: 'member' });
});
afterAll(() => server.close());

const UNAUTHORIZED = { error: 'Unauthorized user token' };
const NOT_FOUND = { error: 'Record not found' };
const MISSING_ID = 2147483647;
const KEY = expect.stringMatching(/^[0-9a-f]{32}$/);
const RANDOM_SLUG = expect.stringMatching(/^[a-z0-9]{6,8}$/);

function validation(details: Record<string, string[]>) {
  const summary = Object.entries(details).flatMap(([field, messages]) => messages.map((m) => `${field} ${m}`));
  return { error: `Validation failed: ${summary.join('; ')}`, details };
}

function archived(app: { id: number; name: string }) {
  return { error: `App "${app.name}" is archived and cannot be changed; unarchive it first (DELETE /api/apps/${app.id}/archive)` };
}

let sequence = 0;
function uniqueName(prefix = 'App'): string {
  sequence += 1;
  return `${prefix} ${sequence}-${process.pid}`;
}

/** The JSON of a channel made by the newApp factory. */
function factoryChannel(tc: TestChannel, withKey: boolean) {
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
    release_count: 0,
    latest_release: null,
  };
}

/** The JSON of an app made by the newApp factory, as the list shows it. */
function factoryApp(
  tc: TestChannel,
  name: string,
  options: { owner: TestUser | null; role: string | null; withKey: boolean; archived?: boolean },
) {
  return {
    id: tc.appId,
    name,
    archived: options.archived ?? false,
    public: false,
    owner: options.owner ? { id: options.owner.id, username: options.owner.username } : null,
    role: options.role,
    schemes: [{ id: tc.schemeId, name: 'Beta', new_build_callout: true, retained_builds: 0, channels: [factoryChannel(tc, options.withKey)] }],
    release_count: 0,
    icon_url: null,
  };
}

function collaboratorJson(user: TestUser, role: string, owner = false) {
  return { id: user.id, username: user.username, email: user.email, role, owner };
}

/** The `permissions` of an app's answer for a caller who is `who` on it. */
function permissionsJson(who: 'owner' | 'admin' | 'developer' | 'member' | 'globalAdmin') {
  const manage = who === 'owner' || who === 'admin' || who === 'globalAdmin';
  const release = manage || who === 'developer';
  return {
    update: manage,
    archive: manage,
    delete: manage,
    manage_schemes: manage,
    manage_channels: manage,
    manage_collaborators: manage,
    read_keys: release,
    upload: release,
    update_releases: release,
    delete_releases: release,
    transfer: who === 'owner' || who === 'globalAdmin',
  };
}

/** A new app owned by a fresh global developer, with `roles` added as collaborators. */
async function team(roles: Partial<Record<'admin' | 'developer' | 'member', TestUser>> = {}, name = uniqueName()) {
  const owner = await server.newUser({ role: 'developer' });
  const tc = await newApp(server, { name, ownerId: owner.id });
  for (const [role, user] of Object.entries(roles)) await addCollaborator(server, tc.appId, user.id, role as 'admin');
  return { tc, owner, name };
}

describe('GET /api/apps', () => {
  it('answers 401 without a token', async () => {
    const res = await api(server, '/api/apps');
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it("shows a collaborator only their apps, with their role, the owner, and keys only from developer up", async () => {
    const viewer = await server.newUser();
    const asMember = await team({ member: viewer });
    const asDeveloper = await team({ developer: viewer });
    const asAdmin = await team({ admin: viewer });
    await team(); // not theirs

    const res = await api(server, '/api/apps', { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      factoryApp(asMember.tc, asMember.name, { owner: asMember.owner, role: 'member', withKey: false }),
      factoryApp(asDeveloper.tc, asDeveloper.name, { owner: asDeveloper.owner, role: 'developer', withKey: true }),
      factoryApp(asAdmin.tc, asAdmin.name, { owner: asAdmin.owner, role: 'admin', withKey: true }),
    ]);
    expect(res.headers.get('x-total-count')).toBe('3');
  });

  it('shows a user with no apps an empty list, whatever their global role', async () => {
    for (const role of ['member', 'developer'] as const) {
      const loner = await server.newUser({ role });
      const res = await api(server, '/api/apps', { token: loner.token });
      expect([res.status, res.body, res.headers.get('x-total-count')]).toEqual([200, [], '0']);
    }
  });

  it('shows a global admin every app, with role null where they are not on the team and keys everywhere', async () => {
    const stranger = await team();
    const res = await api(server, '/api/apps', { token: admin.token });
    expect(res.status).toBe(200);
    const total = await server.database.db.selectFrom('apps').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(res.headers.get('x-total-count')).toBe(String(total.n));
    const found = await api(server, `/api/apps?q=${encodeURIComponent(stranger.name)}`, { token: admin.token });
    expect(found.body).toEqual([factoryApp(stranger.tc, stranger.name, { owner: stranger.owner, role: null, withKey: true })]);
  });

  it('filters by scope (all, active, archived) and by part of the name, any case', async () => {
    const viewer = await server.newUser();
    const marker = `Zq${randomBytes(3).toString('hex')}`;
    const active = await team({ member: viewer }, `${marker} Active 100%`);
    const gone = await team({ member: viewer }, `${marker} Gone`);
    await server.database.db.updateTable('apps').set({ archived: true }).where('id', '=', gone.tc.appId).execute();
    const ids = async (query: string) => ((await api(server, `/api/apps${query}`, { token: viewer.token })).body as { id: number }[]).map((a) => a.id);

    expect(await ids('')).toEqual([active.tc.appId, gone.tc.appId]);
    expect(await ids('?scope=all')).toEqual([active.tc.appId, gone.tc.appId]);
    expect(await ids('?scope=active')).toEqual([active.tc.appId]);
    expect(await ids('?scope=archived')).toEqual([gone.tc.appId]);
    expect(await ids(`?q=${marker.toUpperCase()}%20gone`)).toEqual([gone.tc.appId]);
    // "%" and "_" are literal characters, not wildcards.
    expect(await ids('?q=100%25')).toEqual([active.tc.appId]);
    expect(await ids('?q=_')).toEqual([]);
    const archivedOnly = await api(server, '/api/apps?scope=archived', { token: viewer.token });
    expect(archivedOnly.body).toEqual([factoryApp(gone.tc, gone.name, { owner: gone.owner, role: 'member', withKey: false, archived: true })]);
  });

  it('pages with page and per_page, totals in the headers', async () => {
    const viewer = await server.newUser();
    const apps = [];
    for (let i = 0; i < 3; i++) apps.push(await team({ member: viewer }));
    const res = await api(server, '/api/apps?page=2&per_page=2', { token: viewer.token });
    expect(res.status).toBe(200);
    expect((res.body as { id: number }[]).map((a) => a.id)).toEqual([apps[2]!.tc.appId]);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-total-pages')).toBe('2');
    expect(res.headers.get('link')).toContain('rel="prev"');
  });

  it('answers 422 for a bad scope, page or per_page', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['?scope=deleted', { scope: ['must be one of all, active, archived'] }],
      ['?page=0', { page: ['must be at least 1'] }],
      ['?per_page=101', { per_page: ['must be at most 100'] }],
      ['?per_page=0', { per_page: ['must be at least 1'] }],
      [`?q=${'x'.repeat(256)}`, { q: ['is too long (maximum is 255 characters)'] }],
    ];
    for (const [query, details] of cases) {
      const res = await api(server, `/api/apps${query}`, { token: member.token });
      expect([query, res.status, res.body]).toMatchObject([query, 422, validation(details)]);
    }
  });
});

describe('POST /api/apps', () => {
  it('answers 401 without a token', async () => {
    const res = await api(server, '/api/apps', { method: 'POST', json: { name: 'X' } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 403 to a global member', async () => {
    const res = await api(server, '/api/apps', { method: 'POST', token: member.token, json: { name: 'Nope' } });
    expect([res.status, res.body]).toMatchObject([403, { error: 'Only developers and administrators can create apps' }]);
  });

  it('answers 422 for a missing, blank or too long name', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['is required'] }],
      [{ name: '   ' }, { name: ["can't be blank"] }],
      [{ name: 'x'.repeat(256) }, { name: ['is too long (maximum is 255 characters)'] }],
      [{ name: { text: 'x' } }, { name: ['must be a string'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, '/api/apps', { method: 'POST', token: developer.token, json });
      expect([json, res.status, res.body]).toMatchObject([json, 422, validation(details)]);
    }
  });

  it('answers 422 naming the nested field for bad schemes and channels, and creates nothing', async () => {
    const before = await server.database.db.selectFrom('apps').select('id').execute();
    const taken = await newApp(server);
    const cases: [unknown, Record<string, string[]>][] = [
      [[{}], { 'schemes.0.name': ['is required'] }],
      [[{ name: ' ' }], { 'schemes.0.name': ["can't be blank"] }],
      [[{ name: 'S', retained_builds: 1001 }], { 'schemes.0.retained_builds': ['must be at most 1000'] }],
      [[{ name: 'S', retained_builds: -1 }], { 'schemes.0.retained_builds': ['must be at least 0'] }],
      [[{ name: 'S', new_build_callout: 'maybe' }], { 'schemes.0.new_build_callout': ['must be a boolean'] }],
      [[{ name: 'S', channels: [{ name: 'C' }] }], { 'schemes.0.channels.0.device_type': ['is required'] }],
      [
        [{ name: 'S', channels: [{ name: 'C', device_type: 'symbian' }] }],
        { 'schemes.0.channels.0.device_type': ['must be one of ios, android, harmonyos, macos, windows, linux'] },
      ],
      [
        [{ name: 'S', channels: [{ name: 'C', device_type: 'ios', slug: 'no spaces' }] }],
        { 'schemes.0.channels.0.slug': ['must be 1 to 64 letters, digits, "-" or "_" (got "no spaces")'] },
      ],
      [
        [{ name: 'S', channels: [{ name: 'C', device_type: 'ios', git_url: 'ftp://example.com/x.git' }] }],
        { 'schemes.0.channels.0.git_url': ['must be an http:// or https:// URL'] },
      ],
      [
        [{ name: 'S', channels: [{ name: 'C', device_type: 'ios', slug: taken.slug.toUpperCase() }] }],
        { 'schemes.0.channels.0.slug': ['has already been taken'] },
      ],
      [
        [
          { name: 'S', channels: [{ name: 'C', device_type: 'ios', slug: 'twice-in-one' }] },
          { name: 'T', channels: [{ name: 'D', device_type: 'android', slug: 'Twice-In-One' }] },
        ],
        { 'schemes.1.channels.0.slug': ['has already been taken'] },
      ],
      [Array.from({ length: 11 }, () => ({ name: 'S' })), { schemes: ['must have at most 10 items'] }],
    ];
    for (const [schemes, details] of cases) {
      const res = await api(server, '/api/apps', { method: 'POST', token: developer.token, json: { name: 'Nested', schemes } });
      expect([schemes, res.status, res.body]).toMatchObject([schemes, 422, validation(details)]);
    }
    const after = await server.database.db.selectFrom('apps').select('id').execute();
    expect(after.length).toBe(before.length + 1); // only the factory's app
  });

  it('creates an app owned by the caller (201), who is its admin', async () => {
    const res = await api(server, '/api/apps', { method: 'POST', token: developer.token, json: { name: '  Demo App  ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Demo App',
      archived: false,
      public: false,
      owner: { id: developer.id, username: developer.username },
      role: 'admin',
      schemes: [],
      release_count: 0,
      icon_url: null,
      collaborators: [collaboratorJson(developer, 'admin', true)],
      permissions: permissionsJson('owner'),
    });
    const shown = await api(server, `/api/apps/${res.body.id}`, { token: developer.token });
    expect(shown.body).toEqual(res.body);
  });

  it('lets a global admin create an app, and takes a form body', async () => {
    const res = await api(server, '/api/apps', { method: 'POST', token: admin.token, form: { name: 'From a form' } });
    expect(res.status).toBe(201);
    expect(res.body.owner).toEqual({ id: admin.id, username: admin.username });
    expect(res.body.collaborators).toEqual([collaboratorJson(admin, 'admin', true)]);
  });

  it('creates the first schemes and channels in the same request, with defaults, random slugs and keys', async () => {
    const slug = `ios-${randomBytes(3).toString('hex')}`;
    const res = await api(server, '/api/apps', {
      method: 'POST',
      token: developer.token,
      json: {
        name: 'Full',
        schemes: [
          {
            name: 'Beta',
            channels: [
              { name: 'Android', device_type: 'android' },
              {
                name: 'iOS',
                device_type: 'ios',
                slug,
                bundle_id: 'com.example.app',
                git_url: 'https://git.example.com/app.git',
                password: 'open sesame',
                download_filename_type: 'original_filename',
              },
            ],
          },
          { name: 'Release', new_build_callout: false, retained_builds: 5 },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Full',
      archived: false,
      public: false,
      owner: { id: developer.id, username: developer.username },
      role: 'admin',
      schemes: [
        {
          id: expect.any(Number),
          name: 'Beta',
          new_build_callout: true,
          retained_builds: 0,
          channels: [
            {
              id: expect.any(Number),
              slug: RANDOM_SLUG,
              name: 'Android',
              device_type: 'android',
              bundle_id: '*',
              git_url: null,
              has_password: false,
              key: KEY,
              download_filename_type: 'version_datetime',
              release_count: 0,
              latest_release: null,
            },
            {
              id: expect.any(Number),
              slug,
              name: 'iOS',
              device_type: 'ios',
              bundle_id: 'com.example.app',
              git_url: 'https://git.example.com/app.git',
              has_password: true,
              key: KEY,
              download_filename_type: 'original_filename',
              release_count: 0,
              latest_release: null,
            },
          ],
        },
        { id: expect.any(Number), name: 'Release', new_build_callout: false, retained_builds: 5, channels: [] },
      ],
      release_count: 0,
      icon_url: null,
      collaborators: [collaboratorJson(developer, 'admin', true)],
      permissions: permissionsJson('owner'),
    });
    const [android, ios] = res.body.schemes[0].channels;
    expect(android.key).not.toBe(ios.key);
    const row = await server.database.db.selectFrom('channels').select('password_hash').where('id', '=', ios.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(res.text).not.toContain('open sesame');
  });
});

describe('GET /api/apps/:id', () => {
  it('answers 401 without a token', async () => {
    const { tc } = await team();
    const res = await api(server, `/api/apps/${tc.appId}`);
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to users who are not on the team, as for a missing app', async () => {
    const { tc } = await team();
    for (const user of [developer, member]) {
      const res = await api(server, `/api/apps/${tc.appId}`, { token: user.token });
      expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    }
    const missing = await api(server, `/api/apps/${MISSING_ID}`, { token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it('answers 422 for an id that is not a whole number', async () => {
    const res = await api(server, '/api/apps/abc', { token: admin.token });
    expect([res.status, res.body]).toMatchObject([422, validation({ id: ['must be a whole number'] })]);
  });

  it('shows a collaborator the app with its schemes, channels and collaborators; keys from developer up', async () => {
    const viewer = await server.newUser();
    const dev = await server.newUser();
    const { tc, owner, name } = await team({ member: viewer, developer: dev });
    const collaborators = [collaboratorJson(owner, 'admin', true), collaboratorJson(viewer, 'member'), collaboratorJson(dev, 'developer')];

    const asMember = await api(server, `/api/apps/${tc.appId}`, { token: viewer.token });
    expect(asMember.status).toBe(200);
    expect(asMember.body).toEqual({ ...factoryApp(tc, name, { owner, role: 'member', withKey: false }), collaborators, permissions: permissionsJson('member') });

    const asDeveloper = await api(server, `/api/apps/${tc.appId}`, { token: dev.token });
    expect(asDeveloper.body).toEqual({ ...factoryApp(tc, name, { owner, role: 'developer', withKey: true }), collaborators, permissions: permissionsJson('developer') });

    const asAdmin = await api(server, `/api/apps/${tc.appId}`, { token: admin.token });
    expect(asAdmin.body).toEqual({ ...factoryApp(tc, name, { owner, role: null, withKey: true }), collaborators, permissions: permissionsJson('globalAdmin') });

    const asOwner = await api(server, `/api/apps/${tc.appId}`, { token: owner.token });
    expect(asOwner.body.permissions).toEqual(permissionsJson('owner'));
  });

  it('shows owner null when the app has no owner', async () => {
    const name = uniqueName();
    const tc = await newApp(server, { name });
    const res = await api(server, `/api/apps/${tc.appId}`, { token: admin.token });
    expect(res.body).toEqual({ ...factoryApp(tc, name, { owner: null, role: null, withKey: true }), collaborators: [], permissions: permissionsJson('globalAdmin') });
  });
});

describe("Zealot's static /api/apps paths", () => {
  it('are not shadowed by /api/apps/:id', async () => {
    const statics = ['GET /api/apps/latest', 'GET /api/apps/versions', 'GET /api/apps/version_exist', 'POST /api/apps/upload'];
    for (const route of statics.filter((r) => server.routes.some((s) => `${s.method} ${s.url}` === r))) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await api(server, path, { method, token: admin.token });
      // /api/apps/:id would answer 422 about `id`; the route's own module answers anything else.
      expect(res.body?.details?.id, route).toBeUndefined();
    }
  });
});

describe('PUT /api/apps/:id', () => {
  it('answers 401 without a token', async () => {
    const { tc } = await team();
    const res = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', json: { name: 'X' } });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and 403 to members and developers of the app', async () => {
    const viewer = await server.newUser();
    const dev = await server.newUser();
    const { tc } = await team({ member: viewer, developer: dev });
    for (const user of [developer, member]) {
      const res = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: user.token, json: { name: 'X' } });
      expect([res.status, res.body]).toMatchObject([404, NOT_FOUND]);
    }
    for (const user of [viewer, dev]) {
      const res = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: user.token, json: { name: 'X' } });
      expect([res.status, res.body]).toMatchObject([403, { error: "Only the app's administrators can change it" }]);
    }
  });

  it('answers 422 for a blank or too long name, or a non-boolean archived', async () => {
    const { tc, owner } = await team();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: '' }, { name: ["can't be blank"] }],
      [{ name: 'x'.repeat(256) }, { name: ['is too long (maximum is 255 characters)'] }],
      [{ archived: 'soon' }, { archived: ['must be a boolean'] }],
    ];
    for (const [json, details] of cases) {
      const res = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: owner.token, json });
      expect([json, res.status, res.body]).toMatchObject([json, 422, validation(details)]);
    }
  });

  it('renames the app for its admins and global admins', async () => {
    const appAdmin = await server.newUser();
    const { tc, owner } = await team({ admin: appAdmin });
    const res = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: appAdmin.token, json: { name: ' Renamed ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...factoryApp(tc, 'Renamed', { owner, role: 'admin', withKey: true }),
      collaborators: [collaboratorJson(owner, 'admin', true), collaboratorJson(appAdmin, 'admin')],
      permissions: permissionsJson('admin'),
    });
    const byAdmin = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: admin.token, json: { name: 'Again' } });
    expect([byAdmin.status, byAdmin.body.name]).toEqual([200, 'Again']);
  });

  it('archives with archived: true; an archived app refuses a rename (409) unless the request unarchives it', async () => {
    const { tc, owner, name } = await team();
    const archive = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: owner.token, json: { archived: true } });
    expect([archive.status, archive.body.archived]).toEqual([200, true]);

    for (const json of [{ name: 'Nope' }, { name: 'Nope', archived: true }]) {
      const res = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: owner.token, json });
      expect([res.status, res.body]).toMatchObject([409, archived({ id: tc.appId, name })]);
    }

    const revived = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: owner.token, json: { name: 'Revived', archived: false } });
    expect(revived.status).toBe(200);
    expect(revived.body).toEqual({
      ...factoryApp(tc, 'Revived', { owner, role: 'admin', withKey: true }),
      collaborators: [collaboratorJson(owner, 'admin', true)],
      permissions: permissionsJson('owner'),
    });
  });
});

describe('POST /api/apps/:id/archive', () => {
  it('answers 401 without a token', async () => {
    const { tc } = await team();
    const res = await api(server, `/api/apps/${tc.appId}/archive`, { method: 'POST' });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and 403 to members and developers of the app', async () => {
    const viewer = await server.newUser();
    const dev = await server.newUser();
    const { tc } = await team({ member: viewer, developer: dev });
    const outsider = await api(server, `/api/apps/${tc.appId}/archive`, { method: 'POST', token: developer.token });
    expect([outsider.status, outsider.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [viewer, dev]) {
      const res = await api(server, `/api/apps/${tc.appId}/archive`, { method: 'POST', token: user.token });
      expect([res.status, res.body]).toMatchObject([403, { error: "Only the app's administrators can archive it" }]);
    }
  });

  it('answers 422 for an id that is not a whole number', async () => {
    const res = await api(server, '/api/apps/0/archive', { method: 'POST', token: admin.token });
    expect([res.status, res.body]).toMatchObject([422, validation({ id: ['must be at least 1'] })]);
  });

  it('archives the app (twice is harmless); its content then refuses changes', async () => {
    const { tc, owner, name } = await team();
    for (let i = 0; i < 2; i++) {
      const res = await api(server, `/api/apps/${tc.appId}/archive`, { method: 'POST', token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...factoryApp(tc, name, { owner, role: 'admin', withKey: true, archived: true }),
        collaborators: [collaboratorJson(owner, 'admin', true)],
        permissions: permissionsJson('owner'),
      });
    }
    const refused = [
      await api(server, `/api/apps/${tc.appId}/schemes`, { method: 'POST', token: owner.token, json: { name: 'S' } }),
      await api(server, `/api/schemes/${tc.schemeId}`, { method: 'PUT', token: owner.token, json: { name: 'S' } }),
      await api(server, `/api/schemes/${tc.schemeId}`, { method: 'DELETE', token: owner.token }),
      await api(server, `/api/schemes/${tc.schemeId}/channels`, { method: 'POST', token: owner.token, json: { name: 'C', device_type: 'ios' } }),
      await api(server, `/api/channels/${tc.channelId}`, { method: 'PUT', token: owner.token, json: { name: 'C' } }),
      await api(server, `/api/channels/${tc.channelId}`, { method: 'DELETE', token: owner.token }),
    ];
    for (const res of refused) expect([res.status, res.body]).toMatchObject([409, archived({ id: tc.appId, name })]);
    // Reading still works; so does rotating a leaked key.
    expect((await api(server, `/api/schemes/${tc.schemeId}`, { token: owner.token })).status).toBe(200);
    expect((await api(server, `/api/channels/${tc.channelId}/key`, { method: 'POST', token: owner.token })).status).toBe(200);
  });
});

describe('DELETE /api/apps/:id/archive', () => {
  it('answers 401 without a token', async () => {
    const { tc } = await team();
    const res = await api(server, `/api/apps/${tc.appId}/archive`, { method: 'DELETE' });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and 403 to members and developers of the app', async () => {
    const viewer = await server.newUser();
    const dev = await server.newUser();
    const { tc } = await team({ member: viewer, developer: dev });
    const outsider = await api(server, `/api/apps/${tc.appId}/archive`, { method: 'DELETE', token: member.token });
    expect([outsider.status, outsider.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [viewer, dev]) {
      const res = await api(server, `/api/apps/${tc.appId}/archive`, { method: 'DELETE', token: user.token });
      expect([res.status, res.body]).toMatchObject([403, { error: "Only the app's administrators can archive it" }]);
    }
  });

  it('answers 422 for an id that is not a whole number', async () => {
    const res = await api(server, '/api/apps/1.5/archive', { method: 'DELETE', token: admin.token });
    expect([res.status, res.body]).toMatchObject([422, validation({ id: ['must be a whole number'] })]);
  });

  it('unarchives the app (twice is harmless), which can then be changed again', async () => {
    const { tc, owner, name } = await team();
    await api(server, `/api/apps/${tc.appId}/archive`, { method: 'POST', token: owner.token });
    for (let i = 0; i < 2; i++) {
      const res = await api(server, `/api/apps/${tc.appId}/archive`, { method: 'DELETE', token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...factoryApp(tc, name, { owner, role: null, withKey: true }),
        collaborators: [collaboratorJson(owner, 'admin', true)],
        permissions: permissionsJson('globalAdmin'),
      });
    }
    const renamed = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: owner.token, json: { name: 'Back' } });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Back']);
  });
});

describe('DELETE /api/apps/:id', () => {
  it('answers 401 without a token', async () => {
    const { tc } = await team();
    const res = await api(server, `/api/apps/${tc.appId}`, { method: 'DELETE' });
    expect([res.status, res.body]).toMatchObject([401, UNAUTHORIZED]);
  });

  it('answers 404 to outsiders and 403 to members and developers of the app, and deletes nothing', async () => {
    const viewer = await server.newUser();
    const dev = await server.newUser();
    const { tc } = await team({ member: viewer, developer: dev });
    const outsider = await api(server, `/api/apps/${tc.appId}`, { method: 'DELETE', token: developer.token });
    expect([outsider.status, outsider.body]).toMatchObject([404, NOT_FOUND]);
    for (const user of [viewer, dev]) {
      const res = await api(server, `/api/apps/${tc.appId}`, { method: 'DELETE', token: user.token });
      expect([res.status, res.body]).toMatchObject([403, { error: "Only the app's administrators can delete it" }]);
    }
    expect(await server.database.db.selectFrom('apps').select('id').where('id', '=', tc.appId).executeTakeFirst()).toBeDefined();
    const missing = await api(server, `/api/apps/${MISSING_ID}`, { method: 'DELETE', token: admin.token });
    expect([missing.status, missing.body]).toMatchObject([404, NOT_FOUND]);
  });

  it('deletes the app, its rows and then every stored file of its releases; other apps keep theirs', async () => {
    const { tc, owner } = await team();
    const second = await server.database.db
      .insertInto('channels')
      .values({
        scheme_id: tc.schemeId,
        name: 'iOS',
        slug: `s${randomBytes(5).toString('hex')}`,
        key: randomBytes(16).toString('hex'),
        device_type: 'ios',
        bundle_id: '*',
        git_url: null,
        password_hash: null,
        download_filename_type: 'version_datetime',
        created_at: now(),
        updated_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const files = [
      await storedRelease(server, tc.channelId, 1),
      await storedRelease(server, tc.channelId, 2),
      await storedRelease(server, second.id, 1),
    ];
    const other = await team();
    const kept = await storedRelease(server, other.tc.channelId, 1);

    const res = await api(server, `/api/apps/${tc.appId}`, { method: 'DELETE', token: owner.token });
    expect([res.status, res.body]).toEqual([200, { message: 'OK' }]);

    const { db } = server.database;
    expect(await db.selectFrom('apps').select('id').where('id', '=', tc.appId).execute()).toEqual([]);
    expect(await db.selectFrom('collaborators').select('id').where('app_id', '=', tc.appId).execute()).toEqual([]);
    expect(await db.selectFrom('schemes').select('id').where('app_id', '=', tc.appId).execute()).toEqual([]);
    expect(await db.selectFrom('channels').select('id').where('id', 'in', [tc.channelId, second.id]).execute()).toEqual([]);
    expect(await db.selectFrom('releases').select('id').where('channel_id', 'in', [tc.channelId, second.id]).execute()).toEqual([]);
    for (const { fileKey, iconKey } of files) {
      expect(await server.services.storage.stat(fileKey)).toBeNull();
      expect(await server.services.storage.stat(iconKey)).toBeNull();
    }
    expect(await server.services.storage.stat(kept.fileKey)).toEqual({ size: 13 });
    expect(await server.services.storage.stat(kept.iconKey)).toEqual({ size: 10 });
    const gone = await api(server, `/api/apps/${tc.appId}`, { token: owner.token });
    expect([gone.status, gone.body]).toMatchObject([404, NOT_FOUND]);
  });

  it('removes the files only once the rows are gone, and logs a file it could not remove', async () => {
    const { tc, owner } = await team();
    const files = await storedRelease(server, tc.channelId, 1);
    const storage = server.services.storage;
    const original = storage.delete.bind(storage);
    const calls: { key: string; rowsLeft: number }[] = [];
    storage.delete = async (key: string) => {
      const rows = await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', tc.channelId).execute();
      calls.push({ key, rowsLeft: rows.length });
      if (key === files.iconKey) throw new Error('disk unplugged');
      return original(key);
    };
    let res;
    try {
      res = await api(server, `/api/apps/${tc.appId}`, { method: 'DELETE', token: owner.token });
    } finally {
      storage.delete = original;
    }
    expect([res.status, res.body]).toEqual([200, { message: 'OK' }]);
    // Both at once (in a batch), so in either order.
    expect(calls.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: files.fileKey, rowsLeft: 0 },
      { key: files.iconKey, rowsLeft: 0 },
    ].sort((a, b) => a.key.localeCompare(b.key)));
    expect(await storage.stat(files.fileKey)).toBeNull();
    expect(await storage.stat(files.iconKey)).toEqual({ size: 10 });
    const warning = server.logs.map((line) => JSON.parse(line) as { msg?: string }).find((entry) => entry.msg === 'stored files could not be removed after deleting an app');
    expect(warning).toMatchObject({ level: 40, keys: [files.iconKey] });
    await storage.delete(files.iconKey);
  });

  it('deletes an archived app too, for a global admin', async () => {
    const { tc } = await team();
    await server.database.db.updateTable('apps').set({ archived: true }).where('id', '=', tc.appId).execute();
    const res = await api(server, `/api/apps/${tc.appId}`, { method: 'DELETE', token: admin.token });
    expect([res.status, res.body]).toEqual([200, { message: 'OK' }]);
  });

  it('works from the web with the session cookie and CSRF header', async () => {
    const owner = await server.newUser({ role: 'developer' });
    const tc = await newApp(server, { ownerId: owner.id });
    const { cookie, csrf } = await signIn(server, owner.username, owner.password);
    const res = await api(server, `/api/apps/${tc.appId}`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf } });
    expect([res.status, res.body]).toEqual([200, { message: 'OK' }]);
  });
});
