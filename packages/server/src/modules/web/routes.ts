// Serves the web app (packages/web, built by Vite into packages/web/dist): hashed assets
// under /assets with a year's caching, read from disk when asked for (a built app is ~2 MB that
// an idle server need not hold) and compressed once in memory, and index.html for every
// screen's URL (the app's router takes over in the browser). Screens' top-level paths are
// listed here; channel slugs may not use them (RESERVED_SLUGS), so `/<slug>` stays free for
// install pages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

/** First path segments of the web app's screens (see packages/web/src/routes.tsx). */
export const WEB_APP_PATHS = [
  'login', 'signup', 'forgot-password', 'reset-password', 'sign-in', 'apps', 'teardown', 'debug-files', 'devices', 'settings', 'admin',
  'confirm-email', 'invitations', 'link-identity',
] as const;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
};

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets its theme's CSS variables in a <style> element.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  type: string;
  /** The file's contents, or where to read them (assets stay on disk until asked for). */
  raw: Buffer | string;
  gzip?: Buffer;
  brotli?: Buffer;
}

function compressible(type: string): boolean {
  return /^(text\/|application\/json|image\/svg)/.test(type);
}

function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const assetsDir = path.join(dir, 'assets');
  let names: string[];
  try {
    names = readdirSync(assetsDir);
  } catch {
    return assets;
  }
  for (const name of names) {
    const file = path.join(assetsDir, name);
    if (!statSync(file).isFile()) continue;
    const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
    assets.set(name, { type, raw: file });
  }
  return assets;
}

async function negotiate(request: FastifyRequest, reply: FastifyReply, asset: Asset): Promise<Buffer> {
  reply.header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  const cached = encoding === 'br' ? asset.brotli : encoding === 'gzip' ? asset.gzip : undefined;
  if (cached) {
    reply.header('content-encoding', encoding!);
    return cached;
  }
  const raw = typeof asset.raw === 'string' ? await readFile(asset.raw) : asset.raw;
  if (!compressible(asset.type) || raw.length < 1024 || !encoding) return raw;
  reply.header('content-encoding', encoding);
  if (encoding === 'br') return (asset.brotli = brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }));
  return (asset.gzip = gzipSync(raw, { level: 9 }));
}

interface Options {
  webDir: string;
  /** Where a URL under /apps goes instead (Zealot's app screens and remapped ids: modules/zealot-links). */
  appsRedirect?: (url: string) => Promise<string | undefined>;
}

export const webRoutes: FastifyPluginAsync<Options> = async (app, { webDir, appsRedirect }) => {
  let index: Asset | null = null;
  try {
    index = { type: TYPES['.html']!, raw: readFileSync(path.join(webDir, 'index.html')) };
  } catch {
    app.log.warn({ webDir }, 'The web app is not built: `npm start` builds it (or run `npm run build -w @tarmac/web`)');
  }
  const assets = loadAssets(webDir);
  const config = { auth: 'public' as const };
  const hide = { hide: true };

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const elsewhere = appsRedirect && request.url.startsWith('/apps/') ? await appsRedirect(request.url) : undefined;
    if (elsewhere) return reply.header('cache-control', 'no-store').redirect(elsewhere, 301);
    if (!index) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The Tarmac web app is not built. Start Tarmac with `npm start`, which builds it, or run `npm run build -w @tarmac/web`.');
    }
    return reply
      .header('content-type', index.type)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .send(await negotiate(request, reply, index));
  }

  app.get('/assets/*', { config, schema: hide }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const asset = assets.get(name);
    const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (!asset) return notFound();
    let body: Buffer;
    try {
      body = await negotiate(request, reply, asset);
    } catch {
      // The file went away after start (a rebuild replaced the app): as if it never was.
      reply.removeHeader('content-encoding');
      return notFound();
    }
    return reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });

  app.get('/', { config, schema: hide }, sendIndex);
  for (const segment of WEB_APP_PATHS) {
    app.get(`/${segment}`, { config, schema: hide }, sendIndex);
    app.get(`/${segment}/*`, { config, schema: hide }, sendIndex);
  }
};
