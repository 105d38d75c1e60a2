// A real OpenID provider (the `oidc-provider` package, v9) on 127.0.0.1 and a random port, for the
// sign-in tests: discovery, authorization code with PKCE, a login step that is a plain HTML form
// (username and password against an in-memory account list, drivable by fetch or by Chromium),
// JWKS, userinfo. Consent is granted without a screen: the relying party is the only client.
// The package's configuration reference: https://github.com/panva/node-oidc-provider/blob/v9.x/docs/README.md
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GrantClass } from 'oidc-provider';
import * as openid from 'openid-client';

export interface OidcAccount {
  /** The subject identifier (`sub`). */
  sub: string;
  username: string;
  password: string;
  email: string;
  email_verified: boolean;
  name: string;
  groups: string[];
  /** More claims, released with the `profile` scope (e.g. Google's `given_name`, `hd`, `picture`). */
  extra?: Record<string, unknown>;
}

export interface OidcClient {
  clientId: string;
  /** Omitted: a public client (token endpoint auth `none`, PKCE required). */
  clientSecret?: string;
  redirectUris: string[];
}

export interface OidcProviderOptions {
  /** The registered clients; by default one confidential client, `tarmac` / `tarmac-secret`, redirecting to
   *  http://127.0.0.1/callback (pass your own redirect URI for a real relying party). */
  clients?: OidcClient[];
  /** The accounts that may sign in; by default DEFAULT_OIDC_ACCOUNTS. */
  accounts?: OidcAccount[];
  /** How long an authorization code lives, in seconds (default 60, the package's default). */
  codeTtlSeconds?: number;
  /** Claims released with the `profile` scope on top of `name` (for accounts' `extra` claims). */
  profileClaims?: string[];
}

export interface TestOidcProvider {
  /** The issuer URL, e.g. http://127.0.0.1:43121 (discovery at /.well-known/openid-configuration). */
  issuer: string;
  accounts: OidcAccount[];
  clients: OidcClient[];
  /** Every sign-in tried on the login form: the username and whether it was accepted. */
  logins: { username: string; accepted: boolean }[];
  close(): Promise<void>;
}

/** alice is an admin (group `tarmac-admins`), bob a developer, carol's email is not verified. */
export const DEFAULT_OIDC_ACCOUNTS: readonly OidcAccount[] = Object.freeze([
  {
    sub: 'a1b2c3-alice', username: 'alice', password: 'alice-password', email: 'alice@example.com',
    email_verified: true, name: 'Alice Admin', groups: ['tarmac-admins', 'mobile'],
  },
  {
    sub: 'd4e5f6-bob', username: 'bob', password: 'bob-password', email: 'bob@example.com',
    email_verified: true, name: 'Bob Builder', groups: ['mobile'],
  },
  {
    sub: 'g7h8i9-carol', username: 'carol', password: 'carol-password', email: 'carol@example.com',
    email_verified: false, name: 'Carol Unverified', groups: [],
  },
]);

export const DEFAULT_OIDC_CLIENT: Readonly<OidcClient> = Object.freeze({
  clientId: 'tarmac', clientSecret: 'tarmac-secret', redirectUris: ['http://127.0.0.1/callback'],
});

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The login page: a labelled form that posts back to the interaction's own URL. */
export function loginPage(uid: string, clientId: string, error?: string): string {
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Test IdP</title></head>
<body><main><h1>Sign in to continue to ${escapeHtml(clientId)}</h1>${alert}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="username">Username</label> <input id="username" name="username" autocomplete="username" required autofocus>
<label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function signingKeys(): Record<string, unknown>[] {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return [{ ...privateKey.export({ format: 'jwk' }), kid: `test-${randomBytes(4).toString('hex')}`, use: 'sig', alg: 'RS256' }];
}

/** The provider's storage, one per provider and in memory, as the package's adapter interface asks for
 *  (docs: "adapter"); its own in-memory adapter is shared by every provider in the process. */
function memoryAdapter(): new (model: string) => object {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt <= Date.now()) store.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  return class {
    readonly model: string;
    constructor(model: string) { this.model = model; }
    key(id: string) { return `${this.model}:${id}`; }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    }
    async find(id: string) { return live(this.key(id)); }
    async findByUid(uid: string) { return this.findBy('uid', uid); }
    async findByUserCode(userCode: string) { return this.findBy('userCode', userCode); }
    findBy(field: string, value: string) {
      for (const key of store.keys()) {
        const payload = key.startsWith(`${this.model}:`) ? live(key) : undefined;
        if (payload?.[field] === value) return payload;
      }
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) { store.delete(this.key(id)); }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}

/** Error pages in plain text (the package's default page says it should be replaced). */
function renderError(ctx: { type: string; body: string }, out: Record<string, string>): void {
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = Object.entries(out).map(([k, v]) => `${k}: ${v}`).join('\n');
}

/** What loadExistingGrant reads of the package's request context. */
interface GrantContext {
  oidc: {
    result?: { consent?: { grantId?: string } };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    client: { clientId: string };
    params: { scope?: unknown };
    provider: { Grant: GrantClass };
  };
}

function configuration(options: OidcProviderOptions, accounts: OidcAccount[], clients: OidcClient[]): Record<string, unknown> {
  return {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      ...(c.clientSecret ? { client_secret: c.clientSecret } : { token_endpoint_auth_method: 'none' }),
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    adapter: memoryAdapter(),
    renderError,
    jwks: { keys: signingKeys() },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', ...(options.profileClaims ?? [])],
      groups: ['groups'],
    },
    // The ID token carries the scopes' claims too (not only userinfo), as Keycloak or Authentik do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // PKCE for every client, confidential ones included.
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: options.codeTtlSeconds ?? 60,
      AccessToken: 3600, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.find((a) => a.sub === id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub, email: account.email, email_verified: account.email_verified, name: account.name,
          groups: account.groups, ...account.extra,
        }),
      };
    },
    // No consent screen: a grant of the scopes asked for is made on the first sign-in.
    loadExistingGrant: async (ctx: GrantContext) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope(typeof ctx.oidc.params.scope === 'string' ? ctx.oidc.params.scope : 'openid');
      await grant.save();
      return grant;
    },
  };
}

/** Starts the provider; `close()` stops it and drops every connection. */
export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<TestOidcProvider> {
  const { default: Provider } = await import('oidc-provider');
  const accounts = (options.accounts ?? DEFAULT_OIDC_ACCOUNTS).map((a) => ({ ...a }));
  const clients = (options.clients ?? [DEFAULT_OIDC_CLIENT]).map((c) => ({ ...c }));
  const logins: TestOidcProvider['logins'] = [];

  const interaction = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
    };
    if (req.method === 'GET') return html(200, loginPage(details.uid, clientId));
    if (req.method !== 'POST') return html(405, 'Method not allowed');
    const form = await readForm(req);
    const username = form.get('username') ?? '';
    const account = accounts.find((a) => a.username === username && a.password === form.get('password'));
    logins.push({ username, accepted: Boolean(account) });
    if (!account) return html(401, loginPage(details.uid, clientId, 'Invalid username or password.'));
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  };

  const server = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration(options, accounts, clients));
  const callback = provider.callback();
  return {
    issuer, accounts, clients, logins,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface FormSignInResult {
  /** The URL the provider sent the browser back to (the redirect URI with `code` and `state`, or `error`). */
  callbackUrl: URL;
  /** The pages walked through, status and URL, for messages when something goes wrong. */
  steps: string[];
}

/**
 * What a browser does between the relying party's redirect and its callback, with plain fetch: follows
 * redirects by hand, keeps cookies, fills the first form's `username` and `password` and posts it, until
 * a redirect to `redirectUri` (not fetched). Works against this provider and the OAuth preset servers.
 */
export async function signInWithForm(
  authorizationUrl: string | URL, redirectUri: string, credentials: { username: string; password: string },
): Promise<FormSignInResult> {
  const jar = new Map<string, string>();
  const steps: string[] = [];
  let request: { url: URL; method: string; body?: URLSearchParams } = { url: new URL(authorizationUrl), method: 'GET' };
  let posted = false;
  for (let hop = 0; hop < 20; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(request.url, {
      method: request.method, body: request.body, redirect: 'manual', headers: cookie ? { cookie } : {},
    });
    steps.push(`${request.method} ${request.url.href} -> ${res.status}`);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, request.url);
      if (next.href.startsWith(redirectUri)) return { callbackUrl: next, steps };
      request = { url: next, method: 'GET' };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]*)"/i.exec(html)?.[1];
    if (!action || posted || res.status !== 200) throw new Error(`sign-in stopped:\n${steps.join('\n')}\n${html.slice(0, 500)}`);
    const body = new URLSearchParams();
    for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) body.set(m[1]!, decodeHtml(m[2]!));
    body.set('username', credentials.username);
    body.set('password', credentials.password);
    request = { url: new URL(decodeHtml(action), request.url), method: 'POST', body };
    posted = true;
  }
  throw new Error(`too many redirects:\n${steps.join('\n')}`);
}

const decodeHtml = (text: string): string => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
  .replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** A relying party's first step with openid-client: a PKCE verifier, a state and a nonce, and the
 *  authorization URL that carries them (S256), as the product's sign-in will build it. */
export async function beginOidcSignIn(config: openid.Configuration, redirectUri: string, scope = 'openid email profile groups') {
  const verifier = openid.randomPKCECodeVerifier();
  const state = openid.randomState();
  const nonce = openid.randomNonce();
  const url = openid.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri, scope, state, nonce,
    code_challenge: await openid.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  });
  return { url, verifier, state, nonce };
}
