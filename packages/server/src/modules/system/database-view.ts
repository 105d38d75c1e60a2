// The admin's database view: each table's rows and size, the database's total size, and on
// PostgreSQL the slowest statements pg_stat_statements saw. Read-only catalog queries; loaded on
// first use (admin-routes.ts imports it lazily).
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/index.ts';

export interface TableInfo {
  name: string;
  rows: number;
  /** False when `rows` is PostgreSQL's estimate (large tables are not counted row by row). */
  rows_exact: boolean;
  /** Table, indexes and (PostgreSQL) TOAST; null when the engine cannot tell. */
  bytes: number | null;
}

export interface DatabaseView {
  engine: 'sqlite' | 'postgres';
  total_bytes: number | null;
  tables: TableInfo[];
}

/** PostgreSQL tables estimated below this many rows are counted exactly. */
export const EXACT_COUNT_MAX = 100_000;

export async function databaseSize(database: DatabaseHandle): Promise<number | null> {
  try {
    if (database.engine === 'sqlite') {
      const { rows } = await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(database.db);
      return Number(rows[0]?.bytes ?? 0);
    }
    const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(database.db);
    return Number(rows[0]?.bytes ?? 0);
  } catch {
    return null;
  }
}

async function exactCount(database: DatabaseHandle, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}

/** Bytes per table from SQLite's dbstat (indexes added to their table), or null when dbstat is missing. */
async function sqliteSizes(database: DatabaseHandle): Promise<Map<string, number> | null> {
  try {
    const { rows } = await sql<{ table: string; bytes: number }>`
      select m.tbl_name as "table", sum(d.pgsize) as bytes
      from dbstat d join sqlite_master m on m.name = d.name
      group by m.tbl_name`.execute(database.db);
    return new Map(rows.map((row) => [row.table, Number(row.bytes)]));
  } catch {
    return null;
  }
}

async function sqliteTables(database: DatabaseHandle): Promise<TableInfo[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(database.db);
  const sizes = await sqliteSizes(database);
  const tables: TableInfo[] = [];
  for (const { name } of rows) {
    tables.push({ name, rows: await exactCount(database, name), rows_exact: true, bytes: sizes ? (sizes.get(name) ?? 0) : null });
  }
  return tables;
}

async function postgresTables(database: DatabaseHandle): Promise<TableInfo[]> {
  const { rows } = await sql<{ name: string; bytes: string; estimate: number }>`
    select c.relname as name, pg_total_relation_size(c.oid) as bytes, c.reltuples as estimate
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = current_schema()
    order by c.relname`.execute(database.db);
  const tables: TableInfo[] = [];
  for (const row of rows) {
    const estimate = Number(row.estimate);
    // reltuples is -1 for a table never vacuumed or analyzed: count it.
    const exact = estimate < EXACT_COUNT_MAX;
    const count = exact ? await exactCount(database, row.name) : Math.round(estimate);
    tables.push({ name: row.name, rows: count, rows_exact: exact, bytes: Number(row.bytes) });
  }
  return tables;
}

export async function databaseView(database: DatabaseHandle): Promise<DatabaseView> {
  const tables = database.engine === 'sqlite' ? await sqliteTables(database) : await postgresTables(database);
  return { engine: database.engine, total_bytes: await databaseSize(database), tables };
}

export interface StatementInfo {
  query: string;
  calls: number;
  mean_ms: number;
  total_ms: number;
  rows: number;
}

export type StatementsView =
  | { available: true; statements: StatementInfo[] }
  | { available: false; reason: 'sqlite' | 'not_installed' | 'not_loaded'; message: string };

/**
 * Query text as pg_stat_statements keeps it has its constants replaced by $1, $2…; what it keeps
 * verbatim (some utility statements) is scrubbed here too: strings and numbers become `?`.
 */
export function scrubLiterals(query: string): string {
  return query
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w$.])\d+(?:\.\d+)?(?![\w.])/g, '?')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 2000);
}

export async function slowStatements(database: DatabaseHandle, sort: 'mean' | 'total', limit: number): Promise<StatementsView> {
  if (database.engine === 'sqlite') {
    return { available: false, reason: 'sqlite', message: 'Statement statistics come from PostgreSQL\'s pg_stat_statements; SQLite has none.' };
  }
  const installed = await sql<{ found: number }>`select 1 as found from pg_extension where extname = 'pg_stat_statements'`.execute(database.db);
  if (installed.rows.length === 0) {
    return { available: false, reason: 'not_installed', message: 'The pg_stat_statements extension is not installed in this database.' };
  }
  const order = sort === 'total' ? sql`total_exec_time` : sql`mean_exec_time`;
  try {
    const { rows } = await sql<{ query: string; calls: string; mean: number; total: number; rows: string }>`
      select query, calls, mean_exec_time as mean, total_exec_time as total, rows
      from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) and query <> '<insufficient privilege>'
      order by ${order} desc
      limit ${limit}`.execute(database.db);
    const statements = rows.map((row) => ({
      query: scrubLiterals(row.query),
      calls: Number(row.calls),
      mean_ms: Math.round(Number(row.mean) * 1000) / 1000,
      total_ms: Math.round(Number(row.total) * 1000) / 1000,
      rows: Number(row.rows),
    }));
    return { available: true, statements };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]!;
    return { available: false, reason: 'not_loaded', message: `pg_stat_statements cannot be read: ${message}` };
  }
}
