// The install page on a tester's own phone, in a real browser (issue 14, items 3 and 5): an iPhone
// and an Android phone (their User-Agents, a phone's viewport, touch, isMobile), light and dark,
// see no QR code but the build, what changed (with dates formatted), how to install on their
// platform and the older builds; a desktop sees the QR code, dark on a white quiet zone even in
// dark mode (read from the rendered pixels); an iPad in desktop mode (a Mac's User-Agent on a
// touch screen) has it hidden. Times show in the browser's own zone (Playwright's timezoneId).
// axe finds no serious violation in any state; any console error fails. Screenshots go to
// test-results/screenshots/phone-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { formatDateTime } from '../../src/pages/format.ts';
import { describeViolations, seriousViolations } from '../helpers/a11y.ts';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from '../helpers/browser.ts';
import type { DeviceContext } from '../helpers/browser.ts';
import { qrPixels } from '../helpers/pixels.ts';
import { newApp } from '../helpers/factories.ts';
import type { TestChannel } from '../helpers/factories.ts';
import { api, startServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';

const BASE = 'https://tarmac.example.com';
const available = chromiumAvailable();

const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } satisfies BrowserContextOptions;
const IPHONE: BrowserContextOptions = { ...PHONE, userAgent: USER_AGENTS.iphone, viewport: { width: 390, height: 844 } };
const ANDROID: BrowserContextOptions = { ...PHONE, userAgent: USER_AGENTS.android, viewport: { width: 412, height: 915 } };
const DESKTOP: BrowserContextOptions = { userAgent: USER_AGENTS.windows, viewport: { width: 1280, height: 900 } };

describe.skipIf(!available)('the install page on a phone, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let ios: TestChannel;
  let android: TestChannel;
  let ipaId: number;
  let apkId: number;
  let apkCreatedAt: string;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer({ TARMAC_URL: BASE });
    const owner = await server.newUser({ role: 'developer' });
    const app = (deviceType: 'ios' | 'android') => newApp(server, { ownerId: owner.id, name: 'Phone Demo', deviceType, channel: deviceType });
    [ios, android] = await Promise.all([app('ios'), app('android')]);
    const changelog = JSON.stringify([
      { message: 'New sign-in screen', author: 'Ada', date: '2024-05-02 10:37:23 +0800' },
      { message: 'Faster start-up', date: '2024-05-01' },
    ]);
    await uploadFixture(server, owner.token, ios.key, 'iphone.ipa');
    ipaId = (await uploadFixture(server, owner.token, ios.key, 'iphone.ipa', { changelog })).body.id;
    await uploadFixture(server, owner.token, android.key, 'android.apk');
    apkId = (await uploadFixture(server, owner.token, android.key, 'android.apk', { changelog })).body.id;
    apkCreatedAt = (await api<{ created_at: string }>(server, `/api/releases/${apkId}`, { token: owner.token })).body.created_at;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function visit(options: BrowserContextOptions & { maxTouchPoints?: number }, path: string) {
    const { userAgent, ...rest } = options;
    const device = await openDevice(browser, userAgent!, rest);
    open.push(device);
    device.page.setDefaultTimeout(8000);
    const response = await device.page.goto(server.url + path);
    expect(response?.status()).toBe(200);
    return device;
  }

  async function expectAccessible(page: Page, where: string) {
    expect(describeViolations(where, await seriousViolations(page))).toEqual([]);
  }

  const qrCode = (page: Page) => page.getByRole('img', { name: /^QR code of / });

  /** What a tester needs, visible; what they do not, absent. */
  async function expectTesterPage(page: Page, steps: string) {
    await expect(qrCode(page).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'How to install' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(steps).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Changes' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('New sign-in screen').isVisible()).resolves.toBe(true);
    // The changelog's dates are formatted: a day as that day, a moment in the browser's zone.
    await expect(page.getByText('May 1, 2024', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('2024-05-02 10:37:23 +0800').count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Builds in this channel' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('region', { name: 'Builds in this channel' }).getByRole('listitem').count()).resolves.toBe(2);
    await expect(page.getByText('Installs', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByText(/API 14/).count()).resolves.toBe(0);
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`iPhone, ${scheme}: no QR code; the build, the iOS steps, the changes and the other builds`, async () => {
      const device = await visit({ ...IPHONE, colorScheme: scheme }, `/${ios.slug}/${ipaId}`);
      const { page } = device;
      await expect(page.getByRole('link', { name: 'Install', exact: true }).isVisible()).resolves.toBe(true);
      await expectTesterPage(page, 'Settings → General → VPN & Device Management');
      await expect(page.getByRole('link', { name: 'find your UDID' }).getAttribute('href')).resolves.toBe('/udid');
      await screenshot(page, `phone-iphone-${scheme}`);
      await expectAccessible(page, `iPhone ${scheme}`);
      expect(device.errors).toEqual([]);
    });

    it(`Android phone, ${scheme}: no QR code; the Download button, the Android steps, the changes and the other builds`, async () => {
      const device = await visit({ ...ANDROID, colorScheme: scheme }, `/${android.slug}/${apkId}`);
      const { page } = device;
      await expect(page.getByRole('link', { name: 'Download', exact: true }).isVisible()).resolves.toBe(true);
      await expectTesterPage(page, 'Allow from this source');
      await screenshot(page, `phone-android-${scheme}`);
      await expectAccessible(page, `Android ${scheme}`);
      expect(device.errors).toEqual([]);
    });
  }

  it('Android phone in Chinese: the steps and headings in Chinese', async () => {
    const device = await visit({ ...ANDROID, locale: 'zh-CN' }, `/${android.slug}/${apkId}`);
    const { page } = device;
    await expect(page.getByRole('heading', { name: '安装步骤' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('2024年5月1日', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(qrCode(page).count()).resolves.toBe(0);
    await screenshot(page, 'phone-android-zh-CN');
    await expectAccessible(page, 'Android zh-CN');
    expect(device.errors).toEqual([]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`desktop, ${scheme}: the QR code, dark modules on a light quiet zone`, async () => {
      const device = await visit({ ...DESKTOP, colorScheme: scheme }, `/${android.slug}/${apkId}`);
      const { page } = device;
      await expect(qrCode(page).isVisible()).resolves.toBe(true);
      const style = await qrCode(page).evaluate((svg) => {
        const computed = (globalThis as unknown as { getComputedStyle(element: unknown): Record<string, string> }).getComputedStyle(svg);
        return [computed.backgroundColor, computed.filter];
      });
      expect(style).toEqual(['rgb(255, 255, 255)', 'none']);
      const pixels = await qrPixels(qrCode(page));
      expect(pixels.edgesLight).toBe(true);
      expect(pixels.dark).toBeGreaterThan(0.25);
      expect(pixels.dark).toBeLessThan(0.6);
      await expect(page.getByText('Android 4.0 (API 14)').isVisible()).resolves.toBe(true);
      await screenshot(page, `phone-desktop-${scheme}`);
      await expectAccessible(page, `desktop ${scheme}`);
      expect(device.errors).toEqual([]);
    });
  }

  it('iPad in desktop mode (a Mac User-Agent on a touch screen): the QR code is hidden', async () => {
    const device = await visit({ userAgent: USER_AGENTS.mac, hasTouch: true, isMobile: true, maxTouchPoints: 5, viewport: { width: 820, height: 1180 } }, `/${ios.slug}/${ipaId}`);
    const { page } = device;
    const hidden = page.getByRole('img', { name: /^QR code of /, includeHidden: true });
    await expect(hidden.count()).resolves.toBe(1);
    await expect(hidden.isVisible()).resolves.toBe(false);
    await expect(page.getByRole('link', { name: 'Install', exact: true }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'phone-ipad-desktop-mode');
    expect(device.errors).toEqual([]);
  });

  for (const [timezoneId, locale] of [['Asia/Shanghai', 'en'], ['America/Los_Angeles', 'zh-CN']] as const) {
    it(`shows the upload time in the browser's zone (${timezoneId}, ${locale}), in the one format`, async () => {
      const device = await visit({ ...DESKTOP, timezoneId, locale }, `/${android.slug}/${apkId}`);
      const uploaded = device.page.locator(`dd time[datetime="${apkCreatedAt}"]`);
      await expect(uploaded.textContent()).resolves.toBe(formatDateTime(apkCreatedAt, locale, timezoneId));
      expect(device.errors).toEqual([]);
    });
  }
});
