// The account screens in a real browser (Debian's chromium through playwright-core) against a
// real server: sign-in by username and by email (and the error for a wrong password); the
// dashboard of a new install, then its counts and recent uploads after a real upload; a personal
// access token created in the settings, shown once, used against the API and revoked; Chinese
// and dark mode chosen in the settings and still there after a reload; an administrator locking
// a user, who then cannot sign in, and opening sign-up, which a stranger then uses; and the
// teardown of a real package. Any console error or uncaught exception fails the test, except
// the refusals the test provokes on purpose (listed where they happen). Screenshots go to
// test-results/screenshots/ (web-login, web-dashboard, web-settings, web-admin-users, web-teardown).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, FIXTURES, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
/** What chromium logs for a fetch the server refused: expected where the test provokes it. */
const refused = (status: number): unknown => expect.stringMatching(new RegExp(`^console: Failed to load resource: the server responded with a status of ${status}\\b`));

describe.skipIf(!available)('the account screens in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let developer: TestUser;
  let member: TestUser;
  let victim: TestUser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `boss_${process.pid}` });
    developer = await server.newUser({ role: 'developer', username: `dev_${process.pid}` });
    member = await server.newUser({ username: `member_${process.pid}` });
    victim = await server.newUser({ username: `victim_${process.pid}` });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function device(): Promise<DeviceContext> {
    const opened = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Shanghai' });
    open.push(opened);
    // Fail with the step's own message rather than the test's timeout.
    opened.page.setDefaultTimeout(10_000);
    return opened;
  }

  /** The title is set once the page's chunk has loaded: wait for it. */
  async function titleIs(page: Page, title: string) {
    await page.waitForFunction((expected) => document.title === expected, title);
  }

  async function fillSignIn(page: Page, login: string, password: string) {
    await page.getByLabel('Username or email').fill(login);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signedIn(user: TestUser, next = '/'): Promise<DeviceContext> {
    const opened = await device();
    await opened.page.goto(`${server.url}/login?next=${encodeURIComponent(next)}`);
    await fillSignIn(opened.page, user.username, user.password);
    await opened.page.waitForURL(`${server.url}${next}`);
    return opened;
  }

  it('signs in by username and by email, and says so when the password is wrong', async () => {
    const { page, errors } = await device();
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/login`);
    await titleIs(page, 'Sign in · Tarmac');
    // Sign-up is closed on a new install: no link to it, and /signup says so.
    await expect(page.getByRole('link', { name: 'Create an account' }).count()).resolves.toBe(0);

    await fillSignIn(page, member.username, 'not-the-password');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The username, email or password is wrong.');
    await screenshot(page, 'web-login');

    await page.getByRole('textbox', { name: 'Password' }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: `Welcome, ${member.username}` }).waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/login`);

    await fillSignIn(page, member.email.toUpperCase(), member.password);
    await page.getByRole('heading', { name: `Welcome, ${member.username}` }).waitFor();

    const closed = await device();
    await closed.page.goto(`${server.url}/signup`);
    await closed.page.getByRole('heading', { name: 'Sign-up is closed' }).waitFor();
    await closed.page.getByRole('link', { name: 'Sign in' }).click();
    await closed.page.waitForURL(`${server.url}/login`);
    expect(closed.errors).toEqual([]);
    expect(errors).toEqual([refused(401)]);
  });

  it('shows a new install what to do, then counts and lists an upload', async () => {
    const { page, errors } = await signedIn(developer);
    await page.getByRole('heading', { name: 'Nothing here yet' }).waitFor();
    // Each count is named "label: value" for a screen reader; the ones with a screen are links.
    await page.getByRole('link', { name: 'Apps: 0' }).waitFor();
    await expect(page.getByRole('link', { name: /^Users: / }).count()).resolves.toBe(0);

    const channel = await newApp(server, { name: 'Rocket', ownerId: developer.id, scheme: 'Beta', channel: 'Android' });
    const upload = await uploadFixture(server, developer.token, channel.key, 'android.apk');
    await page.reload();
    const recent = page.getByRole('list', { name: 'Recent uploads' }).getByRole('listitem');
    await recent.first().waitFor();
    await page.getByRole('link', { name: 'Apps: 1' }).waitFor();
    await page.getByRole('group', { name: 'Releases: 1' }).waitFor();
    await page.getByRole('group', { name: 'Storage used: 3.8 MB' }).waitFor();
    await expect(recent.count()).resolves.toBe(1);
    const link = recent.getByRole('link', { name: 'Rocket' });
    await expect(link.getAttribute('href')).resolves.toBe(`/apps/${channel.appId}/channels/${channel.channelId}/releases/${upload.body.id}`);
    await expect(recent.textContent()).resolves.toContain('2.1.0 (10) · #1');
    expect(errors).toEqual([]);

    // An administrator also counts users.
    await uploadFixture(server, developer.token, (await newApp(server, { name: 'Lander', ownerId: developer.id, channel: 'iOS', deviceType: 'ios' })).key, 'iphone.ipa');
    const boss = await signedIn(admin);
    await boss.page.getByRole('list', { name: 'Recent uploads' }).getByRole('listitem').nth(1).waitFor();
    await boss.page.getByRole('link', { name: 'Users: 4' }).waitFor();
    await boss.page.getByRole('group', { name: 'Releases: 2' }).waitFor();
    await screenshot(boss.page, 'web-dashboard');
    expect(boss.errors).toEqual([]);
  });

  it('creates a token shown once, which works against the API until it is revoked', async () => {
    const { page, errors } = await signedIn(member, '/settings/tokens');
    await titleIs(page, 'API tokens · Settings · Tarmac');
    // The token the test set-up made is listed.
    const tokens = page.getByRole('table', { name: 'Your tokens' }).getByRole('row');
    await tokens.filter({ hasText: 'test' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('CI pipeline');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new token' });
    const secret = (await dialog.getByText(/^tmc_/).textContent()) ?? '';
    expect(secret).toMatch(/^tmc_[\w-]{20,}$/);

    const works = await api(server, '/api/user', { token: secret });
    expect(works.status).toBe(200);
    expect(works.body.username).toBe(member.username);

    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Shown once: the list has the name and prefix, never the secret again.
    await page.reload();
    const row = tokens.filter({ hasText: 'CI pipeline' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('CI pipeline');
    await expect(row.textContent()).resolves.toContain(secret.slice(0, 10));
    await expect(page.content()).resolves.not.toContain(secret);
    await screenshot(page, 'web-settings');

    await page.getByRole('button', { name: 'Revoke token CI pipeline' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    // The header row and the set-up's token.
    await expect(tokens.count()).resolves.toBe(2);
    const refusedNow = await api(server, '/api/user', { token: secret });
    expect(refusedNow.status).toBe(401);
    expect(refusedNow.body).toMatchObject({ error: 'Unauthorized user token' });
    expect(errors).toEqual([]);
  });

  it('keeps Chinese and dark mode after a reload', async () => {
    const { page, errors } = await signedIn(member, '/settings/preferences');
    const html = page.locator('html');
    // The scheme is applied by a React effect: wait for it rather than read it once.
    const schemeIs = (target: Page, scheme: string) =>
      target.waitForFunction((expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected, scheme, { timeout: 10_000 });
    const saved = () => page.waitForResponse((response) => response.url().endsWith('/api/user') && response.request().method() === 'PUT');

    let put = saved();
    await page.locator('label', { hasText: '简体中文' }).click();
    expect((await put).status()).toBe(200);
    await page.getByRole('heading', { name: '设置', level: 1 }).waitFor();
    await expect(html.getAttribute('lang')).resolves.toBe('zh-CN');

    put = saved();
    await page.locator('label', { hasText: '深色' }).click();
    expect((await put).status()).toBe(200);
    await schemeIs(page, 'dark');

    await page.reload();
    await page.getByRole('heading', { name: '设置', level: 1 }).waitFor();
    await expect(html.getAttribute('lang')).resolves.toBe('zh-CN');
    await schemeIs(page, 'dark');
    await titleIs(page, '偏好 · 设置 · Tarmac');
    // Saved on the account, not only in this browser: a fresh browser gets the same.
    const stored = await api(server, '/api/user', { token: member.token });
    expect(stored.body).toMatchObject({ locale: 'zh-CN', appearance: 'dark' });
    const elsewhere = await signedIn(member, '/settings');
    await elsewhere.page.getByRole('heading', { name: '设置', level: 1 }).waitFor();
    await schemeIs(elsewhere.page, 'dark');
    expect(errors).toEqual([]);
    expect(elsewhere.errors).toEqual([]);
  });

  it('lets an administrator lock a user, who then cannot sign in, and open sign-up', async () => {
    const { page, errors } = await signedIn(admin, `/admin/users?q=${victim.username}`);
    const users = page.getByRole('table', { name: 'Users' }).getByRole('row');
    const row = users.filter({ hasText: victim.username });
    await row.waitFor();
    // The header row and the one user found.
    await expect(users.count()).resolves.toBe(2);
    await row.getByRole('button', { name: `Actions for ${victim.username}` }).click();
    await page.getByRole('menuitem', { name: 'Lock' }).click();
    await page.getByRole('dialog', { name: `Lock ${victim.username}?` }).getByRole('button', { name: 'Lock' }).click();
    await row.getByText('Locked').waitFor();

    const locked = await device();
    await locked.page.goto(`${server.url}/login`);
    await fillSignIn(locked.page, victim.username, victim.password);
    await expect(locked.page.getByRole('alert').textContent()).resolves.toBe('This account is locked. Ask an administrator to unlock it.');
    expect(locked.errors).toEqual([refused(403)]);

    // Open sign-up; the whole list (no search) is the screenshot.
    await page.goto(`${server.url}/admin/users`);
    await users.nth(4).waitFor();
    const policy = page.getByRole('region', { name: 'Who may join' });
    await policy.getByRole('radio', { name: 'Open to anyone who can reach this Tarmac' }).check();
    await policy.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sign-up settings saved.').waitFor();
    await screenshot(page, 'web-admin-users');
    expect(errors).toEqual([]);

    // A stranger finds the link on the sign-in page and lands on their dashboard.
    const stranger = await device();
    await stranger.page.goto(`${server.url}/login`);
    await stranger.page.getByRole('link', { name: 'Create an account' }).click();
    await stranger.page.waitForURL(`${server.url}/signup`);
    // The URL changes at once, but the sign-in form stays on screen until the sign-up page's code
    // has loaded, and its "Username or email" box would take the username: wait for the new form.
    await stranger.page.getByRole('textbox', { name: 'Confirm the password' }).waitFor();
    const username = `newbie_${process.pid}`;
    await stranger.page.getByRole('textbox', { name: 'Username' }).fill(username);
    await stranger.page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
    await stranger.page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
    await stranger.page.getByRole('textbox', { name: 'Confirm the password' }).fill('a-long-password');
    await stranger.page.getByRole('button', { name: 'Create account' }).click();
    await stranger.page.getByRole('heading', { name: `Welcome, ${username}` }).waitFor();
    // The dashboard's counts arrive after its heading: wait for the member's hint.
    await stranger.page.getByText('You are not on any app yet.', { exact: false }).waitFor();
    await expect(stranger.page.getByText('You are not on any app yet.', { exact: false }).count()).resolves.toBe(1);
    expect(stranger.errors).toEqual([]);

    // A member asking for the admin screen gets the 404 screen.
    const nosy = await signedIn(developer, '/admin/users');
    await nosy.page.getByRole('heading', { name: '404' }).waitFor();
    expect(nosy.errors).toEqual([]);
  });

  it('tears down a package without storing it', async () => {
    const { page, errors } = await signedIn(developer, '/teardown');
    await page.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, 'apps', 'android.apk'));
    // The overview lists each fact as its label then its value, as the build page does.
    const overview = page.getByRole('region', { name: 'Build', exact: true });
    await overview.getByText('com.icyleaf.appinfodemo', { exact: true }).waitFor({ timeout: 20_000 });
    const facts = (await overview.textContent()) ?? '';
    expect(facts).toContain('Identifiercom.icyleaf.appinfodemo');
    expect(facts).toContain('Version (build)2.1.0 (10)');
    expect(facts).toContain('SigningSignature schemes v1, v2');
    expect(facts).toContain('Minimum OSAPI level 14');
    await screenshot(page, 'web-teardown');
    await page.getByRole('button', { name: 'Everything the parser read (JSON)' }).click();
    const json = page.getByRole('region', { name: 'Everything the parser read (JSON)' });
    await expect(json.textContent()).resolves.toContain('"package_name": "com.icyleaf.appinfodemo"');

    // A file the parser cannot read: its reason, in words.
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes\n') });
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Not a supported app or debug file');
    const releases = await server.database.db.selectFrom('releases').select('id').execute();
    expect(releases).toHaveLength(2);
    expect(errors).toEqual([refused(422)]);
  });
});
