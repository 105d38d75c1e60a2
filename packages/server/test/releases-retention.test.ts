// The daily releases.retention job on a real database and storage: with keep_old_build_files on
// (the default) it keeps every build; turned off in the settings (no restart), it deletes in each
// channel every build a newer build of the same release version supersedes, files included, with
// a release.delete audit line by the system; a scheme's retained_builds is applied too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_KINDS } from '../src/jobs/handlers.ts';
import type { JobDeps } from '../src/jobs/deps.ts';
import type { JobContext } from '../src/jobs/types.ts';
import { systemClock } from '../src/clock.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function runJob(): Promise<void> {
  const kind = JOB_KINDS.find((candidate) => candidate.name === 'releases.retention');
  expect(kind?.schedule).toBeDefined();
  const run = await kind!.load();
  const deps = { config: server.config, database: server.database, clock: systemClock, storage: server.services.storage, log: quiet };
  await run({}, {} as JobContext, deps as unknown as JobDeps);
}

/** A release of `channelId` with this build number and release version; answers its id and stored file key. */
async function build(channelId: number, version: number, releaseVersion: string) {
  const { fileKey } = await storedRelease(server, channelId, version);
  const row = await server.database.db
    .updateTable('releases')
    .set({ release_version: releaseVersion })
    .where('channel_id', '=', channelId)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, fileKey };
}

async function versionsOf(channelId: number): Promise<number[]> {
  const rows = await server.database.db.selectFrom('releases').select('version').where('channel_id', '=', channelId).orderBy('version').execute();
  return rows.map((row) => row.version);
}

describe('releases.retention', () => {
  it('keeps every build by default, and with keep_old_build_files off keeps only the newest build of each version', async () => {
    const channel = await newApp(server, { ownerId: admin.id });
    const made = [
      await build(channel.channelId, 1, '1.0'),
      await build(channel.channelId, 2, '1.0'),
      await build(channel.channelId, 3, '1.1'),
      await build(channel.channelId, 4, '1.1'),
      await build(channel.channelId, 5, '2.0'),
    ];
    await runJob();
    expect(await versionsOf(channel.channelId)).toEqual([1, 2, 3, 4, 5]);

    const off = await api(server, '/api/admin/settings', { method: 'PUT', token: admin.token, json: { keep_old_build_files: false } });
    expect(off.status).toBe(200);
    await runJob();
    expect(await versionsOf(channel.channelId)).toEqual([2, 4, 5]);
    // The superseded builds' files are gone; the kept ones' are not.
    expect(await server.services.storage.stat(made[0]!.fileKey)).toBeNull();
    expect(await server.services.storage.stat(made[2]!.fileKey)).toBeNull();
    expect(await server.services.storage.stat(made[1]!.fileKey)).not.toBeNull();

    const lines = await server.database.db
      .selectFrom('audit_events')
      .select(['target_id', 'actor_via', 'actor_id', 'details'])
      .where('action', '=', 'release.delete')
      .where('target_id', 'in', made.map((release) => String(release.id)))
      .orderBy('id')
      .execute();
    expect(lines.map((line) => [line.target_id, line.actor_via, line.actor_id])).toEqual([
      [String(made[0]!.id), 'system', null],
      [String(made[2]!.id), 'system', null],
    ]);
    expect(JSON.parse(lines[0]!.details)).toMatchObject({ rule: 'superseded', version: 1, release_version: '1.0' });

    // Run again: nothing more to delete.
    await runJob();
    expect(await versionsOf(channel.channelId)).toEqual([2, 4, 5]);
    await api(server, '/api/admin/settings/keep_old_build_files', { method: 'DELETE', token: admin.token });
  });

  it("applies a scheme's retained builds whatever the setting", async () => {
    const channel = await newApp(server, { ownerId: admin.id, retainedBuilds: 2 });
    for (const version of [1, 2, 3, 4]) await build(channel.channelId, version, `${version}.0`);
    await runJob();
    expect(await versionsOf(channel.channelId)).toEqual([3, 4]);
  });
});
