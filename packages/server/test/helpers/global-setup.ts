// Once per test run: migrate a template database that every test database copies, instead of
// each test server migrating its own. On SQLite a migrated file in a temporary directory (its
// path provided to the tests as `sqliteTemplate`), copied per test database; on PostgreSQL a
// template database, copied with CREATE DATABASE … TEMPLATE.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/index.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { systemClock } from '../../src/clock.ts';
import { createJobQueue } from '../../src/jobs/index.ts';
import { TEMPLATE_DATABASE, adminQuery, postgresUrl, templateUrl } from './database.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!postgresUrl()) {
    const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-template-'));
    const filename = path.join(dir, 'tarmac.db');
    const handle = createDatabase({ engine: 'sqlite', filename });
    try {
      await migrateToLatest(handle);
    } finally {
      // Closing the last connection checkpoints the WAL: the one file holds the whole schema.
      await handle.close();
    }
    project.provide('sqliteTemplate', filename);
    return () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
  }
  await adminQuery(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  const config = { engine: 'postgres' as const, connectionString: templateUrl() };
  const handle = createDatabase(config);
  try {
    await migrateToLatest(handle);
    // graphile-worker's schema too, which it makes on first use: every copy then has it.
    const queue = createJobQueue(config, handle, systemClock);
    await queue.counts();
    await queue.stop();
  } finally {
    await handle.close();
  }
  return () => adminQuery(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
}
