// GET /api/dashboard counts what the caller can see and nothing more: a global admin counts
// every app, release, byte and user; anyone else only the apps they collaborate on (archived
// apps left out of the app count, their releases still counted) and never the users. The
// recent uploads are the newest ten, with the names and ids the web app links with.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCollaborator, newApp, storedRelease } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const APK = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk'));

let server: TestServer;
let admin: TestUser;
let developer: TestUser;
let outsider: TestUser;
let shared: TestChannel;
let hidden: TestChannel;
let archived: TestChannel;
let uploadedId: number;

async function releaseIds(channelId: number): Promise<number[]> {
  const rows = await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channelId).orderBy('id').execute();
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  developer = await server.newUser({ role: 'developer' });
  outsider = await server.newUser();
  // The developer's app, with one real upload and two stored releases (13 bytes each)…
  shared = await newApp(server, { name: 'Shared app', ownerId: developer.id, scheme: 'Beta', channel: 'Android' });
  await storedRelease(server, shared.channelId, 1);
  await storedRelease(server, shared.channelId, 2);
  const form = new FormData();
  form.append('channel_key', shared.key);
  form.append('file', new Blob([new Uint8Array(APK)]), 'android.apk');
  const upload = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${developer.token}` } });
  expect(upload.status).toBe(201);
  uploadedId = ((await upload.json()) as { id: number }).id;
  // …an app the developer is not on, and an archived app they are on.
  hidden = await newApp(server, { name: 'Hidden app', scheme: 'Production', channel: 'iOS', deviceType: 'ios' });
  await storedRelease(server, hidden.channelId, 1);
  archived = await newApp(server, { name: 'Old app', scheme: 'Beta', channel: 'Android' });
  await addCollaborator(server, archived.appId, developer.id, 'member');
  await storedRelease(server, archived.channelId, 1);
  await server.database.db.updateTable('apps').set({ archived: true }).where('id', '=', archived.appId).execute();
});
afterAll(() => server.close());

describe('GET /api/dashboard', () => {
  it('counts everything for a global admin, users included', async () => {
    const res = await api(server, '/api/dashboard', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      apps: 2,
      releases: 5,
      storage_bytes: APK.length + 4 * 13,
      users: 3,
      debug_files: 0,
      recent_releases: expect.any(Array),
      // The upload's event waits for a worker (this server runs no jobs).
      jobs: { waiting: 1, running: 0, failed: 0 },
    });
    expect((res.body.recent_releases as { app_name: string }[]).map((release) => release.app_name)).toEqual(['Old app', 'Hidden app', 'Shared app', 'Shared app', 'Shared app']);
  });

  it("counts only a collaborator's apps, and gives them no user count", async () => {
    const res = await api(server, '/api/dashboard', { token: developer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      apps: 1,
      releases: 4,
      storage_bytes: APK.length + 3 * 13,
      debug_files: 0,
      recent_releases: expect.any(Array),
    });
    expect('users' in res.body).toBe(false);
    const [archivedRelease] = await releaseIds(archived.channelId);
    const [first, second] = await releaseIds(shared.channelId);
    expect((res.body.recent_releases as { id: number }[]).map((release) => release.id)).toEqual([
      archivedRelease,
      uploadedId,
      second,
      first,
    ]);
  });

  it('describes each recent upload with its app, scheme and channel', async () => {
    const res = await api(server, '/api/dashboard', { token: developer.token });
    const [archivedRelease] = await releaseIds(archived.channelId);
    expect(res.body.recent_releases[0]).toEqual({
      id: archivedRelease,
      version: 1,
      release_version: '1.0',
      build_version: '1',
      name: null,
      platform: 'android',
      size: 13,
      icon_url: `${server.url}/api/releases/${archivedRelease}/icon`,
      created_at: ISO_TIME,
      app_id: archived.appId,
      app_name: 'Old app',
      app_archived: true,
      scheme_id: archived.schemeId,
      scheme_name: 'Beta',
      channel_id: archived.channelId,
      channel_name: 'Android',
      uploader: null,
    });
    expect(res.body.recent_releases[1]).toEqual({
      id: uploadedId,
      version: 3,
      release_version: '2.1.0',
      build_version: '10',
      name: 'AppInfoDemo',
      platform: 'android',
      size: APK.length,
      icon_url: `${server.url}/api/releases/${uploadedId}/icon`,
      created_at: ISO_TIME,
      app_id: shared.appId,
      app_name: 'Shared app',
      app_archived: false,
      scheme_id: shared.schemeId,
      scheme_name: 'Beta',
      channel_id: shared.channelId,
      channel_name: 'Android',
      uploader: developer.username,
    });
  });

  it('answers zeros and no uploads to someone on no app', async () => {
    const res = await api(server, '/api/dashboard', { token: outsider.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ apps: 0, releases: 0, storage_bytes: 0, debug_files: 0, recent_releases: [] });
  });

  it('lists at most the ten newest uploads', async () => {
    const busy = await newApp(server, { name: 'Busy app', ownerId: outsider.id });
    for (let version = 1; version <= 12; version++) await storedRelease(server, busy.channelId, version);
    const res = await api(server, '/api/dashboard', { token: outsider.token });
    expect(res.body).toMatchObject({ apps: 1, releases: 12, storage_bytes: 12 * 13 });
    const ids = await releaseIds(busy.channelId);
    expect((res.body.recent_releases as { id: number }[]).map((release) => release.id)).toEqual(ids.slice(2).reverse());
  });

  it('answers 401 without credentials', async () => {
    const res = await api(server, '/api/dashboard');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Unauthorized user token' });
  });
});

describe('GET /api/dashboard: debug files', () => {
  it('counts the debug files of the apps the caller sees', async () => {
    const timestamp = new Date().toISOString();
    for (const appId of [shared.appId, hidden.appId]) {
      await server.database.db
        .insertInto('debug_files')
        .values({
          app_id: appId,
          device_type: 'ios',
          category: 'dsym',
          version_key: 'v',
          file_key: `debug-files/dashboard-${appId}/x.zip`,
          file_name: 'x.zip',
          size: 1,
          checksum: 'f'.repeat(64),
          created_at: timestamp,
          updated_at: timestamp,
        })
        .execute();
    }
    expect((await api(server, '/api/dashboard', { token: admin.token })).body.debug_files).toBe(2);
    expect((await api(server, '/api/dashboard', { token: developer.token })).body.debug_files).toBe(1);
    expect((await api(server, '/api/dashboard', { token: outsider.token })).body.debug_files).toBe(0);
  });
});
