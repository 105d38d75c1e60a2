// SQL for releases: one release and the channel, scheme and app it sits in; the insert that
// takes the channel's next version number; edits, deletes and the retention query. No rules.
import { sql } from 'kysely';
import type { ExpressionBuilder, Insertable, Kysely, SelectQueryBuilder, Transaction, Updateable } from 'kysely';
import type { CollaboratorRole } from '../../auth/policy.ts';
import type { Engine } from '../../db/index.ts';
import type { ChannelRow, Database, ReleaseRow, ReleasesTable } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import { escapeLike } from '../../db/executor.ts';

/** A channel with its scheme and app: where a release sits. Flags are 0/1 on SQLite. */
export type ChannelPlacementRow = ChannelRow & {
  scheme_name: string;
  scheme_new_build_callout: boolean | number;
  scheme_retained_builds: number;
  app_id: number;
  app_name: string;
  app_archived: boolean | number;
  /** Whether guests may browse the app (guest mode, docs/guest-mode.md). */
  app_public: boolean | number;
};

/** A channel an upload without a key may land in, with the uploader's role on its app. */
export type UploadCandidateRow = ChannelPlacementRow & {
  member_role: CollaboratorRole | null;
  member_owner: boolean | number | null;
  /** The channel's newest matching release, 0 when it has none. */
  last_release_id: number;
};

/** The stored objects of a release. */
/** A build a newer build of its release version supersedes. */
export type SupersededRow = ReleaseFilesRow & { version: number; release_version: string | null };

export interface ReleaseFilesRow {
  id: number;
  file_key: string;
  icon_key: string | null;
}

/** A channel's newest release (highest `version`) and how many releases it has. */
export interface ChannelLatestRow {
  id: number;
  channel_id: number;
  version: number;
  release_version: string | null;
  build_version: string | null;
  icon_key: string | null;
  created_at: string;
  release_count: number;
}

/** SQLite limits the bound variables of one statement; long id lists go in chunks. */
const CHUNK = 500;

/** Every column but `metadata` (the parser's whole result, which a list does not show). */
export const RELEASE_LIST_COLUMNS = [
  'id',
  'channel_id',
  'version',
  'release_version',
  'build_version',
  'version_key',
  'release_type',
  'source',
  'branch',
  'git_commit',
  'ci_url',
  'name',
  'bundle_id',
  'platform',
  'device_type',
  'format',
  'min_os_version',
  'size',
  'checksum',
  'file_key',
  'file_name',
  'icon_key',
  'file_missing',
  'changelog',
  'custom_fields',
  'uploader_id',
  'download_count',
  'install_count',
  'created_at',
  'updated_at',
] as const;

/** Which of a channel's releases a list shows. */
export interface ChannelReleasesFilter {
  /** Exactly this branch. */
  branch?: string | undefined;
  /** Exactly this release type. */
  releaseType?: string | undefined;
  /** Part of release_version or build_version, any case; a whole number also matches the channel's build number. */
  query?: string | undefined;
}

/** A value a channel's releases use, and how many use it. */
export interface FacetRow {
  name: string;
  count: number;
}

/**
 * True for the error of an insert whose (channel_id, version) another upload took first: the
 * unique constraint is the backstop behind the channel lock (PostgreSQL) and the one-writer
 * transaction (SQLite), e.g. for several processes on one SQLite file.
 */
export function isVersionTaken(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'releases_channel_version_unique';
  return typeof message === 'string' && message.includes('UNIQUE constraint failed: releases.channel_id, releases.version');
}

export function createReleasesRepository(db: Kysely<Database>, engine: Engine) {
  function placement(executor: Executor): SelectQueryBuilder<Database, 'channels' | 'schemes' | 'apps', ChannelPlacementRow> {
    return executor
      .selectFrom('channels')
      .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
      .innerJoin('apps', 'apps.id', 'schemes.app_id')
      .selectAll('channels')
      .select([
        'schemes.name as scheme_name',
        'schemes.new_build_callout as scheme_new_build_callout',
        'schemes.retained_builds as scheme_retained_builds',
        'apps.id as app_id',
        'apps.name as app_name',
        'apps.archived as app_archived',
        'apps.public as app_public',
      ]);
  }

  function inChannel(executor: Executor, channelId: number, filter: ChannelReleasesFilter) {
    let query = executor.selectFrom('releases').where('channel_id', '=', channelId);
    if (filter.branch !== undefined) query = query.where('branch', '=', filter.branch);
    if (filter.releaseType !== undefined) query = query.where('release_type', '=', filter.releaseType);
    if (filter.query !== undefined && filter.query !== '') {
      const text = filter.query;
      const pattern = sql<string>`lower(${`%${escapeLike(text)}%`}) escape '\\'`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(release_version)`, 'like', pattern),
          eb(sql`lower(build_version)`, 'like', pattern),
          ...(/^\d{1,9}$/.test(text) ? [eb('version', '=', Number(text))] : []),
        ]),
      );
    }
    return query;
  }

  /** The distinct non-null values of a column among a channel's releases, by name, with their counts. */
  async function facet(column: 'branch' | 'release_type', channelId: number, limit: number, executor: Executor): Promise<FacetRow[]> {
    const rows = await executor
      .selectFrom('releases')
      .select([`${column} as name`, (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('channel_id', '=', channelId)
      .where(column, 'is not', null)
      .groupBy(column)
      .orderBy(column, 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ name: String(row.name), count: Number(row.count) }));
  }

  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** One page of a channel's releases, the latest upload (highest `version`) first, without `metadata` ('{}'). */
    listForChannel(
      channelId: number,
      filter: ChannelReleasesFilter,
      limit: number,
      offset: number,
      executor: Executor = db,
    ): Promise<ReleaseRow[]> {
      return inChannel(executor, channelId, filter)
        .select(RELEASE_LIST_COLUMNS)
        .select(sql<string>`'{}'`.as('metadata'))
        .orderBy('version', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countForChannel(channelId: number, filter: ChannelReleasesFilter, executor: Executor = db): Promise<number> {
      const row = await inChannel(executor, channelId, filter)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The branches and release types a channel's releases use (at most `limit` of each). */
    async facets(channelId: number, limit: number, executor: Executor = db): Promise<{ branches: FacetRow[]; releaseTypes: FacetRow[] }> {
      const [branches, releaseTypes] = await Promise.all([facet('branch', channelId, limit, executor), facet('release_type', channelId, limit, executor)]);
      return { branches, releaseTypes };
    },

    findById(id: number, executor: Executor = db): Promise<ReleaseRow | undefined> {
      return executor.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A channel, by id, by its secret key or by its public slug (any case), with its scheme and app. */
    findChannelPlacement(
      by: { id: number } | { key: string } | { slug: string },
      executor: Executor = db,
    ): Promise<ChannelPlacementRow | undefined> {
      const query = placement(executor);
      if ('id' in by) return query.where('channels.id', '=', by.id).executeTakeFirst();
      if ('key' in by) return query.where('channels.key', '=', by.key).executeTakeFirst();
      return query.where(sql`lower(channels.slug)`, '=', by.slug.toLowerCase()).executeTakeFirst();
    },

    /**
     * Channels of unarchived apps that take `platform` builds, for an upload without a channel
     * key (uploads/service.ts decides among them): with `bundleId`, those holding a release
     * with it; with `appName`, those of apps so named (both: both). `memberId`: only apps this
     * user collaborates on (null: any app). Each row carries the user's role on the app and the
     * id of the channel's newest release (with that bundle id, when given; 0 when none), newest
     * first, then by channel id; at most `limit` rows.
     */
    findUploadCandidates(
      by: { platform: string; bundleId?: string | undefined; appName?: string | undefined },
      memberId: number | null,
      limit: number,
      executor: Executor = db,
    ): Promise<UploadCandidateRow[]> {
      const newest = (eb: ExpressionBuilder<Database, 'channels'>) => {
        let sub = eb.selectFrom('releases').whereRef('releases.channel_id', '=', 'channels.id');
        if (by.bundleId !== undefined) sub = sub.where('releases.bundle_id', '=', by.bundleId);
        return sub.select((inner) => inner.fn.max('releases.id').as('id'));
      };
      let query = placement(executor)
        .leftJoin('collaborators', (join) => join.onRef('collaborators.app_id', '=', 'apps.id').on('collaborators.user_id', '=', memberId ?? -1))
        .select(['collaborators.role as member_role', 'collaborators.owner as member_owner'])
        .select((eb) => eb.fn.coalesce(newest(eb), sql<number>`0`).as('last_release_id'))
        .where('channels.device_type', '=', by.platform as ChannelRow['device_type'])
        .where('apps.archived', '=', false);
      if (memberId !== null) query = query.where('collaborators.user_id', 'is not', null);
      const bundleId = by.bundleId;
      if (bundleId !== undefined) {
        query = query.where((eb) =>
          eb.exists(eb.selectFrom('releases').select('releases.id').whereRef('releases.channel_id', '=', 'channels.id').where('releases.bundle_id', '=', bundleId)),
        );
      }
      if (by.appName !== undefined) query = query.where('apps.name', '=', by.appName);
      return query
        .orderBy('last_release_id', 'desc')
        .orderBy('channels.id', 'asc')
        .limit(limit)
        .execute();
    },

    /**
     * The next version number of a channel (1 for its first release), or undefined when the
     * channel is gone. Run it in the transaction that inserts the release: on PostgreSQL the
     * channel row stays locked (FOR UPDATE) until that transaction ends, so parallel uploads
     * to one channel take their numbers one after the other; SQLite runs one write
     * transaction at a time.
     */
    async nextVersion(channelId: number, trx: Transaction<Database>): Promise<number | undefined> {
      const lookup = trx.selectFrom('channels').select('id').where('id', '=', channelId);
      const channel = await (engine === 'postgres' ? lookup.forUpdate() : lookup).executeTakeFirst();
      if (!channel) return undefined;
      const row = await trx
        .selectFrom('releases')
        .select((eb) => eb.fn.max<number | null>('version').as('max'))
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      return Number(row?.max ?? 0) + 1;
    },

    insert(values: Insertable<ReleasesTable>, executor: Executor = db): Promise<ReleaseRow> {
      return executor.insertInto('releases').values(values).returningAll().executeTakeFirstOrThrow();
    },

    update(id: number, values: Updateable<ReleasesTable>, executor: Executor = db): Promise<ReleaseRow | undefined> {
      return executor.updateTable('releases').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Deletes one release; answers its stored objects, or undefined when it was already gone. */
    delete(id: number, executor: Executor = db): Promise<ReleaseFilesRow | undefined> {
      return executor.deleteFrom('releases').where('id', '=', id).returning(['id', 'file_key', 'icon_key']).executeTakeFirst();
    },

    /** Up to `limit` of a channel's releases after its newest `keep` (by version), newest first. */
    /**
     * A channel's builds that a newer build of the same release version supersedes (keep_old_build_files off):
     * every build but the newest (highest version) of each release_version. Oldest first. A build without a
     * release version is never superseded (NULL equals nothing).
     */
    listSuperseded(channelId: number, limit: number, executor: Executor = db): Promise<SupersededRow[]> {
      return executor
        .selectFrom('releases as r')
        .select(['r.id', 'r.file_key', 'r.icon_key', 'r.version', 'r.release_version'])
        .where('r.channel_id', '=', channelId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('releases as n')
              .select('n.id')
              .whereRef('n.channel_id', '=', 'r.channel_id')
              .whereRef('n.release_version', '=', 'r.release_version')
              .whereRef('n.version', '>', 'r.version'),
          ),
        )
        .orderBy('r.version', 'asc')
        .limit(limit)
        .execute();
    },

    listBeyondNewest(channelId: number, keep: number, limit: number, executor: Executor = db): Promise<ReleaseFilesRow[]> {
      return executor
        .selectFrom('releases')
        .select(['id', 'file_key', 'icon_key'])
        .where('channel_id', '=', channelId)
        .orderBy('version', 'desc')
        .limit(limit)
        .offset(keep)
        .execute();
    },

    /**
     * For each channel of the given apps that has releases, its newest release and its release count: one statement
     * (two window functions over the apps' releases), so the apps list costs the same whatever its page size.
     */
    async latestPerChannel(appIds: number[], executor: Executor = db): Promise<ChannelLatestRow[]> {
      if (appIds.length === 0) return [];
      const ranked = executor
        .selectFrom('releases')
        .innerJoin('channels', 'channels.id', 'releases.channel_id')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .where('schemes.app_id', 'in', appIds)
        .select(['releases.id', 'releases.channel_id', 'releases.version', 'releases.release_version', 'releases.build_version'])
        .select(['releases.icon_key', 'releases.created_at'])
        .select([
          sql<number>`row_number() over (partition by releases.channel_id order by releases.version desc)`.as('position'),
          sql<number | string>`count(*) over (partition by releases.channel_id)`.as('release_count'),
        ]);
      const rows = await executor.selectFrom(ranked.as('ranked')).selectAll().where('ranked.position', '=', 1).execute();
      return rows.map(({ position: _position, ...row }) => ({ ...row, release_count: Number(row.release_count) }));
    },

    /** Deletes the given releases; answers how many rows went. */
    async deleteMany(ids: number[], executor: Executor = db): Promise<number> {
      let deleted = 0;
      for (let start = 0; start < ids.length; start += CHUNK) {
        const result = await executor.deleteFrom('releases').where('id', 'in', ids.slice(start, start + CHUNK)).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    },
  };
}

export type ReleasesRepository = ReturnType<typeof createReleasesRepository>;
