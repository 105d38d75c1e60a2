// The version checks: what Zealot's SDKs ask ("is there a build newer than mine?"), the
// paginated history, and fastlane's "does this build exist?". The channel key is the
// credential: resolving it is the permission check, and an unknown key is refused before
// anything else is looked at. "Newer" is the rule of fns.ts, applied in SQL through
// version_key (docs/versions.md).
import { BLANK, fieldIssue, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { toRelease } from '../releases/mapper.ts';
import type { Release, ReleaseContext } from '../releases/types.ts';
import type { Grants } from '../../auth/grants.ts';
import type { Clock } from '../../clock.ts';
import { linkGrantFor } from '../releases/mapper.ts';
import { createAnswerCache } from './cache.ts';
import { encodeVersion, releaseOnlyKey, versionKey } from './fns.ts';
import type { NewerReleasesFilter, VersionsRepository } from './repository.ts';
import { CHANNEL_KEY_MAX, UNAUTHORIZED_CHANNEL_KEY } from '../../shared/channel-key.ts';
import { emptyToUndefined } from '../../shared/text.ts';

/** `latest` answers at most this many releases, newest first. */
export const LATEST_RELEASES_MAX = 50;
export const VERSION_EXIST_COMBINATIONS = 'Send bundle_id with release_version and build_version, or bundle_id with git_commit';

/** The channel a key opens, with what a version answer says about it. */
export interface VersionChannel {
  context: ReleaseContext;
  /** The channel's bundle id rule ("*" accepts any). */
  bundleId: string;
  gitUrl: string | null;
  /**
   * The grant for the links of a key holder's answer: a fresh one for a password-protected channel
   * (bound to its password hash, which stays inside this service), none otherwise.
   */
  linkGrant(): string | undefined;
}

/** What the caller runs. Empty strings count as absent (fastlane sends nil as ""). */
export interface LatestInput {
  bundleId?: string | undefined;
  releaseVersion?: string | undefined;
  buildVersion?: string | undefined;
}

export interface VersionsPageInput {
  page: number;
  perPage: number;
}

/** One page of a channel's builds, with what the pagination headers say. */
export interface VersionsPage {
  items: Release[];
  total: number;
  page: number;
  perPage: number;
}

export interface VersionExistInput {
  bundleId?: string | undefined;
  releaseVersion?: string | undefined;
  buildVersion?: string | undefined;
  gitCommit?: string | undefined;
}

interface Deps {
  versionsRepository: VersionsRepository;
  /** The database handle's write generation; answers are cached until it moves (cache.ts); undefined: cache nothing. */
  writeGeneration?: () => number | undefined;
  /** How long a cached answer may live when other instances write (default 2 s; 0 disables). */
  cacheTtlMs?: number;
  /** Ages the cached answers; the server's clock from app.ts. */
  clock: Clock;
  /** Signs the grants in the links to a password-protected channel. */
  grants: Pick<Grants, 'issue'>;
}

const CACHE_MAX_ENTRIES = 10_000;

export function createVersionsService({ versionsRepository, writeGeneration, cacheTtlMs = 2000, clock, grants }: Deps) {
  const caching = writeGeneration !== undefined && cacheTtlMs > 0;
  const cacheOptions = { ttlMs: cacheTtlMs, maxEntries: CACHE_MAX_ENTRIES, clock };
  const channelCache = createAnswerCache<VersionChannel>(writeGeneration ?? (() => 0), cacheOptions);
  const latestCache = createAnswerCache<Release[]>(writeGeneration ?? (() => 0), cacheOptions);

  return {
    /** The channel for a channel key; an absent, empty or unknown key is refused. */
    async resolveChannel(key: string | undefined): Promise<VersionChannel> {
      if (key === undefined || key === '' || key.length > CHANNEL_KEY_MAX) throw new UnauthorizedError(UNAUTHORIZED_CHANNEL_KEY, 'channel.key_invalid');
      return caching ? channelCache.through(key, () => this.lookupChannel(key)) : this.lookupChannel(key);
    },

    async lookupChannel(key: string): Promise<VersionChannel> {
      const row = await versionsRepository.findChannelByKey(key);
      if (!row) throw new UnauthorizedError(UNAUTHORIZED_CHANNEL_KEY, 'channel.key_invalid');
      return {
        context: {
          app: { id: row.app_id, name: row.app_name },
          scheme: {
            id: row.scheme_id,
            name: row.scheme_name,
            newBuildCallout: Boolean(row.new_build_callout),
            retainedBuilds: row.retained_builds,
          },
          channel: { id: row.channel_id, name: row.channel_name, slug: row.slug },
        },
        bundleId: row.bundle_id,
        gitUrl: row.git_url,
        linkGrant: () => linkGrantFor(grants, { id: row.channel_id, password_hash: row.password_hash }),
      };
    },

    /**
     * The channel's builds newer than the caller's, newest (highest version) first, at most
     * LATEST_RELEASES_MAX:
     *   release_version and build_version: (release, build) greater than the caller's — a
     *     higher release_version whatever its build, or the same one with a higher build;
     *   release_version only: a higher release_version (a build of the same release is not newer);
     *   build_version only: a higher build_version, whatever the release_version;
     *   neither: every build.
     * With bundle_id, only builds with that bundle id.
     */
    async latest(channel: VersionChannel, input: LatestInput): Promise<Release[]> {
      const cacheKey = JSON.stringify([channel.context.channel.id, input.bundleId ?? '', input.releaseVersion ?? '', input.buildVersion ?? '']);
      return caching ? latestCache.through(cacheKey, () => this.findLatest(channel, input)) : this.findLatest(channel, input);
    },

    async findLatest(channel: VersionChannel, input: LatestInput): Promise<Release[]> {
      const releaseVersion = emptyToUndefined(input.releaseVersion);
      const buildVersion = emptyToUndefined(input.buildVersion);
      const filter: NewerReleasesFilter = { bundleId: emptyToUndefined(input.bundleId) };
      if (releaseVersion !== undefined && buildVersion !== undefined) filter.keyAbove = versionKey(releaseVersion, buildVersion);
      else if (releaseVersion !== undefined) filter.keyAbove = releaseOnlyKey(releaseVersion);
      else if (buildVersion !== undefined) filter.buildKeyAbove = encodeVersion(buildVersion);
      const rows = await versionsRepository.listNewer(channel.context.channel.id, filter, LATEST_RELEASES_MAX);
      return rows.map(toRelease);
    },

    /** One page of the channel's history, the latest upload first. */
    async versions(channel: VersionChannel, { page, perPage }: VersionsPageInput): Promise<VersionsPage> {
      const channelId = channel.context.channel.id;
      const [rows, total] = await Promise.all([
        versionsRepository.listPage(channelId, perPage, (page - 1) * perPage),
        versionsRepository.count(channelId),
      ]);
      return { items: rows.map(toRelease), total, page, perPage };
    },

    /**
     * The latest upload with exactly this bundle_id and either this release_version and
     * build_version, or this git_commit (all given fields must match).
     */
    async versionExist(channel: VersionChannel, input: VersionExistInput): Promise<Release> {
      const bundleId = emptyToUndefined(input.bundleId);
      const releaseVersion = emptyToUndefined(input.releaseVersion);
      const buildVersion = emptyToUndefined(input.buildVersion);
      const gitCommit = emptyToUndefined(input.gitCommit);
      const details: FieldErrors = {};
      if (bundleId === undefined) details.bundle_id = [BLANK];
      // Whatever is given is looked up, as Zealot does: fastlane sends a nil build_version as an
      // empty key, and "is 2.1.0 there?" then means any build of 2.1.0. Only nothing to look for is refused.
      if (gitCommit === undefined && releaseVersion === undefined && buildVersion === undefined) {
        details.release_version = [fieldIssue('required', 'is required unless git_commit is given')];
        details.build_version = [fieldIssue('required', 'is required unless git_commit is given')];
        details.git_commit = [fieldIssue('required', 'is required unless release_version and build_version are given')];
      }
      if (bundleId === undefined || Object.keys(details).length > 0) throw new ValidationError(details, VERSION_EXIST_COMBINATIONS, 'version.lookup_incomplete');
      const row = await versionsRepository.findExisting(channel.context.channel.id, { bundleId, releaseVersion, buildVersion, gitCommit });
      if (!row) throw new NotFoundError('Not found release', 'release.not_found');
      return toRelease(row);
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
