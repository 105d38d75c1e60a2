// The shared part of the OAuth preset stand-ins (oauth-presets.ts): users, client, codes and tokens,
// the login form, and the HTTP server that routes to a preset's handlers.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OAuthPresetName = 'github' | 'gitlab' | 'google' | 'feishu' | 'gitea';

/** A test user, the same people in every preset; each preset shapes them as its API does. */
export interface PresetUser {
  id: number;
  username: string;
  password: string;
  name: string;
  email: string;
  /** false: the provider says the address is not verified (where it can say so). */
  emailVerified: boolean;
  /** GitHub and Gitea organisations, GitLab group full paths. */
  orgs: string[];
}

/** alice belongs to the `tarmac-org` organisation (GitLab: group `mobile/tarmac`), bob to none,
 *  carol's email is not verified. Passwords are `<username>-password`. */
export const PRESET_USERS: readonly PresetUser[] = Object.freeze([
  { id: 1001, username: 'alice', password: 'alice-password', name: 'Alice Admin', email: 'alice@example.com', emailVerified: true,
    orgs: ['tarmac-org', 'mobile/tarmac'] },
  { id: 1002, username: 'bob', password: 'bob-password', name: 'Bob Builder', email: 'bob@example.com', emailVerified: true, orgs: [] },
  { id: 1003, username: 'carol', password: 'carol-password', name: 'Carol Unverified', email: 'carol@example.com',
    emailVerified: false, orgs: ['tarmac-org'] },
]);

export interface OAuthPresetOptions {
  /** Default `tarmac-<preset>` / `tarmac-<preset>-secret` (Feishu: app_id / app_secret). */
  clientId?: string;
  clientSecret?: string;
  /** The registered callback URLs; default http://127.0.0.1/callback. */
  redirectUris?: string[];
  users?: PresetUser[];
  /** How long a code lives; default the provider's own (GitHub and GitLab 10 minutes, Feishu 5). */
  codeTtlSeconds?: number;
}

export interface TestOAuthPreset {
  name: OAuthPresetName;
  /** Where the provider lives: what an admin types as the instance URL (GitLab, Gitea), or the issuer (Google). */
  baseUrl: string;
  /** The endpoints a relying party calls, as full URLs. */
  endpoints: Record<string, string>;
  client: { clientId: string; clientSecret: string; redirectUris: string[] };
  users: PresetUser[];
  close(): Promise<void>;
}

interface Grant { user: PresetUser; clientId: string; redirectUri: string; challenge?: string; method?: string; expiresAt: number }

interface Reply { status?: number; json?: unknown; text?: string; html?: string; redirect?: string; headers?: Record<string, string> }

/** What a route handler sees of the request. */
export interface PresetRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  /** The body's fields (JSON or form), or the query's on a GET. */
  params: Record<string, string>;
}

/** The state shared by every preset: clients, pending sign-ins, codes and tokens. */
export class PresetCore {
  readonly codes = new Map<string, Grant>();
  readonly tokens = new Map<string, PresetUser>();
  readonly client: TestOAuthPreset['client'];
  readonly users: PresetUser[];
  readonly codeTtlMs: number;
  baseUrl = '';

  constructor(name: OAuthPresetName, options: OAuthPresetOptions, defaultTtlSeconds: number) {
    this.client = {
      clientId: options.clientId ?? `tarmac-${name}`,
      clientSecret: options.clientSecret ?? `tarmac-${name}-secret`,
      redirectUris: options.redirectUris ?? ['http://127.0.0.1/callback'],
    };
    this.users = (options.users ?? PRESET_USERS).map((u) => ({ ...u, orgs: [...u.orgs] }));
    this.codeTtlMs = (options.codeTtlSeconds ?? defaultTtlSeconds) * 1000;
  }

  /** The authorize step: refuses an unknown client or redirect URI, else shows the login form. */
  authorize(req: PresetRequest, clientIdParam = 'client_id'): Reply {
    const q = Object.fromEntries(req.url.searchParams);
    if (q[clientIdParam] !== this.client.clientId) return { status: 404, html: '<h1>Not Found</h1><p>Unknown application.</p>' };
    const redirectUri = q.redirect_uri ?? this.client.redirectUris[0]!;
    if (!this.client.redirectUris.includes(redirectUri)) {
      return { status: 400, html: '<h1>Bad request</h1><p>The redirect_uri is not registered for this application.</p>' };
    }
    return { html: loginPage(`${this.baseUrl}/__test/login`, { ...q, redirect_uri: redirectUri, client_id: this.client.clientId }) };
  }

  /** The login form's post: the user signs in, the browser goes back with a code (or `access_denied`). */
  login(req: PresetRequest): Reply {
    const p = req.params;
    if (p.client_id !== this.client.clientId || !this.client.redirectUris.includes(p.redirect_uri ?? '')) {
      return { status: 400, html: '<p>Bad request: unknown application or redirect_uri.</p>' };
    }
    const back = new URL(p.redirect_uri!);
    const user = this.users.find((u) => u.username === p.username && u.password === p.password);
    if (!user) {
      return { status: 401, html: loginPage(`${this.baseUrl}/__test/login`, withoutCredentials(p), 'Incorrect username or password.') };
    }
    const code = randomBytes(10).toString('hex');
    this.codes.set(code, {
      user, clientId: this.client.clientId, redirectUri: back.href, challenge: p.code_challenge, method: p.code_challenge_method,
      expiresAt: Date.now() + this.codeTtlMs,
    });
    back.searchParams.set('code', code);
    if (p.state) back.searchParams.set('state', p.state);
    return { redirect: back.href };
  }

  /** Spends a code: the user it was issued for, or why not (an unknown, spent or expired code, another
   *  redirect URI, a PKCE verifier that does not match). */
  redeem(code: string | undefined, redirectUri: string | undefined, verifier: string | undefined): PresetUser | string {
    const grant = code ? this.codes.get(code) : undefined;
    if (!grant) return 'unknown or spent code';
    this.codes.delete(code!);
    if (grant.expiresAt <= Date.now()) return 'expired code';
    if (redirectUri !== undefined && redirectUri !== grant.redirectUri) return 'redirect_uri differs';
    if (grant.challenge) {
      const computed = grant.method === 'S256' ? createHash('sha256').update(verifier ?? '').digest('base64url') : verifier;
      if (computed !== grant.challenge) return 'code_verifier does not match';
    }
    return grant.user;
  }

  issueToken(user: PresetUser, prefix = ''): string {
    const token = `${prefix}${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, user);
    return token;
  }

  /** The user behind `Authorization: Bearer …` (or GitHub's and Gitea's `token …`). */
  bearer(req: PresetRequest): PresetUser | undefined {
    const match = /^(?:bearer|token)\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    return match ? this.tokens.get(match[1]!) : undefined;
  }

  /** Client credentials from the body or HTTP Basic (RFC 6749 2.3.1). */
  clientAuth(req: PresetRequest): boolean {
    const basic = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    let [id, secret] = [req.params.client_id, req.params.client_secret];
    if (basic) [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    return id === this.client.clientId && secret === this.client.clientSecret;
  }
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's sign-in page: username, password, and the authorization request carried in hidden fields. */
function loginPage(action: string, hidden: Record<string, string>, error?: string): string {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('\n');
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Test OAuth provider</title></head>
<body><main><h1>Sign in to authorize ${escapeHtml(hidden.client_id ?? '')}</h1>${alert}
<form method="post" action="${escapeHtml(action)}">
${fields}
<label for="username">Username</label> <input id="username" name="username" autocomplete="username" required autofocus>
<label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}

const withoutCredentials = (p: Record<string, string>) =>
  Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'username' && k !== 'password'));

async function readRequest(req: IncomingMessage, base: string): Promise<PresetRequest> {
  const url = new URL(req.url ?? '/', base);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  let params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (raw) {
    if ((req.headers['content-type'] ?? '').includes('json')) {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      params = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } else {
      params = { ...params, ...Object.fromEntries(new URLSearchParams(raw)) };
    }
  }
  return { method: req.method ?? 'GET', url, headers: req.headers, params };
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
  if (reply.redirect) {
    res.writeHead(reply.status ?? 302, { ...headers, location: reply.redirect }).end();
  } else if (reply.html !== undefined) {
    res.writeHead(reply.status ?? 200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(reply.html);
  } else if (reply.text !== undefined) {
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', ...headers }).end(reply.text);
  } else {
    res.writeHead(reply.status ?? 200, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(reply.json));
  }
}

export type PresetRoutes = Record<string, (req: PresetRequest) => Reply>;

/** Serves a preset's routes (`'GET /path'`) and the shared login form's post on a random port. */
export async function servePreset(
  name: OAuthPresetName, core: PresetCore, routes: PresetRoutes, endpoints: (base: string) => Record<string, string>,
): Promise<TestOAuthPreset> {
  const all: PresetRoutes = { ...routes, 'POST /__test/login': (req) => core.login(req) };
  const server = createServer((req, res) => {
    readRequest(req, core.baseUrl).then((request) => {
      const route = all[`${request.method} ${request.url.pathname}`];
      send(res, route ? route(request) : { status: 404, json: { message: 'Not Found' } });
    }).catch((error: unknown) => send(res, { status: 400, json: { message: error instanceof Error ? error.message : String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  core.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    name, baseUrl: core.baseUrl, endpoints: endpoints(core.baseUrl), client: core.client, users: core.users,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

