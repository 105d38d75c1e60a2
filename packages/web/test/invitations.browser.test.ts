// An invitation in chromium, end to end: an administrator invites an address into an app from
// /admin/invitations (the app found by searching its name), the mail arrives at a real SMTP
// server, a stranger's browser follows its link, picks a username and password, and lands on
// that app's page, signed in. The invitations screen with its dialog (English, light) and the
// accept page (Chinese, dark) have no serious axe violation; any console error fails the test.
// An app's administrator invites from the app's team card; a sign-up while email confirmation is
// required says to check the mail, and the mailed /confirm-email link signs the person in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, launchBrowser, openDevice, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { mailEnv, startSmtpServer } from '../../server/test/helpers/smtp.ts';
import type { ReceivedMail, TestSmtpServer } from '../../server/test/helpers/smtp.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('invitations in chromium', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let admin: TestUser;
  let appId: number;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = mailEnv(smtp);
    server = await startServer(env);
    admin = await server.newUser({ role: 'admin' });
    appId = (await newApp(server, { name: 'Rocket', ownerId: admin.id })).appId;
    await newApp(server, { name: 'Other', ownerId: admin.id });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowserTest(open, browser, server);
    await smtp?.close();
  });

  async function mailTo(address: string): Promise<ReceivedMail> {
    await expect.poll(() => smtp.messages.some((mail) => mail.envelope.to.includes(address)), { timeout: 10_000 }).toBe(true);
    return smtp.messages.find((mail) => mail.envelope.to.includes(address))!;
  }

  /** The mail's link, on the test server (its TARMAC_URL does not know the random port). */
  function linkOf(mail: ReceivedMail): string {
    const link = /(\S+\/invitations\/accept\?key=[^\s"<]+)/.exec(mail.text ?? '')?.[1];
    expect(link, mail.text).toBeDefined();
    expect(link!.startsWith(`${server.config.externalUrl}/invitations/accept?key=`)).toBe(true);
    const url = new URL(link!);
    return `${server.url}${url.pathname}${url.search}`;
  }

  it('an administrator invites someone to an app; they follow the mail, choose a password and land on the app', async () => {
    const found: string[] = [];
    const device = await signedIn(browser, server, admin, { next: '/admin/invitations', colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    await page.getByRole('heading', { name: 'No invitations yet' }).waitFor();
    found.push(...describeViolations('en-light /admin/invitations', await seriousViolations(page)));

    await page.getByRole('button', { name: 'Invite by email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite by email' });
    const email = `guest_${process.pid}@example.com`;
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByLabel('Apps', { exact: true }).fill('Rock');
    await page.getByRole('option', { name: 'Rocket' }).click();
    await page.keyboard.press('Escape');
    found.push(...describeViolations('en-light invite dialog', await seriousViolations(page)));
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();
    const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
    await row.getByText('Pending').waitFor();
    await expect(row.textContent()).resolves.toContain('Rocket');
    await screenshot(page, 'web-admin-invitations');
    expect(errors).toEqual([]);

    const mail = await mailTo(email);
    expect(mail.headers.get('subject')).toBe(`${admin.username} invited you to Tarmac`);
    const stranger = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    open.push(stranger);
    await stranger.page.goto(linkOf(mail));
    await stranger.page.getByText('You will see: Rocket.').waitFor();
    const username = `guest${process.pid}`;
    await stranger.page.getByRole('textbox', { name: 'Username' }).fill(username);
    await stranger.page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
    await stranger.page.getByRole('textbox', { name: 'Confirm the password' }).fill('a-long-password');
    await stranger.page.getByRole('button', { name: 'Accept and create account' }).click();
    await stranger.page.waitForURL(`${server.url}/apps/${appId}`);
    await stranger.page.getByRole('heading', { name: 'Rocket', level: 1 }).waitFor();
    expect(stranger.errors).toEqual([]);

    await page.reload();
    await row.getByText('Accepted').waitFor();
    expect(found).toEqual([]);
  });

  it('the accept page in Chinese and dark has no serious violation', async () => {
    const email = `zh_${process.pid}@example.com`;
    const sent = await api(server, '/api/invitations', {
      method: 'POST', token: admin.token, json: { email, locale: 'zh-CN', memberships: [{ app_id: appId, role: 'member' }] },
    });
    expect(sent.status).toBe(201);
    const mail = await mailTo(email);
    expect(mail.headers.get('subject')).toBe(`${admin.username} 邀请你加入 Tarmac`);
    const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme: 'dark', locale: 'zh-CN' });
    open.push(device);
    await device.page.goto(linkOf(mail));
    await device.page.getByRole('heading', { name: '你收到了邀请' }).waitFor();
    await device.page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    expect(describeViolations('zh-dark accept', await seriousViolations(device.page))).toEqual([]);
    expect(device.errors).toEqual([]);
  });

  it("an app's administrator invites from the team card; a sign-up confirms its email by the mailed link", async () => {
    const owner = await server.newUser({ role: 'member' });
    const ownApp = (await newApp(server, { name: 'Comet', ownerId: owner.id })).appId;
    const device = await signedIn(browser, server, owner, { next: `/apps/${ownApp}`, colorScheme: 'light' });
    open.push(device);
    await device.page.getByRole('button', { name: 'Invite by email' }).click();
    const dialog = device.page.getByRole('dialog', { name: 'Invite to Comet by email' });
    const email = `teammate_${process.pid}@example.com`;
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await device.page.getByText(`Invitation sent to ${email}.`).waitFor();
    expect((await mailTo(email)).text).toContain('Comet');
    expect(device.errors).toEqual([]);

    const opened = await api(server, '/api/settings', {
      method: 'PUT', token: admin.token, json: { registration_policy: 'open', email_confirmation_required: true },
    });
    expect(opened.status).toBe(200);
    const stranger = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    open.push(stranger);
    const { page } = stranger;
    await page.goto(`${server.url}/signup`);
    const username = `signer${process.pid}`;
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
    await page.getByRole('textbox', { name: 'Confirm the password' }).fill('a-long-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    expect(describeViolations('en-dark check your mail', await seriousViolations(page))).toEqual([]);
    const mail = await mailTo(`${username}@example.com`);
    const link = /(\S+\/confirm-email\?key=[^\s"<]+)/.exec(mail.text ?? '')![1]!;
    const url = new URL(link);
    await page.goto(`${server.url}${url.pathname}${url.search}`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await page.getByRole('heading', { name: `Welcome, ${username}` }).waitFor();
    expect(stranger.errors).toEqual([]);
  });
});
