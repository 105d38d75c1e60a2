// The release edit form checks the server's rules as you type (issue 14, item 7). Clearing
// Version used to save release_version "" and leave a build without a version: now the field says
// it can't be blank at once, Save sends nothing, and typing a version clears the message. A
// server's 422 on a field (a changelog entry without a message) stays under that field until the
// field changes. In English and light, and in Chinese and dark, by keyboard. Any console error or
// uncaught exception fails the test. Screenshots: test-results/screenshots/web-release-edit-en.png
// and -zh-CN.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, pressByKeyboard, screenshot, uploadFixture } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('the release edit form in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let channel: TestChannel;
  let releaseId = 0;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `edit_${process.pid}` });
    channel = await newApp(server, { ownerId: admin.id, name: 'Edit Demo', deviceType: 'android', channel: 'Android' });
    releaseId = (await uploadFixture(server, admin.token, channel.key, 'android.apk')).body.id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  const releasePath = () => `/apps/${channel.appId}/channels/${channel.channelId}/releases/${releaseId}`;

  async function signedInAs(colorScheme: 'light' | 'dark') {
    const device = await signedIn(browser, server, admin, { next: releasePath(), colorScheme, watch: (r) => r.method() === 'PUT' });
    open.push(device);
    return { ...device, edits: device.requests };
  }

  const storedVersion = async () => (await api<{ release_version: string }>(server, `/api/releases/${releaseId}`, { token: admin.token })).body.release_version;

  /** The textbox's error text (Mantine links it with aria-describedby), or '' when it shows none. */
  async function errorOf(page: Page, name: string): Promise<string> {
    const box = page.getByRole('dialog').getByRole('textbox', { name, exact: true });
    if ((await box.getAttribute('aria-invalid')) !== 'true') return '';
    const ids = ((await box.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    return texts.join('');
  }

  async function openEdit(page: Page, edit: string, title: string) {
    const button = page.getByRole('button', { name: edit, exact: true });
    await pressByKeyboard(button);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    return dialog;
  }

  it('English, light: a cleared Version is refused inline, nothing is sent, and typing clears the message', async () => {
    const { page, errors, edits } = await signedInAs('light');
    const dialog = await openEdit(page, 'Edit', 'Edit build #1');
    const version = dialog.getByRole('textbox', { name: 'Version', exact: true });
    await version.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await expect.poll(() => errorOf(page, 'Version')).toBe("Can't be blank");
    await page.keyboard.press('Enter');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect.poll(() => errorOf(page, 'Version')).toBe("Can't be blank");
    await screenshot(page, 'web-release-edit-en');
    expect(edits).toEqual([]);
    await expect(storedVersion()).resolves.toBe('2.1.0');

    await page.keyboard.type('3.0');
    await expect.poll(() => errorOf(page, 'Version')).toBe('');

    // The server's own 422 sits under its field until that field changes.
    const changelog = dialog.getByRole('textbox', { name: 'Changelog' });
    await changelog.fill('[{"author": "nobody"}]');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => errorOf(page, 'Changelog')).toContain('entry 1 has no message');
    expect(edits).toHaveLength(1);
    await changelog.press('End');
    await page.keyboard.type(' ');
    await expect.poll(() => errorOf(page, 'Changelog')).toBe('');
    await changelog.fill('Ready for QA');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(storedVersion()).resolves.toBe('3.0');
    // The browser logs the one 422 this test asked for; nothing else.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
  });

  it('Chinese, dark: the same refusal in Chinese', async () => {
    const set = await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale: 'zh-CN', appearance: 'dark' } });
    expect(set.status).toBe(200);
    const { page, errors, edits } = await signedInAs('dark');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    const dialog = await openEdit(page, '编辑', '编辑构建 #1');
    const build = dialog.getByRole('textbox', { name: '构建号', exact: true });
    await build.fill('   ');
    await expect.poll(() => errorOf(page, '构建号')).toBe('不能为空');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await expect(dialog.isVisible()).resolves.toBe(true);
    await screenshot(page, 'web-release-edit-zh-CN');
    expect(edits).toEqual([]);
    await build.fill('11');
    await expect.poll(() => errorOf(page, '构建号')).toBe('');
    expect(errors).toEqual([]);
  });
});
