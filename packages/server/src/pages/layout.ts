// The document shell of every server-rendered public page (install pages, password form,
// /udid): language, colour scheme (light and dark follow the system), the shared stylesheet
// and a strict Content-Security-Policy. Pages add their own CSS and script through `head`
// and `script`; everything stays inline, so a page is one request and opens fast on a phone.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { html, raw } from './html.ts';
import type { SafeHtml } from './html.ts';
import type { PageLocale } from './locale.ts';

export const BASE_CSS = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#1b1f24;--muted:#5c6670;--line:#e2e5e9;--accent:#1a5fd0;--accent-text:#fff;--warn-bg:#fff4e5;--warn-text:#7a4a00;--error:#c62828}
@media (prefers-color-scheme:dark){:root{--bg:#0f1216;--card:#181c21;--text:#e6e8eb;--muted:#9aa4ae;--line:#2a3038;--accent:#4c8dff;--accent-text:#0f1216;--warn-bg:#3a2a10;--warn-text:#f3c77a;--error:#ff6b6b}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif}
main{max-width:720px;margin:0 auto;padding:24px 16px 48px}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px;margin-bottom:16px}
h1{font-size:1.4rem;margin:0 0 4px}h2{font-size:1.1rem;margin:0 0 12px}
.muted{color:var(--muted)}
a{color:var(--accent)}
.button{display:inline-block;background:var(--accent);color:var(--accent-text);border:0;border-radius:10px;padding:12px 24px;font-size:1rem;font-weight:600;text-decoration:none;cursor:pointer}
.button[aria-disabled=true]{opacity:.5;pointer-events:none}
.notice{background:var(--warn-bg);color:var(--warn-text);border-radius:10px;padding:12px 16px;margin-bottom:16px}
.error{color:var(--error)}
input{font:inherit;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:var(--card);color:var(--text);width:100%}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;word-break:break-all}
`;

/** Tarmac's icons and web manifest (modules/icons/routes.ts serves them). */
const ICON_LINKS = [
  '<link rel="icon" href="/favicon.ico" sizes="48x48">',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
  '<link rel="manifest" href="/manifest.webmanifest">',
].join('\n');

export interface PageOptions {
  locale: PageLocale;
  title: string;
  body: SafeHtml;
  /** Extra CSS for this page (our own, never user text). */
  css?: string;
  /** An inline script (our own code, never user text); allowed by its hash in the CSP. */
  script?: string;
}

const hashes = new Map<string, string>();
function sourceHash(source: string): string {
  let hash = hashes.get(source);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
    if (hashes.size < 64) hashes.set(source, hash);
  }
  return hash;
}

/** Renders the page and sends it with its Content-Security-Policy. */
export function sendPage(reply: FastifyReply, options: PageOptions, status = 200): FastifyReply {
  const css = BASE_CSS + (options.css ?? '');
  const csp = [
    "default-src 'none'",
    `style-src ${sourceHash(css)}`,
    options.script ? `script-src ${sourceHash(options.script)}` : "script-src 'none'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const document = html`<!doctype html>
<html lang="${options.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex, nofollow">
${raw(ICON_LINKS)}
<title>${options.title}</title>
<style>${raw(css)}</style>
</head>
<body>
${options.body}
${options.script ? html`<script>${raw(options.script)}</script>` : ''}
</body>
</html>
`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(document.value);
}
