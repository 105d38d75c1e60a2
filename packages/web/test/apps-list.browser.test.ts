// The Apps list as a team lead reads it (issue 14, item 9), in a real browser against a real
// server with real packages uploaded: each app's icon (the newest build's), its build count, and
// each channel's newest build with its version and how long ago it came, "no builds yet" for an
// app before its first upload; the App screen's channel rows show their build counts. In English
// and light, then in Chinese and dark; the list is worked by keyboard. Any console error fails
// the test. Screenshots: web-apps-list.png, web-apps-list-zh-dark.png, web-app-channel-counts.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, closeBrowserTest, launchBrowser, screenshot, signInOnDesktop, uploadFixture } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('the Apps list with icons, builds and counts in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let lead: TestUser;
  let appId: number;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    lead = await server.newUser({ role: 'developer', username: `lead_${process.pid}` });
    const android = await newApp(server, { ownerId: lead.id, name: 'Pixel Pal', channel: 'Android', deviceType: 'android' });
    appId = android.appId;
    const ios = await api(server, `/api/schemes/${android.schemeId}/channels`, { method: 'POST', token: lead.token, json: { name: 'iPhone', device_type: 'ios' } });
    await uploadFixture(server, lead.token, android.key, 'android.apk');
    await uploadFixture(server, lead.token, ios.body.key, 'iphone.ipa');
    await newApp(server, { ownerId: lead.id, name: 'Quiet One', channel: 'Beta', deviceType: 'android' });
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  async function signedIn(user: TestUser): Promise<DeviceContext> {
    const device = await signInOnDesktop(browser, server.url, user, '/apps');
    open.push(device);
    return device;
  }

  /** Every icon of the page has loaded as an image (not the fallback, not a broken image). */
  const iconLoaded = (page: Page, name: string) =>
    page
      .getByRole('listitem', { name })
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.includes('/api/releases/'));

  it('shows the icon, the build count and each channel\'s newest build; an app without builds says so', async () => {
    const { page, errors } = await signedIn(lead);
    const card = page.getByRole('list', { name: 'Apps' }).getByRole('listitem', { name: 'Pixel Pal' });
    await card.getByText('1 scheme · 2 channels · 2 builds').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('li img')].every((img) => (img as HTMLImageElement).complete));
    await expect(iconLoaded(page, 'Pixel Pal')).resolves.toBe(true);
    // "Android · 1.0 (1) · now" / "… · 5 seconds ago": the version as release (build), the time relative.
    const relative = /^(now|\d+ seconds? ago|1 minute ago)$/;
    for (const channel of ['Android', 'iPhone']) {
      const line = card.getByText(new RegExp(`^${channel} · .+ · `));
      await expect(line.count()).resolves.toBe(1);
      await expect(line.locator('time').textContent()).resolves.toMatch(relative);
      await expect(line.locator('time').getAttribute('title')).resolves.toMatch(/\d{4}/);
    }
    const quiet = page.getByRole('listitem', { name: 'Quiet One' });
    await expect(quiet.getByText('1 scheme · 1 channel · no builds yet').count()).resolves.toBe(1);
    await expect(quiet.getByText('Beta · no builds yet').count()).resolves.toBe(1);
    await expect(quiet.locator('img').count()).resolves.toBe(0);
    await screenshot(page, 'web-apps-list');

    // By keyboard: tab to the app's link, open it; its channel rows count their builds.
    await page.getByRole('searchbox', { name: 'Search apps by name' }).focus();
    let focused = '';
    for (let i = 0; i < 10 && focused !== 'Pixel Pal'; i += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    }
    expect(focused).toBe('Pixel Pal');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/apps/${appId}`);
    await page.getByRole('link', { name: 'iPhone', exact: true }).waitFor();
    // One badge per channel row (each channel holds one build).
    await expect(page.getByText('1 build', { exact: true }).count()).resolves.toBe(2);
    await screenshot(page, 'web-app-channel-counts');
    expect(errors).toEqual([]);
  });

  it('says the same in Chinese, in dark mode', async () => {
    const saved = await api(server, '/api/user', { method: 'PUT', token: lead.token, json: { locale: 'zh-CN', appearance: 'dark' } });
    expect(saved.status).toBe(200);
    const { page, errors } = await signedIn(lead);
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    const card = page.getByRole('list', { name: '应用' }).getByRole('listitem', { name: 'Pixel Pal' });
    await card.getByText('1 个方案 · 2 个渠道 · 2 个构建').waitFor();
    await expect(card.getByText(/^Android · .+ · /).locator('time').textContent()).resolves.toMatch(/^(现在|\d+ ?秒钟?前|\d+ ?分钟前)$/);
    const quiet = page.getByRole('listitem', { name: 'Quiet One' });
    await expect(quiet.getByText('Beta · 暂无构建').count()).resolves.toBe(1);
    await page.waitForFunction(() => [...document.querySelectorAll('li img')].every((img) => (img as HTMLImageElement).complete));
    await screenshot(page, 'web-apps-list-zh-dark');
    expect(errors).toEqual([]);
  });
});
