import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', timestampType(engine), (col) => col.notNull())
    .execute();
}
