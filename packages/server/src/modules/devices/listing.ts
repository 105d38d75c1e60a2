// The builds a device's page lists: every uploaded iOS build whose profile lists the device or
// provisions all devices, newest first, page by page, each with its channel and whether the
// visitor may open it. Who sees which builds (docs/udid.md, "Who sees what"):
//   - a signed-in user (the people who see the Devices screen) sees them all; a build of a
//     channel with a password they cannot open links to that build's page, which asks for the
//     password first and then shows the build;
//   - anyone else sees only the builds of channels they already hold a grant for (they typed
//     its password in this browser, or came with a link carrying one): what its install pages
//     show them anyway. The others are only counted, naming nothing: listing them for whoever
//     knows a UDID (every development build's profile lists UDIDs) would reveal the team's apps
//     and the addresses of their install pages.
import type { AccessService, Caller, PublicChannel } from '../access/service.ts';
import { profileCoverage, profileExpired } from './builds.ts';
import type { DevicesRepository } from './repository.ts';
import type { DeviceBuild, DeviceBuilds } from './types.ts';

/** Builds looked at per device page, the newest first. */
export const CANDIDATE_LIMIT = 200;
/** Builds per page of the device page. */
export const BUILDS_PER_PAGE = 20;

interface Deps {
  devicesRepository: Pick<DevicesRepository, 'iosReleasesFor'>;
  accessService: Pick<AccessService, 'release' | 'decide' | 'entitled'>;
}

export interface DeviceBuildsQuery {
  udid: string;
  /** 'team': a signed-in user, who sees every build; 'public': anyone else. */
  view: 'team' | 'public';
  /** The caller's credentials for a channel (signed-in user, grants). */
  callerFor: (channelId: number) => Caller;
  /** The page asked for, from 1 (clamped to the last page). */
  page: number;
  /** The time now (ISO): builds whose profile expired before it are marked. */
  now: string;
}

interface ChannelAccess {
  channel: PublicChannel;
  /** Whether the caller opens the channel's pages without typing its password. */
  open: boolean;
  /** Whether the builds are shown to this caller at all. */
  shown: boolean;
}

export async function listDeviceBuilds({ devicesRepository, accessService }: Deps, query: DeviceBuildsQuery): Promise<DeviceBuilds> {
  const candidates = await devicesRepository.iosReleasesFor(query.udid, CANDIDATE_LIMIT);
  const channels = new Map<number, ChannelAccess | null>();
  async function accessTo(channelId: number, releaseId: number): Promise<ChannelAccess | null> {
    if (channels.has(channelId)) return channels.get(channelId) ?? null;
    const found = await accessService.release(releaseId);
    let access: ChannelAccess | null = null;
    // An archived app's builds can no longer be installed.
    if (found && !found.channel.app_archived) {
      const caller = query.callerFor(channelId);
      const open = (await accessService.decide(found.channel, caller)) === 'open';
      const shown = query.view === 'team' || (await accessService.entitled(found.channel, caller));
      access = { channel: found.channel, open, shown };
    }
    channels.set(channelId, access);
    return access;
  }

  const builds: DeviceBuild[] = [];
  let hidden = 0;
  for (const candidate of candidates) {
    const coverage = profileCoverage(candidate.metadata, query.udid);
    if (!coverage) continue;
    const access = await accessTo(candidate.channel_id, candidate.id);
    if (!access) continue;
    if (!access.shown) {
      // Only builds that name the device count: an enterprise build says nothing about it.
      if (coverage === 'listed') hidden += 1;
      continue;
    }
    const { channel } = access;
    builds.push({
      releaseId: candidate.id,
      number: candidate.version,
      appName: channel.app_name,
      schemeName: channel.scheme_name,
      channelId: channel.id,
      channelName: channel.name,
      channelSlug: channel.slug,
      releaseName: candidate.name,
      releaseVersion: candidate.release_version,
      buildVersion: candidate.build_version,
      createdAt: candidate.created_at,
      coverage,
      expired: profileExpired(candidate.metadata, query.now),
      guarded: channel.guarded,
      open: access.open,
    });
  }
  const pages = Math.max(1, Math.ceil(builds.length / BUILDS_PER_PAGE));
  const page = Math.min(Math.max(1, query.page), pages);
  return { items: builds.slice((page - 1) * BUILDS_PER_PAGE, page * BUILDS_PER_PAGE), page, pages, total: builds.length, hidden };
}
