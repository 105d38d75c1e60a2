// Keyboard only, part 1 (issue 14, "keyboard-only use works for every flow"): sign in, create an
// app with its first scheme and channels, upload a build through the upload dialog, open the
// build, edit it and delete it, pressing only Tab, Shift+Tab, Enter, Space, arrows and Escape
// (no click, no fill: text is typed with page.keyboard.type). Each step checks where the focus
// lands (a skip link first; a dialog on its first field; back on the opener when it closes;
// Escape closes) and that the focused control shows a ring (computed outline or box-shadow).
// Once in English and light, once in Chinese and dark. Screenshots of focused states:
// test-results/screenshots/web-keys-builds-<step>-<locale>.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, FIXTURES, launchBrowser, openDevice, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer } from '../../server/test/helpers/server.ts';
import { chooseFileByKeyboard, expectFocusOn, expectFocusVisible, isFocused, signInByKeyboard, tabTo } from './keyboard.ts';

const available = chromiumAvailable();

const VARIANTS = [
  { locale: 'en', scheme: 'light' },
  { locale: 'zh-CN', scheme: 'dark' },
] as const;
type Locale = (typeof VARIANTS)[number]['locale'];

/** The names the walk looks for, per language. */
const NAMES = {
  user: { en: 'Username or email', 'zh-CN': '用户名或邮箱' },
  password: { en: 'Password', 'zh-CN': '密码' },
  signIn: { en: 'Sign in', 'zh-CN': '登录' },
  skip: { en: 'Skip to content', 'zh-CN': '跳到正文' },
  apps: { en: 'Apps', 'zh-CN': '应用' },
  newApp: { en: 'New app', 'zh-CN': '新建应用' },
  appName: { en: 'Name', 'zh-CN': '名称' },
  createApp: { en: 'Create app', 'zh-CN': '创建应用' },
  upload: { en: 'Upload a build', 'zh-CN': '上传构建' },
  dropzone: { en: 'Drop a build here or click to choose a file', 'zh-CN': '把构建拖到这里，或点击选择文件' },
  startUpload: { en: 'Upload', 'zh-CN': '上传' },
  edit: { en: 'Edit', 'zh-CN': '编辑' },
  save: { en: 'Save', 'zh-CN': '保存' },
  delete: { en: 'Delete', 'zh-CN': '删除' },
} satisfies Record<string, Record<Locale, string>>;

describe.skipIf(!available)('keyboard only: sign in, a new app, a build uploaded, edited and deleted, in chromium', () => {
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

  async function shot(page: Page, step: string, locale: Locale): Promise<void> {
    await screenshot(page, `web-keys-builds-${step}-${locale}`);
  }

  async function noViolations(page: Page, where: string): Promise<void> {
    expect(describeViolations(where, await seriousViolations(page))).toEqual([]);
  }

  for (const { locale, scheme } of VARIANTS) {
    it(`${locale}, ${scheme}`, async () => {
      const user = await server.newUser({ role: 'admin', username: `keys_${locale.slice(0, 2)}_${process.pid}` });
      const set = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale, appearance: scheme } });
      expect(set.status).toBe(200);
      const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme: scheme, locale });
      open.push(device);
      const { page, errors } = device;
      page.setDefaultTimeout(10_000);
      await signInByKeyboard(page, server.url, user, { labels: { user: NAMES.user[locale], password: NAMES.password[locale] } });

      // The first Tab on a signed-in screen reaches the skip link; Enter moves the focus to the page.
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: NAMES.skip[locale] });
      await expectFocusOn(skip);
      await expectFocusVisible(page, 'skip link');
      await shot(page, 'skip-link', locale);
      await page.keyboard.press('Enter');
      await expectFocusOn(page.getByRole('main'));

      // The navigation: Shift+Tab back to it from the page, Enter on Apps.
      const appsLink = page.getByRole('navigation').getByRole('link', { name: NAMES.apps[locale] });
      await tabTo(appsLink, { back: true });
      await expectFocusVisible(page, 'navigation link');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/apps`);

      // New app: the dialog focuses its name field; Escape closes it and gives the focus back.
      const newApp = page.getByRole('button', { name: NAMES.newApp[locale] });
      await tabTo(newApp);
      await expectFocusVisible(page, 'New app');
      await page.keyboard.press('Enter');
      let dialog = page.getByRole('dialog', { name: NAMES.newApp[locale] });
      await expectFocusOn(dialog.getByRole('textbox', { name: NAMES.appName[locale], exact: true }));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expectFocusOn(newApp);
      await page.keyboard.press('Space');
      await expectFocusOn(dialog.getByRole('textbox', { name: NAMES.appName[locale], exact: true }));
      await expectFocusVisible(page, 'New app: name');
      await page.keyboard.type(`Keys ${locale}`);
      // The first channel's platform: a select opened with ArrowDown, an option chosen with arrows and Enter.
      const platform = dialog.getByRole('combobox').first();
      await tabTo(platform);
      await expectFocusVisible(page, 'New app: platform');
      await page.keyboard.press('ArrowDown');
      await page.getByRole('listbox').waitFor();
      await shot(page, 'platform-select', locale);
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      expect(await dialog.isVisible()).toBe(true);
      await tabTo(dialog.getByRole('button', { name: NAMES.createApp[locale] }));
      await expectFocusVisible(page, 'New app: Create app');
      await shot(page, 'new-app', locale);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/apps\/\d+$/);
      await page.getByRole('heading', { level: 1, name: `Keys ${locale}` }).waitFor();

      // The Android channel, then its upload dialog: the file is chosen from the drop zone by Enter,
      // which opens the browser's file chooser (see chooseFileByKeyboard: setInputFiles when Chromium hides it).
      await tabTo(page.getByRole('link', { name: 'Android', exact: true }));
      await expectFocusVisible(page, 'channel link');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/channels\/\d+$/);
      const upload = page.getByRole('button', { name: NAMES.upload[locale] });
      await tabTo(upload);
      await page.keyboard.press('Enter');
      dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const dropzone = dialog.getByLabel(NAMES.dropzone[locale]);
      await expectFocusOn(dropzone);
      await expectFocusVisible(page, 'upload: drop zone');
      await shot(page, 'upload-dropzone', locale);
      await chooseFileByKeyboard(dropzone, `${FIXTURES}/apps/android.apk`);
      const start = dialog.getByRole('button', { name: NAMES.startUpload[locale], exact: true });
      await tabTo(start);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/releases\/\d+$/);

      // The build: Edit opens a dialog on its first field, Save by Enter, the focus returns to Edit.
      const edit = page.getByRole('button', { name: NAMES.edit[locale], exact: true });
      await tabTo(edit);
      await expectFocusVisible(page, 'build: Edit');
      await page.keyboard.press('Enter');
      dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const first = dialog.getByRole('textbox').first();
      await expectFocusOn(first);
      await page.keyboard.press('End');
      await page.keyboard.type('-keys');
      await shot(page, 'edit', locale);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await expectFocusOn(edit);
      await noViolations(page, `build page (${locale}, ${scheme})`);

      // Delete: the confirmation focuses Cancel first (nothing destructive on Enter by accident);
      // Escape closes it; then Tab to Delete and Enter removes the build.
      const del = page.getByRole('button', { name: NAMES.delete[locale], exact: true });
      await tabTo(del);
      await expectFocusVisible(page, 'build: Delete');
      await page.keyboard.press('Enter');
      dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await isFocused(dialog.getByRole('button', { name: NAMES.delete[locale], exact: true }))).toBe(false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expectFocusOn(del);
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(dialog.getByRole('button', { name: NAMES.delete[locale], exact: true }));
      await expectFocusVisible(page, 'delete: confirm');
      await shot(page, 'delete-confirm', locale);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/channels\/\d+$/);
      expect(errors).toEqual([]);
    }, 60_000);
  }
});
