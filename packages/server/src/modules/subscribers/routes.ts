// /api/channels/{id}/subscribers: the people told by mail of a channel's new builds. HTTP only;
// the rules are in service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, PaginationQuery, authErrors } from '../../http/schemas.ts';
import { AddSubscriberBody, SubscriberParams, SubscriberResponse, toSubscriberResponse } from './schemas.ts';
import type { SubscribersService } from './service.ts';

const tags = ['Channels'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };
/** Whether TARMAC_SMTP_URL is set: without it nobody is mailed (the list and the API still work). */
const MAIL_HEADER = 'x-mail-configured';

const listSubscribers = {
  config,
  schema: {
    operationId: 'listChannelSubscribers',
    tags,
    summary: "List a channel's subscribers",
    description:
      'Any collaborator of the app. A plain array, oldest first; totals in the X-Total-Count and Link headers. ' +
      'The X-Mail-Configured header is `true` when the server sends mail (TARMAC_SMTP_URL), `false` when nobody is mailed.',
    params: IdParams,
    querystring: PaginationQuery,
    response: { 200: Type.Array(SubscriberResponse, { description: "The channel's subscribers." }), ...authErrors(), ...notFound, ...invalid },
  },
};

const addSubscriber = {
  config,
  schema: {
    operationId: 'addChannelSubscriber',
    tags,
    summary: 'Add a subscriber to a channel',
    description:
      "The app's admins only; 409 when the address is already subscribed or the app is archived. The address is active at once " +
      '(a pending one from the install page becomes active) and gets a mail saying who added it, with a link to unsubscribe.',
    params: IdParams,
    body: AddSubscriberBody,
    response: { 201: SubscriberResponse, ...authErrors(), ...notFound, 409: Type.Ref('ErrorResponse'), ...invalid },
  },
};

const removeSubscriber = {
  config,
  schema: {
    operationId: 'removeChannelSubscriber',
    tags,
    summary: 'Remove a subscriber from a channel',
    description: "The app's admins only. No mail is sent.",
    params: SubscriberParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound },
  },
};

type Options = { subscribersService: SubscribersService };

export const subscribersRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { subscribersService }) => {
  app.get('/channels/:id/subscribers', listSubscribers, async (request, reply) => {
    const { page, perPage } = pageParams(request.query);
    const result = await subscribersService.list({ actor: actorOf(request), channelId: request.params.id, page, perPage });
    setPaginationHeaders(request, reply, result);
    reply.header(MAIL_HEADER, String(subscribersService.mailConfigured));
    return result.items.map(toSubscriberResponse);
  });

  app.post('/channels/:id/subscribers', addSubscriber, async (request, reply) => {
    const { email, locale } = request.body;
    const input = { actor: actorOf(request), channelId: request.params.id, email, locale, baseUrl: request.urls.base };
    const row = await subscribersService.add(input);
    return reply.code(201).send(toSubscriberResponse(row));
  });

  app.delete('/channels/:id/subscribers/:subscriber_id', removeSubscriber, async (request) => {
    await subscribersService.remove(actorOf(request), request.params.id, request.params.subscriber_id);
    return { message: 'OK' as const };
  });
};
