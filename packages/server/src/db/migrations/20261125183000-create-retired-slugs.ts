import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // The slugs of deleted (or renamed) channels, lowercased, with the app they belonged to: for
  // TARMAC_SLUG_GRACE_DAYS only that app may take one again, so old install links cannot start
  // serving another team's builds. No foreign key: the app itself may be gone.
  await db.schema
    .createTable('retired_slugs')
    .addColumn('slug', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('app_id', 'integer', (col) => col.notNull())
    .addColumn('retired_at', timestampType(engine), (col) => col.notNull())
    .execute();
}
