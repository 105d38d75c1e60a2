// /api/user/tokens: the caller's personal access tokens.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { ApiTokenResponse, CreateTokenBody, CreatedApiTokenResponse, toApiTokenResponse, toCreatedApiTokenResponse } from './schemas.ts';
import type { TokensService } from './service.ts';

const tags = ['Tokens'];
const config = { auth: 'user' as const };

export const tokensRoutes: FastifyPluginAsyncTypebox<{ tokensService: TokensService }> = async (app, { tokensService }) => {
  app.get(
    '/user/tokens',
    {
      config,
      schema: {
        operationId: 'listTokens',
        tags,
        summary: 'List your personal access tokens',
        description: 'Newest first. Secrets are never shown again; the prefix tells tokens apart.',
        response: { 200: Type.Array(ApiTokenResponse, { description: "The caller's tokens." }), ...authErrors() },
      },
    },
    async (request) => (await tokensService.list(actorOf(request))).map(toApiTokenResponse),
  );

  app.post(
    '/user/tokens',
    {
      config,
      schema: {
        operationId: 'createToken',
        tags,
        summary: 'Create a personal access token',
        description: 'The answer carries the secret once. Send it as the `token` query or form field, or as `Authorization: Bearer`.',
        body: CreateTokenBody,
        response: { 201: CreatedApiTokenResponse, ...authErrors(), 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request, reply) => {
      const input = { actor: actorOf(request), name: request.body.name, expiresInDays: request.body.expires_in_days };
      const created = await tokensService.create(input);
      await request.audit('token.create', {
        target: { type: 'token', id: created.id, name: created.name },
        details: { expires_at: created.expiresAt ?? null },
      });
      return reply.code(201).send(toCreatedApiTokenResponse(created));
    },
  );

  app.delete(
    '/user/tokens/:id',
    {
      config,
      schema: {
        operationId: 'revokeToken',
        tags,
        summary: 'Revoke a personal access token',
        description: 'The token stops working at once.',
        params: IdParams,
        response: { 200: MessageResponse, ...authErrors(), 404: Type.Ref('ErrorResponse') },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const token = (await tokensService.list(actor)).find((row) => row.id === request.params.id);
      await tokensService.revoke(actor, request.params.id);
      await request.audit('token.revoke', { target: { type: 'token', id: request.params.id, name: token?.name ?? null } });
      return { message: 'OK' as const };
    },
  );
};
