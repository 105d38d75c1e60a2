import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const timestamp = timestampType(engine);
  // What to back up, when and where to (modules/backups): one row per plan an administrator made.
  await withId(db.schema.createTable('backup_plans'), engine)
    .addColumn('name', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('enabled', 'boolean', (col) => col.notNull())
    .addColumn('schedule', 'varchar(100)')
    .addColumn('include_database', 'boolean', (col) => col.notNull())
    .addColumn('app_ids', 'text')
    .addColumn('include_debug_files', 'boolean', (col) => col.notNull())
    .addColumn('destination', 'varchar(16)', (col) => col.notNull())
    .addColumn('keep_count', 'integer', (col) => col.notNull())
    .addColumn('notify_url', 'varchar(2048)')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  // One row per backup run and, once done, the archive it stored.
  await withId(db.schema.createTable('backup_runs'), engine)
    .addColumn('plan_id', 'integer', (col) => col.references('backup_plans.id').onDelete('set null'))
    .addColumn('plan_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('trigger', 'varchar(16)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('stage', 'varchar(32)')
    .addColumn('percent', 'integer', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('destination', 'varchar(16)', (col) => col.notNull())
    .addColumn('archive_key', 'varchar(512)')
    .addColumn('size', 'bigint')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('started_at', timestamp)
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema.createIndex('backup_runs_plan_index').on('backup_runs').columns(['plan_id', 'created_at']).execute();
}
