// The Restore tab of /admin/backups in chromium: an administrator sees the empty state, uploads a
// file that is not an archive and reads the server's refusal in their language, uploads a real
// backup archive (made by a run through the API) with its progress, reads its dry-run report in the
// dialog that opens, finds it in the list as ready to apply, and forgets it after a confirmation
// (its uploaded copy is deleted on the server). English in light, Chinese in dark.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, closeBrowserTest, launchBrowser } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { runBackupToEnd } from '../../server/test/helpers/backups.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

const TEXT = {
  en: {
    tab: 'Restore', empty: 'No restores yet', uploadButton: 'Upload an archive…', dialog: 'Upload a backup archive', start: 'Upload and check',
    notArchive: /Is not a backup archive/, report: (name: string) => `Restore ${name}`, rowsPerTable: 'Rows per table', table: 'Restores',
    ready: 'Ready to apply', forget: (name: string) => `Forget the restore of ${name}`, confirm: 'Forget',
  },
  'zh-CN': {
    tab: '恢复', empty: '还没有恢复记录', uploadButton: '上传归档…', dialog: '上传备份归档', start: '上传并校验',
    notArchive: /不是备份归档/, report: (name: string) => `恢复 ${name}`, rowsPerTable: '各表的行数', table: '恢复记录',
    ready: '可以应用', forget: (name: string) => `移除 ${name} 的恢复`, confirm: '移除',
  },
} as const;

describe.skipIf(!available)('uploading an archive to restore, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let archive: Buffer;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer({}, { runJobs: true });
    const admin = await server.newUser({ role: 'admin' });
    const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
      method: 'POST', token: admin.token,
      json: {
        name: 'For upload', enabled: false, schedule: null, include_database: true, app_ids: null, include_debug_files: false,
        destination: 'local', keep_count: 5, notify_url: null,
      },
    });
    const run = await runBackupToEnd<{ state: string; archive_key: string }>(server, admin, plan.body.id);
    archive = readFileSync(path.join(server.dataDir, 'backups', run.archive_key));
    browser = await launchBrowser();
  });
  afterAll(() => closeBrowserTest(open, browser, server));

  it.each(['en', 'zh-CN'] as const)('%s: refuses a file that is not an archive, checks a real one, and forgets it', { timeout: 90_000 }, async (locale) => {
    const text = TEXT[locale];
    const user = await server.newUser({ role: 'admin' });
    expect((await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale } })).status).toBe(200);
    const device = await signedIn(browser, server, user, { next: '/admin/backups?tab=restore', colorScheme: locale === 'en' ? 'light' : 'dark' });
    open.push(device);
    const { page, errors } = device;
    await page.getByRole('tab', { name: text.tab, selected: true }).waitFor();
    await page.getByRole('heading', { name: text.empty }).waitFor();

    const upload = async (name: string, buffer: Buffer) => {
      await page.getByRole('button', { name: text.uploadButton }).click();
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/x-tar', buffer });
      await dialog.getByRole('button', { name: text.start }).click();
      return dialog;
    };

    // A file named .tar that is not one: the server's refusal, in the user's language; nothing listed.
    const refused = await upload('notes.tar', Buffer.alloc(4096, 0x41));
    await refused.getByText(text.notArchive).waitFor();
    await refused.press('Escape');
    await refused.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: text.empty }).waitFor();

    // A real archive: the restore dialog opens on its dry-run report.
    const name = `tarmac-${locale}.tar`;
    await upload(name, archive);
    const report = page.getByRole('dialog', { name: text.report(name) });
    await report.getByRole('table', { name: text.rowsPerTable }).getByRole('row').filter({ hasText: /^apps/ }).waitFor({ timeout: 20_000 });
    await report.press('Escape');
    await report.waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: text.table }).getByRole('row').filter({ hasText: name });
    await row.getByText(text.ready).waitFor();
    const restores = await api<{ items: { id: number; file_name: string; run_id: number | null }[] }>(server, '/api/admin/restores', { token: user.token });
    const restore = restores.body.items.find((item) => item.file_name === name)!;
    expect(restore.run_id).toBeNull();
    const copy = path.join(server.dataDir, 'restores', `${restore.id}.tar`);
    expect(existsSync(copy)).toBe(true);

    // Forget: after a confirmation the row leaves and the uploaded copy is deleted.
    await row.getByRole('button', { name: text.forget(name) }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.confirm, exact: true }).click();
    await row.waitFor({ state: 'detached' });
    expect(existsSync(copy)).toBe(false);
    expect(errors.filter((line) => !/status of 422/.test(line))).toEqual([]);
  });
});
