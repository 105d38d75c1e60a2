// /api/user/identities: the caller's identities at sign-in providers (seen and removed in the
// settings), and the confirmation that links a provider's identity to the signed-in account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { ConfirmLinkBody, IdentityResponse, toIdentityResponse } from './schemas.ts';
import type { IdentitiesService } from './service.ts';

const tags = ['Identities'];
const config = { auth: 'user' as const };

export const identitiesRoutes: FastifyPluginAsyncTypebox<{ identitiesService: IdentitiesService }> = async (app, { identitiesService }) => {
  app.get(
    '/user/identities',
    {
      config,
      schema: {
        operationId: 'listIdentities',
        tags,
        summary: 'List your linked sign-in identities',
        description: 'The providers (LDAP, OpenID Connect, GitHub…) you can sign in with, oldest link first.',
        response: { 200: Type.Array(IdentityResponse, { description: "The caller's identities." }), ...authErrors() },
      },
    },
    async (request) => (await identitiesService.list(actorOf(request).userId)).map(toIdentityResponse),
  );

  app.post(
    '/user/identities/confirm',
    {
      config,
      schema: {
        operationId: 'confirmIdentityLink',
        tags,
        summary: 'Link a provider identity to your account',
        description:
          'When a provider signs in someone whose verified email belongs to an account, nothing is linked: the answer carries a ' +
          '`link_token` (15 minutes). Signed in to that account, its owner sends the token here to link the identity. A token for ' +
          'another account is refused with 403; an unknown, used or expired one with 404.',
        body: ConfirmLinkBody,
        response: { 200: IdentityResponse, ...authErrors(), 404: Type.Ref('ErrorResponse'), 409: Type.Ref('ErrorResponse') },
      },
    },
    async (request) => toIdentityResponse(await identitiesService.confirmLink(actorOf(request).userId, request.body.link_token)),
  );

  app.delete(
    '/user/identities/:id',
    {
      config,
      schema: {
        operationId: 'unlinkIdentity',
        tags,
        summary: 'Remove a linked sign-in identity',
        description: 'The provider no longer signs you in. Refused with 409 when it is your only way to sign in (no password).',
        params: IdParams,
        response: { 200: MessageResponse, ...authErrors(), 404: Type.Ref('ErrorResponse'), 409: Type.Ref('ErrorResponse') },
      },
    },
    async (request) => {
      await identitiesService.unlink(actorOf(request).userId, request.params.id);
      return { message: 'OK' as const };
    },
  );
};
