// SQL for the dashboard: counts and the latest uploads, over every app or only the apps one
// user collaborates on. No rules.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';

/** Only apps this user collaborates on; every app when undefined. */
export interface DashboardScope {
  memberId?: number | undefined;
}

export interface RecentReleaseRow {
  id: number;
  version: number;
  release_version: string | null;
  build_version: string | null;
  name: string | null;
  platform: string;
  size: number | string;
  icon_key: string | null;
  created_at: string;
  channel_id: number;
  channel_name: string;
  scheme_id: number;
  scheme_name: string;
  app_id: number;
  app_name: string;
  app_archived: boolean | number;
  uploader: string | null;
}

export function createDashboardRepository(db: Kysely<Database>) {
  /** The ids of the apps a user collaborates on, as a subquery. */
  function memberApps(memberId: number) {
    return db.selectFrom('collaborators').select('collaborators.app_id').where('collaborators.user_id', '=', memberId);
  }

  function releasesWithApps(executor: Executor, scope: DashboardScope) {
    return executor
      .selectFrom('releases')
      .innerJoin('channels', 'channels.id', 'releases.channel_id')
      .innerJoin('schemes', 'schemes.id', 'channels.scheme_id')
      .innerJoin('apps', 'apps.id', 'schemes.app_id')
      .$if(scope.memberId !== undefined, (qb) => qb.where('apps.id', 'in', memberApps(scope.memberId ?? 0)));
  }

  return {
    /** Apps that are not archived. */
    async countApps(scope: DashboardScope, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('apps')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('apps.archived', '=', false)
        .$if(scope.memberId !== undefined, (qb) => qb.where('apps.id', 'in', memberApps(scope.memberId ?? 0)))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** How many releases there are and the bytes their packages take, archived apps included. */
    async releaseTotals(scope: DashboardScope, executor: Executor = db): Promise<{ count: number; bytes: number }> {
      const row = await releasesWithApps(executor, scope)
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('releases.size'), eb.lit(0)).as('bytes')])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), bytes: Number(row.bytes) };
    },

    /** The newest releases first, with their app, scheme and channel, and the uploader's name. */
    async recentReleases(scope: DashboardScope, limit: number, executor: Executor = db): Promise<RecentReleaseRow[]> {
      return releasesWithApps(executor, scope)
        .leftJoin('users', 'users.id', 'releases.uploader_id')
        .select([
          'releases.id',
          'releases.version',
          'releases.release_version',
          'releases.build_version',
          'releases.name',
          'releases.platform',
          'releases.size',
          'releases.icon_key',
          'releases.created_at',
          'channels.id as channel_id',
          'channels.name as channel_name',
          'schemes.id as scheme_id',
          'schemes.name as scheme_name',
          'apps.id as app_id',
          'apps.name as app_name',
          'apps.archived as app_archived',
          'users.username as uploader',
        ])
        .orderBy('releases.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
