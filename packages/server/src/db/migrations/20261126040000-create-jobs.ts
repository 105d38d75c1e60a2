import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // The embedded job queue (src/jobs/sqlite-engine.ts). On PostgreSQL graphile-worker keeps the
  // waiting jobs in its own schema and this table holds only the finished ones ('done'), for
  // the read side. state: queued | running | failed | done ("scheduled" is queued with a run_at
  // to come). A running job is leased until locked_until: a process that died leaves it to be
  // claimed again once the lease is over.
  await withId(db.schema.createTable('jobs'), engine)
    .addColumn('name', 'varchar(128)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('run_at', timestampType(engine), (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'varchar(255)')
    .addColumn('locked_until', timestampType(engine))
    .addColumn('created_at', timestampType(engine), (col) => col.notNull())
    .addColumn('updated_at', timestampType(engine), (col) => col.notNull())
    .addColumn('finished_at', timestampType(engine))
    .execute();
  await db.schema.createIndex('jobs_state_run_at_index').on('jobs').columns(['state', 'run_at']).execute();
  // A dedupe key is unique among the jobs that have not finished.
  await db.schema
    .createIndex('jobs_dedupe_key_unique')
    .on('jobs')
    .column('dedupe_key')
    .unique()
    .where(sql.ref('state'), 'in', ['queued', 'running'])
    .execute();
  // The last slot each recurring schedule fired for (both engines).
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('last_slot', timestampType(engine), (col) => col.notNull())
    .execute();
}
