// /api/password/* and /api/session/link*: a forgotten password reset by a mailed link, and the
// one-time sign-in link. Asking for a mail answers 202 and the same body whoever asks, counted per
// client address and per address asked for (429 past the limit); a link's page first reads whose
// account it opens (GET, so a mail scanner following the link does not use it up), then posts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { guessCounts, tooManyGuesses } from '../../auth/attempts.ts';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { sendError } from '../../http/error-handler.ts';
import { auditSignIn } from '../audit/sign-in.ts';
import type { SignInMethod } from '../audit/sign-in.ts';
import { assertSameOrigin, sendSession, SessionResponse, TwoFactorChallengeResponse } from '../sessions/routes.ts';
import type { LocalSignIn } from '../sessions/service.ts';
import { EmailBody, KeyBody, KeyQuery, LinkInfoResponse, MailQueuedResponse, ResetBody } from './schemas.ts';
import type { AccountMailService, LinkInfo } from './service.ts';
import type { Lazy } from '../../shared/lazily.ts';

const error = Type.Ref('ErrorResponse');
const QUEUED = 'If an account has this address, a mail with a link is on its way.';

interface Options {
  accountMailService: Lazy<AccountMailService>;
  externalUrl: string;
  /** Mail requests per client address, and per address asked for (auth/limiters.ts). */
  limits: { perClient: AttemptLimiter; perEmail: AttemptLimiter };
  /** Refuses with 403 in SSO-only mode: a mailed link stands in for the password (sign-in-providers/service.ts). */
  passwordSignIn?: () => Promise<void>;
}

const linkInfo = (info: LinkInfo) => ({ username: info.username, expires_at: info.expiresAt });

export const accountMailRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { accountMailService: service, externalUrl, limits, passwordSignIn } = options;
  const secure = externalUrl.startsWith('https:');
  app.addHook('onClose', () => service.drain());
  // Every route here is a way in without a provider: none works in SSO-only mode.
  app.addHook('preHandler', async () => {
    await passwordSignIn?.();
  });

  /** Counts this request; answers 429 (and true) past either limit. */
  async function limited(request: FastifyRequest, reply: FastifyReply, kind: string, email: string): Promise<boolean> {
    const counts = guessCounts([limits.perEmail, `${kind}\0${email.trim().toLowerCase()}`], [limits.perClient, request.ip]);
    const wait = await counts.retryAfter();
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      sendError(reply, 429, tooManyGuesses('mail requests', wait), 'auth.too_many_attempts', { minutes: Math.ceil(wait / 60) });
      return true;
    }
    await counts.fail();
    return false;
  }

  /** The session, or (an account with two-factor sign-in) 202 and the challenge of the second step. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, result: LocalSignIn, method: SignInMethod) {
    if (result.status === 'two-factor') {
      return reply.code(202).send({ two_factor_required: true as const, challenge: result.challenge, expires_at: result.expiresAt });
    }
    await auditSignIn(request, result.signedIn.user, method);
    return sendSession(reply, result.signedIn, secure);
  }

  const client = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });
  const queued = { 202: MailQueuedResponse, 422: Type.Ref('ValidationErrorResponse'), 429: error, 503: error };

  app.post('/password/forgot', {
    config: { auth: 'public' },
    schema: {
      operationId: 'forgotPassword', tags: ['Session'], summary: 'Mail a password reset link',
      description: 'Answers 202 and the same body whether or not an account has the address; the mail (a link to ' +
        '`/reset-password?key=…`, working once for 30 minutes, voiding older ones) goes out in the background. ' +
        'A locked account gets none. 503 when mail is not configured; 429 after too many requests; 403 in SSO-only mode.',
      body: EmailBody, response: { ...queued, 403: error },
    },
  }, async (request, reply) => {
    if (await limited(request, reply, 'reset', request.body.email)) return reply;
    await service.requestPasswordReset(request.body.email);
    return reply.code(202).send({ message: QUEUED });
  });

  app.get('/password/reset', {
    config: { auth: 'public' },
    schema: {
      operationId: 'getPasswordReset', tags: ['Session'], summary: 'Whose password a reset link changes',
      description: 'Does not use the link up. 404 (`account.link_expired`) when it is unknown, used or expired.',
      querystring: KeyQuery, response: { 200: LinkInfoResponse, 403: error, 404: error, 422: Type.Ref('ValidationErrorResponse') },
    },
  }, async (request) => linkInfo(await service.resetInfo(request.query.key)));

  app.post('/password/reset', {
    config: { auth: 'public' },
    schema: {
      operationId: 'resetPassword', tags: ['Session'], summary: 'Choose a new password with a mailed link',
      description: 'Uses the link (once), sets the password, ends every session of the account and signs this browser in; an ' +
        'account with two-factor sign-in gets 202 and a challenge for POST /api/session/two-factor instead. 403 in SSO-only mode.',
      body: ResetBody,
      response: { 200: SessionResponse, 202: TwoFactorChallengeResponse, 403: error, 404: error, 422: Type.Ref('ValidationErrorResponse') },
    },
  }, async (request, reply) => {
    assertSameOrigin(request, externalUrl);
    return signIn(request, reply, await service.resetPassword(request.body.key, request.body.password, client(request)), 'password_reset');
  });

  app.post('/session/link', {
    config: { auth: 'public' },
    schema: {
      operationId: 'requestSignInLink', tags: ['Session'], summary: 'Mail a one-time sign-in link',
      description: 'Only while `sign_in_link_enabled` is on (403 otherwise). Answers 202 and the same body whether or not an ' +
        'account has the address; the mail (a link to `/sign-in/link?key=…`, working once for 15 minutes) goes out in the background.',
      body: EmailBody, response: { ...queued, 403: error },
    },
  }, async (request, reply) => {
    if (await limited(request, reply, 'link', request.body.email)) return reply;
    await service.requestSignInLink(request.body.email);
    return reply.code(202).send({ message: QUEUED });
  });

  app.get('/session/link', {
    config: { auth: 'public' },
    schema: {
      operationId: 'getSignInLink', tags: ['Session'], summary: 'Whose account a sign-in link opens',
      description: 'Does not use the link up (a mail scanner may follow it). 404 when it is unknown, used or expired.',
      querystring: KeyQuery, response: { 200: LinkInfoResponse, 403: error, 404: error, 422: Type.Ref('ValidationErrorResponse') },
    },
  }, async (request) => linkInfo(await service.signInLinkInfo(request.query.key)));

  app.post('/session/link/confirm', {
    config: { auth: 'public' },
    schema: {
      operationId: 'confirmSignInLink', tags: ['Session'], summary: 'Sign in with a mailed link',
      description: 'Uses the link (once) and signs this browser in; an account with two-factor sign-in gets 202 and a challenge ' +
        'for POST /api/session/two-factor instead.',
      body: KeyBody,
      response: { 200: SessionResponse, 202: TwoFactorChallengeResponse, 403: error, 404: error, 422: Type.Ref('ValidationErrorResponse') },
    },
  }, async (request, reply) => {
    assertSameOrigin(request, externalUrl);
    return signIn(request, reply, await service.confirmSignInLink(request.body.key, client(request)), 'link');
  });
};
