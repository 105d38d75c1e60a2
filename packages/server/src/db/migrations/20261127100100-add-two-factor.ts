import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const timestamp = timestampType(engine);
  // Two-factor sign-in (TOTP) of local accounts. `totp_secret` is sealed with the server's secret
  // key; while `totp_enabled_at` is null it is a pending secret from setup, not yet confirmed by a
  // code. `totp_last_step` is the 30-second step of the last code accepted: a code works once.
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();

  // A session opened by password while an administrator requires two-factor sign-in of an
  // account without it: only the session, profile and two-factor routes answer until it enrols.
  await db.schema
    .alterTable('sessions')
    .addColumn('needs_two_factor', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();

  // Recovery codes: shown once, kept as SHA-256 (they are 50 random bits, not passwords), each works once.
  await withId(db.schema.createTable('user_recovery_codes'), engine)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('user_recovery_codes_user_id_index').on('user_recovery_codes').column('user_id').execute();
}
