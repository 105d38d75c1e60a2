// The Debug files screens in a real browser (Debian's chromium through playwright-core) against
// a real server: a developer who owns an app with an iOS and an Android channel signs in, finds
// the empty state with the fastlane and curl commands (carrying the iOS channel's key), uploads
// the dSYM fixture through the dialog on a throttled connection and watches the progress bar
// climb, lands on the file's screen with its UUID and architecture; sees a fat dSYM uploaded
// from CI listed in its own version group with both slices' UUIDs; uploads the same zip again
// and lands on the file already stored (no error, nothing new); opens the build's release
// screen and finds its debug files there; and deletes a file after confirming. Any console
// error or uncaught exception fails the test. Screenshots: web-debug-files.png,
// web-debug-file.png, web-debug-upload.png.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { DSYM_FIXTURE, dsymBundle, dsymPlist, dsymWorkshop, makeZip, uploadDebugFile } from '../../server/test/helpers/debug-files.ts';
import type { Dwarf } from '../../server/test/helpers/debug-files.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
const FIXTURE_UUID = 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

describe.skipIf(!available)('the Debug files screens in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let device: DeviceContext;
  let page: Page;
  let workshop: ReturnType<typeof dsymWorkshop>;
  let fat: Dwarf;
  let app: { id: number; iosKey: string; iosChannelId: number };
  let uploadedId: number;

  beforeAll(async () => {
    server = await startServer();
    owner = await server.newUser({ role: 'developer', username: `dev_${process.pid}` });
    const created = await api(server, '/api/apps', {
      method: 'POST',
      token: owner.token,
      json: { name: 'Symbols Demo', schemes: [{ name: 'Beta', channels: [{ name: 'iOS', device_type: 'ios' }, { name: 'Android', device_type: 'android' }] }] },
    });
    if (created.status !== 201) throw new Error(`app not created: ${created.status} ${created.text}`);
    const ios = (created.body.schemes[0].channels as { id: number; key: string; device_type: string }[]).find((channel) => channel.device_type === 'ios')!;
    app = { id: created.body.id, iosKey: ios.key, iosChannelId: ios.id };
    workshop = dsymWorkshop();
    fat = workshop.build('FatApp', ['x86_64', 'arm64']);
    browser = await launchBrowser();
    device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 } });
    page = device.page;
  }, 60_000);

  afterAll(async () => {
    await device?.context.close();
    await browser?.close();
    workshop?.close();
    await server?.close();
  });

  const listUrl = () => `${server.url}/debug-files?app=${app.id}`;

  it('signs in and shows the empty state with the commands to upload from CI', async () => {
    await page.goto(`${server.url}/login?next=${encodeURIComponent('/debug-files')}`);
    await page.getByLabel('Username or email').fill(owner.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The first app is chosen and put in the URL.
    await page.waitForURL(listUrl());
    await page.getByText('No debug files for Symbols Demo yet').waitFor();
    const snippet = await page.getByRole('region', { name: 'Upload from CI' }).textContent();
    expect(snippet).toContain(`curl -F token=<token> -F channel_key=${app.iosKey} -F file=@MyApp.app.dSYM.zip ${server.url}/api/debug_files/upload`);
    expect(snippet).toContain(`zealot_debug_file(endpoint: '${server.url}'`);
    expect(await page.title()).toBe('Debug files · Tarmac');
    expect(device.errors).toEqual([]);
  });

  it('uploads the dSYM fixture through the dialog with a progress bar, then opens the file with its UUID', async () => {
    await page.getByRole('button', { name: 'Upload debug files' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload debug files to Symbols Demo' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByLabel('Drop a zip here or click to choose a file').click();
    await (await chooser).setFiles(DSYM_FIXTURE);
    await dialog.getByText('ios-dsym-single.zip', { exact: true }).waitFor();
    await expect(dialog.getByRole('combobox', { name: 'Channel' }).inputValue()).resolves.toBe('Beta · iOS (iOS)');

    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    // 335 KB at 120 KB/s: the bar is seen moving.
    const cdp = await device.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 120_000 });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForFunction(() => {
      const value = Number(document.querySelector('[role="progressbar"][aria-label="Upload progress"]')?.getAttribute('aria-valuenow'));
      return value >= 10 && value < 100;
    });
    await expect(dialog.getByRole('status').textContent()).resolves.toMatch(/^[\d.,]+ (KB|B) of 327 KB · \d+ %$/);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'web-debug-upload.png') });
    await page.waitForURL(/\/debug-files\/\d+$/, { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((value) => value > 0 && value < 100), `values seen: ${seen.join(',')}`).toBe(true);
    expect(seen[seen.length - 1]).toBe(100);
    uploadedId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByRole('heading', { name: 'iOS', level: 1 }).waitFor();
    await page.getByText('1.0 (1)', { exact: true }).first().waitFor();
    const entries = page.getByRole('table', { name: 'Objects, architectures and UUIDs' });
    const entryRows = entries.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(entryRows.count()).resolves.toBe(1);
    const row = await entryRows.first().textContent();
    expect(row).toContain(FIXTURE_UUID);
    expect(row).toContain('arm64');
    expect(row).toContain('ios.DSYM');
    const download = page.getByRole('link', { name: 'Download', exact: true });
    await expect(download.getAttribute('href')).resolves.toBe(`/download/debug_files/${uploadedId}`);
    // The download link works for the signed-in team member (a redirect to a signed link).
    const downloaded = await page.evaluate(async (href) => {
      const response = await fetch(href);
      return { status: response.status, size: (await response.arrayBuffer()).byteLength, url: response.url };
    }, `/download/debug_files/${uploadedId}`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.size).toBe(readFileSync(DSYM_FIXTURE).length);
    expect(downloaded.url).toMatch(/\/download\/debug_files\/\d+\/Symbols-Demo_ios_1\.0_1_ios-dsym-single\.zip\?expires=/);
    expect(await page.title()).toBe('iOS 1.0 (1) · Tarmac');
    await screenshot(page, 'web-debug-file');
    expect(device.errors).toEqual([]);
  });

  it('lists the files grouped by version with every slice UUID, a fat dSYM from CI included', async () => {
    const zip = makeZip(dsymBundle('FatApp.app.dSYM', 'FatApp', fat, dsymPlist('com.example.FatApp', '2.0', '20')));
    const sent = await uploadDebugFile(server, { token: owner.token, channel_key: app.iosKey }, { data: zip, name: 'FatApp.app.dSYM.zip' });
    expect(sent.status, sent.text).toBe(201);
    await page.goto(listUrl());
    // One table per version, named after it, highest version first.
    const groups = page.getByRole('table', { name: /^Debug files of / });
    await groups.nth(1).waitFor();
    await expect(groups.evaluateAll((tables) => tables.map((table) => table.getAttribute('aria-label')))).resolves.toEqual([
      'Debug files of 2.0 (20)',
      'Debug files of 1.0 (1)',
    ]);
    const bodyRow = (table: number) => groups.nth(table).getByRole('row').filter({ has: page.getByRole('cell') });
    const fatRow = await bodyRow(0).textContent();
    for (const slice of fat.slices) {
      expect(fatRow).toContain(slice.uuid);
      expect(fatRow).toContain(slice.arch);
    }
    expect(fatRow).toContain('com.example.FatApp');
    await expect(bodyRow(1).textContent()).resolves.toContain(FIXTURE_UUID);
    await page.getByRole('status').filter({ hasText: /^2 debug files$/ }).waitFor();
    // The platform filter lives in the URL.
    await page.getByText('Android', { exact: true }).click();
    await page.waitForURL(`${listUrl()}&platform=android`);
    await page.getByText('No Android debug files for this app yet').waitFor();
    await page.getByText('All', { exact: true }).click();
    await page.waitForURL(listUrl());
    await groups.nth(1).waitFor();
    await screenshot(page, 'web-debug-files');
    expect(device.errors).toEqual([]);
  });

  it('takes the same zip again without an error and opens the file already stored', async () => {
    await page.getByRole('button', { name: 'Upload debug files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload debug files to Symbols Demo' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByLabel('Drop a zip here or click to choose a file').click();
    await (await chooser).setFiles(DSYM_FIXTURE);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL(`${server.url}/debug-files/${uploadedId}`);
    await dialog.waitFor({ state: 'hidden' });
    const files = await api(server, `/api/debug_files?app_id=${app.id}`, { token: owner.token });
    expect(files.headers.get('x-total-count')).toBe('2');
    expect(device.errors).toEqual([]);
  });

  it("shows the build's debug files on its release screen", async () => {
    const build = await uploadFixture(server, owner.token, app.iosKey, 'iphone.ipa');
    const zip = makeZip(dsymBundle('AppInfoDemo.app.dSYM', 'AppInfoDemo', workshop.build('AppInfoDemo'), dsymPlist('com.icyleaf.AppInfoDemo', '1.2.3', '5')));
    const sent = await uploadDebugFile(server, { token: owner.token, channel_key: app.iosKey }, { data: zip, name: 'AppInfoDemo.app.dSYM.zip' });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.release).toEqual({ id: build.body.id, version: build.body.version, channel_id: app.iosChannelId });
    await page.goto(`${server.url}/apps/${app.id}/channels/${app.iosChannelId}/releases/${build.body.id}`);
    const link = page.getByRole('link', { name: 'AppInfoDemo', exact: true });
    await link.waitFor();
    await page.getByText(sent.body.uuids[0], { exact: true }).waitFor();
    await link.click();
    await page.waitForURL(`${server.url}/debug-files/${sent.body.id}`);
    const overview = page.getByRole('region', { name: 'Overview' });
    await overview.getByRole('link', { name: `Build #${build.body.version}`, exact: true }).waitFor();
    expect(device.errors).toEqual([]);
  });

  it('deletes a file after confirming, and the list no longer shows it', async () => {
    await page.goto(`${server.url}/debug-files/${uploadedId}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this debug file?' });
    await expect(confirm.textContent()).resolves.toContain('iOS 1.0 (1) and its stored zip will be deleted');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(listUrl());
    await page.getByText('iOS deleted').waitFor();
    const remaining = await api(server, `/api/debug_files?app_id=${app.id}`, { token: owner.token });
    expect((remaining.body as { id: number }[]).map((file) => file.id)).not.toContain(uploadedId);
    await page.getByRole('table', { name: /^Debug files of / }).first().waitFor();
    await expect(page.locator(`a[href="/debug-files/${uploadedId}"]`).count()).resolves.toBe(0);
    expect((await api(server, `/api/debug_files/${uploadedId}`, { token: owner.token })).status).toBe(404);
    expect(device.errors).toEqual([]);
  });
});
