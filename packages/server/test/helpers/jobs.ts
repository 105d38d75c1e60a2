// A migrated test database and job queues on it, for the job tests (engine from DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Clock } from '../../src/clock.ts';
import { systemClock } from '../../src/clock.ts';
import type { DatabaseConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/db/index.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createJobQueue } from '../../src/jobs/index.ts';
import type { SqliteJobQueueOptions } from '../../src/jobs/sqlite-engine.ts';
import type { JobQueue } from '../../src/jobs/types.ts';
import { createTestDatabase } from './database.ts';

export interface JobsDatabase {
  url: string;
  dataDir: string;
  config: DatabaseConfig;
  handle: DatabaseHandle;
  queue(options?: SqliteJobQueueOptions, clock?: Clock): JobQueue;
  close(): Promise<void>;
}

export async function openJobsDatabase(): Promise<JobsDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-jobs-'));
  const test = await createTestDatabase(dataDir);
  const config: DatabaseConfig = test.url.startsWith('sqlite:')
    ? { engine: 'sqlite', filename: test.url.slice('sqlite:'.length) }
    : { engine: 'postgres', connectionString: test.url };
  const handle = createDatabase(config);
  await migrateToLatest(handle);
  const queues: JobQueue[] = [];
  return {
    url: test.url,
    dataDir,
    config,
    handle,
    queue(options = {}, clock = systemClock) {
      const queue = createJobQueue(config, handle, clock, { pollMs: 50, retry: { baseMs: 50, capMs: 200 }, graceMs: 2000, ...options });
      queues.push(queue);
      return queue;
    },
    async close() {
      for (const queue of queues) await queue.stop();
      await handle.close();
      await test.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once `check` holds (polled), or fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
