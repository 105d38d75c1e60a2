// The apps list shows what Zealot's does: each app's icon, its build count, and for each channel
// its build count and newest build (the highest version). Nothing of it is stored: it is read in
// one statement per page (window functions over the page's apps' releases), so the number of
// queries does not grow with the number of apps on the page. The icon is on the team's path
// (GET /api/releases/{id}/icon), which answers whoever may see the app, and no one else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { buildRepositories } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { createAppsService } from '../src/modules/apps/service.ts';
import { addCollaborator, newApp, storedRelease } from './helpers/factories.ts';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newUser({ role: 'developer' });
});
afterAll(() => server.close());

/** A second channel in the app's scheme, as the channels API makes it. */
async function secondChannel(schemeId: number, name: string, token = owner.token): Promise<number> {
  const res = await api(server, `/api/schemes/${schemeId}/channels`, { method: 'POST', token, json: { name, device_type: 'ios' } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const releaseIdOf = async (channelId: number, version: number) =>
  (await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channelId).where('version', '=', version)
    .executeTakeFirstOrThrow()).id;

describe('GET /api/apps: builds, counts and icon', () => {
  it("answers each channel's count and newest build, the app's count, and the newest head's icon", async () => {
    const tc = await newApp(server, { name: 'Counted', ownerId: owner.id });
    const ios = await secondChannel(tc.schemeId, 'iOS');
    for (const version of [1, 2, 3]) await storedRelease(server, tc.channelId, version);
    await storedRelease(server, ios, 1);
    // The newest upload of all has no icon: the app keeps the icon of the newest head that has one.
    await storedRelease(server, ios, 2);
    const iosNewest = await releaseIdOf(ios, 2);
    await server.database.db.updateTable('releases').set({ icon_key: null }).where('id', '=', iosNewest).execute();
    const empty = await newApp(server, { name: 'Empty', ownerId: owner.id });

    const res = await api(server, '/api/apps?q=Counted', { token: owner.token });
    expect(res.status).toBe(200);
    const [app] = res.body;
    const androidNewest = await releaseIdOf(tc.channelId, 3);
    expect(app.release_count).toBe(5);
    expect(app.icon_url).toBe(`${server.url}/api/releases/${androidNewest}/icon`);
    const [android, iosChannel] = app.schemes[0].channels;
    expect(android).toMatchObject({
      id: tc.channelId,
      release_count: 3,
      latest_release: { id: androidNewest, version: 3, release_version: '1.0', build_version: '3', created_at: ISO_TIME },
    });
    expect(iosChannel).toMatchObject({ id: ios, release_count: 2, latest_release: { id: iosNewest, version: 2, build_version: '2' } });

    const icon = await fetch(app.icon_url, { headers: { authorization: `Bearer ${owner.token}` } });
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png']);
    const stranger = await server.newUser();
    const refused = await fetch(app.icon_url, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.status).toBe(404);

    const none = await api(server, '/api/apps?q=Empty', { token: owner.token });
    expect(none.body[0]).toMatchObject({ id: empty.appId, release_count: 0, icon_url: null });
    expect(none.body[0].schemes[0].channels[0]).toMatchObject({ release_count: 0, latest_release: null });
  });

  it('shows the same counts on the app page, and to a member of the team', async () => {
    const tc = await newApp(server, { name: 'Shown', ownerId: owner.id });
    await storedRelease(server, tc.channelId, 1);
    await storedRelease(server, tc.channelId, 2);
    const member = await server.newUser();
    await addCollaborator(server, tc.appId, member.id, 'member');
    const res = await api(server, `/api/apps/${tc.appId}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.release_count).toBe(2);
    expect(res.body.schemes[0].channels[0]).toMatchObject({ release_count: 2, latest_release: { version: 2 } });
    expect(res.body.schemes[0].channels[0].key).toBeUndefined();
  });

  it('reads a page of apps in the same number of queries whatever its size (no query per app or channel)', async () => {
    const lister = await server.newUser({ role: 'developer' });
    for (let i = 0; i < 12; i += 1) {
      const tc = await newApp(server, { name: `Many ${i}`, ownerId: lister.id });
      await storedRelease(server, tc.channelId, 1);
      await secondChannel(tc.schemeId, `Second ${i}`, lister.token);
    }
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    const counted = { ...server.database, db: server.database.db.withPlugin(counter) };
    const repositories = buildRepositories(counted);
    const service = createAppsService({ ...repositories, storage: server.services.storage, slugGraceDays: 30, clock: systemClock });
    const actor = { userId: lister.id, role: 'developer' as const };
    const countFor = async (perPage: number) => {
      queries = 0;
      const page = await service.list({ actor, scope: 'all', page: 1, perPage });
      expect(page.items).toHaveLength(perPage);
      expect(page.items.every((view) => view.releaseCount === 1)).toBe(true);
      return queries;
    };
    const small = await countFor(1);
    const large = await countFor(12);
    expect(large).toBe(small);
    // A fixed handful of statements (eight today): the page, the total, then one each for what the apps carry.
    expect(small).toBeLessThanOrEqual(8);
  });
});
