// A forgotten password reset by mail, against a real SMTP inbox: the answer is the same whether
// or not an account has the address (and nothing is sent for none), the mail carries a link in the
// user's language, the link shows whose password it changes without being used up, works once,
// voids sessions and older links, expires after 30 minutes, and a locked account gets no mail.
// Requests are counted per address (429); hostile bodies are 4xx; without mail the answer is 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, keyIn, startMailWorld } from './helpers/account-mail.ts';
import type { MailWorld } from './helpers/account-mail.ts';
import { until } from './helpers/jobs.ts';
import { ISO_TIME, api, signIn, startServer } from './helpers/server.ts';
import { startSmtpServer } from './helpers/smtp.ts';

let world: MailWorld;
beforeAll(async () => {
  world = await startMailWorld();
});
afterAll(async () => {
  await world.close();
});

const forgot = (email: unknown) => api(world.server, '/api/password/forgot', { method: 'POST', json: { email } });
const info = (key: string) => api(world.server, `/api/password/reset?key=${encodeURIComponent(key)}`);
const reset = (key: string, password: string) => api(world.server, '/api/password/reset', { method: 'POST', json: { key, password } });
const QUEUED = { message: 'If an account has this address, a mail with a link is on its way.' };

describe('password reset by mail', () => {
  it('mails a link that shows the account, sets the password once, ends the old sessions and signs in', async () => {
    const user = await world.server.newUser();
    const old = await signIn(world.server, user.username, user.password);
    const answer = await forgot(` ${user.email.toUpperCase()} `);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual(QUEUED);
    const mail = await world.mailTo(user.email);
    expect(mail.headers.get('subject')).toBe('Reset your Tarmac password');
    expect(mail.text).toContain(`${world.server.config.externalUrl.replace(/\/$/, '')}/reset-password?key=`);
    expect(mail.text).toContain('for 30 minutes');
    const key = keyIn(mail, '/reset-password');

    expect(await info(key)).toMatchObject({ status: 200, body: { username: user.username, expires_at: ISO_TIME } });
    expect(await info(key)).toMatchObject({ status: 200 }); // looking does not use it up
    const short = await reset(key, 'short');
    expect(short.status).toBe(422);
    expect(short.body.fields.password).toBeDefined();

    const done = await reset(key, 'a-brand-new-password');
    expect(done.status).toBe(200);
    expect(done.body.user.username).toBe(user.username);
    const session = await api(world.server, '/api/session', { headers: { cookie: cookieOf(done) } });
    expect(session.body.user.username).toBe(user.username);
    const oldSession = await api(world.server, '/api/session', { headers: { cookie: old.cookie } });
    expect(oldSession.body.user).toBeNull();

    expect(await reset(key, 'another-new-password')).toMatchObject({ status: 404, body: { code: 'account.link_expired' } });
    expect(await info(key)).toMatchObject({ status: 404, body: { code: 'account.link_expired' } });
    await expect(signIn(world.server, user.username, user.password)).rejects.toThrow(/401/);
    await signIn(world.server, user.username, 'a-brand-new-password');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const answer = await forgot('nobody-here@example.com');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual(QUEUED);
    expect(await world.settledCount('nobody-here@example.com')).toBe(0);
  });

  it('writes in the user\'s language', async () => {
    const user = await world.server.newUser();
    await world.server.database.db.updateTable('users').set({ locale: 'zh-CN' }).where('id', '=', user.id).execute();
    await forgot(user.email);
    const mail = await world.mailTo(user.email);
    expect(mail.headers.get('subject')).toBe('重置你的 Tarmac 密码');
    expect(mail.text).toContain('30 分钟内有效');
    expect(mail.html).toContain('<html lang="zh-CN">');
  });

  it('voids the older link when a new one is asked for, and the link expires after 30 minutes', async () => {
    const user = await world.server.newUser();
    await forgot(user.email);
    const first = keyIn(await world.mailTo(user.email), '/reset-password');
    await forgot(user.email);
    const second = keyIn(await world.mailTo(user.email, 2), '/reset-password');
    expect((await info(first)).status).toBe(404);
    expect((await info(second)).status).toBe(200);
    world.advance(31 * 60_000);
    expect(await info(second)).toMatchObject({ status: 404, body: { code: 'account.link_expired' } });
    expect((await reset(second, 'a-brand-new-password')).status).toBe(404);
    await signIn(world.server, user.username, user.password);
  });

  it('sends a locked account nothing', async () => {
    const user = await world.server.newUser({ locked: true });
    expect((await forgot(user.email)).body).toEqual(QUEUED);
    expect(await world.settledCount(user.email)).toBe(0);
  });

  it('counts requests per address: the sixth in an hour is 429', async () => {
    const user = await world.server.newUser();
    for (let i = 0; i < 5; i += 1) expect((await forgot(user.email)).status).toBe(202);
    const refused = await forgot(user.email.toUpperCase());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.code).toBe('auth.too_many_attempts');
  });

  it('refuses hostile bodies with a 4xx and uses no link', async () => {
    const bodies: [string, unknown][] = [
      ['/api/password/forgot', {}], ['/api/password/forgot', { email: 42 }], ['/api/password/forgot', { email: 'not-an-address' }],
      ['/api/password/forgot', { email: 'a@b.example', extra: 1 }], ['/api/password/forgot', { email: 'x'.repeat(300) }],
      ['/api/password/reset', { key: 'k' }], ['/api/password/reset', { password: 'long-enough-password' }],
      ['/api/password/reset', { key: 'x'.repeat(500), password: 'long-enough-password' }],
      ['/api/password/reset', { key: ['a'], password: 'long-enough-password' }],
    ];
    for (const [path, json] of bodies) {
      const answer = await api(world.server, path, { method: 'POST', json });
      expect(answer.status, `${path} ${JSON.stringify(json)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.error).toEqual(expect.any(String));
    }
    const garbled = await api(world.server, '/api/password/forgot', { method: 'POST', raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(garbled.status).toBe(400);
    expect((await info('unknown-key')).status).toBe(404);
    expect((await api(world.server, '/api/password/reset')).status).toBe(422);
    expect((await reset('unknown-key', 'long-enough-password')).status).toBe(404);
  });
});

describe('a mail server that is down', () => {
  it('still answers 202 at once, and the log says the mail was not sent', async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    const server = await startServer({ TARMAC_SMTP_URL: `smtp://127.0.0.1:${port}?starttls=never&timeout=3`, TARMAC_MAIL_FROM: 'ops@example.com' });
    try {
      const user = await server.newUser();
      const answer = await api(server, '/api/password/forgot', { method: 'POST', json: { email: user.email } });
      expect(answer).toMatchObject({ status: 202, body: QUEUED });
      await until(() => server.logs.some((line) => line.includes('Password reset: the mail was not sent')));
      expect(server.logs.find((line) => line.includes('Password reset: the mail was not sent'))).toContain('"failure":"unreachable"');
    } finally {
      await server.close();
    }
  });
});

describe('without mail', () => {
  it('answers 503, and the sign-in page is told there is no mail', async () => {
    const server = await startServer();
    try {
      const answer = await api(server, '/api/password/forgot', { method: 'POST', json: { email: 'a@example.com' } });
      expect(answer).toMatchObject({ status: 503, body: { code: 'mail.not_configured' } });
      const settings = await api(server, '/api/settings/public');
      expect(settings.body).toMatchObject({ mail_enabled: false, sign_in_link_enabled: false });
    } finally {
      await server.close();
    }
  });
});
