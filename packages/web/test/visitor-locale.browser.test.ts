// The site's default language (the default_locale setting) for a visitor in chromium: with no
// stored choice and no session, a browser that asks a language Tarmac does not speak (French) gets
// the site's (en and zh-CN); a browser that asks one Tarmac speaks gets it; a language chosen in
// this browser (the switch, stored) wins over both.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, closeBrowserTest, launchBrowser, openDevice, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
const HEADING = { en: 'Sign in to your account', 'zh-CN': '登录你的账户' } as const;

describe.skipIf(!available)("the site's default language for a visitor in chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin' });
    browser = await launchBrowser();
  });
  afterAll(() => closeBrowserTest(open, browser, server));

  const setLocale = async (locale: string) => {
    const res = await api(server, '/api/admin/settings', { method: 'PUT', token: admin.token, json: { default_locale: locale } });
    expect(res.status, res.text).toBe(200);
  };

  it("gives a browser that asks a language Tarmac speaks that language, whatever the site's", async () => {
    await setLocale('zh-CN');
    const device = await openDevice(browser, USER_AGENTS.windows, { locale: 'en-US', viewport: { width: 1280, height: 900 } });
    open.push(device);
    await device.page.goto(`${server.url}/login`);
    await device.page.getByRole('heading', { name: HEADING.en }).waitFor();
    expect(await device.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(device.errors).toEqual([]);
  });

  for (const [site, browserLanguage] of [['zh-CN', 'fr-FR'], ['en', 'fr-FR']] as const) {
    it(`${site} for a visitor whose browser asks ${browserLanguage}; a stored choice wins`, async () => {
      await setLocale(site);
      const device = await openDevice(browser, USER_AGENTS.windows, { locale: browserLanguage, viewport: { width: 1280, height: 900 } });
      open.push(device);
      const { page, errors } = device;
      await page.goto(`${server.url}/login`);
      await page.getByRole('heading', { name: HEADING[site] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(site);
      // Chosen in this browser: kept over the site's default.
      const other = site === 'en' ? 'zh-CN' : 'en';
      await page.evaluate((locale) => localStorage.setItem('tarmac.locale', locale), other);
      await page.reload();
      await page.getByRole('heading', { name: HEADING[other] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(other);
      expect(errors).toEqual([]);
    });
  }
});
