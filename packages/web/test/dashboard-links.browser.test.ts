// The dashboard's quick links all lead somewhere (issue 14, item 13), in a real browser against a
// real server. "Upload a build" opens the upload dialog of a channel: straight away when the user
// can upload to one channel, through a channel picker when to several, the create-app dialog when
// to none (a member who may not create apps is told whom to ask, here in Chinese and dark). "New
// app", "Create an API token" and "API reference" open what they name, and the Apps count opens
// the list. The picker is worked by keyboard. Any console error fails the test. Screenshots:
// web-dashboard-upload-picker.png, web-dashboard-upload-none-zh-dark.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, closeBrowserTest, launchBrowser, pressByKeyboard, screenshot, signInOnDesktop } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { addCollaborator, newApp } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();

describe.skipIf(!available)("the dashboard's quick links in chromium", () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  async function signedIn(user: TestUser): Promise<DeviceContext> {
    const device = await signInOnDesktop(browser, server.url, user);
    open.push(device);
    return device;
  }

  const quickLinks = (page: Page) => page.getByRole('region', { name: 'Quick links' });

  async function backToDashboard(page: Page) {
    await page.goto(`${server.url}/`);
    await quickLinks(page).waitFor();
  }

  it('leads a developer without apps to the create-app dialog, and every other link where it says', async () => {
    const developer = await server.newUser({ role: 'developer' });
    const { page, errors } = await signedIn(developer);

    await quickLinks(page).getByRole('button', { name: 'Upload a build' }).click();
    await page.waitForURL(`${server.url}/apps?new=1`);
    await page.getByRole('dialog', { name: 'New app' }).waitFor();

    await backToDashboard(page);
    await quickLinks(page).getByRole('link', { name: 'New app' }).click();
    await page.getByRole('dialog', { name: 'New app' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/apps');

    await backToDashboard(page);
    await quickLinks(page).getByRole('link', { name: 'Create an API token' }).click();
    await page.waitForURL(`${server.url}/settings/tokens`);
    await page.getByRole('tab', { name: 'API tokens', selected: true }).waitFor();

    await backToDashboard(page);
    await page.getByRole('link', { name: 'Apps: 0' }).click();
    await page.waitForURL(`${server.url}/apps`);

    await backToDashboard(page);
    await quickLinks(page).getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/api\/docs/);
    // Swagger UI renders the document's title and its operations.
    await page.getByRole('heading', { name: /Tarmac API/ }).first().waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  it("opens the one channel's upload dialog straight away; closing it leaves the channel screen", async () => {
    const developer = await server.newUser({ role: 'developer' });
    const only = await newApp(server, { ownerId: developer.id, name: 'Solo', channel: 'Android' });
    const { page, errors } = await signedIn(developer);
    await quickLinks(page).getByRole('button', { name: 'Upload a build' }).click();
    await page.waitForURL(`${server.url}/apps/${only.appId}/channels/${only.channelId}?upload=1`);
    const dialog = page.getByRole('dialog', { name: 'Upload a build to Android' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(`${server.url}/apps/${only.appId}/channels/${only.channelId}`);
    expect(errors).toEqual([]);
  });

  it('asks which channel when there are several, by keyboard, then opens its upload dialog', async () => {
    const developer = await server.newUser({ role: 'developer' });
    await newApp(server, { ownerId: developer.id, name: 'First app', channel: 'Android' });
    const second = await newApp(server, { ownerId: developer.id, name: 'Second app', scheme: 'Release', channel: 'Store' });
    // An app where the developer is only a member: its channel is not offered.
    const other = await server.newUser({ role: 'developer' });
    const watched = await newApp(server, { ownerId: other.id, name: 'Watched app', channel: 'Hidden' });
    await addCollaborator(server, watched.appId, developer.id, 'member');
    const { page, errors } = await signedIn(developer);

    const button = quickLinks(page).getByRole('button', { name: 'Upload a build' });
    await pressByKeyboard(button);
    const dialog = page.getByRole('dialog', { name: 'Upload a build' });
    const channel = dialog.getByRole('combobox', { name: 'Channel' });
    await channel.waitFor();
    await expect(dialog.getByRole('button', { name: 'Continue' }).isDisabled()).resolves.toBe(true);
    await channel.focus();
    await page.keyboard.press('ArrowDown');
    const options = page.getByRole('option');
    await options.first().waitFor();
    await expect(options.allTextContents()).resolves.toEqual(['Beta · Android', 'Release · Store']);
    await screenshot(page, 'web-dashboard-upload-picker');
    await page.keyboard.type('Store');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(channel.inputValue()).resolves.toBe('Release · Store');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/apps/${second.appId}/channels/${second.channelId}?upload=1`);
    await page.getByRole('dialog', { name: 'Upload a build to Store' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("tells a member who can upload nowhere whom to ask, in Chinese and dark", async () => {
    const member = await server.newUser();
    const owner = await server.newUser({ role: 'developer' });
    const app = await newApp(server, { ownerId: owner.id, name: 'Team app' });
    await addCollaborator(server, app.appId, member.id, 'member');
    await api(server, '/api/user', { method: 'PUT', token: member.token, json: { locale: 'zh-CN', appearance: 'dark' } });
    const { page, errors } = await signedIn(member);
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    await page.getByRole('region', { name: '快捷入口' }).getByRole('button', { name: '上传构建' }).click();
    const dialog = page.getByRole('dialog', { name: '没有可上传的渠道' });
    await dialog.getByText('请联系应用管理员将你添加为开发者').waitFor();
    await screenshot(page, 'web-dashboard-upload-none-zh-dark');
    await dialog.getByRole('button', { name: '好的' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
  });
});
