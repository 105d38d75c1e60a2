// Which tables a backup holds, in what order, how each is paged, and how rows become
// engine-neutral JSON (and back). Parents come before children so a restore inserts in this
// order and deletes in the reverse one without tripping a foreign key.
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { BackupScope } from './archive-types.ts';

export interface BackupTable {
  name: string;
  /** Columns the rows are ordered by; 'id' tables are paged by keyset, the others by offset. */
  orderBy: string[];
  /** Flag columns: 0/1 on SQLite, booleans on PostgreSQL; booleans in the archive. */
  flags?: string[];
  /** The rows of the chosen apps only, when the scope names apps. */
  appFilter?: (ids: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** Part of the debug-file scope. */
  debugFiles?: boolean;
}

const schemesOf = (ids: RawBuilder<unknown>) => sql`select id from schemes where app_id in (${ids})`;
const channelsOf = (ids: RawBuilder<unknown>) => sql`select id from channels where scheme_id in (${schemesOf(ids)})`;

export const BACKUP_TABLES: BackupTable[] = [
  { name: 'users', orderBy: ['id'], flags: ['locked'] },
  { name: 'user_recovery_codes', orderBy: ['id'] },
  { name: 'api_tokens', orderBy: ['id'] },
  { name: 'auth_providers', orderBy: ['id'], flags: ['enabled', 'allow_sign_up'] },
  { name: 'user_identities', orderBy: ['id'], flags: ['created_account'] },
  { name: 'invitations', orderBy: ['id'] },
  { name: 'settings', orderBy: ['key'] },
  { name: 'scheduled_jobs', orderBy: ['name'], flags: ['enabled'] },
  { name: 'backup_plans', orderBy: ['id'], flags: ['enabled', 'include_database', 'include_debug_files'] },
  { name: 'apps', orderBy: ['id'], flags: ['archived', 'public'], appFilter: (ids) => sql`id in (${ids})` },
  { name: 'collaborators', orderBy: ['id'], flags: ['owner'], appFilter: (ids) => sql`app_id in (${ids})` },
  { name: 'schemes', orderBy: ['id'], flags: ['new_build_callout'], appFilter: (ids) => sql`app_id in (${ids})` },
  { name: 'channels', orderBy: ['id'], appFilter: (ids) => sql`scheme_id in (${schemesOf(ids)})` },
  { name: 'retired_slugs', orderBy: ['slug'], appFilter: (ids) => sql`app_id in (${ids})` },
  { name: 'releases', orderBy: ['id'], appFilter: (ids) => sql`channel_id in (${channelsOf(ids)})` },
  { name: 'devices', orderBy: ['id'] },
  { name: 'debug_files', orderBy: ['id'], debugFiles: true, appFilter: (ids) => sql`app_id in (${ids})` },
  {
    name: 'debug_file_entries', orderBy: ['id'], flags: ['main'], debugFiles: true,
    appFilter: (ids) => sql`debug_file_id in (select id from debug_files where app_id in (${ids}))`,
  },
  {
    name: 'webhooks', orderBy: ['id'], flags: ['enabled'],
    appFilter: (ids) => sql`(channel_id is null or channel_id in (${channelsOf(ids)}))`,
  },
  { name: 'webhook_channels', orderBy: ['webhook_id', 'channel_id'], appFilter: (ids) => sql`channel_id in (${channelsOf(ids)})` },
  { name: 'webhook_deliveries', orderBy: ['id'], appFilter: (ids) => sql`(channel_id is null or channel_id in (${channelsOf(ids)}))` },
  {
    name: 'webhook_attempts', orderBy: ['id'], flags: ['ok'],
    appFilter: (ids) => sql`delivery_id in (select id from webhook_deliveries where channel_id is null or channel_id in (${channelsOf(ids)}))`,
  },
  { name: 'channel_subscribers', orderBy: ['id'], appFilter: (ids) => sql`channel_id in (${channelsOf(ids)})` },
  {
    name: 'subscriber_mails', orderBy: ['id'],
    appFilter: (ids) => sql`subscriber_id in (select id from channel_subscribers where channel_id in (${channelsOf(ids)}))`,
  },
  { name: 'zealot_import_map', orderBy: ['source_table', 'source_id'] },
  { name: 'audit_events', orderBy: ['id'] },
];

/**
 * Left out on purpose: the job queue and its schedules (work in flight belongs to the instance that
 * queued it), sessions (a restore signs everyone out), one-time account links and UDID challenges
 * (short-lived), failed-attempt counters (rate limiting), and the backup runs (the history of
 * archives kept outside the backup, on this instance's disk or bucket; the plans are backed up), and the
 * restores (a restore's own row outlives the data it replaces).
 * The migration bookkeeping tables are not data: the manifest lists the migrations instead.
 */
export const EXCLUDED_TABLES = ['jobs', 'job_schedules', 'sessions', 'account_tokens', 'udid_challenges', 'attempt_failures', 'backup_runs', 'restores'];

/** The tables a scope holds. */
export function tablesInScope(scope: BackupScope): BackupTable[] {
  if (!scope.database) return [];
  return BACKUP_TABLES.filter((table) => scope.debugFiles || !table.debugFiles);
}

function idList(ids: number[]): RawBuilder<unknown> {
  return ids.length === 0 ? sql`null` : sql.join(ids.map((id) => sql.lit(id)));
}

function whereClause(table: BackupTable, scope: BackupScope): RawBuilder<unknown> {
  if (scope.apps === 'all' || !table.appFilter) return sql`1 = 1`;
  return table.appFilter(idList(scope.apps));
}

/** Engine-neutral form of a row: flags as booleans; everything else is already text or number. */
export function toArchiveRow(table: BackupTable, row: Record<string, unknown>): Record<string, unknown> {
  for (const flag of table.flags ?? []) if (row[flag] !== null && row[flag] !== undefined) row[flag] = Boolean(row[flag]);
  return row;
}

const PAGE_ROWS = 500;

/** Yields the table's rows in its order, one page at a time (never the whole table in memory). */
export async function* readTableRows(db: Db, table: BackupTable, scope: BackupScope): AsyncGenerator<Record<string, unknown>> {
  const where = whereClause(table, scope);
  const order = sql.join(table.orderBy.map((column) => sql.ref(column)));
  const keyset = table.orderBy.length === 1 && table.orderBy[0] === 'id';
  let lastId: number | null = null;
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const after = lastId === null ? sql`` : sql`and id > ${lastId}`;
    const page: RawBuilder<Record<string, unknown>> = keyset
      ? sql<Record<string, unknown>>`select * from ${sql.table(table.name)} where ${where} ${after} order by id limit ${PAGE_ROWS}`
      : sql<Record<string, unknown>>`select * from ${sql.table(table.name)} where ${where} order by ${order} limit ${PAGE_ROWS} offset ${offset}`;
    const { rows }: { rows: Record<string, unknown>[] } = await page.execute(db);
    for (const row of rows) yield toArchiveRow(table, row);
    if (rows.length < PAGE_ROWS) return;
    if (keyset) lastId = Number(rows[rows.length - 1]!['id']);
  }
}

/** Storage keys of the objects the scope references: release packages and icons, debug files. */
export async function* readFileKeys(db: Db, scope: BackupScope): AsyncGenerator<string> {
  const apps = scope.apps === 'all' ? sql`1 = 1` : sql`channel_id in (${channelsOf(idList(scope.apps))})`;
  const seen = new Set<string>();
  const releases = await sql<{ file_key: string | null; icon_key: string | null }>`
    select file_key, icon_key from releases where ${apps} order by id`.execute(db);
  for (const row of releases.rows) {
    for (const key of [row.file_key, row.icon_key]) {
      if (!key || seen.has(key)) continue;
      seen.add(key);
      yield key;
    }
  }
  if (!scope.debugFiles) return;
  const debugApps = scope.apps === 'all' ? sql`1 = 1` : sql`app_id in (${idList(scope.apps)})`;
  const debug = await sql<{ file_key: string }>`select file_key from debug_files where ${debugApps} order by id`.execute(db);
  for (const row of debug.rows) {
    if (!row.file_key || seen.has(row.file_key)) continue;
    seen.add(row.file_key);
    yield row.file_key;
  }
}
