// The permission matrix seed: every registered route and how it authenticates. A route added
// without `config.auth`, or with a different one than listed here, fails this file; every
// `user` route refuses a caller without credentials with 401 before it looks at the input,
// refuses a locked user with 403, and makes cookie writes carry the CSRF header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, startServer } from './helpers/server.ts';
import type { RequestOptions, TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let member: TestUser;
let locked: TestUser;
let session: { cookie: string; csrf: string };
beforeAll(async () => {
  // With GET /metrics on (off, it is not registered at all: metrics.test.ts).
  server = await startServer({ TARMAC_METRICS: 'true' });
  member = await server.newUser();
  locked = await server.newUser({ locked: true });
  const signedIn = await signIn(server, member.username, member.password);
  session = { cookie: signedIn.cookie, csrf: signedIn.csrf };
});
afterAll(() => server.close());

/**
 * `METHOD url` → auth, for every route. Adding a route means adding it here, on purpose.
 * Routes outside /api (the `/` redirect) need no declaration and are listed as undefined.
 */
const MATRIX: Record<string, 'public' | 'optional' | 'user' | undefined> = {
  'GET /': 'public',
  'GET /assets/*': 'public',
  'GET /login': 'public',
  'GET /login/*': 'public',
  'GET /signup': 'public',
  'GET /signup/*': 'public',
  'GET /forgot-password': 'public',
  'GET /forgot-password/*': 'public',
  'GET /reset-password': 'public',
  'GET /reset-password/*': 'public',
  'GET /sign-in': 'public',
  'GET /sign-in/*': 'public',
  'GET /confirm-email': 'public',
  'GET /confirm-email/*': 'public',
  'GET /invitations': 'public',
  'GET /invitations/*': 'public',
  'GET /link-identity': 'public',
  'GET /link-identity/*': 'public',
  'GET /apps': 'public',
  'GET /apps/*': 'public',
  'GET /teardown': 'public',
  'GET /teardown/*': 'public',
  'GET /debug-files': 'public',
  'GET /debug-files/*': 'public',
  'GET /devices': 'public',
  'GET /devices/*': 'public',
  'GET /settings': 'public',
  'GET /settings/*': 'public',
  'GET /admin': 'public',
  'GET /admin/*': 'public',
  'GET /favicon.ico': 'public',
  'GET /favicon.svg': 'public',
  'GET /apple-touch-icon.png': 'public',
  'GET /icon-192.png': 'public',
  'GET /icon-512.png': 'public',
  'GET /manifest.webmanifest': 'public',
  // Public for user credentials: TARMAC_METRICS_TOKEN, when set, is checked by the route itself.
  'GET /metrics': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'GET /api/health.json': 'public',
  // The IP allow-list (TARMAC_HEALTH_ALLOWED_IPS) is checked by the route; a signed-in administrator passes it.
  'GET /api/health/:checks': 'optional',
  'GET /api/admin/system': 'user',
  'GET /api/admin/database': 'user',
  'GET /api/admin/database/statements': 'user',
  'GET /api/version': 'public',
  'GET /api/demo': 'public',
  'POST /api/session': 'public',
  'POST /api/session/two-factor': 'public',
  'GET /api/user/two-factor': 'user',
  'POST /api/user/two-factor/setup': 'user',
  'POST /api/user/two-factor/enable': 'user',
  'POST /api/user/two-factor/disable': 'user',
  'POST /api/user/two-factor/recovery-codes': 'user',
  'POST /api/users/:id/two-factor/reset': 'user',
  'GET /api/session': 'optional',
  'DELETE /api/session': 'user',
  'GET /api/users': 'user',
  'POST /api/users': 'user',
  'GET /api/users/search': 'user',
  'GET /api/users/me': 'user',
  'GET /api/users/:id': 'user',
  'PUT /api/users/:id': 'user',
  'DELETE /api/users/:id': 'user',
  'GET /api/users/:id/lock': 'user',
  'POST /api/users/:id/lock': 'user',
  'DELETE /api/users/:id/unlock': 'user',
  'GET /api/user': 'user',
  'PUT /api/user': 'user',
  'GET /api/user/tokens': 'user',
  'POST /api/user/tokens': 'user',
  'DELETE /api/user/tokens/:id': 'user',
  'GET /api/user/identities': 'user',
  'POST /api/user/identities/confirm': 'user',
  'DELETE /api/user/identities/:id': 'user',
  'POST /api/password/forgot': 'public',
  'GET /api/password/reset': 'public',
  'POST /api/password/reset': 'public',
  'POST /api/session/link': 'public',
  'GET /api/session/link': 'public',
  'POST /api/session/link/confirm': 'public',
  'GET /api/admin/mail': 'user',
  'POST /api/admin/mail/test': 'user',
  'POST /api/user/identities/ldap/:slug': 'user',
  'GET /api/admin/sign-in-providers': 'user',
  'POST /api/admin/sign-in-providers': 'user',
  'GET /api/admin/sign-in-providers/:id': 'user',
  'PUT /api/admin/sign-in-providers/:id': 'user',
  'DELETE /api/admin/sign-in-providers/:id': 'user',
  'POST /api/admin/sign-in-providers/:id/test': 'user',
  'GET /api/admin/sign-in-settings': 'user',
  'PUT /api/admin/sign-in-settings': 'user',
  'GET /api/admin/settings': 'user',
  'PUT /api/admin/settings': 'user',
  'DELETE /api/admin/settings/:key': 'user',
  'POST /api/admin/settings/check-url': 'user',
  'GET /api/sign-in-providers': 'public',
  'POST /api/session/ldap/:slug': 'public',
  'GET /api/devices': 'user',
  'GET /api/devices/:id': 'user',
  'POST /api/devices/lookup': 'user',
  'PATCH /api/devices/:id': 'user',
  'PUT /api/devices/:udid': 'user',
  'DELETE /api/devices/:id': 'user',
  'POST /api/users/register': 'public',
  'POST /api/users/confirm-email': 'public',
  'POST /api/users/confirm-email/resend': 'public',
  'POST /api/invitations': 'user',
  'GET /api/invitations': 'user',
  'DELETE /api/invitations/:id': 'user',
  'POST /api/invitations/:id/resend': 'user',
  'GET /api/invitations/lookup': 'public',
  'POST /api/invitations/accept': 'optional',
  'GET /api/settings': 'user',
  'PUT /api/settings': 'user',
  'GET /api/settings/public': 'public',
  'GET /api/dashboard': 'user',
  'GET /api/admin/jobs': 'user',
  'GET /api/admin/jobs/counts': 'user',
  'POST /api/admin/jobs/:id/retry': 'user',
  'DELETE /api/admin/jobs/:id': 'user',
  'GET /api/admin/logs': 'user',
  'GET /api/admin/schedules': 'user',
  'GET /api/admin/schedules/preview': 'user',
  'PUT /api/admin/schedules/:name': 'user',
  'POST /api/admin/schedules/:name/run': 'user',
  'GET /api/admin/backups/plans': 'user',
  'POST /api/admin/backups/plans': 'user',
  'GET /api/admin/backups/plans/:id': 'user',
  'PATCH /api/admin/backups/plans/:id': 'user',
  'DELETE /api/admin/backups/plans/:id': 'user',
  'GET /api/admin/backups/schedule-preview': 'user',
  'POST /api/admin/backups/plans/:id/run': 'user',
  'GET /api/admin/backups/runs': 'user',
  'GET /api/admin/backups/runs/:id': 'user',
  'GET /api/admin/backups/runs/:id/archive': 'user',
  'DELETE /api/admin/backups/runs/:id/archive': 'user',
  'POST /api/admin/backups/runs/:id/cancel': 'user',
  'GET /api/admin/restores': 'user',
  'POST /api/admin/restores': 'user',
  'POST /api/admin/restores/upload': 'user',
  'GET /api/admin/restores/:id': 'user',
  'POST /api/admin/restores/:id/apply': 'user',
  'DELETE /api/admin/restores/:id': 'user',
  'GET /api/admin/zealot-import': 'user',
  'GET /api/admin/zealot-import/rows': 'user',
  'GET /api/admin/audit-events': 'user',
  'GET /api/admin/audit-events/export': 'user',
  'GET /api/admin/audit-events/actions': 'user',
  'POST /api/teardown': 'user',
  'GET /api/channels/:id/releases': 'optional',
  'GET /api/channels/:id/releases/facets': 'optional',
  'GET /api/releases/:id': 'optional',
  'PUT /api/releases/:id': 'user',
  'DELETE /api/releases/:id': 'user',
  'GET /api/releases/:id/icon': 'optional',
  'GET /api/apps': 'optional',
  'POST /api/apps': 'user',
  'GET /api/apps/presets': 'user',
  'GET /api/apps/:id': 'optional',
  'PUT /api/apps/:id': 'user',
  'DELETE /api/apps/:id': 'user',
  'POST /api/apps/:id/archive': 'user',
  'DELETE /api/apps/:id/archive': 'user',
  'POST /api/apps/:app_id/transfer': 'user',
  'GET /api/apps/:app_id/schemes': 'user',
  'POST /api/apps/:app_id/schemes': 'user',
  'GET /api/schemes/:id': 'user',
  'PUT /api/schemes/:id': 'user',
  'DELETE /api/schemes/:id': 'user',
  'GET /api/schemes/:scheme_id/channels': 'user',
  'POST /api/schemes/:scheme_id/channels': 'user',
  'GET /api/channels/:id': 'user',
  'PUT /api/channels/:id': 'user',
  'DELETE /api/channels/:id': 'user',
  'POST /api/channels/:id/key': 'user',
  'GET /api/channels/:id/webhooks': 'user',
  'POST /api/channels/:id/webhooks': 'user',
  'GET /api/webhooks': 'user',
  'POST /api/webhooks': 'user',
  'POST /api/webhooks/preview': 'user',
  'GET /api/webhooks/:id': 'user',
  'PUT /api/webhooks/:id': 'user',
  'DELETE /api/webhooks/:id': 'user',
  'POST /api/webhooks/:id/test': 'user',
  'GET /api/webhooks/:id/deliveries': 'user',
  'POST /api/webhooks/:id/deliveries/:delivery_id/redeliver': 'user',
  'GET /api/channels/:id/subscribers': 'user',
  'POST /api/channels/:id/subscribers': 'user',
  'DELETE /api/channels/:id/subscribers/:subscriber_id': 'user',
  'POST /api/apps/:app_id/collaborators': 'user',
  'GET /api/apps/:app_id/collaborators/candidates': 'user',
  'GET /api/apps/:app_id/collaborators/:user_id': 'user',
  'PUT /api/apps/:app_id/collaborators/:user_id': 'user',
  'DELETE /api/apps/:app_id/collaborators/:user_id': 'user',
  'GET /api/apps/latest': 'public',
  'GET /api/apps/versions': 'public',
  'GET /api/apps/version_exist': 'public',
  'POST /api/apps/upload': 'optional',
  'GET /api/debug_files': 'optional',
  'GET /api/debug_files/download': 'public',
  'GET /api/debug_files/uuid/:uuid': 'user',
  'GET /api/debug_files/:id': 'user',
  'DELETE /api/debug_files/:id': 'user',
  'POST /api/debug_files/upload': 'optional',
  'GET /download/debug_files/:id': 'optional',
  'GET /download/debug_files/:id/*': 'optional',
  'GET /udid': 'public',
  // Sign-in through OpenID Connect and the OAuth presets: optional, so link=1 sees the signed-in account.
  'GET /auth/:slug/start': 'optional',
  'GET /auth/:slug/callback': 'optional',
  'GET /udid/install': 'public',
  'GET /udid/:udid': 'optional',
  'POST /udid/retrieve': 'public',
  'GET /download/releases/:id': 'optional',
  'GET /download/releases/:id/*': 'optional',
  'GET /:slug/:id/download': 'optional',
  'GET /:slug/:id/download/*': 'optional',
  'GET /:slug/:id/icon.png': 'optional',
  'GET /channels/:slug/releases/:id/install': 'optional',
  'GET /:slug': 'optional',
  'GET /:slug/:id(^\\d+$)': 'optional',
  'POST /:slug/unlock': 'public',
  'POST /:slug/subscribe': 'public',
  'GET /:slug/subscribe/confirm': 'public',
  'POST /:slug/subscribe/confirm': 'public',
  'GET /:slug/unsubscribe': 'public',
  'POST /:slug/unsubscribe': 'public',
  'GET /channels/:slug': 'optional',
  'GET /channels/:slug/releases': 'optional',
  'GET /channels/:slug/releases/:id': 'optional',
  'GET /channels/:slug/releases/:id/qrcode': 'optional',
  'GET /channels/:slug/releases/:id/qrcode.:format': 'optional',
  'GET /channels/:slug/releases/:id/qrcode/:size': 'optional',
  'GET /channels/:slug/releases/:id/qrcode/:size/:theme': 'optional',
  'GET /:slug/qrcode': 'optional',
  'GET /:slug/qrcode.:format': 'optional',
  'GET /:slug/qrcode/:size': 'optional',
  'GET /:slug/qrcode/:size/:theme': 'optional',
  // Zealot's paths Tarmac has no page at: 301s to Tarmac's pages (modules/zealot-links).
  'GET /:slug/versions': 'public',
  'GET /:slug/versions/*': 'public',
  'GET /:slug/branches': 'public',
  'GET /:slug/branches/*': 'public',
  'GET /:slug/release_types': 'public',
  'GET /:slug/release_types/*': 'public',
  'GET /channels/:slug/versions': 'public',
  'GET /channels/:slug/versions/*': 'public',
  'GET /channels/:slug/branches': 'public',
  'GET /channels/:slug/branches/*': 'public',
  'GET /channels/:slug/release_types': 'public',
  'GET /channels/:slug/release_types/*': 'public',
  'GET /:slug/overview': 'public',
  'GET /channels/:slug/releases/upload': 'public',
  'GET /releases/:id': 'public',
  'GET /debug_files/:id': 'public',
  'GET /teardowns/:id': 'public',
  'GET /debug_files': 'public',
  'GET /debug_files/new': 'public',
  'GET /teardowns': 'public',
  'GET /teardowns/upload': 'public',
  'GET /users/sign_in': 'public',
  'GET /users/sign_up': 'public',
  'GET /users/edit': 'public',
  'GET /admin/web_hooks': 'public',
};

/** GET routes that change state: with the cookie they need the CSRF header like a POST. */
const STATE_CHANGING_GETS = new Set(['GET /api/users/:id/lock']);

const UNAUTHORIZED = { error: 'Unauthorized user token' };
const LOCKED = { error: 'This account is locked; ask an administrator to unlock it' };
const CSRF_ERROR = { error: 'Missing or invalid CSRF token: send the X-CSRF-Token header from GET /api/session' };

function key(route: { method: string; url: string }): string {
  return `${route.method} ${route.url}`;
}

function routesWith(auth: string) {
  return Object.entries(MATRIX)
    .filter(([, mode]) => mode === auth)
    .map(([route]) => {
      const [method, url] = route.split(' ') as [string, string];
      return { method, url };
    });
}

/** The route's URL with `:params` and the wildcard filled in. */
function fill(url: string, id = '1'): string {
  // A parameter's regex constraint (`:id(^\\d+$)`) is not part of the path.
  return url.replace(/(:\w+)\([^)]*\)/g, '$1').replace(/:\w+/g, id).replace(/\*$/, 'nothing-here');
}

/**
 * A request that would fail validation if it got that far: an empty JSON object for routes
 * that take a body (none of them accepts it), no query for those that need one.
 */
function send(method: string, url: string, options: RequestOptions = {}) {
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
  return api(server, url, { method, ...(withBody ? { json: {} } : {}), ...options });
}

describe('route registration', () => {
  it('lists every route with its auth, exactly as the matrix says', () => {
    const registered = Object.fromEntries(server.routes.map((route) => [key(route), route.auth]));
    expect(server.routes.length).toBe(Object.keys(registered).length);
    expect(registered).toEqual(MATRIX);
  });

  it('every /api route declares auth as public, optional or user', () => {
    const apiRoutes = server.routes.filter((route) => route.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(20);
    for (const route of apiRoutes) {
      expect(['public', 'optional', 'user'], key(route)).toContain(route.auth);
    }
  });
});

describe.each(routesWith('user'))('$method $url (auth: user)', ({ method, url }) => {
  it('answers 401 without credentials, before validating params, query or body', async () => {
    for (const path of [fill(url), fill(url, 'not-a-number')]) {
      const res = await send(method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject(UNAUTHORIZED);
    }
  });

  it('answers 401 to an unknown token, wherever it is sent', async () => {
    const bearer = await send(method, fill(url), { token: 'tmc_unknown' });
    expect(bearer.status).toBe(401);
    expect(bearer.body).toMatchObject(UNAUTHORIZED);
    const query = await send(method, `${fill(url)}?token=tmc_unknown`);
    expect(query.status).toBe(401);
    expect(query.body).toMatchObject(UNAUTHORIZED);
  });

  it('answers 401 to an unknown session cookie', async () => {
    const res = await send(method, fill(url), { headers: { cookie: 'tarmac_session=unknown', 'x-csrf-token': 'unknown' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });

  it("answers 403 to a locked user's token", async () => {
    const res = await send(method, fill(url), { token: locked.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(LOCKED);
  });

  const needsCsrf = method !== 'GET' || STATE_CHANGING_GETS.has(`${method} ${url}`);
  it(needsCsrf ? 'with the cookie, answers 403 without the X-CSRF-Token header' : 'with the cookie, needs no X-CSRF-Token header', async () => {
    const res = await send(method, fill(url, '999999'), { headers: { cookie: session.cookie } });
    if (needsCsrf) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject(CSRF_ERROR);
    } else {
      expect((res.body as { error?: unknown } | undefined)?.error).not.toBe(CSRF_ERROR.error);
      expect(res.status).not.toBe(401);
    }
  });
});

describe.each(routesWith('public'))('$method $url (auth: public)', ({ method, url }) => {
  it('answers without credentials, and ignores a bad token', async () => {
    const none = await send(method, fill(url));
    // Public routes never ask for a user token; the version checks take a channel key
    // instead, and answer its absence with their own 401.
    if (none.status === 401) expect(none.body, `${method} ${url}`).toMatchObject({ error: 'Unauthorized channel key' });
    expect((none.body as { error?: unknown } | undefined)?.error, `${method} ${url}`).not.toBe(UNAUTHORIZED.error);
    expect(none.status).toBeLessThan(500);
    const bogus = await send(method, `${fill(url)}?token=tmc_unknown`, { token: 'tmc_unknown' });
    expect(bogus.status).toBe(none.status);
  });
});

/**
 * Routes a signed-out caller reaches only while guest mode is on (auth/guest.ts, docs/guest-mode.md):
 * declared optional, and with guest mode off (as here) exactly like a `user` route.
 */
const GUEST_ROUTES = new Set([
  'GET /api/apps', 'GET /api/apps/:id', 'GET /api/channels/:id/releases', 'GET /api/channels/:id/releases/facets', 'GET /api/releases/:id',
]);

describe.each(routesWith('optional').filter(({ method, url }) => GUEST_ROUTES.has(`${method} ${url}`)))(
  '$method $url (auth: optional, guest mode off)',
  ({ method, url }) => {
    it('answers 401 without credentials before validating, 401 to a bad token, 403 to a locked user', async () => {
      for (const path of [fill(url), fill(url, 'not-a-number')]) {
        const res = await send(method, path);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body).toMatchObject(UNAUTHORIZED);
      }
      const bogus = await send(method, fill(url), { token: 'tmc_unknown' });
      expect(bogus.status).toBe(401);
      expect((await send(method, fill(url), { token: locked.token })).status).toBe(403);
      expect((await send(method, fill(url, '999999'), { headers: { cookie: session.cookie } })).status).not.toBe(401);
    });
  },
);

describe.each(routesWith('optional').filter(({ method, url }) => !GUEST_ROUTES.has(`${method} ${url}`)))('$method $url (auth: optional)', ({ method, url }) => {
  it('reaches the handler without credentials, and refuses a bad token with 401', async () => {
    const none = await send(method, fill(url));
    expect((none.body as { error?: unknown } | undefined)?.error).not.toBe(UNAUTHORIZED.error);
    const bogus = await send(method, fill(url), { token: 'tmc_unknown' });
    expect(bogus.status).toBe(401);
    expect(bogus.body).toMatchObject(UNAUTHORIZED);
  });
});
