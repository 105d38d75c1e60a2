// POST /api/users/register: sign-up, open only while an administrator allows it
// (the registration_enabled setting, readable at GET /api/settings/public).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SESSION_COOKIE, sessionCookieOptions } from '../../auth/plugin.ts';
import { SessionResponse, assertSameOrigin } from '../sessions/routes.ts';
import type { SessionsService } from '../sessions/service.ts';
import { toUser } from './service.ts';
import type { UsersService } from './service.ts';
import { RegisterBody, toUserResponse } from './schemas.ts';

interface Options {
  usersService: Pick<UsersService, 'register'>;
  sessionsService: Pick<SessionsService, 'start'>;
  externalUrl: string;
  /** Refuses with 403 in SSO-only mode (sign-in-providers/service.ts assertPasswordSignInAllowed). */
  passwordSignIn?: () => Promise<void>;
}

export const registrationRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { usersService, sessionsService, externalUrl, passwordSignIn } = options;
  const secure = externalUrl.startsWith('https:');

  app.post(
    '/users/register',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'registerUser',
        tags: ['Users'],
        summary: 'Sign up',
        description:
          'Creates a member account and signs it in (sets the session cookie, answers the CSRF token), only while an administrator ' +
          'keeps sign-up open (`registration_enabled`, see GET /api/settings/public); otherwise 403.',
        body: RegisterBody,
        response: { 201: SessionResponse, 403: Type.Ref('ErrorResponse'), 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request, reply) => {
      // As for sign-in: a form on another site must not sign the visitor into an account it made.
      assertSameOrigin(request, externalUrl);
      await passwordSignIn?.();
      const { username, email, password, locale, timezone } = request.body;
      const user = await usersService.register({ username, email, password, locale, timezone });
      const signedIn = await sessionsService.start(user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
      reply.setCookie(SESSION_COOKIE, signedIn.cookieSecret, sessionCookieOptions(secure, signedIn.expiresAt));
      return reply.code(201).send({ user: toUserResponse(toUser(signedIn.user)), csrf_token: signedIn.csrfToken });
    },
  );
};
