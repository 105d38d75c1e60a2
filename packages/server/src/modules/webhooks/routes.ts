// /api/channels/{id}/webhooks, /api/webhooks… HTTP only; the rules are in service.ts and actions.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, PaginationQuery, authErrors } from '../../http/schemas.ts';
import type { HookFields } from './input.ts';
import type { LoadWebhooks } from './lazy.ts';
import {
  ChannelIdParams, CreateSharedWebhookBody, CreateWebhookBody, DeliveryParams, DeliveryResponse, PreviewBody, PreviewResponse,
  UpdateWebhookBody, WebhookResponse,
} from './schemas.ts';
import type { UpdateWebhookBody as UpdateBody } from './schemas.ts';

const tags = ['Webhooks'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };
/** An archived app's own hooks do not change. */
const archived = { 409: Type.Ref('ErrorResponse') };
const hidden = 'URLs and secrets are never answered: url_masked and has_secret say what is set.';

function route<S>(operationId: string, summary: string, description: string, schema: S) {
  return { config, schema: { operationId, tags, summary, description, ...schema } };
}

const routes = {
  listChannel: route('listChannelWebhooks', "List a channel's webhooks", 'Anyone who may read the app: the channel\'s own hooks and the shared hooks attached to it ' +
    `(editable only for who may change them). A plain array. ${hidden}`, {
    params: ChannelIdParams,
    response: { 200: Type.Array(WebhookResponse, { description: "The channel's hooks and the shared hooks attached to it." }), ...authErrors(), ...notFound },
  }),
  createChannel: route('createChannelWebhook', 'Create a channel webhook', "The app's admins and global admins. 422 names each bad field; 409 when the app is archived.", {
    params: ChannelIdParams,
    body: CreateWebhookBody,
    response: { 201: WebhookResponse, ...authErrors(), ...notFound, ...archived, ...invalid },
  }),
  listShared: route('listSharedWebhooks', 'List shared webhooks', 'Global admins only. Totals in the X-Total-Count and Link headers.', {
    querystring: PaginationQuery,
    response: { 200: Type.Array(WebhookResponse, { description: 'The shared hooks, by id.' }), ...authErrors(), ...invalid },
  }),
  createShared: route('createSharedWebhook', 'Create a shared webhook', 'Global admins only; channel_ids are the channels it posts for.', {
    body: CreateSharedWebhookBody,
    response: { 201: WebhookResponse, ...authErrors(), ...invalid },
  }),
  get: route('getWebhook', 'Get a webhook', `Who may read its channel's app (shared hooks: global admins, and the teams of its channels). ${hidden}`, {
    params: IdParams,
    response: { 200: WebhookResponse, ...authErrors(), ...notFound },
  }),
  update: route('updateWebhook', 'Change a webhook', 'Channel hooks: the app\'s admins (409 when the app is archived); shared hooks: global admins. Send only what changes.', {
    params: IdParams,
    body: UpdateWebhookBody,
    response: { 200: WebhookResponse, ...authErrors(), ...notFound, ...archived, ...invalid },
  }),
  delete: route('deleteWebhook', 'Delete a webhook', 'As for changing it. Its deliveries and their attempts go with it.', {
    params: IdParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound, ...archived },
  }),
  preview: route('previewWebhook', 'Preview a webhook body', 'The exact body a hook with these settings would post, from the channel\'s newest build ' +
    '(channel_id: who may manage its hooks), or the sample build. 422 on template for a bad template.', {
    body: PreviewBody,
    response: { 200: PreviewResponse, ...authErrors(), ...notFound, ...invalid },
  }),
  test: route('testWebhook', 'Send a test message', 'Queues a "test" delivery (the newest build of its first channel, or the sample); poll the deliveries.', {
    params: IdParams,
    response: { 202: DeliveryResponse, ...authErrors(), ...notFound, ...invalid },
  }),
  deliveries: route('listWebhookDeliveries', "List a webhook's deliveries", 'Newest first, each with its attempts. Shared hooks: global admins only.', {
    params: IdParams,
    querystring: PaginationQuery,
    response: { 200: Type.Array(DeliveryResponse, { description: 'Its deliveries, newest first.' }), ...authErrors(), ...notFound, ...invalid },
  }),
  redeliver: route('redeliverWebhook', 'Send a delivery again', 'A new delivery of the same body (a new id), queued now.', {
    params: DeliveryParams,
    response: { 202: DeliveryResponse, ...authErrors(), ...notFound },
  }),
};

function toFields(body: UpdateBody): HookFields {
  return {
    name: body.name,
    provider: body.provider,
    url: body.url,
    secret: body.secret,
    keyword: body.keyword,
    format: body.format,
    template: body.template,
    events: body.events,
    enabled: body.enabled,
    channelIds: body.channel_ids,
  };
}

export const webhooksRoutes: FastifyPluginAsyncTypebox<{ webhooks: LoadWebhooks }> = async (app, { webhooks }) => {
  app.get('/channels/:id/webhooks', routes.listChannel, async (request) => {
    const { service } = await webhooks();
    return service.listForChannel(actorOf(request), request.params.id);
  });

  app.post('/channels/:id/webhooks', routes.createChannel, async (request, reply) => {
    const { service } = await webhooks();
    const fields = toFields({ ...request.body, channel_ids: undefined });
    return reply.code(201).send(await service.createForChannel(actorOf(request), request.params.id, fields));
  });

  app.get('/webhooks', routes.listShared, async (request, reply) => {
    const { service } = await webhooks();
    const { page, perPage } = pageParams(request.query);
    const result = await service.listShared(actorOf(request), page, perPage);
    setPaginationHeaders(request, reply, result);
    return result.items;
  });

  app.post('/webhooks', routes.createShared, async (request, reply) => {
    const { service } = await webhooks();
    const fields = { ...toFields(request.body), channelIds: request.body.channel_ids };
    return reply.code(201).send(await service.createShared(actorOf(request), fields));
  });

  app.post('/webhooks/preview', routes.preview, async (request) => {
    const { actions } = await webhooks();
    return actions.preview(actorOf(request), request.body, request.urls.base);
  });

  app.get('/webhooks/:id', routes.get, async (request) => {
    const { service } = await webhooks();
    return service.get(actorOf(request), request.params.id);
  });

  app.put('/webhooks/:id', routes.update, async (request) => {
    const { service } = await webhooks();
    return service.update(actorOf(request), request.params.id, toFields(request.body));
  });

  app.delete('/webhooks/:id', routes.delete, async (request) => {
    const { service } = await webhooks();
    await service.delete(actorOf(request), request.params.id);
    return { message: 'OK' as const };
  });

  app.post('/webhooks/:id/test', routes.test, async (request, reply) => {
    const { actions } = await webhooks();
    return reply.code(202).send(await actions.test(actorOf(request), request.params.id, request.urls.base));
  });

  app.get('/webhooks/:id/deliveries', routes.deliveries, async (request, reply) => {
    const { actions } = await webhooks();
    const { page, perPage } = pageParams(request.query);
    const result = await actions.deliveries(actorOf(request), request.params.id, page, perPage);
    setPaginationHeaders(request, reply, result);
    return result.items;
  });

  app.post('/webhooks/:id/deliveries/:delivery_id/redeliver', routes.redeliver, async (request, reply) => {
    const { actions } = await webhooks();
    return reply.code(202).send(await actions.redeliver(actorOf(request), request.params.id, request.params.delivery_id));
  });
};
