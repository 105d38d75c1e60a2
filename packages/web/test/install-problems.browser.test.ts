// A build that cannot install (issue 14 items 1 and 11) in a real browser against a real server:
// the real iphone.ipa, whose provisioning profile expired on 2017-07-27. On an iPhone its install
// page has no Install link and says why, in English (light) and Chinese (dark); the web app's
// build header shows a red alert with the expiry dates in both languages. axe finds no serious
// violation in any of these states, and each page keeps one h1. Any console error fails.
// Screenshots: test-results/screenshots/install-problems-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();

const STATES = [
  { locale: 'en-US', lang: 'en', scheme: 'light', heading: 'This build cannot be installed', install: 'Install', alert: 'No device can install this build' },
  { locale: 'zh-CN', lang: 'zh-CN', scheme: 'dark', heading: '此构建无法安装', install: '安装', alert: '任何设备都无法安装此构建' },
] as const;

async function accessible(page: Page, where: string): Promise<void> {
  expect(describeViolations(where, await seriousViolations(page))).toEqual([]);
  expect(await page.locator('h1').count()).toBe(1);
}

describe.skipIf(!available)('a build whose profile expired, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let developer: TestUser;
  let ios: TestChannel;
  let releaseId: number;
  let appId: number;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    developer = await server.newUser({ role: 'developer', username: `expired_${process.pid}` });
    ios = await newApp(server, { ownerId: developer.id, name: 'Expired Demo', deviceType: 'ios', channel: 'Ad hoc' });
    const uploaded = await uploadFixture(server, developer.token, ios.key, 'iphone.ipa');
    releaseId = uploaded.body.id;
    appId = uploaded.body.app.id;
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  it('offers an iPhone no Install button on the install page and says why, light and dark, en and zh-CN', async () => {
    for (const state of STATES) {
      const device = await openDevice(browser, USER_AGENTS.iphone, { locale: state.locale, colorScheme: state.scheme, hasTouch: true });
      open.push(device);
      const { page, errors } = device;
      await page.goto(`${server.url}/${ios.slug}/${releaseId}`);
      await page.getByRole('heading', { name: state.heading }).waitFor();
      expect(await page.getByRole('link', { name: state.install, exact: true }).count()).toBe(0);
      expect(await page.locator('a[href^="itms-services:"]').count()).toBe(0);
      const note = (await page.getByRole('note').textContent()) ?? '';
      expect(note).toContain('2017-07-27');
      expect(note).toContain('2017-07-20');
      await screenshot(page, `install-problems-page-${state.lang}-${state.scheme}`);
      await accessible(page, `install page (${state.lang}, ${state.scheme})`);
      expect(errors).toEqual([]);
    }
  });

  it('shows the expired profile and certificate in the web app’s build header, en light and zh-CN dark', async () => {
    const releasePath = `/apps/${appId}/channels/${ios.channelId}/releases/${releaseId}`;
    for (const state of STATES) {
      const saved = await api(server, '/api/user', {
        method: 'PUT',
        token: developer.token,
        json: state.lang === 'zh-CN' ? { locale: 'zh-CN', appearance: 'dark' } : { locale: 'en', appearance: 'light' },
      });
      expect(saved.status).toBe(200);
      const desktop = { locale: state.locale, colorScheme: state.scheme, viewport: { width: 1280, height: 900 } };
      const device = await openDevice(browser, USER_AGENTS.linux, desktop);
      open.push(device);
      const { page, errors } = device;
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.url}/login?next=${encodeURIComponent(releasePath)}`);
      await page.getByLabel(/Username or email|用户名或邮箱/).fill(developer.username);
      await page.getByRole('textbox', { name: /Password|密码/ }).fill(developer.password);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}${releasePath}`);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, state.lang);
      await page.waitForFunction((scheme) => document.documentElement.getAttribute('data-mantine-color-scheme') === scheme, state.scheme);
      const alert = page.getByRole('alert').filter({ hasText: state.alert });
      await alert.waitFor();
      const text = (await alert.textContent()) ?? '';
      expect(text).toContain(state.lang === 'en' ? 'Provisioning profile expired on' : '描述文件已于');
      expect(text).toContain(state.lang === 'en' ? 'Signing certificate expired on' : '签名证书已于');
      expect(text).toMatch(/2017/);
      await screenshot(page, `install-problems-header-${state.lang}-${state.scheme}`);
      await accessible(page, `build header (${state.lang}, ${state.scheme})`);
      expect(errors).toEqual([]);
    }
  });
});
