import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const ts = timestampType(engine);
  // Completed downloads and iOS installs (manifest fetches), per release.
  await db.schema
    .alterTable('releases')
    .addColumn('download_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('releases')
    .addColumn('install_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // iOS devices that sent their UDID through the /udid profile service.
  await withId(db.schema.createTable('devices'), engine)
    .addColumn('udid', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(255)')
    .addColumn('product', 'varchar(64)')
    .addColumn('os_version', 'varchar(64)')
    .addColumn('serial', 'varchar(64)')
    .addColumn('imei', 'varchar(64)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
}
