// The Channel and Release screens in a real browser (Debian's chromium through playwright-core)
// against a real server: an admin signs in, opens a channel made through the API, uploads the
// Android fixture through the dialog on a throttled connection and watches the progress bar
// climb to 100 %, lands on the new release and finds the values the fixture README lists;
// filters the builds list by branch (kept in the URL across a reload); sees an iOS package
// refused for the Android channel before it is sent; sets the channel password in
// the settings and finds the public page asking for it in a fresh browser; cancels an upload
// midway and deletes a release after confirming. Any console error
// or uncaught exception fails the test.
// Screenshots: test-results/screenshots/web-channel.png, web-upload.png, web-release.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, FIXTURES, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');
const APK = path.join(FIXTURES, 'apps', 'android.apk');
const IPA = path.join(FIXTURES, 'apps', 'iphone.ipa');

interface Created {
  appId: number;
  channelId: number;
  slug: string;
  key: string;
}

describe.skipIf(!available)('the Channel and Release screens in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let device: DeviceContext;
  let page: Page;
  let channel: Created;
  let releaseId: number;
  const fresh: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `admin_${process.pid}` });
    const created = await api(server, '/api/apps', {
      method: 'POST',
      token: admin.token,
      json: { name: 'AppInfo Demo', schemes: [{ name: 'Beta', channels: [{ name: 'Android', device_type: 'android' }] }] },
    });
    if (created.status !== 201) throw new Error(`app not created: ${created.status} ${created.text}`);
    const made = created.body.schemes[0].channels[0];
    channel = { appId: created.body.id, channelId: made.id, slug: made.slug, key: made.key };
    browser = await launchBrowser();
    device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 } });
    page = device.page;
  });

  afterAll(async () => {
    for (const other of fresh) await other.context.close();
    await device?.context.close();
    await browser?.close();
    await server?.close();
  });

  const channelUrl = () => `${server.url}/apps/${channel.appId}/channels/${channel.channelId}`;
  /** The builds table's body rows (the header row holds no cells). */
  const buildRows = () => page.getByRole('table', { name: 'Builds' }).getByRole('row').filter({ has: page.getByRole('cell') });

  it('signs in and shows an empty channel with its public link and key', async () => {
    await page.goto(`${server.url}/login?next=${encodeURIComponent(`/apps/${channel.appId}/channels/${channel.channelId}`)}`);
    await page.getByLabel('Username or email').fill(admin.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(channelUrl());
    await page.getByRole('heading', { name: 'Android', level: 1 }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Where this channel is' });
    await expect(crumbs.textContent()).resolves.toContain('AppInfo Demo');
    await page.getByText('No builds yet').waitFor();
    await expect(page.getByRole('textbox', { name: 'Public link of the channel' }).inputValue()).resolves.toBe(`${server.url}/${channel.slug}`);
    const keyCard = page.getByRole('region', { name: 'Channel key' });
    await expect(keyCard.getByLabel('Channel key', { exact: true }).inputValue()).resolves.toBe(channel.key);
    // The QR code image loaded (an SVG from /<slug>/qrcode).
    const qr = page.getByRole('img', { name: "QR code of the channel's public link" });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.title()).toBe('Android · AppInfo Demo · Tarmac');
    expect(device.errors).toEqual([]);
  });

  it('uploads the apk through the dialog with a progress bar that reaches 100 %, then opens the release', async () => {
    await page.getByRole('button', { name: 'Upload a build' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload a build to Android' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByLabel('Drop a build here or click to choose a file').click();
    await (await chooser).setFiles(APK);
    await dialog.getByText('android.apk', { exact: true }).waitFor();
    await dialog.getByRole('textbox', { name: 'Changelog' }).fill('First build\nSecond line');
    await dialog.getByLabel('Release type').fill('beta');
    await dialog.getByLabel('Branch').fill('main');
    await dialog.getByLabel('Commit').fill('a1b2c3d4');

    // Record every value the bar shows; throttle the upload (4 MB at 1.5 MB/s) so it is seen moving.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    const cdp = await device.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1_500_000 });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await page.waitForFunction(() => {
      const value = Number(document.querySelector('[role="progressbar"][aria-label="Upload progress"]')?.getAttribute('aria-valuenow'));
      return value >= 20 && value < 100;
    });
    await expect(dialog.getByRole('status').textContent()).resolves.toMatch(/^[\d.,]+ (KB|MB|B) of 3\.8 MB · \d+ %$/);
    // The viewport only: a full-page shot would show the dialog's overlay cut short.
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'web-upload.png') });
    await page.waitForURL(/\/releases\/\d+$/, { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((value) => value > 0 && value < 100), `values seen: ${seen.join(',')}`).toBe(true);
    expect(seen[seen.length - 1]).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    await expect(progress.count()).resolves.toBe(0);
    releaseId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(page.url()).toBe(`${channelUrl()}/releases/${releaseId}`);
  });

  it("shows the release's parsed values as the fixture README lists them", async () => {
    await page.getByRole('heading', { name: 'AppInfoDemo', level: 1 }).waitFor();
    await page.getByText('com.icyleaf.appinfodemo', { exact: true }).first().waitFor();
    await page.getByText('2.1.0 (10)', { exact: true }).waitFor();
    const sdk = page.getByRole('region', { name: 'Android build' });
    await expect(sdk.textContent()).resolves.toContain('Package namecom.icyleaf.appinfodemo');
    await expect(sdk.textContent()).resolves.toContain('Minimum SDKAPI 14 (Android 4.0)');
    await expect(sdk.textContent()).resolves.toContain('Target SDKAPI 31 (Android 12)');
    await expect(sdk.textContent()).resolves.toContain('Native code (ABIs)None: runs on any ABI');
    await expect(sdk.textContent()).resolves.toContain('2 activities, 0 services');
    const permissions = page.getByRole('list', { name: /permissions?$/ });
    await expect(permissions.getByRole('listitem').first().textContent()).resolves.toBe('android.permission.ACCESS_NETWORK_STATE');
    const signatures = page.getByRole('region', { name: 'Signatures' });
    await expect(signatures.textContent()).resolves.toContain('META-INF/CERT.RSA');
    await expect(signatures.getByText('v2', { exact: true }).isVisible()).resolves.toBe(true);
    const overview = page.getByRole('region', { name: 'Build', exact: true });
    await expect(overview.textContent()).resolves.toContain('Size3.8 MB');
    await expect(overview.textContent()).resolves.toContain('Branchmain');
    const changelog = page.getByRole('region', { name: 'Changelog' });
    await expect(changelog.getByRole('listitem').allTextContents()).resolves.toEqual(['First build', 'Second line']);
    await expect(page.getByRole('link', { name: 'Download', exact: true }).getAttribute('href')).resolves.toBe(`/${channel.slug}/${releaseId}/download`);
    await page.getByRole('link', { name: `${server.url}/${channel.slug}/${releaseId}`, exact: true }).waitFor();
    expect(await page.title()).toBe('AppInfoDemo 2.1.0 · Tarmac');
    await screenshot(page, 'web-release');
    expect(device.errors).toEqual([]);
  });

  it('edits the release: a new release type shows at once', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit build #1' });
    await dialog.getByRole('textbox', { name: 'Release type' }).fill('rc');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByRole('region', { name: 'Build', exact: true }).textContent()).resolves.toContain('Release typerc');
  });

  it('filters the builds list by branch, keeping the filter in the URL', async () => {
    await uploadFixture(server, admin.token, channel.key, 'android.apk', { branch: 'develop', release_type: 'adhoc' });
    await page.goto(channelUrl());
    const table = page.getByRole('table', { name: 'Builds' });
    const rows = buildRows();
    await rows.nth(1).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await page.getByRole('combobox', { name: 'Branch' }).click();
    await page.getByRole('option', { name: 'develop (1)' }).click();
    await page.waitForURL(`${channelUrl()}?branch=develop`);
    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('#2');
    await page.reload();
    await table.waitFor();
    await expect(rows.count()).resolves.toBe(1);
    await page.getByRole('status').filter({ hasText: /^1 build$/ }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(channelUrl());
    await expect.poll(() => rows.count()).toBe(2);
    // Clicking a row's branch filters by it too.
    await page.getByRole('button', { name: 'Show only builds from main' }).click();
    await page.waitForURL(`${channelUrl()}?branch=main`);
    await expect.poll(() => rows.count()).toBe(1);
    await page.goto(channelUrl());
    await table.waitFor();
    await screenshot(page, 'web-channel');
    expect(device.errors).toEqual([]);
  });

  it('refuses an iOS package for the Android channel before sending it (issue 14, item 12)', async () => {
    await page.getByRole('button', { name: 'Upload a build' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload a build to Android' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByLabel('Drop a build here or click to choose a file').click();
    await (await chooser).setFiles(IPA);
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe('“iphone.ipa” is not a build for Android: this channel takes .apk, .aab files. Choose another file; nothing was sent.');
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).resolves.toBe(true);
    expect(device.errors).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const list = await api(server, `/api/channels/${channel.channelId}/releases`, { token: admin.token });
    expect(list.body).toHaveLength(2);
  });

  it('cancels an upload midway: the transfer stops and nothing is saved', async () => {
    await page.getByRole('button', { name: 'Upload a build' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload a build to Android' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByLabel('Drop a build here or click to choose a file').click();
    await (await chooser).setFiles(APK);
    const cdp = await device.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400_000 });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForFunction(() => Number(document.querySelector('[role="progressbar"][aria-label="Upload progress"]')?.getAttribute('aria-valuenow')) >= 5);
    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('The upload was cancelled: nothing was saved.');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true }).isEnabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const list = await api(server, `/api/channels/${channel.channelId}/releases`, { token: admin.token });
    expect(list.body).toHaveLength(2);
    expect(device.errors).toEqual([]);
  });

  it('sets the channel password in the settings, and the public page asks for it in a fresh browser', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL(`${channelUrl()}?tab=settings`);
    const status = page.getByRole('status').filter({ hasText: /password/i });
    await expect(status.textContent()).resolves.toBe('No password: anyone with the link can install the builds.');
    await page.getByRole('region', { name: 'Password' }).getByLabel('Password', { exact: true }).fill('open sesame');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByText('Password set: visitors now need it').waitFor();
    await expect(status.textContent()).resolves.toContain('ask for the password');
    expect(device.errors).toEqual([]);

    const visitor = await openDevice(browser, USER_AGENTS.android);
    fresh.push(visitor);
    await visitor.page.goto(`${server.url}/${channel.slug}`);
    await expect(visitor.page.locator('#password-heading').isVisible()).resolves.toBe(true);
    await expect(visitor.page.locator('input[type="password"]').count()).resolves.toBe(1);
    await expect(visitor.page.getByText('AppInfoDemo').count()).resolves.toBe(0);
    // The password page itself answers 401, which the browser logs; nothing else may be.
    expect(visitor.errors.filter((error) => !error.includes('the server responded with a status of 401'))).toEqual([]);

    // Removing it (after confirming) makes the page public again.
    await page.getByRole('button', { name: 'Remove the password' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the password' });
    await confirm.getByRole('button', { name: 'Remove the password' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect(status.textContent()).resolves.toBe('No password: anyone with the link can install the builds.');
    await visitor.page.goto(`${server.url}/${channel.slug}`);
    await expect(visitor.page.locator('input[type="password"]').count()).resolves.toBe(0);
    expect(device.errors).toEqual([]);
  });

  it('deletes a release after confirming, and goes back to the channel', async () => {
    await page.goto(`${channelUrl()}/releases/${releaseId}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete build #1' });
    await expect(confirm.textContent()).resolves.toContain('removed from Android for good');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(channelUrl());
    await page.getByText('Build #1 deleted').waitFor();
    await expect.poll(() => buildRows().count()).toBe(1);
    const gone = await api(server, `/api/releases/${releaseId}`, { token: admin.token });
    expect(gone.status).toBe(404);
    expect(device.errors).toEqual([]);
  });
});
