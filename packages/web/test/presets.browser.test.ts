// Preset schemes from end to end in chromium, in English (light) and Chinese (dark): an administrator
// opens the new-app dialog while no preset is set, follows its link to the settings, builds the
// presets with the form (a scheme, its channels and platforms, a second scheme; a repeated scheme
// name is refused on its box and nothing is saved), then a developer opens the
// new-app dialog, finds the presets pre-filled, removes one channel and creates the app, which has
// exactly the schemes and channels the dialog showed (checked through the API). No serious axe
// violation; any console error but the refused save's 422 fails the test. Screenshots:
// test-results/screenshots/web-presets-{settings,dialog}-{en,zh-CN}.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
type Locale = 'en' | 'zh-CN';

const TEXT = {
  en: {
    empty: /No preset schemes/, addScheme: 'Add a scheme', addChannelTo: (n: number) => `Add a channel to scheme ${n}`,
    schemeName: (n: number) => `Scheme ${n} name`, channelName: (s: number, n: number) => `Scheme ${s}, channel ${n} name`,
    platform: (s: number, n: number) => `Scheme ${s}, channel ${n} platform`,
    removeChannel: (s: number, n: number) => `Remove channel ${n} of scheme ${s}`,
    save: 'Save Presets', saved: 'Saved', duplicate: 'Is already used by another one in this list',
    setPresetsLink: 'Set presets in the settings', newApp: 'New app', appName: 'Name', fromPresets: 'Pre-filled from the presets an administrator set.', create: 'Create app',
  },
  'zh-CN': {
    empty: /没有预设方案/, addScheme: '添加方案', addChannelTo: (n: number) => `为方案 ${n} 添加渠道`,
    schemeName: (n: number) => `方案 ${n} 名称`, channelName: (s: number, n: number) => `方案 ${s} 渠道 ${n} 名称`,
    platform: (s: number, n: number) => `方案 ${s} 渠道 ${n} 平台`,
    removeChannel: (s: number, n: number) => `移除方案 ${s} 的渠道 ${n}`,
    save: '保存预设', saved: '已保存', duplicate: '与此列表中的另一项重名',
    setPresetsLink: '在设置中设置预设', newApp: '新建应用', appName: '名称', fromPresets: '已按管理员设置的预设填写。', create: '创建应用',
  },
} as const;

type Schemes = { name: string; channels: { name: string; device_type: string }[] }[];
const shape = (schemes: Schemes) => schemes.map((s) => [s.name, s.channels.map((c) => [c.name, c.device_type])]);

describe.skipIf(!available)('preset schemes in the settings form and the new-app dialog, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(() => closeBrowserTest(open, browser, server));

  async function user(role: 'admin' | 'developer', locale: Locale, scheme: 'light' | 'dark'): Promise<TestUser> {
    const made = await server.newUser({ role });
    expect((await api(server, '/api/user', { method: 'PUT', token: made.token, json: { locale, appearance: scheme } })).status).toBe(200);
    return made;
  }

  /** Picks `option` in the Mantine Select labelled `label`. */
  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function setPresets(page: Page, locale: Locale, production: string): Promise<string[]> {
    const text = TEXT[locale];
    const card = page.locator('[data-setting="preset_schemes"]');
    await card.getByText(text.empty).waitFor();
    await card.getByRole('button', { name: text.addScheme }).click();
    await card.getByRole('textbox', { name: text.schemeName(1) }).fill(production);
    await card.getByRole('textbox', { name: text.channelName(1, 1) }).fill('Android');
    await card.getByRole('button', { name: text.addChannelTo(1) }).click();
    await card.getByRole('textbox', { name: text.channelName(1, 2) }).fill('iOS');
    await choose(page, text.platform(1, 2), 'iOS');
    await card.getByRole('button', { name: text.addScheme }).click();
    // The same name as scheme 1, in another case: refused on the box, nothing saved.
    await card.getByRole('textbox', { name: text.schemeName(2) }).fill(production.toUpperCase());
    await card.getByRole('textbox', { name: text.channelName(2, 1) }).fill('HarmonyOS');
    await choose(page, text.platform(2, 1), 'HarmonyOS');
    await page.getByRole('button', { name: text.save }).click();
    await card.getByText(text.duplicate).waitFor();
    await expect(card.getByRole('textbox', { name: text.schemeName(2) }).getAttribute('aria-invalid')).resolves.toBe('true');
    const admin = (await api(server, '/api/admin/settings', { token: adminToken })).body as { settings: { key: string; value: unknown }[] };
    expect(admin.settings.find((s) => s.key === 'preset_schemes')!.value).toEqual([]);

    await card.getByRole('textbox', { name: text.schemeName(2) }).fill('Beta');
    await page.getByRole('button', { name: text.save }).click();
    await card.getByText(text.saved, { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `web-presets-settings-${locale}`);
    return describeViolations(`/admin/settings presets ${locale}`, await seriousViolations(page));
  }

  let adminToken = '';

  for (const [locale, scheme] of [['en', 'light'], ['zh-CN', 'dark']] as const) {
    it(`${locale}, ${scheme}: an admin sets presets with the form; a developer creates an app from them minus one channel`, async () => {
      const text = TEXT[locale];
      const production = `Production ${locale}`;
      const admin = await user('admin', locale, scheme);
      adminToken = admin.token;
      expect((await api(server, '/api/admin/settings/preset_schemes', { method: 'DELETE', token: admin.token })).status).toBe(200);
      const adminDevice = await signedIn(browser, server, admin, { next: '/apps', colorScheme: scheme });
      open.push(adminDevice);
      // No presets yet: the dialog says so and links an administrator to the settings.
      await adminDevice.page.getByRole('button', { name: text.newApp }).first().click();
      const link = adminDevice.page.getByRole('dialog', { name: text.newApp }).getByRole('link', { name: text.setPresetsLink });
      const found = describeViolations(`new-app dialog without presets ${locale}`, await seriousViolations(adminDevice.page));
      await link.click();
      await adminDevice.page.waitForURL(`${server.url}/admin/settings`);
      found.push(...(await setPresets(adminDevice.page, locale, production)));
      const saved = (await api(server, '/api/apps/presets', { token: admin.token })).body as { schemes: Schemes };
      expect(shape(saved.schemes)).toEqual([[production, [['Android', 'android'], ['iOS', 'ios']]], ['Beta', [['HarmonyOS', 'harmonyos']]]]);
      expect(adminDevice.errors).toEqual(['console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);

      const developer = await user('developer', locale, scheme);
      const device = await signedIn(browser, server, developer, { next: '/apps', colorScheme: scheme });
      open.push(device);
      const { page } = device;
      await page.getByRole('button', { name: text.newApp }).first().click();
      const dialog = page.getByRole('dialog', { name: text.newApp });
      await dialog.getByText(text.fromPresets).waitFor();
      await expect(dialog.getByRole('textbox', { name: text.schemeName(1) }).inputValue()).resolves.toBe(production);
      await expect(dialog.getByRole('textbox', { name: text.channelName(1, 2) }).inputValue()).resolves.toBe('iOS');
      await expect(dialog.getByRole('textbox', { name: text.schemeName(2) }).inputValue()).resolves.toBe('Beta');
      await expect(dialog.getByRole('textbox', { name: text.channelName(2, 1) }).inputValue()).resolves.toBe('HarmonyOS');
      found.push(...describeViolations(`new-app dialog ${locale}`, await seriousViolations(page)));
      await screenshot(page, `web-presets-dialog-${locale}`);

      const appName = `Preset app ${locale}`;
      await dialog.getByRole('textbox', { name: text.appName, exact: true }).fill(appName);
      await dialog.getByRole('button', { name: text.removeChannel(1, 2) }).click();
      await expect(dialog.getByRole('textbox', { name: text.channelName(1, 2) }).count()).resolves.toBe(0);
      await dialog.getByRole('button', { name: text.create }).click();
      await page.waitForURL(/\/apps\/\d+$/);
      await page.getByRole('heading', { level: 1, name: appName }).waitFor();

      const appId = Number(new URL(page.url()).pathname.split('/').pop());
      const created = (await api(server, `/api/apps/${appId}`, { token: developer.token })).body as { schemes: Schemes };
      expect(shape(created.schemes)).toEqual([[production, [['Android', 'android']]], ['Beta', [['HarmonyOS', 'harmonyos']]]]);
      expect(found).toEqual([]);
      expect(device.errors).toEqual([]);
    });
  }
});
