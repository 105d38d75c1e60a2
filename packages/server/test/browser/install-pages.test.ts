// The install pages in a real browser (Debian's chromium through playwright-core), as each
// kind of visitor sees them: the one right button and its link on iPhone, on an iPad in
// desktop mode (a Mac User-Agent with a touch screen: the page's script swaps in the iPad's
// action), on a Mac, on Android; the "cannot install here" sentence with the QR code; the
// "open in your browser" prompt inside WeChat; Chinese for a Chinese browser; the password
// form, then the page once the password is typed. Any console error or uncaught exception
// fails the test. Screenshots go to test-results/screenshots/ for the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { newApp } from '../helpers/factories.ts';
import type { TestChannel } from '../helpers/factories.ts';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from '../helpers/browser.ts';
import type { DeviceContext } from '../helpers/browser.ts';
import { api, startServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';

const BASE = 'https://tarmac.example.com';
const PASSWORD = 'browser password 7';

const available = chromiumAvailable();

describe.skipIf(!available)('install pages in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let ios: TestChannel;
  let android: TestChannel;
  let guarded: TestChannel;
  let ipaId: number;
  let apkId: number;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer({ TARMAC_URL: BASE });
    const owner = await server.newUser({ role: 'developer' });
    ios = await newApp(server, { ownerId: owner.id, name: 'Demo', deviceType: 'ios', channel: 'iOS' });
    android = await newApp(server, { ownerId: owner.id, name: 'Demo', deviceType: 'android', channel: 'Android' });
    guarded = await newApp(server, { ownerId: owner.id, name: 'Guarded', deviceType: 'android', channel: 'Android' });
    const changelog = JSON.stringify([{ message: 'New sign-in screen\nwith two lines' }, { message: 'Faster start-up' }]);
    ipaId = (await uploadFixture(server, owner.token, ios.key, 'iphone.ipa', { changelog, branch: 'main', release_type: 'AdHoc' })).body.id;
    apkId = (await uploadFixture(server, owner.token, android.key, 'android.apk', { changelog, custom_fields: '{"Jira": "APP-12"}' })).body.id;
    await uploadFixture(server, owner.token, guarded.key, 'android.apk');
    expect((await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: PASSWORD } })).status).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function visit(userAgent: string, path: string, options: BrowserContextOptions & { maxTouchPoints?: number } = {}, status = 200) {
    const device = await openDevice(browser, userAgent, options);
    open.push(device);
    const response = await device.page.goto(server.url + path);
    expect(response?.status()).toBe(status);
    return device;
  }

  /** No console error nor uncaught exception, but the browser's own note of a page answered with `status`. */
  function expectNoErrors(device: DeviceContext, status?: number) {
    const expected = status ? `console: Failed to load resource: the server responded with a status of ${status}` : undefined;
    expect(device.errors.filter((error) => !expected || !error.startsWith(expected))).toEqual([]);
  }

  const manifestLink = (slug: string, id: number) => `itms-services://?action=download-manifest&url=${BASE}/channels/${slug}/releases/${id}/install`;

  it('iPhone: one Install button to the itms-services manifest link', async () => {
    const device = await visit(USER_AGENTS.iphone, `/${ios.slug}/${ipaId}`);
    const { page } = device;
    const install = page.getByRole('link', { name: 'Install', exact: true });
    await expect.poll(() => install.isVisible()).toBe(true);
    expect(await install.getAttribute('href')).toBe(manifestLink(ios.slug, ipaId));
    expect(await page.getByRole('link', { name: 'Download', exact: true }).count()).toBe(0);
    expect(await page.getByText('Apple silicon').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'AppInfoDemo' }).isVisible()).toBe(true);
    // The phone that installs the build gets no QR code (install-pages-phone.test.ts).
    expect(await page.getByRole('img', { name: `QR code of ${BASE}/${ios.slug}/${ipaId}` }).count()).toBe(0);
    // The script put the upload time in the visitor's zone and language.
    expect(await page.locator('time').first().textContent()).not.toMatch(/UTC$/);
    await screenshot(page, 'iphone-ipa');
    expectNoErrors(device);
  });

  it('iPad in desktop mode (Mac User-Agent, touch screen): the iPad’s Install button, without the Mac note', async () => {
    const device = await visit(USER_AGENTS.mac, `/${ios.slug}/${ipaId}`, { hasTouch: true, maxTouchPoints: 5, viewport: { width: 820, height: 1180 } });
    const { page } = device;
    expect(await page.evaluate<number>('navigator.maxTouchPoints')).toBe(5);
    const install = page.getByRole('link', { name: 'Install', exact: true });
    await expect.poll(() => install.count()).toBe(1);
    expect(await install.isVisible()).toBe(true);
    expect(await install.getAttribute('href')).toBe(manifestLink(ios.slug, ipaId));
    expect(await page.getByText('Apple silicon').isVisible()).toBe(false);
    await screenshot(page, 'ipad-desktop-mode-ipa');
    expectNoErrors(device);
  });

  it('Mac: the Install button with the Apple-silicon note', async () => {
    const device = await visit(USER_AGENTS.mac, `/${ios.slug}/${ipaId}`, { viewport: { width: 1280, height: 900 } });
    const { page } = device;
    const install = page.getByRole('link', { name: 'Install', exact: true });
    expect(await install.count()).toBe(1);
    expect(await install.isVisible()).toBe(true);
    expect(await page.getByText('On a Mac, this installs only on Macs with Apple silicon (M1 or later).').isVisible()).toBe(true);
    await screenshot(page, 'mac-ipa');
    expectNoErrors(device);
  });

  it('Android: a Download button to the file for an apk', async () => {
    const device = await visit(USER_AGENTS.android, `/${android.slug}/${apkId}`);
    const { page } = device;
    const download = page.getByRole('link', { name: 'Download', exact: true });
    expect(await download.isVisible()).toBe(true);
    expect(await download.getAttribute('href')).toBe(`${BASE}/${android.slug}/${apkId}/download`);
    expect(await page.getByText('APP-12').isVisible()).toBe(true);
    await screenshot(page, 'android-apk');
    expectNoErrors(device);
  });

  it('Android on an iOS build: the sentence and the QR code, no button', async () => {
    const device = await visit(USER_AGENTS.android, `/${ios.slug}/${ipaId}`);
    const { page } = device;
    expect(await page.getByText('This build is for iOS: it cannot be installed on this device.').isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: /^QR code of / }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^(Install|Download)$/ }).count()).toBe(0);
    await screenshot(page, 'android-ipa');
    expectNoErrors(device);
  });

  it('WeChat: the prompt to open the page in the browser, no button', async () => {
    const device = await visit(USER_AGENTS.wechatAndroid, `/${android.slug}/${apkId}`);
    const { page } = device;
    const prompt = page.getByRole('alert');
    expect(await prompt.textContent()).toBe('WeChat cannot install apps from its built-in browser. Tap the ··· menu at the top right and choose “Open in browser”.');
    expect(await prompt.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Download', exact: true }).count()).toBe(0);
    await screenshot(page, 'wechat-apk');
    expectNoErrors(device);
  });

  it('desktop, dark scheme: an apk’s page offers the file beside the sentence', async () => {
    const device = await visit(USER_AGENTS.windows, `/${android.slug}/${apkId}`, { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const { page } = device;
    expect(await page.getByText('This build is for Android: it cannot be installed on this device.').isVisible()).toBe(true);
    const file = page.getByRole('link', { name: 'Download the file (3.8 MB)' });
    expect(await file.getAttribute('href')).toBe(`${BASE}/${android.slug}/${apkId}/download`);
    const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    expect(background).toBe('rgb(15, 18, 22)');
    await screenshot(page, 'windows-apk-dark');
    expectNoErrors(device);
  });

  it('a Chinese browser gets the page in Chinese', async () => {
    const device = await visit(USER_AGENTS.iphone, `/${ios.slug}/${ipaId}`, { locale: 'zh-CN' });
    const { page } = device;
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    const install = page.getByRole('link', { name: '安装', exact: true });
    expect(await install.isVisible()).toBe(true);
    expect(await install.getAttribute('href')).toBe(manifestLink(ios.slug, ipaId));
    expect(await page.getByRole('heading', { name: '更新内容' }).isVisible()).toBe(true);
    await screenshot(page, 'iphone-ipa-zh-CN');
    expectNoErrors(device);
  });

  it('a guarded channel: the password form, an error for a wrong password, then the page', async () => {
    const device = await visit(USER_AGENTS.android, `/${guarded.slug}`, {}, 401);
    const { page } = device;
    expect(await page.getByRole('heading', { name: 'This channel is protected' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Download', exact: true }).count()).toBe(0);
    await screenshot(page, 'password-form');

    await page.getByLabel('Password').fill('not the password');
    await Promise.all([page.waitForURL(`${server.url}/${guarded.slug}/unlock`), page.getByRole('button', { name: 'Continue' }).click()]);
    expect(await page.getByRole('alert').textContent()).toBe('That password is not right. Check it and try again.');
    await screenshot(page, 'password-wrong');

    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([page.waitForURL(`${server.url}/${guarded.slug}`), page.getByRole('button', { name: 'Continue' }).click()]);
    const download = page.getByRole('link', { name: 'Download', exact: true });
    expect(await download.isVisible()).toBe(true);
    expect(await download.getAttribute('href')).toMatch(new RegExp(`^${BASE}/${guarded.slug}/\\d+/download\\?grant=${guarded.channelId}\\.\\d+\\.[\\w-]{32}$`));
    expect(await page.getByRole('heading', { name: 'AppInfoDemo' }).isVisible()).toBe(true);
    await screenshot(page, 'password-unlocked');
    expect(device.errors.filter((error) => !/status of (401|422)/.test(error))).toEqual([]);
  });

  it('an unknown link: the 404 page explains why', async () => {
    const device = await visit(USER_AGENTS.iphone, `/${ios.slug}/999999`, {}, 404);
    expect(await device.page.getByText('removed by the cleanup that keeps only the newest builds').isVisible()).toBe(true);
    await screenshot(device.page, 'not-found');
    expectNoErrors(device, 404);
  });
});
