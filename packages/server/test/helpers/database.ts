// Test databases. The engine follows DATABASE_URL, as the server does: unset or sqlite: →
// a SQLite file per test server, a copy of the template file global-setup migrated once;
// postgres:// → a database per test server, copied from the template database global-setup
// migrated once (CREATE DATABASE … TEMPLATE). Without global-setup (a config that leaves it
// out) the SQLite file starts empty and the server migrates it, as on a first start.
import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file global-setup made (SQLite runs only). */
    sqliteTemplate?: string;
  }
}

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
    const filename = path.join(dataDir, 'tarmac.db');
    const template = inject('sqliteTemplate');
    if (template) copyFileSync(template, filename);
    return { url: `sqlite:${filename}`, drop: () => Promise.resolve() };
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
