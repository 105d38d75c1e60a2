// The install page's "new builds by email" form in a real browser, with mail configured (a real
// SMTP inbox): it sits on the build's page, in English and Chinese, light and dark, with no serious
// axe violation; a keyboard user tabs to the email field, types an address and presses Enter, and
// lands on the neutral "check your email" page (axe-clean too); the confirmation mail's link opens
// a page whose Confirm button, pressed by keyboard, subscribes. (The form needs no JavaScript:
// test/subscribers.test.ts posts it as a plain form, as a browser without scripts does.) Any
// console error fails.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, fixture, launchBrowser, openDevice, USER_AGENTS } from '../helpers/browser.ts';
import type { DeviceContext } from '../helpers/browser.ts';
import { newApp, uploadBuild } from '../helpers/factories.ts';
import type { TestChannel } from '../helpers/factories.ts';
import { until } from '../helpers/jobs.ts';
import { api, startServer } from '../helpers/server.ts';
import type { TestServer, TestUser } from '../helpers/server.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import type { TestSmtpServer } from '../helpers/smtp.ts';

const available = chromiumAvailable();

describe.skipIf(!available)("the install page's subscribe form in chromium", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let channel: TestChannel;
  let releaseId: number;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { TARMAC_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?starttls=never`, TARMAC_MAIL_FROM: 'tarmac@example.com' };
    server = await startServer(env, { runJobs: true });
    owner = await server.newUser({ role: 'developer' });
    channel = await newApp(server, { ownerId: owner.id, name: 'Form Demo' });
    releaseId = (await uploadBuild<{ id: number }>(server, owner.token, channel.key, fixture('android.apk'), 'android.apk')).id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowserTest(open, browser, server);
    await smtp?.close();
  });

  async function desktop(locale: 'en' | 'zh-CN', colorScheme: 'light' | 'dark') {
    const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, locale, colorScheme });
    open.push(device);
    device.page.setDefaultTimeout(10_000);
    return device;
  }

  for (const locale of ['en', 'zh-CN'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`shows the form with no serious violation (${locale}, ${scheme})`, async () => {
        const { page, errors } = await desktop(locale, scheme);
        await page.goto(`${server.url}/${channel.slug}/${releaseId}`);
        const name = locale === 'en' ? 'New builds by email' : '通过邮件接收新版本';
        await page.getByRole('region', { name }).waitFor();
        expect(describeViolations(`${locale} ${scheme}`, await seriousViolations(page))).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }

  it('subscribes by keyboard and confirms from the mail', async () => {
    const { page, errors } = await desktop('en', 'dark');
    await page.goto(`${server.url}/${channel.slug}`);
    const field = page.getByRole('textbox', { name: 'Email me new builds of this channel' });
    for (let i = 0; i < 60 && !(await field.evaluate((element) => element === element.ownerDocument.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(describeViolations('sent page', await seriousViolations(page))).toEqual([]);

    await until(() => smtp.messages.some((mail) => mail.envelope.to.includes('keys@example.com')));
    const mail = smtp.messages.find((message) => message.envelope.to.includes('keys@example.com'))!;
    const link = /http:\/\/\S+\/subscribe\/confirm\?token=[\w-]{43}/.exec(mail.text ?? '')![0];
    await page.goto(link);
    const confirm = page.getByRole('button', { name: 'Confirm' });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Subscribed' }).waitFor();
    const listed = await api(server, `/api/channels/${channel.channelId}/subscribers`, { token: owner.token });
    expect(listed.body).toMatchObject([{ email: 'keys@example.com', state: 'active' }]);
    expect(errors).toEqual([]);
  });
});
