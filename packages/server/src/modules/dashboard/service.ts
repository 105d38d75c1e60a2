// The dashboard: what the caller can see at a glance. A global admin counts every app,
// release and user; anyone else counts only the apps they collaborate on (as the apps list
// does) and sees no user count.
import { can, forbidden, visibleApps } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';

import type { UsersRepository } from '../users/repository.ts';
import type { DebugFilesRepository } from '../debug-files/repository.ts';
import type { DashboardRepository, RecentReleaseRow } from './repository.ts';
import type { JobReader } from '../../jobs/types.ts';

export const RECENT_RELEASES = 10;

export interface RecentRelease {
  id: number;
  version: number;
  releaseVersion: string | null;
  buildVersion: string | null;
  name: string | null;
  platform: string;
  size: number;
  hasIcon: boolean;
  createdAt: string;
  channelId: number;
  channelName: string;
  schemeId: number;
  schemeName: string;
  appId: number;
  appName: string;
  appArchived: boolean;
  uploader: string | null;
}

export interface Dashboard {
  apps: number;
  releases: number;
  storageBytes: number;
  /** Administrators only. */
  users: number | undefined;
  /** Debug files (dSYM, Proguard) in the same apps; undefined when the service has no debug files repository. */
  debugFiles: number | undefined;
  recentReleases: RecentRelease[];
  /** Background jobs: administrators only. */
  jobs: JobCounts | undefined;
}

/** Jobs waiting (queued or scheduled), running, and failed. */
export interface JobCounts {
  waiting: number;
  running: number;
  failed: number;
}

function toRecentRelease(row: RecentReleaseRow): RecentRelease {
  return {
    id: row.id,
    version: row.version,
    releaseVersion: row.release_version,
    buildVersion: row.build_version,
    name: row.name,
    platform: row.platform,
    size: Number(row.size),
    hasIcon: row.icon_key !== null,
    createdAt: row.created_at,
    channelId: row.channel_id,
    channelName: row.channel_name,
    schemeId: row.scheme_id,
    schemeName: row.scheme_name,
    appId: row.app_id,
    appName: row.app_name,
    appArchived: Boolean(row.app_archived),
    uploader: row.uploader,
  };
}

interface Deps {
  dashboardRepository: DashboardRepository;
  usersRepository: Pick<UsersRepository, 'countAll'>;
  debugFilesRepository?: Pick<DebugFilesRepository, 'count'>;
  jobs?: Pick<JobReader, 'counts'>;
}

async function jobCounts(jobs: Pick<JobReader, 'counts'>): Promise<JobCounts> {
  const counts = await jobs.counts();
  return { waiting: counts.queued + counts.scheduled, running: counts.running, failed: counts.failed };
}

export function createDashboardService({ dashboardRepository, usersRepository, debugFilesRepository, jobs }: Deps) {
  return {
    async summary(actor: Actor): Promise<Dashboard> {
      if (!can(actor, 'self:manage')) throw forbidden('self:manage');
      const scope = visibleApps(actor);
      const admin = can(actor, 'jobs:manage');
      const [apps, totals, recent, users, debugFiles, jobsNow] = await Promise.all([
        dashboardRepository.countApps(scope),
        dashboardRepository.releaseTotals(scope),
        dashboardRepository.recentReleases(scope, RECENT_RELEASES),
        can(actor, 'users:manage') ? usersRepository.countAll() : Promise.resolve(undefined),
        debugFilesRepository ? debugFilesRepository.count(scope) : Promise.resolve(undefined),
        admin && jobs ? jobCounts(jobs) : Promise.resolve(undefined),
      ]);
      const recentReleases = recent.map(toRecentRelease);
      return { apps, releases: totals.count, storageBytes: totals.bytes, users, debugFiles, recentReleases, jobs: jobsNow };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
