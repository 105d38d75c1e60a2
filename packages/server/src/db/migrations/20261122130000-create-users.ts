import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const ts = timestampType(engine);
  await withId(db.schema.createTable('users'), engine)
    .addColumn('username', 'varchar(50)', (col) => col.notNull())
    .addColumn('email', 'varchar(255)', (col) => col.notNull())
    .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
    .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('member'))
    .addColumn('locale', 'varchar(8)', (col) => col.notNull().defaultTo('en'))
    .addColumn('appearance', 'varchar(8)', (col) => col.notNull().defaultTo('auto'))
    .addColumn('timezone', 'varchar(64)', (col) => col.notNull().defaultTo('Etc/UTC'))
    .addColumn('locked', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('locked_at', ts)
    .addColumn('last_sign_in_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  // Usernames and emails are unique regardless of case, on both engines.
  await db.schema.createIndex('users_username_lower_unique').on('users').unique().expression(sql`lower(username)`).execute();
  await db.schema.createIndex('users_email_lower_unique').on('users').unique().expression(sql`lower(email)`).execute();
}
