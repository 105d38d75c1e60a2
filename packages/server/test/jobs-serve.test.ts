// `tarmac serve` (npm start's process) runs the jobs it queues: a build uploaded as fastlane
// sends it becomes an event dispatched by the server's own worker (with the hourly prune, fired
// at start), which `tarmac jobs` then counts as done; a SIGTERM stops the worker with the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/database.ts';
import type { TestDatabase } from './helpers/database.ts';
import { fastlaneUploadTo } from './helpers/fastlane.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/index.ts';
import { runCli, startProcess } from './helpers/process.ts';
import type { RunningServer } from './helpers/process.ts';

const APK = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk');
let dataDir: string | undefined;
let database: TestDatabase | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('runs the dispatch of an upload in the serving process, and stops with it', { timeout: 60_000 }, async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-jobs-serve-'));
  database = await createTestDatabase(dataDir);
  const env = {
    TARMAC_DATA_DIR: dataDir, DATABASE_URL: database.url, TARMAC_ADMIN_EMAIL: 'boss@example.com', TARMAC_ADMIN_PASSWORD: 'a-strong-password',
  };
  server = await startProcess(env);
  const token = runCli(['token', 'create', '--username', 'admin', '--name', 'ci'], env).stdout.trim();
  const upload = await fastlaneUploadTo(server.url, { token }, APK);
  expect(upload.status).toBe(201);

  // The finished jobs, as both engines record them (the hourly prunes, of jobs and of webhook deliveries, ran at start too).
  const handle = createDatabase(loadConfig({ DATABASE_URL: database.url, TARMAC_DATA_DIR: dataDir }).database);
  const done = () => handle.db.selectFrom('jobs').select(['name', 'payload']).where('state', '=', 'done').orderBy('name').execute();
  try {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !(await done()).some((job) => job.name === 'event.dispatch')) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const jobs = await done();
    // (Other recurring jobs that fire at start, such as the temp sweep, may be done too.)
    expect(jobs.map((job) => job.name)).toEqual(expect.arrayContaining(['event.dispatch', 'jobs.prune', 'webhook.prune']));
    const dispatch = jobs.find((job) => job.name === 'event.dispatch')!;
    expect(JSON.parse(dispatch.payload)).toMatchObject({ event: { kind: 'upload', actorId: 1, baseUrl: server.url } });
  } finally {
    await handle.close();
  }
  // backup.due runs once a minute since start: one may be queued or running now.
  const counts = /^queued [01] {2}running [01] {2}scheduled [01] {2}failed 0 {2}done (\d+)$/m.exec(runCli(['jobs'], env).stdout);
  expect(Number(counts?.[1])).toBeGreaterThanOrEqual(3);
  expect(await server.stop()).toBe(0);
});
