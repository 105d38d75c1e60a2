// Keyboard only, part 4 (issue 14, "keyboard-only use works for every flow"): an administrator
// creates a user, edits them and locks them from the user's menu, then renames a device, pressing
// only Tab, Shift+Tab, Enter, Space, arrows and Escape (text typed with page.keyboard.type). The
// row menu opens with Enter on its first item and moves with the arrows; every dialog opens on
// its first field and gives the focus back to the menu's button or the row's button. In dark
// mode. Screenshots: test-results/screenshots/web-keys-admin-<step>.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { desktopSignedInByKeyboard, expectFocusOn, expectFocusVisible, isFocused, retype, tabTo } from './keyboard.ts';

const available = chromiumAvailable();
const UDID = '00008030-001A2B3C4D5E8099';

describe.skipIf(!available)('keyboard only: users and devices, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `root_${process.pid}` });
    await server.database.db
      .insertInto('devices')
      .values({
        udid: UDID,
        name: 'Lab iPhone',
        product: 'iPhone15,2',
        os_version: '21A329',
        serial: 'SERIAL9',
        imei: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
      })
      .execute();
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  async function signedInOn(next: string): Promise<DeviceContext> {
    const device = await desktopSignedInByKeyboard(browser, server.url, admin, { next, colorScheme: 'dark' });
    open.push(device);
    return device;
  }

  const userNamed = async (username: string) => {
    const list = await api<{ username: string; email: string; locked: boolean }[]>(server, '/api/users?per_page=100', { token: admin.token });
    return list.body.find((user) => user.username === username);
  };

  it('users: create, edit and lock', async () => {
    const { page, errors } = await signedInOn('/admin/users');
    const username = `tester_${process.pid}`;

    // New user: the dialog opens on Username; Tab through Email and Password; Tab to Create, Enter.
    const newUser = page.getByRole('button', { name: 'New user' });
    await tabTo(newUser);
    await expectFocusVisible(page, 'New user');
    await page.keyboard.press('Enter');
    let dialog = page.getByRole('dialog', { name: 'New user' });
    await expectFocusOn(dialog.getByRole('textbox', { name: 'User' }));
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await expectFocusOn(dialog.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(`${username}@example.com`);
    await page.keyboard.press('Tab');
    // A password field has no role; it is the dialog's one password input.
    await expectFocusOn(dialog.locator('input[type="password"]'));
    await page.keyboard.type('a long password 1');
    await tabTo(dialog.getByRole('button', { name: 'Create' }));
    await expectFocusVisible(page, 'Create');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await userNamed(username))?.email).toBe(`${username}@example.com`);

    // Edit from the row's menu: Enter opens it on "Edit user"; Escape closes it on its button.
    const menuButton = page.getByRole('button', { name: `Actions for ${username}` });
    await tabTo(menuButton);
    await expectFocusVisible(page, 'user menu');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Edit user' }));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expectFocusOn(menuButton);
    await page.keyboard.press('Enter');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Edit user' }));
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: `Edit ${username}` });
    await expectFocusOn(dialog.getByRole('textbox', { name: 'User' }));
    await page.keyboard.press('Tab');
    await expectFocusOn(dialog.getByRole('textbox', { name: 'Email' }));
    await retype(page, `${username}@example.org`);
    await screenshot(page, 'web-keys-admin-edit-user');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await userNamed(username))?.email).toBe(`${username}@example.org`);
    await expectFocusOn(menuButton);

    // Lock from the menu: arrows to "Lock", Enter; the confirmation starts on Cancel; Tab to Lock.
    await page.keyboard.press('Enter');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Edit user' }));
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Lock' }));
    await expectFocusVisible(page, 'menu: Lock');
    await screenshot(page, 'web-keys-admin-user-menu');
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: `Lock ${username}?` });
    await dialog.waitFor();
    expect(await isFocused(dialog.getByRole('button', { name: 'Lock', exact: true }))).toBe(false);
    await tabTo(dialog.getByRole('button', { name: 'Lock', exact: true }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await userNamed(username))?.locked).toBe(true);
    await expectFocusOn(menuButton);
    expect(describeViolations('users (dark)', await seriousViolations(page))).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('devices: rename', async () => {
    const { page, errors } = await signedInOn('/devices');
    const rename = page.getByRole('button', { name: 'Rename Lab iPhone' });
    await tabTo(rename);
    await expectFocusVisible(page, 'rename');
    await page.getByRole('tooltip', { name: 'Rename' }).waitFor();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rename the device' });
    await expectFocusOn(dialog.getByRole('textbox', { name: 'Name' }));
    await retype(page, 'QA iPhone');
    await screenshot(page, 'web-keys-admin-rename-device');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Rename QA iPhone' }).waitFor();
    await expectFocusOn(page.getByRole('button', { name: 'Rename QA iPhone' }));
    const stored = await server.database.db.selectFrom('devices').select('name').where('udid', '=', UDID).executeTakeFirstOrThrow();
    expect(stored.name).toBe('QA iPhone');
    expect(errors).toEqual([]);
  }, 60_000);
});
