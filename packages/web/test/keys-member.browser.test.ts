// Keyboard only, part 6 (issue 14, "keyboard-only use works for every flow"): what a member may
// not do still says why to the keyboard. The channel's "Upload a build", a build's "Edit" and
// "Delete", the debug files' "Upload debug files" and a debug file's "Delete" are reachable by Tab while unavailable
// (aria-disabled, not disabled, which took them out of the Tab order and hid their tooltip), show
// their reason as a tooltip on focus and as their description, and Enter opens nothing. In
// English and light, and in Chinese and dark for the channel. Screenshots:
// test-results/screenshots/web-keys-member-<step>.png.
import { readFileSync } from 'node:fs';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, screenshot, uploadFixture } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { DSYM_FIXTURE, uploadDebugFile } from '../../server/test/helpers/debug-files.ts';
import { addCollaborator, newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { desktopSignedInByKeyboard, expectFocusVisible, tabTo } from './keyboard.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('keyboard only: a member reaches what they may not use and reads why, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let member: TestUser;
  let channel: TestChannel;
  let debugFileId = 0;
  let releaseId = 0;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    const owner = await server.newUser({ username: `lead_${process.pid}` });
    member = await server.newUser({ username: `member_${process.pid}` });
    channel = await newApp(server, { ownerId: owner.id, name: 'Member Keys', channel: 'iOS', deviceType: 'ios' });
    await addCollaborator(server, channel.appId, member.id, 'member');
    const zip = { data: readFileSync(DSYM_FIXTURE), name: 'AppInfoDemo.app.dSYM.zip' };
    const dsym = await uploadDebugFile(server, { token: owner.token, channel_key: channel.key }, zip);
    if (dsym.status !== 201) throw new Error(`dSYM not uploaded: ${dsym.status} ${dsym.text}`);
    debugFileId = dsym.body.id;
    releaseId = (await uploadFixture(server, owner.token, channel.key, 'iphone.ipa')).body.id;
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  async function signedInOn(next: string, locale: 'en' | 'zh-CN', scheme: 'light' | 'dark'): Promise<DeviceContext> {
    const set = await api(server, '/api/user', { method: 'PUT', token: member.token, json: { locale, appearance: scheme } });
    expect(set.status).toBe(200);
    const labels = locale === 'en' ? undefined : { user: '用户名或邮箱', password: '密码' };
    const device = await desktopSignedInByKeyboard(browser, server.url, member, { next, colorScheme: scheme, locale, labels });
    open.push(device);
    return device;
  }

  /** Tabs to the unavailable `button`: its tooltip and description say `reason`; Enter opens no dialog. */
  async function expectReason(button: Locator, reason: string, shot: string): Promise<void> {
    const page = button.page();
    await button.waitFor();
    await expect(button.getAttribute('aria-disabled')).resolves.toBe('true');
    await tabTo(button);
    await expectFocusVisible(page, shot);
    await page.getByRole('tooltip', { name: reason }).waitFor();
    const described = (await button.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${described}"]`).textContent()).resolves.toBe(reason);
    await screenshot(page, `web-keys-member-${shot}`);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  }

  const channelPath = () => `/apps/${channel.appId}/channels/${channel.channelId}`;

  it('English, light: the channel upload, a build’s edit and delete, the debug files upload and a debug file delete', async () => {
    const { page, errors } = await signedInOn(channelPath(), 'en', 'light');
    await expectReason(page.getByRole('button', { name: 'Upload a build' }), "Only the app's developers and admins can upload builds.", 'channel-en');
    expect(describeViolations('channel (member, light)', await seriousViolations(page))).toEqual([]);

    await page.goto(`${server.url}${channelPath()}/releases/${releaseId}`);
    const notAllowed = "Only the app's developers and admins can change builds.";
    await expectReason(page.getByRole('button', { name: 'Edit', exact: true }), notAllowed, 'release-edit-en');
    await expectReason(page.getByRole('button', { name: 'Delete', exact: true }), notAllowed, 'release-delete-en');

    await page.goto(`${server.url}/debug-files?app=${channel.appId}`);
    await expectReason(
      page.getByRole('button', { name: 'Upload debug files' }).first(),
      "Only the app's developers and admins can upload debug files.",
      'debug-files-en',
    );
    await page.goto(`${server.url}/debug-files/${debugFileId}`);
    await expectReason(
      page.getByRole('button', { name: 'Delete', exact: true }),
      "Only the app's developers and admins can delete debug files (and not while the app is archived).",
      'debug-file-en',
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it('Chinese, dark: the channel upload', async () => {
    const { page, errors } = await signedInOn(channelPath(), 'zh-CN', 'dark');
    await expectReason(page.getByRole('button', { name: '上传构建' }), '只有应用的开发者和管理员可以上传构建。', 'channel-zh-CN');
    expect(describeViolations('channel (member, dark)', await seriousViolations(page))).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
