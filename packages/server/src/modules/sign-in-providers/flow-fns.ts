// The pure parts of the browser sign-in through a provider (flow.ts): where the browser may be sent
// back to, the state cookie, reading claims, and the group or organisation rules.
import { sha256Hex } from '../../auth/secrets.ts';

/** The purpose of the account token that carries one sign-in's state between start and callback. */
export const OAUTH_STATE = 'oauth-state';
/** How long a person has at the provider before the sign-in must start again. */
export const STATE_TTL_MS = 10 * 60_000;
/** The cookie that ties a state to the browser that started it (a state from another browser is refused). */
export const STATE_COOKIE = 'tarmac_sign_in_state';
/** How many sign-ins one browser may have under way at once (one per tab). */
const MAX_PENDING = 3;

/** Only paths on this site, as the web app's safeNext: never an absolute or protocol-relative URL. */
export function safeNext(next: string | undefined): string {
  if (!next || next.length > 2000) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** One query value: a repeated field or a missing one is treated as absent. */
export function queryText(query: unknown, name: string, max = 4000): string | undefined {
  if (query === null || typeof query !== 'object') return undefined;
  const value = (query as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

export const stateHash = (state: string) => sha256Hex(`tarmac sign-in state\0${state}`);

/** The cookie's hashes after a new sign-in starts: the newest first, at most MAX_PENDING. */
export function addPending(cookie: string | undefined, hash: string): string {
  return [hash, ...pendingOf(cookie).filter((h) => h !== hash)].slice(0, MAX_PENDING).join('.');
}

export function pendingOf(cookie: string | undefined): string[] {
  return (cookie ?? '').split('.').filter((h) => /^[0-9a-f]{64}$/.test(h)).slice(0, MAX_PENDING);
}

/** The cookie without the hash of a state that came back (used or refused). */
export function removePending(cookie: string | undefined, hash: string): string {
  return pendingOf(cookie).filter((h) => h !== hash).join('.');
}

/** A claim as text: a string, or a number (GitHub-like numeric ids); anything else is absent. */
export function claimText(claims: Record<string, unknown>, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const value = claims[name];
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A claim as a list of names: an array of strings, or one string (some providers send a single group so). */
export function claimList(claims: Record<string, unknown>, name: string | undefined): string[] {
  if (!name) return [];
  const value = claims[name];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** `email_verified` as providers send it: a boolean, or the string "true" (Azure AD, some Cognito pools). */
export function claimTrue(claims: Record<string, unknown>, name: string): boolean {
  const value = claims[name];
  return value === true || value === 'true';
}

export interface Membership {
  /** false: the person is in none of the allowed groups or organisations. */
  allowed: boolean;
  /** 'admin' or 'default' when admin groups are set (identities' ExternalProfile.role), else undefined. */
  role: 'admin' | 'default' | undefined;
}

/** Group or organisation names compare without case (GitHub logins, domains and most directories ignore it). */
export function membership(names: readonly string[], allowed: readonly string[], admins: readonly string[]): Membership {
  const have = new Set(names.map((n) => n.toLowerCase()));
  const inAny = (list: readonly string[]) => list.some((n) => have.has(n.toLowerCase()));
  return {
    allowed: allowed.length === 0 || inAny(allowed) || inAny(admins),
    role: admins.length === 0 ? undefined : inAny(admins) ? 'admin' : 'default',
  };
}

/** Only loopback issuers may be plain http (the tests' local provider); everything else must be https. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
