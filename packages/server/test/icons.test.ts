// Tarmac's icons: every URL answers 200 with its content type and a real image of the size it
// claims (PNG signature and IHDR, the ICO directory and the PNGs inside it), the web manifest
// names icons that exist, the web app's index.html and every server-rendered page link them,
// and the committed files are exactly what modules/icons/mark.ts draws (a changed mark cannot ship
// with stale files).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVICON_SVG, ICONS_DIR, renderMark } from '../src/modules/icons/mark.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function bytes(url: string, method = 'GET'): Promise<{ status: number; type: string | null; body: Buffer; headers: Headers }> {
  const response = await fetch(server.url + url, { method });
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

/** The chunks of a PNG after its signature, as (type, data). */
function* pngChunks(png: Buffer): Generator<{ type: string; data: Buffer }> {
  let at = 8;
  while (at < png.length) {
    const end = at + 8 + png.readUInt32BE(at);
    yield { type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, end) };
    at = end + 4; // past the CRC
  }
}

/** Width, height and RGBA pixels of a PNG as @tarmac/appinfo's encoder writes it (8-bit RGBA, filter 0). */
function decodePng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const chunks = [...pngChunks(png)];
  const header = chunks.find((chunk) => chunk.type === 'IHDR')!.data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  expect([...header.subarray(8, 10)]).toEqual([8, 6]);
  const rows = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  const stride = width * 4 + 1;
  const pixels = Buffer.concat(Array.from({ length: height }, (_, y) => rows.subarray(y * stride + 1, (y + 1) * stride)));
  return { width, height, pixels };
}

/** The PNG images an ICO holds, with the size its directory gives each. */
function icoImages(ico: Buffer): { size: number; png: Buffer }[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const at = 6 + 16 * index;
    const size = ico.readUInt8(at) || 256;
    expect(ico.readUInt8(at + 1) || 256).toBe(size);
    return { size, png: ico.subarray(ico.readUInt32LE(at + 12), ico.readUInt32LE(at + 12) + ico.readUInt32LE(at + 8)) };
  });
}

describe('GET the icons', () => {
  it.each([
    ['/apple-touch-icon.png', 180],
    ['/icon-192.png', 192],
    ['/icon-512.png', 512],
  ])('%s: a %i px PNG', async (url, size) => {
    const res = await bytes(url);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const png = decodePng(res.body);
    expect([png.width, png.height]).toEqual([size, size]);
  });

  it('/favicon.ico: an ICO of 16, 32 and 48 px PNGs', async () => {
    const res = await bytes('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/x-icon');
    const images = icoImages(res.body);
    expect(images.map((image) => image.size)).toEqual([16, 32, 48]);
    for (const image of images) expect(decodePng(image.png)).toMatchObject({ width: image.size, height: image.size });
  });

  it('/favicon.svg: the mark as SVG', async () => {
    const res = await bytes('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/svg+xml');
    expect(res.body.toString()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
  });

  it('HEAD answers like GET without a body', async () => {
    const res = await bytes('/favicon.ico', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/x-icon');
    expect(res.body.length).toBe(0);
  });

  it('/manifest.webmanifest names 192 and 512 px icons that answer', async () => {
    const res = await api(server, '/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(res.text) as { name: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest.name).toBe('Tarmac');
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await bytes(icon.src);
      expect(file.status).toBe(200);
      expect(file.type).toBe(icon.type);
    }
  });
});

describe('pages link the icons', () => {
  const LINKS = ['href="/favicon.ico"', 'href="/favicon.svg" type="image/svg+xml"', 'rel="apple-touch-icon" href="/apple-touch-icon.png"',
    'rel="manifest" href="/manifest.webmanifest"'];

  it.each(['/some-channel', '/udid', '/foo/bar'])('server-rendered %s', async (url) => {
    const res = await api(server, url, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const link of LINKS) expect(res.text).toContain(link);
    expect(res.headers.get('content-security-policy')).toContain("manifest-src 'self'");
  });

  it("the web app's index.html", () => {
    const index = readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    for (const link of LINKS) expect(index).toContain(link);
  });
});

describe('the committed files are what mark.ts draws (node scripts/icons.ts)', () => {
  const committed = (name: string) => readFileSync(path.join(ICONS_DIR, name));

  it('favicon.svg', () => {
    expect(committed('favicon.svg').toString()).toBe(FAVICON_SVG);
  });

  it.each([
    ['apple-touch-icon.png', 180, true],
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
  ])('%s', (name, size, square) => {
    expect(decodePng(committed(name)).pixels.equals(renderMark(size, square))).toBe(true);
  });

  it('favicon.ico', () => {
    for (const image of icoImages(committed('favicon.ico'))) expect(decodePng(image.png).pixels.equals(renderMark(image.size))).toBe(true);
  });
});
