import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // The /udid challenges devices have brought back: one row per challenge, inserted when it is
  // used, so a second use (on any instance sharing the database) finds its nonce taken.
  // Rows are deleted once the challenge has expired (the expiry check refuses it anyway).
  await db.schema
    .createTable('udid_challenges')
    .addColumn('nonce', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', timestampType(engine), (col) => col.notNull())
    .addColumn('used_at', timestampType(engine), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('udid_challenges_expires_at_index').on('udid_challenges').column('expires_at').execute();
}
