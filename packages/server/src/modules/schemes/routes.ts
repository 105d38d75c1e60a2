// /api/apps/{app_id}/schemes and /api/schemes/{id}. HTTP only; the rules are in service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, PaginationQuery, authErrors } from '../../http/schemas.ts';
import { AppIdParams } from '../apps/schemas.ts';
import { CreateSchemeBody, SchemeResponse, UpdateSchemeBody, toSchemeResponse } from './schemas.ts';
import type { SchemesService } from './service.ts';

const tags = ['Schemes'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };

export const schemesRoutes: FastifyPluginAsyncTypebox<{ schemesService: SchemesService }> = async (app, { schemesService }) => {
  app.get(
    '/apps/:app_id/schemes',
    {
      config,
      schema: {
        operationId: 'listSchemes',
        tags,
        summary: "List an app's schemes",
        description: 'Any collaborator of the app. A plain array in id order, each with its channels; totals in the X-Total-Count and Link headers.',
        params: AppIdParams,
        querystring: PaginationQuery,
        response: { 200: Type.Array(SchemeResponse, { description: "The app's schemes." }), ...authErrors(), ...notFound, ...invalid },
      },
    },
    async (request, reply) => {
      const { page, perPage } = pageParams(request.query);
      const result = await schemesService.list({ actor: actorOf(request), appId: request.params.app_id, page, perPage });
      setPaginationHeaders(request, reply, result);
      return result.items.map(toSchemeResponse);
    },
  );

  app.post(
    '/apps/:app_id/schemes',
    {
      config,
      schema: {
        operationId: 'createScheme',
        tags,
        summary: 'Create a scheme',
        description: "The app's admins only; 409 when the app is archived.",
        params: AppIdParams,
        body: CreateSchemeBody,
        response: { 201: SchemeResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
      },
    },
    async (request, reply) => {
      const { name, new_build_callout: newBuildCallout, retained_builds: retainedBuilds } = request.body;
      const input = { actor: actorOf(request), appId: request.params.app_id, name, newBuildCallout, retainedBuilds };
      const scheme = await schemesService.create(input);
      return reply.code(201).send(toSchemeResponse(scheme));
    },
  );

  app.get(
    '/schemes/:id',
    {
      config,
      schema: {
        operationId: 'getScheme',
        tags,
        summary: 'Get a scheme',
        description: 'Any collaborator of the app.',
        params: IdParams,
        response: { 200: SchemeResponse, ...authErrors(), ...notFound },
      },
    },
    async (request) => toSchemeResponse(await schemesService.get(actorOf(request), request.params.id)),
  );

  app.put(
    '/schemes/:id',
    {
      config,
      schema: {
        operationId: 'updateScheme',
        tags,
        summary: 'Update a scheme',
        description: "The app's admins only; 409 when the app is archived. Send only the fields to change.",
        params: IdParams,
        body: UpdateSchemeBody,
        response: { 200: SchemeResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
      },
    },
    async (request) => {
      const { name, new_build_callout: newBuildCallout, retained_builds: retainedBuilds } = request.body;
      const input = { actor: actorOf(request), id: request.params.id, name, newBuildCallout, retainedBuilds };
      return toSchemeResponse(await schemesService.update(input));
    },
  );

  app.delete(
    '/schemes/:id',
    {
      config,
      schema: {
        operationId: 'deleteScheme',
        tags,
        summary: 'Delete a scheme',
        description: "The app's admins only; 409 when the app is archived. Removes its channels, their releases and the releases' stored files.",
        params: IdParams,
        response: { 200: MessageResponse, ...authErrors(), ...notFound, ...conflict },
      },
    },
    async (request) => {
      const { scheme, app: owner } = await schemesService.get(actorOf(request), request.params.id);
      const { leftoverKeys } = await schemesService.delete(actorOf(request), request.params.id);
      await request.audit('scheme.delete', { target: { type: 'scheme', id: scheme.id, name: scheme.name }, details: { app_id: owner.id, app: owner.name } });
      if (leftoverKeys.length > 0) request.log.warn({ keys: leftoverKeys }, 'stored files could not be removed after deleting a scheme');
      return { message: 'OK' as const };
    },
  );
};
