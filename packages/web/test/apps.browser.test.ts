// The Apps list and the App screen in a real browser (Debian's chromium through playwright-core)
// against a real server: a global developer signs in, creates an app with a scheme and two
// channels through the dialog, finds it in the list and by search, adds a collaborator found by
// search and changes their role, archives the app and finds it under the Archived tab, then
// deletes it after typing its name; a member of an app sees it without any management button.
// Any console error or uncaught exception fails the test. Screenshots go to
// test-results/screenshots/ (web-apps.png, web-app.png, web-app-phone.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { addCollaborator, newApp } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('the Apps screens in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let developer: TestUser;
  let teammate: TestUser;
  let viewer: TestUser;
  let other: { appId: number };
  const open: DeviceContext[] = [];
  const name = `Rocket ${process.pid}`;
  let appId: number;

  beforeAll(async () => {
    server = await startServer();
    developer = await server.newUser({ role: 'developer', username: `dev_${process.pid}` });
    teammate = await server.newUser({ username: `teammate_${process.pid}` });
    viewer = await server.newUser({ username: `viewer_${process.pid}` });
    // Another app of the developer's, which the search must leave out.
    other = await newApp(server, { ownerId: developer.id, name: 'Unrelated', channel: 'Android' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function signedIn(user: TestUser): Promise<DeviceContext> {
    const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 } });
    open.push(device);
    const { page } = device;
    page.setDefaultTimeout(8000);
    await page.goto(`${server.url}/login?next=/apps`);
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/apps`);
    return device;
  }

  /** Picks `option` in the Mantine Select labelled `label`. */
  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /** A screenshot without the passing notifications over the header. */
  async function shoot(page: Page, file: string) {
    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
    await screenshot(page, file);
    await page.evaluate(() => document.head.lastElementChild?.remove());
  }

  let owner: DeviceContext;

  it('creates an app with a scheme and two channels through the dialog', async () => {
    owner = await signedIn(developer);
    const { page } = owner;
    await page.getByRole('button', { name: 'New app' }).click();
    const dialog = page.getByRole('dialog', { name: 'New app' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    // No presets are set: the dialog suggests a Beta scheme with an Android and an iOS channel.
    await expect(dialog.getByRole('textbox', { name: 'Scheme 1 name' }).inputValue()).resolves.toBe('Beta');
    await dialog.getByRole('textbox', { name: 'Scheme 1, channel 1 name' }).fill('Android Beta');
    await choose(page, 'Scheme 1, channel 2 platform', 'HarmonyOS');
    await dialog.getByRole('textbox', { name: 'Scheme 1, channel 2 name' }).fill('Harmony Beta');
    await dialog.getByRole('button', { name: 'Create app' }).click();

    await page.waitForURL(/\/apps\/\d+$/);
    appId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.title()).toBe(`${name} · Tarmac`);

    const created = await api<{ schemes: { name: string; channels: { id: number; name: string; device_type: string }[] }[] }>(server, `/api/apps/${appId}`, {
      token: developer.token,
    });
    expect(created.body.schemes.map((s) => [s.name, s.channels.map((c) => [c.name, c.device_type])])).toEqual([
      ['Beta', [['Android Beta', 'android'], ['Harmony Beta', 'harmonyos']]],
    ]);
    // Each channel links to its own screen under the app.
    const [android, harmony] = created.body.schemes[0]!.channels;
    await expect(page.getByRole('link', { name: 'Android Beta' }).getAttribute('href')).resolves.toBe(`/apps/${appId}/channels/${android!.id}`);
    await expect(page.getByRole('link', { name: 'Harmony Beta' }).getAttribute('href')).resolves.toBe(`/apps/${appId}/channels/${harmony!.id}`);
    await expect(page.getByRole('group', { name: 'App actions' }).getByRole('link', { name: 'Debug files' }).getAttribute('href')).resolves.toBe(`/debug-files?app=${appId}`);
    expect(owner.errors).toEqual([]);
  });

  it('lists the app and finds it by search, with the search in the URL', async () => {
    const { page } = owner;
    await page.getByRole('link', { name: 'Apps' }).first().click();
    await page.waitForURL(`${server.url}/apps`);
    const cards = page.getByRole('list', { name: 'Apps' }).getByRole('listitem');
    await cards.first().waitFor();
    const card = cards.filter({ hasText: name });
    await expect(card.getByText('1 scheme · 2 channels').count()).resolves.toBe(1);
    await expect(card.getByText('1 scheme · 2 channels · no builds yet').count()).resolves.toBe(1);
    await expect(card.getByText('Android Beta · no builds yet').count()).resolves.toBe(1);
    await expect(card.getByText('Harmony Beta · no builds yet').count()).resolves.toBe(1);
    await expect(card.getByText('HarmonyOS').count()).resolves.toBe(1);
    await expect(cards.filter({ hasText: 'Unrelated' }).count()).resolves.toBe(1);

    await page.getByRole('searchbox', { name: 'Search apps by name' }).fill(name.slice(0, 6).toLowerCase());
    await page.waitForURL((url) => url.searchParams.get('q') === 'rocket');
    await cards.filter({ hasText: 'Unrelated' }).waitFor({ state: 'detached' });
    await expect(cards.count()).resolves.toBe(1);
    await page.getByRole('searchbox', { name: 'Search apps by name' }).fill('');
    await cards.filter({ hasText: 'Unrelated' }).waitFor();
    await shoot(page, 'web-apps');

    // A shared link opens the same view.
    await page.goto(`${server.url}/apps?q=nothing-like-this`);
    await page.getByText('No apps match “nothing-like-this”').waitFor();
    expect(owner.errors).toEqual([]);
  });

  it('adds a collaborator found by search and changes their role', async () => {
    const { page } = owner;
    await page.goto(`${server.url}/apps/${appId}`);
    await page.getByRole('button', { name: 'Add collaborator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a collaborator' });
    // Nobody is listed before 3 characters: the server never lists everyone.
    await dialog.getByRole('combobox', { name: 'User' }).fill('te');
    await page.getByText('Type at least 3 characters').waitFor();
    await dialog.getByRole('combobox', { name: 'User' }).fill(teammate.username.slice(0, 8).toUpperCase());
    await page.getByRole('option', { name: `${teammate.username} <${teammate.email}>` }).click();
    await choose(page, 'Role', 'Developer');
    await dialog.getByRole('button', { name: 'Add collaborator' }).click();
    await dialog.waitFor({ state: 'detached' });

    const team = page.getByRole('list', { name: 'Team' }).getByRole('listitem');
    const row = team.filter({ hasText: teammate.username });
    await expect(row.getByRole('combobox', { name: `Role of ${teammate.username}` }).inputValue()).resolves.toBe('Developer');
    await choose(page, `Role of ${teammate.username}`, 'Admin');
    await page.getByText(`${teammate.username} is now Admin`).waitFor();
    const stored = await api(server, `/api/apps/${appId}/collaborators/${teammate.id}`, { token: developer.token });
    expect([stored.status, stored.body.role]).toEqual([200, 'admin']);
    // The owner's row offers no removal and no role change.
    const ownerRow = team.filter({ hasText: developer.username });
    await expect(ownerRow.getByText('Owner').count()).resolves.toBe(1);
    await expect(ownerRow.getByRole('combobox').count()).resolves.toBe(0);

    await page.getByRole('heading', { name: 'Schemes and channels' }).waitFor();
    await shoot(page, 'web-app');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Show or hide navigation' }).waitFor();
    // The navigation bar slides away: wait until the page has the full width.
    // A function, not a string: the page's CSP forbids evaluating strings.
    await page.waitForFunction(() => (document.querySelector('main h1')?.getBoundingClientRect().left ?? Infinity) < 40);
    await shoot(page, 'web-app-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(owner.errors).toEqual([]);
  });

  it('archives the app, which then shows under the Archived tab only', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('dialog', { name: 'Archive the app?' }).getByRole('button', { name: 'Archive' }).click();
    await page.getByText('This app is archived: it is read-only.', { exact: false }).waitFor();
    await page.getByRole('main').getByText('Archived', { exact: true }).waitFor();
    // Read-only now: no rename, no new scheme, no channel edits.
    await expect(page.getByRole('button', { name: 'Rename' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'New scheme' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Edit channel Android Beta' }).count()).resolves.toBe(0);

    await page.goto(`${server.url}/apps`);
    const cards = page.getByRole('list', { name: 'Apps' }).getByRole('listitem');
    await cards.first().waitFor();
    await expect(cards.filter({ hasText: name }).count()).resolves.toBe(0);
    await page.getByRole('tab', { name: 'Archived' }).click();
    await page.waitForURL((url) => url.searchParams.get('scope') === 'archived');
    await cards.filter({ hasText: name }).waitFor();
    await expect(cards.count()).resolves.toBe(1);
    expect(owner.errors).toEqual([]);
  });

  it('deletes the app only once its name is typed', async () => {
    const { page } = owner;
    await page.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Delete app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the app?' });
    const confirm = dialog.getByRole('button', { name: 'Delete app' });
    const typed = dialog.getByRole('textbox', { name: `Type “${name}” to confirm` });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await typed.fill('Rocket');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await typed.fill(name);
    await confirm.click();
    await page.waitForURL(`${server.url}/apps`);
    const left = page.getByRole('list', { name: 'Apps' }).getByRole('listitem');
    await left.first().waitFor();
    await expect(left.filter({ hasText: name }).count()).resolves.toBe(0);
    const gone = await api(server, `/api/apps/${appId}`, { token: developer.token });
    expect(gone.status).toBe(404);
    expect(owner.errors).toEqual([]);
  });

  it('shows a member of an app no management buttons', async () => {
    await addCollaborator(server, other.appId, viewer.id, 'member');
    const { page, errors } = await signedIn(viewer);
    await page.getByRole('list', { name: 'Apps' }).waitFor();
    await expect(page.getByRole('button', { name: 'New app' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Unrelated' }).click();
    await page.getByRole('heading', { level: 1, name: 'Unrelated' }).waitFor();
    await page.getByRole('link', { name: 'Android' }).waitFor();
    for (const button of ['Rename', 'Archive', 'Delete app', 'New scheme', 'Add channel', 'Add collaborator', 'Transfer ownership']) {
      await expect(page.getByRole('button', { name: button, exact: true }).count(), button).resolves.toBe(0);
    }
    await expect(page.getByRole('button', { name: /^(Edit|Delete) channel/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Actions for scheme/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Remove / }).count()).resolves.toBe(0);
    // Roles show as text, not as pickers.
    const team = page.getByRole('list', { name: 'Team' });
    await expect(team.getByRole('listitem').filter({ hasText: viewer.username }).getByText('Member').count()).resolves.toBe(1);
    await expect(team.getByRole('combobox').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
