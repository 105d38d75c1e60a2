import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const ts = timestampType(engine);
  await withId(db.schema.createTable('apps'), engine)
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable('collaborators'), engine)
    .addColumn('app_id', 'integer', (col) => col.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    // The app's owner: its creator, until ownership is transferred. Exactly one per app.
    .addColumn('owner', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('collaborators_app_user_unique', ['app_id', 'user_id'])
    .execute();
  await db.schema.createIndex('collaborators_user_id_index').on('collaborators').column('user_id').execute();

  await withId(db.schema.createTable('schemes'), engine)
    .addColumn('app_id', 'integer', (col) => col.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('new_build_callout', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('retained_builds', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('schemes_app_id_index').on('schemes').column('app_id').execute();

  await withId(db.schema.createTable('channels'), engine)
    .addColumn('scheme_id', 'integer', (col) => col.notNull().references('schemes.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('slug', 'varchar(64)', (col) => col.notNull().unique())
    // The secret clients upload with and SDKs check versions with (Zealot shows it to managers).
    .addColumn('key', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('device_type', 'varchar(16)', (col) => col.notNull())
    .addColumn('bundle_id', 'varchar(255)', (col) => col.notNull().defaultTo('*'))
    .addColumn('git_url', 'varchar(1024)')
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('download_filename_type', 'varchar(32)', (col) => col.notNull().defaultTo('version_datetime'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('channels_scheme_id_index').on('channels').column('scheme_id').execute();

  await withId(db.schema.createTable('releases'), engine)
    .addColumn('channel_id', 'integer', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    // Per-channel build number: 1, 2, 3 … assigned in the insert's transaction.
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('release_version', 'varchar(255)')
    .addColumn('build_version', 'varchar(255)')
    // Sortable encoding of (release_version, build_version), see modules/versions/fns.ts;
    // byte order ("C" collation on PostgreSQL) equals version order.
    .addColumn('version_key', engine === 'postgres' ? sql`varchar(1024) collate "C"` : 'varchar(1024)', (col) => col.notNull())
    .addColumn('release_type', 'varchar(64)')
    .addColumn('source', 'varchar(64)', (col) => col.notNull().defaultTo('api'))
    .addColumn('branch', 'varchar(255)')
    .addColumn('git_commit', 'varchar(255)')
    .addColumn('ci_url', 'varchar(1024)')
    .addColumn('name', 'varchar(255)')
    .addColumn('bundle_id', 'varchar(255)')
    .addColumn('platform', 'varchar(16)', (col) => col.notNull())
    .addColumn('device_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('format', 'varchar(32)', (col) => col.notNull())
    .addColumn('min_os_version', 'varchar(64)')
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('checksum', 'varchar(64)', (col) => col.notNull())
    .addColumn('file_key', 'varchar(512)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('icon_key', 'varchar(512)')
    /** JSON: [{message, author?, email?, date?}]. */
    .addColumn('changelog', 'text', (col) => col.notNull())
    /** JSON: [{name, value, icon?}]. */
    .addColumn('custom_fields', 'text', (col) => col.notNull())
    /** JSON: the parser's result (snake_case, as `appinfo` prints it). */
    .addColumn('metadata', 'text', (col) => col.notNull())
    .addColumn('uploader_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('releases_channel_version_unique', ['channel_id', 'version'])
    .execute();
  await db.schema.createIndex('releases_channel_version_key_index').on('releases').columns(['channel_id', 'version_key']).execute();
  await db.schema.createIndex('releases_channel_bundle_index').on('releases').columns(['channel_id', 'bundle_id', 'version_key']).execute();
  await db.schema.createIndex('releases_uploader_id_index').on('releases').column('uploader_id').execute();
}
