// /api/users (administrators) and /api/user (the caller's own account).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { guessCounts, tooManyGuesses } from '../../auth/attempts.ts';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { actorOf } from '../../auth/plugin.ts';
import { ValidationError } from '../../errors.ts';
import { sendError } from '../../http/error-handler.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { CreateUserBody, ListUsersQuery, SearchUsersQuery, UpdateProfileBody, UpdateUserBody, UserResponse, toUserResponse } from './schemas.ts';
import { CURRENT_PASSWORD_WRONG } from './service.ts';
import type { UsersService } from './service.ts';
import { auditUserChange } from '../audit/changes.ts';

const tags = ['Users'];
const userConfig = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };


// The route options (what each route takes and answers, and its OpenAPI text), one per route.

const listUsers = {
  schema: {
    operationId: 'listUsers',
    tags,
    summary: 'List users',
    description: 'Administrators only. A plain array; totals are in the X-Total-Count, X-Total-Pages and Link headers.',
    querystring: ListUsersQuery,
    response: { 200: Type.Array(UserResponse, { description: 'One page of users.' }), ...authErrors(), ...invalid },
  },
};

const createUser = {
  schema: {
    operationId: 'createUser',
    tags,
    summary: 'Create a user',
    description: 'Administrators only. The role is member unless given.',
    body: CreateUserBody,
    response: { 201: UserResponse, ...authErrors(), ...invalid },
  },
};

const searchUser = {
  schema: {
    operationId: 'searchUser',
    tags,
    summary: 'Find a user by email',
    description: 'Administrators only. Answers the one user whose email matches exactly (any case), or 404.',
    querystring: SearchUsersQuery,
    response: { 200: UserResponse, ...authErrors(), ...notFound, ...invalid },
  },
};

const getUsersMe = {
  config: userConfig,
  schema: { operationId: 'getUsersMe', tags, summary: 'The caller (Zealot path)', response: { 200: UserResponse, ...authErrors() } },
};

const getUser = {
  schema: {
    operationId: 'getUser',
    tags,
    summary: 'Get a user',
    description: 'Administrators only.',
    params: IdParams,
    response: { 200: UserResponse, ...authErrors(), ...notFound },
  },
};

const updateUser = {
  schema: {
    operationId: 'updateUser',
    tags,
    summary: 'Update a user',
    description: 'Administrators only. Send only the fields to change; a new password signs the user out of the web.',
    params: IdParams,
    body: UpdateUserBody,
    response: { 200: UserResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
  },
};

const deleteUser = {
  schema: {
    operationId: 'deleteUser',
    tags,
    summary: 'Delete a user',
    description: 'Administrators only. Removes the account, its tokens and sessions. You cannot delete yourself or the last administrator.',
    params: IdParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound, ...conflict },
  },
};

const unlockUser = {
  schema: {
    operationId: 'unlockUser',
    tags,
    summary: 'Unlock a user',
    description: 'Administrators only. Zealot contract: unlocking is a DELETE.',
    params: IdParams,
    response: { 202: UserResponse, ...authErrors(), ...notFound },
  },
};

const getCurrentUser = {
  config: userConfig,
  schema: { operationId: 'getCurrentUser', tags, summary: "The token's own user", response: { 200: UserResponse, ...authErrors() } },
};

const updateCurrentUser = {
  config: userConfig,
  schema: {
    operationId: 'updateCurrentUser',
    tags,
    summary: 'Update your own profile',
    description:
      'Username, email, locale, appearance, time zone; a new password needs current_password. After too many wrong current passwords (`TARMAC_MAX_FAILED_ATTEMPTS` in 15 minutes for the account; five times that for the address, counted with wrong sign-ins) a password change is answered 429 with Retry-After, even with the right one.',
    body: UpdateProfileBody,
    response: { 200: UserResponse, ...authErrors(), ...invalid, 429: Type.Ref('ErrorResponse') },
  },
};

interface Options {
  usersService: UsersService;
  /**
   * Wrong current passwords (PUT /api/user) per account, and per client address together with
   * wrong sign-ins (auth/attempts.ts): a token does not buy unlimited guesses at the password.
   */
  passwordAttempts?: { perAccount: AttemptLimiter; perAddress: AttemptLimiter };
}

export const usersRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { usersService, passwordAttempts }) => {
  /**
   * Administrators-only routes ask the service before validation and before any lookup, so a
   * non-administrator gets 403 whatever they send, never a 422 or 404 that tells them more.
   */
  const requireAdmin = async (request: FastifyRequest) => usersService.assertCanManageUsers(actorOf(request));
  const adminOnly = { config: userConfig, preValidation: requireAdmin };

  app.get(
    '/users',
    { ...adminOnly, ...listUsers },
    async (request, reply) => {
      const { page, perPage } = pageParams(request.query);
      const result = await usersService.list({ actor: actorOf(request), page, perPage, query: request.query.q, role: request.query.role });
      setPaginationHeaders(request, reply, result);
      return result.items.map(toUserResponse);
    },
  );

  app.post(
    '/users',
    { ...adminOnly, ...createUser },
    async (request, reply) => {
      // Fields are picked by name: anything else in the body (`actor`, say) must not reach the service.
      const { username, email, password, role, locale, appearance, timezone } = request.body;
      const user = await usersService.create({ actor: actorOf(request), username, email, password, role, locale, appearance, timezone });
      await request.audit('user.create', { target: { type: 'user', id: user.id, name: user.username }, details: { email: user.email, role: user.role } });
      return reply.code(201).send(toUserResponse(user));
    },
  );

  app.get(
    '/users/search',
    { ...adminOnly, ...searchUser },
    async (request) => toUserResponse(await usersService.findByEmail(actorOf(request), request.query.email)),
  );

  // Zealot's server answers GET /api/users/me; kept for its clients.
  app.get(
    '/users/me',
    getUsersMe,
    async (request) => toUserResponse(await usersService.getSelf(actorOf(request))),
  );

  app.get(
    '/users/:id',
    { ...adminOnly, ...getUser },
    async (request) => toUserResponse(await usersService.get(actorOf(request), request.params.id)),
  );

  app.put(
    '/users/:id',
    { ...adminOnly, ...updateUser },
    async (request) => {
      const { username, email, password, role, locale, appearance, timezone, locked } = request.body;
      const fields = { username, email, password, role, locale, appearance, timezone, locked };
      const before = await usersService.get(actorOf(request), request.params.id);
      const after = await usersService.update({ actor: actorOf(request), id: request.params.id, ...fields });
      await auditUserChange(request, before, after, password !== undefined && password !== '');
      return toUserResponse(after);
    },
  );

  app.delete(
    '/users/:id',
    { ...adminOnly, ...deleteUser },
    async (request) => {
      const user = await usersService.get(actorOf(request), request.params.id);
      await usersService.delete(actorOf(request), request.params.id);
      await request.audit('user.delete', { target: { type: 'user', id: user.id, name: user.username }, details: { email: user.email, role: user.role } });
      return { message: 'OK' as const };
    },
  );

  const lockSchema = (method: string) => ({
    operationId: method === 'GET' ? 'lockUser' : 'lockUserPost',
    tags,
    summary: 'Lock a user',
    description:
      'Administrators only. The user can no longer sign in or use tokens; their data stays. GET is the documented Zealot path, POST what its server accepts.',
    params: IdParams,
    response: { 202: UserResponse, ...authErrors(), ...notFound, ...conflict },
  });
  // Zealot contract: the documented lock is a GET (its server used POST); both work.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/users/:id/lock',
      // Locking changes state even as a GET: a cookie caller needs the CSRF header.
      config: { ...userConfig, csrf: true },
      preValidation: requireAdmin,
      // Fastify would answer HEAD with the GET handler: a link checker must not lock anyone.
      exposeHeadRoute: false,
      schema: lockSchema(method),
      handler: async (request, reply) => {
        const user = await usersService.lock(actorOf(request), request.params.id);
        await request.audit('user.lock', { target: { type: 'user', id: user.id, name: user.username } });
        return reply.code(202).send(toUserResponse(user));
      },
    });
  }

  app.delete(
    '/users/:id/unlock',
    { ...adminOnly, ...unlockUser },
    async (request, reply) => {
      const user = await usersService.unlock(actorOf(request), request.params.id);
      await request.audit('user.unlock', { target: { type: 'user', id: user.id, name: user.username } });
      return reply.code(202).send(toUserResponse(user));
    },
  );

  app.get(
    '/user',
    getCurrentUser,
    async (request) => toUserResponse(await usersService.getSelf(actorOf(request))),
  );

  app.put(
    '/user',
    updateCurrentUser,
    async (request, reply) => {
      const { username, email, locale, appearance, timezone, password, current_password: currentPassword } = request.body;
      const fields = { username, email, locale, appearance, timezone, password, currentPassword };
      const actor = actorOf(request);
      // Only a password change asks for current_password, so only it is counted.
      const counts =
        passwordAttempts && password !== undefined && password !== ''
          ? guessCounts([passwordAttempts.perAccount, `user:${actor.userId}`], [passwordAttempts.perAddress, request.ip])
          : undefined;
      const wait = (await counts?.retryAfter()) ?? 0;
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        return sendError(reply, 429, tooManyGuesses('wrong current passwords', wait), 'auth.too_many_attempts', { minutes: Math.ceil(wait / 60) });
      }
      try {
        const before = await usersService.getSelf(actor);
        const updated = await usersService.updateProfile({ actor, ...fields, currentSessionId: actor.sessionId });
        await counts?.succeed();
        await auditUserChange(request, before, updated, password !== undefined && password !== '');
        return toUserResponse(updated);
      } catch (error) {
        if (error instanceof ValidationError && error.details.current_password?.includes(CURRENT_PASSWORD_WRONG)) await counts?.fail();
        throw error;
      }
    },
  );
};
