// Demo mode's read-only rule (TARMAC_DEMO_MODE; docs/demo-mode.md): every request that would change
// something is refused with 403 `demo.read_only`, by anyone, admins included, before it is parsed,
// authenticated or validated. What a visitor needs to look around stays open: signing in and out
// (with a second factor), and a channel password on an install page (it only unlocks a page).
// Uploads are refused too: a public showcase must not become free file hosting.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../http/error-handler.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The writes a showcase needs, as "METHOD path" (no query string). */
const ALLOWED = new Set(['POST /api/session', 'DELETE /api/session', 'POST /api/session/two-factor']);

export const DEMO_READ_ONLY_MESSAGE = 'This is a read-only demo: changes are turned off (the data resets daily at 00:00 UTC)';

/** Whether demo mode lets this request through. */
export function demoAllows(method: string, url: string): boolean {
  if (READS.has(method)) return true;
  const path = url.split('?')[0] ?? '';
  if (ALLOWED.has(`${method} ${path}`)) return true;
  // An install page's channel password form (modules/pages, outside /api).
  return method === 'POST' && !path.startsWith('/api/') && /^\/[^/]+\/unlock$/.test(path);
}

/** An onRequest hook, added only in demo mode. */
export async function refuseDemoWrites(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (demoAllows(request.method, request.url)) return undefined;
  return sendError(reply, 403, DEMO_READ_ONLY_MESSAGE, 'demo.read_only');
}
