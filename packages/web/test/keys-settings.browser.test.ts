// Keyboard only, part 3 (issue 14, "keyboard-only use works for every flow"): settings and
// signing out, pressing only Tab, Shift+Tab, Enter, Space, arrows and Escape (text typed with
// page.keyboard.type). The settings tabs move with the arrows; the profile saves by Enter; the
// preferences' language and appearance are radio groups changed with the arrows, so the walk
// switches the web app to Chinese and dark mode by keyboard, keeps the focus where it was, and
// goes on in Chinese: a token created (its one-time dialog closed by keyboard) and revoked,
// then the account menu (Enter, arrows) signs out. At phone width, the closed navigation drawer
// is out of the Tab order, and the burger opens it by keyboard. Screenshots:
// test-results/screenshots/web-keys-settings-<step>.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { describeFocus, expectFocusOn, expectFocusVisible, isFocused, retype, signInByKeyboard, tabTo } from './keyboard.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('keyboard only: settings and signing out, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let user: TestUser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    user = await server.newUser({ username: `prefs_${process.pid}` });
    const set = await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale: 'en', appearance: 'light' } });
    if (set.status !== 200) throw new Error(`preferences not set: ${set.status} ${set.text}`);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  const me = async () => (await api<{ email: string; locale: string; appearance: string }>(server, '/api/user', { token: user.token })).body;
  const tokenNames = async () =>
    (await api<{ name: string }[]>(server, '/api/user/tokens', { token: user.token })).body.map((token) => token.name);
  const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

  it('profile, preferences (to Chinese and dark), tokens, sign out', async () => {
    const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    page.setDefaultTimeout(10_000);
    await signInByKeyboard(page, server.url, user, { next: '/settings' });

    // Profile: Tab to Email, a new address, Enter saves.
    await tabTo(page.getByRole('textbox', { name: 'Email' }));
    await expectFocusVisible(page, 'profile: email');
    await retype(page, `keys_${process.pid}@example.com`);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await me()).email).toBe(`keys_${process.pid}@example.com`);

    // The tabs: back to the selected one, arrows to Preferences.
    const profileTab = page.getByRole('tab', { name: 'Profile' });
    await tabTo(profileTab, { back: true });
    await expectFocusVisible(page, 'settings tab');
    await page.keyboard.press('ArrowLeft');
    await expectFocusOn(page.getByRole('tab', { name: 'Preferences' }));
    await page.waitForURL(`${server.url}/settings/preferences`);

    // Language: a radio group; ArrowRight picks 简体中文 at once, and the focus stays on it.
    const chinese = page.getByRole('radio', { name: '简体中文' });
    await tabTo(page.getByRole('radio', { name: 'English' }));
    await expectFocusVisible(page, 'language');
    await screenshot(page, 'web-keys-settings-language-en');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 1, name: '设置' }).waitFor();
    await expect.poll(async () => (await me()).locale).toBe('zh-CN');
    await expectFocusOn(chinese);

    // Appearance: Tab to it, ArrowRight to 深色 (dark); the page turns dark, the focus stays.
    await tabTo(page.getByRole('radio', { name: '浅色' }));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scheme(page)).toBe('dark');
    await expect.poll(async () => (await me()).appearance).toBe('dark');
    await expectFocusOn(page.getByRole('radio', { name: '深色' }));
    await expectFocusVisible(page, 'appearance (dark)');
    await screenshot(page, 'web-keys-settings-appearance-zh-CN');
    expect(describeViolations('preferences (zh-CN, dark)', await seriousViolations(page))).toEqual([]);

    // Tokens (in Chinese now): back to the tabs, ArrowLeft to "API 令牌", a name typed, Enter.
    await tabTo(page.getByRole('tab', { name: '偏好' }), { back: true });
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(`${server.url}/settings/tokens`);
    await tabTo(page.getByRole('textbox', { name: '名称' }));
    await page.keyboard.type('CI keys');
    await page.keyboard.press('Enter');
    // The one-time dialog holds the focus; "我已复制" closes it and the focus stays on the page.
    const created = page.getByRole('dialog', { name: '你的新令牌' });
    await created.waitFor();
    await expect.poll(async () => (await created.evaluate((dialog) => dialog.contains(document.activeElement)))).toBe(true);
    await tabTo(created.getByRole('button', { name: '我已复制' }));
    await expectFocusVisible(page, 'token: done');
    await screenshot(page, 'web-keys-settings-token-zh-CN');
    await page.keyboard.press('Enter');
    await created.waitFor({ state: 'hidden' });
    await expect.poll(() => describeFocus(page)).not.toBe('<body>');
    expect(await tokenNames()).toContain('CI keys');

    // Revoke it: its button in the table, the confirmation (Cancel first), Tab to 撤销, Enter.
    const revoke = page.getByRole('button', { name: '撤销令牌 CI keys' });
    await tabTo(revoke);
    await expectFocusVisible(page, 'revoke');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: '撤销此令牌？' });
    await confirm.waitFor();
    expect(await isFocused(confirm.getByRole('button', { name: '撤销', exact: true }))).toBe(false);
    await tabTo(confirm.getByRole('button', { name: '撤销', exact: true }));
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(tokenNames).not.toContain('CI keys');
    await expect.poll(() => describeFocus(page)).not.toBe('<body>');

    // Sign out: the account menu opens with Enter on its first item; Escape closes it on its button;
    // Space opens it again; ArrowDown to 退出登录, Enter.
    const account = page.getByRole('button', { name: /账户/ });
    await tabTo(account, { back: true, max: 80 });
    await expectFocusVisible(page, 'account menu');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expectFocusOn(menu.getByRole('menuitem', { name: '设置' }));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expectFocusOn(account);
    await page.keyboard.press('Space');
    await expectFocusOn(menu.getByRole('menuitem', { name: '设置' }));
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(menu.getByRole('menuitem', { name: '退出登录' }));
    await expectFocusVisible(page, 'sign out');
    await screenshot(page, 'web-keys-settings-sign-out-zh-CN');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/login`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('at phone width, Tab skips the closed navigation; Enter on the burger opens it and Tab reaches its links', async () => {
    // Back to English (the test above chose Chinese).
    expect((await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale: 'en' } })).status).toBe(200);
    const device = await openDevice(browser, USER_AGENTS.android, { viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    page.setDefaultTimeout(10_000);
    await signInByKeyboard(page, server.url, user, { next: '/apps' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Skip link, burger, home link, account: then the page, not the five links drawn off screen.
    const account = page.getByRole('button', { name: /Account/ });
    await tabTo(account);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.closest('nav') === null);
    expect(focused, `after the account menu the focus is on ${await describeFocus(page)}`).toBe(true);
    const burger = page.getByRole('button', { name: 'Show or hide navigation' });
    await tabTo(burger, { back: true });
    await expectFocusVisible(page, 'burger');
    await page.keyboard.press('Enter');
    const devices = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Devices' });
    await tabTo(devices);
    await expectFocusVisible(page, 'navigation link (phone)');
    await screenshot(page, 'web-keys-settings-phone-navigation');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/devices`);
    expect(errors).toEqual([]);
  }, 60_000);
});
