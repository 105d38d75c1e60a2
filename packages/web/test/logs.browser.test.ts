// The server logs screen (/admin/logs) in chromium: an administrator sees this process's recent
// lines, filters a request's lines by clicking its request id, opens a line to its JSON (the
// 2-second refresh pauses while it is open), narrows by level and by text; a URL's credential
// stays redacted on screen. In English and in Chinese; any console error fails the test.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, closeBrowserTest, launchBrowser } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

const TEXT = {
  en: {
    heading: 'Server logs', table: 'Log lines', filter: (id: string) => `Show only the lines of request ${id}`, all: 'Show all requests',
    json: 'The whole line', paused: 'Refresh is paused while a line is open.', level: 'Level', warnUp: 'Warning and above', search: 'Search',
    none: 'No line matches these filters',
  },
  'zh-CN': {
    heading: '服务器日志', table: '日志行', filter: (id: string) => `只显示请求 ${id} 的日志`, all: '显示所有请求',
    json: '完整日志行', paused: '展开某行时暂停刷新。', level: '级别', warnUp: '警告及以上', search: '搜索',
    none: '没有符合筛选条件的日志',
  },
} as const;

describe.skipIf(!available)('the server logs screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(() => closeBrowserTest(open, browser, server));

  it.each(['en', 'zh-CN'] as const)('%s: a request by its id, a line opened, filtered by level and text', async (locale) => {
    const text = TEXT[locale];
    const user = await server.newUser({ role: 'admin' });
    expect((await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale } })).status).toBe(200);
    const requestId = `browser-${locale}-${Date.now()}`;
    await api(server, '/api/version?token=very-secret-value', { headers: { 'x-request-id': requestId } });

    const device = await signedIn(browser, server, user, { next: '/admin/logs', colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    await page.getByRole('heading', { name: text.heading, level: 1 }).waitFor();
    const table = page.getByRole('table', { name: text.table });
    await table.waitFor();
    // The default level is info: the request's lines are there; click its id to keep only them.
    await table.getByRole('button', { name: text.filter(requestId) }).first().click();
    await page.getByRole('button', { name: text.all }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(3); // the header and the request's two lines
    await table.getByText('/api/version?token=[REDACTED]').first().waitFor();
    expect(await page.content()).not.toContain('very-secret-value');

    // A line opens to its JSON; the refresh pauses meanwhile.
    await table.getByRole('button', { name: 'incoming request' }).click();
    const json = page.getByLabel(text.json);
    await json.waitFor();
    expect(await json.textContent()).toContain(`"reqId": "${requestId}"`);
    await page.getByText(text.paused).waitFor();
    await table.getByRole('button', { name: 'incoming request' }).click();
    await json.waitFor({ state: 'detached' });

    // Warnings and above: this request logged none.
    await page.getByLabel(text.level, { exact: true }).first().click();
    await page.getByRole('option', { name: text.warnUp }).click();
    await page.getByRole('heading', { name: text.none }).waitFor();
    await page.getByRole('button', { name: text.all }).click();
    await page.getByRole('textbox', { name: text.search }).fill(`no-such-text-${Date.now()}`);
    await page.getByRole('heading', { name: text.none }).waitFor();
    expect(errors).toEqual([]);
  });
});
