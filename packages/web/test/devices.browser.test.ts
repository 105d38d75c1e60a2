// The devices screen in a real browser (Debian's chromium through playwright-core) against a real
// server: an empty list shows the /udid address testers open; two devices stored in the database
// are listed; the search (in the URL) narrows to one; an administrator renames one (the API then
// answers the new name) and deletes the other after confirming; a member sees the list without
// rename or delete; a sync from the Apple developer account (PUT /api/devices/<udid>) adds a
// device shown as synced, with Apple's status, in English and in Chinese dark mode; a stranger
// on /udid/<UDID> (English, and Chinese in dark mode) sees only the UDID and model and a link to
// the list, which shows a member that one device. Rows are found by the UDID they show, a
// device's name as its row's header, its iOS version as "iOS 17.0 (21A329)". Any console error
// or uncaught exception fails the test.
// Screenshot: test-results/screenshots/web-devices.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
const PHONE_UDID = '00008030-001A2B3C4D5E802E';
const PAD_UDID = '0123456789abcdef0123456789abcdef01234567';
const SYNCED_UDID = '00008120-001A2B3C4D5E6F70';
const PROFILE_UDID = '00008110-000A0B0C0D0E0F10';

describe.skipIf(!available)('the devices screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let member: TestUser;
  const open: DeviceContext[] = [];
  let phoneId: number;
  let padId: number;

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `boss_${process.pid}` });
    member = await server.newUser({ username: `member_${process.pid}` });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function seed(values: { udid: string; name: string | null; product: string; updated_at: string }): Promise<number> {
    const row = await server.database.db
      .insertInto('devices')
      .values({ ...values, os_version: '21A329', serial: 'SERIAL1', imei: null, created_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function signedIn(user: TestUser, next: string): Promise<DeviceContext> {
    const opened = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Shanghai' });
    open.push(opened);
    opened.page.setDefaultTimeout(10_000);
    const { page } = opened;
    await page.goto(`${server.url}/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}${next}`);
    return opened;
  }

  /** The devices table's body rows (the header row holds no cells), and the one showing `udid`. */
  const rows = (page: Page) => page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });
  const row = (page: Page, udid: string) => rows(page).filter({ hasText: udid });
  /** A device's name: the header of its row. */
  const nameOf = (page: Page, udid: string) => row(page, udid).getByRole('rowheader').textContent();

  it('shows where testers register, then lets an administrator search, rename and delete', async () => {
    const { page, errors } = await signedIn(admin, '/devices');
    await page.waitForFunction(() => document.title === 'Devices · Tarmac');
    await page.getByRole('heading', { name: 'No devices registered yet' }).waitFor();
    const help = page.getByRole('region', { name: 'How testers register a device' });
    await expect(help.getByText(`${server.url}/udid`, { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Open the registration page' }).getAttribute('href')).resolves.toBe(`${server.url}/udid`);

    phoneId = await seed({ udid: PHONE_UDID, name: 'Ana’s iPhone', product: 'iPhone15,2', updated_at: '2026-01-02T00:00:00.000Z' });
    padId = await seed({ udid: PAD_UDID, name: null, product: 'iPad13,4', updated_at: '2026-01-03T00:00:00.000Z' });
    await page.reload();
    await rows(page).nth(1).waitFor();
    await expect(rows(page).count()).resolves.toBe(2);
    await expect(row(page, PHONE_UDID).textContent()).resolves.toContain('Ana’s iPhone');
    await expect(row(page, PHONE_UDID).textContent()).resolves.toContain('iPhone 14 Pro (iPhone15,2)');
    // The iOS version of the build the device reported, and the build.
    await expect(row(page, PHONE_UDID).textContent()).resolves.toContain('iOS 17.0 (21A329)');
    await expect(nameOf(page, PAD_UDID)).resolves.toBe('Unnamed');
    await page.getByRole('status').filter({ hasText: /^2 devices$/ }).waitFor();
    await screenshot(page, 'web-devices');

    // The search narrows to one and lives in the URL.
    await page.getByRole('searchbox', { name: 'Search' }).fill('ipad13');
    await page.waitForURL(`${server.url}/devices?q=ipad13`);
    await row(page, PHONE_UDID).waitFor({ state: 'detached' });
    await expect(rows(page).count()).resolves.toBe(1);
    await expect(row(page, PAD_UDID).count()).resolves.toBe(1);

    // Rename the unnamed iPad.
    await row(page, PAD_UDID).getByRole('button', { name: 'Rename Unnamed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename the device' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('  Test iPad  ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, PAD_UDID).getByText('Test iPad', { exact: true }).waitFor();
    const renamed = await api(server, `/api/devices/${padId}`, { token: admin.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Test iPad');

    // Delete the iPhone, after confirming.
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.waitForURL(`${server.url}/devices`);
    await rows(page).nth(1).waitFor();
    await row(page, PHONE_UDID).getByRole('button', { name: 'Delete Ana’s iPhone' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Ana’s iPhone?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row(page, PHONE_UDID).waitFor({ state: 'detached' });
    await expect(rows(page).count()).resolves.toBe(1);
    const gone = await api(server, `/api/devices/${phoneId}`, { token: admin.token });
    expect(gone.status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('shows a member the list without rename or delete', async () => {
    const { page, errors } = await signedIn(member, '/devices');
    await row(page, PAD_UDID).waitFor();
    await expect(row(page, PAD_UDID).textContent()).resolves.toContain('Test iPad');
    await expect(page.getByRole('button', { name: /^Rename / }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Copy the UDID of Test iPad' }).count()).resolves.toBe(1);
    // The navigation links here.
    await expect(page.getByRole('link', { name: 'Devices' }).getAttribute('href')).resolves.toBe('/devices');
    expect(errors).toEqual([]);
  });

  it("shows where each device came from, and Apple's status once synced, in English and in Chinese dark mode", async () => {
    // fastlane's zealot_sync_devices: PUT /api/devices/<udid>, form-encoded, token in the body.
    const sync = async (udid: string, form: Record<string, string>) => {
      const res = await api(server, `/api/devices/${udid}`, { method: 'PUT', form: { token: admin.token, ...form } });
      expect(res.status).toBe(200);
    };
    await sync(SYNCED_UDID, { name: 'Ci’s iPhone 15', model: 'iPhone 15', platform: 'IOS', status: 'DISABLED' });
    await sync(PAD_UDID, { name: '', status: 'ENABLED' });
    // Listed by an uploaded build's provisioning profile: no name, no Apple status.
    const stamp = new Date().toISOString();
    await server.database.db.insertInto('devices').values({ udid: PROFILE_UDID, source: 'profile', created_at: stamp, updated_at: stamp }).execute();

    const { page, errors } = await signedIn(member, '/devices');
    await row(page, SYNCED_UDID).waitFor();
    /** Whether the row of `udid` shows exactly `text` (a source, an Apple status). */
    const shows = (target: Page, udid: string, text: string) => row(target, udid).getByText(text, { exact: true }).count();
    await expect(nameOf(page, SYNCED_UDID)).resolves.toBe('Ci’s iPhone 15');
    await expect(row(page, SYNCED_UDID).textContent()).resolves.toContain('iPhone 15');
    await expect(shows(page, SYNCED_UDID, 'Synced from Apple')).resolves.toBe(1);
    await expect(shows(page, SYNCED_UDID, 'Disabled')).resolves.toBe(1);
    // Registered through /udid, then listed by a sync: its source stays, its name too.
    await expect(nameOf(page, PAD_UDID)).resolves.toBe('Test iPad');
    await expect(shows(page, PAD_UDID, 'Registered via /udid')).resolves.toBe(1);
    await expect(shows(page, PAD_UDID, 'Enabled')).resolves.toBe(1);
    await expect(shows(page, PROFILE_UDID, "Listed in a build's profile")).resolves.toBe(1);
    await expect(row(page, PROFILE_UDID).getByText(/^(Enabled|Disabled)$/).count()).resolves.toBe(0);
    await expect(page.getByRole('columnheader', { name: 'Source' }).count()).resolves.toBe(1);
    await screenshot(page, 'web-devices-sources');
    expect(errors).toEqual([]);

    const preferences = await api(server, '/api/user', { method: 'PUT', token: member.token, json: { locale: 'zh-CN', appearance: 'dark' } });
    expect(preferences.status).toBe(200);
    const chinese = await signedIn(member, '/devices');
    await chinese.page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    await chinese.page.getByRole('columnheader', { name: '来源' }).waitFor();
    await expect(shows(chinese.page, SYNCED_UDID, '从 Apple 同步')).resolves.toBe(1);
    await expect(shows(chinese.page, SYNCED_UDID, '已停用')).resolves.toBe(1);
    await expect(shows(chinese.page, PAD_UDID, '通过 /udid 登记')).resolves.toBe(1);
    await expect(shows(chinese.page, PAD_UDID, '已启用')).resolves.toBe(1);
    await expect(shows(chinese.page, PROFILE_UDID, '构建的描述文件中列出')).resolves.toBe(1);
    await screenshot(chinese.page, 'web-devices-sources-zh-dark');
    expect(chinese.errors).toEqual([]);
    // Back to English for the tests that follow.
    await api(server, '/api/user', { method: 'PUT', token: member.token, json: { locale: 'en', appearance: 'light' } });
  });

  it("shows a stranger on the device's own page only its UDID and model, and sends them to the team's list", async () => {
    for (const [locale, teamList] of [
      ['en-US', 'Open in the team’s device list'],
      ['zh-CN', '在团队设备列表中查看'],
    ] as const) {
      const opened = await openDevice(browser, USER_AGENTS.iphone, { locale, colorScheme: locale === 'zh-CN' ? 'dark' : 'light' });
      open.push(opened);
      const { page, errors } = opened;
      const response = await page.goto(`${server.url}/udid/${PAD_UDID}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('#udid').textContent()).resolves.toBe(PAD_UDID);
      const text = (await page.getByRole('main').textContent()) ?? '';
      expect(text).toContain('iPad13,4');
      // The name, serial and iOS build the team stored are not for strangers.
      for (const hidden of ['Test iPad', 'SERIAL1', '21A329']) expect(text).not.toContain(hidden);
      const link = page.getByRole('link', { name: teamList });
      await expect(link.getAttribute('href')).resolves.toBe(`${server.url}/devices?q=${PAD_UDID}`);
      await screenshot(page, `udid-public-${locale}`);
      expect(errors).toEqual([]);
    }
    // The link's target, for a signed-in member: the list searching for that device.
    const { page, errors } = await signedIn(member, `/devices?q=${PAD_UDID}`);
    await row(page, PAD_UDID).waitFor();
    await expect(rows(page).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  });
});
