// QR codes of the install pages: PNG by default, SVG by suffix or `format`; Zealot's optional
// `/<size>/<theme>` path segments and the query parameters size, theme, fg, bg, format and
// margin. The code holds the page's absolute URL from TARMAC_URL (never a grant). The PNG is
// decoded here, pixel by pixel, and compared with the QR matrix of the expected URL, so a code
// of the wrong text or size fails. A guarded channel's codes need access like its pages.
import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { uploadFixture } from './helpers/browser.ts';
import { api, startServer } from './helpers/server.ts';
import type { ApiResponse, TestServer, TestUser } from './helpers/server.ts';

const BASE = 'https://tarmac.example.com';
const PASSWORD = 'qr password 42';

let server: TestServer;
let owner: TestUser;
let open: TestChannel;
let guarded: TestChannel;
let openId: number;
let guardedId: number;

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: BASE });
  owner = await server.newUser({ role: 'developer' });
  open = await newApp(server, { ownerId: owner.id, deviceType: 'android' });
  guarded = await newApp(server, { ownerId: owner.id, deviceType: 'android' });
  openId = (await uploadFixture(server, owner.token, open.key, 'android.apk')).body.id;
  guardedId = (await uploadFixture(server, owner.token, guarded.key, 'android.apk')).body.id;
  expect((await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: PASSWORD } })).status).toBe(200);
});
afterAll(() => server.close());

/** GET returning the raw bytes. */
async function get(path: string, headers: Record<string, string> = {}): Promise<{
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}> {
  const response = await fetch(server.url + path, { headers, redirect: 'manual' });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

interface Image {
  width: number;
  height: number;
  /** #rrggbb of the pixel at (x, y). */
  pixel(x: number, y: number): string;
}

/** A PNG decoder for what the qrcode package writes: 8-bit greyscale, RGB or RGBA, any filters, no interlace. */
function decodePng(png: Buffer): Image {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const width = header!.readUInt32BE(0);
  const height = header!.readUInt32BE(4);
  const [depth, colourType, , , interlace] = [header![8], header![9], header![10], header![11], header![12]];
  expect(depth).toBe(8);
  expect(interlace).toBe(0);
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colourType!]!;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const paeth = () => {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      };
      const predictor = [0, a, b, (a + b) >> 1, 0][filter] ?? 0;
      pixels[y * stride + x] = (value + (filter === 4 ? paeth() : predictor)) & 0xff;
    }
  }
  return {
    width,
    height,
    pixel(x, y) {
      const at = y * stride + x * channels;
      const rgb = channels >= 3 ? [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!] : [pixels[at]!, pixels[at]!, pixels[at]!];
      return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    },
  };
}

/** Checks the image is exactly the QR code of `text`: size, quiet zone and every module. */
function expectQrImage(image: Image, text: string, scale: number, margin: number, fg: string, bg: string) {
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const side = (modules.size + 2 * margin) * scale;
  expect(image.width).toBe(side);
  expect(image.height).toBe(side);
  if (margin > 0) expect(image.pixel(0, 0)).toBe(bg);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      const x = (margin + col) * scale + Math.floor(scale / 2);
      const y = (margin + row) * scale + Math.floor(scale / 2);
      expect(image.pixel(x, y)).toBe(modules.get(row, col) ? fg : bg);
    }
  }
}

/** A small well-formedness check: every tag closes in order, attributes are quoted, no stray `<` or `&`. */
function expectWellFormedXml(text: string) {
  const body = text.replace(/^<\?xml[^?]*\?>\s*/, '').trim();
  const stack: string[] = [];
  const token = /<\/([\w:-]+)\s*>|<([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body))) {
    consumed = token.lastIndex;
    if (match[1]) expect(stack.pop()).toBe(match[1]);
    else if (match[2] && !match[4]) stack.push(match[2]);
    else if (match[5]) expect(match[5]).not.toMatch(/&(?![a-z]+;|#\d+;)/);
  }
  expect(consumed).toBe(body.length);
  expect(stack).toEqual([]);
}

const releasePath = (tc: TestChannel, id: number) => `/channels/${tc.slug}/releases/${id}/qrcode`;

describe('GET /channels/:slug/releases/:id/qrcode', () => {
  it('answers a PNG of the release page URL: md (5 px per module), light, 4-module margin, cacheable', async () => {
    const res = await get(releasePath(open, openId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expectQrImage(decodePng(res.bytes), `${BASE}/${open.slug}/${openId}`, 5, 4, '#1b1f24', '#ffffff');
  });

  it('takes Zealot’s /:size/:theme segments and the .png/.svg suffix', async () => {
    const png = await get(`${releasePath(open, openId)}/xl/dark.png`);
    expect(png.status).toBe(200);
    expectQrImage(decodePng(png.bytes), `${BASE}/${open.slug}/${openId}`, 12, 4, '#e6e8eb', '#181c21');
    const sized = await get(`${releasePath(open, openId)}/xs`);
    expectQrImage(decodePng(sized.bytes), `${BASE}/${open.slug}/${openId}`, 2, 4, '#1b1f24', '#ffffff');
    const svg = await get(`${releasePath(open, openId)}.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svgSized = await get(`${releasePath(open, openId)}/lg.svg`);
    expect(svgSized.text).toContain(`width="${(QRCode.create(`${BASE}/${open.slug}/${openId}`).modules.size + 8) * 8}"`);
    expect((await get(`${releasePath(open, openId)}/sm/light.svg`)).headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });

  it('answers valid SVG XML holding the code of the page URL', async () => {
    const res = await get(`${releasePath(open, openId)}?format=svg&size=3&margin=1&fg=ff0000&bg=%23fff`);
    expect(res.status).toBe(200);
    expectWellFormedXml(res.text);
    expect(res.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
    const expected = await QRCode.toString(`${BASE}/${open.slug}/${openId}`, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 1,
      width: (QRCode.create(`${BASE}/${open.slug}/${openId}`).modules.size + 2) * 3,
      color: { dark: '#ff0000', light: '#ffffff' },
    });
    expect(res.text).toBe(expected);
  });

  it('takes size, theme, fg, bg and margin from the query, over the path', async () => {
    const res = await get(`${releasePath(open, openId)}/xl/dark.svg?size=4&theme=light&fg=000&bg=ffeedd&margin=0&format=png`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expectQrImage(decodePng(res.bytes), `${BASE}/${open.slug}/${openId}`, 4, 0, '#000000', '#ffeedd');
  });

  it('answers 400 with a clear message for bad parameters', async () => {
    const cases: [string, string][] = [
      ['?size=huge', 'Bad QR code parameter: size must be one of xs, sm, md, lg, xl, or pixels per module from 1 to 20 (got "huge")'],
      ['?size=0', 'Bad QR code parameter: size must be one of xs, sm, md, lg, xl, or pixels per module from 1 to 20 (got "0")'],
      ['?size=21', 'Bad QR code parameter: size must be one of xs, sm, md, lg, xl, or pixels per module from 1 to 20 (got "21")'],
      ['/giant', 'Bad QR code parameter: size must be one of xs, sm, md, lg, xl, or pixels per module from 1 to 20 (got "giant")'],
      ['?theme=blue', 'Bad QR code parameter: theme must be light or dark (got "blue")'],
      ['/md/neon.png', 'Bad QR code parameter: theme must be light or dark (got "neon")'],
      ['?fg=red', 'Bad QR code parameter: fg must be a hex colour such as 1b1f24 or #1b1f24 (3, 6 or 8 digits; got "red")'],
      ['?bg=12345', 'Bad QR code parameter: bg must be a hex colour such as 1b1f24 or #1b1f24 (3, 6 or 8 digits; got "12345")'],
      ['?fg=fff&bg=ffffff', 'Bad QR code parameter: fg and bg are the same colour: no scanner could read the code'],
      ['?format=gif', 'Bad QR code parameter: format must be png or svg (got "gif")'],
      ['.gif', 'Bad QR code parameter: the file suffix must be png or svg (got "gif")'],
      ['?margin=17', 'Bad QR code parameter: margin must be a whole number of modules from 0 to 16 (got "17")'],
      ['?margin=-1', 'Bad QR code parameter: margin must be a whole number of modules from 0 to 16 (got "-1")'],
      ['?size=sm&size=lg', 'Bad QR code parameter: size was given more than once; give it once'],
    ];
    for (const [suffix, message] of cases) {
      const res = await get(releasePath(open, openId) + suffix);
      expect(res.status, suffix).toBe(400);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.text).toBe(message);
    }
  });

  it('answers 404 for an unknown release, one of another channel, or an id that is not a number', async () => {
    for (const path of [releasePath(open, 999999), releasePath(open, guardedId), `/channels/${open.slug}/releases/abc/qrcode`, `/channels/nope/releases/${openId}/qrcode`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toBe('No such build: it may have been deleted, or the link is wrong.');
    }
  });
});

describe('GET /:slug/qrcode', () => {
  it('answers the code of the channel’s stable URL, with the same parameters', async () => {
    const res = await get(`/${open.slug}/qrcode/sm`);
    expect(res.status).toBe(200);
    expectQrImage(decodePng(res.bytes), `${BASE}/${open.slug}`, 3, 4, '#1b1f24', '#ffffff');
    const svg = await get(`/${open.slug}/qrcode.svg?theme=dark`);
    expectWellFormedXml(svg.text);
    expect(svg.text).toContain('fill="#181c21"');
    expect((await get(`/${open.slug}/qrcode/md/dark.svg`)).text).toBe(svg.text);
  });

  it('answers 404 for an unknown channel and 400 for bad parameters', async () => {
    const missing = await get('/no-such-channel/qrcode');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('No such channel: it may have been deleted, or the link is wrong.');
    expect((await get(`/${open.slug}/qrcode?size=99`)).status).toBe(400);
  });
});

describe('a channel with a password', () => {
  const paths = () => [releasePath(guarded, guardedId), `${releasePath(guarded, guardedId)}.svg`, `${releasePath(guarded, guardedId)}/lg/dark.png`, `/${guarded.slug}/qrcode`, `/${guarded.slug}/qrcode/sm.svg`];

  it('refuses every code without access (401, a plain sentence)', async () => {
    for (const path of paths()) {
      const res = await get(path);
      expect(res.status, path).toBe(401);
      expect(res.text).toBe('This channel is protected by a password: open its page and enter the password first.');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers with the grant cookie, a ?grant= link or a collaborator’s token, privately cached', async () => {
    const unlock = await api(server, `/${guarded.slug}/unlock`, { method: 'POST', form: { password: PASSWORD } });
    const cookie = unlock.headers.get('set-cookie')!.split(';')[0]!;
    const grant = cookie.split('=')[1]!;
    for (const path of paths()) {
      const withCookie = await get(path, { cookie });
      expect(withCookie.status, path).toBe(200);
      expect(withCookie.headers.get('cache-control')).toBe('private, max-age=3600');
      expect((await get(`${path}?grant=${grant}`)).status, path).toBe(200);
      expect((await get(path, { authorization: `Bearer ${owner.token}` })).status, path).toBe(200);
    }
    const stale: ApiResponse = await api(server, `${releasePath(guarded, guardedId)}?grant=${guarded.channelId}.1.${'A'.repeat(32)}`);
    expect(stale.status).toBe(401);
  });
});

describe('what the public routes hold of a channel', () => {
  it('is a presenter without the password hash; only the access service checks grants against it', async () => {
    const access = server.services.accessService;
    const channel = (await access.channelBySlug(guarded.slug))!;
    expect(channel).toMatchObject({ id: guarded.channelId, slug: guarded.slug, guarded: true });
    expect(channel).not.toHaveProperty('password_hash');
    expect(JSON.stringify(channel)).not.toContain('scrypt');
    const found = (await access.release(guardedId, guarded.slug))!;
    expect(found.channel).not.toHaveProperty('password_hash');
    expect((await access.channelBySlug(open.slug))!.guarded).toBe(false);

    const grant = access.issueGrant(channel).token;
    expect(access.heldGrant(found.channel, [undefined, 'nope', grant])).toBe(grant);
    expect(await access.unlock(channel, 'wrong')).toBeNull();
    expect(await access.unlock(channel, PASSWORD)).not.toBeNull();
    // A copy made outside the service carries nothing to check a grant against.
    expect(() => access.heldGrant({ ...channel }, [grant])).toThrow(/not presented by the access service/);
  });
});
