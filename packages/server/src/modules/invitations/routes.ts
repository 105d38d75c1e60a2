// /api/invitations: invitations by email (modules/invitations/service.ts says who may send which).
//   POST   /invitations             invite (mails the link)
//   GET    /invitations             the invitations one may see, paginated, by state
//   DELETE /invitations/:id         revoke
//   POST   /invitations/:id/resend  a new link (the old one stops working)
//   GET    /invitations/lookup      public: what a link's key invites to
//   POST   /invitations/accept      public: create the account (or, signed in, join with it)
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SESSION_COOKIE, actorOf, sessionCookieOptions } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, authErrors } from '../../http/schemas.ts';
import { auditSelfCreated, auditSignIn } from '../audit/sign-in.ts';
import { SessionResponse, assertSameOrigin } from '../sessions/routes.ts';
import type { SessionsService } from '../sessions/service.ts';
import { toUserResponse } from '../users/schemas.ts';
import { toUser } from '../users/service.ts';
import {
  AcceptInvitationBody, CreateInvitationBody, InvitationResponse, ListInvitationsQuery, LookupQuery, LookupResponse,
  SentInvitationResponse, toInvitationResponse,
} from './schemas.ts';
import type { InvitationsService } from './service.ts';
import type { Lazy } from '../../shared/lazily.ts';

interface Options {
  invitationsService: Lazy<InvitationsService>;
  sessionsService: Pick<SessionsService, 'startLocal'>;
  externalUrl: string;
  /** Refuses with 403 in SSO-only mode: a new account with a password is then refused (sign-in-providers/service.ts). */
  passwordSignIn?: () => Promise<void>;
}

const tags = ['Invitations'];
const error = Type.Ref('ErrorResponse');
const invalid = Type.Ref('ValidationErrorResponse');
const RedirectTo = Type.String({ description: "The web app's page to open: the first app the invitation brought, or /." });

export const invitationsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { invitationsService, sessionsService, externalUrl, passwordSignIn } = options;
  const secure = externalUrl.startsWith('https:');
  const user = { config: { auth: 'user' as const } };

  app.post('/invitations', {
    ...user,
    schema: {
      operationId: 'createInvitation', tags, summary: 'Invite by email',
      description:
        'Mails a link that creates an account (whatever the registration policy) and joins the apps given. Administrators invite ' +
        "anyone into any apps with any role; an app's administrator only into apps they administer, as member or developer. " +
        '409 when the address has an account and no apps are given, or when no mail server is configured.',
      body: CreateInvitationBody,
      response: { 201: SentInvitationResponse, ...authErrors(), 409: error, 422: invalid },
    },
  }, async (request, reply) => {
    const { email, role, memberships, locale } = request.body;
    const result = await invitationsService.create({
      actor: actorOf(request), email, role, locale, memberships: memberships?.map((m) => ({ appId: m.app_id, role: m.role })),
    });
    return reply.code(201).send({ invitation: toInvitationResponse(result.invitation), mail_sent: result.mailSent });
  });

  app.get('/invitations', {
    ...user,
    schema: {
      operationId: 'listInvitations', tags, summary: 'List invitations',
      description: "Administrators see all; an app's administrator those they sent and those for their apps. Newest first.",
      querystring: ListInvitationsQuery,
      response: { 200: Type.Array(InvitationResponse, { description: 'One page of invitations.' }), ...authErrors(), 422: invalid },
    },
  }, async (request, reply) => {
    const { page, perPage } = pageParams(request.query);
    const result = await invitationsService.list(actorOf(request), { state: request.query.state, page, perPage });
    setPaginationHeaders(request, reply, result);
    return result.items.map(toInvitationResponse);
  });

  app.delete('/invitations/:id', {
    ...user,
    schema: {
      operationId: 'revokeInvitation', tags, summary: 'Revoke an invitation',
      description: 'Its link stops working. 409 when it was accepted or revoked already.',
      params: IdParams,
      response: { 200: InvitationResponse, ...authErrors(), 404: error, 409: error, 422: invalid },
    },
  }, async (request) => toInvitationResponse(await invitationsService.revoke(actorOf(request), request.params.id)));

  app.post('/invitations/:id/resend', {
    ...user,
    schema: {
      operationId: 'resendInvitation', tags, summary: 'Send an invitation again',
      description: 'Mails a new link (the old one stops working) valid for another 7 days, expired or not.',
      params: IdParams,
      response: { 200: SentInvitationResponse, ...authErrors(), 404: error, 409: error, 422: invalid },
    },
  }, async (request) => {
    const result = await invitationsService.resend(actorOf(request), request.params.id);
    return { invitation: toInvitationResponse(result.invitation), mail_sent: result.mailSent };
  });

  app.get('/invitations/lookup', {
    config: { auth: 'public' },
    schema: {
      operationId: 'lookupInvitation', tags, summary: 'What an invitation link is for',
      description: 'No sign-in needed: the key of the link. 404 when it is unknown, accepted, revoked or expired.',
      querystring: LookupQuery,
      response: { 200: LookupResponse, 404: error, 422: invalid },
    },
  }, async (request) => {
    const { invitation, accountExists } = await invitationsService.lookup(request.query.key);
    return {
      email: invitation.email, role: invitation.role, inviter: invitation.invitedBy?.username ?? null,
      apps: invitation.memberships.flatMap((m) => (m.appName === null ? [] : [m.appName])),
      expires_at: invitation.expiresAt, account_exists: accountExists,
    };
  });

  app.post('/invitations/accept', {
    config: { auth: 'optional' },
    schema: {
      operationId: 'acceptInvitation', tags, summary: 'Accept an invitation',
      description:
        'Not signed in: creates the account (the invited email, counted as confirmed) with username and password, joins the apps, ' +
        'signs in (201, the session and redirect_to). Signed in to the account with the invited email: joins the apps (200). ' +
        '409 when the address has an account and nobody is signed in; 403 when another account is signed in, and in SSO-only mode ' +
        'when nobody is (sign in with a provider, then accept).',
      body: AcceptInvitationBody,
      response: {
        200: Type.Object({ redirect_to: RedirectTo }, { description: 'Joined the apps with the signed-in account.' }),
        201: Type.Object({ ...SessionResponse.properties, redirect_to: RedirectTo }, { description: 'The account was created and signed in.' }),
        403: error, 404: error, 409: error, 422: invalid,
      },
    },
  }, async (request, reply) => {
    assertSameOrigin(request, externalUrl);
    const { key, username, password, locale } = request.body;
    const actor = request.auth ?? null;
    // In SSO-only mode the invited person signs in with a provider first, then accepts as that account.
    if (!actor) await passwordSignIn?.();
    const accepted = await invitationsService.accept({ key, actor, username, password, locale });
    if (!accepted.created) {
      // An account that already existed joined the apps: the signed-in account is the actor.
      await request.audit('invitation.accept', {
        target: { type: 'invitation', id: accepted.invitationId, name: accepted.email },
        details: { user_id: accepted.userId, redirect_to: accepted.redirectTo },
      });
      return reply.code(200).send({ redirect_to: accepted.redirectTo });
    }
    const signedIn = await sessionsService.startLocal(accepted.userId, { userAgent: request.headers['user-agent'], ip: request.ip });
    reply.setCookie(SESSION_COOKIE, signedIn.cookieSecret, sessionCookieOptions(secure, signedIn.expiresAt));
    await auditSelfCreated(request, toUser(signedIn.user), 'invitation');
    await auditSignIn(request, signedIn.user, 'invitation');
    const session = { user: toUserResponse(toUser(signedIn.user)), csrf_token: signedIn.csrfToken };
    return reply.code(201).send({ ...session, redirect_to: accepted.redirectTo });
  });
};
