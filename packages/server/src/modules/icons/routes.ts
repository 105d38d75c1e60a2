// Tarmac's icons for browser tabs, home screens and bookmarks, linked from the web app's
// index.html and every server-rendered page (ICON_LINKS in pages/layout.ts):
//   GET|HEAD /favicon.ico, /favicon.svg, /apple-touch-icon.png, /icon-192.png, /icon-512.png
//   GET|HEAD /manifest.webmanifest   the web app manifest naming the icons
// The files in ./files are drawn by mark.ts, written by `node scripts/icons.ts`.
// None of these names can be a channel slug (slugs have no dot), so `/<slug>` stays free.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

const FILES: Record<string, string> = {
  'favicon.ico': 'image/x-icon',
  'favicon.svg': 'image/svg+xml',
  'apple-touch-icon.png': 'image/png',
  'icon-192.png': 'image/png',
  'icon-512.png': 'image/png',
};

const MANIFEST = JSON.stringify({
  name: 'Tarmac',
  short_name: 'Tarmac',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#1f6feb',
  background_color: '#ffffff',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  ],
});

const DIR = path.join(import.meta.dirname, 'files');

export const iconsRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Buffer>();
  const options = { config: { auth: 'public' as const }, schema: { hide: true } };
  const headers = { 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' };

  for (const [name, type] of Object.entries(FILES)) {
    app.get(`/${name}`, options, async (_request, reply) => {
      let body = cache.get(name);
      if (!body) cache.set(name, (body = await readFile(path.join(DIR, name))));
      return reply.headers(headers).type(type).send(body);
    });
  }
  app.get('/manifest.webmanifest', options, (_request, reply) => reply.headers(headers).type('application/manifest+json').send(MANIFEST));
};
