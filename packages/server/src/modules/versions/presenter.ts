// What the version checks send: the channel's builds (or one build) with their links. A key
// holder's links to a password-protected channel carry a grant, which the channel signs itself
// (VersionChannel.linkGrant): the routes never see the channel's password hash.
import type { PublicUrls } from '../../http/urls.ts';
import type { Release } from '../releases/types.ts';
import { toReleaseResponse } from '../releases/schemas.ts';
import type { ReleaseResponse } from '../releases/schemas.ts';
import { toChannelReleasesResponse } from './schemas.ts';
import type { ChannelReleasesResponse } from './schemas.ts';
import type { VersionChannel } from './service.ts';

/** GET /api/apps/latest and /api/apps/versions: the channel and the builds answered. */
export function presentChannelReleases(channel: VersionChannel, releases: Release[], urls: PublicUrls): ChannelReleasesResponse {
  return toChannelReleasesResponse(channel, releases, urls, channel.linkGrant());
}

/** GET /api/apps/version_exist: the build found. */
export function presentRelease(channel: VersionChannel, release: Release, urls: PublicUrls): ReleaseResponse {
  return toReleaseResponse(release, channel.context, urls, channel.linkGrant());
}
