// GET /auth/:slug/start and /auth/:slug/callback: the browser's way through a redirect provider
// (OpenID Connect, the OAuth presets). Pages, not API: every answer is a redirect, never a JSON error
// or a 500: a refusal or a failure goes to /login?error=<code> (the sign-in page translates it), with
// the detail in the log (never the code, the state or a secret).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_COOKIE, sessionCookieOptions } from '../../auth/plugin.ts';
import { AppError } from '../../errors.ts';
import { publicBase } from '../../http/urls.ts';
import type { BaseUrlConfig } from '../../http/urls.ts';
import { addPending, queryText, removePending, STATE_COOKIE, STATE_TTL_MS, stateHash } from './flow-fns.ts';
import type { SignInFlow } from './flow.ts';
import type { Lazy } from '../../shared/lazily.ts';
import { auditSignIn, auditSignInFailed, isSignInRefusal } from '../audit/sign-in.ts';

interface SignedIn {
  cookieSecret: string;
  expiresAt: string;
  user: { id: number; username: string };
}

interface Options {
  signInFlow: Lazy<SignInFlow<SignedIn>>;
  config: BaseUrlConfig;
}

/** Where the web app's sign-in page, link confirmation and linked identities live. */
export const SIGN_IN_PAGE = '/login';
export const LINK_PAGE = '/link-identity';
/** Where a link made from the settings lands when the start named no `next`. */
export const LINKED_PAGE = '/settings/sign-in';

type SlugRequest = FastifyRequest<{ Params: { slug: string } }>;

/** The sign-in page with the error's code and the params its sentence names. */
export function errorLocation(error: AppError): string {
  const query = new URLSearchParams({ error: error.code });
  for (const name of ['provider', 'email'] as const) {
    const value = error.params[name];
    if (typeof value === 'string' && value !== '') query.set(name, value.slice(0, 255));
  }
  return `${SIGN_IN_PAGE}?${query.toString()}`;
}

export const signInFlowRoutes: FastifyPluginAsync<Options> = async (app, { signInFlow, config }) => {
  const secure = config.externalUrl.startsWith('https:');
  const stateCookie = (maxAgeSeconds: number): CookieSerializeOptions => ({
    httpOnly: true, sameSite: 'lax', secure, path: '/auth/', maxAge: maxAgeSeconds,
  });
  const callbackUrl = (request: SlugRequest) => `${publicBase(config, request)}/auth/${encodeURIComponent(request.params.slug)}/callback`;
  const go = (reply: FastifyReply, location: string) => reply.header('cache-control', 'no-store').redirect(location, 302);

  function refuse(request: SlugRequest, reply: FastifyReply, error: unknown) {
    if (!(error instanceof AppError)) {
      request.log.error({ err: error, provider: request.params.slug }, 'Sign-in through a provider failed');
      return go(reply, `${SIGN_IN_PAGE}?error=internal`);
    }
    const detail = (error as { detail?: string }).detail;
    request.log.warn({ provider: request.params.slug, code: error.code, detail }, `Sign-in through a provider refused: ${error.message}`);
    return go(reply, errorLocation(error));
  }

  const options = { config: { auth: 'optional' as const }, schema: { hide: true } };

  app.get('/auth/:slug/start', options, async (request: SlugRequest, reply) => {
    // Linking from the settings: only the account signed in on this browser, by its session cookie.
    const auth = request.auth;
    const linkUserId = queryText(request.query, 'link') === '1' && auth?.via === 'session' ? auth.userId : undefined;
    try {
      const started = await signInFlow.start(request.params.slug, {
        next: queryText(request.query, 'next'), linkUserId, callbackUrl: callbackUrl(request),
      });
      reply.setCookie(STATE_COOKIE, addPending(request.cookies[STATE_COOKIE], started.hash), stateCookie(STATE_TTL_MS / 1000));
      return go(reply, started.location);
    } catch (error) {
      return refuse(request, reply, error);
    }
  });

  app.get('/auth/:slug/callback', options, async (request: SlugRequest, reply) => {
    const cookie = request.cookies[STATE_COOKIE];
    const state = queryText(request.query, 'state');
    // The state comes back once: whatever happens next, this browser forgets it.
    if (state && cookie) reply.setCookie(STATE_COOKIE, removePending(cookie, stateHash(state)), stateCookie(STATE_TTL_MS / 1000));
    try {
      // Concatenated, not resolved: a TARMAC_URL with a path keeps it, as the redirect URI sent at the start did.
      const currentUrl = new URL(`${publicBase(config, request)}${request.url}`);
      const client = { userAgent: request.headers['user-agent'], ip: request.ip };
      const { next, providerName, result } = await signInFlow.callback(request.params.slug, {
        query: request.query, cookie, currentUrl, callbackUrl: callbackUrl(request), client,
      });
      if (result.status === 'linked') return go(reply, next === '/' ? LINKED_PAGE : next);
      if (result.status === 'link-required') {
        const query = new URLSearchParams({ link_token: result.linkToken, provider: providerName, next });
        return go(reply, `${LINK_PAGE}?${query.toString()}`);
      }
      const { signedIn } = result;
      reply.setCookie(SESSION_COOKIE, signedIn.cookieSecret, sessionCookieOptions(secure, signedIn.expiresAt));
      await auditSignIn(request, signedIn.user, 'provider', { provider: request.params.slug });
      return go(reply, next);
    } catch (error) {
      if (isSignInRefusal(error)) await auditSignInFailed(request, null, 'provider', error, { provider: request.params.slug });
      return refuse(request, reply, error);
    }
  });
};
