// The site's page size (the per_page setting) decides how many rows a web list shows: with
// per_page set to 2 through the settings API, the devices list of three devices shows two and a
// pager whose second page holds the third, in English and in Chinese; the list's requests name
// no per_page of their own (the server's setting applies, and the pager reads the size it used).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';
import type { SignedIn } from './signed-in.ts';

const available = chromiumAvailable();
const UDIDS = ['00008030-000000000000A001', '00008030-000000000000A002', '00008030-000000000000A003'];

describe.skipIf(!available)("the site's page size in the web lists, in chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  const open: SignedIn[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin' });
    browser = await launchBrowser();
    for (const [index, udid] of UDIDS.entries()) {
      await server.database.db
        .insertInto('devices')
        .values({
          udid, name: `Phone ${index + 1}`, product: 'iPhone15,2', os_version: '21A329', serial: `SERIAL${index}`, imei: null,
          created_at: '2026-01-01T00:00:00.000Z', updated_at: `2026-01-0${index + 1}T00:00:00.000Z`,
        })
        .execute();
    }
    const set = await api(server, '/api/admin/settings', { method: 'PUT', token: admin.token, json: { per_page: 2 } });
    expect(set.status, set.text).toBe(200);
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  const rows = (page: Page) => page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });

  for (const locale of ['en', 'zh-CN'] as const) {
    it(`shows per_page rows and a pager on the devices list, ${locale}`, async () => {
      const preferences = await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale } });
      expect(preferences.status, preferences.text).toBe(200);
      const watch = (request: { url(): string }) => new URL(request.url()).pathname === '/api/devices';
      const device = await signedIn(browser, server, admin, { next: '/devices', colorScheme: 'light', watch });
      open.push(device);
      const { page } = device;
      await page.waitForFunction((title) => document.title.startsWith(title), locale === 'en' ? 'Devices' : '设备');
      await expect.poll(() => rows(page).count()).toBe(2);
      await page.getByRole('button', { name: locale === 'en' ? 'Page 2' : '第 2 页', exact: true }).click();
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(device.requests.length).toBeGreaterThanOrEqual(2);
      for (const request of device.requests) expect(request).not.toContain('per_page');
      expect(device.errors).toEqual([]);
    });
  }
});
