import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const timestamp = timestampType(engine);
  // The audit log: who did what to which thing, when and from where. The actor's and the
  // target's names are copied in, so a line still reads right after either is deleted.
  await withId(db.schema.createTable('audit_events'), engine)
    .addColumn('occurred_at', timestamp, (col) => col.notNull())
    .addColumn('action', 'varchar(64)', (col) => col.notNull())
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'varchar(255)')
    .addColumn('actor_via', 'varchar(16)', (col) => col.notNull())
    .addColumn('target_type', 'varchar(32)')
    .addColumn('target_id', 'varchar(64)')
    .addColumn('target_name', 'varchar(255)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('details', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_events_occurred_at_index').on('audit_events').column('occurred_at').execute();
  await db.schema.createIndex('audit_events_action_index').on('audit_events').columns(['action', 'occurred_at']).execute();
  await db.schema.createIndex('audit_events_actor_index').on('audit_events').columns(['actor_id', 'occurred_at']).execute();
  await db.schema.createIndex('audit_events_target_index').on('audit_events').columns(['target_type', 'target_id']).execute();
}
