// Pure helpers for apps: what the apps list shows of an app's builds.
import type { ChannelBuilds } from '../channels/types.ts';
import type { ChannelLatestRow } from '../releases/repository.ts';
import type { AppView } from './types.ts';

/**
 * An app's builds from its channels' heads (`latest`: one row per channel with builds, any app's): each channel's
 * count and newest build, the app's total, and the release whose icon stands for the app — the newest head (highest
 * id, i.e. the latest upload) that has an icon, so an app whose last upload had none keeps showing an icon.
 */
export function buildsOfApp(channelIds: number[], latest: ChannelLatestRow[]): Pick<AppView, 'builds' | 'releaseCount' | 'iconReleaseId'> {
  const builds = new Map<number, ChannelBuilds>();
  let releaseCount = 0;
  let icon: ChannelLatestRow | null = null;
  for (const row of latest) {
    if (!channelIds.includes(row.channel_id)) continue;
    releaseCount += row.release_count;
    if (row.icon_key !== null && (icon === null || row.id > icon.id)) icon = row;
    const { id, version } = row;
    const head = { id, version, releaseVersion: row.release_version, buildVersion: row.build_version, createdAt: row.created_at };
    builds.set(row.channel_id, { count: row.release_count, latest: head });
  }
  return { builds, releaseCount, iconReleaseId: icon?.id ?? null };
}
