// The System (/admin/system) and Database (/admin/database) screens in chromium. An administrator
// reaches System from the navigation by keyboard and sees the configuration verdicts (this test
// server's URL is http and unset: a warning), the health checks and the build; Refresh asks again.
// Database lists the tables with their real row counts, sorts by a column header by keyboard, and
// its statements tab shows either PostgreSQL's statements or how to turn them on. In English and
// Chinese, light and dark: no serious axe violation; a member gets the 404 screen and no link.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, pressByKeyboard, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

type Locale = 'en' | 'zh-CN';
const NAMES = {
  system: { en: 'System', 'zh-CN': '系统' },
  database: { en: 'Database', 'zh-CN': '数据库' },
  configuration: { en: 'Configuration', 'zh-CN': '配置' },
  checks: { en: 'Health checks', 'zh-CN': '健康检查' },
  warning: { en: 'Warning', 'zh-CN': '警告' },
  publicUrl: { en: 'Public URL', 'zh-CN': '公开地址' },
  tables: { en: 'Tables with their rows and sizes', 'zh-CN': '各表的行数和大小' },
  rows: { en: 'Rows', 'zh-CN': '行数' },
  statements: { en: 'Slowest statements', 'zh-CN': '最慢的语句' },
} as const;

describe.skipIf(!available)('the System and Database screens in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  async function user(role: 'admin' | 'member', locale: Locale, scheme: 'light' | 'dark'): Promise<TestUser> {
    const made = await server.newUser({ role });
    const saved = await api(server, '/api/user', { method: 'PUT', token: made.token, json: { locale, appearance: scheme } });
    expect(saved.status).toBe(200);
    return made;
  }

  async function axe(page: Page, where: string): Promise<string[]> {
    return describeViolations(where, await seriousViolations(page));
  }

  async function checkSystem(page: Page, locale: Locale): Promise<void> {
    await page.getByRole('heading', { name: NAMES.system[locale], level: 1 }).waitFor();
    const configuration = page.getByRole('table', { name: NAMES.configuration[locale] });
    const url = configuration.getByRole('row').filter({ hasText: NAMES.publicUrl[locale] }).first();
    await url.getByText(NAMES.warning[locale]).waitFor();
    await url.getByText(/TARMAC_URL is not set/).waitFor();
    const checks = page.getByRole('table', { name: NAMES.checks[locale] });
    await expect.poll(() => checks.getByRole('row').count()).toBe(5); // header + 4 checks
    await page.getByText(process.version).waitFor();
  }

  async function checkDatabase(page: Page, locale: Locale): Promise<void> {
    const tables = page.getByRole('table', { name: NAMES.tables[locale] });
    const { rows } = await server.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).execute()
      .then((result) => ({ rows: Number(result[0]!.n) }));
    await tables.locator('tr[data-table="users"]').getByRole('cell', { name: String(rows), exact: true }).waitFor();
  }

  it('an administrator reads System and Database by keyboard, in English (light) and Chinese (dark)', async () => {
    const admin = await user('admin', 'en', 'light');
    const device = await signedIn(browser, server, admin, { next: '/', colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    await pressByKeyboard(page.getByRole('navigation').getByRole('link', { name: NAMES.system.en }));
    await page.waitForURL(`${server.url}/admin/system`);
    await checkSystem(page, 'en');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/system'));
    await pressByKeyboard(page.getByRole('button', { name: 'Refresh' }));
    expect((await answered).status()).toBe(200);
    expect(await axe(page, 'system en light')).toEqual([]);
    await screenshot(page, 'web-admin-system-en-light');

    await pressByKeyboard(page.getByRole('navigation').getByRole('link', { name: NAMES.database.en, exact: true }));
    await page.waitForURL(`${server.url}/admin/database`);
    await checkDatabase(page, 'en');
    // Sorted by size, largest first; the Rows header sorts by rows, largest first, then again smallest first.
    const rowsHeader = page.getByRole('columnheader', { name: NAMES.rows.en });
    await pressByKeyboard(rowsHeader.getByRole('button'));
    await expect.poll(() => rowsHeader.getAttribute('aria-sort')).toBe('descending');
    await page.keyboard.press('Enter');
    await expect.poll(() => rowsHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await axe(page, 'database en light')).toEqual([]);

    await pressByKeyboard(page.getByRole('tab', { name: NAMES.statements.en }));
    if (server.database.engine === 'sqlite') await page.getByRole('heading', { name: 'Not available on SQLite' }).waitFor();
    else await page.getByText(/pg_stat_statements/).first().waitFor();
    expect(await axe(page, 'statements en light')).toEqual([]);
    expect(errors).toEqual([]);

    const zh = await signedIn(browser, server, await user('admin', 'zh-CN', 'dark'), { next: '/admin/system', colorScheme: 'dark' });
    open.push(zh);
    await checkSystem(zh.page, 'zh-CN');
    expect(await axe(zh.page, 'system zh-CN dark')).toEqual([]);
    await screenshot(zh.page, 'web-admin-system-zh-CN-dark');
    await zh.page.goto(`${server.url}/admin/database`);
    await checkDatabase(zh.page, 'zh-CN');
    expect(await axe(zh.page, 'database zh-CN dark')).toEqual([]);
    expect(zh.errors).toEqual([]);
  });

  it('a member sees no link and the 404 screen', async () => {
    const member = await signedIn(browser, server, await user('member', 'en', 'light'), { next: '/admin/system', colorScheme: 'light' });
    open.push(member);
    await member.page.getByRole('heading', { name: /not found/i }).first().waitFor();
    await expect(member.page.getByRole('navigation').getByRole('link', { name: NAMES.system.en }).count()).resolves.toBe(0);
    await member.page.goto(`${server.url}/admin/database`);
    await member.page.getByRole('heading', { name: /not found/i }).first().waitFor();
  });
});
