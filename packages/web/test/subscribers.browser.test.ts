// The channel page's Subscribers tab in a real browser against a server without mail: an app
// admin, by keyboard only, opens the tab, finds the empty state and the "mail is not configured"
// notice, adds an address through the dialog (it shows as Active, added by the Team; the same one
// again is refused in the dialog), and removes it after confirming; a member of the app sees the
// list with the controls disabled; and the tab, with a pending and an active subscriber, and its
// add dialog have no serious axe violation in English and Chinese, light and dark. Any console
// error but the browser's note of that refusal fails the test.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settled } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, openDevice, pressByKeyboard, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { addCollaborator, newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, signIn, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { desktopSignedInByKeyboard, expectFocusOn, tabTo } from './keyboard.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('the Subscribers tab of a channel in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let member: TestUser;
  let channel: TestChannel;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'developer', username: `subs_admin_${process.pid}` });
    member = await server.newUser({ username: `subs_member_${process.pid}` });
    channel = await newApp(server, { ownerId: admin.id, name: 'Subs Demo' });
    await addCollaborator(server, channel.appId, member.id, 'member');
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  const tabUrl = () => `/apps/${channel.appId}/channels/${channel.channelId}?tab=subscribers`;

  it('adds and removes a subscriber by keyboard, with the empty state and the mail notice', async () => {
    const device = await desktopSignedInByKeyboard(browser, server.url, admin, { next: tabUrl(), colorScheme: 'light' });
    open.push(device);
    const { page } = device;
    await page.getByRole('heading', { name: 'No subscribers yet' }).waitFor();
    await page.getByText('Mail is not configured').waitFor();
    await expect(page.getByRole('tab', { name: 'Subscribers' }).getAttribute('aria-selected')).resolves.toBe('true');

    const add = page.getByRole('button', { name: 'Add a subscriber' });
    await tabTo(add);
    await pressByKeyboard(add);
    const dialog = page.getByRole('dialog', { name: 'Add a subscriber to Android' });
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await expectFocusOn(email);
    await page.keyboard.type('Tester@Example.com');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: 'Subscribers' });
    const row = table.getByRole('row').filter({ hasText: 'tester@example.com' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Active.*Team.*English/);

    // The same address again: the server's 409, in the dialog, which stays open.
    await pressByKeyboard(add);
    await expectFocusOn(email);
    await page.keyboard.type('tester@example.com');
    await page.keyboard.press('Enter');
    await dialog.getByText('tester@example.com is already subscribed to this channel.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const remove = row.getByRole('button', { name: 'Remove tester@example.com' });
    await tabTo(remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove this subscriber?' });
    await confirm.waitFor();
    await pressByKeyboard(confirm.getByRole('button', { name: 'Remove' }));
    await page.getByRole('heading', { name: 'No subscribers yet' }).waitFor();
    const listed = await api(server, `/api/channels/${channel.channelId}/subscribers`, { token: admin.token });
    expect(listed.body).toEqual([]);
    // Only the browser's own note of the refused second add.
    expect(device.errors).toEqual(['console: Failed to load resource: the server responded with a status of 409 (Conflict)']);
  });

  it("shows a member the list with the controls disabled and who may change it", async () => {
    await api(server, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: admin.token, json: { email: 'seen@example.com' } });
    const device = await desktopSignedInByKeyboard(browser, server.url, member, { next: tabUrl(), colorScheme: 'dark' });
    open.push(device);
    const { page } = device;
    await page.getByRole('table', { name: 'Subscribers' }).getByRole('row').filter({ hasText: 'seen@example.com' }).waitFor();
    await page.getByText("Only the app's admins can add or remove subscribers.").waitFor();
    await expect(page.getByRole('button', { name: 'Add a subscriber' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Remove seen@example.com' }).isDisabled()).resolves.toBe(true);
    expect(device.errors).toEqual([]);
  });

  it('has no serious accessibility violation in English and Chinese, light and dark', async () => {
    const now = new Date().toISOString();
    await server.database.db
      .insertInto('channel_subscribers')
      .values({
        channel_id: channel.channelId, email: 'waiting@example.com', locale: 'zh-CN', state: 'pending', source: 'self',
        confirm_token_hash: 'a'.repeat(64), confirm_expires_at: now, unsubscribe_token_hash: 'b'.repeat(64), added_by: null, created_at: now, confirmed_at: null,
      })
      .execute();
    const found: string[] = [];
    for (const locale of ['en', 'zh-CN'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale, appearance: scheme } });
        const viewport = { width: 1280, height: 900 };
        const device = await openDevice(browser, USER_AGENTS.linux, { viewport, locale, colorScheme: scheme });
        open.push(device);
        const { cookie } = await signIn(server, admin.username, admin.password);
        const at = cookie.indexOf('=');
        await device.context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: server.url }]);
        await device.page.goto(`${server.url}${tabUrl()}`);
        const table = device.page.getByRole('table', { name: locale === 'en' ? 'Subscribers' : '订阅者' });
        await table.getByRole('row').filter({ hasText: 'waiting@example.com' }).waitFor();
        await device.page.getByText(locale === 'en' ? 'Awaiting confirmation' : '等待确认').waitFor();
        await settled(device.page);
        found.push(...describeViolations(`subscribers (${locale}, ${scheme})`, await seriousViolations(device.page)));
        // The add dialog too.
        await device.page.getByRole('button', { name: locale === 'en' ? 'Add a subscriber' : '添加订阅者' }).click();
        await device.page.getByRole('dialog').getByRole('textbox', { name: locale === 'en' ? 'Email' : '邮箱' }).waitFor();
        await settled(device.page);
        found.push(...describeViolations(`add dialog (${locale}, ${scheme})`, await seriousViolations(device.page)));
        await device.page.keyboard.press('Escape');
        expect(device.errors).toEqual([]);
      }
    }
    expect(found).toEqual([]);
  });
});
