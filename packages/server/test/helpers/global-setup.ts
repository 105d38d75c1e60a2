// Once per test run: on PostgreSQL, migrate a template database every test file copies.
import { createDatabase } from '../../src/db/index.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { TEMPLATE_DATABASE, adminQuery, postgresUrl, templateUrl } from './database.ts';

export default async function setup(): Promise<() => Promise<void>> {
  if (!postgresUrl()) return () => Promise.resolve();
  await adminQuery(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  const handle = createDatabase({ engine: 'postgres', connectionString: templateUrl() });
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
  return () => adminQuery(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
}
