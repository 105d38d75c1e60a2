// The install page as a tester reads it on their own phone (issue 14, items 3 and 5): no QR code
// (useless on the device that would scan it), no team counters or "Android API 14", but the build
// with its size and time, what changed, how to install on this platform, and the older builds.
// A desktop keeps the QR code and every fact; a phone that cannot install the build keeps the
// QR code so the right device can scan it. Times and changelog dates are written in the one
// format of src/pages/format.ts (UTC until the page's script moves them to the visitor's zone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { uploadFixture, USER_AGENTS } from './helpers/browser.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

const BASE = 'https://tarmac.example.com';

let server: TestServer;
let ios: TestChannel;
let android: TestChannel;
let ipaId: number;
let apkId: number;
let aabId: number;

const CHANGELOG = [
  { message: 'Faster start-up', author: 'Ada', date: '2024-05-02 10:37:23 +0800' },
  { message: 'New icon', date: '2024-05-01' },
  { message: 'Dark mode', date: 'last <b>Tuesday</b>' },
];

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: BASE });
  const owner = await server.newUser({ role: 'developer' });
  ios = await newApp(server, { ownerId: owner.id, name: 'Demo iOS', deviceType: 'ios', channel: 'iOS' });
  android = await newApp(server, { ownerId: owner.id, name: 'Demo Android', deviceType: 'android', channel: 'Android' });
  const changelog = JSON.stringify(CHANGELOG);
  ipaId = (await uploadFixture(server, owner.token, ios.key, 'iphone.ipa', { changelog, release_type: 'AdHoc' })).body.id;
  apkId = (await uploadFixture(server, owner.token, android.key, 'android.apk', { changelog })).body.id;
  aabId = (await uploadFixture(server, owner.token, android.key, 'android.aab')).body.id;
});
afterAll(() => server.close());

async function page(path: string, ua: string, lang = 'en-US,en;q=0.9'): Promise<string> {
  const res = await api(server, path, { headers: { 'user-agent': ua, 'accept-language': lang } });
  expect(res.status).toBe(200);
  return res.text;
}

const section = (text: string, id: string): string => {
  const match = new RegExp(`<section class="card" aria-labelledby="${id}">([\\s\\S]*?)</section>`).exec(text);
  if (!match) throw new Error(`no section ${id}`);
  return match[1]!;
};

describe('the install page on a phone', () => {
  it('iPhone on its iOS build: no QR code nor counters; the size and time up top, the iOS steps, changelog and builds', async () => {
    const text = await page(`/${ios.slug}/${ipaId}`, USER_AGENTS.iphone);
    expect(text).not.toContain('class="qr');
    expect(text).not.toContain('<figure');
    expect(text).not.toMatch(/<dt>(Downloads|Installs|Requires|Size|Uploaded|Platform)<\/dt>/);
    expect(text).toMatch(/Build #1 · iOS · \d+(\.\d)? [KM]B<\/p>\n<p class="muted small">Uploaded <time datetime="[^"]+">[^<]+ UTC<\/time><\/p>/);
    const steps = section(text, 'steps-heading');
    expect(steps).toContain('<h2 id="steps-heading">How to install</h2>');
    expect(steps).toContain('Settings → General → VPN &amp; Device Management');
    expect(steps).toContain('Developer Mode');
    expect(steps).toContain('<a href="/udid">find your UDID</a>');
    expect(steps.match(/<li>/g)).toHaveLength(4);
    expect(section(text, 'changes-heading')).toContain('Faster start-up');
    expect(section(text, 'builds-heading')).toContain('aria-current="page"');
    expect(section(text, 'details-heading')).toContain('<dt>Release type</dt><dd>AdHoc</dd>');
  });

  it('Android phone on its apk: no QR code, the Android steps (unknown sources), in English and Chinese', async () => {
    const text = await page(`/${android.slug}/${apkId}`, USER_AGENTS.android);
    expect(text).not.toContain('class="qr');
    expect(text).not.toContain('Android API 14');
    expect(text).not.toContain('<dt>Installs</dt>');
    const steps = section(text, 'steps-heading');
    expect(steps).toContain('Allow from this source');
    expect(steps).not.toContain('/udid');
    const zh = await page(`/${android.slug}/${apkId}`, USER_AGENTS.android, 'zh-CN');
    expect(section(zh, 'steps-heading')).toContain('<h2 id="steps-heading">安装步骤</h2>');
    expect(section(zh, 'steps-heading')).toContain('允许来自此来源的应用');
  });

  it('a phone that cannot install the build keeps the QR code, for the right device to scan', async () => {
    const text = await page(`/${ios.slug}/${ipaId}`, USER_AGENTS.android);
    expect(text).toContain('<figure class="qrbox"><svg role="img"');
  });

  it('no steps for an App Bundle, which no device installs', async () => {
    const text = await page(`/${android.slug}/${aabId}`, USER_AGENTS.android);
    expect(text).not.toContain('steps-heading');
  });
});

describe('the install page on a desktop', () => {
  it('keeps the QR code (hidden on a touch screen without a mouse) and every fact, the requirement as Android’s version', async () => {
    const text = await page(`/${android.slug}/${apkId}`, USER_AGENTS.linux);
    expect(text).toContain('<figure class="qrbox desk"><svg role="img"');
    expect(text).toContain('@media (hover:none) and (pointer:coarse){.qrbox.desk{display:none}}');
    expect(text).toContain('<dt>Requires</dt><dd>Android 4.0 (API 14)</dd>');
    expect(text).toContain('<dt>Downloads</dt><dd>0</dd><dt>Installs</dt><dd>0</dd>');
    expect(text).toContain('<dt>Size</dt><dd>3.8 MB</dd>');
    expect(section(text, 'steps-heading')).toContain('Allow from this source');
  });

  it('draws the QR code dark on white in both schemes: explicit colours, a white box, never inverted by forced colours', async () => {
    const text = await page(`/${android.slug}/${apkId}`, USER_AGENTS.windows);
    const svg = /<svg role="img"[\s\S]*?<\/svg>/.exec(text)![0];
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    expect(text).toContain('.qr{width:180px;height:180px;padding:6px;border-radius:8px;display:block;margin:0 auto 6px;background:#fff;forced-color-adjust:none;filter:none}');
    expect(text).not.toMatch(/filter:\s*invert/);
  });
});

describe('dates on the install page', () => {
  it('formats changelog dates: a moment as a time element, a day as that day, anything else as sent (escaped)', async () => {
    const log = section(await page(`/${android.slug}/${apkId}`, USER_AGENTS.android), 'changes-heading');
    expect(log).toContain('Faster start-up <span class="muted small">Ada · <time datetime="2024-05-02T02:37:23.000Z">May 2, 2024, 2:37 AM UTC</time></span>');
    expect(log).toContain('New icon <span class="muted small"><time datetime="2024-05-01">May 1, 2024</time></span>');
    expect(log).toContain('Dark mode <span class="muted small">last &lt;b&gt;Tuesday&lt;/b&gt;</span>');
    expect(log).not.toContain('2024-05-02 10:37:23 +0800');
    const zh = section(await page(`/${android.slug}/${apkId}`, USER_AGENTS.android, 'zh-CN'), 'changes-heading');
    expect(zh).toContain('<time datetime="2024-05-02T02:37:23.000Z">2024年5月2日 02:37 UTC</time>');
    expect(zh).toContain('<time datetime="2024-05-01">2024年5月1日</time>');
  });

  it('the page script moves moments to the visitor’s zone with the web app’s options, and leaves days alone', async () => {
    const text = await page(`/${android.slug}/${apkId}`, USER_AGENTS.android);
    expect(text).toContain('new Intl.DateTimeFormat(d.documentElement.lang,{"dateStyle":"medium","timeStyle":"short"})');
    expect(text).toContain("if(v.indexOf('T')>0)");
  });
});
