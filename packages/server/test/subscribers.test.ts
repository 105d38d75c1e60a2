// A channel's subscribers, end to end against a real SMTP inbox (test/helpers/smtp.ts) with the
// jobs running: a visitor opts in on the install page (double opt-in: a pending row, a mail, a
// confirm button), an upload mails each active subscriber once with the build's install link (a
// second dispatch of the same event mails nobody again), and the unsubscribe link or the mail
// provider's one-click POST (RFC 8058) stops it. The form answers the same page whoever asks, so
// it does not tell who subscribed. The team's API lists, adds (a welcome mail naming who) and
// removes subscribers, within the app's permissions; hostile input is a 4xx with nothing stored.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail, TestSmtpServer } from './helpers/smtp.ts';
import { mailEnv, startSmtpServer } from './helpers/smtp.ts';
import { addCollaborator, newApp, uploadBuild } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { sleep, until } from './helpers/jobs.ts';
import { ISO_TIME, api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const APK = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk'));

let smtp: TestSmtpServer;
let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = mailEnv(smtp);
  server = await startServer(env, { runJobs: true });
  admin = await server.newUser({ role: 'admin' });
  owner = await server.newUser({ role: 'developer' });
  member = await server.newUser();
  outsider = await server.newUser();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Waits until no job is queued or running (the dispatch and the mails it queued are done). */
async function settle(): Promise<void> {
  await sleep(150);
  await until(async () => {
    const counts = await server.services.jobs.counts();
    return counts.queued === 0 && counts.running === 0;
  });
}

const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.envelope.to.includes(address));

async function mailTo(address: string, count = 1): Promise<ReceivedMail> {
  await until(() => mailsTo(address).length >= count);
  return mailsTo(address)[count - 1]!;
}

function linkIn(mail: ReceivedMail, pattern: RegExp): string {
  const found = pattern.exec(mail.text ?? '');
  if (!found) throw new Error(`no link ${String(pattern)} in ${mail.text}`);
  return found[0];
}

const relative = (url: string) => url.slice(server.url.length);

async function channelWithOwner(): Promise<TestChannel> {
  const channel = await newApp(server, { ownerId: owner.id });
  await addCollaborator(server, channel.appId, member.id, 'member');
  return channel;
}

async function subscribe(slug: string, email: string, extra: Record<string, string> = {}) {
  return api(server, `/${slug}/subscribe`, { method: 'POST', form: { email, lang: 'en', ...extra }, headers: { accept: 'text/html' } });
}

async function subscribers(channelId: number) {
  return api<{ email: string; state: string }[]>(server, `/api/channels/${channelId}/subscribers`, { token: owner.token });
}

describe('the install page form and the mails', () => {
  it('confirms by mail, mails one new build once with its install link, and stops after one-click unsubscribe', async () => {
    const channel = await channelWithOwner();
    const page = await api(server, `/${channel.slug}`, { headers: { accept: 'text/html' } });
    expect(page.text).toContain(`<form method="post" action="/${channel.slug}/subscribe">`);
    expect(page.text).toContain('Email me new builds of this channel');

    const answer = await subscribe(channel.slug, ' Tess@Example.COM ');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('If the address can receive mail, a confirmation link is on its way.');
    const confirmation = await mailTo('tess@example.com');
    expect(confirmation.headers.get('subject')).toBe('Confirm: new builds of Demo Android by email');
    expect(confirmation.headers.has('list-unsubscribe')).toBe(false);
    expect((await subscribers(channel.channelId)).body).toMatchObject([{ email: 'tess@example.com', state: 'pending', source: 'self' }]);

    // A GET (a mail scanner following the link) only shows the button.
    const confirmUrl = linkIn(confirmation, /http:\/\/\S+\/subscribe\/confirm\?token=[\w-]{43}/);
    const shown = await api(server, relative(confirmUrl), { headers: { accept: 'text/html' } });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Get an email at tess@example.com for each new build of Demo (Android)?');
    expect((await subscribers(channel.channelId)).body[0]!.state).toBe('pending');
    const token = new URL(confirmUrl).searchParams.get('token')!;
    const confirmed = await api(server, new URL(confirmUrl).pathname, { method: 'POST', form: { token, lang: 'en' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('You will get an email for each new build of Demo (Android).');
    expect((await subscribers(channel.channelId)).body).toEqual([
      { id: expect.any(Number), email: 'tess@example.com', state: 'active', source: 'self', locale: 'en', created_at: ISO_TIME, confirmed_at: ISO_TIME },
    ]);
    // The link works once.
    expect((await api(server, new URL(confirmUrl).pathname, { method: 'POST', form: { token } })).status).toBe(404);

    const release = await uploadBuild<{ id: number }>(server, owner.token, channel.key, APK, 'android.apk');
    const mail = await mailTo('tess@example.com', 2);
    expect(mail.headers.get('subject')).toMatch(/^New build of Demo Android: /);
    expect(mail.text).toContain(`Install it: ${server.url}/${channel.slug}/${release.id}`);
    const unsubscribe = /^<(http:\/\/\S+\/unsubscribe\?token=[\w-]{43})>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Stop these emails: ${unsubscribe}`);

    // The same event dispatched again (a dispatch job that ran twice) mails nobody again.
    await settle();
    const done = await server.services.jobs.list({ state: 'done', perPage: 100 });
    const dispatch = done.items.find((job) => job.name === 'event.dispatch' && (job.payload.event as { releaseId?: number }).releaseId === release.id);
    await server.services.jobs.enqueue('event.dispatch', dispatch!.payload);
    await settle();
    expect(mailsTo('tess@example.com')).toHaveLength(2);

    // One-click: the provider POSTs List-Unsubscribe=One-Click to the header's URL.
    const oneClick = await api(server, relative(unsubscribe!), {
      method: 'POST',
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect((await subscribers(channel.channelId)).body).toEqual([]);
    await uploadBuild(server, owner.token, channel.key, APK, 'android.apk');
    await settle();
    expect(mailsTo('tess@example.com')).toHaveLength(2);
  });

  it('answers the same page for a new, a pending and a subscribed address, and mails only the new one', async () => {
    const channel = await channelWithOwner();
    await api(server, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: owner.token, json: { email: 'known@example.com' } });
    await subscribe(channel.slug, 'pending@example.com');
    await until(() => mailsTo('pending@example.com').length === 1);
    await settle();
    const before = smtp.messages.length;
    const answers = await Promise.all(['known@example.com', 'pending@example.com', 'unknown@example.com'].map((email) => subscribe(channel.slug, email)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    await until(() => mailsTo('unknown@example.com').length === 1 && mailsTo('pending@example.com').length === 2);
    await settle();
    const sent = smtp.messages.slice(before).map((mail) => mail.envelope.to[0]).sort();
    expect(sent).toEqual(['pending@example.com', 'unknown@example.com']);
  });

  it('unsubscribes from the link: the GET shows a button, the POST removes the subscription', async () => {
    const channel = await channelWithOwner();
    await api(server, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: owner.token, json: { email: 'leaving@example.com' } });
    const welcome = await mailTo('leaving@example.com');
    const url = linkIn(welcome, /http:\/\/\S+\/unsubscribe\?token=[\w-]{43}/);
    const shown = await api(server, relative(url), { headers: { accept: 'text/html' } });
    expect(shown.text).toContain('Stop the emails to leaving@example.com about new builds of Demo (Android)?');
    expect((await subscribers(channel.channelId)).body).toHaveLength(1);
    const token = new URL(url).searchParams.get('token')!;
    const done = await api(server, new URL(url).pathname, { method: 'POST', form: { token } });
    expect(done.status).toBe(200);
    expect(done.text).toContain('You will get no more emails about new builds of this channel.');
    expect((await subscribers(channel.channelId)).body).toEqual([]);
  });

  it("mails nobody for an upload to a scheme that does not announce new builds", async () => {
    const channel = await channelWithOwner();
    await api(server, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: owner.token, json: { email: 'quiet@example.com' } });
    await api(server, `/api/schemes/${channel.schemeId}`, { method: 'PUT', token: owner.token, json: { new_build_callout: false } });
    await uploadBuild(server, owner.token, channel.key, APK, 'android.apk');
    await settle();
    expect(mailsTo('quiet@example.com').map((mail) => mail.headers.get('subject'))).toEqual(['You will get new builds of Demo Android by email']);
  });

  it('speaks Chinese when the page did', async () => {
    const channel = await channelWithOwner();
    const answer = await subscribe(channel.slug, 'zh@example.com', { lang: 'zh-CN' });
    expect(answer.text).toContain('请查收邮件');
    const mail = await mailTo('zh@example.com');
    expect(mail.headers.get('subject')).toBe('请确认：通过邮件接收 Demo Android 的新版本');
  });
});

describe('the form refuses', () => {
  it('an address that is not one mailbox (422 with the form again), storing nothing', async () => {
    const channel = await channelWithOwner();
    for (const email of ['not an address', 'a@example.com, b@example.com', 'x'.repeat(250) + '@example.com', '']) {
      const answer = await subscribe(channel.slug, email);
      expect(answer.status).toBe(422);
      expect(answer.text).toContain('That is not one email address.');
    }
    expect((await subscribers(channel.channelId)).body).toEqual([]);
  });

  it("another site's post (403) and an unknown channel (404)", async () => {
    const channel = await channelWithOwner();
    const evil = await api(server, `/${channel.slug}/subscribe`, {
      method: 'POST', form: { email: 'y@example.com' }, headers: { origin: 'http://evil.example', accept: 'text/html' },
    });
    expect(evil.status).toBe(403);
    const ours = await api(server, `/${channel.slug}/subscribe`, { method: 'POST', form: { email: 'x@example.com' }, headers: { origin: server.url } });
    expect(ours.status).toBe(200);
    expect((await subscribe('no-such-channel', 'x@example.com')).status).toBe(404);
    await until(async () => (await subscribers(channel.channelId)).body.length > 0);
    expect((await subscribers(channel.channelId)).body.map((row) => row.email)).toEqual(['x@example.com']);
  });

  it("a password-protected channel's visitor without its grant; takes one who unlocked it", async () => {
    const channel = await channelWithOwner();
    await api(server, `/api/channels/${channel.channelId}`, { method: 'PUT', token: owner.token, json: { password: 'sesame' } });
    const locked = await api(server, `/${channel.slug}`, { headers: { accept: 'text/html' } });
    expect(locked.status).toBe(401);
    expect(locked.text).not.toContain('/subscribe');
    expect((await subscribe(channel.slug, 'z@example.com')).status).toBe(303);
    expect((await subscribe(channel.slug, 'z@example.com', { grant: 'forged.grant' })).status).toBe(303);
    const unlocked = await api(server, `/${channel.slug}/unlock`, { method: 'POST', form: { password: 'sesame' } });
    const cookie = (unlocked.headers.get('set-cookie') ?? '').split(';')[0]!;
    const page = await api(server, `/${channel.slug}`, { headers: { accept: 'text/html', cookie } });
    expect(page.text).toContain(`action="/${channel.slug}/subscribe"`);
    const grant = /name="grant" value="([^"]+)"/.exec(page.text)?.[1];
    expect(grant).toBeDefined();
    // The form's grant alone (no cookie) is enough, as the cookie alone is.
    const byGrant = await subscribe(channel.slug, 'g@example.com', { grant: grant! });
    expect(byGrant.status).toBe(200);
    expect(byGrant.text).toContain(`href="/${channel.slug}?grant=${encodeURIComponent(grant!)}"`);
    const withCookie = await api(server, `/${channel.slug}/subscribe`, { method: 'POST', form: { email: 'c@example.com' }, headers: { cookie } });
    expect(withCookie.status).toBe(200);
    // The form answers before its row is written (see page-routes.ts): wait for both.
    await until(async () => (await subscribers(channel.channelId)).body.length === 2);
    expect((await subscribers(channel.channelId)).body.map((row) => row.email).sort()).toEqual(['c@example.com', 'g@example.com']);
  });

  it("an archived app's channel: no form, 404 for a post, 409 for the team", async () => {
    const channel = await channelWithOwner();
    await api(server, `/api/apps/${channel.appId}/archive`, { method: 'POST', token: owner.token });
    expect((await api(server, `/${channel.slug}`, { headers: { accept: 'text/html' } })).text).not.toContain('/subscribe');
    expect((await subscribe(channel.slug, 'a@example.com')).status).toBe(404);
    const team = await api(server, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: owner.token, json: { email: 'a@example.com' } });
    expect(team.status).toBe(409);
    expect((await subscribers(channel.channelId)).body).toEqual([]);
  });

  it('a malformed or unknown link token', async () => {
    const channel = await channelWithOwner();
    expect((await api(server, `/${channel.slug}/subscribe/confirm?token=nope`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await api(server, `/${channel.slug}/subscribe/confirm`, { method: 'POST', form: { token: 'A'.repeat(43) } })).status).toBe(404);
    expect((await api(server, `/${channel.slug}/unsubscribe`, { method: 'POST', form: { token: 'bad token' } })).status).toBe(400);
    // Not a channel's address: the server's own 404s.
    expect((await api(server, '/api/unsubscribe?token=x')).status).toBe(404);
    expect((await api(server, '/api/unsubscribe?token=x')).body).toMatchObject({ error: 'API not found: GET /api/unsubscribe' });
  });
});

describe('/api/channels/{id}/subscribers', () => {
  it('lists for any collaborator, with the totals and whether mail is configured; hides the channel from others', async () => {
    const channel = await channelWithOwner();
    await api(server, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: owner.token, json: { email: 'a@example.com' } });
    const listed = await api(server, `/api/channels/${channel.channelId}/subscribers`, { token: member.token });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(listed.headers.get('x-mail-configured')).toBe('true');
    expect((await api(server, `/api/channels/${channel.channelId}/subscribers`, { token: outsider.token })).status).toBe(404);
    expect((await api(server, `/api/channels/${channel.channelId}/subscribers`)).status).toBe(401);
    expect((await api(server, `/api/channels/${channel.channelId}/subscribers`, { token: admin.token })).status).toBe(200);
  });

  it("adds an active subscriber (the app's admins and global admins) with a welcome mail naming who added it", async () => {
    const channel = await channelWithOwner();
    const added = await api(server, `/api/channels/${channel.channelId}/subscribers`, {
      method: 'POST', token: owner.token, json: { email: 'New@Example.com', locale: 'zh-CN' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number), email: 'new@example.com', state: 'active', source: 'team', locale: 'zh-CN', created_at: ISO_TIME, confirmed_at: ISO_TIME,
    });
    const welcome = await mailTo('new@example.com');
    expect(welcome.headers.get('subject')).toBe('你将通过邮件收到 Demo Android 的新版本');
    expect(welcome.text).toContain(`${owner.username} 在 Tarmac 上把此地址加入了 Demo（Android）的测试者。`);
    expect(welcome.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/\S+\/unsubscribe\?token=[\w-]{43}>$/);
    const again = await api(server, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: admin.token, json: { email: 'new@example.com' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'new@example.com is already subscribed to this channel' });
  });

  it('turns a pending self-subscription active when the team adds the address', async () => {
    const channel = await channelWithOwner();
    await subscribe(channel.slug, 'asked@example.com');
    await until(async () => (await subscribers(channel.channelId)).body.length === 1);
    const added = await api(server, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: owner.token, json: { email: 'asked@example.com' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ state: 'active', source: 'team' });
  });

  it('refuses members (403), outsiders (404) and hostile bodies (422), storing nothing', async () => {
    const channel = await channelWithOwner();
    const url = `/api/channels/${channel.channelId}/subscribers`;
    expect((await api(server, url, { method: 'POST', token: member.token, json: { email: 'm@example.com' } })).status).toBe(403);
    expect((await api(server, url, { method: 'POST', token: outsider.token, json: { email: 'o@example.com' } })).status).toBe(404);
    const bodies: unknown[] = [
      {},
      { email: 'not-an-address' },
      { email: 'a@example.com\r\nBcc: b@example.com' },
      { email: 'a@example.com', locale: 'fr' },
      { email: 'a@example.com', extra: 1 },
      { email: `${'x'.repeat(250)}@example.com` },
      { email: 42 },
    ];
    for (const json of bodies) {
      const answer = await api(server, url, { method: 'POST', token: owner.token, json });
      expect(answer.status, JSON.stringify(json)).toBe(422);
      expect(answer.body).toHaveProperty('error');
    }
    expect((await api(server, `/api/channels/999999/subscribers`, { method: 'POST', token: admin.token, json: { email: 'a@example.com' } })).status).toBe(404);
    expect((await subscribers(channel.channelId)).body).toEqual([]);
  });

  it("removes a subscriber (the app's admins), 404 for one of another channel or gone", async () => {
    const channel = await channelWithOwner();
    const other = await channelWithOwner();
    const url = `/api/channels/${channel.channelId}/subscribers`;
    const added = await api<{ id: number }>(server, url, { method: 'POST', token: owner.token, json: { email: 'r@example.com' } });
    expect((await api(server, `${url}/${added.body.id}`, { method: 'DELETE', token: member.token })).status).toBe(403);
    expect((await api(server, `/api/channels/${other.channelId}/subscribers/${added.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
    const removed = await api(server, `${url}/${added.body.id}`, { method: 'DELETE', token: owner.token });
    expect(removed).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await api(server, `${url}/${added.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
    expect((await api(server, `${url}/abc`, { method: 'DELETE', token: owner.token })).status).toBe(422);
  });
});

describe('without mail configured', () => {
  it('offers no form, queues no mail, and says so in the list header', async () => {
    const plain = await startServer({}, { runJobs: true });
    try {
      const user = await plain.newUser({ role: 'developer' });
      const channel = await newApp(plain, { ownerId: user.id });
      const page = await api(plain, `/${channel.slug}`, { headers: { accept: 'text/html' } });
      expect(page.text).not.toContain('/subscribe');
      expect((await api(plain, `/${channel.slug}/subscribe`, { method: 'POST', form: { email: 'a@example.com' } })).status).toBe(404);
      const url = `/api/channels/${channel.channelId}/subscribers`;
      expect((await api(plain, url, { method: 'POST', token: user.token, json: { email: 'team@example.com' } })).status).toBe(201);
      expect((await api(plain, url, { token: user.token })).headers.get('x-mail-configured')).toBe('false');
      await uploadBuild(plain, user.token, channel.key, APK, 'android.apk');
      await uploadBuild(plain, user.token, channel.key, APK, 'android.apk');
      const dispatched = async () => (await plain.services.jobs.list({ state: 'done' })).items.filter((job) => job.name === 'event.dispatch');
      await until(async () => (await dispatched()).length === 2);
      // Said once, not per upload.
      expect(plain.logs.filter((line) => line.includes('Channel subscribers are not mailed'))).toHaveLength(1);
      const names = (await plain.services.jobs.list({ state: 'done', perPage: 100 })).items.map((job) => job.name);
      expect(names.filter((name) => name.startsWith('mail.'))).toEqual([]);
      expect((await plain.services.jobs.counts()).queued).toBe(0);
    } finally {
      await plain.close();
    }
  });
});

describe('a new-build mail that fails', () => {
  it('is tried again when the server defers it (4xx), and recorded failed at once when it refuses the recipient', async () => {
    const strict = await startSmtpServer({ refuse: ['refused@example.com'], defer: ['deferred@example.com'] });
    const env = { TARMAC_SMTP_URL: `smtp://127.0.0.1:${strict.port}?starttls=never`, TARMAC_MAIL_FROM: 'tarmac@example.com' };
    const other = await startServer(env, { runJobs: true });
    try {
      const user = await other.newUser({ role: 'developer' });
      const channel = await newApp(other, { ownerId: user.id });
      for (const email of ['refused@example.com', 'deferred@example.com', 'fine@example.com']) {
        await api(other, `/api/channels/${channel.channelId}/subscribers`, { method: 'POST', token: user.token, json: { email } });
      }
      await uploadBuild(other, user.token, channel.key, APK, 'android.apk');
      const rows = () =>
        other.database.db
          .selectFrom('subscriber_mails')
          .innerJoin('channel_subscribers', 'channel_subscribers.id', 'subscriber_mails.subscriber_id')
          .select(['channel_subscribers.email', 'subscriber_mails.state', 'subscriber_mails.attempts', 'subscriber_mails.error'])
          .orderBy('channel_subscribers.email')
          .execute();
      await until(async () => (await rows()).some((row) => row.email === 'deferred@example.com' && row.attempts >= 2));
      const [deferred, fine, refused] = await rows();
      expect(deferred).toMatchObject({ state: 'queued', error: expect.stringMatching(/^recipient-refused: /) });
      expect(fine).toMatchObject({ state: 'sent', attempts: 1, error: null });
      expect(refused).toMatchObject({ state: 'failed', attempts: 1, error: expect.stringMatching(/^recipient-refused: /) });
      expect(strict.messages.filter((mail) => mail.headers.get('subject')?.startsWith('New build')).map((mail) => mail.envelope.to)).toEqual([
        ['fine@example.com'],
      ]);
    } finally {
      await other.close();
      await strict.close();
    }
  });
});

describe('rate limits', () => {
  // A server of its own: the limits count every post from 127.0.0.1, the other tests' too.
  let limited: TestServer;
  beforeAll(async () => {
    const env = mailEnv(smtp);
    limited = await startServer(env, { runJobs: true });
  });
  afterAll(() => limited.close());

  const post = (slug: string, email: string) =>
    api(limited, `/${slug}/subscribe`, { method: 'POST', form: { email, lang: 'en' }, headers: { accept: 'text/html' } });

  it('mails one address at most three confirmations an hour, answering the same page', async () => {
    const channel = await newApp(limited);
    for (let i = 0; i < 5; i += 1) expect((await post(channel.slug, 'flood@example.com')).status).toBe(200);
    await until(() => mailsTo('flood@example.com').length >= 3);
    await sleep(500);
    expect(mailsTo('flood@example.com')).toHaveLength(3);
  });

  it('answers 429 with Retry-After after 20 posts from one client address in an hour', async () => {
    const channel = await newApp(limited);
    // The 5 posts of the test above count too: 15 more make 20.
    for (let i = 5; i < 20; i += 1) expect((await post(channel.slug, `c${i}@example.com`)).status).toBe(200);
    const refused = await post(channel.slug, 'c20@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain('Too many requests from this network.');
    expect(refused.text).toContain('name="email"');
  });
});
