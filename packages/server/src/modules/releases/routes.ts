// /api/releases/{id} and its icon. HTTP only; the rules are in service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { parseChangelog, parseCustomFields } from '../uploads/fns.ts';
import { ReleaseDetailResponse, UpdateReleaseBody, toReleaseDetailResponse } from './schemas.ts';
import type { ReleasesService } from './service.ts';

const tags = ['Releases'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };

/** A JSON body may carry changelog and custom fields as JSON itself; forms send them as text. */
function asText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function logLeftovers(log: FastifyBaseLogger, keys: string[], what: string): void {
  if (keys.length > 0) log.error({ keys }, `${what}: these stored files could not be removed and are left behind`);
}

export const releasesRoutes: FastifyPluginAsyncTypebox<{ releasesService: ReleasesService }> = async (app, { releasesService }) => {
  app.get(
    '/releases/:id',
    {
      config,
      schema: {
        operationId: 'getRelease',
        tags,
        summary: 'Get a release',
        description: 'Any collaborator of the app. The release with its app, scheme and channel; the channel key only for developers and admins.',
        params: IdParams,
        response: { 200: ReleaseDetailResponse, ...authErrors(), ...notFound, ...invalid },
      },
    },
    async (request) => toReleaseDetailResponse(await releasesService.get(actorOf(request), request.params.id), request.urls),
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
          'changelog and custom_fields take the same shapes as the upload.',
        params: IdParams,
        body: UpdateReleaseBody,
        response: { 200: ReleaseDetailResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
      },
    },
    async (request) => {
      const body = request.body;
      const errors: FieldErrors = {};
      const changelogText = asText(body.changelog);
      const customFieldsText = asText(body.custom_fields);
      const changelog = changelogText === undefined ? undefined : parseChangelog(changelogText, 'changelog', errors);
      const customFields = customFieldsText === undefined ? undefined : parseCustomFields(customFieldsText, 'custom_fields', errors);
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
      return toReleaseDetailResponse(view, request.urls);
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
      config: { auth: 'public' },
      schema: {
        operationId: 'getReleaseIcon',
        tags,
        summary: "A release's icon",
        description: 'The icon taken from the package, as PNG. 404 when the package had none. Public.',
        params: IdParams,
        response: {
          200: Type.Unsafe<Buffer>({ description: 'PNG image.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } }),
          ...notFound,
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      const stream = await releasesService.icon(request.params.id);
      return reply.type('image/png').send(stream);
    },
  );
};
