// Pure helpers for apps: what the apps list shows of an app's builds, and the names a new app's schemes and
// channels may not repeat.
import { fieldIssue } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { addError } from '../channels/fns.ts';
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

/** The positions of names that repeat an earlier one of the list (compared trimmed and without case); blanks are skipped. */
export function repeatedNames(names: readonly (string | undefined)[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  names.forEach((name, index) => {
    const folded = name?.trim().toLowerCase();
    if (!folded) return;
    if (seen.has(folded)) repeated.push(index);
    else seen.add(folded);
  });
  return repeated;
}

export const DUPLICATE_SCHEME = fieldIssue('duplicate', 'is the name of another scheme in this list: give each scheme its own name');
export const DUPLICATE_CHANNEL = fieldIssue('duplicate', 'is the name of another channel of this scheme: give each channel its own name');

/**
 * Adds a `duplicate` problem to `errors` for each scheme named like an earlier one and each channel named like an
 * earlier one of its scheme. `prefix` and the key names locate the fields (`schemes.1.name`, `preset_schemes.0.channels.2.name`).
 */
export function checkRepeatedNames(
  schemes: readonly { name: string | undefined; channels: readonly { name: string | undefined }[] }[],
  prefix: string,
  errors: FieldErrors,
  schemeKey = 'name',
): void {
  for (const i of repeatedNames(schemes.map((scheme) => scheme.name))) addError(errors, `${prefix}.${i}.${schemeKey}`, DUPLICATE_SCHEME);
  schemes.forEach((scheme, i) => {
    const channelNames = scheme.channels.map((channel) => channel.name);
    for (const j of repeatedNames(channelNames)) addError(errors, `${prefix}.${i}.channels.${j}.name`, DUPLICATE_CHANNEL);
  });
}
