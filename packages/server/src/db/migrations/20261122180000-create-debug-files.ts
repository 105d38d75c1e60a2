import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const ts = timestampType(engine);
  // A zip of dSYM bundles (Apple) or a Proguard/R8 mapping (Android), stored as uploaded.
  await withId(db.schema.createTable('debug_files'), engine)
    .addColumn('app_id', 'integer', (col) => col.notNull().references('apps.id').onDelete('cascade'))
    // The channel whose key it was uploaded with, and the release with the same versions then.
    .addColumn('channel_id', 'integer', (col) => col.references('channels.id').onDelete('set null'))
    .addColumn('release_id', 'integer', (col) => col.references('releases.id').onDelete('set null'))
    .addColumn('uploader_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // The channel's platform: ios or macos for a dSYM, android for a Proguard mapping.
    .addColumn('device_type', 'varchar(16)', (col) => col.notNull())
    // dsym or proguard, detected from the content.
    .addColumn('category', 'varchar(16)', (col) => col.notNull())
    .addColumn('release_version', 'varchar(255)')
    .addColumn('build_version', 'varchar(255)')
    // Sortable encoding of (release_version, build_version), as releases.version_key.
    .addColumn('version_key', engine === 'postgres' ? sql`varchar(1024) collate "C"` : 'varchar(1024)', (col) => col.notNull())
    // The main object's name and bundle id (dSYM) or the package name (Proguard), when known.
    .addColumn('name', 'varchar(255)')
    .addColumn('bundle_id', 'varchar(255)')
    .addColumn('file_key', 'varchar(512)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    // SHA-256 of the zip, hex.
    .addColumn('checksum', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('debug_files_app_version_key_index').on('debug_files').columns(['app_id', 'version_key']).execute();
  await db.schema.createIndex('debug_files_app_checksum_index').on('debug_files').columns(['app_id', 'checksum']).execute();
  await db.schema.createIndex('debug_files_channel_id_index').on('debug_files').column('channel_id').execute();
  await db.schema.createIndex('debug_files_release_id_index').on('debug_files').column('release_id').execute();
  await db.schema.createIndex('debug_files_uploader_id_index').on('debug_files').column('uploader_id').execute();

  // What a crash reporter matches: one row per Mach-O slice (dSYM) or per mapping (Proguard).
  await withId(db.schema.createTable('debug_file_entries'), engine)
    .addColumn('debug_file_id', 'integer', (col) => col.notNull().references('debug_files.id').onDelete('cascade'))
    // LC_UUID of the slice, or the mapping's debug id (UUIDv5, Sentry's namespace); lowercase, dashed.
    .addColumn('uuid', 'varchar(36)')
    // Proguard only: the id Zealot stores for the same mapping (UUIDv5, the app-info namespace).
    .addColumn('alt_uuid', 'varchar(36)')
    // The slice's CPU architecture (arm64, x86_64 …), or "proguard".
    .addColumn('arch', 'varchar(32)', (col) => col.notNull())
    // The DWARF object's name (the executable or framework), or the Android package name.
    .addColumn('object', 'varchar(255)')
    .addColumn('bundle_id', 'varchar(255)')
    // The .dSYM folder's name, e.g. "MyApp.app.dSYM".
    .addColumn('bundle_name', 'varchar(255)')
    // Whether the object is the app itself (false: an extension, framework or watch app).
    .addColumn('main', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('size', 'bigint', (col) => col.notNull())
    // Proguard only, JSON: the files in the zip, [{name, size}].
    .addColumn('files', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('debug_file_entries_debug_file_id_index').on('debug_file_entries').column('debug_file_id').execute();
  await db.schema.createIndex('debug_file_entries_uuid_index').on('debug_file_entries').column('uuid').execute();
  await db.schema.createIndex('debug_file_entries_alt_uuid_index').on('debug_file_entries').column('alt_uuid').execute();
}
