import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const ts = timestampType(engine);
  // People told by mail of a channel's new builds (modules/subscribers). email: lower-cased, one
  // mailbox. state: pending (asked on the install page, not yet confirmed) | active. source: self
  // (the install page's form) | team (added through the API). Tokens are kept as SHA-256 only:
  // confirm_token_hash and confirm_expires_at while pending, unsubscribe_token_hash always.
  await withId(db.schema.createTable('channel_subscribers'), engine)
    .addColumn('channel_id', 'integer', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('locale', 'varchar(8)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('source', 'varchar(16)', (col) => col.notNull())
    .addColumn('confirm_token_hash', 'varchar(64)', (col) => col.unique())
    .addColumn('confirm_expires_at', ts)
    .addColumn('unsubscribe_token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('added_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('confirmed_at', ts)
    .addUniqueConstraint('channel_subscribers_channel_email_unique', ['channel_id', 'email'])
    .execute();
  await db.schema.createIndex('channel_subscribers_added_by_index').on('channel_subscribers').column('added_by').execute();

  // One row per (subscriber, event): a second dispatch of the same event mails nobody twice.
  // state: queued | sent | failed; error: the last failure, for the log.
  await withId(db.schema.createTable('subscriber_mails'), engine)
    .addColumn('subscriber_id', 'integer', (col) => col.notNull().references('channel_subscribers.id').onDelete('cascade'))
    .addColumn('event_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('sent_at', ts)
    .addUniqueConstraint('subscriber_mails_subscriber_event_unique', ['subscriber_id', 'event_id'])
    .execute();
  await db.schema.createIndex('subscriber_mails_event_index').on('subscriber_mails').column('event_id').execute();
}
