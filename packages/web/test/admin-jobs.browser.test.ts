// The background jobs screen (/admin/jobs) in chromium. The server's own queue runs two test job
// kinds: `test.flaky` fails its first run and succeeds after, `test.broken` always fails; each is
// queued with one attempt, so it ends failed at once. An administrator follows the dashboard's
// jobs card (failed in red) to the Failed tab, opens a failed job's detail by keyboard (the whole
// error), retries it (it runs again and is done), and discards another after a confirmation; the
// running tab is empty. In English and Chinese, light and dark: no serious axe violation on the
// screen, a job's detail and the discard confirmation. Any console error fails the test.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, pressByKeyboard, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { until } from '../../server/test/helpers/jobs.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
const FLAKY_ERROR = 'receiver answered 500: Internal Server Error (first run of a flaky job)';
const BROKEN_ERROR = 'receiver answered 410: this hook is gone';

type Locale = 'en' | 'zh-CN';
const NAMES = {
  failedTab: { en: /^Failed/, 'zh-CN': /^失败/ },
  detail: { en: (id: string, name: string) => `Job ${id}: ${name}`, 'zh-CN': (id: string, name: string) => `任务 ${id}：${name}` },
  discardJob: { en: (id: string) => `Discard job ${id}`, 'zh-CN': (id: string) => `丢弃任务 ${id}` },
  discardTitle: { en: (id: string) => `Discard job ${id}?`, 'zh-CN': (id: string) => `丢弃任务 ${id}？` },
  table: { en: 'Failed jobs', 'zh-CN': '失败的任务' },
  cancel: { en: 'Cancel', 'zh-CN': '取消' },
} as const;

describe.skipIf(!available)('the background jobs screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const open: DeviceContext[] = [];
  const flakyRuns = new Map<string, number>();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer();
    const { jobs } = server.services;
    jobs.register('test.flaky', (payload) => {
      const key = String(payload.deliveryId);
      const runs = (flakyRuns.get(key) ?? 0) + 1;
      flakyRuns.set(key, runs);
      return runs === 1 ? Promise.reject(new Error(FLAKY_ERROR)) : Promise.resolve();
    });
    jobs.register('test.broken', () => Promise.reject(new Error(BROKEN_ERROR)));
    await jobs.start();
    ids.flaky = await jobs.enqueue('test.flaky', { deliveryId: 'd-1' }, { maxAttempts: 1 });
    ids.doomed = await jobs.enqueue('test.flaky', { deliveryId: 'd-2' }, { maxAttempts: 1 });
    ids.broken = await jobs.enqueue('test.broken', { deliveryId: 'd-3' }, { maxAttempts: 1 });
    await until(async () => (await jobs.counts()).failed === 3);
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  async function admin(locale: Locale, scheme: 'light' | 'dark'): Promise<TestUser> {
    const made = await server.newUser({ role: 'admin' });
    const saved = await api(server, '/api/user', { method: 'PUT', token: made.token, json: { locale, appearance: scheme } });
    expect(saved.status).toBe(200);
    return made;
  }

  async function axe(found: string[], page: Page, where: string): Promise<void> {
    found.push(...describeViolations(where, await seriousViolations(page)));
  }

  it('English, light: from the dashboard card to a failed job, retried, and another discarded', async () => {
    const user = await admin('en', 'light');
    const device = await signedIn(browser, server, user, { next: '/', colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;

    const card = page.getByRole('link', { name: 'Background jobs 0 Waiting 0 Running 3 Failed' });
    await card.click();
    await page.waitForURL(`${server.url}/admin/jobs?state=failed`);
    await page.getByRole('heading', { name: 'Background jobs', level: 1 }).waitFor();
    await expect(page.getByRole('tab', { name: /^Failed/ }).getAttribute('aria-selected')).resolves.toBe('true');
    const table = page.getByRole('table', { name: 'Failed jobs' });
    await table.getByRole('row').filter({ hasText: BROKEN_ERROR }).waitFor();
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'receiver answered 500' }).count()).toBe(2);

    // The detail, opened by keyboard: the whole error, what the job is about, its attempts.
    await pressByKeyboard(table.getByRole('row').filter({ hasText: `#${ids.flaky}` }).getByRole('button', { name: 'test.flaky' }));
    const detail = page.getByRole('dialog', { name: `Job ${ids.flaky}: test.flaky` });
    await detail.waitFor();
    await detail.getByRole('region', { name: 'Last error' }).filter({ hasText: FLAKY_ERROR }).waitFor();
    await detail.getByText('deliveryId d-1').waitFor();
    await detail.getByText('1 of 1').waitFor();
    await screenshot(page, 'web-admin-jobs-detail-en');
    await detail.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(`Job ${ids.flaky} (test.flaky) will run again now.`).waitFor();
    await detail.waitFor({ state: 'hidden' });
    // It runs again (a worker picks it up soon after), succeeds, and leaves the Failed tab.
    await until(() => flakyRuns.get('d-1') === 2);
    await until(async () => (await server.services.jobs.list({ state: 'done' })).items.some((job) => job.name === 'test.flaky'));
    await table.getByRole('row').filter({ hasText: `#${ids.flaky}` }).waitFor({ state: 'detached' });
    expect((await server.services.jobs.counts()).failed).toBe(2);

    // Discard, after a confirmation.
    await table.getByRole('button', { name: `Discard job ${ids.doomed}` }).click();
    const confirm = page.getByRole('dialog', { name: `Discard job ${ids.doomed}?` });
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await page.getByText(`Job ${ids.doomed} (test.flaky) discarded.`).waitFor();
    await table.getByRole('row').filter({ hasText: `#${ids.doomed}` }).waitFor({ state: 'detached' });
    expect(flakyRuns.get('d-2')).toBe(1);
    await expect.poll(() => page.getByRole('tab', { name: /^Failed/ }).textContent()).toBe('Failed1');

    // Another tab, by keyboard (arrows move and select): Failed → Scheduled → Running, where nothing runs.
    await page.getByRole('tab', { name: /^Failed/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: 'No job is running' }).waitFor();
    expect(page.url()).toBe(`${server.url}/admin/jobs?state=running`);
    expect(errors).toEqual([]);
  });

  it.each([
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
    ['en', 'light'],
  ] as const)('has no serious axe violation in %s, %s: the list, a detail, the discard confirmation', async (locale, scheme) => {
    const user = await admin(locale, scheme);
    const device = await signedIn(browser, server, user, { next: '/admin/jobs?state=failed', colorScheme: scheme });
    open.push(device);
    const { page, errors } = device;
    const found: string[] = [];
    const table = page.getByRole('table', { name: NAMES.table[locale] });
    await table.getByRole('row').filter({ hasText: BROKEN_ERROR }).waitFor();
    await axe(found, page, `${locale} ${scheme} list`);

    await table.getByRole('row').filter({ hasText: `#${ids.broken}` }).getByRole('button', { name: 'test.broken' }).click();
    const detail = page.getByRole('dialog', { name: NAMES.detail[locale](ids.broken!, 'test.broken') });
    await detail.waitFor();
    await axe(found, page, `${locale} ${scheme} detail`);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    await table.getByRole('button', { name: NAMES.discardJob[locale](ids.broken!) }).click();
    const confirm = page.getByRole('dialog', { name: NAMES.discardTitle[locale](ids.broken!) });
    await confirm.waitFor();
    await axe(found, page, `${locale} ${scheme} discard confirmation`);
    await confirm.getByRole('button', { name: NAMES.cancel[locale] }).click();
    await confirm.waitFor({ state: 'hidden' });
    if (locale === 'zh-CN' && scheme === 'dark') await screenshot(page, 'web-admin-jobs-zh-CN-dark');
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
