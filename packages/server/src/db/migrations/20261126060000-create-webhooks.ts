import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const ts = timestampType(engine);
  // Webhooks (modules/webhooks): a channel's own hook (scope 'channel', channel_id set) or a
  // shared hook (scope 'shared') a global admin attaches to many channels. The URL holds the
  // service's credential (Slack's path, DingTalk's access_token, WeCom's key): it is stored sealed
  // with TARMAC_SECRET_KEY (webhooks/secrets.ts) beside its mask for lists; so is the secret.
  await withId(db.schema.createTable('webhooks'), engine)
    .addColumn('scope', 'varchar(16)', (col) => col.notNull())
    .addColumn('channel_id', 'integer', (col) => col.references('channels.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .addColumn('provider', 'varchar(16)', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('url_masked', 'varchar(255)', (col) => col.notNull())
    .addColumn('secret', 'text')
    .addColumn('keyword', 'varchar(255)')
    .addColumn('format', 'varchar(16)')
    .addColumn('template', 'text')
    /** JSON: the events it posts on. */
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhooks_channel_id_index').on('webhooks').column('channel_id').execute();
  await db.schema.createIndex('webhooks_scope_index').on('webhooks').column('scope').execute();

  // Where each hook posts: a channel hook has its one row too, so "the hooks of a channel" is one join.
  await db.schema
    .createTable('webhook_channels')
    .addColumn('webhook_id', 'integer', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (col) => col.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('webhook_channels_pkey', ['webhook_id', 'channel_id'])
    .execute();
  await db.schema.createIndex('webhook_channels_channel_id_index').on('webhook_channels').column('channel_id').execute();

  // One message to one hook: an event's (event_id set, once per hook), a test or a redelivery
  // (event_id null). The body is rendered once and posted as stored on every attempt. No foreign
  // key on channel_id and release_id: the log outlives a deleted build.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('webhook_id', 'integer', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'varchar(64)')
    .addColumn('event', 'varchar(32)', (col) => col.notNull())
    .addColumn('channel_id', 'integer')
    .addColumn('release_id', 'integer')
    .addColumn('title', 'varchar(512)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    /** pending | delivered | failed. */
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('next_attempt_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('finished_at', ts)
    .addUniqueConstraint('webhook_deliveries_event_unique', ['webhook_id', 'event_id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_webhook_created_index').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
  await db.schema.createIndex('webhook_deliveries_created_at_index').on('webhook_deliveries').column('created_at').execute();

  // Every try of a delivery: when, how long, the answer's status and first 2 KiB, or the error.
  await withId(db.schema.createTable('webhook_attempts'), engine)
    .addColumn('delivery_id', 'varchar(36)', (col) => col.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('at', ts, (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('ok', 'boolean', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text', (col) => col.notNull().defaultTo(''))
    .addUniqueConstraint('webhook_attempts_delivery_number_unique', ['delivery_id', 'number'])
    .execute();
}
