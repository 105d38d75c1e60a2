// /api/releases/{id} and its icon, and a channel's releases (the web app's builds list and its
// filters). HTTP only; the rules are in service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { callerOf } from '../access/http.ts';
import type { AccessService } from '../access/service.ts';
import { checkCustomFields, checkJsonDepth, parseChangelog, parseCustomFields } from '../uploads/fns.ts';
import { linkGrantFor } from './mapper.ts';
import type { JsonValue } from './types.ts';
import {
  ChannelReleasesQuery,
  ReleaseDetailResponse,
  ReleaseFacetsResponse,
  ReleaseResponse,
  UpdateReleaseBody,
  toReleaseDetailResponse,
  toReleaseResponse,
} from './schemas.ts';
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

/** Custom fields as JSON text (a form, or a string in a JSON body, as Zealot's clients send them) or, in a JSON body, the value itself. */
function customFieldsOf(value: unknown, errors: FieldErrors): JsonValue | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return parseCustomFields(value, 'custom_fields', errors);
  return checkCustomFields(value as JsonValue, 'custom_fields', errors);
}

function logLeftovers(log: FastifyBaseLogger, keys: string[], what: string): void {
  if (keys.length > 0) log.error({ keys }, `${what}: these stored files could not be removed and are left behind`);
}

interface Options {
  releasesService: ReleasesService;
  /** The public-access rules: who may fetch a guarded channel's icon, and the grants in links. */
  accessService: AccessService;
}

export const releasesRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { releasesService, accessService }) => {
  const grants = accessService.grants;

  app.get(
    '/channels/:id/releases',
    {
      config,
      schema: {
        operationId: 'listChannelReleases',
        tags,
        summary: "List a channel's releases",
        description:
          'Any collaborator of the app. The builds list of the web app: the latest upload first, filtered by branch, release type and ' +
          'version text; a plain array of releases, totals in the X-Total-Count, X-Total-Pages and Link headers. For a password-protected ' +
          'channel, install_url, download_url and icon_url carry a `grant` as in GET /api/releases/{id}.',
        params: IdParams,
        querystring: ChannelReleasesQuery,
        response: {
          200: Type.Array(ReleaseResponse, { description: "One page of the channel's releases." }),
          ...authErrors(), ...notFound, ...invalid,
        },
      },
    },
    async (request, reply) => {
      const { page, perPage } = pageParams(request.query);
      const { branch, release_type: releaseType, q } = request.query;
      const result = await releasesService.listForChannel({
        actor: actorOf(request),
        channelId: request.params.id,
        filter: { branch, releaseType, query: q?.trim() },
        page,
        perPage,
      });
      setPaginationHeaders(request, reply, result);
      const grant = linkGrantFor(grants, result.channel);
      return result.items.map((release) => toReleaseResponse(release, result.context, request.urls, grant));
    },
  );

  app.get(
    '/channels/:id/releases/facets',
    {
      config,
      schema: {
        operationId: 'listChannelReleaseFacets',
        tags,
        summary: "A channel's branches and release types",
        description: "Any collaborator of the app. The distinct branches and release types of the channel's releases, with counts: the choices of the builds list's filters.",
        params: IdParams,
        response: { 200: ReleaseFacetsResponse, ...authErrors(), ...notFound, ...invalid },
      },
    },
    async (request) => {
      const { branches, releaseTypes } = await releasesService.facets(actorOf(request), request.params.id);
      return { branches, release_types: releaseTypes };
    },
  );

  app.get(
    '/releases/:id',
    {
      config,
      schema: {
        operationId: 'getRelease',
        tags,
        summary: 'Get a release',
        description:
          'Any collaborator of the app. The release with its app, scheme and channel; the channel key only for developers and admins. ' +
          'For a password-protected channel, install_url, download_url and icon_url carry a `grant`, so the links work without the password.',
        params: IdParams,
        response: { 200: ReleaseDetailResponse, ...authErrors(), ...notFound, ...invalid },
      },
    },
    async (request) => {
      const view = await releasesService.get(actorOf(request), request.params.id);
      return toReleaseDetailResponse(view, request.urls, linkGrantFor(grants, view.channel));
    },
  );

  app.put(
    '/releases/:id',
    {
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
    },
    async (request) => {
      const body = request.body;
      const errors: FieldErrors = {};
      const changelogSent = changelogText(body.changelog, errors);
      const changelog = changelogSent === undefined ? undefined : parseChangelog(changelogSent, 'changelog', errors);
      const customFields = customFieldsOf(body.custom_fields, errors);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const view = await releasesService.update({
        actor: actorOf(request),
        id: request.params.id,
        releaseVersion: body.release_version,
        buildVersion: body.build_version,
        releaseType: body.release_type,
        source: body.source,
        branch: body.branch,
        gitCommit: body.git_commit,
        ciUrl: body.ci_url,
        changelog,
        customFields,
      });
      return toReleaseDetailResponse(view, request.urls, linkGrantFor(grants, view.channel));
    },
  );

  app.delete(
    '/releases/:id',
    {
      config,
      schema: {
        operationId: 'deleteRelease',
        tags,
        summary: 'Delete a release',
        description: "The app's developers and admins; 409 when the app is archived. Removes the row, then the package and icon.",
        params: IdParams,
        response: { 200: MessageResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
      },
    },
    async (request) => {
      const outcome = await releasesService.delete(actorOf(request), request.params.id);
      logLeftovers(request.log, outcome.leftoverKeys, `release ${request.params.id} deleted`);
      return { message: 'OK' as const };
    },
  );

  app.get(
    '/releases/:id/icon',
    {
      // Optional: the team's session or token opens it, and so does a grant.
      config: { auth: 'optional' },
      schema: {
        operationId: 'getReleaseIcon',
        tags,
        summary: "A release's icon",
        description:
          "The icon taken from the package, as PNG; 404 when the package had none. Only for the app's team (a collaborator or " +
          "global admin, signed in or with a token) or the holder of the channel's grant (the `grant` parameter, or the cookie the " +
          'release page sets); 404 for anyone else, as for a release that does not exist. The public icon URL, which carries the ' +
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
    },
    async (request, reply) => {
      // An id can be counted: only an entitled caller learns that the release exists.
      const found = await accessService.release(request.params.id);
      if (!found || !(await accessService.entitled(found.channel, callerOf(request, found.channel.id)))) throw new NotFoundError();
      const stream = await releasesService.icon(request.params.id);
      return reply.type('image/png').send(stream);
    },
  );
};
