// A running Zealot's PostgreSQL (`--database-url`) and its uploads folder (`--uploads`).
// Everything is read inside one READ ONLY, REPEATABLE READ transaction: the import sees one
// consistent snapshot while Zealot keeps taking builds, and cannot write to Zealot by mistake.
// Rows come by keyset pagination on the table's key (fns.ts keyColumnsOf), a batch per query.
// pg is asked for every value as text and values.ts converts it by the column's declared type,
// the same rules the backup reader applies to COPY text, so both sources answer alike.
import pg from 'pg';
import { appIdResolver, keyColumnsOf, startKey } from './fns.ts';
import { checkUploadsFolder, findUpload } from './uploads.ts';
import { converterFor, type Converter } from './values.ts';
import { checkCoreTables, detectVersion } from './versions.ts';
import { ZealotSourceError, type RowsOptions, type ZealotColumn, type ZealotRow, type ZealotSource } from './types.ts';

export interface PostgresOptions {
  databaseUrl: string;
  /** Zealot's `public/uploads` folder; without one every file is answered missing. */
  uploads?: string;
}

/** Every value as PostgreSQL's text form (converted by values.ts, not by pg's own parsers). */
const TEXT_TYPES = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

const CATALOG = `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
  ORDER BY c.relname, a.attnum`;

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** The query for one batch: keyset on the key columns (DISTINCT ON them for a join table), or OFFSET for a table without. */
export function batchQuery(table: string, columns: readonly ZealotColumn[], keys: readonly string[], after: boolean): string {
  const list = columns.map((column) => quote(column.name)).join(', ');
  if (keys.length === 0) return `SELECT ${list} FROM ${quote(table)} ORDER BY ${columns.map((_, at) => at + 1).join(', ')} OFFSET $1 LIMIT $2`;
  const keyList = keys.map(quote).join(', ');
  const distinct = keys.length > 1 ? `DISTINCT ON (${keyList}) ` : '';
  const placeholders = keys.map((_, at) => `$${at + 1}`).join(', ');
  const where = after ? ` WHERE (${keyList}) > (${placeholders})` : '';
  return `SELECT ${distinct}${list} FROM ${quote(table)}${where} ORDER BY ${keyList} LIMIT $${after ? keys.length + 1 : 1}`;
}

function toRow(raw: Record<string, string | null>, columns: readonly ZealotColumn[], convert: readonly Converter[]): ZealotRow {
  const row: ZealotRow = {};
  columns.forEach((column, at) => {
    const text = raw[column.name];
    row[column.name] = text === null || text === undefined ? null : convert[at]!(text);
  });
  return row;
}

/** Opens a snapshot of a live Zealot database; refuses an uploads folder that is not Zealot's. */
export async function openPostgres(options: PostgresOptions): Promise<ZealotSource> {
  if (options.uploads !== undefined) await checkUploadsFolder(options.uploads);
  const client = new pg.Client({ connectionString: options.databaseUrl, types: TEXT_TYPES });
  // A connection lost between queries is reported by the next query; unhandled, the event would end the process.
  client.on('error', () => {});
  await client.connect();
  const tables = new Map<string, ZealotColumn[]>();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // values.ts reads timestamps in ISO form, whatever the server's default DateStyle.
    await client.query("SET LOCAL datestyle = 'ISO, YMD'");
    const catalog = await client.query<{ table: string; name: string; type: string }>(CATALOG);
    for (const { table, name, type } of catalog.rows) {
      if (!tables.has(table)) tables.set(table, []);
      tables.get(table)!.push({ name, type });
    }
  } catch (error) {
    await client.end();
    throw error;
  }
  return postgresSource(client, tables, options.uploads);
}

function postgresSource(client: pg.Client, tables: Map<string, ZealotColumn[]>, uploads: string | undefined): ZealotSource {
  const known = (table: string): ZealotColumn[] => {
    const columns = tables.get(table);
    if (!columns) throw new ZealotSourceError('table_unknown', `The Zealot database has no table ${table}`);
    return columns;
  };
  async function* rows(table: string, options: RowsOptions = {}): AsyncGenerator<ZealotRow> {
    const columns = known(table);
    const keys = keyColumnsOf(columns);
    const convert = columns.map((column) => converterFor(column.type));
    const batchSize = options.batchSize ?? 1000;
    let after: unknown[] | undefined = startKey(keys, options);
    for (let offset = 0; ; offset += batchSize) {
      const sql = batchQuery(table, columns, keys, after !== undefined);
      const params = keys.length === 0 ? [offset, batchSize] : [...(after ?? []), batchSize];
      const batch = await client.query<Record<string, string | null>>(sql, params);
      for (const raw of batch.rows) yield toRow(raw, columns, convert);
      if (batch.rows.length < batchSize) return;
      const last = batch.rows.at(-1)!;
      after = keys.map((key) => last[key]);
    }
  }
  const appIdOf = appIdResolver((table) => rows(table));
  return {
    async version() {
      checkCoreTables(new Set(tables.keys()));
      const result = await client.query<{ version: string }>('SELECT version FROM schema_migrations');
      return detectVersion(result.rows.map((row) => row.version));
    },
    async columns(table) {
      return [...(tables.get(table) ?? [])];
    },
    async keyColumns(table) {
      return keyColumnsOf(tables.get(table) ?? []);
    },
    rows,
    async count(table) {
      const columns = tables.get(table);
      if (!columns) return 0;
      const keys = keyColumnsOf(columns);
      // A join table's rows are counted once per key, as rows() gives them.
      const what = keys.length > 1 ? `DISTINCT (${keys.map(quote).join(', ')})` : '*';
      const result = await client.query<{ count: string }>(`SELECT count(${what}) AS count FROM ${quote(table)}`);
      return Number(result.rows[0]!.count);
    },
    async file(kind, row) {
      if (uploads === undefined) return { status: 'missing', path: null, reason: 'no uploads folder was given' };
      return findUpload(uploads, kind, row, await appIdOf(kind, row));
    },
    async close() {
      try {
        await client.query('ROLLBACK');
      } finally {
        await client.end();
      }
    },
  };
}
