// The Zealot import screen (/admin/zealot-import) in chromium. Before any import an administrator,
// who reaches it from the navigation by keyboard, sees how to run `tarmac import zealot` and the
// docs page to read; a member gets the 404 screen and no link. After an import (the import map's
// rows seeded directly): when it ran, the rows per Zealot table, the rows not simply imported with
// their outcome and why, filtered by outcome (keyboard) and by a table's name, paged, each linked
// to what it became (a release's page, followed by keyboard). In English and Chinese, light and
// dark: no serious axe violation. Any console error fails the test.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, pressByKeyboard, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp, storedRelease } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
const URL_PATH = '/admin/zealot-import';

type Locale = 'en' | 'zh-CN';
const NAMES = {
  title: { en: 'Imported from Zealot', 'zh-CN': '从 Zealot 导入' },
  empty: { en: 'Nothing has been imported from Zealot', 'zh-CN': '尚未从 Zealot 导入任何内容' },
  cli: { en: 'Import a Zealot installation', 'zh-CN': '导入 Zealot 实例' },
  counts: { en: 'Rows per Zealot table', 'zh-CN': '每个 Zealot 表的行数' },
  rows: { en: 'Zealot rows not simply imported', 'zh-CN': '未直接导入的 Zealot 行' },
  refused: { en: 'Refused', 'zh-CN': '已拒绝' },
} as const;

describe.skipIf(!available)('the Zealot import screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];
  let tc: TestChannel;
  let releaseId = 0;

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

  async function seed(): Promise<void> {
    tc = await newApp(server, { name: 'Imported app' });
    await storedRelease(server, tc.channelId, 1);
    releaseId = (await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', tc.channelId).executeTakeFirstOrThrow()).id;
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
    const devices = Array.from({ length: 26 }, (_, index) => ({
      source_table: 'devices', source_id: String(index + 1), target_id: null, outcome: 'skipped' as const,
      detail: `UDID ${index + 1} is not 25 or 40 characters`, created_at: at(1),
    }));
    await server.database.db.insertInto('zealot_import_map').values([
      { source_table: 'apps', source_id: '7', target_id: tc.appId, outcome: 'imported', detail: null, created_at: at(0) },
      ...devices,
      { source_table: 'channels', source_id: '9', target_id: tc.channelId, outcome: 'merged', detail: 'slug beta kept', created_at: at(2) },
      { source_table: 'releases', source_id: '10', target_id: releaseId, outcome: 'imported', detail: 'file missing: app.apk', created_at: at(3) },
      { source_table: 'web_hooks', source_id: '12', target_id: null, outcome: 'refused', detail: 'URL is not http(s)', created_at: at(4) },
    ]).execute();
  }

  it('before any import: how to run one, reached from the navigation by keyboard; a member sees no such page', async () => {
    const admin = await user('admin', 'en', 'light');
    const device = await signedIn(browser, server, admin, { next: '/', colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    await pressByKeyboard(page.getByRole('navigation').getByRole('link', { name: 'Zealot import' }));
    await page.waitForURL(`${server.url}${URL_PATH}`);
    await page.getByRole('heading', { name: NAMES.title.en, level: 1 }).waitFor();
    await page.getByRole('heading', { name: NAMES.empty.en }).waitFor();
    const help = page.getByRole('region', { name: NAMES.cli.en });
    await help.getByText('tarmac import zealot --dry-run --database-url').waitFor();
    await help.getByText('tarmac import zealot --backup').waitFor();
    await help.getByText('docs/migrating-from-zealot.md').waitFor();
    expect(await axe(page, 'en light empty')).toEqual([]);
    expect(errors).toEqual([]);

    const zh = await signedIn(browser, server, await user('admin', 'zh-CN', 'dark'), { next: URL_PATH, colorScheme: 'dark' });
    open.push(zh);
    await zh.page.getByRole('heading', { name: NAMES.empty['zh-CN'] }).waitFor();
    await zh.page.getByRole('region', { name: NAMES.cli['zh-CN'] }).getByText('docs/migrating-from-zealot.md').waitFor();
    expect(await axe(zh.page, 'zh-CN dark empty')).toEqual([]);
    await screenshot(zh.page, 'web-zealot-import-empty-zh-CN-dark');
    expect(zh.errors).toEqual([]);

    const member = await signedIn(browser, server, await user('member', 'en', 'light'), { next: URL_PATH, colorScheme: 'light' });
    open.push(member);
    await member.page.getByRole('heading', { name: /not found/i }).first().waitFor();
    await expect(member.page.getByRole('navigation').getByRole('link', { name: 'Zealot import' }).count()).resolves.toBe(0);
  });

  it('after an import: counts, rows filtered by keyboard and by table, paged, linked to what they became', async () => {
    await seed();
    const admin = await user('admin', 'en', 'light');
    const device = await signedIn(browser, server, admin, { next: URL_PATH, colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    const counts = page.getByRole('table', { name: NAMES.counts.en });
    await counts.getByRole('row').filter({ hasText: 'devices' }).filter({ hasText: '26' }).waitFor();
    const rows = page.getByRole('table', { name: NAMES.rows.en });
    await rows.getByRole('row').filter({ hasText: 'URL is not http(s)' }).waitFor();
    await page.getByText('Total: 29').waitFor();
    await screenshot(page, 'web-zealot-import-en-light');

    // Page 2 holds the oldest: the devices past the first 25 rows.
    await pressByKeyboard(page.getByRole('button', { name: 'Next page' }));
    await page.waitForURL(`${server.url}${URL_PATH}?page=2`);
    await expect.poll(() => rows.getByRole('row').filter({ hasText: 'devices' }).count()).toBe(4);

    // Outcome filter by keyboard: Refused.
    const outcome = page.getByRole('textbox', { name: 'Outcome' }).or(page.getByRole('combobox', { name: 'Outcome' })).first();
    await outcome.focus();
    await page.keyboard.press('ArrowDown');
    const refused = page.getByRole('option', { name: 'Refused', exact: true });
    await refused.waitFor();
    for (let i = 0; i < 6 && (await refused.getAttribute('data-combobox-selected')) === null; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}${URL_PATH}?outcome=refused`);
    await expect.poll(() => rows.getByRole('row').count()).toBe(2);
    await rows.getByRole('row').filter({ hasText: 'web_hooks' }).getByText('Nothing').waitFor();

    // A table's name in the counts lists its rows; the release's link opens its page by keyboard.
    await page.goto(`${server.url}${URL_PATH}`);
    await counts.getByRole('link', { name: 'releases' }).click();
    await page.waitForURL(`${server.url}${URL_PATH}?table=releases`);
    const release = rows.getByRole('row').filter({ hasText: 'file missing: app.apk' });
    await pressByKeyboard(release.getByRole('link', { name: 'Open releases 10' }));
    await page.waitForURL(`${server.url}/apps/${tc.appId}/channels/${tc.channelId}/releases/${releaseId}`);
    expect(errors).toEqual([]);
  });

  it.each([
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
    ['en', 'light'],
  ] as const)('has no serious axe violation in %s, %s with rows', async (locale, scheme) => {
    const device = await signedIn(browser, server, await user('admin', locale, scheme), { next: URL_PATH, colorScheme: scheme });
    open.push(device);
    const { page, errors } = device;
    await page.getByRole('table', { name: NAMES.rows[locale] }).getByRole('row').filter({ hasText: NAMES.refused[locale] }).waitFor();
    await page.getByRole('table', { name: NAMES.counts[locale] }).waitFor();
    expect(await axe(page, `${locale} ${scheme} rows`)).toEqual([]);
    if (locale === 'zh-CN' && scheme === 'dark') await screenshot(page, 'web-zealot-import-zh-CN-dark');
    expect(errors).toEqual([]);
  });
});
