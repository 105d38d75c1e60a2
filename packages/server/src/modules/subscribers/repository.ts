// SQL of channel subscribers and of the new-build mails sent to them. No rules here.
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { ChannelSubscriberRow, ChannelSubscribersTable, Database, SubscriberMailRow } from '../../db/types.ts';
import type { Insertable, Updateable } from 'kysely';

/** What a mail job reads of a release: its facts and where it sits. */
export interface ReleaseForMail {
  id: number;
  version: number;
  channel_id: number;
  release_version: string | null;
  build_version: string | null;
  changelog: string;
  name: string | null;
  slug: string;
  channel_name: string;
  app_name: string;
  new_build_callout: boolean | number;
}

export function createSubscribersRepository(db: Kysely<Database>) {
  return {
    find(id: number, executor: Executor = db): Promise<ChannelSubscriberRow | undefined> {
      return executor.selectFrom('channel_subscribers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByEmail(channelId: number, email: string, executor: Executor = db): Promise<ChannelSubscriberRow | undefined> {
      return executor
        .selectFrom('channel_subscribers')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('email', '=', email)
        .executeTakeFirst();
    },

    findBy(column: 'confirm_token_hash' | 'unsubscribe_token_hash', hash: string, executor: Executor = db) {
      return executor.selectFrom('channel_subscribers').selectAll().where(column, '=', hash).executeTakeFirst();
    },

    /** One page of a channel's subscribers, oldest first. */
    list(channelId: number, limit: number, offset: number, executor: Executor = db): Promise<ChannelSubscriberRow[]> {
      return executor
        .selectFrom('channel_subscribers')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(channelId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('channel_subscribers')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Inserts unless the address is already on the channel; undefined then. */
    insert(values: Insertable<ChannelSubscribersTable>, executor: Executor = db): Promise<ChannelSubscriberRow | undefined> {
      return executor
        .insertInto('channel_subscribers')
        .values(values)
        .onConflict((oc) => oc.columns(['channel_id', 'email']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    update(id: number, values: Updateable<ChannelSubscribersTable>, executor: Executor = db) {
      return executor.updateTable('channel_subscribers').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Confirms the pending row of this token hash if its link has not expired; the row, or undefined. */
    confirm(hash: string, now: string, executor: Executor = db): Promise<ChannelSubscriberRow | undefined> {
      return executor
        .updateTable('channel_subscribers')
        .set({ state: 'active', confirmed_at: now, confirm_token_hash: null, confirm_expires_at: null })
        .where('confirm_token_hash', '=', hash)
        .where('state', '=', 'pending')
        .where('confirm_expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    /** Deletes a subscriber (its mails go with it); whether a row was deleted. */
    async remove(where: { id: number; channelId: number } | { unsubscribeHash: string }, executor: Executor = db): Promise<boolean> {
      let query = executor.deleteFrom('channel_subscribers');
      query = 'id' in where ? query.where('id', '=', where.id).where('channel_id', '=', where.channelId) : query.where('unsubscribe_token_hash', '=', where.unsubscribeHash);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The release a new-build mail tells of, with its channel, scheme flag and app; undefined once deleted. */
    releaseForMail(releaseId: number, executor: Executor = db): Promise<ReleaseForMail | undefined> {
      return executor
        .selectFrom('releases')
        .innerJoin('channels', 'channels.id', 'releases.channel_id')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .innerJoin('apps', 'apps.id', 'schemes.app_id')
        .select(['releases.id', 'releases.version', 'releases.channel_id', 'releases.release_version', 'releases.build_version', 'releases.changelog', 'releases.name'])
        .select(['channels.slug', 'channels.name as channel_name', 'apps.name as app_name', 'schemes.new_build_callout'])
        .where('releases.id', '=', releaseId)
        .executeTakeFirst();
    },

    /**
     * One `queued` mail row per active subscriber of the channel for this event, unless it has one
     * already (UNIQUE(subscriber_id, event_id)); then the event's rows still queued.
     */
    async queueMails(channelId: number, eventId: string, now: string, executor: Executor = db): Promise<SubscriberMailRow[]> {
      const active = await executor
        .selectFrom('channel_subscribers')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('state', '=', 'active')
        .execute();
      // In chunks: SQLite bounds the variables of one statement.
      for (let at = 0; at < active.length; at += 500) {
        const rows = active.slice(at, at + 500).map(({ id }) => ({ subscriber_id: id, event_id: eventId, state: 'queued' as const, created_at: now }));
        await executor
          .insertInto('subscriber_mails')
          .values(rows)
          .onConflict((oc) => oc.columns(['subscriber_id', 'event_id']).doNothing())
          .execute();
      }
      return executor.selectFrom('subscriber_mails').selectAll().where('event_id', '=', eventId).where('state', '=', 'queued').orderBy('id').execute();
    },

    /** The channel's slug and names, for a subscriber's mail. */
    channelForMail(channelId: number, executor: Executor = db) {
      return executor
        .selectFrom('channels')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .innerJoin('apps', 'apps.id', 'schemes.app_id')
        .select(['channels.slug', 'channels.name as channel_name', 'apps.name as app_name'])
        .where('channels.id', '=', channelId)
        .executeTakeFirst();
    },

    /** The username of whoever added a subscriber (users is the users module's; read only). */
    async usernameOf(userId: number | null, executor: Executor = db): Promise<string | undefined> {
      if (userId === null) return undefined;
      return (await executor.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst())?.username;
    },

    findMail(id: number, executor: Executor = db): Promise<SubscriberMailRow | undefined> {
      return executor.selectFrom('subscriber_mails').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Records an attempt: its outcome, the error (null after a success), the time sent. */
    async recordAttempt(id: number, values: { state: SubscriberMailRow['state']; error: string | null; sentAt: string | null }, executor: Executor = db) {
      await executor
        .updateTable('subscriber_mails')
        .set((eb) => ({ state: values.state, error: values.error, sent_at: values.sentAt, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SubscribersRepository = ReturnType<typeof createSubscribersRepository>;
