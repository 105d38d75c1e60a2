// SQL for the version checks: a channel by its key, and its releases in version order. Reads
// only; no rules. Every release query is bounded by the (channel_id, version_key) or
// (channel_id, bundle_id, version_key) index and a LIMIT: a channel's whole history is never
// loaded.
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Engine } from '../../db/index.ts';
import type { Database, ReleaseRow } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import { KEY_SEPARATOR } from './fns.ts';
import { RELEASE_LIST_COLUMNS } from '../releases/repository.ts';

/** A channel with its scheme and app: what a version check answers about. `new_build_callout` is 0/1 on SQLite. */
export interface ChannelByKeyRow {
  channel_id: number;
  channel_name: string;
  slug: string;
  bundle_id: string;
  git_url: string | null;
  password_hash: string | null;
  scheme_id: number;
  scheme_name: string;
  new_build_callout: boolean | number;
  retained_builds: number;
  app_id: number;
  app_name: string;
}

export interface NewerReleasesFilter {
  /** Only releases with this bundle id. */
  bundleId?: string | undefined;
  /** Only releases whose version_key is greater. */
  keyAbove?: string | undefined;
  /** Only releases whose build part of version_key (after the separator) is greater. */
  buildKeyAbove?: string | undefined;
}

export interface ExistingReleaseFilter {
  bundleId: string;
  releaseVersion?: string | undefined;
  buildVersion?: string | undefined;
  gitCommit?: string | undefined;
}

export function createVersionsRepository(db: Kysely<Database>, engine: Engine) {
  /** Every column but `metadata` (the parser's whole result, which no version answer shows). */
  function releases(executor: Executor) {
    return executor
      .selectFrom('releases')
      .select(RELEASE_LIST_COLUMNS)
      .select(sql<string>`'{}'`.as('metadata'));
  }

  /** The build part of version_key, compared bytewise on both engines. */
  function buildPart() {
    return engine === 'postgres'
      ? sql<string>`substr(version_key, strpos(version_key, ${sql.lit(KEY_SEPARATOR)}) + 1) collate "C"`
      : sql<string>`substr(version_key, instr(version_key, ${sql.lit(KEY_SEPARATOR)}) + 1)`;
  }

  function inChannel<O>(query: SelectQueryBuilder<Database, 'releases', O>, channelId: number, bundleId?: string) {
    const scoped = query.where('channel_id', '=', channelId);
    return bundleId === undefined ? scoped : scoped.where('bundle_id', '=', bundleId);
  }

  return {
    findChannelByKey(key: string, executor: Executor = db): Promise<ChannelByKeyRow | undefined> {
      return executor
        .selectFrom('channels')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .innerJoin('apps', 'apps.id', 'schemes.app_id')
        .select([
          'channels.id as channel_id',
          'channels.name as channel_name',
          'channels.slug',
          'channels.bundle_id',
          'channels.git_url',
          'channels.password_hash',
          'schemes.id as scheme_id',
          'schemes.name as scheme_name',
          'schemes.new_build_callout',
          'schemes.retained_builds',
          'apps.id as app_id',
          'apps.name as app_name',
        ])
        .where('channels.key', '=', key)
        .executeTakeFirst();
    },

    /** Highest version_key first (ties: the later upload first), at most `limit`. */
    async listNewer(channelId: number, filter: NewerReleasesFilter, limit: number, executor: Executor = db): Promise<ReleaseRow[]> {
      let query = inChannel(releases(executor), channelId, filter.bundleId);
      if (filter.keyAbove !== undefined) query = query.where('version_key', '>', filter.keyAbove);
      if (filter.buildKeyAbove !== undefined) query = query.where(buildPart(), '>', filter.buildKeyAbove);
      return query.orderBy('version_key', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** One page of the channel's releases, the latest upload (highest `version`) first. */
    listPage(channelId: number, limit: number, offset: number, executor: Executor = db): Promise<ReleaseRow[]> {
      return releases(executor).where('channel_id', '=', channelId).orderBy('version', 'desc').limit(limit).offset(offset).execute();
    },

    async count(channelId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('releases')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('channel_id', '=', channelId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The latest upload whose fields equal every given one. */
    findExisting(channelId: number, filter: ExistingReleaseFilter, executor: Executor = db): Promise<ReleaseRow | undefined> {
      let query = inChannel(releases(executor), channelId, filter.bundleId);
      if (filter.releaseVersion !== undefined) query = query.where('release_version', '=', filter.releaseVersion);
      if (filter.buildVersion !== undefined) query = query.where('build_version', '=', filter.buildVersion);
      if (filter.gitCommit !== undefined) query = query.where('git_commit', '=', filter.gitCommit);
      return query.orderBy('version', 'desc').limit(1).executeTakeFirst();
    },
  };
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>;
