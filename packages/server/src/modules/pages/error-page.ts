// A browser's page or form request that the server refuses outside the API (the password form
// with text no database can store, a body too large or too slow, the server busy, a failure)
// gets a page in the visitor's language saying what happened, with the answer's status; API
// clients, Zealot's SDKs and curl keep the JSON `{"error", "code", …}`. The sentence is chosen by
// the answer's code (src/error-codes.ts). A 404 is the not-found page's (not-found.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, ErrorParams } from '../../errors.ts';
import { sendPage } from '../../pages/layout.ts';
import { pageLocale } from '../../pages/locale.ts';
import type { PageLocale } from '../../pages/locale.ts';
import { translator } from './messages.ts';
import type { MessageKey } from './messages.ts';
import { prefersHtml } from './not-found.ts';
import { PAGE_CSS, errorView } from './views.ts';

/** The page's sentence for a code; any other code gets `error.generic`. */
const SENTENCES: Partial<Record<ErrorCode, MessageKey>> = {
  'validation.failed': 'error.form',
  'request.bad': 'error.form',
  'request.bad_url': 'error.form',
  'request.invalid_json': 'error.form',
  'request.empty_json_body': 'error.form',
  'request.unsupported_media_type': 'error.form',
  'request.content_length_mismatch': 'error.form',
  payload_too_large: 'error.tooLarge',
  'request.body_too_large': 'error.tooLarge',
  'upload.too_large': 'error.tooLarge',
  'upload.too_many_parts': 'error.tooLarge',
  'request.timeout': 'error.timeout',
  service_unavailable: 'error.busy',
  'service.busy_anonymous': 'error.busy',
  'auth.too_many_attempts': 'error.tooMany',
  'release.password_required': 'error.password',
  internal: 'error.internal',
};

/** A browser's request outside /api (any method: the password form posts). */
export function wantsErrorPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  return prefersHtml(request.headers.accept);
}

/** Sends the error page with `status`, in the visitor's language (`?lang=`, Accept-Language, the server default). */
export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { status: number; code: ErrorCode; params: ErrorParams },
  defaultLocale: PageLocale,
): FastifyReply {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  const locale = pageLocale(typeof lang === 'string' ? lang : undefined, request.headers['accept-language'], defaultLocale);
  const frame = { locale, t: translator(locale), switchHref: `?lang=${locale === 'en' ? 'zh-CN' : 'en'}` };
  const sentence = SENTENCES[answer.code] ?? 'error.generic';
  const view = errorView(frame, sentence, answer.params);
  return sendPage(reply, { locale, title: view.title, body: view.body, css: PAGE_CSS }, answer.status);
}
