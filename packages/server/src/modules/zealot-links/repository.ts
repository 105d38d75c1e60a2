// SQL the Zealot link redirects read: where a Tarmac row is (its channel's slug, its app), and
// whether an id is one of Tarmac's rows. Read-only; the import map is read through map.ts.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isRowId } from '../../db/row-id.ts';
import type { Database } from '../../db/types.ts';

/** A channel's public and web app addresses. */
export interface ChannelPlace {
  channelId: number;
  appId: number;
  slug: string;
}

/** A release's place: its channel's. */
export interface ReleasePlace extends ChannelPlace {
  releaseId: number;
}


export function createZealotLinksRepository(db: Kysely<Database>) {
  const channels = () =>
    db
      .selectFrom('channels')
      .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
      .select(['channels.id as channelId', 'schemes.app_id as appId', 'channels.slug as slug']);

  return {
    async channelById(id: number): Promise<ChannelPlace | undefined> {
      if (!isRowId(id)) return undefined;
      return channels().where('channels.id', '=', id).executeTakeFirst();
    },

    channelBySlug(slug: string): Promise<ChannelPlace | undefined> {
      return channels().where(sql`lower(channels.slug)`, '=', slug.toLowerCase()).executeTakeFirst();
    },

    async releaseById(id: number): Promise<ReleasePlace | undefined> {
      if (!isRowId(id)) return undefined;
      return db
        .selectFrom('releases')
        .innerJoin('channels', 'channels.id', 'releases.channel_id')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .select(['releases.id as releaseId', 'channels.id as channelId', 'schemes.app_id as appId', 'channels.slug as slug'])
        .where('releases.id', '=', id)
        .executeTakeFirst();
    },

    async exists(table: 'apps' | 'debug_files', id: number): Promise<boolean> {
      if (!isRowId(id)) return false;
      return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}

export type ZealotLinksRepository = ReturnType<typeof createZealotLinksRepository>;
