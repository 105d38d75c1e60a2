// SQL the public pages read: a channel's newest build and its builds page by page. Read-only;
// releases are written by their own module.
import type { Kysely } from 'kysely';
import type { Database, ReleaseRow } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';

/** A row of the "builds in this channel" list (with what installability() reads). */
export type BuildListRow = Pick<
  ReleaseRow,
  'id' | 'version' | 'release_version' | 'build_version' | 'platform' | 'format' | 'size' | 'created_at' | 'min_os_version' | 'metadata' | 'file_missing'
>;

export function createPagesRepository(db: Kysely<Database>) {
  return {
    newestInChannel(channelId: number, executor: Executor = db): Promise<ReleaseRow | undefined> {
      return executor.selectFrom('releases').selectAll().where('channel_id', '=', channelId).orderBy('version', 'desc').limit(1).executeTakeFirst();
    },

    /** One page of a channel's builds, newest first (uses the (channel_id, version) index). */
    listInChannel(channelId: number, limit: number, offset: number, executor: Executor = db): Promise<BuildListRow[]> {
      return executor
        .selectFrom('releases')
        .select(['id', 'version', 'release_version', 'build_version', 'platform', 'format', 'size', 'created_at', 'min_os_version', 'metadata', 'file_missing'])
        .where('channel_id', '=', channelId)
        .orderBy('version', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countInChannel(channelId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('releases')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;
