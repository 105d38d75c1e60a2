// The HTTP side of the access rules: which grants a request carries, and the cookie that
// keeps a typed channel password.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { grantCookieName } from '../../auth/grants.ts';
import type { AccessDecision, AccessService, Caller, PublicChannel } from './service.ts';

/** The caller of a public route: the signed-in user if any, and the grants they carry for this channel. */
export function callerOf(request: FastifyRequest, channelId: number): Caller {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.grant === 'string' ? query.grant : undefined;
  return { actor: request.auth, grants: [request.cookies[grantCookieName(channelId)], fromQuery] };
}

export function decideFor(access: AccessService, request: FastifyRequest, channel: PublicChannel): Promise<AccessDecision> {
  return access.decide(channel, callerOf(request, channel.id));
}

/**
 * The grant token to put in links made for this caller (the iOS installer and SDKs carry no
 * cookie): their existing one when valid, else a fresh one when they may open the channel
 * anyway (signed in). Undefined for channels without a password.
 */
export function linkGrant(access: AccessService, request: FastifyRequest, channel: PublicChannel): string | undefined {
  if (!channel.guarded) return undefined;
  return access.heldGrant(channel, callerOf(request, channel.id).grants) ?? access.issueGrant(channel).token;
}

export function setGrantCookie(reply: FastifyReply, channelId: number, grant: { token: string; expiresAt: Date }, secure: boolean): void {
  reply.setCookie(grantCookieName(channelId), grant.token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: grant.expiresAt });
}
