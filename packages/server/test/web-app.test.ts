// Serving the web app: index.html for every screen's URL, hashed assets cached for a year,
// compressed and read from disk when asked for, and a clear answer when the app was never built.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { RESERVED_SLUGS } from '../src/modules/channels/fns.ts';
import { WEB_APP_PATHS } from '../src/modules/web/routes.ts';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('tarmac '.repeat(500))});`;

let dir: string;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let bare: Awaited<ReturnType<typeof buildApp>>['app'];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tarmac-web-'));
  const webDir = path.join(dir, 'dist');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), SCRIPT);
  const config = loadConfig({ TARMAC_DATA_DIR: path.join(dir, 'data'), TARMAC_SECRET_KEY: 'web-test-secret-key-that-is-long-enough-42', LOG_LEVEL: 'silent' });
  ({ app } = await buildApp({ config, webDir }));
  ({ app: bare } = await buildApp({ config: loadConfig({ TARMAC_DATA_DIR: path.join(dir, 'data2'), TARMAC_SECRET_KEY: 'web-test-secret-key-that-is-long-enough-42', LOG_LEVEL: 'silent' }), webDir: path.join(dir, 'missing') }));
});

afterAll(async () => {
  await app?.close();
  await bare?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('answers index.html, not cached, with a CSP, at every screen URL', async () => {
    for (const url of ['/', '/login', '/apps', '/apps/12/channels/3/releases/9', '/settings?tab=tokens', '/admin/users', '/teardown', '/debug-files/4']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toBe(INDEX);
    }
  });

  it('serves hashed assets for a year, gzipped or brotli-compressed when asked', async () => {
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('keeps assets on disk until asked for (an idle server holds none), and answers 404 for one removed since start', async () => {
    const webDir = path.join(dir, 'dist');
    writeFileSync(path.join(webDir, 'assets', 'later-def456.css'), 'body{}');
    writeFileSync(path.join(webDir, 'assets', 'gone-789.css'), 'p{}');
    const { app: started } = await buildApp({
      config: loadConfig({ TARMAC_DATA_DIR: path.join(dir, 'data3'), TARMAC_SECRET_KEY: 'web-test-secret-key-that-is-long-enough-42', LOG_LEVEL: 'silent' }),
      webDir,
    });
    try {
      // Written after start: what is served is what the disk holds now, not a copy made at start.
      writeFileSync(path.join(webDir, 'assets', 'later-def456.css'), 'body{color:red}');
      rmSync(path.join(webDir, 'assets', 'gone-789.css'));
      const later = await started.inject({ url: '/assets/later-def456.css' });
      expect(later.statusCode).toBe(200);
      expect(later.body).toBe('body{color:red}');
      const gone = await started.inject({ url: '/assets/gone-789.css', headers: { 'accept-encoding': 'br' } });
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-encoding']).toBeUndefined();
      expect(gone.body).toBe('Not found');
    } finally {
      await started.close();
    }
  });

  it('answers 404 for an unknown asset, and never serves a file outside the assets folder', async () => {
    for (const url of ['/assets/nope.js', '/assets/../index.html', '/assets/%2e%2e%2findex.html', '/assets/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('says how to build the app when it was never built', async () => {
    const res = await bare.inject({ url: '/apps' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/npm start/);
  });

  it("reserves every screen's first path segment, so no channel slug can shadow a screen", () => {
    for (const segment of WEB_APP_PATHS) expect(RESERVED_SLUGS.has(segment), segment).toBe(true);
  });
});
