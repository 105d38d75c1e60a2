// /api/schemes/{scheme_id}/channels and /api/channels/{id}. HTTP only; the rules are in service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, PaginationQuery, authErrors } from '../../http/schemas.ts';
import {
  ChannelDetailResponse,
  ChannelResponse,
  CreateChannelBody,
  SchemeIdParams,
  UpdateChannelBody,
  toChannelDetailResponse,
  toChannelResponse,
  toChannelFields,
} from './schemas.ts';
import type { ChannelsService } from './service.ts';
import type { FastifyRequest } from 'fastify';
import type { ChannelDetail } from './types.ts';

const tags = ['Channels'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };
const keyNote = 'The key is included for the app’s developers and admins (and global admins) only.';

// The route options (what each route takes and answers, and its OpenAPI text), one per route.

const listChannels = {
  config,
  schema: {
    operationId: 'listChannels',
    tags,
    summary: "List a scheme's channels",
    description: `Any collaborator of the app. A plain array in id order; totals in the X-Total-Count and Link headers. ${keyNote}`,
    params: SchemeIdParams,
    querystring: PaginationQuery,
    response: { 200: Type.Array(ChannelResponse, { description: "The scheme's channels." }), ...authErrors(), ...notFound, ...invalid },
  },
};

const createChannel = {
  config,
  schema: {
    operationId: 'createChannel',
    tags,
    summary: 'Create a channel',
    description: "The app's admins only; 409 when the app is archived. A random slug when none is given, and a new secret key.",
    params: SchemeIdParams,
    body: CreateChannelBody,
    response: { 201: ChannelDetailResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
  },
};

const getChannel = {
  config,
  schema: {
    operationId: 'getChannel',
    tags,
    summary: 'Get a channel',
    description: `Any collaborator of the app. ${keyNote}`,
    params: IdParams,
    response: { 200: ChannelDetailResponse, ...authErrors(), ...notFound },
  },
};

const updateChannel = {
  config,
  schema: {
    operationId: 'updateChannel',
    tags,
    summary: 'Update a channel',
    description: "The app's admins only; 409 when the app is archived. Send only the fields to change; `password: \"\"` removes the password.",
    params: IdParams,
    body: UpdateChannelBody,
    response: { 200: ChannelDetailResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
  },
};

const deleteChannel = {
  config,
  schema: {
    operationId: 'deleteChannel',
    tags,
    summary: 'Delete a channel',
    description: "The app's admins only; 409 when the app is archived. Removes the channel's releases and their stored files.",
    params: IdParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound, ...conflict },
  },
};

const regenerateChannelKey = {
  config,
  schema: {
    operationId: 'regenerateChannelKey',
    tags,
    summary: "Regenerate a channel's key",
    description:
      "The app's admins only. The old key stops working at once (uploads, version checks); answers the channel with its new key. Works on archived apps too.",
    params: IdParams,
    response: { 200: ChannelDetailResponse, ...authErrors(), ...notFound },
  },
};

const channelTarget = (detail: ChannelDetail) => ({ type: 'channel', id: detail.channel.id, name: detail.channel.name });

/** channel.password_change when the channel's password was set, changed or removed (never the password). */
async function auditPassword(request: FastifyRequest, before: ChannelDetail | null, after: ChannelDetail): Promise<void> {
  const was = before?.channel.password_hash ?? null;
  const now = after.channel.password_hash;
  if (was === now) return;
  const change = was === null ? 'set' : now === null ? 'removed' : 'changed';
  await request.audit('channel.password_change', { target: channelTarget(after), details: { change, slug: after.channel.slug, app_id: after.app.id } });
}

export const channelsRoutes: FastifyPluginAsyncTypebox<{ channelsService: ChannelsService }> = async (app, { channelsService }) => {
  app.get(
    '/schemes/:scheme_id/channels',
    listChannels,
    async (request, reply) => {
      const { page, perPage } = pageParams(request.query);
      const result = await channelsService.list({ actor: actorOf(request), schemeId: request.params.scheme_id, page, perPage });
      setPaginationHeaders(request, reply, result);
      return result.items.map((view) => toChannelResponse(view.channel, view.withKey));
    },
  );

  app.post(
    '/schemes/:scheme_id/channels',
    createChannel,
    async (request, reply) => {
      const channel = await channelsService.create({
        actor: actorOf(request),
        schemeId: request.params.scheme_id,
        ...toChannelFields(request.body),
      });
      await auditPassword(request, null, channel);
      return reply.code(201).send(toChannelDetailResponse(channel));
    },
  );

  app.get(
    '/channels/:id',
    getChannel,
    async (request) => toChannelDetailResponse(await channelsService.get(actorOf(request), request.params.id)),
  );

  app.put(
    '/channels/:id',
    updateChannel,
    async (request) => {
      const before = await channelsService.get(actorOf(request), request.params.id);
      const channel = await channelsService.update({ actor: actorOf(request), id: request.params.id, ...toChannelFields(request.body) });
      await auditPassword(request, before, channel);
      return toChannelDetailResponse(channel);
    },
  );

  app.delete(
    '/channels/:id',
    deleteChannel,
    async (request) => {
      const { channel, scheme, app: owner } = await channelsService.get(actorOf(request), request.params.id);
      const { leftoverKeys } = await channelsService.delete(actorOf(request), request.params.id);
      const details = { slug: channel.slug, scheme: scheme.name, app_id: owner.id, app: owner.name };
      await request.audit('channel.delete', { target: { type: 'channel', id: channel.id, name: channel.name }, details });
      if (leftoverKeys.length > 0) request.log.warn({ keys: leftoverKeys }, 'stored files could not be removed after deleting a channel');
      return { message: 'OK' as const };
    },
  );

  app.post(
    '/channels/:id/key',
    regenerateChannelKey,
    async (request) => {
      const detail = await channelsService.regenerateKey(actorOf(request), request.params.id);
      // Never the key itself.
      await request.audit('channel.key_change', { target: channelTarget(detail), details: { app_id: detail.app.id, app: detail.app.name } });
      return toChannelDetailResponse(detail);
    },
  );
};
