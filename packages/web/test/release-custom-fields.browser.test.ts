// A release's custom fields on the Release screen, in a real browser (Debian's chromium through
// playwright-core) against a real server. The API answers custom_fields exactly as uploaded
// (issue 12, item 6), so the screen shows Zealot's [{icon, name, value}] as a table of fields,
// fastlane's unset ["[]"] as "No custom fields", and any other JSON (a Tauri relay's
// {"tauri_signature": …}) formatted, in a region reached and scrolled by keyboard; in English
// and light, and in Chinese and dark. A changelog with commit `hash` keys still lists its
// messages. Any console error or uncaught exception fails the test. Screenshots:
// test-results/screenshots/web-release-custom-fields-en.png and -zh-CN.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();

const TAURI = {
  tauri_signature: 'dW50cnVzdGVkIGNvbW1lbnQ6IHNpZ25hdHVyZSBmcm9tIHRhdXJpIHNlY3JldCBrZXk=',
  notes: 'Faster sync',
  // Enough lines that the block scrolls.
  platforms: Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`target-${index}`, { url: `https://cdn.example.com/app-${index}.tar.gz` }])),
};

describe.skipIf(!available)('custom fields on the Release screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let channel: TestChannel;
  const ids = { tauri: 0, zealot: 0, fastlane: 0 };
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `fields_${process.pid}` });
    channel = await newApp(server, { ownerId: admin.id, name: 'Fields Demo', deviceType: 'android', channel: 'Android' });
    const changelog = JSON.stringify([{ message: 'Fix the login crash', author: 'Ann', hash: '9f1c2ab' }]);
    ids.tauri = (await uploadFixture(server, admin.token, channel.key, 'android.apk', { custom_fields: JSON.stringify(TAURI), changelog })).body.id;
    ids.zealot = (
      await uploadFixture(server, admin.token, channel.key, 'android.apk', {
        custom_fields: JSON.stringify([{ icon: 'fa-solid fa-ticket', name: 'Jira', value: 'APP-12' }, { name: 'Pipeline', value: 4242 }]),
      })
    ).body.id;
    ids.fastlane = (await uploadFixture(server, admin.token, channel.key, 'android.apk', { custom_fields: '["[]"]' })).body.id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  const releasePath = (id: number) => `/apps/${channel.appId}/channels/${channel.channelId}/releases/${id}`;

  async function signedIn(next: string, colorScheme: 'light' | 'dark'): Promise<DeviceContext> {
    const opened = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme });
    open.push(opened);
    opened.page.setDefaultTimeout(10_000);
    const { page } = opened;
    await page.goto(`${server.url}/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel(/Username or email|用户名或邮箱/).fill(admin.username);
    await page.getByRole('textbox', { name: /Password|密码/ }).fill(admin.password);
    await page.getByRole('button', { name: /Sign in|登录/ }).click();
    await page.waitForURL(`${server.url}${next}`);
    return opened;
  }

  /** Tabs through the page until the element named `name` has the focus; the number of presses, or -1. */
  async function tabTo(page: Page, name: string): Promise<number> {
    for (let presses = 1; presses <= 60; presses++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((label) => document.activeElement?.getAttribute('aria-label') === label, name)) return presses;
    }
    return -1;
  }

  it('English, light: any other JSON formatted in a keyboard-scrollable region; Zealot fields as a table; ["[]"] as none', async () => {
    const { page, errors } = await signedIn(releasePath(ids.tauri), 'light');
    const region = page.getByRole('region', { name: 'Custom fields (JSON)' });
    await region.waitFor();
    await expect(region.textContent()).resolves.toBe(JSON.stringify(TAURI, null, 2));
    // The changelog with hash keys still lists its message.
    await expect(page.getByRole('region', { name: 'Changelog' }).textContent()).resolves.toContain('Fix the login crash');

    expect(await tabTo(page, 'Custom fields (JSON)')).toBeGreaterThan(0);
    await expect(region.evaluate((element) => element.scrollHeight > element.clientHeight)).resolves.toBe(true);
    await page.keyboard.press('End');
    await expect.poll(() => region.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await screenshot(page, 'web-release-custom-fields-en');

    await page.goto(`${server.url}${releasePath(ids.zealot)}`);
    const table = page.getByRole('table', { name: 'Custom fields' });
    await table.waitFor();
    await expect(table.getByRole('row').allTextContents()).resolves.toEqual(['JiraAPP-12', 'Pipeline4242']);
    await expect(table.getByRole('rowheader', { name: 'Jira' }).count()).resolves.toBe(1);
    await expect(page.getByRole('region', { name: 'Custom fields (JSON)' }).count()).resolves.toBe(0);

    await page.goto(`${server.url}${releasePath(ids.fastlane)}`);
    await page.getByRole('region', { name: 'Custom fields', exact: true }).getByText('No custom fields.').waitFor();
    await expect(page.getByRole('region', { name: 'Custom fields (JSON)' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('Chinese, dark: the same JSON under the Chinese label, readable on the dark background', async () => {
    const set = await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale: 'zh-CN', appearance: 'dark' } });
    expect(set.status).toBe(200);
    const { page, errors } = await signedIn(releasePath(ids.tauri), 'dark');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    const region = page.getByRole('region', { name: '自定义字段（JSON）' });
    await region.waitFor();
    await expect(page.getByRole('region', { name: '自定义字段', exact: true }).getByRole('heading', { name: '自定义字段' }).count()).resolves.toBe(1);
    await expect(region.textContent()).resolves.toBe(JSON.stringify(TAURI, null, 2));
    // Text and background differ clearly in dark mode (WCAG AA asks 4.5:1 for this size).
    const ratio = await region.evaluate((element) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const [lr, lg, lb] = [r!, g!, b!].map((channel) => {
          const c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
      };
      const style = getComputedStyle(element);
      const [fore, back] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))];
      return (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    await screenshot(page, 'web-release-custom-fields-zh-CN');

    await page.goto(`${server.url}${releasePath(ids.fastlane)}`);
    await page.getByRole('region', { name: '自定义字段', exact: true }).getByText('没有自定义字段。').waitFor();
    expect(errors).toEqual([]);
  });
});
