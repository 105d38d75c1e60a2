// /admin/backups in chromium: an administrator sees the empty state, makes a plan in the dialog
// (the schedule's next runs previewed), runs it now and watches
// it finish on the Runs tab, downloads the archive with the session (the bytes the run reports),
// and deletes it after a confirmation (in English), or restores it after typing the host name (in
// Chinese, last: it signs everyone out). Any console error but the restore's 401/503 fails it.
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
    title: 'Backups', empty: 'No backup plan yet', create: 'New plan', dialog: 'New backup plan', name: 'Name', schedule: 'Schedule',
    next: 'Next runs', submit: 'Create plan', plans: 'Backup plans', run: (name: string) => `Run ${name} now`, runs: 'Backup runs',
    done: 'Done', download: (key: string) => `Download ${key}`, remove: (key: string) => `Delete the archive ${key}`,
    confirm: 'Delete archive', gone: 'Archive deleted or pruned',
    restore: (key: string) => `Restore ${key}`, restoreTitle: (key: string) => `Restore ${key}`, rowsPerTable: 'Rows per table',
    apply: 'Replace the data', typeHost: (host: string) => `Type ${host} to confirm`, signedOut: /signed you out/, restored: /^Restored/,
  },
  'zh-CN': {
    title: '备份', empty: '还没有备份计划', create: '新建计划', dialog: '新建备份计划', name: '名称', schedule: '时间表',
    next: '接下来的运行时间', submit: '创建计划', plans: '备份计划', run: (name: string) => `立即运行 ${name}`, runs: '备份运行记录',
    done: '完成', download: (key: string) => `下载 ${key}`, remove: (key: string) => `删除归档 ${key}`,
    confirm: '删除归档', gone: '归档已删除或已清理',
    restore: (key: string) => `恢复 ${key}`, restoreTitle: (key: string) => `恢复 ${key}`, rowsPerTable: '各表的行数',
    apply: '替换数据', typeHost: (host: string) => `输入 ${host} 以确认`, signedOut: /将你登出/, restored: /^恢复完成/,
  },
} as const;

interface Run {
  id: number;
  plan_name: string;
  state: string;
  archive_key: string | null;
  size: number | null;
}

describe.skipIf(!available)('the backups screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    await server.services.jobs.start();
    browser = await launchBrowser();
  });
  afterAll(() => closeBrowserTest(open, browser, server));

  it.each(['en', 'zh-CN'] as const)('%s: make a plan, run it, download and delete or restore its archive', { timeout: 90_000 }, async (locale) => {
    const text = TEXT[locale];
    const user = await server.newUser({ role: 'admin' });
    expect((await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale } })).status).toBe(200);
    const device = await signedIn(browser, server, user, { next: '/admin/backups', colorScheme: locale === 'en' ? 'light' : 'dark' });
    open.push(device);
    const { page, errors } = device;
    await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
    if (locale === 'en') await page.getByRole('heading', { name: text.empty }).waitFor();

    const name = `Nightly ${locale}`;
    await page.getByRole('button', { name: text.create }).first().click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await dialog.getByRole('textbox', { name: text.name }).fill(name);
    const schedule = dialog.getByRole('textbox', { name: text.schedule });
    await schedule.fill('every 6h');
    await dialog.getByText(text.next).waitFor();
    await dialog.getByRole('button', { name: text.submit }).click();
    await dialog.waitFor({ state: 'hidden' });
    const plans = page.getByRole('table', { name: text.plans });
    await plans.getByRole('row').filter({ hasText: name }).getByText('every 6h').waitFor();

    // Run now opens the Runs tab, where the run's progress ends in Done.
    await page.getByRole('button', { name: text.run(name) }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'runs');
    const row = page.getByRole('table', { name: text.runs }).getByRole('row').filter({ hasText: name });
    await row.getByText(text.done, { exact: true }).waitFor({ timeout: 20_000 });
    const runs = await api<{ items: Run[] }>(server, '/api/admin/backups/runs?per_page=100', { token: user.token });
    const run = runs.body.items.find((item) => item.plan_name === name)!;
    expect(run).toMatchObject({ state: 'done' });

    // The link downloads the archive with the browser's session.
    const link = row.getByRole('link', { name: text.download(run.archive_key!) });
    const href = await link.getAttribute('href');
    const fetched = await page.evaluate(async (url) => {
      const response = await fetch(url!);
      return { status: response.status, type: response.headers.get('content-type'), size: (await response.arrayBuffer()).byteLength };
    }, href);
    expect(fetched).toEqual({ status: 200, type: 'application/x-tar', size: run.size });

    // Restore: the dry-run report of the archive, applied after typing the host name. It replaces
    // the accounts (this administrator's session ends), so the dialog asks to sign in again.
    if (locale === 'zh-CN') {
      await row.getByRole('button', { name: text.restore(run.archive_key!) }).click();
      const restore = page.getByRole('dialog', { name: text.restoreTitle(run.archive_key!) });
      await restore.getByRole('table', { name: text.rowsPerTable }).getByRole('row').filter({ hasText: /^apps/ }).waitFor({ timeout: 20_000 });
      const apply = restore.getByRole('button', { name: text.apply });
      expect(await apply.isDisabled()).toBe(true);
      const restores = await api<{ items: { confirm_text: string; state: string }[] }>(server, '/api/admin/restores', { token: user.token });
      const host = restores.body.items[0]!.confirm_text;
      expect(restores.body.items[0]!.state).toBe('ready');
      await restore.getByRole('textbox', { name: text.typeHost(host) }).fill('wrong.example');
      expect(await apply.isDisabled()).toBe(true);
      await restore.getByRole('textbox', { name: text.typeHost(host) }).fill(host);
      await apply.click();
      await restore.getByText(text.signedOut).or(restore.getByText(text.restored)).waitFor({ timeout: 30_000 });
      expect(errors.filter((line) => !/status of (401|503)/.test(line))).toEqual([]);
      return;
    }
    await row.getByRole('button', { name: text.remove(run.archive_key!) }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: text.confirm }).click();
    await row.getByText(text.gone).waitFor();
    const after = await api<Run>(server, `/api/admin/backups/runs/${run.id}`, { token: user.token });
    expect(after.body.archive_key).toBeNull();
    expect(errors).toEqual([]);
  });
});
