// /api/admin/sign-in-providers (administrators: every kind of provider, and the password sign-in
// switch), /api/sign-in-providers (the sign-in page's list), /api/session/ldap/:slug (LDAP
// sign-in) and /api/user/identities/ldap/:slug (linking a directory account from the settings).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { SESSION_COOKIE, actorOf, sessionCookieOptions } from '../../auth/plugin.ts';
import { guessCounts, tooManyGuesses } from '../../auth/attempts.ts';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import { sendError } from '../../http/error-handler.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { assertSameOrigin, SessionResponse } from '../sessions/routes.ts';
import { auditSignIn, auditSignInFailed, auditSignInThrottled, isSignInRefusal } from '../audit/sign-in.ts';
import { toUser } from '../users/service.ts';
import { toUserResponse } from '../users/schemas.ts';
import { IdentityResponse, toIdentityResponse } from '../identities/schemas.ts';
import type { IdentitiesService } from '../identities/service.ts';
import type { ExternalSignInResult } from '../identities/types.ts';
import {
  CreateProviderBody, LdapSignInBody, LinkRequiredResponse, PasswordSignInBody, PasswordSignInResponse, ProviderResponse,
  PublicProvidersResponse, SlugParams, TestProviderBody, TestProviderResponse, UpdateProviderBody,
} from './schemas.ts';
import type { SignInProvidersService } from './service.ts';
import type { Lazy } from '../../shared/lazily.ts';

interface Options {
  signInProvidersService: Lazy<SignInProvidersService>;
  identitiesService: IdentitiesService;
  externalUrl: string;
  attempts?: { perLogin: AttemptLimiter; perAddress: AttemptLimiter } | undefined;
}

interface SignedIn {
  user: Parameters<typeof toUser>[0];
  cookieSecret: string;
  csrfToken: string;
  expiresAt: string;
}

const tags = ['Sign-in providers'];
const notFound = { 404: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };
const unavailable = { 503: Type.Ref('ErrorResponse', { description: 'The directory cannot be reached or refused the service account.' }) };

/** Runs an LDAP attempt under the sign-in throttle; a wrong password counts, a right one clears. */
async function throttled<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  attempts: Options['attempts'],
  key: string,
  work: () => Promise<T>,
  whenThrottled?: (wait: number) => Promise<void>,
): Promise<T | FastifyReply> {
  const counts = attempts ? guessCounts([attempts.perLogin, `${request.ip}\0${key}`], [attempts.perAddress, request.ip]) : undefined;
  const wait = (await counts?.retryAfter()) ?? 0;
  if (wait > 0) {
    await whenThrottled?.(wait);
    reply.header('retry-after', String(wait));
    return sendError(reply, 429, tooManyGuesses('failed sign-in attempts', wait), 'auth.too_many_attempts', { minutes: Math.ceil(wait / 60) });
  }
  try {
    const result = await work();
    await counts?.succeed();
    return result;
  } catch (error) {
    if (error instanceof UnauthorizedError) await counts?.fail();
    throw error;
  }
}

function linkRequired(reply: FastifyReply, result: Extract<ExternalSignInResult<unknown>, { status: 'link-required' }>) {
  return reply.code(409).send({
    error: `An account already uses ${result.email}: sign in to it and confirm the link`,
    code: 'identity.link_required' as const,
    params: { email: result.email, link_token: result.linkToken },
    link_token: result.linkToken,
    email: result.email,
    expires_at: result.expiresAt,
  });
}

const PASSWORD_SIGN_IN = { type: 'setting', id: 'password_sign_in_enabled', name: 'password_sign_in_enabled' };
const providerTarget = (provider: { id: number; slug: string }) => ({ type: 'sign_in_provider', id: provider.id, name: provider.slug });

const adminRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { signInProvidersService: service }) => {
  const requireAdmin = async (request: FastifyRequest) => service.assertAdmin(actorOf(request));
  const admin = { config: { auth: 'user' as const }, preValidation: requireAdmin };
  const base = '/admin/sign-in-providers';

  app.get(base, {
    ...admin,
    schema: {
      operationId: 'listSignInProviders', tags, summary: 'Sign-in providers', description: 'Administrators only. Every provider, in sign-in page order.',
      response: { 200: Type.Array(ProviderResponse, { description: 'Every provider.' }), ...authErrors() },
    },
  }, async (request) => service.list(actorOf(request)));

  app.post(base, {
    ...admin,
    schema: {
      operationId: 'createSignInProvider', tags, summary: 'Add a sign-in provider',
      description: "Administrators only. `settings` follows the kind (docs/sign-in.md); wrong fields answer 422 per `settings.<field>`.",
      body: CreateProviderBody, response: { 201: ProviderResponse, ...authErrors(), ...invalid },
    },
  }, async (request, reply) => {
    const created = await service.create(actorOf(request), request.body);
    await request.audit('sign_in_provider.create', { target: providerTarget(created), details: { kind: created.kind, enabled: created.enabled } });
    return reply.code(201).send(created);
  });

  app.get(`${base}/:id`, {
    ...admin,
    schema: { operationId: 'getSignInProvider', tags, summary: 'A sign-in provider', params: IdParams, response: { 200: ProviderResponse, ...authErrors(), ...notFound } },
  }, async (request) => service.get(actorOf(request), request.params.id));

  app.put(`${base}/:id`, {
    ...admin,
    schema: {
      operationId: 'updateSignInProvider', tags, summary: 'Change a sign-in provider',
      description: 'Only what is sent changes; an omitted secret is kept. A provider from the environment answers 409.',
      params: IdParams, body: UpdateProviderBody,
      response: { 200: ProviderResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
    },
  }, async (request) => {
    const updated = await service.update(actorOf(request), request.params.id, request.body);
    // Which fields were sent, never their values (settings may hold a secret).
    await request.audit('sign_in_provider.update', { target: providerTarget(updated), details: { fields: Object.keys(request.body).sort() } });
    return updated;
  });

  app.delete(`${base}/:id`, {
    ...admin,
    schema: {
      operationId: 'deleteSignInProvider', tags, summary: 'Remove a sign-in provider',
      description: 'Removes its linked identities too. A provider from the environment answers 409.',
      params: IdParams, response: { 200: MessageResponse, ...authErrors(), ...notFound, ...conflict },
    },
  }, async (request) => {
    const provider = await service.get(actorOf(request), request.params.id);
    await service.remove(actorOf(request), request.params.id);
    await request.audit('sign_in_provider.delete', { target: providerTarget(provider), details: { kind: provider.kind } });
    return { message: 'OK' as const };
  });

  app.post(`${base}/:id/test`, {
    ...admin,
    schema: {
      operationId: 'testSignInProvider', tags, summary: 'Test a sign-in provider',
      description: 'LDAP: connect, StartTLS, service bind and, given `username`, what it maps to. OIDC: the discovery document. Presets: the server answers.',
      params: IdParams, body: TestProviderBody, response: { 200: TestProviderResponse, ...authErrors(), ...notFound },
    },
  }, async (request) => service.test(actorOf(request), request.params.id, request.body.username));

  app.get('/admin/sign-in-settings', {
    ...admin,
    schema: { operationId: 'getPasswordSignIn', tags, summary: 'Whether passwords sign in', response: { 200: PasswordSignInResponse, ...authErrors() } },
  }, async (request) => service.passwordSignIn(actorOf(request)));

  app.put('/admin/sign-in-settings', {
    ...admin,
    schema: {
      operationId: 'setPasswordSignIn', tags, summary: 'Turn password sign-in on or off (SSO-only)',
      description: 'Off is refused with 409 while no provider is enabled or while you have no linked identity. `tarmac sign-in allow-passwords` turns it back on.',
      body: PasswordSignInBody, response: { 200: PasswordSignInResponse, ...authErrors(), ...conflict },
    },
  }, async (request) => {
    const before = await service.passwordSignIn(actorOf(request));
    const after = await service.setPasswordSignIn(actorOf(request), request.body.password_sign_in_enabled);
    if (before.password_sign_in_enabled !== after.password_sign_in_enabled) {
      const details = { from: before.password_sign_in_enabled, to: after.password_sign_in_enabled };
      await request.audit('settings.update', { target: PASSWORD_SIGN_IN, details });
    }
    return after;
  });
};

export const signInProvidersRoutes: FastifyPluginAsyncTypebox<Options> = async (app, options) => {
  const { signInProvidersService: service, externalUrl, attempts } = options;
  const secure = externalUrl.startsWith('https:');
  await app.register(adminRoutes, options);

  app.get('/sign-in-providers', {
    config: { auth: 'public' },
    schema: {
      operationId: 'listPublicSignInProviders', tags, summary: 'What the sign-in page offers',
      description: 'No sign-in needed: the enabled providers and whether the password form shows.', response: { 200: PublicProvidersResponse },
    },
  }, async () => service.publicList());

  app.post('/session/ldap/:slug', {
    config: { auth: 'public' },
    schema: {
      operationId: 'signInWithLdap', tags, summary: 'Sign in with an LDAP provider',
      description:
        'Sets the session cookie like POST /api/session. 401 for a wrong username or password, 403 for an entry outside the group or an ' +
        'identity refusal, 409 `identity.link_required` when an account already has the email, 503 when the directory cannot be used.',
      params: SlugParams, body: LdapSignInBody,
      response: { 200: SessionResponse, 401: Type.Ref('ErrorResponse'), 403: Type.Ref('ErrorResponse'), ...notFound, 409: LinkRequiredResponse,
        ...invalid, 429: Type.Ref('ErrorResponse'), ...unavailable },
    },
  }, async (request, reply) => {
    assertSameOrigin(request, externalUrl);
    const { login, password } = request.body;
    const client = { userAgent: request.headers['user-agent'], ip: request.ip };
    const key = `ldap:${request.params.slug}\0${login.trim().toLowerCase()}`;
    const provider = { provider: request.params.slug };
    let result;
    try {
      const signIn = () => service.ldapSignIn(request.params.slug, login, password, client);
      result = await throttled(request, reply, attempts, key, signIn, (wait) => auditSignInThrottled(request, login, 'ldap', wait, provider));
      if (!result || typeof result !== 'object' || !('status' in result)) return result;
      if (result.status === 'link-required') return linkRequired(reply, result);
      if (result.status !== 'signed-in') throw new UnauthorizedError('Wrong username or password', 'auth.invalid_credentials');
    } catch (error) {
      if (isSignInRefusal(error)) await auditSignInFailed(request, login, 'ldap', error, provider);
      throw error;
    }
    const signedIn = result.signedIn as SignedIn;
    await auditSignIn(request, signedIn.user, 'ldap', provider);
    reply.setCookie(SESSION_COOKIE, signedIn.cookieSecret, sessionCookieOptions(secure, signedIn.expiresAt));
    return { user: toUserResponse(toUser(signedIn.user)), csrf_token: signedIn.csrfToken };
  });

  app.post('/user/identities/ldap/:slug', {
    config: { auth: 'user' },
    schema: {
      operationId: 'linkLdapIdentity', tags: ['Identities'], summary: 'Link your directory account',
      description: 'Checks the directory username and password and links that entry to your account. 409 when it is linked to another account.',
      params: SlugParams, body: LdapSignInBody,
      response: { 200: IdentityResponse, ...authErrors(), ...notFound, ...conflict, ...invalid, 429: Type.Ref('ErrorResponse'), ...unavailable },
    },
  }, async (request, reply) => {
    const { userId } = actorOf(request);
    const { login, password } = request.body;
    const client = { userAgent: request.headers['user-agent'], ip: request.ip };
    const key = `ldap-link:${request.params.slug}\0${userId}`;
    let result;
    try {
      const link = () => service.ldapSignIn(request.params.slug, login, password, client, userId);
      result = await throttled(request, reply, attempts, key, link);
    } catch (error) {
      // A 401 here would read as "signed out" to the web app: the account is signed in, the directory password is wrong.
      if (error instanceof UnauthorizedError) throw new ForbiddenError(error.message, 'auth.invalid_credentials');
      throw error;
    }
    if (!result || typeof result !== 'object' || !('status' in result)) return result;
    const linked = (await options.identitiesService.list(userId)).find((row) => row.provider_slug === request.params.slug);
    return toIdentityResponse(linked!);
  });
};
