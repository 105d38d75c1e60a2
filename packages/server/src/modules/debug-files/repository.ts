// SQL for debug files and their entries (the Mach-O slices and Proguard mappings crash
// reports are matched by). No rules: the service decides who sees what.
import { sql } from 'kysely';
import type { Insertable, Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Engine } from '../../db/index.ts';
import type { Database, DebugFileEntriesTable, DebugFileEntryRow, DebugFileRow, DebugFilesTable } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';

/** SQLite limits the bound variables of one statement; long id lists go in chunks. */
const CHUNK = 500;

/** A debug file with the names a view shows (size: PostgreSQL's bigint may come back as text). */
export interface DebugFileListRow extends Omit<DebugFileRow, 'updated_at' | 'device_type' | 'size'> {
  app_name: string;
  app_archived: boolean | number;
  channel_name: string | null;
  channel_slug: string | null;
  uploader: string | null;
  device_type: string;
  size: number | string;
}

/** Which apps' files a query may return: every app, or those one user collaborates on. */
export interface AppScope {
  memberId?: number | undefined;
}

/** Version filter: an exact (release, build) key, or every build of one release (a key range). */
export type VersionMatch = { key: string } | { from: string; below: string };

export interface DebugFileFilter {
  appId?: number | undefined;
  scope?: AppScope | undefined;
  deviceType?: string | undefined;
  version?: VersionMatch | undefined;
  /** The build_version as written (only used without a release_version). */
  buildVersion?: string | undefined;
  /** Files holding this UUID (a slice's, or a mapping's either id). */
  uuid?: string | undefined;
}

export type DebugFileOrder = 'upload_date' | 'version';

export interface LinkedReleaseRow {
  id: number;
  version: number;
  channel_id: number;
}

export interface MatchingReleaseRow extends LinkedReleaseRow {
  version_key: string;
  app_id: number;
  device_type: string;
}

export function createDebugFilesRepository(db: Kysely<Database>, engine: Engine) {
  function withNames(executor: Executor): SelectQueryBuilder<Database, 'debug_files' | 'apps' | 'channels' | 'users', DebugFileListRow> {
    return executor
      .selectFrom('debug_files')
      .innerJoin('apps', 'apps.id', 'debug_files.app_id')
      .leftJoin('channels', 'channels.id', 'debug_files.channel_id')
      .leftJoin('users', 'users.id', 'debug_files.uploader_id')
      .select([
        'debug_files.id',
        'debug_files.app_id',
        'apps.name as app_name',
        'apps.archived as app_archived',
        'debug_files.channel_id',
        'channels.name as channel_name',
        'channels.slug as channel_slug',
        'debug_files.release_id',
        'debug_files.uploader_id',
        'users.username as uploader',
        'debug_files.device_type',
        'debug_files.category',
        'debug_files.release_version',
        'debug_files.build_version',
        'debug_files.version_key',
        'debug_files.name',
        'debug_files.bundle_id',
        'debug_files.file_key',
        'debug_files.file_name',
        'debug_files.size',
        'debug_files.checksum',
        'debug_files.created_at',
      ]);
  }

  function filtered<O>(query: SelectQueryBuilder<Database, 'debug_files' | 'apps' | 'channels' | 'users', O>, filter: DebugFileFilter) {
    let q = query;
    if (filter.appId !== undefined) q = q.where('debug_files.app_id', '=', filter.appId);
    if (filter.scope?.memberId !== undefined) {
      const memberId = filter.scope.memberId;
      q = q.where('debug_files.app_id', 'in', (eb) => eb.selectFrom('collaborators').select('collaborators.app_id').where('collaborators.user_id', '=', memberId));
    }
    if (filter.deviceType !== undefined) q = q.where('debug_files.device_type', '=', filter.deviceType as never);
    const version = filter.version;
    if (version !== undefined) {
      q = 'key' in version
        ? q.where('debug_files.version_key', '=', version.key)
        : q.where('debug_files.version_key', '>=', version.from).where('debug_files.version_key', '<', version.below);
    }
    if (filter.buildVersion !== undefined) q = q.where('debug_files.build_version', '=', filter.buildVersion);
    if (filter.uuid !== undefined) {
      const uuid = filter.uuid;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('debug_file_entries')
            .select(sql`1`.as('one'))
            .whereRef('debug_file_entries.debug_file_id', '=', 'debug_files.id')
            .where((inner) => inner.or([inner('debug_file_entries.uuid', '=', uuid), inner('debug_file_entries.alt_uuid', '=', uuid)])),
        ),
      );
    }
    return q;
  }

  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** Writes a debug file and its entries (in the caller's transaction); answers the new id. */
    async insert(
      file: Insertable<DebugFilesTable>,
      entries: Omit<Insertable<DebugFileEntriesTable>, 'debug_file_id'>[],
      executor: Executor = db,
    ): Promise<number> {
      const row = await executor.insertInto('debug_files').values(file).returning('id').executeTakeFirstOrThrow();
      for (let start = 0; start < entries.length; start += 50) {
        const batch = entries.slice(start, start + 50).map((entry) => ({ ...entry, debug_file_id: row.id }));
        await executor.insertInto('debug_file_entries').values(batch).execute();
      }
      return row.id;
    },

    findById(id: number, executor: Executor = db): Promise<DebugFileListRow | undefined> {
      return withNames(executor).where('debug_files.id', '=', id).executeTakeFirst();
    },

    /** A page of files, newest upload first, or by version (highest first; then newest upload). */
    async list(filter: DebugFileFilter, order: DebugFileOrder, page: { limit: number; offset: number }, executor: Executor = db) {
      const ordered = filtered(withNames(executor), filter);
      const rows = await (order === 'version' ? ordered.orderBy('debug_files.version_key', 'desc') : ordered)
        .orderBy('debug_files.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const counted = await filtered(
        executor
          .selectFrom('debug_files')
          .innerJoin('apps', 'apps.id', 'debug_files.app_id')
          .leftJoin('channels', 'channels.id', 'debug_files.channel_id')
          .leftJoin('users', 'users.id', 'debug_files.uploader_id')
          .select((eb) => eb.fn.countAll<number>().as('count')),
        filter,
      ).executeTakeFirstOrThrow();
      return { rows, total: Number(counted.count) };
    },

    /** The first file by the order, or undefined. */
    first(filter: DebugFileFilter, order: DebugFileOrder, executor: Executor = db): Promise<DebugFileListRow | undefined> {
      const ordered = filtered(withNames(executor), filter);
      return (order === 'version' ? ordered.orderBy('debug_files.version_key', 'desc') : ordered).orderBy('debug_files.id', 'desc').limit(1).executeTakeFirst();
    },

    /** The entries of these files, in the order they were written. */
    async entriesOf(ids: number[], executor: Executor = db): Promise<DebugFileEntryRow[]> {
      const rows: DebugFileEntryRow[] = [];
      for (let start = 0; start < ids.length; start += CHUNK) {
        const chunk = ids.slice(start, start + CHUNK);
        if (chunk.length === 0) continue;
        rows.push(...(await executor.selectFrom('debug_file_entries').selectAll().where('debug_file_id', 'in', chunk).orderBy('id').execute()));
      }
      return rows;
    },

    /**
     * The app's file of this platform with these bytes (checksum) filed under these versions
     * (version_key), if any: the oldest, the one a repeated upload answers with. With `lock` (in a transaction)
     * the app row is locked first on PostgreSQL, so two identical uploads finishing together
     * run one after the other and the second finds the first (SQLite writes one at a time).
     */
    async findIdentical(
      same: { appId: number; deviceType: string; checksum: string; versionKey: string },
      executor: Executor = db,
      lock = false,
    ): Promise<number | undefined> {
      const { appId, deviceType, checksum, versionKey } = same;
      if (lock && engine === 'postgres') await executor.selectFrom('apps').select('id').where('id', '=', appId).forUpdate().execute();
      const row = await executor
        .selectFrom('debug_files')
        .select('id')
        .where('app_id', '=', appId)
        .where('checksum', '=', checksum)
        .where('device_type', '=', deviceType as never)
        .where('version_key', '=', versionKey)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * The app's release a debug file belongs to: same platform and versions (version_key),
     * in the upload's channel first, then the newest.
     */
    async findRelease(
      appId: number,
      deviceType: string,
      versionKey: string,
      channelId: number | null,
      executor: Executor = db,
    ): Promise<LinkedReleaseRow | undefined> {
      return executor
        .selectFrom('releases')
        .innerJoin('channels', 'channels.id', 'releases.channel_id')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .select(['releases.id', 'releases.version', 'releases.channel_id'])
        .where('schemes.app_id', '=', appId)
        .where('channels.device_type', '=', deviceType as never)
        .where('releases.version_key', '=', versionKey)
        .orderBy(sql`case when releases.channel_id = ${channelId ?? -1} then 0 else 1 end`)
        .orderBy('releases.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Releases of these apps, platforms and versions (newest first), for files uploaded before their build. */
    async releasesMatching(
      wanted: { appId: number; deviceType: string; versionKey: string }[],
      executor: Executor = db,
    ): Promise<MatchingReleaseRow[]> {
      if (wanted.length === 0) return [];
      const appIds = [...new Set(wanted.map((w) => w.appId))].slice(0, CHUNK);
      const keys = [...new Set(wanted.map((w) => w.versionKey))].slice(0, CHUNK);
      return executor
        .selectFrom('releases')
        .innerJoin('channels', 'channels.id', 'releases.channel_id')
        .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
        .select(['releases.id', 'releases.version', 'releases.channel_id', 'releases.version_key', 'schemes.app_id', 'channels.device_type'])
        .where('schemes.app_id', 'in', appIds)
        .where('releases.version_key', 'in', keys)
        .orderBy('releases.id', 'desc')
        .execute();
    },

    async appExists(appId: number, executor: Executor = db): Promise<boolean> {
      return (await executor.selectFrom('apps').select('id').where('id', '=', appId).executeTakeFirst()) !== undefined;
    },

    async releasesByIds(ids: number[], executor: Executor = db): Promise<LinkedReleaseRow[]> {
      const unique = [...new Set(ids)];
      const rows: LinkedReleaseRow[] = [];
      for (let start = 0; start < unique.length; start += CHUNK) {
        const chunk = unique.slice(start, start + CHUNK);
        rows.push(...(await executor.selectFrom('releases').select(['id', 'version', 'channel_id']).where('id', 'in', chunk).execute()));
      }
      return rows;
    },

    /** Removes the file's row (its entries go with it); answers its stored file's key, or undefined when it was gone. */
    async delete(id: number, executor: Executor = db): Promise<string | undefined> {
      const row = await executor.selectFrom('debug_files').select('file_key').where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      await executor.deleteFrom('debug_files').where('id', '=', id).execute();
      return row.file_key;
    },

    /** The stored files of an app's debug files (to remove them when the app goes). */
    async fileKeysOfApp(appId: number, executor: Executor = db): Promise<string[]> {
      const rows = await executor.selectFrom('debug_files').select('file_key').where('app_id', '=', appId).execute();
      return rows.map((row) => row.file_key);
    },

    /** How many debug files there are, in every app or in one user's apps. */
    async count(scope: AppScope, executor: Executor = db): Promise<number> {
      let query = executor.selectFrom('debug_files').select((eb) => eb.fn.countAll<number>().as('count'));
      if (scope.memberId !== undefined) {
        const memberId = scope.memberId;
        query = query.where('debug_files.app_id', 'in', (eb) => eb.selectFrom('collaborators').select('collaborators.app_id').where('collaborators.user_id', '=', memberId));
      }
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type DebugFilesRepository = ReturnType<typeof createDebugFilesRepository>;
