// The audit log screen (/admin/audit) in chromium. An administrator reaches it from the navigation,
// sees the lines (their own sign-in among them) with actions in words, filters by the search box
// (debounced into ?q=) and by outcome, opens a line's detail (user agent, request id, the details as
// JSON), and downloads the export, which carries the filters. No serious axe violation. In Chinese the same, with the actions
// and labels translated. A member gets the 404 screen and no link. Any console error fails.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, pressByKeyboard, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
const URL_PATH = '/admin/audit';

describe.skipIf(!available)('the audit log screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const cli = { id: null, name: 'cli', via: 'cli' as const };
    await server.services.auditLog.record({
      action: 'channel.password_change', actor: cli, target: { type: 'channel', id: 77, name: 'Nightly builds' },
      details: { change: 'set', slug: 'nightly' }, origin: { ip: '203.0.113.50', userAgent: 'curl/8.9', requestId: 'req-audit-77' },
    });
    await server.services.auditLog.record({
      action: 'session.sign_in_failed', outcome: 'failure', actor: { id: null, name: 'intruder', via: 'anonymous' },
      details: { method: 'password', reason: 'auth.invalid_credentials' }, origin: { ip: '198.51.100.66' },
    });
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  async function user(role: 'admin' | 'member', locale: 'en' | 'zh-CN'): Promise<TestUser> {
    const made = await server.newUser({ role });
    expect((await api(server, '/api/user', { method: 'PUT', token: made.token, json: { locale } })).status).toBe(200);
    return made;
  }

  it('in English: from the navigation, filtered, a line opened, exported; a member has no such page', async () => {
    const admin = await user('admin', 'en');
    const device = await signedIn(browser, server, admin, { next: '/', colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    await pressByKeyboard(page.getByRole('navigation').getByRole('link', { name: 'Audit log' }));
    await page.waitForURL(`${server.url}${URL_PATH}`);
    const table = page.getByRole('table', { name: 'Audit log lines' });
    // Their own sign-in is there, with the action in words.
    await table.getByRole('row').filter({ hasText: admin.username }).filter({ hasText: 'Signed in' }).first().waitFor();
    await table.getByRole('row').filter({ hasText: 'Channel password changed' }).waitFor();
    expect(describeViolations('en light', await seriousViolations(page))).toEqual([]);

    // The search box reaches the URL once typing pauses.
    await page.getByRole('textbox', { name: 'Search' }).fill('nightly');
    await page.waitForURL(`${server.url}${URL_PATH}?q=nightly`);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('row').filter({ hasText: 'Nightly builds' }).waitFor();

    // A line's detail, by keyboard.
    const row = table.getByRole('row').filter({ hasText: 'Nightly builds' });
    await pressByKeyboard(row.getByRole('button', { name: /Details of line \d+$/ }));
    const dialog = page.getByRole('dialog');
    await dialog.getByText('curl/8.9').waitFor();
    await dialog.getByText('req-audit-77').waitFor();
    const details = await dialog.getByRole('region', { name: 'Details' }).textContent();
    expect(JSON.parse(details ?? '')).toEqual({ change: 'set', slug: 'nightly' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The export carries the filters: the CSV holds the one matching line.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe('/api/admin/audit-events/export?format=csv&q=nightly');
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
    expect(csv).toContain('channel.password_change');
    expect(await page.getByRole('link', { name: 'Export JSON' }).getAttribute('href')).toBe('/api/admin/audit-events/export?format=json&q=nightly');

    // Outcome filter: only the failed sign-in.
    await page.goto(`${server.url}${URL_PATH}?outcome=failure`);
    await table.getByRole('row').filter({ hasText: 'intruder' }).filter({ hasText: 'Sign-in failed' }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    // The action filter (a list in the API's query): only the channel's line; the select shows it.
    await page.goto(`${server.url}${URL_PATH}?action=channel.password_change`);
    await table.getByRole('row').filter({ hasText: 'Nightly builds' }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await expect(page.getByRole('textbox', { name: 'Action' }).or(page.getByRole('combobox', { name: 'Action' })).first().inputValue())
      .resolves.toBe('Channel password changed');
    expect(await page.getByRole('link', { name: 'Export JSON' }).getAttribute('href'))
      .toBe('/api/admin/audit-events/export?format=json&action=channel.password_change');
    // Nothing matches: the empty state offers to clear the filters.
    await page.goto(`${server.url}${URL_PATH}?q=no-such-words-anywhere`);
    await page.getByText('No line matches these filters').waitFor();
    await screenshot(page, 'web-audit-en-light');
    expect(errors).toEqual([]);

    const member = await signedIn(browser, server, await user('member', 'en'), { next: URL_PATH, colorScheme: 'light' });
    open.push(member);
    await member.page.getByRole('heading', { name: /not found/i }).first().waitFor();
    await expect(member.page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).count()).resolves.toBe(0);
  });

  it('in Chinese: actions and labels translated, filtered and a line opened', async () => {
    const device = await signedIn(browser, server, await user('admin', 'zh-CN'), { next: URL_PATH, colorScheme: 'dark' });
    open.push(device);
    const { page, errors } = device;
    await page.getByRole('heading', { name: '审计日志', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: '审计日志记录' });
    await table.getByRole('row').filter({ hasText: '更改渠道密码' }).waitFor();
    await page.getByRole('textbox', { name: '搜索' }).fill('intruder');
    await page.waitForURL(`${server.url}${URL_PATH}?q=intruder`);
    const row = table.getByRole('row').filter({ hasText: '登录失败' });
    await row.getByText('失败', { exact: true }).waitFor();
    await pressByKeyboard(row.getByRole('button', { name: /第 \d+ 条记录的详情$/ }));
    const dialog = page.getByRole('dialog');
    await dialog.getByText('198.51.100.66').waitFor();
    await dialog.getByText('未登录').waitFor();
    await page.getByRole('link', { name: '导出 CSV' }).waitFor();
    expect(describeViolations('zh-CN dark, a line open', await seriousViolations(page))).toEqual([]);
    await screenshot(page, 'web-audit-zh-CN-dark');
    expect(errors).toEqual([]);
  });
});
