// Once per test run: migrate a template database that every test database copies, instead of
// each test server migrating its own. On SQLite a migrated file in a temporary directory (its
// path provided to the tests as `sqliteTemplate`), copied per test database; on PostgreSQL a
// template database, copied with CREATE DATABASE … TEMPLATE.
// Also a folder (`s3Dir`) where the first S3 test file starts the run's S3 server (helpers/s3.ts),
// and one (`ldapDir`) where the first LDAP test file starts the run's OpenLDAP (helpers/ldap.ts),
// each stopped at the end.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/index.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { systemClock } from '../../src/clock.ts';
import { createJobQueue } from '../../src/jobs/index.ts';
import { TEMPLATE_DATABASE, adminQuery, postgresUrl, templateUrl } from './database.ts';

/** .ci/s3.sh (helpers/s3.ts starts the server with it). */
const S3_SCRIPT = path.resolve(import.meta.dirname, '../../../../.ci/s3.sh');
/** .ci/ldap.sh (helpers/ldap.ts starts the server with it). */
const LDAP_SCRIPT = path.resolve(import.meta.dirname, '../../../../.ci/ldap.sh');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Under /tmp rather than $TMPDIR: Swift's paths stay short.
  const s3Dir = mkdtempSync('/tmp/tarmac-s3-run-');
  project.provide('s3Dir', s3Dir);
  const ldapDir = mkdtempSync('/tmp/tarmac-ldap-run-');
  project.provide('ldapDir', ldapDir);
  const database = await setupDatabase(project);
  return async () => {
    // The database dropped and both servers stopped, whichever fails; then the first failure fails the run.
    const failures: Error[] = [];
    await database().catch((error: unknown) => failures.push(asError(error)));
    for (const [dir, script] of [[s3Dir, S3_SCRIPT], [ldapDir, LDAP_SCRIPT]] as const) {
      const failure = stopService(dir, script);
      if (failure) failures.push(failure);
    }
    if (failures[0]) throw failures[0];
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Stops the server a test file started in DIR/server (if any) and removes DIR; returns what failed. */
function stopService(dir: string, script: string): Error | undefined {
  try {
    if (existsSync(path.join(dir, 'server'))) execFileSync('bash', [script, 'stop', path.join(dir, 'server')], { stdio: 'inherit' });
    return undefined;
  } catch (error) {
    return asError(error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
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
