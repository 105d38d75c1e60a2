// The install pages' "Nothing here" page for any public address a browser opens that leads
// nowhere: an unknown path (/foo/bar/baz, /<slug>/abc), or a known one whose slug or build is
// gone (a stale download link). Only a browser asking for a page gets it (GET or HEAD, outside
// /api, an Accept that prefers text/html to JSON); API clients, Zealot's SDKs, fastlane and
// curl (`*/*`) keep the JSON `{"error": …}` answer they read. The page never looks anything up,
// so it is the same whether or not a slug exists behind a password.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../../pages/layout.ts';
import { pageLocale } from '../../pages/locale.ts';
import type { PageLocale } from '../../pages/locale.ts';
import { translator } from './messages.ts';
import { PAGE_CSS, notFoundView } from './views.ts';

/** The quality (`q`) an Accept header gives to exactly `type`; 0 when it does not name it. */
function quality(accept: string, type: string): number {
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';');
    if (range.trim().toLowerCase() !== type) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
    const value = q === undefined ? 1 : Number(q);
    return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
  }
  return 0;
}

/** Whether an Accept header asks for a page: it names text/html, at least as wanted as JSON (`*` / `*` alone is not a browser). */
export function prefersHtml(accept: string | string[] | undefined): boolean {
  const text = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  if (text.length > 4096) return false;
  const html = quality(text, 'text/html');
  return html > 0 && html >= quality(text, 'application/json');
}

/** A browser's page request outside the API. */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  return prefersHtml(request.headers.accept);
}

/** Sends the not-found page (404) in the visitor's language: `?lang=`, else Accept-Language, else the server default. */
export function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, defaultLocale: PageLocale): FastifyReply {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  const locale = pageLocale(typeof lang === 'string' ? lang : undefined, request.headers['accept-language'], defaultLocale);
  // A query-only link keeps the visitor's path without writing it into the page (a path such
  // as //elsewhere.example would otherwise be a link to another site).
  const frame = { locale, t: translator(locale), switchHref: `?lang=${locale === 'en' ? 'zh-CN' : 'en'}` };
  const view = notFoundView(frame);
  return sendPage(reply, { locale, title: view.title, body: view.body, css: PAGE_CSS }, 404);
}
