// /api/user/two-factor (the caller's own two-factor sign-in) and the administrators' reset,
// POST /api/users/:id/two-factor/reset. Wrong passwords (and wrong codes when turning it off)
// count with PUT /api/user's wrong current passwords (per account, and per address with wrong
// sign-ins): a stolen token buys no guesses.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { guessCounts, tooManyGuesses } from '../../auth/attempts.ts';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { actorOf } from '../../auth/plugin.ts';
import { ValidationError } from '../../errors.ts';
import { sendError } from '../../http/error-handler.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { qrSvgMarkup } from '../qrcodes/render.ts';
import { UserResponse, toUserResponse } from '../users/schemas.ts';
import { toUser } from '../users/service.ts';
import { DisableBody, EnableBody, PasswordBody, RecoveryCodesResponse, TwoFactorSetupResponse, TwoFactorStatusResponse } from './schemas.ts';
import { CODE_WRONG, PASSWORD_WRONG } from './fns.ts';
import type { TwoFactorService } from './service.ts';
import type { Lazy } from '../../shared/lazily.ts';

const tags = ['Two-factor sign-in'];
const config = { auth: 'user' as const };
const errors = { ...authErrors(), 409: Type.Ref('ErrorResponse'), 422: Type.Ref('ValidationErrorResponse'), 429: Type.Ref('ErrorResponse') };

// The route options (what each route takes and answers, and its OpenAPI text).

const getStatus = {
  config,
  schema: {
    operationId: 'getTwoFactor',
    tags,
    summary: 'Your two-factor sign-in',
    description: 'Whether it is on, since when, how many recovery codes are left, and whether an administrator requires it.',
    response: { 200: TwoFactorStatusResponse, ...authErrors() },
  },
};

const setUp = {
  config,
  schema: {
    operationId: 'setUpTwoFactor',
    tags,
    summary: 'Start setting up two-factor sign-in',
    description:
      'Needs your password. Answers a new secret (pending until confirmed with POST /api/user/two-factor/enable), its otpauth:// URI and a QR code. 409 when it is already on, or for an account made by a sign-in provider (no password).',
    body: PasswordBody,
    response: { 200: TwoFactorSetupResponse, ...errors },
  },
};

const enable = {
  config,
  schema: {
    operationId: 'enableTwoFactor',
    tags,
    summary: 'Turn two-factor sign-in on',
    description: 'Confirms the pending secret with the code the app shows. Answers ten recovery codes, shown only now.',
    body: EnableBody,
    response: { 200: RecoveryCodesResponse, ...errors },
  },
};

const disable = {
  config,
  schema: {
    operationId: 'disableTwoFactor',
    tags,
    summary: 'Turn two-factor sign-in off',
    description: 'Needs your password and a current code (or a recovery code), with a session or a token alike.',
    body: DisableBody,
    response: { 200: MessageResponse, ...errors },
  },
};

const recoveryCodes = {
  config,
  schema: {
    operationId: 'regenerateRecoveryCodes',
    tags,
    summary: 'New recovery codes',
    description: 'Needs your password. Ten new codes, shown only now; the earlier ones stop working.',
    body: PasswordBody,
    response: { 200: RecoveryCodesResponse, ...errors },
  },
};

interface Options {
  twoFactorService: Lazy<TwoFactorService>;
  passwordAttempts?: { perAccount: AttemptLimiter; perAddress: AttemptLimiter };
}

export const twoFactorRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { twoFactorService, passwordAttempts }) => {
  /** Runs a step that checks the password, counting a wrong one; 429 once there were too many. */
  async function withPassword<T>(request: FastifyRequest, reply: FastifyReply, step: () => Promise<T>): Promise<T | FastifyReply> {
    const key = `user:${actorOf(request).userId}`;
    const counts = passwordAttempts && guessCounts([passwordAttempts.perAccount, key], [passwordAttempts.perAddress, request.ip]);
    const wait = (await counts?.retryAfter()) ?? 0;
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return sendError(reply, 429, tooManyGuesses('wrong passwords', wait), 'auth.too_many_attempts', { minutes: Math.ceil(wait / 60) });
    }
    try {
      const result = await step();
      await counts?.succeed();
      return result;
    } catch (error) {
      // A wrong code counts too: password and token in hand, nobody may guess codes to turn it off.
      const details = error instanceof ValidationError ? error.details : {};
      const { password, code, recovery_code: recoveryCode } = details;
      if (password?.includes(PASSWORD_WRONG) || code?.includes(CODE_WRONG) || recoveryCode?.includes(CODE_WRONG)) await counts?.fail();
      throw error;
    }
  }

  app.get(
    '/user/two-factor',
    getStatus,
    async (request) => {
      const status = await twoFactorService.status(actorOf(request).userId);
      const { enabled, enabledAt, recoveryCodesLeft, required } = status;
      return { enabled, enabled_at: enabledAt, recovery_codes_left: recoveryCodesLeft, required };
    },
  );

  app.post(
    '/user/two-factor/setup',
    setUp,
    async (request, reply) =>
      withPassword(request, reply, async () => {
        const setup = await twoFactorService.setup(actorOf(request).userId, request.body.password);
        return { secret: setup.secret, otpauth_uri: setup.otpauthUri, qr_svg: await qrSvgMarkup(setup.otpauthUri) };
      }),
  );

  app.post(
    '/user/two-factor/enable',
    enable,
    async (request) => ({ recovery_codes: await twoFactorService.enable(actorOf(request).userId, request.body.code) }),
  );

  app.post(
    '/user/two-factor/disable',
    disable,
    async (request, reply) =>
      withPassword(request, reply, async () => {
        const { password, code, recovery_code: recoveryCode } = request.body;
        await twoFactorService.disable(actorOf(request).userId, password, { code, recoveryCode });
        return { message: 'OK' as const };
      }),
  );

  app.post(
    '/user/two-factor/recovery-codes',
    recoveryCodes,
    async (request, reply) =>
      withPassword(request, reply, async () => ({
        recovery_codes: await twoFactorService.regenerateRecoveryCodes(actorOf(request).userId, request.body.password),
      })),
  );

  app.post(
    '/users/:id/two-factor/reset',
    {
      config,
      preValidation: async (request) => twoFactorService.assertCanReset(actorOf(request)),
      schema: {
        operationId: 'resetTwoFactor',
        tags,
        summary: "Turn a user's two-factor sign-in off",
        description:
          'Administrators only: for a user who lost their phone. Their password stays; they sign in with it and may set two-factor sign-in up again.',
        params: IdParams,
        response: { 200: UserResponse, ...authErrors(), 404: Type.Ref('ErrorResponse') },
      },
    },
    async (request) => {
      const user = toUser(await twoFactorService.reset(actorOf(request), request.params.id));
      await request.audit('user.update', { target: { type: 'user', id: user.id, name: user.username }, details: { two_factor: 'reset' } });
      return toUserResponse(user);
    },
  );
};
