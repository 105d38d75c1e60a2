// Guest mode (docs/guest-mode.md): with the guest_mode setting on, a caller who is not signed in
// lists the public apps, opens one with its channels and builds, and installs a build; a private
// app stays 404, a channel with a password keeps asking for it, and team-only data (collaborators,
// owner, channel keys, grants) is never in a guest's answer. With guest mode off, all of it is 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';

let server: TestServer;
let admin: TestUser;
let open: TestChannel;
let guarded: TestChannel;
let hidden: TestChannel;
let openRelease: number;
let guardedRelease: number;
let hiddenRelease: number;

/** Switched as an administrator does on the settings screen (PUT /api/admin/settings); the routes read it on every request. */
async function setGuestMode(on: boolean): Promise<void> {
  const saved = await api(server, '/api/admin/settings', { method: 'PUT', token: admin.token, json: { guest_mode: on } });
  expect(saved.status, saved.text).toBe(200);
  expect((await api(server, '/api/settings/public')).body.guest_mode).toBe(on);
}

async function releaseOf(channelId: number, version: number): Promise<number> {
  await storedRelease(server, channelId, version);
  const row = await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channelId).where('version', '=', version)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  const owner = await server.newUser({ role: 'developer' });
  open = await newApp(server, { name: 'Open Weather', ownerId: owner.id, channel: 'Public beta' });
  hidden = await newApp(server, { name: 'Secret Plans', ownerId: owner.id });
  guarded = await newApp(server, { name: 'Guarded Notes', ownerId: owner.id });
  for (const appId of [open.appId, guarded.appId]) {
    expect((await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: true } })).status).toBe(200);
  }
  const locked = await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: 'letmein' } });
  expect(locked.status).toBe(200);
  openRelease = await releaseOf(open.channelId, 1);
  guardedRelease = await releaseOf(guarded.channelId, 1);
  hiddenRelease = await releaseOf(hidden.channelId, 1);
});
afterAll(() => server.close());

describe('guest mode off (the default)', () => {
  it('answers a signed-out caller 401 on the apps, channel builds and releases, public app or not', async () => {
    await setGuestMode(false);
    for (const path of [
      '/api/apps', `/api/apps/${open.appId}`, `/api/apps/${hidden.appId}`, `/api/channels/${open.channelId}/releases`,
      `/api/channels/${open.channelId}/releases/facets`, `/api/releases/${openRelease}`,
    ]) {
      const res = await api(server, path);
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ error: 'Unauthorized user token', code: 'auth.unauthorized' });
    }
    expect((await api(server, `/api/releases/${openRelease}/icon`)).status).toBe(404);
  });
});

describe('guest mode on', () => {
  beforeAll(() => setGuestMode(true));
  afterAll(() => setGuestMode(false));

  it('lists only the public apps, without owner or role, and with no channel key', async () => {
    const res = await api(server, '/api/apps');
    expect(res.status).toBe(200);
    type Listed = { id: number; name: string; owner: unknown; role: unknown; schemes: { channels: Record<string, unknown>[] }[] };
    const apps = res.body as Listed[];
    expect(apps.map((app) => app.name).sort()).toEqual(['Guarded Notes', 'Open Weather']);
    expect(res.headers.get('x-total-count')).toBe('2');
    for (const app of apps) {
      expect(app.owner).toBeNull();
      expect(app.role).toBeNull();
      for (const channel of app.schemes.flatMap((scheme) => scheme.channels)) expect(channel.key ?? null).toBeNull();
    }
    const searched = await api(server, '/api/apps?q=weather');
    expect((searched.body as { name: string }[]).map((app) => app.name)).toEqual(['Open Weather']);
  });

  it('opens a public app without collaborators or rights, and a private one is 404', async () => {
    const res = await api(server, `/api/apps/${open.appId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Open Weather', public: true, owner: null, collaborators: [] });
    expect(Object.values(res.body.permissions as Record<string, boolean>).every((allowed) => allowed === false)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(open.key);
    expect((await api(server, `/api/apps/${hidden.appId}`)).status).toBe(404);
    expect((await api(server, '/api/apps/999999')).status).toBe(404);
  });

  it("lists a public app's open channel builds and opens one, without key or grant, and installs it", async () => {
    const list = await api(server, `/api/channels/${open.channelId}/releases`);
    expect(list.status).toBe(200);
    expect((list.body as { id: number }[]).map((release) => release.id)).toEqual([openRelease]);
    expect((await api(server, `/api/channels/${open.channelId}/releases/facets`)).status).toBe(200);
    const one = await api(server, `/api/releases/${openRelease}`);
    expect(one.status).toBe(200);
    const body = one.body as { download_url: string; install_url: string; channel: { key?: string | null } };
    expect(body.channel.key ?? null).toBeNull();
    expect(JSON.stringify(body)).not.toContain(open.key);
    expect(body.download_url).not.toContain('grant=');
    const file = await fetch(body.download_url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('package bytes');
    expect((await api(server, `/api/releases/${openRelease}/icon`)).status).toBe(200);
  });

  it('keeps a private app\'s builds 404, and a password channel\'s builds behind its password', async () => {
    for (const path of [`/api/channels/${hidden.channelId}/releases`, `/api/releases/${hiddenRelease}`, `/api/releases/${hiddenRelease}/icon`]) {
      expect((await api(server, path)).status, path).toBe(404);
    }
    for (const path of [`/api/channels/${guarded.channelId}/releases`, `/api/releases/${guardedRelease}`, `/api/releases/${guardedRelease}/icon`]) {
      expect((await api(server, path)).status, path).toBe(404);
    }
    // The install page of the guarded channel still asks for the password.
    const page = await fetch(`${server.url}/${guarded.slug}`);
    expect(await page.text()).toMatch(/password/i);
  });

  it('changes nothing for signed-in callers, and refuses every change to a guest', async () => {
    const mine = await api(server, '/api/apps', { token: admin.token });
    expect((mine.body as unknown[]).length).toBe(3);
    expect((await api(server, `/api/apps/${open.appId}`, { method: 'PUT', json: { name: 'Mine' } })).status).toBe(401);
    expect((await api(server, `/api/releases/${openRelease}`, { method: 'DELETE' })).status).toBe(401);
    expect((await api(server, `/api/apps/${open.appId}/schemes`)).status).toBe(401);
  });
});
