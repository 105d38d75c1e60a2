import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const timestamp = timestampType(engine);
  // When the account's email was confirmed. Accounts that exist already, and those an
  // administrator or the CLI makes, count as confirmed; a local sign-up while email
  // confirmation is required starts unconfirmed (null) and cannot sign in with its password.
  await db.schema.alterTable('users').addColumn('email_confirmed_at', timestamp).execute();
  await sql`update users set email_confirmed_at = created_at`.execute(db);

  // Invitations by email (an administrator, or an app's administrator for their apps): the
  // account's role, the app memberships it brings (JSON [{app_id, role}]), and the SHA-256 of
  // the key the mailed link carries. Accepting, revoking or expiring ends it.
  await withId(db.schema.createTable('invitations'), engine)
    .addColumn('email', 'varchar(255)', (col) => col.notNull())
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('memberships', 'text', (col) => col.notNull())
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('key_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('locale', 'varchar(8)', (col) => col.notNull())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('accepted_at', timestamp)
    .addColumn('accepted_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invitations_email_index').on('invitations').column('email').execute();
  await db.schema.createIndex('invitations_invited_by_index').on('invitations').column('invited_by').execute();
}
