// Builds that cannot install (issue 14 item 1), over HTTP. The real iphone.ipa's profile expired
// on 2017-07-27 and the last of its certificates on 2017-07-20: its install page offers no
// Install button and no itms-services link, says why in the visitor's language, its manifest is
// refused with the reason (409), and the release API reports both dates. Copies re-signed with a
// fresh profile install, except on a device the page knows is not in a development profile
// (`?udid=`) or on an OS older than the build's minimum (from the User-Agent). Enterprise
// profiles skip the device check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { USER_AGENTS, uploadFixture } from './helpers/browser.ts';
import { api, startServer } from './helpers/server.ts';
import type { ApiResponse, TestServer, TestUser } from './helpers/server.ts';
import { IPHONE_IPA_LISTED_UDID, resignedIphoneIpa, uploadFile } from './helpers/signing.ts';

const BASE = 'https://tarmac.example.com';
const OTHER_UDID = '00008030-001A2B3C4D5E802E';
const OLD_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 8_4 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12H143 Safari/600.1.4';
const OLD_ANDROID = 'Mozilla/5.0 (Linux; U; Android 2.3.6; en-us; GT-S5830 Build/GINGERBREAD) AppleWebKit/533.1 (KHTML, like Gecko) Version/4.0 Mobile Safari/533.1';

let server: TestServer;
let owner: TestUser;
let ios: TestChannel;
let android: TestChannel;
const ids = { expired: 0, development: 0, enterprise: 0, apk: 0 };
const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-install-problems-'));

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: BASE });
  owner = await server.newUser({ role: 'developer' });
  ios = await newApp(server, { ownerId: owner.id, name: 'Demo iOS', deviceType: 'ios', channel: 'iOS' });
  android = await newApp(server, { ownerId: owner.id, name: 'Demo Android', deviceType: 'android', channel: 'Android' });
  const development = resignedIphoneIpa(dir, { name: 'development.ipa', type: 'development' });
  const enterprise = resignedIphoneIpa(dir, { name: 'enterprise.ipa', type: 'enterprise' });
  ids.expired = (await uploadFixture(server, owner.token, ios.key, 'iphone.ipa')).body.id;
  ids.development = (await uploadFile(server, owner.token, ios.key, development)).body.id;
  ids.enterprise = (await uploadFile(server, owner.token, ios.key, enterprise)).body.id;
  ids.apk = (await uploadFixture(server, owner.token, android.key, 'android.apk')).body.id;
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function page(path: string, ua: string, lang = 'en-US,en;q=0.9') {
  return api(server, path, { headers: { 'user-agent': ua, 'accept-language': lang } });
}

/** The markup of the primary action block. */
function actionBlock(res: ApiResponse): string {
  const match = /<div class="actions" id="act-mac"[^>]*>([\s\S]*?)<\/div>/.exec(res.text);
  if (!match) throw new Error('no #act-mac in the page');
  return match[1]!;
}

/** The reason block's text, or '' when the page has none. */
function reasons(res: ApiResponse): string {
  const match = /<div class="notice blocked"[^>]*>([\s\S]*?)<\/div>/.exec(res.text);
  return match ? match[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim() : '';
}

describe('a build whose profile and certificates expired (iphone.ipa)', () => {
  it('offers an iPhone no Install button and no itms-services link, and says why', async () => {
    const res = await page(`/${ios.slug}/${ids.expired}`, USER_AGENTS.iphone);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(`itms-services://?action=download-manifest&amp;url=${BASE}/channels/${ios.slug}/releases/${ids.expired}/`);
    expect(actionBlock(res)).not.toContain('<a');
    expect(reasons(res)).toContain('This build cannot be installed');
    expect(reasons(res)).toContain('Its provisioning profile expired on 2017-07-27');
    expect(reasons(res)).toContain('The certificate it was signed with expired on 2017-07-20');
  });

  it('says it in Chinese for a Chinese visitor', async () => {
    const res = await page(`/${ios.slug}/${ids.expired}`, USER_AGENTS.iphone, 'zh-CN,zh;q=0.9');
    expect(reasons(res)).toContain('此构建无法安装');
    expect(reasons(res)).toContain('已于 2017-07-27 过期');
    expect(actionBlock(res)).not.toContain('<a');
  });

  it('still lets a desktop fetch the file, labelled for developers, and never an install link', async () => {
    const res = await page(`/${ios.slug}/${ids.expired}`, USER_AGENTS.mac);
    expect(actionBlock(res)).toContain(`/${ios.slug}/${ids.expired}/download`);
    expect(actionBlock(res)).toContain('Download the file anyway');
    expect(res.text).not.toMatch(new RegExp(`itms-services[^"]*releases/${ids.expired}/install`));
    // The hidden iPad variant (desktop mode) offers nothing either.
    const ipad = /<div class="actions" id="act-ipad"[^>]*>([\s\S]*?)<\/div>/.exec(res.text)?.[1] ?? '';
    expect(ipad).not.toContain('itms-services');
  });

  it('refuses its install manifest with 409 and the reason', async () => {
    const res = await api(server, `/channels/${ios.slug}/releases/${ids.expired}/install`);
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(res.text).toContain('This build cannot be installed: its provisioning profile expired on 2017-07-27');
    expect(res.text).toContain('its signing certificate expired on 2017-07-20');
    const valid = await api(server, `/channels/${ios.slug}/releases/${ids.development}/install`);
    expect(valid.status).toBe(200);
  });

  it('reports both dates in the release API, and nothing for a build that can install', async () => {
    const expired = await api<{ install_problems: unknown[] }>(server, `/api/releases/${ids.expired}`, { token: owner.token });
    expect(expired.body.install_problems).toEqual([
      { kind: 'profile_expired', expired_at: '2017-07-27T09:44:49.000Z' },
      { kind: 'certificate_expired', expired_at: '2017-07-20T03:13:07.000Z' },
    ]);
    for (const id of [ids.development, ids.enterprise, ids.apk]) {
      const res = await api<{ install_problems: unknown[] }>(server, `/api/releases/${id}`, { token: owner.token });
      expect(res.body.install_problems).toEqual([]);
    }
  });

  it('is marked in the builds list, where no install link leads to it', async () => {
    const res = await page(`/${ios.slug}/${ids.development}`, USER_AGENTS.iphone);
    const row = new RegExp(`<li[^>]*><span><a href="/${ios.slug}/${ids.expired}"[\\s\\S]*?</li>`).exec(res.text)?.[0] ?? '';
    expect(row).toContain('Cannot install');
    expect(row).not.toContain('itms-services');
    const fresh = new RegExp(`<li[^>]*><span><a href="/${ios.slug}/${ids.development}"[\\s\\S]*?</li>`).exec(res.text)?.[0] ?? '';
    expect(fresh).not.toContain('Cannot install');
    expect(fresh).toContain('itms-services');
  });
});

describe('a build signed with a current development profile', () => {
  const install = () => `itms-services://?action=download-manifest&amp;url=${BASE}/channels/${ios.slug}/releases/${ids.development}/install`;

  it('installs on an iPhone, saying the device list was not checked when the page does not know its UDID', async () => {
    for (const query of ['', '?udid=not-a-udid']) {
      const res = await page(`/${ios.slug}/${ids.development}${query}`, USER_AGENTS.iphone);
      expect(actionBlock(res)).toContain(install());
      expect(actionBlock(res)).toContain('whether this device is one of them was not checked');
      expect(reasons(res)).toBe('');
    }
  });

  it('installs on a device its profile lists, in any case of the UDID', async () => {
    const res = await page(`/${ios.slug}/${ids.development}?udid=${IPHONE_IPA_LISTED_UDID.toUpperCase()}`, USER_AGENTS.iphone);
    expect(actionBlock(res)).toContain(install());
    expect(actionBlock(res)).not.toContain('not checked');
  });

  it('offers nothing to a device its profile does not list, and names it', async () => {
    const res = await page(`/${ios.slug}/${ids.development}?udid=${OTHER_UDID.toLowerCase()}`, USER_AGENTS.iphone);
    expect(res.text).not.toContain(install());
    expect(actionBlock(res)).not.toContain('<a');
    expect(reasons(res)).toContain(`This device (UDID ${OTHER_UDID}) is not registered in the build’s provisioning profile`);
  });

  it('offers nothing to an iPhone older than the build’s minimum iOS', async () => {
    const res = await page(`/${ios.slug}/${ids.development}`, OLD_IPHONE);
    expect(res.text).not.toContain(install());
    expect(reasons(res)).toContain('It needs iOS 9.3 or later; this device runs iOS 8.4.');
  });

  it('skips the device check for an enterprise profile', async () => {
    const res = await page(`/${ios.slug}/${ids.enterprise}?udid=${OTHER_UDID}`, USER_AGENTS.iphone);
    expect(actionBlock(res)).toContain(`releases/${ids.enterprise}/install`);
    expect(actionBlock(res)).not.toContain('not checked');
    expect(reasons(res)).toBe('');
  });
});

describe('an apk on an Android older than its minimum SDK', () => {
  it('offers no Download button and says which Android it needs', async () => {
    const res = await page(`/${android.slug}/${ids.apk}`, OLD_ANDROID);
    expect(actionBlock(res)).not.toContain('<a');
    expect(reasons(res)).toContain('It needs Android 4.0 or later; this device runs Android 2.3.6.');
    const current = await page(`/${android.slug}/${ids.apk}`, USER_AGENTS.android);
    expect(actionBlock(current)).toContain(`/${android.slug}/${ids.apk}/download`);
    expect(reasons(current)).toBe('');
  });
});
