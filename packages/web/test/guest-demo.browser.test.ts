// Demo mode in chromium (TARMAC_DEMO_MODE): the sign-in page shows the demo accounts and their
// password and a banner says the demo is read-only and resets daily; a demo admin signs in with
// them and sees the seeded sample apps under the same banner; a change is refused with the
// translated demo.read_only sentence. In English and in Chinese (the Chinese demo admin's locale).
// Guest mode: an app's administrator marks the app public with the switch on its page (English
// and Chinese); a signed-out visitor's screens are in guest-web.browser.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchBrowser, openDevice, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer } from '../../server/test/helpers/server.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import { signedIn } from './signed-in.ts';

/** The machine may be busy (CI runs the suites on two cores): a screen gets 15 s to show what it should. */
const POLL = { timeout: 15_000 };

const available = chromiumAvailable();
const PASSWORD = 'browser-demo-pass';

describe.skipIf(!available)('demo mode in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer({ TARMAC_DEMO_MODE: 'true', TARMAC_DEMO_PASSWORD: PASSWORD });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function device(locale: string, colorScheme: 'light' | 'dark'): Promise<DeviceContext> {
    const opened = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme, locale });
    open.push(opened);
    opened.page.setDefaultTimeout(10_000);
    return opened;
  }

  const cases = [
    {
      locale: 'en-US', scheme: 'light' as const, account: 'demo-admin',
      banner: 'This is a read-only demo: changes are turned off, and the data resets daily at 00:00 UTC.',
      hint: 'Sign in with one of the demo accounts', login: 'Username or email', password: 'Password', submit: 'Sign in',
      newApp: 'New app', name: 'Name', create: 'Create app', refused: 'This is a read-only demo: changes are turned off.',
    },
    {
      locale: 'zh-CN', scheme: 'dark' as const, account: 'demo-admin-zh',
      banner: '这是只读演示站点：无法进行修改，数据每天 UTC 00:00 重置。',
      hint: '使用下面任一演示账号登录即可浏览', login: '用户名或邮箱', password: '密码', submit: '登录',
      newApp: '新建应用', name: '名称', create: '创建应用', refused: '这是只读演示站点：无法进行修改。',
    },
  ];

  for (const c of cases) {
    it(`shows the banner and the sign-in hint, and signs in as ${c.account} (${c.locale})`, async () => {
      const { page, errors } = await device(c.locale, c.scheme);
      await page.goto(`${server.url}/login`);
      const hint = page.getByTestId('demo-sign-in-hint');
      await expect.poll(() => hint.textContent(), POLL).toContain(c.hint);
      const text = (await hint.textContent()) ?? '';
      for (const expected of ['demo-admin', 'demo-admin-zh', 'demo-member', PASSWORD]) expect(text).toContain(expected);
      expect(await page.getByTestId('demo-banner').textContent()).toBe(c.banner);

      await page.getByLabel(c.login).fill(c.account);
      await page.getByRole('textbox', { name: c.password }).fill(PASSWORD);
      await page.getByRole('button', { name: c.submit, exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${server.url}/apps`);
      await expect.poll(() => page.getByRole('link', { name: 'Sample Weather' }).count(), POLL).toBeGreaterThan(0);
      expect(await page.getByTestId('demo-banner').textContent()).toBe(c.banner);

      // A change is refused with the translated sentence of demo.read_only.
      await page.getByRole('button', { name: c.newApp }).first().click();
      await page.getByRole('dialog').getByRole('textbox', { name: c.name }).first().fill('Mine');
      await page.getByRole('dialog').getByRole('button', { name: c.create }).click();
      await expect.poll(() => page.getByRole('dialog').getByText(c.refused).count(), POLL).toBe(1);
      expect(await server.database.db.selectFrom('apps').select('name').where('name', '=', 'Mine').execute()).toEqual([]);
      expect(errors).toEqual([expect.stringMatching(/^console: Failed to load resource: the server responded with a status of 403\b/)]);
    });
  }
});

describe.skipIf(!available)('an app\'s public switch in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  const cases = [
    { locale: 'en' as const, scheme: 'light' as const, label: 'Public: visible without signing in', badge: 'Public' },
    { locale: 'zh-CN' as const, scheme: 'dark' as const, label: '公开：无需登录即可查看', badge: '公开' },
  ];

  for (const c of cases) {
    it(`lets the app's administrator turn it on and off, and shows members a badge (${c.locale})`, async () => {
      const owner = await server.newUser({ role: 'developer' });
      const member = await server.newUser();
      for (const user of [owner, member]) {
        await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale: c.locale } });
      }
      const { appId } = await newApp(server, { name: `Shown ${c.locale}`, ownerId: owner.id });
      await server.database.db.insertInto('collaborators').values({
        app_id: appId, user_id: member.id, role: 'member', owner: false, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
      }).execute();
      const admin = await signedIn(browser, server, owner, { next: `/apps/${appId}`, colorScheme: c.scheme });
      open.push(admin);
      const toggle = admin.page.getByRole('switch', { name: c.label });
      expect(await toggle.isChecked()).toBe(false);
      await toggle.click({ force: true });
      await expect.poll(async () => (await api<{ public: boolean }>(server, `/api/apps/${appId}`, { token: owner.token })).body.public, POLL).toBe(true);
      await expect.poll(() => toggle.isChecked(), POLL).toBe(true);

      const viewer = await signedIn(browser, server, member, { next: `/apps/${appId}`, colorScheme: c.scheme });
      open.push(viewer);
      await expect.poll(() => viewer.page.getByText(c.badge, { exact: true }).count(), POLL).toBe(1);
      expect(await viewer.page.getByRole('switch').count()).toBe(0);

      await toggle.click({ force: true });
      await expect.poll(async () => (await api<{ public: boolean }>(server, `/api/apps/${appId}`, { token: owner.token })).body.public, POLL).toBe(false);
      expect([...admin.errors, ...viewer.errors]).toEqual([]);
    });
  }
});
