import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const timestamp = timestampType(engine);
  // Each recurring job (jobs/scheduled-jobs.ts): an administrator's change to its schedule (spec
  // null: the default in code; enabled false: it does not run), read by every instance's tick,
  // and how its last run went, written by whichever instance ran it.
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('spec', 'varchar(128)')
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('updated_at', timestamp)
    .addColumn('updated_by', 'varchar(255)')
    .addColumn('last_started_at', timestamp)
    .addColumn('last_finished_at', timestamp)
    .addColumn('last_state', 'varchar(16)')
    .addColumn('last_error', 'text')
    .addColumn('last_result', 'text')
    .execute();
}
