// /api/apps/latest, /api/apps/versions, /api/apps/version_exist: the version checks Zealot's
// SDKs and fastlane make. No user token: the channel key is the credential, checked before the
// input is validated (a bad key is 401 whatever else is sent).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { ReleaseResponse } from '../releases/schemas.ts';
import { presentChannelReleases, presentRelease } from './presenter.ts';
import { ChannelReleasesResponse, LatestQuery, VersionExistQuery, VersionsQuery, VERSIONS_PER_PAGE_DEFAULT } from './schemas.ts';
import type { Release } from '../releases/types.ts';
import type { VersionChannel, VersionsService } from './service.ts';

const tags = ['Versions'];
const config = { auth: 'public' as const };
const unauthorized = { 401: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };

// The route options (what each route takes and answers, and its OpenAPI text), one per route.
// Every installed app polls these: requests are logged only when something goes wrong.

const getLatestReleases = {
  config,
  logLevel: 'warn' as const,
  schema: {
    operationId: 'getLatestReleases',
    tags,
    summary: 'Builds newer than the caller’s',
    description:
      'What the Zealot SDKs call at start-up. `releases` holds the channel’s builds newer than the given versions, newest first, at most 50, ' +
      'always an array (empty: up to date). With release_version and build_version, newer means a higher release_version, or the same one with a ' +
      'higher build_version; with only one of them, that one alone decides; with neither, every build. Versions compare as RubyGems versions ' +
      '(`1.10` > `1.9`, `1.0` = `1`, `1.0.rc1` < `1.0`). `Last-Modified` is the newest answered build’s upload time.',
    querystring: LatestQuery,
    response: { 200: ChannelReleasesResponse, ...unauthorized, ...invalid },
  },
};

const listChannelVersions = {
  config,
  logLevel: 'warn' as const,
  schema: {
    operationId: 'listChannelVersions',
    tags,
    summary: 'A channel’s builds, page by page',
    description:
      `The channel’s builds, the latest upload first, ${VERSIONS_PER_PAGE_DEFAULT} per page unless per_page says otherwise. ` +
      'Totals are in the X-Total-Count, X-Total-Pages and Link headers.',
    querystring: VersionsQuery,
    response: { 200: ChannelReleasesResponse, ...unauthorized, ...invalid },
  },
};

const checkVersionExists = {
  config,
  logLevel: 'warn' as const,
  schema: {
    operationId: 'checkVersionExists',
    tags,
    summary: 'Whether a build was already uploaded',
    description:
      'What fastlane’s zealot_version_check calls. Send bundle_id with release_version and build_version, or bundle_id with git_commit; ' +
      'every one given (not empty) must match exactly, so release_version alone finds any build of it. ' +
      'Answers the latest matching build, or 404 `Not found release`; 422 when none of the three is given.',
    querystring: VersionExistQuery,
    response: { 200: ReleaseResponse, ...unauthorized, 404: Type.Ref('ErrorResponse'), ...invalid },
  },
};

/** The upload time of the newest of `releases`, if any: the answer's Last-Modified. */
function newestUpload(releases: Release[]): string | undefined {
  let newest: string | undefined;
  for (const release of releases) if (newest === undefined || release.createdAt > newest) newest = release.createdAt;
  return newest;
}

interface Options {
  versionsService: VersionsService;
}

export const versionsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { versionsService }) => {
  const channels = new WeakMap<FastifyRequest, VersionChannel>();

  /** preValidation: the query is not validated yet, so only a single string counts as a key. */
  async function resolveChannel(request: FastifyRequest): Promise<void> {
    const key = (request.query as Record<string, unknown> | undefined)?.channel_key;
    channels.set(request, await versionsService.resolveChannel(typeof key === 'string' ? key : undefined));
  }
  function channelOf(request: FastifyRequest): VersionChannel {
    const channel = channels.get(request);
    if (!channel) throw new Error('version route without its channel');
    return channel;
  }

  app.get('/apps/latest', { ...getLatestReleases, preValidation: resolveChannel }, async (request, reply) => {
    const channel = channelOf(request);
    const { bundle_id: bundleId, release_version: releaseVersion, build_version: buildVersion } = request.query;
    const releases = await versionsService.latest(channel, { bundleId, releaseVersion, buildVersion });
    const newest = newestUpload(releases);
    if (newest !== undefined) reply.header('last-modified', new Date(newest).toUTCString());
    return presentChannelReleases(channel, releases, request.urls);
  });

  app.get('/apps/versions', { ...listChannelVersions, preValidation: resolveChannel }, async (request, reply) => {
    const channel = channelOf(request);
    const page = { page: request.query.page ?? 1, perPage: request.query.per_page ?? VERSIONS_PER_PAGE_DEFAULT };
    const result = await versionsService.versions(channel, page);
    setPaginationHeaders(request, reply, result);
    return presentChannelReleases(channel, result.items, request.urls);
  });

  app.get('/apps/version_exist', { ...checkVersionExists, preValidation: resolveChannel }, async (request) => {
    const channel = channelOf(request);
    const { bundle_id: bundleId, release_version: releaseVersion, build_version: buildVersion, git_commit: gitCommit } = request.query;
    const release = await versionsService.versionExist(channel, { bundleId, releaseVersion, buildVersion, gitCommit });
    return presentRelease(channel, release, request.urls);
  });
};
