import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where a device came from: 'udid' (the /udid profile service) or 'sync' (PUT
  // /api/devices/{udid}, fastlane's zealot_sync_devices from the Apple developer account).
  // Every device before this column registered through /udid.
  await db.schema
    .alterTable('devices')
    .addColumn('source', 'varchar(16)', (col) => col.notNull().defaultTo('udid'))
    .execute();
  // What the Apple developer account says of the device, set by a sync; null until one.
  await db.schema.alterTable('devices').addColumn('model_name', 'varchar(255)').execute();
  await db.schema.alterTable('devices').addColumn('platform', 'varchar(32)').execute();
  await db.schema.alterTable('devices').addColumn('status', 'varchar(32)').execute();
}
