// SQL for webhooks, where they post (webhook_channels), their deliveries and attempts. No rules.
import { sql } from 'kysely';
import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type {
  Database, WebhookAttemptRow, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookDeliveryRow, WebhookRow, WebhooksTable,
} from '../../db/types.ts';

/** A channel a hook posts for, with where it sits. */
export interface HookChannelRow {
  webhook_id: number;
  id: number;
  name: string;
  scheme_name: string;
  app_id: number;
  app_name: string;
}

/** A hook's newest delivery, as lists show it. */
export interface LastDeliveryRow {
  webhook_id: number;
  state: WebhookDeliveryRow['state'];
  created_at: string;
  finished_at: string | null;
  last_status: number | null;
}

/** A build a digest lists. */
export interface DigestBuildRow {
  id: number;
  version: number;
  release_version: string | null;
  build_version: string | null;
  slug: string;
  channel_name: string;
  scheme_name: string;
  app_name: string;
}

const CHUNK = 500;

function buildsQuery(executor: Executor, webhookId: number, from: string, to: string) {
  return executor
    .selectFrom('webhook_channels')
    .innerJoin('releases', 'releases.channel_id', 'webhook_channels.channel_id')
    .innerJoin('channels', 'channels.id', 'webhook_channels.channel_id')
    .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
    .innerJoin('apps', 'apps.id', 'schemes.app_id')
    .where('webhook_channels.webhook_id', '=', webhookId)
    .where('releases.created_at', '>=', from)
    .where('releases.created_at', '<', to);
}

export function createWebhooksRepository(db: Kysely<Database>) {
  async function attach(webhookId: number, channelIds: number[], createdAt: string, executor: Executor = db): Promise<void> {
    for (let start = 0; start < channelIds.length; start += CHUNK) {
      const slice = channelIds.slice(start, start + CHUNK);
      const rows = slice.map((channelId) => ({ webhook_id: webhookId, channel_id: channelId, created_at: createdAt }));
      await executor.insertInto('webhook_channels').values(rows).execute();
    }
  }

  return {
    transaction<T>(run: (trx: Executor) => Promise<T>): Promise<T> {
      return db.transaction().execute(run);
    },

    findById(id: number, executor: Executor = db): Promise<WebhookRow | undefined> {
      return executor.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(values: Insertable<WebhooksTable>, channelIds: number[], createdAt: string, executor: Executor = db): Promise<WebhookRow> {
      const row = await executor.insertInto('webhooks').values(values).returningAll().executeTakeFirstOrThrow();
      await attach(row.id, channelIds, createdAt, executor);
      return row;
    },

    update(id: number, values: Updateable<WebhooksTable>, executor: Executor = db): Promise<WebhookRow | undefined> {
      return executor.updateTable('webhooks').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Makes the hook post for exactly these channels. */
    async replaceChannels(webhookId: number, channelIds: number[], createdAt: string, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('webhook_channels').where('webhook_id', '=', webhookId).execute();
      await attach(webhookId, channelIds, createdAt, executor);
    },

    /** Deletes the hook; its channels, deliveries and attempts go with it (cascades). */
    async delete(id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The channel's own hooks and the shared hooks attached to it, by id. */
    listForChannel(channelId: number, executor: Executor = db): Promise<WebhookRow[]> {
      return executor
        .selectFrom('webhooks')
        .innerJoin('webhook_channels', 'webhook_channels.webhook_id', 'webhooks.id')
        .selectAll('webhooks')
        .where('webhook_channels.channel_id', '=', channelId)
        .orderBy('webhooks.id', 'asc')
        .execute();
    },

    listShared(limit: number, offset: number, executor: Executor = db): Promise<WebhookRow[]> {
      return executor.selectFrom('webhooks').selectAll().where('scope', '=', 'shared').orderBy('id', 'asc').limit(limit).offset(offset).execute();
    },

    async countShared(executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('scope', '=', 'shared')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The channels each hook posts for, with their scheme and app, in channel id order. */
    async channelsOf(webhookIds: number[], executor: Executor = db): Promise<HookChannelRow[]> {
      if (webhookIds.length === 0) return [];
      return executor
        .selectFrom('webhook_channels')
        .innerJoin('channels', 'channels.id', 'webhook_channels.channel_id')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .innerJoin('apps', 'apps.id', 'schemes.app_id')
        .select(['webhook_channels.webhook_id', 'channels.id', 'channels.name', 'schemes.name as scheme_name', 'apps.id as app_id'])
        .select('apps.name as app_name')
        .where('webhook_channels.webhook_id', 'in', webhookIds)
        .orderBy('channels.id', 'asc')
        .execute();
    },

    /** Which of these channels exist. */
    async existingChannels(ids: number[], executor: Executor = db): Promise<number[]> {
      const found: number[] = [];
      for (let start = 0; start < ids.length; start += CHUNK) {
        const rows = await executor.selectFrom('channels').select('id').where('id', 'in', ids.slice(start, start + CHUNK)).execute();
        found.push(...rows.map((row) => row.id));
      }
      return found;
    },

    /** Which of these apps the user collaborates on. */
    async memberApps(userId: number, appIds: number[], executor: Executor = db): Promise<number[]> {
      if (appIds.length === 0) return [];
      const rows = await executor.selectFrom('collaborators').select('app_id').where('user_id', '=', userId).where('app_id', 'in', appIds).execute();
      return rows.map((row) => row.app_id);
    },

    /** Each hook's newest delivery. */
    async lastDeliveries(webhookIds: number[], executor: Executor = db): Promise<LastDeliveryRow[]> {
      if (webhookIds.length === 0) return [];
      const ranked = executor
        .selectFrom('webhook_deliveries')
        .select(['webhook_id', 'state', 'created_at', 'finished_at', 'last_status'])
        .select(sql<number>`row_number() over (partition by webhook_id order by created_at desc, id desc)`.as('position'))
        .where('webhook_id', 'in', webhookIds);
      const rows = await executor.selectFrom(ranked.as('ranked')).selectAll().where('ranked.position', '=', 1).execute();
      return rows.map(({ position: _position, ...row }) => row);
    },

    // Deliveries and attempts.

    /** Inserts a delivery; undefined when this hook already has one for the event (a second dispatch). */
    insertDelivery(values: Insertable<WebhookDeliveriesTable>, executor: Executor = db): Promise<WebhookDeliveryRow | undefined> {
      return executor
        .insertInto('webhook_deliveries')
        .values(values)
        .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    findEventDelivery(webhookId: number, eventId: string, executor: Executor = db): Promise<WebhookDeliveryRow | undefined> {
      return executor.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).where('event_id', '=', eventId).executeTakeFirst();
    },

    findDelivery(id: string, executor: Executor = db): Promise<WebhookDeliveryRow | undefined> {
      return executor.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listDeliveries(webhookId: number, limit: number, offset: number, executor: Executor = db): Promise<WebhookDeliveryRow[]> {
      return executor
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countDeliveries(webhookId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('webhook_id', '=', webhookId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async attemptsOf(deliveryIds: string[], executor: Executor = db): Promise<WebhookAttemptRow[]> {
      if (deliveryIds.length === 0) return [];
      return executor.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('number', 'asc').execute();
    },

    /**
     * Takes attempt `number` of a pending delivery: true once, for one caller, when the delivery
     * is pending with `number - 1` attempts made (a job that runs twice posts once).
     */
    async claimAttempt(id: string, number: number, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('webhook_deliveries')
        .set({ attempts: number, next_attempt_at: null })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where('attempts', '=', number - 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertAttempt(values: Insertable<WebhookAttemptsTable>, executor: Executor = db): Promise<void> {
      await executor.insertInto('webhook_attempts').values(values).execute();
    },

    async updateDelivery(id: string, values: Updateable<WebhookDeliveriesTable>, executor: Executor = db): Promise<void> {
      await executor.updateTable('webhook_deliveries').set(values).where('id', '=', id).execute();
    },

    /** Deletes deliveries (and their attempts) queued before `before`; answers how many. */
    async pruneDeliveries(before: string, executor: Executor = db): Promise<number> {
      const result = await executor.deleteFrom('webhook_deliveries').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Pending deliveries that look stranded: a retry due before `overdue`, or a first attempt never
     * made though queued before `overdue` (their job was lost), and an attempt taken before `stale`
     * but never recorded (the process stopped during the post). At most `limit`.
     */
    async strandedDeliveries(overdue: string, stale: string, limit: number, executor: Executor = db) {
      const recorded = (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
        eb.selectFrom('webhook_attempts').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('webhook_attempts.delivery_id', '=', 'webhook_deliveries.id');
      const lastAt = (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
        eb.selectFrom('webhook_attempts').select((inner) => inner.fn.max('webhook_attempts.at').as('at')).whereRef('webhook_attempts.delivery_id', '=', 'webhook_deliveries.id');
      return executor
        .selectFrom('webhook_deliveries')
        .select(['id', 'attempts', 'next_attempt_at', 'created_at'])
        .select((eb) => [recorded(eb).as('recorded'), lastAt(eb).as('last_at')])
        .where('state', '=', 'pending')
        .where((eb) => eb.or([
          eb('next_attempt_at', '<', overdue),
          eb.and([eb('attempts', '=', 0), eb('created_at', '<', overdue)]),
          eb.and([eb('next_attempt_at', 'is', null), eb('attempts', '>', 0), eb('created_at', '<', stale)]),
        ]))
        .orderBy('created_at', 'asc')
        .limit(limit)
        .execute();
    },

    // What the listener and the digest read.

    /** Enabled hooks attached to any of these channels, with the channel they were found by (lowest id first). */
    async enabledHooksFor(channelIds: number[], executor: Executor = db): Promise<(WebhookRow & { via_channel_id: number })[]> {
      if (channelIds.length === 0) return [];
      const rows = await executor
        .selectFrom('webhooks')
        .innerJoin('webhook_channels', 'webhook_channels.webhook_id', 'webhooks.id')
        .selectAll('webhooks')
        .select('webhook_channels.channel_id as via_channel_id')
        .where('webhook_channels.channel_id', 'in', channelIds.slice(0, CHUNK))
        .where('webhooks.enabled', '=', true)
        .orderBy('webhooks.id', 'asc')
        .orderBy('webhook_channels.channel_id', 'asc')
        .execute();
      const seen = new Set<number>();
      return rows.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)));
    },

    /** Every enabled hook, by id (the digest reads their events). */
    enabledHooks(executor: Executor = db): Promise<WebhookRow[]> {
      return executor.selectFrom('webhooks').selectAll().where('enabled', '=', true).orderBy('id', 'asc').execute();
    },

    /** Builds uploaded to the hook's channels in [from, to), newest first, at most `limit`. */
    buildsSince(webhookId: number, from: string, to: string, limit: number, executor: Executor = db): Promise<DigestBuildRow[]> {
      return buildsQuery(executor, webhookId, from, to)
        .select(['releases.id', 'releases.version', 'releases.release_version', 'releases.build_version', 'channels.slug', 'channels.name as channel_name'])
        .select(['schemes.name as scheme_name', 'apps.name as app_name'])
        .orderBy('releases.created_at', 'desc')
        .orderBy('releases.id', 'desc')
        .limit(limit)
        .execute();
    },

    async countBuildsSince(webhookId: number, from: string, to: string, executor: Executor = db): Promise<number> {
      const row = await buildsQuery(executor, webhookId, from, to).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Every channel of an app, by id. */
    async channelsOfApp(appId: number, executor: Executor = db): Promise<number[]> {
      const rows = await executor
        .selectFrom('channels')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .select('channels.id')
        .where('schemes.app_id', '=', appId)
        .orderBy('channels.id', 'asc')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The channel a build is in; null when there is no such build (or no id). */
    async channelOfRelease(releaseId: number | null, executor: Executor = db): Promise<number | null> {
      if (releaseId === null) return null;
      const row = await executor.selectFrom('releases').select('channel_id').where('id', '=', releaseId).executeTakeFirst();
      return row?.channel_id ?? null;
    },

    /** The id of a channel's newest build (highest version), or undefined. */
    async newestRelease(channelId: number, executor: Executor = db): Promise<number | undefined> {
      const row = await executor
        .selectFrom('releases')
        .select('id')
        .where('channel_id', '=', channelId)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    async username(userId: number | null, executor: Executor = db): Promise<string | null> {
      if (userId === null) return null;
      const row = await executor.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
      return row?.username ?? null;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
