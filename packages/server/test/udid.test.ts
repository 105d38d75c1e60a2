// The /udid flow as an iPhone goes through it: the start page, the Profile Service
// configuration profile (a plist carrying our signed, expiring challenge), the device's signed
// answer (CMS SignedData made with `openssl cms` the way a device signs it, RSA and EC keys),
// then the result page, which lists the uploaded iOS builds whose provisioning profile names
// the device (iphone.ipa's development profile lists 100 UDIDs). Every answer that is not
// signed, was altered, carries a bad UDID or lacks a fresh challenge of ours gets a 4xx and
// stores nothing. The result page shows anyone the UDID and model, and builds only of channels
// they hold a grant for; the device's name, serial, IMEI and every build are for signed-in
// users (udid-builds.test.ts covers the builds). The sections run in order, as a device
// goes: the result pages show the devices the callback tests registered. Single use, expiry,
// signer binding and the rate limit are in udid-hardening.test.ts.
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePlist } from '@tarmac/appinfo';
import { createChallenges } from '../src/modules/devices/challenge.ts';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from './helpers/browser.ts';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { ApiResponse, TestServer, TestUser } from './helpers/server.ts';
import { attributesPlist, createDeviceKit, postAnswer } from './helpers/udid.ts';
import type { DeviceKit } from './helpers/udid.ts';

const BASE = 'https://tarmac.example.com';
/** The first UDID in iphone.ipa's provisioning profile (shared/fixtures README: 100 devices). */
const PROFILED_UDID = '18cf53cddee60c52f9c97b1521e7cbf8342628da';
const NEW_UDID = '00008030-001A2B3C4D5E802E';
const PASSWORD = 'open sesame 123';

let server: TestServer;
let owner: TestUser;
let kit: DeviceKit;
let ios: TestChannel;
let guarded: TestChannel;
let ipaId: number;

beforeAll(async () => {
  // This file sends more device answers than one address may in an hour by default.
  server = await startServer({ TARMAC_URL: BASE, TARMAC_UDID_REGISTRATIONS_PER_HOUR: '1000' });
  owner = await server.newUser({ role: 'developer' });
  // Device identities: RSA and EC (P-256), and a second RSA key for the swapped-certificate case.
  kit = createDeviceKit();
  kit.identity('rsa');
  kit.identity('other');
  kit.identity('ec', 'ec');
  ios = await newApp(server, { ownerId: owner.id, name: 'Demo iOS', deviceType: 'ios', channel: 'iOS' });
  guarded = await newApp(server, { ownerId: owner.id, name: 'Secret iOS', deviceType: 'ios', channel: 'Internal' });
  ipaId = (await uploadFixture(server, owner.token, ios.key, 'iphone.ipa')).body.id;
  await uploadFixture(server, owner.token, guarded.key, 'iphone.ipa');
  expect((await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: PASSWORD } })).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  kit.remove();
});

// ─── helpers ────────────────────────────────────────────────────────────────────────────────

/** libplist's reading of a plist (plistutil converts it to binary and back). */
function readPlist(xml: string): Record<string, any> {
  const binary = execFileSync('plistutil', ['-f', 'bin', '-i', '-', '-o', '-'], { input: xml });
  expect(binary.subarray(0, 8).toString()).toBe('bplist00');
  return parsePlist(execFileSync('plistutil', ['-f', 'xml', '-i', '-', '-o', '-'], { input: binary })) as Record<string, any>;
}

/** A fresh challenge, from the profile /udid/install serves. */
async function challenge(): Promise<string> {
  const res = await api(server, '/udid/install');
  expect(res.status).toBe(200);
  return readPlist(res.text).PayloadContent.Challenge as string;
}

/** The device's signed answer: `openssl cms -sign -nodetach -binary -outform DER`. */
function signed(attributes: Record<string, string>, key: 'rsa' | 'ec' = 'rsa'): Buffer {
  return kit.signed(attributes, key);
}

async function deviceAttributes(overrides: Record<string, string | undefined> = {}): Promise<Record<string, string>> {
  const all: Record<string, string | undefined> = {
    CHALLENGE: await challenge(),
    DEVICE_NAME: "Ann's iPhone",
    IMEI: '35 123456 789012 3',
    PRODUCT: 'iPhone15,2',
    SERIAL: 'F2LXK0ABCDEF',
    UDID: NEW_UDID,
    VERSION: '21A329',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function post(body: Buffer | string, contentType: string | null = 'application/pkcs7-signature'): Promise<ApiResponse> {
  return postAnswer(server, body, contentType ? { 'content-type': contentType } : {});
}

async function deviceRows() {
  return server.database.db.selectFrom('devices').selectAll().orderBy('id').execute();
}

function page(
  pathname: string,
  options: { ua?: string; lang?: string; headers?: Record<string, string>; token?: string | undefined } = {},
) {
  return api(server, pathname, {
    headers: { 'user-agent': options.ua ?? USER_AGENTS.iphone, 'accept-language': options.lang ?? 'en-US,en;q=0.9', ...options.headers },
    ...(options.token ? { token: options.token } : {}),
  });
}

/** GET through node:http, to send any Host header (the base URL follows it without TARMAC_URL). */
function getWithHost(target: TestServer, pathname: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(target.url);
    const req = httpRequest({ host: url.hostname, port: url.port, path: pathname, headers: { host, 'user-agent': USER_AGENTS.iphone } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const section = (html: string, id: string) => new RegExp(`<section class="card" id="${id}"( hidden)?>`).exec(html)?.[1] === undefined ? 'shown' : 'hidden';

// ─── GET /udid ──────────────────────────────────────────────────────────────────────────────

describe('GET /udid', () => {
  it('offers the profile on an iPhone, with the steps', async () => {
    const res = await page('/udid');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain(`<a class="button" href="${BASE}/udid/install">Get this device&#39;s UDID</a>`);
    expect(section(res.text, 'ios')).toBe('shown');
    expect(section(res.text, 'other')).toBe('hidden');
    expect(res.text).toContain('Profile Downloaded');
    expect(res.text).not.toContain('class="notice"');
  });

  it('shows a QR code of the /udid address on Android and desktops', async () => {
    const expected = await QRCode.toString(`${BASE}/udid`, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    const modules = /<path stroke="#000000" d="([^"]+)"/.exec(expected)![1]!;
    for (const ua of [USER_AGENTS.android, USER_AGENTS.windows]) {
      const res = await page('/udid', { ua });
      expect(section(res.text, 'ios')).toBe('hidden');
      expect(section(res.text, 'other')).toBe('shown');
      expect(res.text).toContain('<svg class="qr" role="img" aria-label="QR code of this page"');
      expect(res.text).toContain(`d="${modules}"`);
      expect(res.text).toContain(`<code>${BASE}/udid</code>`);
    }
  });

  it('on a Mac user agent, shows the QR code and ships the script that switches an iPad in desktop mode', async () => {
    const res = await page('/udid', { ua: USER_AGENTS.mac });
    expect(res.text).toContain('<main data-platform="mac">');
    expect(section(res.text, 'other')).toBe('shown');
    expect(res.text).toMatch(/<script>[^<]*maxTouchPoints[^<]*<\/script>/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('inside WeChat, DingTalk and other in-app browsers, asks to open the page in Safari instead of offering the profile', async () => {
    for (const [ua, app] of [
      [USER_AGENTS.wechatIphone, 'WeChat'],
      [USER_AGENTS.dingtalk, 'DingTalk'],
      [USER_AGENTS.wecom, 'WeCom'],
      [USER_AGENTS.feishu, 'Feishu'],
    ] as const) {
      const res = await page('/udid', { ua });
      expect(res.text, app).toContain(`${app} cannot install the profile. Tap ··· and choose “Open in Safari”`);
      expect(res.text).not.toContain('/udid/install');
      expect(res.text).toContain(`<code>${BASE}/udid</code>`);
    }
  });

  it('speaks Simplified Chinese by Accept-Language, and ?lang= overrides it', async () => {
    const zh = await page('/udid', { lang: 'zh-CN,zh;q=0.9' });
    expect(zh.text).toContain('<html lang="zh-CN">');
    expect(zh.text).toContain('<title>获取设备 UDID</title>');
    expect(zh.text).toContain('获取本机 UDID');
    const en = await page('/udid?lang=en', { lang: 'zh-CN' });
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain(`href="${BASE}/udid/install?lang=en"`);
  });

  it('warns when iOS cannot reach the profile service: plain http or a loopback address', async () => {
    const plainServer = await startServer();
    try {
      const http = await getWithHost(plainServer, '/udid', 'beta.example.com');
      expect(http.status).toBe(200);
      expect(http.text).toContain('<p class="notice" role="alert">This server is reached over plain http://.');
      expect(http.text).toContain('href="http://beta.example.com/udid/install"');
      const loopback = await getWithHost(plainServer, '/udid', '127.0.0.1:8080');
      expect(loopback.text).toContain('This page was opened at http://127.0.0.1:8080, a loopback address the iPhone cannot reach.');
      const zh = await api(plainServer, '/udid?lang=zh-CN');
      expect(zh.text).toContain('是本机回环地址');
    } finally {
      await plainServer.close();
    }
  });
});

// ─── GET /udid/install ──────────────────────────────────────────────────────────────────────

describe('GET /udid/install', () => {
  it('serves a Profile Service configuration profile pointing back to /udid/retrieve', async () => {
    const res = await api(server, '/udid/install');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-apple-aspen-config');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tarmac-udid.mobileconfig"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const profile = readPlist(res.text);
    expect(profile).toEqual({
      PayloadContent: {
        URL: `${BASE}/udid/retrieve`,
        DeviceAttributes: ['UDID', 'IMEI', 'ICCID', 'VERSION', 'PRODUCT', 'SERIAL', 'DEVICE_NAME'],
        Challenge: expect.stringMatching(/^\d+\.[\w-]+\.[\w-]{32}$/),
      },
      PayloadOrganization: 'Tarmac (tarmac.example.com)',
      PayloadDisplayName: "Tarmac: find this device's UDID",
      PayloadDescription: expect.stringContaining('to tarmac.example.com so your team can add it'),
      PayloadVersion: 1,
      PayloadUUID: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/),
      PayloadIdentifier: 'tarmac.profile-service.tarmac.example.com',
      PayloadType: 'Profile Service',
    });
    const again = readPlist((await api(server, '/udid/install')).text);
    expect(again.PayloadUUID).toBe(profile.PayloadUUID);
    expect(again.PayloadContent.Challenge).not.toBe(profile.PayloadContent.Challenge);
  });

  it('is localised, and ?preview=1 shows it as XML', async () => {
    const zh = readPlist((await api(server, '/udid/install', { headers: { 'accept-language': 'zh-CN' } })).text);
    expect(zh.PayloadDisplayName).toBe('Tarmac：获取设备 UDID');
    const preview = await api(server, '/udid/install?preview=1');
    expect(preview.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(preview.headers.get('content-disposition')).toBeNull();
    expect(readPlist(preview.text).PayloadType).toBe('Profile Service');
  });
});

// ─── POST /udid/retrieve ────────────────────────────────────────────────────────────────────

describe('POST /udid/retrieve', () => {
  it('stores the device from its signed answer and sends iOS on with a 301 to the result page', async () => {
    const before = (await deviceRows()).length;
    const res = await post(signed(await deviceAttributes()));
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${BASE}/udid/${NEW_UDID}`);
    const rows = await deviceRows();
    expect(rows.length).toBe(before + 1);
    expect(rows.find((row) => row.udid === NEW_UDID)).toEqual({
      id: expect.any(Number),
      udid: NEW_UDID,
      name: "Ann's iPhone",
      product: 'iPhone15,2',
      os_version: '21A329',
      serial: 'F2LXK0ABCDEF',
      imei: '35 123456 789012 3',
      // The certificate that signed this first answer: later answers must come from it.
      signer_fingerprint: kit.fingerprint('rsa'),
      // Registered through /udid; nothing from the Apple developer account yet.
      source: 'udid',
      model_name: null,
      platform: null,
      status: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('accepts an EC-signed answer, sent without a content type, and stores the UDID in Apple’s case', async () => {
    const res = await post(signed(await deviceAttributes({ UDID: PROFILED_UDID.toUpperCase(), DEVICE_NAME: 'Test iPad', PRODUCT: 'iPad13,18' }), 'ec'), null);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${BASE}/udid/${PROFILED_UDID}`);
    expect((await deviceRows()).some((row) => row.udid === PROFILED_UDID && row.product === 'iPad13,18')).toBe(true);
  });

  it('updates a known device by UDID and keeps the name the team gave it', async () => {
    const row = (await deviceRows()).find((r) => r.udid === NEW_UDID)!;
    await server.database.db.updateTable('devices').set({ name: 'QA phone 1' }).where('id', '=', row.id).execute();
    const res = await post(signed(await deviceAttributes({ DEVICE_NAME: 'iPhone', VERSION: '22B83', IMEI: undefined })));
    expect(res.status).toBe(301);
    const rows = (await deviceRows()).filter((r) => r.udid === NEW_UDID);
    expect(rows).toEqual([{ ...row, name: 'QA phone 1', os_version: '22B83', imei: '35 123456 789012 3', updated_at: expect.any(String) }]);
  });

  describe('refuses, storing nothing', () => {
    async function refused(body: Buffer | string, status: number, message: string | RegExp, contentType: string | null = 'application/pkcs7-signature') {
      const before = await deviceRows();
      const res = await post(body, contentType);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      if (typeof message === 'string') expect(res.text).toContain(message);
      else expect(res.text).toMatch(message);
      expect(await deviceRows()).toEqual(before);
    }
    const fresh = (udid: string) => deviceAttributes({ UDID: udid, DEVICE_NAME: 'Should not exist' });

    it('an unsigned plist', async () => {
      await refused(attributesPlist(await fresh('1111111111111111111111111111111111111111')), 400, 'The body is not a valid signed device answer');
    });

    it('altered content (one byte changed after signing)', async () => {
      const body = signed(await fresh('2222222222222222222222222222222222222222'));
      body[body.indexOf(Buffer.from('2222222222'))] = '3'.charCodeAt(0);
      await refused(body, 400, 'the content does not match its signed digest (altered)');
    });

    it('a signature by one key with another certificate put in its place', async () => {
      const body = signed(await fresh('4444444444444444444444444444444444444444'));
      const [mine, theirs] = [kit.certificateDer('rsa'), kit.certificateDer('other')];
      expect(theirs.length).toBe(mine.length);
      const at = body.indexOf(mine);
      expect(at).toBeGreaterThan(0);
      theirs.copy(body, at);
      await refused(body, 400, "the signature does not verify with the signer's certificate");
    });

    it('garbage, an empty body, JSON and a form', async () => {
      await refused(Buffer.from('this is not a device answer'), 400, 'The body is not a valid signed device answer');
      await refused(Buffer.alloc(0), 400, 'The body is empty');
      await refused('', 400, 'The body is empty', null);
      await refused('{}', 400, 'The body is not a valid signed device answer', 'application/json');
      await refused('UDID=5555555555555555555555555555555555555555', 400, 'The body is not a valid signed device answer', 'application/x-www-form-urlencoded');
    });

    it('a body over 64 KiB', async () => {
      await refused(Buffer.alloc(64 * 1024 + 1, 0x30), 413, 'The body is larger than 64 KiB');
    });

    it('a missing or malformed UDID', async () => {
      await refused(signed(await deviceAttributes({ UDID: undefined })), 400, 'The device attributes have no UDID');
      await refused(signed(await deviceAttributes({ UDID: '12345' })), 400, '"12345" is not a UDID');
      await refused(signed(await deviceAttributes({ UDID: `${'6'.repeat(40)}<x>` })), 400, 'is not a UDID');
    });

    it('a missing, expired, altered or foreign challenge', async () => {
      const udid = '7777777777777777777777777777777777777777';
      await refused(signed(await deviceAttributes({ UDID: udid, CHALLENGE: undefined })), 400, 'The device answer has no challenge');
      const expired = createChallenges(server.config.secretKey).issue(Date.now() - 3601_000);
      await refused(signed(await deviceAttributes({ UDID: udid, CHALLENGE: expired })), 400, 'The profile has expired: open /udid');
      const foreign = createChallenges('some-other-server-secret-0123456789ab').issue();
      await refused(signed(await deviceAttributes({ UDID: udid, CHALLENGE: foreign })), 400, 'was not issued by this server');
      const valid = await challenge();
      await refused(signed(await deviceAttributes({ UDID: udid, CHALLENGE: valid.replace(/^\d+/, (s) => String(Number(s) + 3600)) })), 400, 'was not issued by this server');
    });
  });
});

// ─── GET /udid/:udid ────────────────────────────────────────────────────────────────────────

describe('GET /udid/:udid', () => {
  it('shows anyone the UDID with a copy button and the model, and nothing else about the device', async () => {
    const res = await page(`/udid/${NEW_UDID}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    // What the page shows depends on who is signed in: no cache may keep it.
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toContain(`<p class="udid"><code id="udid">${NEW_UDID}</code></p>`);
    expect(res.text).toContain('<button class="button" id="copy" type="button">Copy</button>');
    const script = /<script>([^<]*)<\/script>/.exec(res.text)?.[1] ?? '';
    expect(script).toContain('navigator.clipboard.writeText(t)');
    expect(script).toContain("document.execCommand('copy')");
    expect(res.text).toContain('<dt>Model</dt><dd>iPhone 14 Pro (iPhone15,2)</dd>');
    for (const hidden of ['QA phone 1', 'F2LXK0ABCDEF', '35 123456 789012 3', '22B83', '<dt>Name</dt>', '<dt>Serial number</dt>', '<dt>IMEI</dt>', '<dt>iOS</dt>', '<dt>First seen</dt>']) {
      expect(res.text, hidden).not.toContain(hidden);
    }
    expect(res.text).toContain("No uploaded build&#39;s provisioning profile lists this device yet.");
    expect(res.text).toContain(`are shown to signed-in team members. <a href="${BASE}/devices?q=${NEW_UDID}">Open in the team’s device list</a>`);
  });

  it('shows a signed-in user (session cookie or token) the device facts too', async () => {
    const member = await server.newUser({ role: 'member' });
    const { cookie } = await signIn(server, member.username, member.password);
    for (const credentials of [{ headers: { cookie } }, { token: member.token }]) {
      const res = await page(`/udid/${NEW_UDID}`, credentials);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<p class="udid"><code id="udid">${NEW_UDID}</code></p>`);
      expect(res.text).toContain('<dt>Name</dt><dd>QA phone 1</dd>');
      expect(res.text).toContain('<dt>Model</dt><dd>iPhone 14 Pro (iPhone15,2)</dd>');
      expect(res.text).toContain('<dt>iOS</dt><dd>iOS 18 (build 22B83)</dd>');
      expect(res.text).toContain('<dt>Serial number</dt><dd>F2LXK0ABCDEF</dd>');
      expect(res.text).toContain('<dt>IMEI</dt><dd>35 123456 789012 3</dd>');
      expect(res.text).toContain("No uploaded build&#39;s provisioning profile lists this device yet.");
      expect(res.text).not.toContain('device list</a>');
    }
  });

  it('finds a device by any case of its UDID', async () => {
    expect((await page(`/udid/${NEW_UDID.toLowerCase()}`)).text).toContain(`<code id="udid">${NEW_UDID}</code>`);
  });

  it('tells anyone whether a build lists the device, naming none', async () => {
    const res = await page(`/udid/${PROFILED_UDID}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<dt>Model</dt><dd>iPad (10th generation) (iPad13,18)</dd>');
    expect(res.text).toContain('At least one uploaded build lists this device, so it can install that build. Ask your team for the install link.');
    for (const hidden of ['Demo iOS', 'Secret iOS', ios.slug, guarded.slug, 'Test iPad']) expect(res.text, hidden).not.toContain(hidden);
  });

  it('lists for a signed-in user the iOS builds whose provisioning profile includes the device, with links to the channels they may open', async () => {
    const member = await server.newUser({ role: 'member' });
    const res = await page(`/udid/${PROFILED_UDID}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<dt>Name</dt><dd>Test iPad</dd>');
    expect(res.text).toContain(`<h3 id="channel-${ios.channelId}">Demo iOS · iOS</h3>`);
    expect(res.text).toContain(`<li><a href="${BASE}/${ios.slug}/${ipaId}">1.2.3 (5)</a>\n<span class="muted small">Build #1 · <time datetime=`);
    // The password channel, for a user who is not on its team: the link leads to its password form.
    expect(res.text).toContain(`<h3 id="channel-${guarded.channelId}">Secret iOS · Internal</h3>`);
    expect(res.text).toContain(`href="${BASE}/${guarded.slug}/`);
    expect(res.text).toContain('<span class="tag">Password required</span>');
  });

  it('links the password channel’s build for a signed-in collaborator; a visitor holding its grant sees that channel’s builds only', async () => {
    const signedIn = await page(`/udid/${PROFILED_UDID}`, { token: owner.token });
    expect(signedIn.text).toContain(`href="${BASE}/${guarded.slug}/`);
    expect(signedIn.text).not.toContain('Password required');
    const row = await server.database.db.selectFrom('channels').select('password_hash').where('id', '=', guarded.channelId).executeTakeFirstOrThrow();
    const { token } = server.services.accessService.grants.issue({ id: guarded.channelId, password_hash: row.password_hash });
    const withGrant = await page(`/udid/${PROFILED_UDID}`, { headers: { cookie: `tarmac_grant_${guarded.channelId}=${token}` } });
    expect(withGrant.text).toContain(`href="${BASE}/${guarded.slug}/`);
    expect(withGrant.text).toContain('Other uploaded builds list this device too.');
    for (const hidden of ['Demo iOS', ios.slug, 'Test iPad', 'Password required']) expect(withGrant.text, hidden).not.toContain(hidden);
  });

  it('escapes what the device reported', async () => {
    const udid = '8888888888888888888888888888888888888888';
    expect((await post(signed(await deviceAttributes({ UDID: udid, DEVICE_NAME: '<script>alert(1)</script>', PRODUCT: '"><b>x' })))).status).toBe(301);
    const res = await page(`/udid/${udid}`, { token: owner.token });
    expect(res.text).toContain('<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>');
    expect(res.text).toContain('<dd>&quot;&gt;&lt;b&gt;x</dd>');
    expect(res.text).not.toContain('<script>alert(1)');
    const anonymous = await page(`/udid/${udid}`);
    expect(anonymous.text).toContain('<dd>&quot;&gt;&lt;b&gt;x</dd>');
    expect(anonymous.text).not.toContain('alert(1)');
  });

  it('answers 404 with the way to register for an unknown or malformed UDID', async () => {
    for (const udid of ['9999999999999999999999999999999999999999', 'not-a-udid', 'retrieve']) {
      const res = await page(`/udid/${udid}`);
      expect(res.status, udid).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<h1>Device not registered</h1>');
      expect(res.text).toContain(`<a href="${BASE}/udid">${BASE}/udid</a>`);
    }
    const zh = await page('/udid/9999999999999999999999999999999999999999', { lang: 'zh-CN' });
    expect(zh.text).toContain('设备尚未登记');
  });

  it('speaks Simplified Chinese, signed in or not', async () => {
    const res = await page(`/udid/${NEW_UDID}`, { lang: 'zh-CN' });
    expect(res.text).toContain('<button class="button" id="copy" type="button">复制</button>');
    expect(res.text).toContain('<dt>型号</dt>');
    expect(res.text).toContain('目前还没有任何已上传构建的描述文件包含此设备');
    expect(res.text).toContain('仅向已登录的团队成员显示。 <a href=');
    expect(res.text).toContain('>在团队设备列表中查看</a>');
    expect((await page(`/udid/${PROFILED_UDID}`, { lang: 'zh-CN' })).text).toContain('已有上传的构建在描述文件中包含此设备');
    const team = await page(`/udid/${NEW_UDID}`, { lang: 'zh-CN', token: owner.token });
    expect(team.text).toContain('<dt>序列号</dt><dd>F2LXK0ABCDEF</dd>');
  });
});

// ─── In a real browser ──────────────────────────────────────────────────────────────────────

describe.runIf(chromiumAvailable())('in chromium', () => {
  it('an iPad in desktop mode gets the button; a desktop keeps the QR code; no console errors', async () => {
    const browser = await launchBrowser();
    try {
      const ipad = await openDevice(browser, USER_AGENTS.mac, { maxTouchPoints: 5, viewport: { width: 820, height: 1180 } });
      await ipad.page.goto(`${server.url}/udid`);
      await expect(ipad.page.getByRole('link', { name: "Get this device's UDID" }).isVisible()).resolves.toBe(true);
      await expect(ipad.page.getByRole('img', { name: 'QR code of this page' }).isVisible()).resolves.toBe(false);
      await screenshot(ipad.page, 'udid-ipad-desktop-mode');
      expect(ipad.errors).toEqual([]);

      const desktop = await openDevice(browser, USER_AGENTS.mac, { viewport: { width: 1280, height: 900 } });
      await desktop.page.goto(`${server.url}/udid`);
      await expect(desktop.page.getByRole('img', { name: 'QR code of this page' }).isVisible()).resolves.toBe(true);
      await expect(desktop.page.getByRole('link', { name: "Get this device's UDID" }).isVisible()).resolves.toBe(false);
      await screenshot(desktop.page, 'udid-desktop');
      expect(desktop.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('the copy button puts the UDID on the clipboard', async () => {
    const browser = await launchBrowser();
    try {
      const iphone = await openDevice(browser, USER_AGENTS.iphone, { permissions: ['clipboard-read', 'clipboard-write'] });
      await iphone.page.goto(`${server.url}/udid/${NEW_UDID}`);
      await iphone.page.getByRole('button', { name: 'Copy' }).click();
      await iphone.page.getByRole('status').waitFor({ state: 'visible' });
      await expect(iphone.page.evaluate('navigator.clipboard.readText()')).resolves.toBe(NEW_UDID);
      await screenshot(iphone.page, 'udid-result-iphone');
      // Without the clipboard API (older iOS, plain http): the UDID's text is selected and copied.
      const old = await openDevice(browser, USER_AGENTS.iphone);
      await old.page.addInitScript("Object.defineProperty(navigator, 'clipboard', { value: undefined })");
      await old.page.goto(`${server.url}/udid/${NEW_UDID}`);
      await old.page.getByRole('button', { name: 'Copy' }).click();
      await expect(old.page.evaluate('window.getSelection().toString()')).resolves.toBe(NEW_UDID);
      const dark = await openDevice(browser, USER_AGENTS.iphone, { colorScheme: 'dark', locale: 'zh-CN' });
      await dark.page.goto(`${server.url}/udid/${PROFILED_UDID}`);
      await screenshot(dark.page, 'udid-result-iphone-dark-zh');
      expect([...iphone.errors, ...old.errors, ...dark.errors]).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
