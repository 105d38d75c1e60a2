// One format of sizes and dates in the web app and on the install pages (issue 14, item 5), and
// a QR code never inverted in dark mode (item 3). A team lead whose time-zone preference is the
// browser's own zone (Playwright's timezoneId) opens a build in the web app, then its install
// page: both show the upload time alike, in the user's language and zone, and the size in MB;
// the changelog's dates are formatted (a day as that day, a moment in the zone), never raw ISO
// or git's "+0800" text. In dark mode the release screen's QR code is drawn dark on a light quiet
// zone (read from the pixels). English and light, Chinese and dark; axe on each state; any
// console error fails. Screenshots: test-results/screenshots/web-formats-<locale>-<scheme>.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, launchBrowser, screenshot, uploadFixture } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { qrPixels } from '../../server/test/helpers/pixels.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { formatDate, formatDateTime } from '../../server/src/pages/format.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

const VARIANTS = [
  { locale: 'en', scheme: 'light', timezone: 'Asia/Shanghai', changelog: 'Changelog', qr: "QR code of the build's install page" },
  { locale: 'zh-CN', scheme: 'dark', timezone: 'America/Los_Angeles', changelog: '更新日志', qr: '构建安装页面的二维码' },
] as const;

describe.skipIf(!available)('sizes and dates in the web app and on the install page, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let channel: TestChannel;
  let releaseId = 0;
  let createdAt = '';
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    const owner = await server.newUser({ role: 'admin', username: `formats_${process.pid}` });
    channel = await newApp(server, { ownerId: owner.id, name: 'Formats Demo', deviceType: 'android', channel: 'Android' });
    const changelog = JSON.stringify([
      { message: 'New sign-in screen', author: 'Ada', date: '2024-05-02 10:37:23 +0800' },
      { message: 'Faster start-up', date: '2024-05-01' },
    ]);
    releaseId = (await uploadFixture(server, owner.token, channel.key, 'android.apk', { changelog })).body.id;
    createdAt = (await api<{ created_at: string }>(server, `/api/releases/${releaseId}`, { token: owner.token })).body.created_at;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function user(locale: string, scheme: string, timezone: string): Promise<TestUser> {
    const made = await server.newUser({ role: 'admin', username: `fmt_${locale.slice(0, 2)}_${scheme}_${process.pid}` });
    const saved = await api(server, '/api/user', { method: 'PUT', token: made.token, json: { locale, appearance: scheme, timezone } });
    expect(saved.status).toBe(200);
    return made;
  }

  for (const { locale, scheme, timezone, changelog, qr } of VARIANTS) {
    it(`${locale}, ${scheme}, ${timezone}: the web app and the install page agree; changelog dates formatted; the QR code not inverted`, async () => {
      const next = `/apps/${channel.appId}/channels/${channel.channelId}/releases/${releaseId}`;
      const lead = await user(locale, scheme, timezone);
      const device = await signedIn(browser, server, lead, { next, colorScheme: scheme, timezoneId: timezone });
      open.push(device);
      const { page } = device;
      const uploaded = formatDateTime(createdAt, locale, timezone);
      await page.getByText(uploaded, { exact: true }).first().waitFor();
      await expect(page.getByText('3.8 MB', { exact: true }).first().isVisible()).resolves.toBe(true);

      const log = page.getByRole('region', { name: changelog });
      await expect(log.getByText(formatDate('2024-05-01T00:00:00.000Z', locale), { exact: true }).isVisible()).resolves.toBe(true);
      await expect(log.getByText(formatDateTime('2024-05-02T02:37:23.000Z', locale, timezone), { exact: true }).isVisible()).resolves.toBe(true);
      await expect(log.getByText(/\+0800|2024-05-0/).count()).resolves.toBe(0);

      const code = page.getByRole('img', { name: qr });
      await expect.poll(() => code.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await expect(code.getAttribute('src')).resolves.not.toContain('theme=dark');
      const pixels = await qrPixels(code);
      expect(pixels.edgesLight).toBe(true);
      expect(pixels.dark).toBeGreaterThan(0.2);
      await screenshot(page, `web-formats-${locale}-${scheme}`);
      expect(describeViolations(`release ${locale} ${scheme}`, await seriousViolations(page))).toEqual([]);

      // The install page, in the same browser: the same time, written by its script in the zone.
      await page.goto(`${server.url}/${channel.slug}/${releaseId}?lang=${locale}`);
      await expect(page.locator(`dd time[datetime="${createdAt}"]`).textContent()).resolves.toBe(uploaded);
      await expect(page.getByText(formatDate('2024-05-01T00:00:00.000Z', locale), { exact: true }).isVisible()).resolves.toBe(true);
      expect(device.errors).toEqual([]);
    });
  }
});
