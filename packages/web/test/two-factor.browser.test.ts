// Two-factor sign-in in chromium against a real server: a user sets it up in Settings → Security
// by typing the key shown beside the QR code (the test computes the app's codes with the server's
// own auth/totp.ts), saves the recovery codes, signs out, signs in with the password and a code,
// then with a recovery code; then an administrator requires two-factor sign-in with the switch on
// the users screen and resets the first user's (a lost phone) in the edit dialog, and a user
// without it who signs in is sent to the Security tab with the explanation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { totpCode } from '../../server/src/auth/totp.ts';
import { chromiumAvailable, launchBrowser, openDevice, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
const refused = (status: number): unknown =>
  expect.stringMatching(new RegExp(`^console: Failed to load resource: the server responded with a status of ${status}\\b`));

describe.skipIf(!available)('two-factor sign-in in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  /** The user of the first test, enrolled: the administrator resets it in the second. */
  let enrolled: TestUser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function device(colorScheme: 'light' | 'dark'): Promise<DeviceContext> {
    const opened = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme });
    open.push(opened);
    opened.page.setDefaultTimeout(10_000);
    return opened;
  }

  async function password(page: Page, user: TestUser) {
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signOut(page: Page) {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/login`);
  }

  it('sets it up with the key, then signs in with a code and with a recovery code', async () => {
    const user = await server.newUser();
    enrolled = user;
    const { page, errors } = await device('dark');
    await page.goto(`${server.url}/login?next=${encodeURIComponent('/settings/security')}`);
    await password(page, user);
    await page.waitForURL(`${server.url}/settings/security`);
    await page.getByLabel('Your password').fill(user.password);
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByRole('img', { name: 'QR code to add Tarmac to your authenticator app' }).waitFor();
    const key = ((await page.getByLabel('Key to type into the app').textContent()) ?? '').replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const code = page.getByRole('textbox', { name: 'Code from the app' });
    await expect(code.getAttribute('autocomplete')).resolves.toBe('one-time-code');
    await code.fill(totpCode(key, Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    // allTextContents does not wait: the tenth code must be on screen first (a busy machine renders late).
    const items = page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem');
    await items.nth(9).waitFor();
    const codes = await items.allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Download .txt' }).waitFor();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 recovery codes left.', { exact: false }).waitFor();
    await signOut(page);

    // The password alone is not enough: the second step asks for the app's code (the next step's: this one was used).
    await password(page, user);
    const second = page.getByRole('textbox', { name: 'Code from your authenticator app' });
    await expect(second.getAttribute('autocomplete')).resolves.toBe('one-time-code');
    await second.fill(totpCode(key, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: `Welcome, ${user.username}` }).waitFor();
    await signOut(page);

    await password(page, user);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: `Welcome, ${user.username}` }).waitFor();
    expect(errors).toEqual([]);
  });

  it('an administrator requires it (users without it are sent to the Security tab) and resets a lost phone', async () => {
    const boss = await device('light');
    await boss.page.goto(`${server.url}/login?next=${encodeURIComponent('/admin/users')}`);
    await password(boss.page, admin);
    await boss.page.getByRole('switch', { name: 'Require two-factor sign-in' }).click();
    await boss.page.getByText('Two-factor sign-in is now required.').waitFor();
    expect((await api(server, '/api/settings', { token: admin.token })).body).toMatchObject({ two_factor_required: true });

    const row = boss.page.getByRole('table').getByRole('row').filter({ hasText: enrolled.username });
    await row.getByText('2FA').waitFor();
    await row.getByRole('button', { name: `Actions for ${enrolled.username}` }).click();
    await boss.page.getByRole('menuitem', { name: 'Edit user' }).click();
    const dialog = boss.page.getByRole('dialog', { name: `Edit ${enrolled.username}` });
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api(server, `/api/users/${enrolled.id}`, { token: admin.token })).body).toMatchObject({ two_factor_enabled: false });
    expect(boss.errors).toEqual([]);

    const user = await server.newUser();
    const { page, errors } = await device('light');
    await page.goto(`${server.url}/login`);
    await password(page, user);
    await page.waitForURL(`${server.url}/settings/security`);
    await page.getByRole('alert').filter({ hasText: 'Your administrator requires two-factor sign-in' }).waitFor();
    await page.getByLabel('Your password').waitFor();
    // Only the dashboard's own requests were refused (403 auth.two_factor_enrolment_required).
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toEqual(errors.map(() => refused(403)));
  });
});
