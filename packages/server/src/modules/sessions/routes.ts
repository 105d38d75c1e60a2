// /api/session: web sign-in and sign-out with an httpOnly, SameSite cookie.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { SESSION_COOKIE, actorOf, sessionCookieOptions } from '../../auth/plugin.ts';
import { guessCounts, tooManyGuesses } from '../../auth/attempts.ts';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import { sendError } from '../../http/error-handler.ts';
import { MessageResponse } from '../../http/schemas.ts';
import { auditSignIn, auditSignInFailed, auditSignInThrottled, isSignInRefusal } from '../audit/sign-in.ts';
import { toUser } from '../users/service.ts';
import { UserResponse, toUserResponse } from '../users/schemas.ts';
import type { SessionsService, SignedIn } from './service.ts';

const tags = ['Session'];

export const SessionResponse = Type.Object(
  {
    user: UserResponse,
    csrf_token: Type.String({ description: 'Send as the X-CSRF-Token header with every POST, PUT, PATCH and DELETE made with the cookie.' }),
  },
  { $id: 'Session', description: 'The signed-in user and the CSRF token their writes must send as X-CSRF-Token.' },
);

const CurrentSessionResponse = Type.Union(
  [SessionResponse, Type.Object({ user: Type.Null(), csrf_token: Type.Null() }, { description: 'Not signed in.' })],
  { description: 'The session, or nulls when this browser is not signed in.' },
);

export const TwoFactorChallengeResponse = Type.Object(
  {
    two_factor_required: Type.Literal(true, { description: 'The account has two-factor sign-in: no session yet.' }),
    challenge: Type.String({ description: 'Send it with a code to POST /api/session/two-factor; works 5 minutes, once.' }),
    expires_at: Type.String({ format: 'date-time', description: 'When the challenge stops working.' }),
  },
  { $id: 'TwoFactorChallenge', description: 'The right password of an account with two-factor sign-in: the second step is next.' },
);

const SignInBody = Type.Object({
  login: Type.String({ maxLength: 255, description: 'Username or email.' }),
  password: Type.String({ maxLength: 128 }),
});

interface Options {
  sessionsService: SessionsService;
  externalUrl: string;
  /** Failed sign-ins per client address and account, and per client address (auth/attempts.ts). */
  attempts?: { perLogin: AttemptLimiter; perAddress: AttemptLimiter };
  /** Refuses with 403 in SSO-only mode (sign-in-providers/service.ts assertPasswordSignInAllowed). */
  passwordSignIn?: () => Promise<void>;
}

/**
 * A sign-in form posted from another site would sign the victim into the attacker's
 * account (login CSRF). Browsers send Origin on cross-site POSTs; when it is present it must
 * be ours.
 */
export function assertSameOrigin(request: FastifyRequest, externalUrl: string): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = new Set([new URL(externalUrl).origin, `${request.protocol}://${request.host}`]);
  if (!allowed.has(origin)) throw new ForbiddenError(`Sign-in from origin ${origin} is not allowed`, 'auth.origin_not_allowed', { origin });
}

/** Sets the session cookie of a sign-in and answers the Session. */
export function sendSession(reply: FastifyReply, signedIn: SignedIn, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, signedIn.cookieSecret, sessionCookieOptions(secure, signedIn.expiresAt));
  return { user: toUserResponse(toUser(signedIn.user)), csrf_token: signedIn.csrfToken };
}

export const sessionsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { sessionsService, externalUrl, attempts, passwordSignIn } = options;
  const secure = externalUrl.startsWith('https:');

  app.post(
    '/session',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'signIn',
        tags,
        summary: 'Sign in',
        description:
          'Sets the session cookie and answers the CSRF token (200). For an account with two-factor sign-in the right password answers 202 with a challenge instead (no session, no cookie): send it with a code to POST /api/session/two-factor. A locked account is refused with 403. After too many wrong passwords from one address (`TARMAC_MAX_FAILED_ATTEMPTS` in 15 minutes, per account, whether named by username or email; five times that for the address) the answer is 429 with Retry-After, even for the right password.',
        body: SignInBody,
        response: {
          200: SessionResponse,
          202: TwoFactorChallengeResponse,
          401: Type.Ref('ErrorResponse'),
          403: Type.Ref('ErrorResponse', { description: 'A locked account, or password sign-in is off (SSO-only).' }),
          422: Type.Ref('ValidationErrorResponse'),
          429: Type.Ref('ErrorResponse'),
        },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, externalUrl);
      await passwordSignIn?.();
      // Per address and account: a username and its email share one count.
      const loginKey = `${request.ip}\0${await sessionsService.guessKey(request.body.login)}`;
      const counts = attempts ? guessCounts([attempts.perLogin, loginKey], [attempts.perAddress, request.ip]) : undefined;
      const wait = (await counts?.retryAfter()) ?? 0;
      if (wait > 0) {
        await auditSignInThrottled(request, request.body.login, 'password', wait);
        reply.header('retry-after', String(wait));
        return sendError(reply, 429, tooManyGuesses('failed sign-in attempts', wait), 'auth.too_many_attempts', { minutes: Math.ceil(wait / 60) });
      }
      let signedIn;
      try {
        signedIn = await sessionsService.signIn({
          login: request.body.login,
          password: request.body.password,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
      } catch (error) {
        if (error instanceof UnauthorizedError) await counts?.fail();
        if (isSignInRefusal(error)) await auditSignInFailed(request, request.body.login, 'password', error);
        throw error;
      }
      await counts?.succeed();
      if (signedIn.status === 'two-factor') {
        return reply.code(202).send({ two_factor_required: true as const, challenge: signedIn.challenge, expires_at: signedIn.expiresAt });
      }
      await auditSignIn(request, signedIn.signedIn.user, 'password');
      return sendSession(reply, signedIn.signedIn, secure);
    },
  );

  app.get(
    '/session',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'getSession',
        tags,
        summary: 'The signed-in user and the CSRF token',
        description:
          'Answers the browser session: the user and the CSRF token, or `{"user": null, "csrf_token": null}` when this browser is not signed in (a token is not a browser session). Signed out is an answer here, not an error, so the web app can ask at start-up without a failed request.',
        response: { 200: CurrentSessionResponse, 401: Type.Ref('ErrorResponse') },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth || auth.via !== 'session' || !auth.csrfToken) return { user: null, csrf_token: null };
      return { user: toUserResponse(toUser(auth.user)), csrf_token: auth.csrfToken };
    },
  );

  app.delete(
    '/session',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'signOut',
        tags,
        summary: 'Sign out',
        description: 'Ends this browser session. Needs the X-CSRF-Token header.',
        response: { 200: MessageResponse, 401: Type.Ref('ErrorResponse'), 403: Type.Ref('ErrorResponse') },
      },
    },
    async (request, reply) => {
      const auth = actorOf(request);
      if (auth.sessionId) await sessionsService.signOut(auth.sessionId);
      await request.audit('session.sign_out', { target: { type: 'user', id: auth.userId, name: auth.user.username } });
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      return { message: 'OK' as const };
    },
  );
};
