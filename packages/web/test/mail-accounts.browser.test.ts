// The mailed-link flows in a real browser (Debian's chromium) against a real server and a real SMTP
// inbox: a forgotten password asked for from the sign-in page, reset by following the mail's link,
// then a sign-in with the new password; a sign-in link (turned on by an administrator) asked for,
// followed and confirmed with the button; the administrators' mail card sends a test message, and
// says why when the address is refused; the edit-user dialog mails a user a reset link. Any
// console error fails the test except the refusals provoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, closeBrowserTest, launchBrowser, openDevice, pressByKeyboard, signInOnDesktop, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { startMailWorld } from '../../server/test/helpers/account-mail.ts';
import type { MailWorld } from '../../server/test/helpers/account-mail.ts';
import { api } from '../../server/test/helpers/server.ts';
import type { TestUser } from '../../server/test/helpers/server.ts';
import type { ReceivedMail } from '../../server/test/helpers/smtp.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('password reset and sign-in links by mail, in chromium', () => {
  let world: MailWorld;
  let browser: Browser;
  let admin: TestUser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    world = await startMailWorld();
    admin = await world.server.newUser({ role: 'admin', username: `mailboss_${process.pid}` });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await closeBrowserTest(open, browser, world);
  });

  async function device(): Promise<DeviceContext> {
    const opened = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 } });
    opened.page.setDefaultTimeout(10_000);
    open.push(opened);
    return opened;
  }

  /** The link in a mail, on the test server (the mail names TARMAC_URL). */
  function linkIn(mail: ReceivedMail, path: string): string {
    const found = new RegExp(`https?://[^/\\s]+(${path}\\?key=[\\w-]+)`).exec(mail.text ?? '');
    if (!found) throw new Error(`no ${path} link in ${mail.text}`);
    return world.server.url + found[1]!;
  }

  it('resets a forgotten password by the mail\'s link, then signs in with the new one', async () => {
    const user = await world.server.newUser({ username: `forgetful_${process.pid}` });
    const { page, errors } = await device();
    await page.goto(`${world.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${world.server.url}/forgot-password`);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page.getByText('Check your inbox').waitFor();

    await page.goto(linkIn(await world.mailTo(user.email), '/reset-password'));
    await page.getByRole('heading', { name: `Choose a new password for ${user.username}` }).waitFor();
    expect(describeViolations('/reset-password', await seriousViolations(page))).toEqual([]);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a-fresh-password');
    // By keyboard: Enter in the last box sends the form.
    await page.getByRole('textbox', { name: 'New password again' }).fill('a-fresh-password');
    await page.getByRole('textbox', { name: 'New password again' }).press('Enter');
    await page.waitForURL(`${world.server.url}/`);

    const again = await signInOnDesktop(browser, world.server.url, { username: user.username, password: 'a-fresh-password' });
    open.push(again);
    // The used link now says it has expired.
    await again.page.goto(linkIn(world.mailsTo(user.email)[0]!, '/reset-password'));
    await again.page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    expect(errors).toEqual([]);
    expect(again.errors).toEqual([expect.stringMatching(/status of 404/)]);
  });

  it('signs in by a mailed link once an administrator turns links on', async () => {
    const boss = await signInOnDesktop(browser, world.server.url, admin, '/admin/users');
    open.push(boss);
    const card = boss.page.getByRole('region', { name: 'Mail' });
    await card.getByRole('switch', { name: 'Sign-in links by email' }).check();
    await expect.poll(async () => (await api<{ sign_in_link_enabled: boolean }>(world.server, '/api/settings/public')).body.sign_in_link_enabled).toBe(true);

    const user = await world.server.newUser({ username: `linked_${process.pid}` });
    const { page, errors } = await device();
    await page.goto(`${world.server.url}/login`);
    await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Sign in by email' }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('Check your inbox').waitFor();
    await page.goto(linkIn(await world.mailTo(user.email), '/sign-in/link'));
    const confirm = page.getByRole('button', { name: `Sign in as ${user.username}` });
    await confirm.waitFor();
    expect(describeViolations('/sign-in/link', await seriousViolations(page))).toEqual([]);
    await pressByKeyboard(confirm);
    await page.waitForURL(`${world.server.url}/`);
    const session = await page.evaluate(async () => (await (await fetch('/api/session')).json()) as { user: { username: string } });
    expect(session.user.username).toBe(user.username);
    expect(errors).toEqual([]);
  });

  it('sends a test mail from the mail card, and says why an address is refused', async () => {
    const boss = await signInOnDesktop(browser, world.server.url, admin, '/admin/users');
    open.push(boss);
    const card = boss.page.getByRole('region', { name: 'Mail' });
    await card.getByText(`127.0.0.1:${world.smtp.port}`).waitFor();
    await card.getByRole('button', { name: 'Send test mail' }).click();
    await card.getByText(`The mail server took the test mail to ${admin.email}.`).waitFor();
    expect(describeViolations('/admin/users (mail card)', await seriousViolations(boss.page))).toEqual([]);
    await boss.page.emulateMedia({ colorScheme: 'dark' });
    await boss.page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    expect(describeViolations('/admin/users (mail card, dark)', await seriousViolations(boss.page))).toEqual([]);
    expect((await world.mailTo(admin.email)).headers.get('subject')).toBe('Tarmac test message');
    await card.getByRole('textbox', { name: 'Send a test mail to' }).fill('not@an@address');
    await card.getByRole('button', { name: 'Send test mail' }).click();
    await card.getByText('Is not a valid email address').waitFor();
    expect(boss.errors).toEqual([expect.stringMatching(/status of 422/)]);
  });

  it('mails a reset link from the edit-user dialog', async () => {
    const user = await world.server.newUser({ username: `helped_${process.pid}` });
    const boss = await signInOnDesktop(browser, world.server.url, admin, `/admin/users?q=${user.username}`);
    open.push(boss);
    const row = boss.page.getByRole('table').getByRole('row').filter({ hasText: user.username });
    await row.getByRole('button', { name: `Actions for ${user.username}` }).click();
    await boss.page.getByRole('menuitem', { name: 'Edit user' }).click();
    const dialog = boss.page.getByRole('dialog', { name: `Edit ${user.username}` });
    await dialog.getByRole('button', { name: 'Send a new password by email' }).click();
    await dialog.getByRole('status').filter({ hasText: `A link to choose a new password was mailed to ${user.email}` }).waitFor();
    expect((await world.mailTo(user.email)).headers.get('subject')).toBe('Reset your Tarmac password');
    expect(boss.errors).toEqual([]);
  });
});
