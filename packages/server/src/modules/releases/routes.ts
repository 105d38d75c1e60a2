// /api/releases/{id} and its icon, and a channel's releases (the web app's builds list and its
// filters). HTTP only; the rules are in service.ts.
import type { Events } from '../../events/types.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { NotFoundError, RECORD_NOT_FOUND, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { callerOf } from '../access/http.ts';
import type { AccessService, PublicChannel } from '../access/service.ts';
import { guestOrUser } from '../../auth/guest.ts';
import type { GuestMode } from '../../auth/guest.ts';
import { guestMayReadBuilds } from '../../auth/policy.ts';
import { checkCustomFields, checkJsonDepth, parseChangelog, parseCustomFields } from '../uploads/fns.ts';
import type { JsonValue, ReleaseChanges } from './types.ts';
import {
  ChannelReleasesQuery,
  ReleaseDetailResponse,
  ReleaseFacetsResponse,
  ReleaseResponse,
  UpdateReleaseBody,
} from './schemas.ts';
import type { ReleasePresenter } from './presenter.ts';
import type { ReleasesService } from './service.ts';

const tags = ['Releases'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };

/**
 * A JSON body may carry the changelog as JSON itself; forms send it as text. The depth is
 * checked first: JSON.stringify recurses, and a deeply nested value would overflow the stack.
 */
function changelogText(value: unknown, errors: FieldErrors): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  return checkJsonDepth(value as JsonValue, 'changelog', errors) ? JSON.stringify(value) : undefined;
}

/**
 * Custom fields as JSON text (a form, or a string in a JSON body, as Zealot's clients send them) or,
 * in a JSON body, the value itself.
 */
function customFieldsOf(value: unknown, errors: FieldErrors): JsonValue | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return parseCustomFields(value, 'custom_fields', errors);
  return checkCustomFields(value as JsonValue, 'custom_fields', errors);
}

function logLeftovers(log: FastifyBaseLogger, keys: string[], what: string): void {
  if (keys.length > 0) log.error({ keys }, `${what}: these stored files could not be removed and are left behind`);
}

/** The edit as the service takes it; 422 with every field's problem when the body does not parse. */
function releaseChanges(body: Static<typeof UpdateReleaseBody>): ReleaseChanges {
  const errors: FieldErrors = {};
  const changelogSent = changelogText(body.changelog, errors);
  const changelog = changelogSent === undefined ? undefined : parseChangelog(changelogSent, 'changelog', errors);
  const customFields = customFieldsOf(body.custom_fields, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    releaseVersion: body.release_version,
    buildVersion: body.build_version,
    releaseType: body.release_type,
    source: body.source,
    branch: body.branch,
    gitCommit: body.git_commit,
    ciUrl: body.ci_url,
    changelog,
    customFields,
  };
}

// The route options (what each route takes and answers, and its OpenAPI text), one per route.

const GUEST_NOTE =
  'While guest mode is on, a caller who is not signed in reads the channels without a password of public apps (no channel key, ' +
  'no grant); anything else is 404, and with guest mode off it is 401 as before.';

const listChannelReleases = {
  config: { auth: 'optional' as const },
  schema: {
    operationId: 'listChannelReleases',
    tags,
    summary: "List a channel's releases",
    description:
      'Any collaborator of the app. The builds list of the web app: the latest upload first, filtered by branch, release type and ' +
      'version text; a plain array of releases, totals in the X-Total-Count, X-Total-Pages and Link headers. For a password-protected ' +
      'channel, install_url, download_url and icon_url carry a `grant` as in GET /api/releases/{id}. ' + GUEST_NOTE,
    params: IdParams,
    querystring: ChannelReleasesQuery,
    response: {
      200: Type.Array(ReleaseResponse, { description: "One page of the channel's releases." }),
      ...authErrors(), ...notFound, ...invalid,
    },
  },
};

const listChannelReleaseFacets = {
  config: { auth: 'optional' as const },
  schema: {
    operationId: 'listChannelReleaseFacets',
    tags,
    summary: "A channel's branches and release types",
    description:
      "Any collaborator of the app. The distinct branches and release types of the channel's releases, with counts: the choices of " +
      "the builds list's filters. " + GUEST_NOTE,
    params: IdParams,
    response: { 200: ReleaseFacetsResponse, ...authErrors(), ...notFound, ...invalid },
  },
};

const getRelease = {
  config: { auth: 'optional' as const },
  schema: {
    operationId: 'getRelease',
    tags,
    summary: 'Get a release',
    description:
      'Any collaborator of the app. The release with its app, scheme and channel; the channel key only for developers and admins. ' +
      'For a password-protected channel, install_url, download_url and icon_url carry a `grant`, so the links work without the password. ' +
      GUEST_NOTE,
    params: IdParams,
    response: { 200: ReleaseDetailResponse, ...authErrors(), ...notFound, ...invalid },
  },
};

const updateRelease = {
  config,
  schema: {
    operationId: 'updateRelease',
    tags,
    summary: 'Update a release',
    description:
      "The app's developers and admins; 409 when the app is archived. JSON, a form or multipart fields; send only what changes. " +
      'changelog and custom_fields take the same shapes as the upload; custom_fields is stored and answered exactly as sent (any JSON).',
    params: IdParams,
    body: UpdateReleaseBody,
    response: { 200: ReleaseDetailResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
  },
};

const deleteRelease = {
  config,
  schema: {
    operationId: 'deleteRelease',
    tags,
    summary: 'Delete a release',
    description: "The app's developers and admins; 409 when the app is archived. Removes the row, then the package and icon.",
    params: IdParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
  },
};

const getReleaseIcon = {
  // Optional: the team's session or token opens it, and so does a grant.
  config: { auth: 'optional' as const },
  schema: {
    operationId: 'getReleaseIcon',
    tags,
    summary: "A release's icon",
    description:
      "The icon taken from the package, as PNG; 404 when the package had none. Only for the app's team (a collaborator or " +
      "global admin, signed in or with a token) or the holder of the channel's grant (the `grant` parameter, or the cookie the " +
      "release page sets), and while guest mode is on anyone for a public app's channel without a password; 404 for anyone " +
      'else, as for a release that does not exist. The public icon URL, which carries the ' +
      "channel's slug, is the icon_url in release answers.",
    params: IdParams,
    querystring: Type.Object({
      grant: Type.Optional(Type.String({ maxLength: 200, description: 'A channel grant, as in icon_url.' })),
    }),
    response: {
      200: Type.Unsafe<Buffer>({ description: 'PNG image.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } }),
      401: Type.Ref('ErrorResponse'),
      403: Type.Ref('ErrorResponse'),
      ...notFound,
      ...invalid,
    },
  },
};

interface Options {
  releasesService: ReleasesService;
  /** The answers with their links (a guarded channel's carry a grant). */
  releasePresenter: ReleasePresenter;
  /** The public-access rules: who may fetch a guarded channel's icon. */
  accessService: AccessService;
  /** Whether a caller who is not signed in may read public apps' builds (the guest_mode setting). */
  guestMode: GuestMode;
  /** Where a changelog edit and a deletion are announced (webhooks). */
  events: Pick<Events, 'emit'>;
}

export const releasesRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { releasesService, releasePresenter, accessService, events, guestMode } = options;
  const guest = { preValidation: guestOrUser(guestMode) };
  app.get('/channels/:id/releases', { ...listChannelReleases, ...guest }, async (request, reply) => {
    const { page, perPage } = pageParams(request.query);
    const { branch, release_type: releaseType, q } = request.query;
    const filter = { branch, releaseType, query: q?.trim() };
    const input = { channelId: request.params.id, filter, page, perPage };
    const answer = request.auth
      ? await releasePresenter.listForChannel({ actor: request.auth, ...input }, request.urls)
      : await releasePresenter.guestListForChannel(await guestMode(), input, request.urls);
    setPaginationHeaders(request, reply, answer);
    return answer.items;
  });

  app.get('/channels/:id/releases/facets', { ...listChannelReleaseFacets, ...guest }, async (request) => {
    const { branches, releaseTypes } = request.auth
      ? await releasesService.facets(request.auth, request.params.id)
      : await releasesService.guestFacets(await guestMode(), request.params.id);
    return { branches, release_types: releaseTypes };
  });

  app.get('/releases/:id', { ...getRelease, ...guest }, async (request) =>
    request.auth
      ? releasePresenter.get(request.auth, request.params.id, request.urls)
      : releasePresenter.guestGet(await guestMode(), request.params.id, request.urls));

  app.put('/releases/:id', updateRelease, async (request) => {
    const input = { actor: actorOf(request), id: request.params.id, ...releaseChanges(request.body) };
    const { answer, changelogChanged, channelId } = await releasePresenter.update(input, request.urls);
    if (changelogChanged) {
      await events.emit({ kind: 'changelog', channelId, releaseId: input.id, actorId: input.actor.userId, baseUrl: request.urls.base });
    }
    return answer;
  });

  app.delete('/releases/:id', deleteRelease, async (request) => {
    const actor = actorOf(request);
    const outcome = await releasesService.delete(actor, request.params.id);
    logLeftovers(request.log, outcome.leftoverKeys, `release ${request.params.id} deleted`);
    const { release } = outcome;
    const version = [release.release_version, release.build_version && `(${release.build_version})`].filter(Boolean).join(' ');
    await request.audit('release.delete', {
      target: { type: 'release', id: release.id, name: [release.name, version].filter(Boolean).join(' ') || null },
      details: { channel_id: release.channel_id, release_version: release.release_version, build_version: release.build_version },
    });
    await events.emit({
      kind: 'release_deleted', channelId: release.channel_id, releaseId: release.id, release: { ...release }, actorId: actor.userId,
      baseUrl: request.urls.base,
    });
    return { message: 'OK' as const };
  });

  app.get('/releases/:id/icon', getReleaseIcon, async (request, reply) => {
    // An id can be counted: only an entitled caller learns that the release exists.
    const found = await accessService.release(request.params.id);
    const open = async (channel: PublicChannel) =>
      (await accessService.entitled(channel, callerOf(request, channel.id))) ||
      (!request.auth && guestMayReadBuilds(await guestMode(), channel));
    if (!found || !(await open(found.channel))) throw new NotFoundError(RECORD_NOT_FOUND, 'release.not_found');
    const stream = await releasesService.icon(request.params.id);
    return reply.type('image/png').send(stream);
  });
};
