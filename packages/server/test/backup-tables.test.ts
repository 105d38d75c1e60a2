// Every table of a migrated database is either in a backup (BACKUP_TABLES) or left out on purpose
// (EXCLUDED_TABLES), and every boolean column of a backed-up table is declared a flag (SQLite
// stores 0/1, PostgreSQL true/false: undeclared, a restore across engines would change the value's
// type). A table or boolean column added by a later migration fails here until the backup knows it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_TABLES, EXCLUDED_TABLES } from '../src/modules/backups/tables.ts';
import { engineUnderTest } from './helpers/database.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const BOOKKEEPING = ['tarmac_migrations', 'tarmac_migrations_lock'];

async function tables(): Promise<string[]> {
  const { db, engine } = server.database;
  const query = engine === 'sqlite'
    ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
    : sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`;
  return (await query.execute(db)).rows.map((row) => row.name).filter((name) => !BOOKKEEPING.includes(name)).sort();
}

async function booleanColumns(table: string): Promise<string[]> {
  const { db, engine } = server.database;
  const query = engine === 'sqlite'
    ? sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`
    : sql<{ name: string; type: string }>`select column_name as name, data_type as type from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`;
  return (await query.execute(db)).rows.filter((row) => row.type.toLowerCase() === 'boolean').map((row) => row.name).sort();
}

describe(`the backup's tables on ${engineUnderTest()}`, () => {
  it('names every table of the schema, once, as backed up or left out', async () => {
    const named = [...BACKUP_TABLES.map((table) => table.name), ...EXCLUDED_TABLES].sort();
    expect(new Set(named).size).toBe(named.length);
    expect(named).toEqual(await tables());
  });

  it('declares every boolean column of a backed-up table as a flag', async () => {
    for (const table of BACKUP_TABLES) {
      expect([...(table.flags ?? [])].sort(), table.name).toEqual(await booleanColumns(table.name));
    }
  });
});
