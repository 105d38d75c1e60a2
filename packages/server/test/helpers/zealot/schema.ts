// Zealot's PostgreSQL schema as Rails creates it, in three shapes: 4.7 (4.7.1, schema 2023-02-21),
// 5.3 (5.3.7, schema 2024-07-07) and 6 (6.2.0, schema 2025-11-21; the 2025-12-18 theme columns came
// after the last release). Transcribed from db/schema.rb of tryzealot/zealot at those tags: each
// column or index that arrived or changed later carries the migration (`since`/`until`) it comes
// from, so one table list gives all three shapes. Rails' PostgreSQL types: string → character
// varying, datetime → timestamp(6) (precision: nil → timestamp), limit: 2 → smallint, id → bigserial.
import { createHash } from 'node:crypto';

export type ZealotShape = '4.7' | '5.3' | '6';
export const ZEALOT_SHAPES: readonly ZealotShape[] = ['4.7', '5.3', '6'];

export interface ShapeInfo {
  /** The Zealot release this shape is (Setting.version, in backup names and backup_information.yml). */
  zealotVersion: string;
  /** ActiveRecord::Migrator.current_version: the newest migration applied. */
  schemaVersion: number;
}

export const SHAPES: Record<ZealotShape, ShapeInfo> = {
  '4.7': { zealotVersion: '4.7.1', schemaVersion: 20230221084553 },
  '5.3': { zealotVersion: '5.3.7', schemaVersion: 20240707040749 },
  '6': { zealotVersion: '6.2.0', schemaVersion: 20251121145052 },
};

/** Every file in Zealot's db/migrate (6.2.0); a shape holds those up to its schema version. */
const MIGRATIONS = [
  20140926021348, 20150210090159, 20150210090183, 20150210090200, 20150210090210, 20150210090223, 20160428035649,
  20170818033404, 20190717063420, 20191011034952, 20191220112323, 20200403093411, 20200508074228, 20200523073900,
  20200523074639, 20200523081718, 20200527113757, 20200527121707, 20200716041345, 20200724084528, 20201028070958,
  20201216070418, 20210618034524, 20210826114522, 20211019110202, 20211216073222, 20220720073346, 20220720085638,
  20220720091221, 20220720105432, 20220720105433, 20220803055400, 20230221084553, 20230306061106, 20230407043515,
  20230407043735, 20230410093112, 20230803065502, 20231017040724, 20231018034434, 20240223040132, 20240229080952,
  20240229080953, 20240229080954, 20240229121642, 20240229121643, 20240229121644, 20240229121645, 20240229121646,
  20240229121647, 20240229121648, 20240229121649, 20240229121650, 20240229121651, 20240508080415, 20240516050530,
  20240522015917, 20240522063117, 20240522065442, 20240707040747, 20240707040748, 20240707040749, 20241127060125,
  20241127143631, 20250320170907, 20251121145052,
];

export function migrationVersions(shape: ZealotShape): string[] {
  return MIGRATIONS.filter((version) => version <= SHAPES[shape].schemaVersion).map(String);
}

// The migrations a shape difference comes from (db/migrate/<version>_<name>.rb).
const M = {
  /** optional_release_version_and_bundle_id: releases.bundle_id/release_version/build_version lose NOT NULL. */
  OPTIONAL_RELEASE_VERSION: 20230306061106,
  /** change_metadata_column_platform_to_string_type + remove_metadata_platform_enum. */
  METADATA_PLATFORM_STRING: 20230407043515,
  METADATA_PLATFORM_ENUM_DROPPED: 20230407043735,
  /** add_debug_file_device_type_index. */
  DEBUG_FILE_DEVICE_TYPE_INDEX: 20230410093112,
  /** add_device_id_to_device. */
  DEVICES_DEVICE_ID: 20230803065502,
  /** create_good_jobs (and the good_job_* migrations up to 2024-07-07). */
  GOOD_JOB: 20231017040724,
  /** create_solid_cache_entries.solid_cache (key_hash/byte_size from 20240229080952). */
  SOLID_CACHE: 20231018034434,
  /** append_retained_builds_to_scheme. */
  RETAINED_BUILDS: 20240223040132,
  /** add_role_to_users_apps. */
  APPS_USERS_ROLE: 20240516050530,
  /** add_settings_to_users: users.locale, appearance, timezone. */
  USER_SETTINGS: 20240522015917,
  /** add_owner_to_apps_users. */
  APPS_USERS_OWNER: 20240522063117,
  /** add_unique_index_to_apps_users. */
  APPS_USERS_UNIQUE: 20240522065442,
  /** add_native_codes_to_metadata. */
  NATIVE_CODES: 20241127060125,
  /** add_download_file_type_to_channel. */
  DOWNLOAD_FILENAME_TYPE: 20241127143631,
  /** add_archived_to_apps. */
  APPS_ARCHIVED: 20250320170907,
  /** add_solid_cable_tables. */
  SOLID_CABLE: 20251121145052,
} as const;

interface Column {
  name: string;
  /** SQL type and constraints after the name, e.g. `character varying NOT NULL`. */
  sql: string;
  since?: number;
  until?: number;
}

interface Index {
  columns: string[];
  unique?: boolean;
  where?: string;
  since?: number;
  until?: number;
}

interface Table {
  name: string;
  /** bigserial id (Rails' default), uuid id (good_job) or none (join tables, `id: false`). */
  id: 'bigserial' | 'uuid' | false;
  columns: Column[];
  indexes?: Index[];
  since?: number;
}

const S = 'character varying';
const TS = 'timestamp(6) without time zone';
const TS_NIL = 'timestamp without time zone';
const c = (name: string, sql: string, range: { since?: number; until?: number } = {}): Column => ({ name, sql, ...range });
const timestamps = [c('created_at', `${TS} NOT NULL`), c('updated_at', `${TS} NOT NULL`)];
const ix = (columns: string[], options: Omit<Index, 'columns'> = {}): Index => ({ columns, ...options });
const JSONB_ARRAY = `jsonb DEFAULT '[]'::jsonb NOT NULL`;
const JSONB_OBJECT = `jsonb DEFAULT '{}'::jsonb NOT NULL`;

const CORE_TABLES: Table[] = [
  { name: 'apple_keys', id: 'bigserial', columns: [c('issuer_id', `${S} NOT NULL`), c('key_id', `${S} NOT NULL`),
    c('filename', `${S} NOT NULL`), c('private_key', `${S} NOT NULL`), c('checksum', `${S} NOT NULL`), ...timestamps],
  indexes: [ix(['checksum']), ix(['issuer_id']), ix(['key_id'])] },
  { name: 'apple_keys_devices', id: false, columns: [c('apple_key_id', 'bigint NOT NULL'), c('device_id', 'bigint NOT NULL')],
    indexes: [ix(['apple_key_id', 'device_id']), ix(['device_id', 'apple_key_id'])] },
  { name: 'apple_teams', id: 'bigserial', columns: [c('apple_key_id', 'bigint'), c('team_id', S), c('name', `${S} NOT NULL`),
    c('display_name', `${S} DEFAULT ''::character varying NOT NULL`), ...timestamps], indexes: [ix(['apple_key_id'])] },
  { name: 'apps', id: 'bigserial', columns: [c('name', `${S} NOT NULL`), c('description', S), ...timestamps,
    c('archived', 'boolean DEFAULT false NOT NULL', { since: M.APPS_ARCHIVED })], indexes: [ix(['name'])] },
  { name: 'apps_users', id: false, columns: [c('app_id', 'bigint NOT NULL'), c('user_id', 'bigint NOT NULL'),
    c('role', 'integer DEFAULT 0 NOT NULL', { since: M.APPS_USERS_ROLE }),
    c('owner', 'boolean DEFAULT false NOT NULL', { since: M.APPS_USERS_OWNER })],
  indexes: [ix(['app_id', 'user_id'], { until: M.APPS_USERS_UNIQUE }), ix(['user_id', 'app_id'], { until: M.APPS_USERS_UNIQUE }),
    ix(['app_id', 'user_id'], { unique: true, since: M.APPS_USERS_UNIQUE }),
    ix(['user_id', 'app_id'], { unique: true, since: M.APPS_USERS_UNIQUE })] },
  { name: 'backups', id: 'bigserial', columns: [c('key', `${S} NOT NULL`), c('schedule', `${S} NOT NULL`),
    c('enabled_database', 'boolean DEFAULT true'), c('enabled_apps', `integer[] DEFAULT '{}'::integer[]`),
    c('max_keeps', 'integer DEFAULT -1'), c('notification', S), c('enabled', 'boolean'), ...timestamps], indexes: [ix(['key'])] },
  { name: 'channels', id: 'bigserial', columns: [c('scheme_id', 'bigint'), c('name', `${S} NOT NULL`), c('slug', `${S} NOT NULL`),
    c('bundle_id', `${S} DEFAULT '*'::character varying`), c('device_type', `${S} NOT NULL`), c('git_url', S),
    c('password', S), c('key', S), c('download_filename_type', S, { since: M.DOWNLOAD_FILENAME_TYPE })],
  indexes: [ix(['bundle_id']), ix(['device_type']), ix(['name']), ix(['scheme_id', 'device_type']), ix(['slug'], { unique: true })] },
  { name: 'channels_web_hooks', id: false, columns: [c('channel_id', 'bigint NOT NULL'), c('web_hook_id', 'bigint NOT NULL'),
    c('created_at', TS_NIL)], indexes: [ix(['channel_id', 'web_hook_id']), ix(['web_hook_id', 'channel_id'])] },
  { name: 'debug_file_metadata', id: 'bigserial', columns: [c('debug_file_id', 'bigint NOT NULL'), c('uuid', S), c('type', S),
    c('object', S), c('data', JSONB_OBJECT), c('size', 'integer'), ...timestamps], indexes: [ix(['debug_file_id'])] },
  { name: 'debug_files', id: 'bigserial', columns: [c('app_id', 'bigint'), c('device_type', S), c('release_version', S),
    c('build_version', S), c('file', S), c('checksum', S), ...timestamps],
  indexes: [ix(['app_id', 'device_type'], { since: M.DEBUG_FILE_DEVICE_TYPE_INDEX }), ix(['app_id']),
    ix(['id', 'device_type'], { since: M.DEBUG_FILE_DEVICE_TYPE_INDEX })] },
  { name: 'devices', id: 'bigserial', columns: [c('udid', `${S} NOT NULL`), c('name', S), ...timestamps, c('model', S),
    c('platform', S), c('status', S), c('device_id', S, { since: M.DEVICES_DEVICE_ID })], indexes: [ix(['udid'])] },
  { name: 'devices_releases', id: false, columns: [c('release_id', 'bigint NOT NULL'), c('device_id', 'bigint NOT NULL')],
    indexes: [ix(['device_id', 'release_id']), ix(['release_id', 'device_id'])] },
  { name: 'metadata', id: 'bigserial', columns: [c('release_id', 'bigint'), c('user_id', 'bigint'), c('device', `${S} NOT NULL`),
    c('name', S), c('release_version', S), c('build_version', S), c('bundle_id', S), c('size', 'integer'),
    c('min_sdk_version', S), c('target_sdk_version', S), c('activities', JSONB_ARRAY), c('services', JSONB_ARRAY),
    c('permissions', JSONB_ARRAY), c('features', JSONB_ARRAY), c('release_type', S), c('mobileprovision', JSONB_OBJECT),
    c('developer_certs', JSONB_ARRAY), c('entitlements', JSONB_OBJECT), c('devices', JSONB_ARRAY), c('capabilities', JSONB_ARRAY),
    c('url_schemes', JSONB_ARRAY), c('checksum', `${S} NOT NULL`), ...timestamps,
    c('platform', 'metadata_platform', { until: M.METADATA_PLATFORM_STRING }), c('platform', S, { since: M.METADATA_PLATFORM_STRING }),
    c('deep_links', JSONB_ARRAY), c('native_codes', JSONB_ARRAY, { since: M.NATIVE_CODES })],
  indexes: [ix(['checksum']), ix(['release_id']), ix(['user_id'])] },
  { name: 'releases', id: 'bigserial', columns: [c('channel_id', 'bigint'),
    c('bundle_id', `${S} NOT NULL`, { until: M.OPTIONAL_RELEASE_VERSION }), c('bundle_id', S, { since: M.OPTIONAL_RELEASE_VERSION }),
    c('version', 'integer NOT NULL'),
    c('release_version', `${S} NOT NULL`, { until: M.OPTIONAL_RELEASE_VERSION }), c('release_version', S, { since: M.OPTIONAL_RELEASE_VERSION }),
    c('build_version', `${S} NOT NULL`, { until: M.OPTIONAL_RELEASE_VERSION }), c('build_version', S, { since: M.OPTIONAL_RELEASE_VERSION }),
    c('release_type', S), c('source', S), c('branch', S), c('git_commit', S), c('icon', S), c('ci_url', S),
    c('changelog', 'jsonb NOT NULL'), c('file', S), ...timestamps, c('custom_fields', JSONB_ARRAY), c('name', S), c('device_type', S)],
  indexes: [ix(['build_version']), ix(['bundle_id']), ix(['channel_id', 'version'], { unique: true }), ix(['release_type']),
    ix(['release_version', 'build_version']), ix(['source']), ix(['version'])] },
  { name: 'schemes', id: 'bigserial', columns: [c('app_id', 'bigint'), c('name', `${S} NOT NULL`),
    c('new_build_callout', 'boolean DEFAULT true'), c('retained_builds', 'integer DEFAULT 0 NOT NULL', { since: M.RETAINED_BUILDS })],
  indexes: [ix(['app_id']), ix(['name'])] },
  { name: 'settings', id: 'bigserial', columns: [c('var', `${S} NOT NULL`), c('value', 'text'), ...timestamps],
    indexes: [ix(['var'], { unique: true })] },
  { name: 'user_providers', id: 'bigserial', columns: [c('user_id', 'bigint'), c('name', S), c('uid', S), c('token', S),
    c('expires_at', 'integer'), c('expires', 'boolean'), c('refresh_token', S), ...timestamps],
  indexes: [ix(['name', 'uid']), ix(['user_id'])] },
  { name: 'users', id: 'bigserial', columns: [c('username', S), c('email', `${S} DEFAULT ''::character varying NOT NULL`),
    c('encrypted_password', `${S} DEFAULT ''::character varying NOT NULL`), c('token', `${S} DEFAULT ''::character varying NOT NULL`),
    c('role', 'integer NOT NULL'), c('reset_password_token', S), c('reset_password_sent_at', TS_NIL), c('remember_created_at', TS_NIL),
    c('sign_in_count', 'integer DEFAULT 0 NOT NULL'), c('current_sign_in_at', TS_NIL), c('last_sign_in_at', TS_NIL),
    c('current_sign_in_ip', S), c('last_sign_in_ip', S), c('confirmation_token', S), c('confirmed_at', TS_NIL),
    c('confirmation_sent_at', TS_NIL), c('unconfirmed_email', S), c('failed_attempts', 'integer DEFAULT 0 NOT NULL'),
    c('unlock_token', S), c('locked_at', TS_NIL), ...timestamps,
    c('locale', `${S} DEFAULT 'zh-CN'::character varying NOT NULL`, { since: M.USER_SETTINGS }),
    c('appearance', `${S} DEFAULT 'light'::character varying NOT NULL`, { since: M.USER_SETTINGS }),
    c('timezone', `${S} DEFAULT 'Asia/Shanghai'::character varying NOT NULL`, { since: M.USER_SETTINGS })] },
  { name: 'web_hooks', id: 'bigserial', columns: [c('channel_id', 'bigint'), c('url', S), c('body', 'text'),
    c('upload_events', 'smallint'), c('download_events', 'smallint'), c('changelog_events', 'smallint'), ...timestamps],
  indexes: [ix(['channel_id']), ix(['url'])] },
];

// Tables of the gems Zealot runs on (GoodJob, Solid Cache, Solid Cable): an importer ignores them, a
// real database has them, so a dump has them. Columns as in 6.2.0's schema.rb; fewer indexes.
const GEM_TABLES: Table[] = [
  { name: 'good_jobs', id: 'uuid', since: M.GOOD_JOB, columns: [c('queue_name', 'text'), c('priority', 'integer'),
    c('serialized_params', 'jsonb'), c('scheduled_at', TS), c('performed_at', TS), c('finished_at', TS), c('error', 'text'),
    ...timestamps, c('active_job_id', 'uuid'), c('concurrency_key', 'text'), c('cron_key', 'text'), c('retried_good_job_id', 'uuid'),
    c('cron_at', TS), c('batch_id', 'uuid'), c('batch_callback_id', 'uuid'), c('is_discrete', 'boolean'),
    c('executions_count', 'integer'), c('job_class', 'text'), c('error_event', 'smallint'), c('labels', 'text[]'),
    c('locked_by_id', 'uuid'), c('locked_at', TS)],
  indexes: [ix(['active_job_id', 'created_at']), ix(['cron_key', 'cron_at'], { unique: true, where: 'cron_key IS NOT NULL' }),
    ix(['scheduled_at'], { where: 'finished_at IS NULL' })] },
  { name: 'good_job_batches', id: 'uuid', since: M.GOOD_JOB, columns: [...timestamps, c('description', 'text'),
    c('serialized_properties', 'jsonb'), c('on_finish', 'text'), c('on_success', 'text'), c('on_discard', 'text'),
    c('callback_queue_name', 'text'), c('callback_priority', 'integer'), c('enqueued_at', TS), c('discarded_at', TS),
    c('finished_at', TS)] },
  { name: 'good_job_executions', id: 'uuid', since: M.GOOD_JOB, columns: [...timestamps, c('active_job_id', 'uuid NOT NULL'),
    c('job_class', 'text'), c('queue_name', 'text'), c('serialized_params', 'jsonb'), c('scheduled_at', TS), c('finished_at', TS),
    c('error', 'text'), c('error_event', 'smallint'), c('error_backtrace', 'text[]'), c('process_id', 'uuid'), c('duration', 'interval')],
  indexes: [ix(['active_job_id', 'created_at']), ix(['process_id', 'created_at'])] },
  { name: 'good_job_processes', id: 'uuid', since: M.GOOD_JOB, columns: [...timestamps, c('state', 'jsonb'), c('lock_type', 'smallint')] },
  { name: 'good_job_settings', id: 'uuid', since: M.GOOD_JOB, columns: [...timestamps, c('key', 'text'), c('value', 'jsonb')],
    indexes: [ix(['key'], { unique: true })] },
  { name: 'solid_cache_entries', id: 'bigserial', since: M.SOLID_CACHE, columns: [c('key', 'bytea NOT NULL'), c('value', 'bytea NOT NULL'),
    c('created_at', `${TS} NOT NULL`), c('key_hash', 'bigint NOT NULL'), c('byte_size', 'integer NOT NULL')],
  indexes: [ix(['byte_size']), ix(['key_hash', 'byte_size']), ix(['key_hash'], { unique: true })] },
  { name: 'solid_cable_messages', id: 'bigserial', since: M.SOLID_CABLE, columns: [c('channel', 'bytea NOT NULL'),
    c('payload', 'bytea NOT NULL'), c('created_at', `${TS} NOT NULL`), c('channel_hash', 'bigint NOT NULL')],
  indexes: [ix(['channel']), ix(['channel_hash']), ix(['created_at'])] },
];

/** Foreign keys (add_foreign_key in schema.rb): table, column, referenced table, ON DELETE CASCADE. */
const FOREIGN_KEYS: [string, string, string, boolean][] = [
  ['apple_teams', 'apple_key_id', 'apple_keys', true],
  ['channels', 'scheme_id', 'schemes', true],
  ['debug_file_metadata', 'debug_file_id', 'debug_files', false],
  ['debug_files', 'app_id', 'apps', true],
  ['metadata', 'release_id', 'releases', true],
  ['metadata', 'user_id', 'users', true],
  ['releases', 'channel_id', 'channels', true],
  ['schemes', 'app_id', 'apps', true],
  ['user_providers', 'user_id', 'users', true],
  ['web_hooks', 'channel_id', 'channels', true],
];

function within(item: { since?: number; until?: number }, version: number): boolean {
  return (item.since === undefined || version >= item.since) && (item.until === undefined || version < item.until);
}

/** The columns (name → SQL type and constraints) of each Zealot table in a shape, gem tables included. */
export function shapeTables(shape: ZealotShape): Map<string, Map<string, string>> {
  const version = SHAPES[shape].schemaVersion;
  const tables = new Map<string, Map<string, string>>();
  for (const table of [...CORE_TABLES, ...GEM_TABLES]) {
    if (!within(table, version)) continue;
    const columns = new Map<string, string>();
    if (table.id) columns.set('id', table.id === 'uuid' ? 'uuid DEFAULT gen_random_uuid() NOT NULL' : 'bigint NOT NULL');
    for (const column of table.columns) if (within(column, version)) columns.set(column.name, column.sql);
    tables.set(table.name, columns);
  }
  return tables;
}

/** Rails' name for a foreign key: fk_rails_ and the first 10 hex of SHA-256("<table>_<column>_fk"). */
export function foreignKeyName(table: string, column: string): string {
  return 'fk_rails_' + createHash('sha256').update(`${table}_${column}_fk`).digest('hex').slice(0, 10);
}

function tableSql(table: Table, version: number): string[] {
  const lines: string[] = [];
  if (table.id === 'bigserial') lines.push('id bigserial PRIMARY KEY');
  if (table.id === 'uuid') lines.push('id uuid DEFAULT gen_random_uuid() PRIMARY KEY');
  for (const column of table.columns) if (within(column, version)) lines.push(`"${column.name}" ${column.sql}`);
  const sql = [`CREATE TABLE "${table.name}" (\n  ${lines.join(',\n  ')}\n);`];
  for (const index of table.indexes ?? []) {
    if (!within(index, version)) continue;
    const name = `index_${table.name}_on_${index.columns.join('_and_')}`;
    const where = index.where ? ` WHERE (${index.where})` : '';
    const columns = index.columns.map((column) => `"${column}"`).join(', ');
    sql.push(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX "${name}" ON "${table.name}" USING btree (${columns})${where};`);
  }
  return sql;
}

/** The whole DDL of a shape, as `rails db:migrate` leaves it (schema_migrations and ar_internal_metadata included). */
export function zealotSchemaSql(shape: ZealotShape): string {
  const version = SHAPES[shape].schemaVersion;
  const sql: string[] = [];
  // create_enum "metadata_platform" (add_macos_to_app_metadata_enum added macos), dropped by remove_metadata_platform_enum.
  if (version < M.METADATA_PLATFORM_ENUM_DROPPED) {
    sql.push(`CREATE TYPE metadata_platform AS ENUM ('ios', 'android', 'mobileprovision', 'macos');`);
  }
  for (const table of [...CORE_TABLES, ...GEM_TABLES]) if (within(table, version)) sql.push(...tableSql(table, version));
  for (const [table, column, to, cascade] of FOREIGN_KEYS) {
    sql.push(`ALTER TABLE ONLY "${table}" ADD CONSTRAINT "${foreignKeyName(table, column)}" FOREIGN KEY ("${column}") ` +
      `REFERENCES "${to}"(id)${cascade ? ' ON DELETE CASCADE' : ''};`);
  }
  sql.push('CREATE TABLE schema_migrations (version character varying NOT NULL PRIMARY KEY);');
  sql.push(`CREATE TABLE ar_internal_metadata (key character varying NOT NULL PRIMARY KEY, value character varying, ` +
    `created_at ${TS} NOT NULL, updated_at ${TS} NOT NULL);`);
  sql.push(`INSERT INTO schema_migrations (version) VALUES ${migrationVersions(shape).map((v) => `('${v}')`).join(', ')};`);
  sql.push(`INSERT INTO ar_internal_metadata VALUES ('environment', 'production', now(), now());`);
  return sql.join('\n');
}
