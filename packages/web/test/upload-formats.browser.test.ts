// The upload dialog names the channel's platform and takes only its builds (issue 14, item 12):
// the drop zone says "Upload an Android build (.apk, .aab)", the file picker offers only those
// endings (its accept attribute), and another file is refused with a sentence before anything is
// sent. The endings come from appinfo's table through the OpenAPI document. The scheme's
// "Announce new builds" help says what the setting does today (recorded, nothing sent), and its
// name box refuses a blank name as you type (the server's rule). English
// and light, Chinese and dark; any console error fails the test. Screenshots:
// test-results/screenshots/web-upload-formats-en.png and -zh-CN.png.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, FIXTURES, launchBrowser, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
const IPA = path.join(FIXTURES, 'apps', 'iphone.ipa');

describe.skipIf(!available)('the upload dialog names the platform and takes only its builds, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let android: TestChannel;
  let linux: TestChannel;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `formats_${process.pid}` });
    android = await newApp(server, { ownerId: admin.id, name: 'Formats Demo', deviceType: 'android', channel: 'Android' });
    linux = await newApp(server, { ownerId: admin.id, name: 'Desktop Demo', deviceType: 'linux', channel: 'Linux' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  const channelPath = (channel: TestChannel) => `/apps/${channel.appId}/channels/${channel.channelId}`;

  async function signedInAs(next: string, colorScheme: 'light' | 'dark') {
    const device = await signedIn(browser, server, admin, { next, colorScheme, watch: (r) => r.method() === 'POST' && r.url().includes('/upload') });
    open.push(device);
    return { ...device, uploads: device.requests };
  }

  async function chooseIpa(page: Page, button: string, title: string, zone: string) {
    await page.getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByLabel(zone).click();
    await (await chooser).setFiles(IPA);
    return dialog;
  }

  it('English, light: "Upload an Android build (.apk, .aab)", a picker for those, an ipa refused unsent', async () => {
    const { page, errors, uploads } = await signedInAs(channelPath(android), 'light');
    const dialog = await chooseIpa(page, 'Upload a build', 'Upload a build to Android', 'Drop a build here or click to choose a file');
    await dialog.getByText('Upload an Android build (.apk, .aab). Its details are read from the file.').waitFor();
    await expect(dialog.locator('input[type="file"]').getAttribute('accept')).resolves.toBe('.apk,.aab');
    const alert = dialog.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe('“iphone.ipa” is not a build for Android: this channel takes .apk, .aab files. Choose another file; nothing was sent.');
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'web-upload-formats-en');
    expect(uploads).toEqual([]);

    // Another platform, its own endings.
    await page.goto(`${server.url}${channelPath(linux)}`);
    await page.getByRole('button', { name: 'Upload a build' }).first().click();
    const desktop = page.getByRole('dialog', { name: 'Upload a build to Linux' });
    await desktop.getByText('Upload a Linux build (.deb, .rpm, .appimage). Its details are read from the file.').waitFor();
    await expect(desktop.locator('input[type="file"]').getAttribute('accept')).resolves.toBe('.deb,.rpm,.appimage');
    await page.keyboard.press('Escape');

    // The scheme's "Announce new builds" says what it does today.
    await page.goto(`${server.url}/apps/${android.appId}`);
    await page.getByRole('button', { name: /^Actions for scheme/ }).first().click();
    await page.getByRole('menuitem', { name: 'Edit scheme' }).click();
    const scheme = page.getByRole('dialog', { name: 'Edit scheme' });
    await scheme.getByText('mailed to the channels\' subscribers', { exact: false }).waitFor();
    await expect(scheme.textContent()).resolves.toContain('posted to their webhooks (the upload event)');
    // The name box checks the server's rule (minLength 1, from the OpenAPI document) as you type.
    const name = scheme.getByRole('textbox', { name: 'Name' });
    await name.fill('');
    await scheme.getByText("Can't be blank").waitFor();
    await name.fill('Beta 2');
    await expect(scheme.getByText("Can't be blank").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('Chinese, dark: the platform, the refusal and the announce help in Chinese', async () => {
    const set = await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale: 'zh-CN', appearance: 'dark' } });
    expect(set.status).toBe(200);
    const { page, errors, uploads } = await signedInAs(channelPath(android), 'dark');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    const dialog = await chooseIpa(page, '上传构建', '上传构建到 Android', '把构建拖到这里，或点击选择文件');
    await dialog.getByText('上传 Android 构建（.apk, .aab）。构建信息从文件中读取。').waitFor();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
      '“iphone.ipa” 不是 Android 构建：这个渠道只接受 .apk, .aab 文件。请选择其他文件；没有发送任何内容。',
    );
    await screenshot(page, 'web-upload-formats-zh-CN');
    expect(uploads).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/apps/${android.appId}`);
    await page.getByRole('button', { name: /^方案 .+ 的操作$/ }).first().click();
    await page.getByRole('menuitem', { name: '编辑方案' }).click();
    await page.getByRole('dialog', { name: '编辑方案' }).getByText('以邮件通知渠道的订阅者', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });
});
