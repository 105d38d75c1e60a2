// The version-check requests and the answer Zealot's SDKs decode: the channel, its app and
// scheme, and `releases`, always an array of Release objects (fields the iOS SDK reads are
// never null; see releases/schemas.ts).
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { PER_PAGE_MAX } from '../../http/schemas.ts';
import type { PublicUrls } from '../../http/urls.ts';
import { ReleaseResponse, placementProperties, toReleaseResponse } from '../releases/schemas.ts';
import type { Release } from '../releases/types.ts';
import type { VersionChannel } from './service.ts';
import { CHANNEL_KEY_MAX } from '../../shared/channel-key.ts';

export const VERSIONS_PER_PAGE_DEFAULT = 10;
const VERSION_MAX = 255;

const channelKey = Type.String({
  maxLength: CHANNEL_KEY_MAX,
  description: 'The channel key (the credential of these endpoints). Missing or unknown: 401.',
});
const text = (description: string) => Type.Optional(Type.String({ maxLength: VERSION_MAX, description }));

export const LatestQuery = Type.Object({
  channel_key: channelKey,
  bundle_id: text('Only builds with this bundle id / package name.'),
  release_version: text("The caller's release version (CFBundleShortVersionString, versionName)."),
  build_version: text("The caller's build version (CFBundleVersion, versionCode)."),
  sdk: Type.Optional(Type.String({ maxLength: 100, description: 'Sent by the SDKs (`android-0.2.0`, `ios-0.2.1`); ignored.' })),
});
export type LatestQuery = Static<typeof LatestQuery>;

export const VersionsQuery = Type.Object({
  channel_key: channelKey,
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1.' })),
  per_page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: PER_PAGE_MAX, default: VERSIONS_PER_PAGE_DEFAULT, description: `Releases per page, 1 to ${PER_PAGE_MAX}.` }),
  ),
});
export type VersionsQuery = Static<typeof VersionsQuery>;

export const VersionExistQuery = Type.Object({
  channel_key: channelKey,
  bundle_id: Type.String({ minLength: 1, maxLength: VERSION_MAX, description: 'Bundle id / package name of the build.' }),
  release_version: text('With build_version: the release version to look for.'),
  build_version: text('With release_version: the build version to look for.'),
  git_commit: text('Instead of the versions: the commit the build was made from.'),
});
export type VersionExistQuery = Static<typeof VersionExistQuery>;

export const ChannelReleasesResponse = Type.Object(
  {
    app_name: Type.String({ description: '"<app> <scheme> <channel>".' }),
    bundle_id: Type.String({ description: 'The channel\'s bundle id rule; "*" accepts any.' }),
    git_url: Type.Union([Type.String(), Type.Null()]),
    ...placementProperties,
    releases: Type.Array(ReleaseResponse, { description: 'Always an array, newest first; empty when there is nothing newer.' }),
  },
  { $id: 'ChannelReleases', description: 'The channel, its app and scheme, and its builds that match.' },
);
export type ChannelReleasesResponse = Static<typeof ChannelReleasesResponse>;

/** `grant`: for a password-protected channel, the grant its links carry (the key holder may open it). */
export function toChannelReleasesResponse(
  channel: VersionChannel,
  releases: Release[],
  urls: PublicUrls,
  grant?: string,
): ChannelReleasesResponse {
  const { app, scheme, channel: own } = channel.context;
  return {
    app_name: `${app.name} ${scheme.name} ${own.name}`,
    bundle_id: channel.bundleId,
    git_url: channel.gitUrl,
    app: { id: app.id, name: app.name },
    scheme: { id: scheme.id, name: scheme.name, new_build_callout: scheme.newBuildCallout, retained_builds: scheme.retainedBuilds },
    releases: releases.map((release) => toReleaseResponse(release, channel.context, urls, grant)),
  };
}
