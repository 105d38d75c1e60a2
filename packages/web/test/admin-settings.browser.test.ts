// The site settings screen (/admin/settings) in chromium, on a server whose environment holds
// the default language (TARMAC_DEFAULT_LOCALE). An administrator reaches it from the menu, sees
// the environment-held setting disabled with its variable, changes the site title (a too-short
// one is refused on the field first), sees the source badge turn Saved, resets it, and checks
// the public URL. In English (light) and Chinese (dark); no serious axe violation; any console
// error but the refused title's 422 fails the test.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
type Locale = 'en' | 'zh-CN';

const TEXT = {
  en: {
    menu: 'Site settings', title: 'Site title', language: 'Default language', setBy: 'Set by TARMAC_DEFAULT_LOCALE',
    save: 'Save General', tooShort: /3/, saved: 'Saved', reset: 'Reset to default: Site title', check: 'Check the public URL',
    answers: /Answers: yes/,
  },
  'zh-CN': {
    menu: '站点设置', title: '站点标题', language: '默认语言', setBy: '由 TARMAC_DEFAULT_LOCALE 设置',
    save: '保存常规', tooShort: /3/, saved: '已保存', reset: '恢复默认：站点标题', check: '检查公开地址',
    answers: /有响应: 是/,
  },
} as const;

describe.skipIf(!available)('the site settings screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer({ TARMAC_DEFAULT_LOCALE: 'en' });
    browser = await launchBrowser();
  });
  afterAll(() => closeBrowserTest(open, browser, server));

  async function admin(locale: Locale, scheme: 'light' | 'dark'): Promise<TestUser> {
    const made = await server.newUser({ role: 'admin' });
    const saved = await api(server, '/api/user', { method: 'PUT', token: made.token, json: { locale, appearance: scheme } });
    expect(saved.status).toBe(200);
    return made;
  }

  for (const [locale, scheme] of [['en', 'light'], ['zh-CN', 'dark']] as const) {
    it(`${locale}, ${scheme}: shows sources, saves, refuses, resets and checks the URL`, async () => {
      const text = TEXT[locale];
      const user = await admin(locale, scheme);
      const device = await signedIn(browser, server, user, { next: '/', colorScheme: scheme });
      open.push(device);
      const { page, errors } = device;

      await page.getByRole('link', { name: text.menu }).click();
      await page.waitForURL(`${server.url}/admin/settings`);
      await page.getByRole('heading', { name: text.menu, level: 1 }).waitFor();

      // Held by the environment: disabled, and the screen names the variable.
      const language = page.locator('[data-setting="default_locale"]');
      await expect(language.getByLabel(text.language).first().isDisabled()).resolves.toBe(true);
      await language.getByText(text.setBy).waitFor();

      const title = page.getByRole('textbox', { name: text.title });
      await title.fill('ab');
      await page.getByRole('button', { name: text.save }).click();
      await page.locator('[data-setting="site_title"]').getByText(text.tooShort).first().waitFor();
      expect((await api(server, '/api/settings/public')).body).toMatchObject({ site_title: 'Tarmac' });

      await title.fill(`Builds ${locale}`);
      await page.getByRole('button', { name: text.save }).click();
      await page.locator('[data-setting="site_title"]').getByText(text.saved, { exact: true }).waitFor();
      expect((await api(server, '/api/settings/public')).body).toMatchObject({ site_title: `Builds ${locale}` });
      // The web app's header and the document title follow at once.
      await page.getByRole('banner').getByRole('link', { name: `Builds ${locale}` }).waitFor();
      await expect.poll(() => page.title()).toBe(`${text.menu} · Builds ${locale}`);

      const found = describeViolations(`/admin/settings ${locale} ${scheme}`, await seriousViolations(page));

      await page.getByRole('button', { name: text.reset }).click();
      await expect.poll(async () => ((await api(server, '/api/settings/public')).body as { site_title: string }).site_title).toBe('Tarmac');
      await expect.poll(() => title.inputValue()).toBe('Tarmac');

      await page.getByRole('button', { name: text.check }).click();
      await page.getByRole('status').getByText(text.answers).waitFor();

      expect(found).toEqual([]);
      // The refused title, and nothing else.
      expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
    });
  }
});
