// Zealot's public and web URLs after an import that remapped ids (modules/zealot-links). The
// importer is not needed: rows and import map entries are written directly, as the import
// leaves them. Each Zealot shape is asked over a real server: a Zealot id Tarmac has no row of
// (in that channel) is a 301 to the row it became, the query kept; Tarmac's own row of an id
// always wins; a Zealot-only shape is a 301 to Tarmac's page for the same thing; anything else
// is Tarmac's normal 404. A guarded channel's links lead only to its guarded pages, no chain
// loops, and no Location leaves the site. The table is in docs/zealot-compatibility.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { createImportMap } from '../src/modules/zealot-import/map.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let open: TestChannel;
let other: TestChannel;
let guarded: TestChannel;
/** Tarmac ids of the imported rows, and the Zealot ids their old links name. */
const ids = { release: 0, otherRelease: 0, guardedRelease: 0, debugFile: 0 };
const zealot = { release: 0, guardedRelease: 0, elsewhere: 0, refused: 0, app: 0, channel: 0, debugFile: 0 };

async function newestRelease(channelId: number): Promise<number> {
  const row = await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channelId)
    .orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  open = await newApp(server, { ownerId: admin.id });
  other = await newApp(server, { ownerId: admin.id });
  guarded = await newApp(server, { ownerId: admin.id });
  const { db } = server.database;
  await db.updateTable('channels').set({ password_hash: await hashPassword('open-sesame') }).where('id', '=', guarded.channelId).execute();
  await storedRelease(server, other.channelId, 1);
  ids.otherRelease = await newestRelease(other.channelId);
  await storedRelease(server, open.channelId, 1);
  ids.release = await newestRelease(open.channelId);
  await storedRelease(server, guarded.channelId, 1);
  ids.guardedRelease = await newestRelease(guarded.channelId);

  // Zealot ids that were taken in Tarmac, or are simply not Tarmac's: far above any row here.
  const base = 900_000 + (process.pid % 1000) * 10;
  Object.assign(zealot, {
    release: base + 1, guardedRelease: base + 2, elsewhere: base + 3, refused: base + 4,
    app: base + 5, channel: base + 6, debugFile: base + 7,
  });
  const timestamp = new Date().toISOString();
  await server.services.storage.putBuffer(`debug-files/zealot-links-${process.pid}.zip`, Buffer.from('zip bytes'));
  const debugFile = await db.insertInto('debug_files').values({
    app_id: open.appId, channel_id: null, release_id: null, uploader_id: admin.id, device_type: 'android', category: 'proguard',
    release_version: '1.0', build_version: '1', version_key: 'v1', name: null, bundle_id: null,
    file_key: `debug-files/zealot-links-${process.pid}.zip`, file_name: 'mapping.zip', size: 9, checksum: 'f'.repeat(64),
    created_at: timestamp, updated_at: timestamp,
  }).returning('id').executeTakeFirstOrThrow();
  ids.debugFile = debugFile.id;
  const map = createImportMap(db, () => new Date().toISOString());
  const imported = (targetId: number) => ({ targetId, outcome: 'imported' as const, detail: 'id taken: remapped' });
  await map.set('releases', zealot.release, imported(ids.release));
  await map.set('releases', zealot.guardedRelease, imported(ids.guardedRelease));
  await map.set('releases', zealot.elsewhere, imported(ids.otherRelease));
  await map.set('releases', zealot.refused, { targetId: null, outcome: 'refused', detail: 'channel not imported' });
  // Zealot's release of the id Tarmac's build in the other channel has: it became the open channel's.
  await map.set('releases', ids.otherRelease, imported(ids.release));
  await map.set('apps', zealot.app, imported(open.appId));
  await map.set('channels', zealot.channel, imported(open.channelId));
  await map.set('debug_files', zealot.debugFile, imported(ids.debugFile));
});
afterAll(() => server.close());

async function expectMoved(path: string, location: string, token?: string) {
  const res = await api(server, path, token ? { token } : {});
  expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(301);
  expect(res.headers.get('location'), path).toBe(location);
  return res;
}

async function expectNotMoved(path: string, status: number) {
  const res = await api(server, path, { token: admin.token });
  expect(res.headers.get('location'), path).toBeNull();
  expect(res.status, path).toBe(status);
}

/** Follows a chain of redirects: it must end (no loop) on the site, within three hops. */
async function follow(path: string, token?: string): Promise<{ status: number; path: string; hops: number }> {
  let current = path;
  for (let hops = 0; hops <= 3; hops += 1) {
    const res = await api(server, current, token ? { token } : {});
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { status: res.status, path: current, hops };
    expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\'), location).toBe(true);
    current = location;
  }
  throw new Error(`${path}: more than three redirects`);
}

describe('release links whose Zealot id was remapped', () => {
  it('/<slug>/<zealot id> goes to the build it became, the query kept; the chain ends on the page', async () => {
    await expectMoved(`/${open.slug}/${zealot.release}`, `/${open.slug}/${ids.release}`);
    await expectMoved(`/${open.slug.toUpperCase()}/${zealot.release}?lang=zh-CN&grant=x`, `/${open.slug}/${ids.release}?lang=zh-CN&grant=x`);
    expect(await follow(`/${open.slug}/${zealot.release}`)).toEqual({ status: 200, path: `/${open.slug}/${ids.release}`, hops: 1 });
  });

  it('Tarmac\'s own build of the id wins in its channel; in another channel the Zealot build of that id is found', async () => {
    await expectNotMoved(`/${other.slug}/${ids.otherRelease}`, 200);
    await expectMoved(`/${open.slug}/${ids.otherRelease}`, `/${open.slug}/${ids.release}`);
  });

  it('/channels/<slug>/releases/<zealot id> lands on the same page in two hops', async () => {
    expect(await follow(`/channels/${open.slug}/releases/${zealot.release}?lang=en`)).toEqual({
      status: 200, path: `/${open.slug}/${ids.release}?lang=en`, hops: 2,
    });
  });

  it('the install manifest, the QR codes and the download paths keep their shape with the new id', async () => {
    const release = `/channels/${open.slug}/releases`;
    await expectMoved(`${release}/${zealot.release}/install`, `${release}/${ids.release}/install`);
    await expectMoved(`${release}/${zealot.release}/qrcode`, `${release}/${ids.release}/qrcode`);
    await expectMoved(`${release}/${zealot.release}/qrcode/lg/dark?x=1`, `${release}/${ids.release}/qrcode/lg/dark?x=1`);
    await expectMoved(`${release}/${zealot.release}/qrcode.svg`, `${release}/${ids.release}/qrcode.svg`);
    expect((await follow(`${release}/${zealot.release}/qrcode.svg`)).status).toBe(200);
    // An Android build has no iOS manifest: the old link gets exactly what the new one does.
    const direct = await api(server, `${release}/${ids.release}/install`);
    expect(await follow(`${release}/${zealot.release}/install`)).toEqual({ status: direct.status, path: `${release}/${ids.release}/install`, hops: 1 });
    await expectMoved(`/download/releases/${zealot.release}`, `/download/releases/${ids.release}`, admin.token);
    await expectMoved(`/download/releases/${zealot.release}/app.apk?x=1`, `/download/releases/${ids.release}/app.apk?x=1`, admin.token);
    // Updaters HEAD the download URL first.
    const head = await api(server, `/download/releases/${zealot.release}`, { method: 'HEAD', token: admin.token });
    expect([head.status, head.headers.get('location')]).toEqual([301, `/download/releases/${ids.release}`]);
    const file = await follow(`/download/releases/${zealot.release}/app.apk`, admin.token);
    expect(file).toMatchObject({ status: 200, hops: 1 });
    // The id-only paths: Tarmac's own build of the id wins.
    expect((await api(server, `/download/releases/${ids.otherRelease}`, { token: admin.token })).headers.get('location'))
      .toMatch(new RegExp(`^${server.url}/${other.slug}/${ids.otherRelease}/download/`));
  });

  it('a guarded channel\'s old link leads to its own password form, nothing else', async () => {
    const { status, path } = await follow(`/${guarded.slug}/${zealot.guardedRelease}`);
    expect({ status, path }).toEqual({ status: 401, path: `/${guarded.slug}/${ids.guardedRelease}` });
    const code = await follow(`/channels/${guarded.slug}/releases/${zealot.guardedRelease}/qrcode`);
    expect(code.status).toBe(401);
    const manifest = await follow(`/channels/${guarded.slug}/releases/${zealot.guardedRelease}/install`);
    expect(manifest).toMatchObject({ path: `/channels/${guarded.slug}/releases/${ids.guardedRelease}/install`, hops: 1 });
    expect(manifest.status).toBe((await api(server, manifest.path)).status);
    // Without access the id-only download answers nothing of the build.
    expect((await follow(`/download/releases/${zealot.guardedRelease}`)).status).toBe(404);
  });

  it('answers the normal 404 for an id nothing became, one refused, or one that became a build of another channel', async () => {
    for (const id of [999_999_999, zealot.refused, zealot.elsewhere]) {
      await expectNotMoved(`/${open.slug}/${id}`, 404);
      await expectNotMoved(`/channels/${open.slug}/releases/${id}/qrcode`, 404);
      await expectNotMoved(`/channels/${open.slug}/releases/${id}/install`, 404);
    }
    await expectNotMoved(`/download/releases/${zealot.refused}`, 404);
    await expectNotMoved(`/nochannel${process.pid}/${zealot.release}`, 404);
  });
});

describe('Zealot shapes Tarmac has no page at', () => {
  it('sends channel screens and lists to the channel in the web app, filters kept', async () => {
    const screen = `/apps/${open.appId}/channels/${open.channelId}`;
    await expectMoved(`/${open.slug}/overview`, screen);
    await expectMoved(`/${open.slug}/versions`, screen);
    await expectMoved(`/${open.slug}/versions/1.0.0?page=2`, `${screen}?page=2&q=1.0.0`);
    await expectMoved(`/${open.slug}/branches/feature/login`, `${screen}?branch=feature%2Flogin`);
    await expectMoved(`/${open.slug}/release_types/beta`, `${screen}?type=beta`);
    await expectMoved(`/channels/${open.slug}/versions/2.0`, `${screen}?q=2.0`);
    await expectMoved(`/channels/${zealot.channel}/branches/main`, `${screen}?branch=main`);
    await expectMoved(`/channels/${open.channelId}/release_types`, screen);
    await expectMoved(`/channels/${open.slug}/releases/upload`, `${screen}?upload=1`);
    // Zealot's team page by channel id (friendly_id): its own id, or the id a Zealot channel had.
    await expectMoved(`/channels/${open.channelId}?lang=en`, `${screen}?lang=en`);
    await expectMoved(`/channels/${zealot.channel}`, screen);
    await expectMoved(`/channels/${open.slug}`, `/${open.slug}`);
    expect(await follow('/channels/999999999')).toEqual({ status: 404, path: '/999999999', hops: 1 });
    await expectMoved(`/releases/${zealot.release}`, `${screen}/releases/${ids.release}`);
    await expectMoved(`/releases/${ids.otherRelease}`, `/apps/${other.appId}/channels/${other.channelId}/releases/${ids.otherRelease}`);
  });

  it('sends app screens to the app a Zealot id became; Tarmac\'s own app id wins', async () => {
    await expectMoved(`/apps/${zealot.app}`, `/apps/${open.appId}`);
    await expectMoved(`/apps/${zealot.app}/edit?lang=en`, `/apps/${open.appId}?lang=en`);
    await expectMoved(`/apps/${open.appId}/edit`, `/apps/${open.appId}`);
    await expectMoved(`/apps/${zealot.app}/schemes/3/channels/${zealot.channel}`, `/apps/${open.appId}/channels/${open.channelId}`);
    await expectMoved(`/apps/${zealot.app}/schemes/3/channels/${zealot.channel}/edit`, `/apps/${open.appId}/channels/${open.channelId}?tab=settings`);
    await expectMoved(`/apps/${zealot.app}/schemes/new`, `/apps/${open.appId}`);
    await expectMoved(`/apps/${zealot.app}/debug_files/ios`, `/debug-files?app=${open.appId}&platform=ios`);
    await expectMoved('/apps/archived', '/apps?scope=archived');
    for (const path of [`/apps/${open.appId}`, `/apps/${open.appId}/channels/${open.channelId}`, '/apps/999999999', '/apps/999999999999/edit',
      '/apps/1/schemes/1/channels/999999999999']) {
      const res = await api(server, path);
      expect(res.headers.get('location'), path).toBeNull();
      expect(res.status, path).toBe(200);
    }
  });

  it('renames the other Zealot screens', async () => {
    await expectMoved('/debug_files', '/debug-files');
    await expectMoved('/teardowns/12?x=1', '/teardown?x=1');
    await expectMoved('/users/sign_in', '/login');
    await expectMoved('/users/edit', '/settings');
    await expectMoved('/admin/web_hooks', '/admin/webhooks');
    await expectNotMoved('/debug_files/999999999', 404);
    await expectMoved(`/debug_files/${zealot.debugFile}`, `/debug-files/${ids.debugFile}`);
    await expectNotMoved(`/debug_files/${ids.debugFile}`.replace('/debug_files/', '/debug-files/'), 200);
  });

  it('sends a remapped debug file\'s download to the new id, and only its team gets the file', async () => {
    await expectMoved(`/download/debug_files/${zealot.debugFile}`, `/download/debug_files/${ids.debugFile}`);
    await expectMoved(`/download/debug_files/${zealot.debugFile}/mapping.zip?x=1`, `/download/debug_files/${ids.debugFile}/mapping.zip?x=1`);
    expect(await follow(`/download/debug_files/${zealot.debugFile}/mapping.zip`, admin.token)).toMatchObject({ status: 200, hops: 1 });
    expect((await follow(`/download/debug_files/${zealot.debugFile}/mapping.zip`)).status).toBe(404);
    await expectNotMoved('/download/debug_files/999999999', 404);
  });

  it('answers 404 for an unknown channel and never redirects off the site', async () => {
    for (const path of [
      `/nochannel${process.pid}/overview`,
      `/channels/nochannel${process.pid}/versions/1.0`,
      '/channels/999999999/branches/main',
      '/%2F%2Fevil.example/overview',
      '/%5Cevil.example/versions',
      '/api/versions/1',
      // Ids past a 32-bit integer are nobody's (never a database error).
      '/channels/999999999999/branches/main',
      '/releases/999999999999',
      '/debug_files/999999999999',
      '/download/debug_files/999999999999',
      `/${open.slug}/999999999999`,
      `/channels/${open.slug}/releases/999999999999/qrcode`,
      '/download/releases/999999999999',
    ]) {
      const res = await api(server, path);
      expect(res.headers.get('location'), path).toBeNull();
      expect(res.status, path).toBe(404);
    }
  });
});
