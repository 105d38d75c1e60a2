// Sign-up under the registration policy (modules/users/registration-service.ts):
//   POST /api/users/register              sign up (a session, or a confirmation mail)
//   POST /api/users/confirm-email         follow the mailed link: confirms and signs in
//   POST /api/users/confirm-email/resend  a new link (always 202; rate-limited per client)
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { SESSION_COOKIE, sessionCookieOptions } from '../../auth/plugin.ts';
import { sendError } from '../../http/error-handler.ts';
import { auditSelfCreated, auditSignIn } from '../audit/sign-in.ts';
import type { SignInMethod } from '../audit/sign-in.ts';
import { SessionResponse, assertSameOrigin } from '../sessions/routes.ts';
import type { SessionsService } from '../sessions/service.ts';
import { toUser } from './service.ts';
import type { RegistrationService } from './registration-service.ts';
import { CONFIRMATION_TTL_HOURS } from './fns.ts';
import { RegisterBody, toUserResponse } from './schemas.ts';
import { EMAIL_MAX } from './fns.ts';
import type { Lazy } from '../../shared/lazily.ts';

interface Options {
  registrationService: Lazy<RegistrationService>;
  sessionsService: Pick<SessionsService, 'startLocal'>;
  externalUrl: string;
  /** Resend requests per client address (429 past it) and per email (dropped past it, still 202). */
  resendLimits: { perClient: AttemptLimiter; perEmail: AttemptLimiter };
  /** Refuses with 403 in SSO-only mode (sign-in-providers/service.ts assertPasswordSignInAllowed). */
  passwordSignIn?: () => Promise<void>;
}

const tags = ['Users'];
const ConfirmationSent = Type.Object(
  { confirmation_sent: Type.Boolean({ description: 'A confirmation mail went out; the account signs in once its link is followed.' }) },
  { description: 'Signed up, waiting for the email to be confirmed: no session.' },
);
const Key = Type.String({ minLength: 1, maxLength: 200, description: 'The `key` of the mailed link.' });
const Accepted = Type.Object({ message: Type.String() }, { description: 'Taken; a mail goes out if an unconfirmed account has the address.' });

export const registrationRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { registrationService, sessionsService, externalUrl, resendLimits, passwordSignIn } = options;
  const secure = externalUrl.startsWith('https:');

  async function signInAs(userId: number, request: FastifyRequest, reply: FastifyReply, method: SignInMethod) {
    const signedIn = await sessionsService.startLocal(userId, { userAgent: request.headers['user-agent'], ip: request.ip });
    await auditSignIn(request, signedIn.user, method);
    reply.setCookie(SESSION_COOKIE, signedIn.cookieSecret, sessionCookieOptions(secure, signedIn.expiresAt));
    return { user: toUserResponse(toUser(signedIn.user)), csrf_token: signedIn.csrfToken };
  }

  app.post(
    '/users/register',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'registerUser',
        tags,
        summary: 'Sign up',
        description:
          'Creates an account with the default role (`default_role`) under the registration policy (`registration_policy`, see ' +
          'GET /api/settings/public): 403 while it is closed or by invitation, or when the email is not at a listed domain ' +
          '(`signup.domain_not_allowed`). Signs it in (session cookie, CSRF token), or, while email confirmation is required, ' +
          `answers {confirmation_sent} and mails a link that works for ${CONFIRMATION_TTL_HOURS} hours.`,
        body: RegisterBody,
        response: {
          201: Type.Union([SessionResponse, ConfirmationSent], { description: 'Signed up: the session, or {confirmation_sent}.' }),
          403: Type.Ref('ErrorResponse'),
          422: Type.Ref('ValidationErrorResponse'),
        },
      },
    },
    async (request, reply) => {
      // As for sign-in: a form on another site must not sign the visitor into an account it made.
      assertSameOrigin(request, externalUrl);
      await passwordSignIn?.();
      const { username, email, password, locale, timezone } = request.body;
      const { user, confirmationPending } = await registrationService.register({ username, email, password, locale, timezone });
      await auditSelfCreated(request, user, 'sign_up');
      if (confirmationPending) return reply.code(201).send({ confirmation_sent: true });
      return reply.code(201).send(await signInAs(user.id, request, reply, 'sign_up'));
    },
  );

  app.post(
    '/users/confirm-email',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'confirmEmail',
        tags,
        summary: 'Confirm an email',
        description: 'Follows the link of a confirmation mail: confirms the address and signs in. 404 for an unknown, used or expired key.',
        body: Type.Object({ key: Key }, { additionalProperties: false }),
        response: { 200: SessionResponse, 403: Type.Ref('ErrorResponse'), 404: Type.Ref('ErrorResponse'), 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, externalUrl);
      const userId = await registrationService.confirm(request.body.key);
      return reply.send(await signInAs(userId, request, reply, 'email_confirmation'));
    },
  );

  app.post(
    '/users/confirm-email/resend',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'resendEmailConfirmation',
        tags,
        summary: 'Send a new confirmation link',
        description:
          'Always 202, whether or not an unconfirmed account has the address (nobody learns which do). A new link replaces the ' +
          'old one. 429 after too many requests from one client in an hour; a few mails per address an hour at most.',
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: EMAIL_MAX }) }, { additionalProperties: false }),
        response: { 202: Accepted, 422: Type.Ref('ValidationErrorResponse'), 429: Type.Ref('ErrorResponse') },
      },
    },
    async (request, reply) => {
      const wait = await resendLimits.perClient.retryAfter(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        return sendError(reply, 429, 'Too many requests for confirmation mails: try again later', 'auth.too_many_attempts', {
          minutes: Math.ceil(wait / 60),
        });
      }
      await resendLimits.perClient.fail(request.ip);
      const email = request.body.email.trim().toLowerCase();
      if ((await resendLimits.perEmail.retryAfter(email)) === 0) {
        await resendLimits.perEmail.fail(email);
        // Not awaited: the answer takes as long for an address with an unconfirmed account as for any other.
        registrationService.resend(email).catch((error: unknown) => request.log.error({ err: error }, 'A confirmation mail failed'));
      }
      return reply.code(202).send({ message: 'If an unconfirmed account has this address, a new link is on its way' });
    },
  );
};
