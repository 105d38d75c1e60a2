// Who is calling. Runs before validation (so a request without credentials gets 401, not a
// 422 about its body) and after parsing (so a `token` form field is readable).
//
// Credentials, first match wins:
//   1. `Authorization: Bearer <token>`
//   2. the `token` query parameter or body field (what Zealot clients send)
//   3. the session cookie set by sign-in; unsafe methods (and GET routes that change state,
//      declared `config.csrf: true`) then need the X-CSRF-Token header. A session's expiry
//      slides forward on use, and the cookie is sent again so the browser keeps it as long.
// Every route declares `config.auth`: 'public' (no credentials read), 'optional' or 'user'.
// A route without it fails at start-up, so nothing ships open by accident.
import { timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/types.ts';
import { ACCOUNT_LOCKED } from '../errors.ts';
import { sendError } from '../http/error-handler.ts';
import type { SessionsService } from '../modules/sessions/service.ts';
import type { TokensService } from '../modules/tokens/service.ts';
import type { Actor } from './policy.ts';

export type AuthMode = 'public' | 'optional' | 'user';

export interface AuthContext extends Actor {
  user: UserRow;
  via: 'token' | 'session';
  sessionId?: string;
  csrfToken?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /**
     * A GET that changes state (Zealot's GET /api/users/:id/lock): a cookie caller must send
     * the X-CSRF-Token header as for a POST, or a link on another site could make the change.
     */
    csrf?: boolean;
  }
}

export const SESSION_COOKIE = 'tarmac_session';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a session flagged `needs_two_factor` (an administrator requires two-factor sign-in, the
 * account has none yet) may still reach: signing in and out, its own profile, and the enrolment.
 */
function allowedBeforeEnrolment(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  if (!url.startsWith('/api/')) return true;
  if (url === '/api/session' || url === '/api/session/two-factor') return true;
  if (url === '/api/user' && request.method === 'GET') return true;
  return url === '/api/user/two-factor' || url.startsWith('/api/user/two-factor/');
}

/** How the session cookie is set, at sign-in and each time its expiry slides forward. */
export function sessionCookieOptions(secure: boolean, expiresAt: string): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: new Date(expiresAt) };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function fieldToken(source: unknown): string | undefined {
  if (source === null || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>).token;
  if (typeof value === 'string' && value !== '') return value;
  // @fastify/multipart with attachFieldsToBody: 'keyValues' gives strings; keep both forms.
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function requestToken(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? fieldToken(request.query) ?? fieldToken(request.body);
}

interface Options {
  tokensService: Pick<TokensService, 'resolve'>;
  sessionsService: Pick<SessionsService, 'resolve'>;
  /** Whether the session cookie carries `Secure` (the external URL is https). */
  secureCookies?: boolean;
  /** Whether an administrator requires two-factor sign-in now (the two_factor_required setting). */
  twoFactorRequired?: () => Promise<boolean>;
}

export const authPlugin = fp<Options>(async (app: FastifyInstance, options) => {
  const { tokensService, sessionsService, secureCookies = false, twoFactorRequired = async () => false } = options;
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const mode = (route.config)?.auth;
    if (route.url.startsWith('/api') && mode === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.auth; say 'public', 'optional' or 'user'`);
    }
  });

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const mode = request.routeOptions.config.auth ?? 'public';
    if (mode === 'public') return;

    const token = requestToken(request);
    if (token !== undefined) {
      const found = await tokensService.resolve(token);
      if (!found) return sendError(reply, 401, 'Unauthorized user token', 'auth.unauthorized');
      if (found.user.locked) return sendError(reply, 403, ACCOUNT_LOCKED, 'auth.account_locked');
      request.auth = { userId: found.user.id, role: found.user.role, user: found.user, via: 'token' };
      return;
    }

    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) {
      const found = await sessionsService.resolve(cookie);
      if (found && !found.user.locked) {
        if (!SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === true) {
          const sent = request.headers[CSRF_HEADER];
          if (typeof sent !== 'string' || !sameSecret(sent, found.session.csrf_token)) {
            return sendError(reply, 403, 'Missing or invalid CSRF token: send the X-CSRF-Token header from GET /api/session', 'auth.csrf');
          }
        }
        // The flag is read with the setting: switching the requirement off frees flagged sessions too.
        if (found.session.needs_two_factor && !allowedBeforeEnrolment(request) && (await twoFactorRequired())) {
          const message = 'An administrator requires two-factor sign-in: set it up first (Settings, Security)';
          return sendError(reply, 403, message, 'auth.two_factor_enrolment_required');
        }
        request.auth = {
          userId: found.user.id,
          role: found.user.role,
          user: found.user,
          via: 'session',
          sessionId: found.session.id,
          csrfToken: found.session.csrf_token,
        };
        if (found.refreshed) reply.setCookie(SESSION_COOKIE, cookie, sessionCookieOptions(secureCookies, found.session.expires_at));
        return;
      }
    }

    if (mode === 'user') return sendError(reply, 401, 'Unauthorized user token', 'auth.unauthorized');
  }

  // Each API scope adds this as its preValidation hook after its body parsers, so a token
  // sent as a multipart field is already in the body when it runs.
  app.decorate('authenticate', authenticate);
});

/** The signed-in actor of a route declared `auth: 'user'`. */
export function actorOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('actorOf() used on a route that does not require a user');
  return request.auth;
}
