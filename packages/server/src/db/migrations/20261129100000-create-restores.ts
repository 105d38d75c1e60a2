import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const timestamp = timestampType(engine);
  // Restores started from /admin/backups (modules/backups/restores.ts): one row per archive checked
  // (its dry-run report) and, once applied, its progress and result. Never backed up nor restored,
  // so a restore's own row outlives the data it replaces.
  await withId(db.schema.createTable('restores'), engine)
    .addColumn('run_id', 'integer')
    .addColumn('file_name', 'varchar(512)', (col) => col.notNull())
    .addColumn('size', 'bigint')
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('stage', 'varchar(32)')
    .addColumn('percent', 'integer', (col) => col.notNull())
    .addColumn('report', 'text')
    .addColumn('error_code', 'varchar(64)')
    .addColumn('error', 'text')
    .addColumn('created_by', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('started_at', timestamp)
    .addColumn('finished_at', timestamp)
    .execute();
}
