// The one-time sign-in link by mail and the administrators' mail card, against a real SMTP inbox:
// the link is offered only while an administrator keeps it on (and only with mail), the mail names
// the account in its language, a GET (a mail scanner) does not use the link up, the button's POST
// signs in once, the link expires after 15 minutes; the mail card shows the settings without the
// password and sends a test message, or says in words why the server did not take it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, keyIn, startMailWorld } from './helpers/account-mail.ts';
import type { MailWorld } from './helpers/account-mail.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestUser } from './helpers/server.ts';
import { startSmtpServer } from './helpers/smtp.ts';

let world: MailWorld;
let admin: TestUser;
beforeAll(async () => {
  world = await startMailWorld();
  admin = await world.server.newUser({ role: 'admin' });
});
afterAll(async () => {
  await world.close();
});

const request = (email: unknown) => api(world.server, '/api/session/link', { method: 'POST', json: { email } });
const info = (key: string) => api(world.server, `/api/session/link?key=${encodeURIComponent(key)}`);
const confirm = (key: unknown) => api(world.server, '/api/session/link/confirm', { method: 'POST', json: { key } });
const setLinks = (on: boolean, token = admin.token) =>
  api(world.server, '/api/settings', { method: 'PUT', token, json: { sign_in_link_enabled: on } });

describe('sign-in links', () => {
  it('are off until an administrator turns them on', async () => {
    const user = await world.server.newUser();
    expect((await api(world.server, '/api/settings/public')).body).toMatchObject({ mail_enabled: true, sign_in_link_enabled: false });
    expect(await request(user.email)).toMatchObject({ status: 403, body: { code: 'account.sign_in_link_disabled' } });
    expect(await world.settledCount(user.email)).toBe(0);
    expect((await setLinks(true, user.token)).status).toBe(403);
    expect(await setLinks(true)).toMatchObject({ status: 200, body: { sign_in_link_enabled: true } });
    expect((await api(world.server, '/api/settings/public')).body).toMatchObject({ sign_in_link_enabled: true });
  });

  it('mail a link a GET does not use up, that signs in once', async () => {
    const user = await world.server.newUser();
    const answer = await request(user.email);
    expect(answer).toMatchObject({ status: 202, body: { message: 'If an account has this address, a mail with a link is on its way.' } });
    const mail = await world.mailTo(user.email);
    expect(mail.headers.get('subject')).toBe('Your Tarmac sign-in link');
    expect(mail.text).toContain('for 15 minutes');
    const key = keyIn(mail, '/sign-in/link');
    expect(await info(key)).toMatchObject({ status: 200, body: { username: user.username } });
    expect(await info(key)).toMatchObject({ status: 200 }); // a mail scanner's GET does not use it up
    const done = await confirm(key);
    expect(done).toMatchObject({ status: 200, body: { user: { username: user.username }, csrf_token: expect.any(String) } });
    const session = await api(world.server, '/api/session', { headers: { cookie: cookieOf(done) } });
    expect(session.body.user.username).toBe(user.username);
    const line = await world.server.database.db.selectFrom('audit_events').selectAll()
      .where('action', '=', 'session.sign_in').where('actor_id', '=', user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(line.details)).toEqual({ method: 'link' });
    expect(await confirm(key)).toMatchObject({ status: 404, body: { code: 'account.link_expired' } });
  });

  it('answer the same for an unknown address, send a locked account nothing, and speak Chinese', async () => {
    expect((await request('nobody-at-all@example.com')).status).toBe(202);
    expect(await world.settledCount('nobody-at-all@example.com')).toBe(0);
    const locked = await world.server.newUser({ locked: true });
    expect((await request(locked.email)).status).toBe(202);
    expect(await world.settledCount(locked.email)).toBe(0);
    const user = await world.server.newUser();
    await world.server.database.db.updateTable('users').set({ locale: 'zh-CN' }).where('id', '=', user.id).execute();
    await request(user.email);
    const mail = await world.mailTo(user.email);
    expect(mail.headers.get('subject')).toBe('你的 Tarmac 登录链接');
    expect(mail.text).toContain('15 分钟内有效');
  });

  it('refuse a link of a user locked since, and expire after 15 minutes', async () => {
    const user = await world.server.newUser();
    await request(user.email);
    const key = keyIn(await world.mailTo(user.email), '/sign-in/link');
    await world.server.database.db.updateTable('users').set({ locked: true }).where('id', '=', user.id).execute();
    expect(await confirm(key)).toMatchObject({ status: 403, body: { code: 'auth.account_locked' } });
    await world.server.database.db.updateTable('users').set({ locked: false }).where('id', '=', user.id).execute();
    world.advance(16 * 60_000);
    expect(await info(key)).toMatchObject({ status: 404, body: { code: 'account.link_expired' } });
    expect((await confirm(key)).status).toBe(404);
  });

  it('refuse hostile bodies with a 4xx, and a reset key is not a sign-in key', async () => {
    for (const json of [{}, { email: null }, { email: 'no-at-sign' }, { email: 'a@b.example', token: 'x' }]) {
      const answer = await api(world.server, '/api/session/link', { method: 'POST', json });
      expect(answer.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    for (const key of [undefined, '', 'x'.repeat(201), 7, 'unknown']) {
      const answer = await confirm(key);
      expect(answer.status, String(key)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const user = await world.server.newUser();
    await api(world.server, '/api/password/forgot', { method: 'POST', json: { email: user.email } });
    const resetKey = keyIn(await world.mailTo(user.email), '/reset-password');
    expect((await confirm(resetKey)).status).toBe(404);
  });

  it('cannot be turned on without mail', async () => {
    const server = await startServer();
    try {
      const boss = await server.newUser({ role: 'admin' });
      const answer = await api(server, '/api/settings', { method: 'PUT', token: boss.token, json: { sign_in_link_enabled: true } });
      expect(answer).toMatchObject({ status: 409, body: { code: 'mail.not_configured' } });
      expect((await api(server, '/api/settings', { token: boss.token })).body.sign_in_link_enabled).toBe(false);
      const test = await api(server, '/api/admin/mail/test', { method: 'POST', token: boss.token, json: {} });
      expect(test).toMatchObject({ status: 409, body: { code: 'mail.not_configured' } });
      expect((await api(server, '/api/admin/mail', { token: boss.token })).body).toMatchObject({ configured: false, host: null });
    } finally {
      await server.close();
    }
  });
});

describe('the mail card', () => {
  it('shows how mail is sent, never the password, to administrators only', async () => {
    const smtp = await startSmtpServer({ auth: { user: 'mailer', password: 's3cret-pass' } });
    const env = { TARMAC_SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}?starttls=never`, TARMAC_MAIL_FROM: 'ops@example.com' };
    const server = await startServer(env);
    try {
      const boss = await server.newUser({ role: 'admin' });
      const member = await server.newUser();
      const card = await api(server, '/api/admin/mail', { token: boss.token });
      expect(card.body).toEqual({ configured: true, from: 'ops@example.com', host: '127.0.0.1', port: smtp.port, tls: 'none', user: 'mailer' });
      expect(card.text).not.toContain('s3cret');
      expect((await api(server, '/api/admin/mail', { token: member.token })).status).toBe(403);
      expect((await api(server, '/api/admin/mail/test', { method: 'POST', token: member.token, json: {} })).status).toBe(403);
      const sent = await api(server, '/api/admin/mail/test', { method: 'POST', token: boss.token, json: {} });
      expect(sent).toMatchObject({ status: 200, body: { to: boss.email, message_id: expect.any(String) } });
      expect(smtp.messages.at(-1)!.envelope.to).toEqual([boss.email]);
      expect(smtp.messages.at(-1)!.text).toContain(`${boss.username} sent this test message`);
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it('sends to another address, refuses a bad one, and says why a server did not take it', async () => {
    const sent = await api(world.server, '/api/admin/mail/test', { method: 'POST', token: admin.token, json: { to: 'ops@example.com' } });
    expect(sent.status).toBe(200);
    await world.mailTo('ops@example.com');
    const bad = await api(world.server, '/api/admin/mail/test', { method: 'POST', token: admin.token, json: { to: 'a@b@c' } });
    expect(bad).toMatchObject({ status: 422, body: { code: 'validation.failed' } });
    expect((await api(world.server, '/api/admin/mail/test', { method: 'POST', token: admin.token, json: { to: 5 } })).status).toBe(422);

    const closed = await startSmtpServer();
    const port = closed.port;
    await closed.close();
    const server = await startServer({ TARMAC_SMTP_URL: `smtp://127.0.0.1:${port}?starttls=never&timeout=3`, TARMAC_MAIL_FROM: 'ops@example.com' });
    try {
      const boss = await server.newUser({ role: 'admin' });
      const failed = await api(server, '/api/admin/mail/test', { method: 'POST', token: boss.token, json: {} });
      expect(failed).toMatchObject({ status: 502, body: { code: 'mail.send_failed', params: { failure: 'unreachable' } } });
      expect(failed.body.error).toMatch(/^The mail was not sent \(unreachable\)/);
    } finally {
      await server.close();
    }
  });
});
