// The Schedules tab of /admin/jobs in chromium: every recurring job the server schedules, with a
// translated title; an administrator changes one's schedule in the modal (a live preview of the
// next runs, a refused spec said in the page's language), turns one off, and runs one now (its
// last run shows as succeeded). In English and in Chinese; any console error fails the test.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, closeBrowserTest, launchBrowser } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { until } from '../../server/test/helpers/jobs.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

const TEXT = {
  en: {
    tab: 'Schedules', table: 'Scheduled jobs', title: 'Clean up the webhook delivery log', edit: 'Edit the schedule of Clean up the webhook delivery log',
    dialog: 'Schedule of Clean up the webhook delivery log', spec: 'Schedule', invalid: 'Not a schedule', save: 'Save', next: 'Next runs',
    enabled: 'Run Clean up finished jobs on its schedule', run: 'Run Clean up finished jobs now', done: 'Succeeded', off: 'Off',
  },
  'zh-CN': {
    tab: '定时任务', table: '定时任务', title: '清理 Webhook 投递记录', edit: '编辑清理 Webhook 投递记录的计划',
    dialog: '清理 Webhook 投递记录的计划', spec: '计划', invalid: '不是有效的计划', save: '保存', next: '接下来的运行时间',
    enabled: '按计划运行清理已完成的任务', run: '立即运行清理已完成的任务', done: '成功', off: '已停用',
  },
} as const;

describe.skipIf(!available)('the schedules tab in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    await server.services.jobs.start();
    browser = await launchBrowser();
  });
  afterAll(() => closeBrowserTest(open, browser, server));

  it.each(['en', 'zh-CN'] as const)('%s: edit a schedule with a preview, turn one off, run one now', async (locale) => {
    const text = TEXT[locale];
    const user = await server.newUser({ role: 'admin' });
    expect((await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale } })).status).toBe(200);
    // Each language starts from the defaults.
    for (const name of ['webhook.prune', 'jobs.prune']) {
      await api(server, `/api/admin/schedules/${name}`, { method: 'PUT', token: user.token, json: { spec: null, enabled: true } });
    }
    const device = await signedIn(browser, server, user, { next: '/admin/jobs', colorScheme: 'dark' });
    open.push(device);
    const { page, errors } = device;
    await page.getByRole('tab', { name: text.tab }).click();
    expect(page.url()).toBe(`${server.url}/admin/jobs?state=schedules`);
    const table = page.getByRole('table', { name: text.table });
    const row = table.getByRole('row').filter({ hasText: text.title });
    await row.getByText('every 1 h').waitFor();

    await row.getByRole('button', { name: text.edit }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    const spec = dialog.getByRole('textbox', { name: text.spec });
    await spec.fill('every fortnight');
    await dialog.getByText(text.invalid).waitFor();
    await expect(dialog.getByRole('button', { name: text.save }).isDisabled()).resolves.toBe(true);
    await spec.fill('15 4 * * *');
    await dialog.getByText(text.next).waitFor();
    await expect.poll(() => dialog.getByText(/04:15|4:15/).count()).toBe(3); // the browser's zone is UTC
    await dialog.getByRole('button', { name: text.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('15 4 * * *').waitFor();
    const saved = await api(server, '/api/admin/schedules', { token: user.token });
    expect((saved.body as { name: string; spec: string }[]).find((s) => s.name === 'webhook.prune')?.spec).toBe('15 4 * * *');

    // Off, then Run now: a job turned off still runs when asked.
    const prune = table.getByRole('row').filter({ has: page.getByRole('switch', { name: text.enabled }) });
    await page.getByRole('switch', { name: text.enabled }).click({ force: true });
    await prune.getByText(text.off).waitFor();
    await page.getByRole('button', { name: text.run }).click();
    await until(async () => {
      const list = (await api(server, '/api/admin/schedules', { token: user.token })).body as { name: string; last_run: { state: string } | null }[];
      return list.find((s) => s.name === 'jobs.prune')?.last_run?.state === 'done';
    });
    await prune.getByText(text.done).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});
