// SQL for channels, and the reads a delete needs (which stored files its releases hold). No rules.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/index.ts';
import type { ChannelRow, Database } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import { createRowWrites } from '../../db/row-writes.ts';

/** A channel with the scheme and app it belongs to. `app_archived` is 0/1 on SQLite. */
export type ChannelWithContextRow = ChannelRow & { scheme_name: string; app_id: number; app_name: string; app_archived: boolean | number };

export function createChannelsRepository(db: Kysely<Database>, engine: Engine) {
  return {
    findById(id: number, executor: Executor = db): Promise<ChannelRow | undefined> {
      return executor.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findWithContext(id: number, executor: Executor = db): Promise<ChannelWithContextRow | undefined> {
      return executor
        .selectFrom('channels')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .innerJoin('apps', 'apps.id', 'schemes.app_id')
        .selectAll('channels')
        .select(['schemes.name as scheme_name', 'schemes.app_id', 'apps.name as app_name', 'apps.archived as app_archived'])
        .where('channels.id', '=', id)
        .executeTakeFirst();
    },

    listForScheme(schemeId: number, limit: number, offset: number, executor: Executor = db): Promise<ChannelRow[]> {
      return executor.selectFrom('channels').selectAll().where('scheme_id', '=', schemeId).orderBy('id', 'asc').limit(limit).offset(offset).execute();
    },

    async countForScheme(schemeId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('channels')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('scheme_id', '=', schemeId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Every channel of the given schemes, in id order. */
    async listForSchemes(schemeIds: number[], executor: Executor = db): Promise<ChannelRow[]> {
      if (schemeIds.length === 0) return [];
      return executor.selectFrom('channels').selectAll().where('scheme_id', 'in', schemeIds).orderBy('id', 'asc').execute();
    },

    /**
     * Which of the given slugs are in use, compared lowercased (so "Beta" and "beta" never
     * name two channels); the answer is lowercased. `exceptId` is the channel being edited.
     */
    async takenSlugs(slugs: string[], exceptId?: number, executor: Executor = db): Promise<string[]> {
      if (slugs.length === 0) return [];
      let query = executor
        .selectFrom('channels')
        .select(sql<string>`lower(slug)`.as('slug'))
        .where(
          sql`lower(slug)`,
          'in',
          slugs.map((slug) => slug.toLowerCase()),
        );
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.execute()).map((row) => row.slug);
    },

    /**
     * Holds the current slugs of these channels for their app (lowercased, from now on):
     * written in the transaction that deletes or renames them. Replaces an older hold.
     */
    async retireSlugs(channelIds: number[], retiredAt: string, executor: Executor = db): Promise<void> {
      for (let start = 0; start < channelIds.length; start += 500) {
        const rows = await executor
          .selectFrom('channels')
          .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
          .select(['channels.slug', 'schemes.app_id'])
          .where('channels.id', 'in', channelIds.slice(start, start + 500))
          .execute();
        if (rows.length === 0) continue;
        await executor
          .insertInto('retired_slugs')
          .values(rows.map((row) => ({ slug: row.slug.toLowerCase(), app_id: row.app_id, retired_at: retiredAt })))
          .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ app_id: eb.ref('excluded.app_id'), retired_at: eb.ref('excluded.retired_at') })))
          .execute();
      }
    },

    /**
     * Which of the given slugs a channel of another app (any app when `appId` is null) gave up
     * after `since`, with when; lowercased.
     */
    async heldSlugs(
      slugs: string[],
      appId: number | null,
      since: string,
      executor: Executor = db,
    ): Promise<{ slug: string; retired_at: string }[]> {
      if (slugs.length === 0) return [];
      let query = executor
        .selectFrom('retired_slugs')
        .select(['slug', 'retired_at'])
        .where(
          'slug',
          'in',
          slugs.map((slug) => slug.toLowerCase()),
        )
        .where('retired_at', '>', since);
      if (appId !== null) query = query.where('app_id', '<>', appId);
      return (await query.execute()).map((row) => ({ slug: row.slug, retired_at: new Date(row.retired_at).toISOString() }));
    },

    // insert, update and delete by id; deleting a channel cascades to its releases.
    ...createRowWrites(db, 'channels'),

    /**
     * Locks the channels of an app, a scheme or one channel, and answers their ids. Run it in
     * the transaction that deletes them: on PostgreSQL the FOR UPDATE lock waits for uploads
     * writing a release into them and keeps new ones out, so releaseFileKeys sees every
     * release the delete removes. (SQLite runs one write transaction at a time.)
     */
    async lockForDelete(owner: { appId: number } | { schemeId: number } | { channelId: number }, executor: Executor): Promise<number[]> {
      let query = executor.selectFrom('channels').select('channels.id');
      if ('appId' in owner) {
        query = query.innerJoin('schemes', 'schemes.id', 'channels.scheme_id').where('schemes.app_id', '=', owner.appId);
      } else if ('schemeId' in owner) {
        query = query.where('channels.scheme_id', '=', owner.schemeId);
      } else {
        query = query.where('channels.id', '=', owner.channelId);
      }
      const locked = engine === 'postgres' ? query.orderBy('channels.id').forUpdate('channels') : query;
      return (await locked.execute()).map((row) => row.id);
    },

    /** The storage keys (packages and icons) of every release in the given channels. */
    async releaseFileKeys(channelIds: number[], executor: Executor = db): Promise<string[]> {
      const keys: string[] = [];
      // Chunked: SQLite limits the number of bound variables in one statement.
      for (let start = 0; start < channelIds.length; start += 500) {
        const rows = await executor
          .selectFrom('releases')
          .select(['file_key', 'icon_key'])
          .where('channel_id', 'in', channelIds.slice(start, start + 500))
          .execute();
        for (const row of rows) {
          keys.push(row.file_key);
          if (row.icon_key) keys.push(row.icon_key);
        }
      }
      return keys;
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
