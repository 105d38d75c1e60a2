// Addresses that lead nowhere, in chromium against a real server, and where a build comes from.
// A deleted build's screen says "Build not found" with a way back to its channel (not "Something
// went wrong / Try again"); a missing channel and debug file say so too, with a way back. A
// build uploaded from the web app's dialog is recorded as source "web"; one sent to the API
// keeps "api". A public address a browser opens that leads nowhere gets the install pages'
// "Nothing here" page (404), in English and Chinese, light and dark, reachable by keyboard,
// with Tarmac's icons. No console error beyond the browser's own note of the 404s.
// Screenshots: test-results/screenshots/web-build-not-found*.png, public-not-found*.png.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, USER_AGENTS, chromiumAvailable, launchBrowser, openDevice, pressByKeyboard, screenshot, uploadFixture } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
const APK = path.join(FIXTURES, 'apps', 'android.apk');
const NOTE_404 = 'console: Failed to load resource: the server responded with a status of 404';

describe.skipIf(!available)('missing builds, channels, debug files and public pages in chromium', () => {
  let server: TestServer, browser: Browser, admin: TestUser, device: DeviceContext, page: Page;
  let made: TestChannel;
  const others: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `admin_${process.pid}` });
    made = await newApp(server, { ownerId: admin.id, name: 'Gone Demo', deviceType: 'android', channel: 'Android' });
    browser = await launchBrowser();
    device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 800 } });
    page = device.page;
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username or email').fill(admin.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);
  });

  afterAll(async () => {
    await Promise.all([device, ...others].map((opened) => opened?.context.close()));
    await browser?.close();
    await server?.close();
  });

  const channelUrl = () => `${server.url}/apps/${made.appId}/channels/${made.channelId}`;
  const errorsBut404 = (context: DeviceContext) => context.errors.filter((error) => !error.startsWith(NOTE_404));

  it('a build uploaded from the dialog is source "web"; one sent to the API stays "api"', async () => {
    await page.goto(channelUrl());
    await page.getByRole('button', { name: 'Upload a build' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload a build to Android' });
    const drop = dialog.getByLabel('Drop a build here or click to choose a file');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), drop.click()]);
    await chooser.setFiles(APK);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL(/\/releases\/\d+$/, { timeout: 30_000 });
    const webId = Number(new URL(page.url()).pathname.split('/').pop());
    const web = await api(server, `/api/releases/${webId}`, { token: admin.token });
    expect(web.body.source).toBe('web');
    const overview = page.getByRole('region', { name: 'Build', exact: true });
    await expect.poll(() => overview.textContent()).toContain('Sourceweb');
    const viaApi = await uploadFixture(server, admin.token, made.key, 'android.apk');
    expect(viaApi.body.source).toBe('api');
    const viaFastlane = await uploadFixture(server, admin.token, made.key, 'android.apk', { source: 'fastlane' });
    expect(viaFastlane.body.source).toBe('fastlane');
    expect(device.errors).toEqual([]);
  });

  it('a deleted build: "Build not found" and a way back to its channel', async () => {
    const gone = (await uploadFixture(server, admin.token, made.key, 'android.apk')).body.id as number;
    expect((await api(server, `/api/releases/${gone}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    device.errors.length = 0;
    await page.goto(`${channelUrl()}/releases/${gone}`);
    await page.getByRole('heading', { name: 'Build not found' }).waitFor();
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Try again' }).count()).resolves.toBe(0);
    await screenshot(page, 'web-build-not-found');
    const back = page.getByRole('link', { name: 'Back to the channel' });
    await pressByKeyboard(back);
    await page.waitForURL(channelUrl());
    await page.getByRole('heading', { name: 'Android', level: 1 }).waitFor();
    expect(errorsBut404(device)).toEqual([]);
  });

  it('in Chinese and dark, as the user prefers', async () => {
    const set = await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale: 'zh-CN', appearance: 'dark' } });
    expect(set.status).toBe(200);
    await page.goto(`${channelUrl()}/releases/99999`);
    await page.getByRole('heading', { name: '找不到构建' }).waitFor();
    await page.getByRole('link', { name: '返回渠道' }).waitFor();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
    await screenshot(page, 'web-build-not-found-zh-dark');
    await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale: 'en', appearance: 'light' } });
  });

  it('a missing channel and a missing debug file say so, with a way back', async () => {
    await page.goto(`${server.url}/apps/${made.appId}/channels/99999`);
    await page.getByRole('heading', { name: 'Channel not found' }).waitFor();
    await expect(page.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).resolves.toBe(`/apps/${made.appId}`);
    await page.goto(`${server.url}/debug-files/99999`);
    await page.getByRole('heading', { name: 'Debug file not found' }).waitFor();
    await expect(page.getByRole('link', { name: 'Back to debug files' }).getAttribute('href')).resolves.toBe('/debug-files');
    await page.goto(`${server.url}/apps/${made.appId}/channels/abc/releases/abc`);
    await page.getByRole('heading', { name: 'Build not found' }).waitFor();
    await expect(page.getByRole('link', { name: 'Back to apps' }).getAttribute('href')).resolves.toBe('/apps');
    expect(errorsBut404(device)).toEqual([]);
  });

  async function visitor(options: { locale?: string; colorScheme?: 'light' | 'dark' } = {}) {
    const other = await openDevice(browser, USER_AGENTS.iphone, options);
    others.push(other);
    return other;
  }

  it('a public address that leads nowhere: the not-found page, by keyboard, with the icons', async () => {
    const { page: phone, errors } = await visitor();
    const response = await phone.goto(`${server.url}/foo/bar/baz`);
    expect(response?.status()).toBe(404);
    await phone.getByRole('heading', { name: 'Nothing here' }).waitFor();
    await phone.keyboard.press('Tab');
    const focused = await phone.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe('Go to the home page');
    await expect(phone.getByRole('link', { name: 'Sign in' }).getAttribute('href')).resolves.toBe('/login');
    const icon = await phone.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"][type="image/svg+xml"]')?.href ?? '';
      const answer = await fetch(href);
      return { status: answer.status, type: answer.headers.get('content-type') };
    });
    expect(icon).toEqual({ status: 200, type: 'image/svg+xml' });
    await screenshot(phone, 'public-not-found');
    expect(errors.filter((error) => !error.startsWith(NOTE_404))).toEqual([]);
  });

  it('the same page in Chinese and dark for a Chinese phone in dark mode', async () => {
    const { page: phone } = await visitor({ locale: 'zh-CN', colorScheme: 'dark' });
    const response = await phone.goto(`${server.url}/no-such-channel/abc`);
    expect(response?.status()).toBe(404);
    await phone.getByRole('heading', { name: '这里什么也没有' }).waitFor();
    await phone.getByRole('link', { name: '前往首页' }).waitFor();
    const background = await phone.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 18, 22)');
    await screenshot(phone, 'public-not-found-zh-dark');
  });
});
