// Keyboard only, part 5 (issue 14, "keyboard-only use works for every flow"): debug files
// (upload through the upload dialog, open, delete) and a teardown, pressing only Tab, Shift+Tab,
// Enter, Space, arrows and Escape. A file is chosen as a keyboard user does: Enter on the drop
// zone opens the browser's file chooser, which Playwright answers with the fixture (or, when
// Chromium does not report the chooser, setInputFiles on the drop zone's input: the one step no
// key can do; see chooseFileByKeyboard). In English and light. Screenshots: test-results/screenshots/web-keys-files-<step>.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, FIXTURES, launchBrowser, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { DSYM_FIXTURE } from '../../server/test/helpers/debug-files.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import { startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { chooseFileByKeyboard, describeFocus, desktopSignedInByKeyboard, expectFocusOn, expectFocusVisible, isFocused, tabTo } from './keyboard.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('keyboard only: debug files and teardown, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    owner = await server.newUser({ username: `dsym_${process.pid}` });
    await newApp(server, { ownerId: owner.id, name: 'Files Keys', channel: 'iOS', deviceType: 'ios' });
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  async function signedInOn(next: string): Promise<DeviceContext> {
    const device = await desktopSignedInByKeyboard(browser, server.url, owner, { next, colorScheme: 'light' });
    open.push(device);
    return device;
  }

  it('debug files: upload, open, delete', async () => {
    const { page, errors } = await signedInOn('/debug-files');
    const upload = page.getByRole('button', { name: 'Upload debug files' }).first();
    await tabTo(upload);
    await expectFocusVisible(page, 'Upload debug files');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const dropzone = dialog.getByLabel('Drop a zip here or click to choose a file');
    await expectFocusOn(dropzone);
    await expectFocusVisible(page, 'debug file drop zone');
    await chooseFileByKeyboard(dropzone, DSYM_FIXTURE);
    await tabTo(dialog.getByRole('button', { name: 'Upload', exact: true }));
    await screenshot(page, 'web-keys-files-upload');
    await page.keyboard.press('Enter');
    // The upload opens the file's page; its breadcrumb leads back to the list, where its link opens it again.
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/debug-files\/\d+$/);
    const filePath = new URL(page.url()).pathname;
    await tabTo(page.getByRole('main').getByRole('link', { name: 'Debug files', exact: true }));
    await expectFocusVisible(page, 'breadcrumb');
    await page.keyboard.press('Enter');
    const link = page.getByRole('table').getByRole('link').first();
    await link.waitFor();
    await tabTo(link);
    await expectFocusVisible(page, 'debug file link');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}${filePath}`);

    // Delete: the confirmation starts on Cancel; Tab to Delete, Enter; back on the list.
    const del = page.getByRole('button', { name: 'Delete', exact: true });
    await tabTo(del);
    await expectFocusVisible(page, 'debug file: Delete');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this debug file?' });
    await confirm.waitFor();
    expect(await isFocused(confirm.getByRole('button', { name: 'Delete', exact: true }))).toBe(false);
    await tabTo(confirm.getByRole('button', { name: 'Delete', exact: true }));
    await screenshot(page, 'web-keys-files-delete');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/debug-files(\?.*)?$/);
    expect(errors).toEqual([]);
  }, 60_000);

  it('teardown: a package chosen from the drop zone by keyboard', async () => {
    const { page, errors } = await signedInOn('/');
    const teardown = page.getByRole('navigation').getByRole('link', { name: 'Teardown' });
    await tabTo(teardown);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/teardown`);
    const dropzone = page.getByLabel('File to inspect');
    await tabTo(dropzone);
    await expectFocusVisible(page, 'teardown drop zone');
    await chooseFileByKeyboard(dropzone, `${FIXTURES}/apps/android.apk`);
    await page.getByRole('heading', { name: 'AppInfoDemo', level: 2 }).waitFor({ timeout: 20_000 });
    // The focus is still on the page (the drop zone), not lost while the file was read.
    await expect.poll(() => describeFocus(page)).not.toBe('<body>');
    await screenshot(page, 'web-keys-files-teardown');
    expect(describeViolations('teardown result', await seriousViolations(page))).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
