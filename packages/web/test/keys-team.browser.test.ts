// Keyboard only, part 2 (issue 14, "keyboard-only use works for every flow"): on an app's page,
// schemes (create, edit and delete through the scheme's menu), channels (create, edit, delete)
// and the team (add a collaborator, change their role, remove them), pressing only Tab,
// Shift+Tab, Enter, Space, arrows and Escape; text is typed with page.keyboard.type. Menus open
// with Enter or Space, move with the arrows and close with Escape (the focus back on their
// button); dialogs open on their first field and give the focus back when they close. In dark
// mode (part 1 walks light and dark). Screenshots: test-results/screenshots/web-keys-team-<step>.png.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { describeFocus, expectFocusOn, expectFocusVisible, isFocused, retype, signInByKeyboard, tabTo } from './keyboard.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('keyboard only: schemes, channels and the team of an app, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let mate: TestUser;
  let app: TestChannel;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    owner = await server.newUser({ username: `owner_${process.pid}` });
    mate = await server.newUser({ username: `mate_${process.pid}` });
    app = await newApp(server, { ownerId: owner.id, name: 'Team Keys' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function onAppPage(): Promise<DeviceContext> {
    const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    open.push(device);
    device.page.setDefaultTimeout(10_000);
    await signInByKeyboard(device.page, server.url, owner, { next: `/apps/${app.appId}` });
    await device.page.getByRole('heading', { level: 1, name: 'Team Keys' }).waitFor();
    return device;
  }

  /** Tabs to `control` (Shift+Tab with `back`), checks its ring, presses `key`; answers the dialog that opens. */
  async function openDialog(control: Locator, options: { key?: string; back?: boolean } = {}): Promise<Locator> {
    const page = control.page();
    await tabTo(control, { back: options.back });
    await expectFocusVisible(page, String(control));
    await page.keyboard.press(options.key ?? 'Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  /** After a deletion the opener is gone: the focus must still be on the page, not lost on <body>. */
  async function expectFocusKept(page: Page, where: string): Promise<void> {
    await expect.poll(() => describeFocus(page), { message: where }).not.toBe('<body>');
  }

  const collaborators = async () =>
    (await api<{ collaborators: { username: string; role: string }[] }>(server, `/api/apps/${app.appId}`, { token: owner.token })).body
      .collaborators;

  it('schemes and channels: create, edit and delete', async () => {
    const { page, errors } = await onAppPage();

    // A new scheme: the dialog opens on Name; Enter saves; the focus returns to "New scheme".
    const newScheme = page.getByRole('button', { name: 'New scheme' });
    let dialog = await openDialog(newScheme);
    await expectFocusOn(dialog.getByRole('textbox', { name: 'Name' }));
    await retype(page, 'Release');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(newScheme);

    // The scheme's menu: Enter opens it on its first item, arrows move, Escape closes it on its button.
    const actions = page.getByRole('button', { name: 'Actions for scheme Release' });
    await tabTo(actions);
    await expectFocusVisible(page, 'scheme menu button');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Edit scheme' }));
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Delete scheme' }));
    await expectFocusVisible(page, 'menu item');
    await screenshot(page, 'web-keys-team-scheme-menu');
    await page.keyboard.press('ArrowUp');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Edit scheme' }));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expectFocusOn(actions);
    // Space opens it too; Enter on "Edit scheme" opens the dialog on Name.
    await page.keyboard.press('Space');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Edit scheme' }));
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Edit scheme' });
    await expectFocusOn(dialog.getByRole('textbox', { name: 'Name' }));
    await retype(page, 'Release QA');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page.getByRole('button', { name: 'Actions for scheme Release QA' }));

    // A channel in it: the platform select opens with ArrowDown, an option is chosen with arrows and Enter.
    // The new scheme's card comes last; its "Add channel" too.
    const addChannel = page.getByRole('button', { name: 'Add channel' }).last();
    dialog = await openDialog(addChannel);
    // It opens on Name (the field most change); Shift+Tab reaches Platform before it.
    const channelName = dialog.getByRole('textbox', { name: 'Name' });
    await expectFocusOn(channelName);
    await page.keyboard.press('Shift+Tab');
    await expectFocusVisible(page, 'channel: platform');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await tabTo(channelName);
    await retype(page, 'QA build');
    await screenshot(page, 'web-keys-team-new-channel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(addChannel);

    // Edit it: Tab to its edit button, rename, Enter; the focus returns to the (renamed) button.
    dialog = await openDialog(page.getByRole('button', { name: 'Edit channel QA build' }));
    await tabTo(dialog.getByRole('textbox', { name: 'Name' }));
    await retype(page, 'QA nightly');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page.getByRole('button', { name: 'Edit channel QA nightly' }));

    // Delete it, then the scheme (from its menu): the focus stays on the page afterwards.
    dialog = await openDialog(page.getByRole('button', { name: 'Delete channel QA nightly' }));
    await tabTo(dialog.getByRole('button', { name: 'Delete channel' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByRole('link', { name: 'QA nightly' }).count()).resolves.toBe(0);
    await expectFocusKept(page, 'after deleting a channel');

    await tabTo(page.getByRole('button', { name: 'Actions for scheme Release QA' }), { back: true });
    await page.keyboard.press('Enter');
    await expectFocusOn(menu.getByRole('menuitem', { name: 'Edit scheme' }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Delete the scheme?' });
    await dialog.waitFor();
    expect(await isFocused(dialog.getByRole('button', { name: 'Delete scheme' }))).toBe(false);
    await tabTo(dialog.getByRole('button', { name: 'Delete scheme' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByRole('heading', { name: 'Release QA' }).count()).resolves.toBe(0);
    await expectFocusKept(page, 'after deleting a scheme');
    expect(errors).toEqual([]);
  }, 60_000);

  it('the team: add a collaborator, change their role, remove them', async () => {
    const { page, errors } = await onAppPage();
    const add = page.getByRole('button', { name: 'Add collaborator' });
    const dialog = await openDialog(add);
    // The user search: typing lists matches, ArrowDown and Enter pick one.
    await expectFocusOn(dialog.getByRole('textbox', { name: 'User' }).or(dialog.getByRole('combobox', { name: 'User' })));
    await page.keyboard.type(mate.username.slice(0, 6));
    await page.getByRole('option', { name: new RegExp(mate.username) }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The role: Tab to it, open with ArrowDown, Developer with the arrows, Enter.
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'add collaborator: role');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Developer' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await screenshot(page, 'web-keys-team-add-collaborator');
    await tabTo(dialog.getByRole('button', { name: 'Add collaborator' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(add);
    await expect.poll(async () => (await collaborators()).find((c) => c.username === mate.username)?.role).toBe('developer');

    // Change the role from the row's select: arrows and Enter, saved at once.
    const role = page.getByRole('textbox', { name: `Role of ${mate.username}` }).or(page.getByRole('combobox', { name: `Role of ${mate.username}` }));
    await tabTo(role);
    await expectFocusVisible(page, 'role select');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Admin' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await collaborators()).find((c) => c.username === mate.username)?.role).toBe('admin');

    // The owner's remove button says why it is unavailable, on focus as on hover.
    await tabTo(page.getByRole('button', { name: 'The owner cannot be removed: transfer ownership first' }), { back: true });
    await page.getByRole('tooltip', { name: 'The owner cannot be removed: transfer ownership first' }).waitFor();
    await screenshot(page, 'web-keys-team-owner-tooltip');

    // Remove: the confirmation focuses Cancel first; Tab to Remove, Enter.
    const confirm = await openDialog(page.getByRole('button', { name: `Remove ${mate.username}` }));
    expect(await isFocused(confirm.getByRole('button', { name: 'Remove', exact: true }))).toBe(false);
    await tabTo(confirm.getByRole('button', { name: 'Remove', exact: true }));
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await collaborators()).some((c) => c.username === mate.username)).toBe(false);
    await expectFocusKept(page, 'after removing a collaborator');
    expect(describeViolations('app page (dark)', await seriousViolations(page))).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
