// Issue 15's whole journey, through real parts: a tester asks for new builds by email on the
// install page and confirms from the mail; the app's owner has a Slack hook, a signed Feishu hook
// and a signed JSON hook whose receiver fails twice before it answers. fastlane uploads a build.
// Slack, Feishu (its signature checked as Feishu checks it) and the inbox each get the build's
// install link exactly once; the JSON receiver gets three posts and one success, all three with
// the same delivery id; nothing more arrives after; and the owner sees the three attempts on
// the channel's Webhooks tab. Last, the tester follows the mail's unsubscribe link (a Chinese
// phone in dark mode, no serious axe violation), is asked, and leaves.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, closeBrowserTest, FIXTURES, launchBrowser, openDevice, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { fastlaneUploadTo } from '../../server/test/helpers/fastlane.ts';
import { until } from '../../server/test/helpers/jobs.ts';
import { json, startReceiver } from '../../server/test/helpers/receivers.ts';
import type { Receiver } from '../../server/test/helpers/receivers.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { startSmtpServer } from '../../server/test/helpers/smtp.ts';
import type { TestSmtpServer } from '../../server/test/helpers/smtp.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();
const FEISHU_SECRET = 'SEC-feishu-0123456789abcdef';
const JSON_SECRET = 'our-own-service-secret-42';
const TESTER = 'tester@example.com';

/** Feishu's check of a custom bot's signature: base64(HMAC-SHA256 keyed "timestamp\nsecret", empty message). */
function feishuAccepts(body: { timestamp?: string; sign?: string }): boolean {
  if (!body.timestamp || !body.sign) return false;
  const expected = createHmac('sha256', `${body.timestamp}\n${FEISHU_SECRET}`).update('').digest('base64');
  return expected === body.sign && Math.abs(Date.now() / 1000 - Number(body.timestamp)) < 3600;
}

describe.skipIf(!available)('a new build reaches the team: chat, signed hooks, mail, and the attempts on screen', () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;
  let owner: TestUser;
  let channel: TestChannel;
  let slack: Receiver;
  let feishu: Receiver;
  let service: Receiver;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(
      {
        TARMAC_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?starttls=never`, TARMAC_MAIL_FROM: 'Tarmac <tarmac@example.com>',
        TARMAC_WEBHOOK_ALLOW_PRIVATE: 'true', TARMAC_WEBHOOK_RETRY_BASE_SECONDS: '0',
      },
      { runJobs: true },
    );
    slack = await startReceiver((_req, res) => res.end('ok'));
    feishu = await startReceiver((req, res) => {
      const accepted = feishuAccepts(JSON.parse(req.body) as { timestamp?: string; sign?: string });
      json(res, 200, accepted ? { code: 0, msg: 'success', data: {} } : { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' });
    });
    let posts = 0;
    service = await startReceiver((req, res) => {
      posts += 1;
      const timestamp = String(req.headers['x-tarmac-timestamp']);
      const signed = `sha256=${createHmac('sha256', JSON_SECRET).update(`${timestamp}.${req.body}`).digest('hex')}`;
      if (signed !== req.headers['x-tarmac-signature']) return json(res, 401, { error: 'bad signature' });
      if (posts <= 2) return json(res, 503, { error: 'warming up' });
      json(res, 200, { received: true });
    });
    owner = await server.newUser({ role: 'developer' });
    channel = await newApp(server, { ownerId: owner.id, name: 'Journey', channel: 'Android' });
    const hooks = [
      { name: 'Team Slack', provider: 'slack', url: `${slack.url}/services/T000/B000/XXXX` },
      { name: 'Team Feishu', provider: 'feishu', url: `${feishu.url}/open-apis/bot/v2/hook/abc`, secret: FEISHU_SECRET },
      { name: 'Release robot', provider: 'json', url: `${service.url}/tarmac`, secret: JSON_SECRET },
    ];
    for (const hook of hooks) {
      const made = await api(server, `/api/channels/${channel.channelId}/webhooks`, { method: 'POST', token: owner.token, json: { ...hook, events: ['upload'] } });
      expect(made.status, made.text).toBe(201);
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowserTest(open, browser, server);
    for (const closable of [slack, feishu, service, smtp]) await closable?.close();
  });

  it('a tester subscribes on the install page and confirms from the mail', async () => {
    const device = await openDevice(browser, USER_AGENTS.android, { viewport: { width: 412, height: 915 } });
    open.push(device);
    const { page, errors } = device;
    await page.goto(`${server.url}/${channel.slug}`);
    await page.getByRole('textbox', { name: 'Email me new builds of this channel' }).fill(TESTER);
    await page.getByRole('button', { name: /Subscribe/ }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await until(() => smtp.messages.some((mail) => mail.envelope.to.includes(TESTER)));
    const confirmation = smtp.messages.find((mail) => mail.envelope.to.includes(TESTER))!;
    await page.goto(/http:\/\/\S+\/subscribe\/confirm\?token=[\w-]+/.exec(confirmation.text ?? '')![0]);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Subscribed' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('fastlane uploads: Slack, Feishu and the inbox once each with the install link; the flaky service one success in three', async () => {
    const mailsBefore = smtp.messages.length;
    const fields = { token: owner.token, channel_key: channel.key, changelog: 'First public beta' };
    const upload = await fastlaneUploadTo(server.url, fields, path.join(FIXTURES, 'apps', 'android.apk'));
    expect(upload.status, upload.text).toBe(201);
    const release = JSON.parse(upload.text) as { id: number; release_url: string; install_url: string };
    const installPage = `${server.url}/${channel.slug}/${release.id}`;
    expect(release.release_url).toBe(installPage);

    const arrived = () => slack.received.length >= 1 && feishu.received.length >= 1 && service.received.length >= 3;
    await until(() => arrived() && smtp.messages.length > mailsBefore, 30_000);
    // Long enough for any second post (retries here wait milliseconds): nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    expect(slack.received).toHaveLength(1);
    expect(slack.received[0]!.body).toContain(installPage);
    expect(feishu.received).toHaveLength(1);
    const card = JSON.parse(feishu.received[0]!.body) as { msg_type: string; timestamp: string; sign: string };
    expect(card.msg_type).toBe('interactive');
    expect(feishuAccepts(card)).toBe(true);
    expect(feishu.received[0]!.body).toContain(installPage);

    const mails = smtp.messages.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.envelope.to).toEqual([TESTER]);
    expect(mails[0]!.text).toContain(installPage);
    expect(mails[0]!.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/\S+>$/);

    expect(service.received).toHaveLength(3);
    const ids = new Set(service.received.map((post) => post.headers['x-tarmac-delivery']));
    expect(ids.size).toBe(1);
    expect(JSON.parse(service.received[2]!.body)).toMatchObject({ event: 'upload' });
    expect(service.received[2]!.body).toContain(installPage);
  });

  it('the owner sees the three attempts of that delivery on the Webhooks tab', async () => {
    const device = await signedIn(browser, server, owner, { next: `/apps/${channel.appId}/channels/${channel.channelId}?tab=webhooks`, colorScheme: 'light' });
    open.push(device);
    const { page, errors } = device;
    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: 'Release robot' });
    await row.getByText('Delivered · 200').waitFor();
    await row.getByRole('button', { name: 'Deliveries of Release robot' }).click();
    const delivery = page.getByRole('dialog', { name: 'Deliveries of Release robot' }).getByRole('article');
    await delivery.getByText('Delivered', { exact: true }).waitFor();
    await expect.poll(() => delivery.count()).toBe(1);
    const attempts = delivery.getByRole('list', { name: 'Attempts' }).getByRole('listitem');
    await expect.poll(() => attempts.count()).toBe(3);
    await attempts.nth(0).getByText(/^HTTP 503 in \d+ ms$/).waitFor();
    await attempts.nth(1).getByText(/^HTTP 503 in \d+ ms$/).waitFor();
    await attempts.nth(2).getByText(/^HTTP 200 in \d+ ms$/).waitFor();
    await expect(attempts.nth(0).textContent()).resolves.toContain('warming up');
    expect(errors).toEqual([]);
  });

  it('the tester leaves from the link in that mail (a Chinese phone in dark mode): asked first, then unsubscribed', async () => {
    const mail = smtp.messages.filter((message) => message.envelope.to.includes(TESTER)).at(-1)!;
    const link = /http:\/\/\S+\/unsubscribe\?token=[\w-]+/.exec(mail.text ?? '')![0];
    const device = await openDevice(browser, USER_AGENTS.android, { viewport: { width: 412, height: 915 }, locale: 'zh-CN', colorScheme: 'dark' });
    open.push(device);
    const { page, errors } = device;
    await page.goto(link);
    await page.getByText(`不再向 ${TESTER} 发送`).waitFor();
    expect(describeViolations('unsubscribe page', await seriousViolations(page))).toEqual([]);
    expect((await api(server, `/api/channels/${channel.channelId}/subscribers`, { token: owner.token })).body).toHaveLength(1);
    await page.getByRole('button', { name: '退订' }).click();
    await page.getByRole('heading', { name: '已退订' }).waitFor();
    await page.getByText('你将不再收到此渠道新版本的邮件。').waitFor();
    expect(describeViolations('unsubscribed page', await seriousViolations(page))).toEqual([]);
    expect((await api(server, `/api/channels/${channel.channelId}/subscribers`, { token: owner.token })).body).toEqual([]);
    expect(errors).toEqual([]);
  });
});
