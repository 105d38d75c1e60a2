// The browser's side of a sign-in through a redirect provider (OpenID Connect, the OAuth presets),
// done with fetch: a cookie jar per "browser", /auth/<slug>/start, the provider's login form
// (signInWithForm), and the callback. Used by oidc-sign-in.test.ts and oauth-presets-sign-in.test.ts.
import { createSecretBox } from '../../src/webhooks/secrets.ts';
import { PROVIDER_SECRETS } from '../../src/modules/sign-in-providers/kinds.ts';
import type { ProviderKind } from '../../src/modules/sign-in-providers/kinds.ts';
import type { AuthProviderRow } from '../../src/db/types.ts';
import { signInWithForm } from './oidc-provider.ts';
import type { TestServer } from './server.ts';

let position = 0;

/** A provider row as the admin screen would store it (the secret sealed). */
export async function addProvider(
  server: TestServer,
  input: { slug: string; kind: ProviderKind; name?: string; settings: object; secret?: string; enabled?: boolean; allowSignUp?: boolean },
): Promise<AuthProviderRow> {
  const now = new Date().toISOString();
  const box = createSecretBox(server.config.secretKey, [], PROVIDER_SECRETS);
  return server.services.signInProvidersRepository.insert({
    slug: input.slug, kind: input.kind, name: input.name ?? input.slug, enabled: input.enabled ?? true,
    allow_sign_up: input.allowSignUp ?? true, settings: JSON.stringify(input.settings),
    secret: input.secret === undefined ? null : box.encrypt(input.secret), source: 'ui', position: position++, created_at: now, updated_at: now,
  });
}

/** A browser: its cookies, and the redirects it is sent (not followed, so each can be checked). */
export class Browser {
  readonly jar = new Map<string, string>();
  private readonly server: { url: string };
  constructor(server: { url: string }) {
    this.server = server;
  }

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One GET (or other method) on the server, cookies kept; answers the status and the Location. */
  async get(path: string, init: RequestInit = {}): Promise<{ status: number; location: string | null; text: string }> {
    const url = path.startsWith('http') ? path : `${this.server.url}${path}`;
    const headers = { ...(init.headers as Record<string, string> | undefined), ...(this.jar.size ? { cookie: this.cookie } : {}) };
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(pair!.slice(0, eq).trim());
      else this.jar.set(pair!.slice(0, eq).trim(), value);
    }
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  }

  /** /auth/<slug>/start: the provider's authorization URL (throws when the server sent the browser elsewhere). */
  async start(slug: string, query: Record<string, string> = {}): Promise<URL> {
    const qs = new URLSearchParams(query).toString();
    const res = await this.get(`/auth/${slug}/start${qs ? `?${qs}` : ''}`);
    if (res.status !== 302 || !res.location) throw new Error(`start answered ${res.status}`);
    return new URL(res.location, this.server.url);
  }

  /** The session as the web app asks for it. */
  async session(): Promise<{ user: { id: number; username: string; email: string; role: string } | null; csrf_token: string | null }> {
    const res = await this.get('/api/session');
    return JSON.parse(res.text) as Awaited<ReturnType<Browser['session']>>;
  }
}

/** Signs in at the provider's form: the callback URL it sends the browser back to (not yet requested). */
export async function atProvider(authorizationUrl: URL, server: { url: string }, slug: string, username: string, password?: string) {
  const credentials = { username, password: password ?? `${username}-password` };
  const { callbackUrl } = await signInWithForm(authorizationUrl, `${server.url}/auth/${slug}/callback`, credentials);
  return callbackUrl;
}

/** The whole sign-in in one browser: start, the provider's form, the callback; answers the callback's redirect. */
export async function signInThrough(
  browser: Browser, server: { url: string }, slug: string, username: string, query: Record<string, string> = {},
) {
  const authorize = await browser.start(slug, query);
  const callback = await atProvider(authorize, server, slug, username);
  return browser.get(callback.href);
}

/** A /login?error=… location's code and params. */
export function errorOf(location: string | null): Record<string, string> {
  const url = new URL(location ?? '', 'http://x');
  if (url.pathname !== '/login') throw new Error(`not the sign-in page: ${location}`);
  return Object.fromEntries(url.searchParams);
}
