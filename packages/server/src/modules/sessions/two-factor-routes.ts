// POST /api/session/two-factor: the second step of a password sign-in for an account with
// two-factor sign-in (POST /api/session answered 202 with a challenge). Wrong codes count in the
// sign-in attempt limiter (per account and address, as wrong passwords do), and five wrong codes
// on one challenge void it: the person signs in again with the password.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { guessCounts, tooManyGuesses } from '../../auth/attempts.ts';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { BLANK, UnauthorizedError, ValidationError } from '../../errors.ts';
import { auditSignIn, auditSignInFailed, auditSignInThrottled, isSignInRefusal } from '../audit/sign-in.ts';
import { sendError } from '../../http/error-handler.ts';
import { CODE_MAX } from '../two-factor/fns.ts';
import { SessionResponse, assertSameOrigin, sendSession } from './routes.ts';
import type { SessionsService } from './service.ts';

const TwoFactorSignInBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 200, description: 'The challenge POST /api/session answered.' }),
    code: Type.Optional(Type.String({ maxLength: CODE_MAX, description: 'The 6-digit code the authenticator app shows.' })),
    recovery_code: Type.Optional(Type.String({ maxLength: CODE_MAX, description: 'One of the recovery codes, instead of a code.' })),
  },
  { additionalProperties: false },
);

interface Options {
  sessionsService: SessionsService;
  externalUrl: string;
  attempts?: { perLogin: AttemptLimiter; perAddress: AttemptLimiter; perChallenge: AttemptLimiter };
}

export const twoFactorSessionRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { sessionsService, externalUrl, attempts }) => {
  const secure = externalUrl.startsWith('https:');
  app.post(
    '/session/two-factor',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'signInSecondFactor',
        tags: ['Session'],
        summary: 'Sign in: the second step',
        description:
          'The challenge from POST /api/session and either `code` (from the authenticator app) or `recovery_code` (each works once): sets the session cookie. A wrong code answers 401 `auth.two_factor_code_wrong`; after five on one challenge, or once it is 5 minutes old, 401 `auth.two_factor_challenge_expired` (sign in again). Wrong codes count with wrong passwords towards the 429.',
        body: TwoFactorSignInBody,
        response: {
          200: SessionResponse,
          401: Type.Ref('ErrorResponse'),
          403: Type.Ref('ErrorResponse'),
          422: Type.Ref('ValidationErrorResponse'),
          429: Type.Ref('ErrorResponse'),
        },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, externalUrl);
      const { challenge, code, recovery_code: recoveryCode } = request.body;
      if (!code && !recoveryCode) throw new ValidationError({ code: [BLANK] });
      const userId = await sessionsService.challengeUser(challenge);
      const challengeKey = `two-factor:${sha256Hex(challenge)}`;
      const counts = attempts && userId !== undefined
        ? guessCounts([attempts.perLogin, `${request.ip}\0user:${userId}`], [attempts.perAddress, request.ip], [attempts.perChallenge, challengeKey])
        : undefined;
      const wait = (await counts?.retryAfter()) ?? 0;
      if (wait > 0) {
        await auditSignInThrottled(request, null, 'two_factor', wait, { user_id: userId ?? null });
        reply.header('retry-after', String(wait));
        return sendError(reply, 429, tooManyGuesses('failed sign-in attempts', wait), 'auth.too_many_attempts', { minutes: Math.ceil(wait / 60) });
      }
      try {
        const signedIn = await sessionsService.completeTwoFactor({ challenge, code, recoveryCode }, { userAgent: request.headers['user-agent'], ip: request.ip });
        await counts?.succeed();
        await auditSignIn(request, signedIn.user, 'two_factor', { recovery_code: recoveryCode ? true : undefined });
        return sendSession(reply, signedIn, secure);
      } catch (error) {
        if (isSignInRefusal(error)) await auditSignInFailed(request, null, 'two_factor', error, { user_id: userId ?? null });
        if (error instanceof UnauthorizedError && error.code === 'auth.two_factor_code_wrong' && attempts) {
          await counts?.fail();
          if ((await attempts.perChallenge.retryAfter(challengeKey)) > 0) {
            await sessionsService.voidChallenge(challenge);
            throw new UnauthorizedError('Too many wrong codes: sign in again', 'auth.two_factor_challenge_expired');
          }
        }
        throw error;
      }
    },
  );
};
