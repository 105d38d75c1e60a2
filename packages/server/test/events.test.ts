// What the routes tell the notifications: each committed change becomes one `event.dispatch`
// job carrying its event (kind, channel, release, who, the public address), and a server that
// runs its jobs dispatches them. On the engine under test (SQLite queue or graphile-worker).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/index.ts';
import { createJobQueue } from '../src/jobs/index.ts';
import type { JobRecord } from '../src/jobs/types.ts';
import { engineUnderTest } from './helpers/database.ts';
import { DSYM_FIXTURE, uploadDebugFile } from './helpers/debug-files.ts';
import { newApp, uploadBuild } from './helpers/factories.ts';
import { until } from './helpers/jobs.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const IPA = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/iphone.ipa'));

async function dispatchJobs(server: TestServer, state: 'queued' | 'done'): Promise<JobRecord[]> {
  const page = await server.services.jobs.list({ state, perPage: 100 });
  return page.items.filter((job) => job.name === 'event.dispatch');
}

const eventOf = (job: JobRecord) => job.payload.event as Record<string, unknown>;

describe(`events on ${engineUnderTest()}`, () => {
  describe('queued by a server that does not run jobs', () => {
    let server: TestServer;
    let owner: TestUser;
    beforeAll(async () => {
      server = await startServer();
      owner = await server.newUser({ role: 'admin' });
    });
    afterAll(() => server.close());

    it('an upload queues one dispatch with the event; a refused upload queues none', async () => {
      const ios = await newApp(server, { ownerId: owner.id, channel: 'iOS', deviceType: 'ios' });
      const refused = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: new URLSearchParams({ token: owner.token }) });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(await dispatchJobs(server, 'queued')).toEqual([]);

      const release = await uploadBuild<{ id: number }>(server, owner.token, ios.key, IPA, 'iphone.ipa');
      const [job, ...more] = await dispatchJobs(server, 'queued');
      expect(more).toEqual([]);
      expect(job!.dedupeKey).toBe(`event:${eventOf(job!).id as string}`);
      expect(eventOf(job!)).toEqual({
        kind: 'upload', channelId: ios.channelId, releaseId: release.id, actorId: owner.id, baseUrl: server.url,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/), at: expect.any(String),
      });
    });
  });

  describe('on a server whose queue refuses the event', () => {
    let server: TestServer;
    let owner: TestUser;
    beforeAll(async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-events-'));
      const config = loadConfig({ TARMAC_DATA_DIR: dataDir, DATABASE_URL: 'sqlite::memory:' });
      // A queue that works for everything but this: the upload's enqueue fails (a database gone away).
      const queue = createJobQueue(config.database, createDatabase(config.database), systemClock);
      queue.enqueue = () => Promise.reject(new Error('the queue is unreachable'));
      server = await startServer({}, { jobs: queue });
      owner = await server.newUser({ role: 'admin' });
    });
    afterAll(() => server.close());

    it('still stores and answers the upload, and logs that its notifications were not queued', async () => {
      const ios = await newApp(server, { ownerId: owner.id, channel: 'iOS', deviceType: 'ios' });
      const release = await uploadBuild<{ id: number }>(server, owner.token, ios.key, IPA, 'iphone.ipa');
      expect((await api(server, `/api/releases/${release.id}`, { token: owner.token })).status).toBe(200);
      const line = server.logs.find((entry) => entry.includes('Could not queue the notifications of an event'));
      expect(line).toContain('the queue is unreachable');
      expect(line).toContain('"kind":"upload"');
    });
  });

  describe('dispatched by a server that runs jobs', () => {
    let server: TestServer;
    let owner: TestUser;
    beforeAll(async () => {
      server = await startServer({}, { runJobs: true });
      owner = await server.newUser({ role: 'admin' });
    });
    afterAll(() => server.close());

    const doneKinds = async () => (await dispatchJobs(server, 'done')).map((job) => eventOf(job).kind).sort();

    it('upload, changelog, download, debug file and deletion each end as one finished dispatch', async () => {
      const ios = await newApp(server, { ownerId: owner.id, channel: 'iOS', deviceType: 'ios', bundleId: '*' });
      const release = await uploadBuild<{ id: number }>(server, owner.token, ios.key, IPA, 'iphone.ipa');
      await until(async () => (await doneKinds()).includes('upload'));

      // The same changelog again is no change; a new one is.
      const changelog = [{ message: 'Fixed the crash on launch' }];
      expect((await api(server, `/api/releases/${release.id}`, { method: 'PUT', token: owner.token, json: { changelog } })).status).toBe(200);
      expect((await api(server, `/api/releases/${release.id}`, { method: 'PUT', token: owner.token, json: { changelog } })).status).toBe(200);
      expect((await api(server, `/api/releases/${release.id}`, { method: 'PUT', token: owner.token, json: { branch: 'main' } })).status).toBe(200);

      const file = await fetch(`${server.url}/download/releases/${release.id}/iphone.ipa?token=${owner.token}`);
      expect(file.status).toBe(200);
      await file.arrayBuffer();

      const dsym = await uploadDebugFile(server, { token: owner.token, channel_key: ios.key }, { data: readFileSync(DSYM_FIXTURE), name: 'app.dSYM.zip' });
      expect(dsym.status).toBe(201);
      expect((await api(server, `/api/releases/${release.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);

      const expected = ['changelog', 'debug_file', 'download', 'release_deleted', 'upload'];
      await until(async () => (await doneKinds()).join() === expected.join());
      const byKind = new Map((await dispatchJobs(server, 'done')).map((job) => [eventOf(job).kind, eventOf(job)]));
      expect(byKind.get('download')).toMatchObject({ channelId: ios.channelId, releaseId: release.id, actorId: owner.id });
      expect(byKind.get('debug_file')).toMatchObject({ appId: ios.appId, channelId: ios.channelId, actorId: owner.id });
      expect(byKind.get('release_deleted')).toMatchObject({
        channelId: ios.channelId, releaseId: release.id, release: expect.objectContaining({ id: release.id, channel_id: ios.channelId }),
      });
      expect(await dispatchJobs(server, 'queued')).toEqual([]);
    });
  });
});
