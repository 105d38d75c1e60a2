// The webhook screens in chromium, on a server that runs its jobs and may post to 127.0.0.1
// (TARMAC_WEBHOOK_ALLOW_PRIVATE). A Slack-shaped receiver answers 500 twice, then 200. The app's
// owner adds a hook on a channel's Webhooks tab (the preview shows the body Slack would get, from
// the channel's build), sends a test, and watches one delivery with its three attempts (500, 500,
// 200) in the deliveries drawer, then redelivers it. Another owner adds a hook by keyboard alone.
// An administrator adds a shared hook for that channel on /admin/webhooks; a member of the app sees
// it read-only ("Shared") and is told why Add is not theirs. In English and Chinese, light and
// dark: no serious axe violation on the tab, the editor with its preview, the drawer and the admin
// screen. Any console error fails the test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, FIXTURES, launchBrowser, pressByKeyboard, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { addCollaborator, newApp, uploadBuild } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { startReceiver } from '../../server/test/helpers/receivers.ts';
import type { Receiver } from '../../server/test/helpers/receivers.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
const APK = readFileSync(path.join(FIXTURES, 'apps', 'android.apk'));

type Locale = 'en' | 'zh-CN';
type Scheme = 'light' | 'dark';

describe.skipIf(!available)('the webhook screens in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let slack: Receiver;
  let owner: TestUser;
  let channel: TestChannel;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer(
      { TARMAC_WEBHOOK_ALLOW_PRIVATE: 'true', TARMAC_WEBHOOK_RETRY_BASE_SECONDS: '0', TARMAC_WEBHOOK_MAX_ATTEMPTS: '3' },
      { runJobs: true },
    );
    let posts = 0;
    slack = await startReceiver((_req, res) => {
      posts += 1;
      res.writeHead(posts <= 2 ? 500 : 200, { 'content-type': 'text/plain' });
      res.end(posts <= 2 ? 'internal_error' : 'ok');
    });
    owner = await user('developer', 'en', 'light');
    channel = await newApp(server, { ownerId: owner.id, name: 'Hooked', channel: 'Android' });
    await uploadBuild(server, owner.token, channel.key, APK, 'android.apk');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowserTest(open, browser, server);
    await slack?.close();
  });

  async function user(role: 'admin' | 'developer' | 'member', locale: Locale, scheme: Scheme): Promise<TestUser> {
    const made = await server.newUser({ role });
    const saved = await api(server, '/api/user', { method: 'PUT', token: made.token, json: { locale, appearance: scheme } });
    expect(saved.status).toBe(200);
    return made;
  }

  async function visit(who: TestUser, next: string, scheme: Scheme) {
    const device = await signedIn(browser, server, who, { next, colorScheme: scheme });
    open.push(device);
    return device;
  }

  const webhooksTab = (tc: TestChannel) => `/apps/${tc.appId}/channels/${tc.channelId}?tab=webhooks`;

  async function axe(found: string[], page: Page, where: string): Promise<void> {
    found.push(...describeViolations(where, await seriousViolations(page)));
  }

  it('English, light: add a Slack hook with its preview, send a test, see its three attempts, redeliver', async () => {
    const { page, errors } = await visit(owner, webhooksTab(channel), 'light');
    await page.getByRole('heading', { name: 'No webhooks yet' }).waitFor();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Team Slack');
    await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill(`${slack.url}/services/T0/B0/secretpart`);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'What would be posted' });
    await preview.getByText("From this channel's newest build.").waitFor();
    await expect(preview.locator('pre').textContent()).resolves.toContain('"blocks": [');
    await screenshot(page, 'web-webhooks-editor-en');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText('Webhook Team Slack added.').waitFor();
    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: 'Team Slack' });
    await row.getByText('••••').first().waitFor();
    await expect(row.textContent()).resolves.not.toContain('secretpart');

    await row.getByRole('button', { name: 'Actions for Team Slack' }).click();
    await page.getByRole('menuitem', { name: 'Send test' }).click();
    await page.getByText('Test message queued for Team Slack.').waitFor();
    const drawer = page.getByRole('dialog', { name: 'Deliveries of Team Slack' });
    const delivery = drawer.getByRole('article').first();
    await delivery.getByText('Delivered', { exact: true }).waitFor({ timeout: 20_000 });
    const attempts = delivery.getByRole('list', { name: 'Attempts' }).getByRole('listitem');
    await expect(attempts.count()).resolves.toBe(3);
    await attempts.nth(0).getByText(/^HTTP 500 in \d+ ms$/).waitFor();
    await attempts.nth(1).getByText(/^HTTP 500 in \d+ ms$/).waitFor();
    await attempts.nth(2).getByText(/^HTTP 200 in \d+ ms$/).waitFor();
    await expect(attempts.nth(0).textContent()).resolves.toContain('internal_error');
    expect(slack.received).toHaveLength(3);
    await screenshot(page, 'web-webhooks-deliveries-en');

    await delivery.getByRole('button', { name: /^Redeliver/ }).click();
    await page.getByText(/^Queued again: /).waitFor();
    await expect.poll(() => drawer.getByRole('article').count(), { timeout: 20_000 }).toBe(2);
    await drawer.getByRole('article').first().getByText('Delivered', { exact: true }).waitFor({ timeout: 20_000 });
    expect(slack.received).toHaveLength(4);
    await page.keyboard.press('Escape');
    await row.getByText('Delivered · 200').waitFor();
    expect(errors).toEqual([]);
  });

  it('English, dark: a JSON hook with a template (previewed, a bad one named under the box), then edited', async () => {
    const { page, errors } = await visit(owner, webhooksTab(channel), 'dark');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByLabel('Service', { exact: true }).click();
    await page.getByRole('option', { name: 'JSON (your own service)' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Our service');
    await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill(`${slack.url}/json`);
    await dialog.getByLabel('Signing secret').fill('shh-0123456789');
    const template = dialog.getByRole('textbox', { name: 'Body template' });
    await template.fill('{"text": "{{title}}", "version": "{{build.version}}"}');
    await dialog.getByRole('button', { name: 'Show the variables' }).click();
    await dialog.getByText('{{build.install_url}}').waitFor();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const body = dialog.getByRole('region', { name: 'What would be posted' }).locator('pre');
    await expect.poll(() => body.textContent()).toContain('"version": "2.1.0"');
    await expect(body.textContent()).resolves.toContain('"text": "Hooked 2.1.0 (10) uploaded to Beta Android"');

    await template.fill('{"text": "{{{title}}}"}');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => template.getAttribute('aria-invalid')).toBe('true');
    await template.fill('{"text": "{{title}}", "version": "{{build.version}}"}');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText('Webhook Our service added.').waitFor();

    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: 'Our service' });
    await row.getByRole('button', { name: 'Actions for Our service' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Our service' });
    await edit.getByText('A secret is set. Leave blank to keep it.').waitFor();
    await edit.getByText(/^Set: http:\/\/127\.0\.0\.1:\d+\/.*Leave blank to keep it\.$/).waitFor();
    await edit.getByRole('checkbox', { name: 'Changelog edited' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Webhook Our service saved.').waitFor();
    const hooks = await api<{ name: string; events: string[]; has_secret: boolean; template: string | null }[]>(
      server,
      `/api/channels/${channel.channelId}/webhooks`,
      { token: owner.token },
    );
    expect(hooks.body.find((hook) => hook.name === 'Our service')).toMatchObject({
      events: ['upload', 'changelog'],
      has_secret: true,
      template: '{"text": "{{title}}", "version": "{{build.version}}"}',
    });
    // The bad template's preview is a 422, which the browser logs; nothing else.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
  });

  it('Chinese, dark: an owner adds a hook by keyboard alone', async () => {
    const other = await user('developer', 'zh-CN', 'dark');
    const tc = await newApp(server, { ownerId: other.id, name: 'Keys', channel: 'Android' });
    const { page, errors } = await visit(other, webhooksTab(tc), 'dark');
    await pressByKeyboard(page.getByRole('button', { name: '添加 Webhook' }));
    const dialog = page.getByRole('dialog', { name: '添加 Webhook' });
    await dialog.waitFor();
    // The dialog opens on its first field (the service); Tab goes on to the name, then the URL.
    await expect(dialog.getByLabel('服务', { exact: true }).evaluate((el) => el === el.ownerDocument.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard hook');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${slack.url}/services/T1/B1/keys`);
    await page.keyboard.press('Enter');
    await page.getByText('已添加 Webhook Keyboard hook。').waitFor();
    const hooks = await api<{ name: string; provider: string; events: string[]; enabled: boolean }[]>(
      server,
      `/api/channels/${tc.channelId}/webhooks`,
      { token: other.token },
    );
    expect(hooks.body).toMatchObject([{ name: 'Keyboard hook', provider: 'slack', events: ['upload'], enabled: true }]);
    expect(errors).toEqual([]);
  });

  it('English, light: an admin shares a hook with the channel; a member sees it read-only', async () => {
    const admin = await user('admin', 'en', 'light');
    const { page, errors } = await visit(admin, '/admin/webhooks', 'light');
    await page.getByRole('heading', { name: 'Shared webhooks', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Release radar');
    await dialog.getByRole('textbox', { name: 'Webhook URL' }).fill(`${slack.url}/services/T2/B2/shared`);
    await dialog.getByLabel('Channels', { exact: true }).click();
    await page.getByRole('option', { name: 'Beta · Android' }).first().click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText('Webhook Release radar added.').waitFor();
    await page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: 'Release radar' }).waitFor();

    const member = await user('member', 'en', 'light');
    await addCollaborator(server, channel.appId, member.id, 'member');
    const seen = await visit(member, webhooksTab(channel), 'light');
    const row = seen.page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: 'Release radar' });
    await row.getByText('Shared', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: /Actions/ }).count()).resolves.toBe(0);
    const add = seen.page.getByRole('button', { name: 'Add webhook' });
    await expect(add.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(add.getAttribute('aria-describedby').then((id) => seen.page.locator(`#${id}`).textContent())).resolves.toBe(
      "Only the app's administrators can manage its webhooks.",
    );
    expect([...errors, ...seen.errors]).toEqual([]);
  });

  it.each([
    ['en', 'light'],
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
  ] as const)('has no serious axe violation in %s, %s: the tab, the editor and its preview, the drawer, the admin screen', async (locale, scheme) => {
    const admin = await user('admin', locale, scheme);
    const { page, errors } = await visit(admin, webhooksTab(channel), scheme);
    const found: string[] = [];
    const zh = locale === 'zh-CN';
    const table = page.getByRole('table', { name: zh ? 'Webhook' : 'Webhooks' });
    await table.getByRole('row').filter({ hasText: 'Team Slack' }).waitFor();
    await axe(found, page, `${locale} ${scheme} channel tab`);

    await table.getByRole('button', { name: zh ? 'Team Slack 的推送记录' : 'Deliveries of Team Slack' }).click();
    const drawer = page.getByRole('dialog', { name: zh ? 'Team Slack 的推送记录' : 'Deliveries of Team Slack' });
    await drawer.getByRole('article').first().waitFor();
    await axe(found, page, `${locale} ${scheme} deliveries`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: zh ? '添加 Webhook' : 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: zh ? '添加 Webhook' : 'Add a webhook' });
    await dialog.getByRole('button', { name: zh ? '预览' : 'Preview' }).click();
    await dialog.getByRole('region', { name: zh ? '将要推送的内容' : 'What would be posted' }).waitFor();
    await axe(found, page, `${locale} ${scheme} editor with preview`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${server.url}/admin/webhooks`);
    await page.getByRole('table', { name: zh ? 'Webhook' : 'Webhooks' }).getByRole('row').filter({ hasText: 'Release radar' }).waitFor();
    await axe(found, page, `${locale} ${scheme} admin screen`);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
