// Test databases. The engine follows DATABASE_URL, as the server does: unset or sqlite: →
// a fresh SQLite file per test file; postgres:// → a fresh database per test file, copied
// from a template that global-setup migrated once (CREATE DATABASE … TEMPLATE).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

export const TEMPLATE_DATABASE = 'tarmac_test_template';

export function postgresUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export function engineUnderTest(): 'sqlite' | 'postgres' {
  return postgresUrl() ? 'postgres' : 'sqlite';
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/' + name;
  return parsed.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function templateUrl(): string {
  return withDatabaseName(postgresUrl()!, TEMPLATE_DATABASE);
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, migrated database for one test file (or one test). */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  const base = postgresUrl();
  if (!base) {
    return { url: `sqlite:${path.join(dataDir, 'tarmac.db')}`, drop: () => Promise.resolve() };
  }
  const name = `tarmac_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
      break;
    } catch (error) {
      // Two copies of the template starting at once can collide; try again shortly.
      if (attempt >= 10 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
  }
  return {
    url: withDatabaseName(base, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
