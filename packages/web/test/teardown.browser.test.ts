// The teardown screen shows a file as the build page shows a build (issue 14, items 10 and 11), in a
// real browser against a real server: a team member drops iphone.ipa, android.apk and macos.zip
// and sees the build page's sections — the overview, the provisioning profile with its devices
// (a registered one under the team's name), entitlements and developer certificates, the binary
// UUIDs a dSYM must match; Android's permissions and signatures; the macOS signature and
// entitlements — with the platform named "iOS", never "IOS". The build page of the same ipa shows
// the same device name; the devices screen shows that device's iOS version ("iOS 17.5.1 (21F90)").
// In English (light) and Chinese (dark); axe finds no serious violation on any state, and any
// console error fails the test. A dSYM zip shows its slices' UUIDs, a bare provisioning profile the
// profile's sections. Screenshots: test-results/screenshots/web-teardown-*.png.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, FIXTURES, launchBrowser, screenshot, uploadFixture } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { addCollaborator, newApp } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
/** The first device iphone.ipa's provisioning profile lists, registered here under a name. */
const LISTED_UDID = '18cf53cddee60c52f9c97b1521e7cbf8342628da';
const DEVICE_NAME = 'QA iPhone 15 Pro';

const TEXTS = {
  en: {
    drop: 'File to inspect',
    devices: '100 devices',
    entitlements: 'Entitlements',
    certificates: '13 developer certificates',
    uuids: 'Binary UUIDs',
    permissions: /^\d+ permissions?$/,
    signatures: 'Signatures',
    macos: 'macOS build',
    overview: 'Build',
    ios: 'iOS 17.5.1 (21F90)',
  },
  'zh-CN': {
    drop: '要解析的文件',
    devices: '100 台设备',
    entitlements: '权限（Entitlements）',
    certificates: '13 个开发者证书',
    uuids: '二进制 UUID',
    permissions: /^\d+ 项权限$/,
    signatures: '签名',
    macos: 'macOS 构建',
    overview: '构建',
    ios: 'iOS 17.5.1（21F90）',
  },
} as const;
type Locale = keyof typeof TEXTS;

describe.skipIf(!available)('the teardown screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let release: { appId: number; channelId: number; id: number };
  const open: DeviceContext[] = [];
  const users = new Map<string, TestUser>();

  beforeAll(async () => {
    server = await startServer();
    owner = await server.newUser({ role: 'developer', username: `owner_${process.pid}` });
    for (const [locale, scheme] of [['en', 'light'], ['zh-CN', 'dark']] as const) {
      const user = await server.newUser({ username: `viewer_${locale.slice(0, 2)}_${process.pid}` });
      const saved = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale, appearance: scheme } });
      expect(saved.status).toBe(200);
      users.set(locale, user);
    }
    const stamp = '2026-01-01T00:00:00.000Z';
    await server.database.db
      .insertInto('devices')
      .values({ udid: LISTED_UDID, name: DEVICE_NAME, product: 'iPhone16,1', os_version: '21F90', created_at: stamp, updated_at: stamp })
      .execute();
    const app = await newApp(server, { name: 'Lander', ownerId: owner.id, channel: 'iOS', deviceType: 'ios' });
    const uploaded = await uploadFixture(server, owner.token, app.key, 'iphone.ipa');
    release = { appId: uploaded.body.app.id, channelId: uploaded.body.channel.id, id: uploaded.body.id };
    // Every viewer is on the app's team, so the build page opens for them.
    for (const user of users.values()) await addCollaborator(server, release.appId, user.id, 'member');
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  /** A section by its title (a long list's scrolling viewport inside it bears the same name). */
  const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name, exact: typeof name === 'string' ? true : undefined }).first();

  async function axe(page: Page, where: string): Promise<void> {
    expect(describeViolations(where, await seriousViolations(page))).toEqual([]);
    await expect(page.locator('h1').count()).resolves.toBe(1);
  }

  /** Drops a fixture (`apps/` unless the name says its folder) and waits for its heading. */
  async function drop(page: Page, locale: Locale, file: string, name: string): Promise<void> {
    await page.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, file.includes('/') ? file : `apps/${file}`));
    await page.getByRole('heading', { name, level: 2 }).waitFor({ timeout: 20_000 });
    await expect(page.getByLabel(TEXTS[locale].drop).count()).resolves.toBeGreaterThan(0);
  }

  for (const [locale, scheme] of [['en', 'light'], ['zh-CN', 'dark']] as const) {
    it(`shows an ipa, an apk and a macOS app with the build page's sections (${locale}, ${scheme})`, async () => {
      const text = TEXTS[locale];
      const opened = await signedIn(browser, server, users.get(locale)!, { next: '/teardown', colorScheme: scheme });
      open.push(opened);
      const { page, errors } = opened;

      await drop(page, locale, 'iphone.ipa', 'AppInfoDemo');
      // The platform is named iOS, as written, not shouted by a badge's capitals.
      await expect(page.getByText('iOS', { exact: true }).first().innerText()).resolves.toBe('iOS');
      const devices = region(page, text.devices);
      await devices.getByText(DEVICE_NAME, { exact: false }).waitFor();
      await expect(devices.getByRole('listitem').filter({ hasText: LISTED_UDID }).textContent()).resolves.toContain(`${DEVICE_NAME} (iPhone 15 Pro)`);
      await expect(region(page, text.entitlements).textContent()).resolves.toContain('application-identifier');
      await expect(region(page, text.certificates).getByRole('row').count()).resolves.toBe(14);
      await expect(region(page, text.uuids).textContent()).resolves.toContain('cb190b95-6979-3104-8a61-85d741f41fff');
      await expect(region(page, text.overview).textContent()).resolves.toContain('com.icyleaf.AppInfoDemo');
      await screenshot(page, `web-teardown-ipa-${locale}-${scheme}`);
      await axe(page, `teardown iphone.ipa (${locale}, ${scheme})`);

      await drop(page, locale, 'android.apk', 'AppInfoDemo');
      await expect(region(page, text.permissions).textContent()).resolves.toContain('android.permission.ACCESS_NETWORK_STATE');
      await expect(region(page, text.signatures).textContent()).resolves.toContain('SHA-256');
      await expect(page.getByText('Android', { exact: true }).first().innerText()).resolves.toBe('Android');
      await screenshot(page, `web-teardown-apk-${locale}-${scheme}`);
      await axe(page, `teardown android.apk (${locale}, ${scheme})`);

      await drop(page, locale, 'macos.zip', 'GuiApp');
      await expect(region(page, text.macos).textContent()).resolves.toContain('Apple Development: Shen Wang (499ZF9BZZC)');
      await expect(region(page, text.entitlements).textContent()).resolves.toContain('com.apple.security.app-sandbox');
      await expect(page.getByText('macOS', { exact: true }).first().innerText()).resolves.toBe('macOS');
      await screenshot(page, `web-teardown-macos-${locale}-${scheme}`);
      await axe(page, `teardown macos.zip (${locale}, ${scheme})`);

      // The build page of the same ipa: the same device, under the same name.
      await page.goto(`${server.url}/apps/${release.appId}/channels/${release.channelId}/releases/${release.id}`);
      const listed = region(page, text.devices).getByRole('listitem').filter({ hasText: LISTED_UDID });
      await listed.getByText(DEVICE_NAME, { exact: false }).waitFor();
      await screenshot(page, `web-release-devices-${locale}-${scheme}`);
      await axe(page, `build page of iphone.ipa (${locale}, ${scheme})`);

      // The devices screen names the iOS version of the build the device reported (found by its
      // UDID: the ipa's upload listed its profile's other 99 devices, newer, first).
      await page.goto(`${server.url}/devices?q=${LISTED_UDID}`);
      const row = page.getByRole('row').filter({ hasText: LISTED_UDID });
      await row.getByText(text.ios, { exact: true }).waitFor();
      await screenshot(page, `web-devices-ios-${locale}-${scheme}`);
      await axe(page, `devices (${locale}, ${scheme})`);
      expect(errors).toEqual([]);
    }, 150_000);
  }

  it('shows a dSYM zip by its slices and UUIDs, and a bare provisioning profile with its sections', async () => {
    const opened = await signedIn(browser, server, users.get('en')!, { next: '/teardown', colorScheme: 'light' });
    open.push(opened);
    const { page, errors } = opened;
    await drop(page, 'en', 'debug-files/ios-dsym-single.zip', 'iOS');
    const slices = region(page, '1 slice');
    await expect(slices.getByRole('row').filter({ hasText: 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5' }).textContent()).resolves.toContain('arm64');
    await screenshot(page, 'web-teardown-dsym-en-light');
    await axe(page, 'teardown ios-dsym-single.zip (en, light)');

    await drop(page, 'en', 'provisioning/ios_development.mobileprovision', 'iOS Full Development');
    await expect(region(page, 'Provisioning profile').textContent()).resolves.toContain('Niceliving (Beijing) Technology Co., Ltd.');
    await expect(region(page, '1 device').textContent()).resolves.toContain('e801228c2086d3aacc917b9c3d19bfa56efcab5b');
    await expect(region(page, 'Entitlements').textContent()).resolves.toContain('com.apple.developer.healthkit');
    await expect(region(page, '1 developer certificate').getByRole('row').count()).resolves.toBe(2);
    await screenshot(page, 'web-teardown-profile-en-light');
    await axe(page, 'teardown ios_development.mobileprovision (en, light)');
    expect(errors).toEqual([]);
  }, 90_000);
});
