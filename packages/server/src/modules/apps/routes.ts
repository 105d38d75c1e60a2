// /api/apps and /api/apps/{id}: the apps a caller manages. HTTP only; the rules are in service.ts.
// Ids are integer params, so Zealot's static paths (/apps/upload, /apps/latest, /apps/versions,
// /apps/version_exist), registered by their own modules, always win over /apps/:id.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { toNewSchemeFields } from '../schemes/schemas.ts';
import {
  AppDetailResponse, AppIdParams, AppPresetsResponse, AppResponse, CreateAppBody, ListAppsQuery, TransferAppBody, UpdateAppBody,
  toAppDetailResponse, toAppPresetsResponse, toAppResponse,
} from './schemas.ts';
import type { AppsService } from './service.ts';
import type { GuestMode } from '../../auth/guest.ts';
import { guestOrUser } from '../../auth/guest.ts';

const tags = ['Apps'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };

// The route options (what each route takes and answers, and its OpenAPI text), one per route.

const listApps = {
  config: { auth: 'optional' as const },
  schema: {
    operationId: 'listApps',
    tags,
    summary: 'List apps',
    description:
      'A global admin sees every app, anyone else the apps they collaborate on; while guest mode is on, a caller who is not ' +
      'signed in sees the public apps (no owner, no channel keys). A plain array in id order, each app with its ' +
      "schemes and channels, its icon and build count, and each channel's build count and newest build; totals in the " +
      'X-Total-Count and Link headers.',
    querystring: ListAppsQuery,
    response: { 200: Type.Array(AppResponse, { description: 'One page of apps.' }), ...authErrors(), ...invalid },
  },
};

const createApp = {
  config,
  schema: {
    operationId: 'createApp',
    tags,
    summary: 'Create an app',
    description:
      'Global developers and admins. The caller becomes the owner and an admin of the app. Schemes and their channels may be created in the same request.',
    body: CreateAppBody,
    response: { 201: AppDetailResponse, ...authErrors(), ...invalid },
  },
};

const getAppPresets = {
  config,
  schema: {
    operationId: 'getAppPresets',
    tags,
    summary: 'Get the schemes a new app starts with',
    description:
      'Whoever may create apps (global developers and admins; others 403): the preset schemes and channels (the preset_schemes ' +
      'setting) that POST /api/apps creates when its body has no `schemes`, and the builds a new scheme keeps ' +
      '(default_retained_builds). Read at each request: a settings change shows at once.',
    response: { 200: AppPresetsResponse, ...authErrors() },
  },
};

const getApp = {
  config: { auth: 'optional' as const },
  schema: {
    operationId: 'getApp',
    tags,
    summary: 'Get an app',
    description:
      'Any collaborator of the app (and global admins): the app with its schemes, channels and collaborators. While guest mode is on, ' +
      'a caller who is not signed in gets a public app without collaborators, owner or channel keys; any other app is 404.',
    params: IdParams,
    response: { 200: AppDetailResponse, ...authErrors(), ...notFound },
  },
};

const updateApp = {
  config,
  schema: {
    operationId: 'updateApp',
    tags,
    summary: 'Update an app',
    description: "The app's admins only. An archived app refuses changes (409) unless the same request unarchives it (`archived: false`).",
    params: IdParams,
    body: UpdateAppBody,
    response: { 200: AppDetailResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
  },
};

const deleteApp = {
  config,
  schema: {
    operationId: 'deleteApp',
    tags,
    summary: 'Delete an app',
    description: "The app's admins only, archived or not. Removes its schemes, channels, collaborators, releases and the releases' stored files.",
    params: IdParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound },
  },
};

const archiveApp = {
  config,
  schema: {
    operationId: 'archiveApp',
    tags,
    summary: 'Archive an app',
    description: "The app's admins only. An archived app is read-only: no uploads, no changes to it, its schemes or channels. Archiving twice is harmless.",
    params: IdParams,
    response: { 200: AppDetailResponse, ...authErrors(), ...notFound },
  },
};

const unarchiveApp = {
  config,
  schema: {
    operationId: 'unarchiveApp',
    tags,
    summary: 'Unarchive an app',
    description: "The app's admins only. Unarchiving an active app is harmless.",
    params: IdParams,
    response: { 200: AppDetailResponse, ...authErrors(), ...notFound },
  },
};

const transferApp = {
  config,
  schema: {
    operationId: 'transferApp',
    tags,
    summary: "Transfer an app's ownership",
    description:
      'The owner or a global admin only. The new owner must already be a collaborator; they become an admin and the owner, and the old owner stays an admin.',
    params: AppIdParams,
    body: TransferAppBody,
    response: { 200: AppDetailResponse, ...authErrors(), ...notFound, ...invalid },
  },
};

interface Options {
  appsService: AppsService;
  /** Whether a caller who is not signed in may read public apps (the guest_mode setting). */
  guestMode: GuestMode;
}

export const appsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { appsService, guestMode }) => {
  const guest = { preValidation: guestOrUser(guestMode) };
  app.get(
    '/apps',
    { ...listApps, ...guest },
    async (request, reply) => {
      const { page, perPage } = pageParams(request.query);
      const input = { scope: request.query.scope ?? 'all', query: request.query.q, page, perPage };
      const result = request.auth ? await appsService.list({ actor: request.auth, ...input }) : await appsService.guestList(input);
      setPaginationHeaders(request, reply, result);
      return result.items.map((item) => toAppResponse(item, request.urls));
    },
  );

  app.post(
    '/apps',
    createApp,
    async (request, reply) => {
      const schemes = request.body.schemes?.map(toNewSchemeFields);
      const created = await appsService.create({ actor: actorOf(request), name: request.body.name, schemes });
      return reply.code(201).send(toAppDetailResponse(created, request.urls));
    },
  );

  app.get('/apps/presets', getAppPresets, async (request) => toAppPresetsResponse(await appsService.presets(actorOf(request))));

  app.get(
    '/apps/:id',
    { ...getApp, ...guest },
    async (request) => {
      const found = request.auth
        ? await appsService.get(request.auth, request.params.id)
        : await appsService.guestGet(await guestMode(), request.params.id);
      return toAppDetailResponse(found, request.urls);
    },
  );

  app.put(
    '/apps/:id',
    updateApp,
    async (request) => {
      const { name, archived, public: isPublic } = request.body;
      const updated = await appsService.update({ actor: actorOf(request), id: request.params.id, name, archived, public: isPublic });
      return toAppDetailResponse(updated, request.urls);
    },
  );

  app.delete(
    '/apps/:id',
    deleteApp,
    async (request) => {
      const { app } = await appsService.get(actorOf(request), request.params.id);
      const { leftoverKeys } = await appsService.delete(actorOf(request), request.params.id);
      await request.audit('app.delete', { target: { type: 'app', id: app.id, name: app.name } });
      if (leftoverKeys.length > 0) request.log.warn({ keys: leftoverKeys }, 'stored files could not be removed after deleting an app');
      return { message: 'OK' as const };
    },
  );

  app.post(
    '/apps/:id/archive',
    archiveApp,
    async (request) => toAppDetailResponse(await appsService.archive(actorOf(request), request.params.id), request.urls),
  );

  app.delete(
    '/apps/:id/archive',
    unarchiveApp,
    async (request) => toAppDetailResponse(await appsService.unarchive(actorOf(request), request.params.id), request.urls),
  );

  app.post(
    '/apps/:app_id/transfer',
    transferApp,
    async (request) => {
      const input = { actor: actorOf(request), id: request.params.app_id, userId: request.body.user_id };
      const before = await appsService.get(input.actor, input.id);
      const after = await appsService.transfer(input);
      if (before.owner?.id !== after.owner?.id) {
        const owner = { from: before.owner?.username ?? null, to: after.owner?.username ?? null };
        await request.audit('app.owner_transfer', { target: { type: 'app', id: after.app.id, name: after.app.name }, details: { owner } });
      }
      return toAppDetailResponse(after, request.urls);
    },
  );
};
