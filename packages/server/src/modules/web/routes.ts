// Serves the web app (packages/web, built by Vite into packages/web/dist): hashed assets
// under /assets with a year's caching, compressed once in memory, and index.html for every
// screen's URL (the app's router takes over in the browser). Screens' top-level paths are
// listed here; channel slugs may not use them (RESERVED_SLUGS), so `/<slug>` stays free for
// install pages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

/** First path segments of the web app's screens (see packages/web/src/routes.tsx). */
export const WEB_APP_PATHS = ['login', 'signup', 'apps', 'teardown', 'debug-files', 'devices', 'settings', 'admin'] as const;

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
  raw: Buffer;
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
    assets.set(name, { type, raw: readFileSync(file) });
  }
  return assets;
}

function negotiate(request: FastifyRequest, reply: FastifyReply, asset: Asset): Buffer {
  reply.header('vary', 'accept-encoding');
  if (!compressible(asset.type) || asset.raw.length < 1024) return asset.raw;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    asset.brotli ??= brotliCompressSync(asset.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } });
    reply.header('content-encoding', 'br');
    return asset.brotli;
  }
  if (/\bgzip\b/.test(accepted)) {
    asset.gzip ??= gzipSync(asset.raw, { level: 9 });
    reply.header('content-encoding', 'gzip');
    return asset.gzip;
  }
  return asset.raw;
}

export const webRoutes: FastifyPluginAsync<{ webDir: string }> = async (app, { webDir }) => {
  let index: Asset | null = null;
  try {
    index = { type: TYPES['.html']!, raw: readFileSync(path.join(webDir, 'index.html')) };
  } catch {
    app.log.warn({ webDir }, 'The web app is not built: `npm start` builds it (or run `npm run build -w @tarmac/web`)');
  }
  const assets = loadAssets(webDir);
  const config = { auth: 'public' as const };
  const hide = { hide: true };

  function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    if (!index) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The Tarmac web app is not built. Start Tarmac with `npm start`, which builds it, or run `npm run build -w @tarmac/web`.');
    }
    return reply
      .header('content-type', index.type)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .send(negotiate(request, reply, index));
  }

  app.get('/assets/*', { config, schema: hide }, (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const asset = assets.get(name);
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(negotiate(request, reply, asset));
  });

  app.get('/', { config, schema: hide }, sendIndex);
  for (const segment of WEB_APP_PATHS) {
    app.get(`/${segment}`, { config, schema: hide }, sendIndex);
    app.get(`/${segment}/*`, { config, schema: hide }, sendIndex);
  }
};
