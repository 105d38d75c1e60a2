// Sign-in providers in Chromium, against the real OpenLDAP of the server tests: an admin adds an
// LDAP provider on /admin/sign-in and tests it, a directory user signs in through the sign-in
// page and sees the identity in Settings → Sign-in methods (removing the only way in is refused),
// the admin links their own directory account and turns password sign-in off: the sign-in page
// then offers only the directory, and `tarmac sign-in allow-passwords` brings the password form
// back without a restart. Chinese and dark: the admin screen and the settings tab, no serious axe
// violation. Any console error fails the test.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, launchBrowser, openDevice, pressByKeyboard, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { ldapServer } from '../../server/test/helpers/ldap.ts';
import type { LdapServer } from '../../server/test/helpers/ldap.ts';
import { LDAP_PEOPLE, ldapUser } from '../../server/test/helpers/ldap-directory.ts';
import { runCli } from '../../server/test/helpers/process.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('sign-in providers in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let ldap: LdapServer;
  let admin: TestUser;
  let adminDevice: DeviceContext;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    ldap = await ldapServer();
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `chief_${process.pid}` });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function fresh(colorScheme: 'light' | 'dark' = 'light') {
    const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme });
    device.page.setDefaultTimeout(10_000);
    open.push(device);
    return device;
  }

  async function ldapSignIn(page: Page, login: string, password: string) {
    await page.getByLabel('Directory username').fill(login);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('an admin adds an LDAP provider and tests it', async () => {
    adminDevice = await signedIn(browser, server, admin, { next: '/admin/sign-in', colorScheme: 'light' });
    open.push(adminDevice);
    const { page } = adminDevice;
    await page.getByRole('heading', { name: 'Sign-in', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a sign-in provider' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Corp Directory');
    await dialog.getByRole('textbox', { name: 'Slug', exact: true }).fill('corp');
    await dialog.getByLabel('Create an account at the first sign-in').check();
    await dialog.getByRole('textbox', { name: 'Server URL', exact: true }).fill(ldap.url);
    await dialog.getByRole('textbox', { name: 'Bind DN (service account)', exact: true }).fill(ldap.bindDn);
    await dialog.getByRole('textbox', { name: 'Base DN', exact: true }).fill(LDAP_PEOPLE);
    await dialog.getByLabel('Bind password').fill(ldap.bindPassword);
    await pressByKeyboard(dialog.getByRole('button', { name: 'Save' }));
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: 'Sign-in providers' }).getByRole('row').filter({ hasText: 'Corp Directory' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Test Corp Directory' }).click();
    const test = page.getByRole('dialog', { name: 'Test Corp Directory' });
    await test.getByRole('textbox', { name: 'Username to look up (optional)' }).fill('bob');
    await test.getByRole('button', { name: 'Run test' }).click();
    await test.getByText('It works').waitFor();
    await test.getByText('bob maps to: email bob@tarmac.test, name Bob Jones').waitFor();
    expect(describeViolations('admin test dialog', await seriousViolations(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await test.waitFor({ state: 'hidden' });
  });

  it('a directory user signs in through the sign-in page and sees the identity in settings', async () => {
    const { page, errors } = await fresh();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Corp Directory' }).click();
    await page.getByRole('heading', { name: 'Sign in with Corp Directory' }).waitFor();
    await ldapSignIn(page, 'bob', 'wrong');
    await page.getByRole('alert').filter({ hasText: 'wrong' }).waitFor();
    await ldapSignIn(page, 'bob', ldapUser('bob').password);
    await page.waitForURL(`${server.url}/`);

    await page.goto(`${server.url}/settings/sign-in`);
    const table = page.getByRole('table', { name: 'Linked sign-in methods' });
    await table.getByRole('row').filter({ hasText: 'bob@tarmac.test' }).waitFor();
    await table.getByRole('button', { name: 'Remove Corp Directory' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Corp Directory?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByText('only way to sign in').waitFor();
    await page.keyboard.press('Escape');
    // The browser logs the refusals the test asks for (a wrong password, the last way in): nothing else.
    expect(errors.filter((line) => !/status of (401|409)/.test(line))).toEqual([]);
  });

  it('a directory account whose email has a local account links only once its owner signs in and confirms', async () => {
    const owner = await server.newUser({ username: `wei_${process.pid}` });
    await server.database.db.updateTable('users').set({ email: 'zhang.wei@tarmac.test' }).where('id', '=', owner.id).execute();
    const { page, errors } = await fresh('dark');
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Corp Directory' }).click();
    await ldapSignIn(page, 'wei.zhang', ldapUser('wei.zhang').password);
    await page.getByRole('heading', { name: 'Link Corp Directory to your account' }).waitFor();
    await pressByKeyboard(page.getByRole('link', { name: 'Sign in to confirm' }));
    await page.getByLabel('Username or email').fill(owner.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const confirm = page.getByRole('button', { name: `Link Corp Directory to ${owner.username}` });
    await confirm.waitFor();
    expect(describeViolations('link page', await seriousViolations(page))).toEqual([]);
    await pressByKeyboard(confirm);
    await page.waitForURL(`${server.url}/settings/sign-in`);
    await page.getByRole('table', { name: 'Linked sign-in methods' }).getByRole('row').filter({ hasText: 'zhang.wei@tarmac.test' }).waitFor();
    expect(errors.filter((line) => !/status of 409/.test(line))).toEqual([]);
  });

  it('SSO-only: the admin links their directory account, turns passwords off, and the CLI brings them back', async () => {
    const { page } = adminDevice;
    await page.goto(`${server.url}/settings/sign-in`);
    await page.getByRole('button', { name: 'Link Corp Directory' }).click();
    const link = page.getByRole('dialog', { name: 'Link your Corp Directory account' });
    await link.getByLabel('Directory username').fill('alice');
    await link.getByRole('textbox', { name: 'Password' }).fill(ldapUser('alice').password);
    await link.getByRole('button', { name: 'Link' }).click();
    await link.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Linked sign-in methods' }).getByRole('row').filter({ hasText: 'alice@tarmac.test' }).waitFor();

    await page.goto(`${server.url}/admin/sign-in`);
    const passwords = page.getByRole('switch', { name: 'Local passwords sign in' });
    await expect.poll(() => passwords.isChecked()).toBe(true);
    await passwords.click({ force: true });
    await page.getByText('Password sign-in is off').first().waitFor();

    const visitor = await fresh();
    await visitor.page.goto(`${server.url}/login`);
    await visitor.page.getByRole('heading', { name: 'Sign in with Corp Directory' }).waitFor();
    expect(await visitor.page.getByLabel('Username or email').count()).toBe(0);
    const refused = await api(server, '/api/session', { method: 'POST', json: { login: admin.username, password: admin.password } });
    expect(refused).toMatchObject({ status: 403, body: { code: 'auth.password_sign_in_disabled' } });

    const database = server.config.database;
    const env = { TARMAC_DATA_DIR: server.dataDir, DATABASE_URL: database.engine === 'sqlite' ? `sqlite:${database.filename}` : database.connectionString };
    expect(runCli(['sign-in', 'allow-passwords'], env).status).toBe(0);
    await visitor.page.reload();
    await visitor.page.getByLabel('Username or email').waitFor();
  });

  it.each([['zh-CN', 'dark'], ['en', 'dark']] as const)('has no serious axe violation in %s, %s: the admin screen and the settings tab', async (locale, scheme) => {
    const user = await server.newUser({ role: 'admin' });
    expect((await api(server, '/api/user', { method: 'PUT', token: user.token, json: { locale, appearance: scheme } })).status).toBe(200);
    const device = await signedIn(browser, server, user, { next: '/admin/sign-in', colorScheme: scheme });
    open.push(device);
    const { page, errors } = device;
    await page.getByRole('heading', { name: locale === 'en' ? 'Sign-in providers' : '登录方式' }).first().waitFor();
    await page.getByRole('table').getByRole('row').filter({ hasText: 'Corp Directory' }).waitFor();
    const found = describeViolations(`${locale} ${scheme} admin`, await seriousViolations(page));
    await page.goto(`${server.url}/settings/sign-in`);
    await page.getByRole('button', { name: locale === 'en' ? 'Link Corp Directory' : '关联 Corp Directory' }).waitFor();
    found.push(...describeViolations(`${locale} ${scheme} settings`, await seriousViolations(page)));
    if (locale === 'zh-CN') await screenshot(page, 'web-sign-in-methods-zh-CN-dark');
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
