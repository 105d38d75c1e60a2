// The pure rules of /metrics: which label a request gets and whether a scraper's token matches.
import { createHash, timingSafeEqual } from 'node:crypto';

/** The label of a request no route matched (a 404 of the router, a malformed URL). */
export const UNMATCHED = 'unmatched';

/**
 * A request's `route` label: the matched route's pattern (`/api/apps/:id`), never the URL, so no
 * id, slug or token becomes a label value and the number of series stays that of the routes.
 */
export function routeLabel(pattern: string | undefined, matched: boolean): string {
  return matched && pattern ? pattern : UNMATCHED;
}

/** `Authorization: Bearer <token>` → the token; undefined for anything else. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}

/** Whether `sent` is `expected`, in a time that does not depend on where they differ (both are hashed first). */
export function tokenMatches(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
