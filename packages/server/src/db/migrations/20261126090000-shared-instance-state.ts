import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';

/** The channel every instance LISTENs on to drop its cached version answers (db/change-feed.ts). */
const CHANNEL = 'tarmac_distribution';
const WATCHED = ['apps', 'schemes', 'channels', 'releases', 'collaborators'];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Failed attempts (wrong passwords, subscribe posts, device registrations) counted across
  // instances (auth/shared-attempts.ts): one row per failure. scope: the limiter's name; key_hash:
  // SHA-256 of what is counted (a login, an address, an email); times in epoch milliseconds.
  // expires_at_ms: when the failure leaves its window, so the hourly prune needs no limiter.
  await db.schema
    .createTable('attempt_failures')
    .addColumn('scope', 'varchar(32)', (col) => col.notNull())
    .addColumn('key_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('failed_at_ms', 'bigint', (col) => col.notNull())
    .addColumn('expires_at_ms', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('attempt_failures_key_index').on('attempt_failures').columns(['scope', 'key_hash', 'failed_at_ms']).execute();
  await db.schema.createIndex('attempt_failures_expires_index').on('attempt_failures').column('expires_at_ms').execute();

  if (engine !== 'postgres') return;
  // PostgreSQL: every committed write to a distribution table notifies the listening instances
  // (delivered at commit, whichever process or connection wrote). SQLite serves one instance.
  await sql`create function tarmac_notify_distribution() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANNEL)}, tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of WATCHED) {
    await sql`create trigger ${sql.raw(`${table}_notify_distribution`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function tarmac_notify_distribution()`.execute(db);
  }
}
