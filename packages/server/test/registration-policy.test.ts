// Who may sign up, over HTTP on a real server and database, with a real SMTP server receiving
// the confirmation mails: the registration policy (closed, open, listed email domains,
// invitation only), the default role of new accounts, the old registration_enabled switch read
// as the policy, and email confirmation of local sign-ups (the mailed link confirms once and
// signs in; it expires after 24 hours on the server's clock; an unconfirmed account cannot
// sign in with its password; a new link replaces the old one). Refusals store nothing.
//
// Domains: the part after "@" must equal a listed domain, any case. Sub-domains are NOT
// included (sub.example.com needs its own entry), and lookalikes (example.com.attacker,
// attacker-example.com) are refused: docs/accounts.md says the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { mailEnv, startSmtpServer } from './helpers/smtp.ts';
import type { ReceivedMail, TestSmtpServer } from './helpers/smtp.ts';

/** The public settings of the site itself (modules/settings), at their defaults. */
const SITE_DEFAULTS = { site_title: 'Tarmac', default_locale: 'en', default_appearance: 'auto', default_time_zone: 'UTC', per_page: 25, max_per_page: 100 };

let server: TestServer;
let plain: TestServer;
let smtp: TestSmtpServer;
let admin: TestUser;
let nowMs = Date.parse('2026-12-01T10:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs).toISOString(), nowMs: () => nowMs };

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = mailEnv(smtp);
  server = await startServer(env, { clock });
  admin = await server.newUser({ role: 'admin' });
  plain = await startServer();
});
afterAll(async () => {
  await server.close();
  await plain.close();
  await smtp.close();
});

let sequence = 0;
function account(email?: string) {
  sequence += 1;
  const username = `joiner${sequence}_${process.pid}`;
  return { username, email: email ?? `${username}@example.com`, password: 'a-good-password' };
}

async function settings(json: Record<string, unknown>, on: TestServer = server, token?: string) {
  const res = await api(on, '/api/settings', { method: 'PUT', token: token ?? (on === server ? admin.token : undefined), json });
  return res;
}

async function userCount(on: TestServer = server): Promise<number> {
  const row = await on.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

const register = (json: unknown, on: TestServer = server) => api(on, '/api/users/register', { method: 'POST', json });

async function mailTo(address: string, before: number): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i += 1) {
    const found = smtp.messages.slice(before).find((mail) => mail.envelope.to.includes(address));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${address}`);
}

function confirmKey(mail: ReceivedMail): string {
  const match = /\/confirm-email\?key=([^\s"<&]+)/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  expect(mail.text).toContain(`${server.config.externalUrl}/confirm-email?key=`);
  return decodeURIComponent(match![1]!);
}

describe('the registration policy', () => {
  it('is closed on a new install, and every policy shows in the public settings', async () => {
    expect((await api(server, '/api/settings/public')).body).toEqual({
      registration_enabled: false, registration_policy: 'closed', registration_domains: [], email_confirmation_required: false,
      sign_in_link_enabled: false, mail_enabled: true, guest_mode: false, ...SITE_DEFAULTS,
    });
    const before = await userCount();
    const refused = await register(account());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'signup.closed' });
    expect(await userCount()).toBe(before);
  });

  it('open: anyone signs up, with the default role', async () => {
    expect((await settings({ registration_policy: 'open', default_role: 'developer' })).status).toBe(200);
    expect((await api(server, '/api/settings/public')).body).toMatchObject({ registration_enabled: true, registration_policy: 'open' });
    const res = await register(account());
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ role: 'developer' });
    expect(res.headers.get('set-cookie')).toMatch(/^tarmac_session=/);
    await settings({ default_role: 'member' });
  });

  it('invitation: nobody signs up through the form', async () => {
    await settings({ registration_policy: 'invitation' });
    expect((await api(server, '/api/settings/public')).body).toMatchObject({ registration_enabled: false, registration_policy: 'invitation' });
    const before = await userCount();
    const res = await register(account());
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'signup.invitation_only' });
    expect(await userCount()).toBe(before);
  });

  describe('domains', () => {
    beforeAll(async () => {
      const res = await settings({ registration_policy: 'domains', registration_domains: ['Example.COM', 'corp.example.org.', 'example.com'] });
      expect(res.status).toBe(200);
      // Stored lower-case, without the trailing dot, each once.
      expect(res.body.registration_domains).toEqual(['example.com', 'corp.example.org']);
    });

    it('shows the domains to strangers and admits their addresses in any case', async () => {
      expect((await api(server, '/api/settings/public')).body).toEqual({
        registration_enabled: true, registration_policy: 'domains', registration_domains: ['example.com', 'corp.example.org'],
        email_confirmation_required: false, sign_in_link_enabled: false, mail_enabled: true, guest_mode: false, ...SITE_DEFAULTS,
      });
      for (const email of [`a${sequence}@EXAMPLE.com`, `b${sequence}@corp.example.org`]) {
        const res = await register(account(email));
        expect(res.status, email).toBe(201);
      }
    });

    it('refuses other domains, sub-domains and lookalikes with 403 naming the domains, and stores nothing', async () => {
      const before = await userCount();
      const others = [
        'someone@evil.com', 'someone@example.com.attacker', 'someone@sub.example.com', 'someone@attacker-example.com',
        'someone@example.co', 'someone@corp.example.org.evil.net', 'someone@example.com@evil.com',
      ];
      for (const email of others) {
        const res = await register(account(email));
        expect(res.status, email).toBeGreaterThanOrEqual(400);
        expect(res.status, email).toBeLessThan(500);
        if (res.status === 403) {
          expect(res.body).toMatchObject({ code: 'signup.domain_not_allowed', params: { domains: 'example.com, corp.example.org' } });
          expect(res.body.error).toContain('example.com, corp.example.org');
        }
      }
      const evil = await register(account('someone@evil.com'));
      expect(evil.status).toBe(403);
      expect(await userCount()).toBe(before);
    });

    it('refuses a domain that is not one with 422, and keeps the old list', async () => {
      for (const domains of [['not a domain'], ['@example.com'], ['example'], ['a'.repeat(300) + '.com'], [42]]) {
        const res = await settings({ registration_domains: domains });
        expect(res.status, JSON.stringify(domains)).toBe(422);
      }
      const current = await api(server, '/api/settings', { token: admin.token });
      expect(current.body.registration_domains).toEqual(['example.com', 'corp.example.org']);
    });
  });

  it('reads a stored registration_enabled (from before the policy, or the Zealot import) as the policy', async () => {
    await server.database.db.deleteFrom('settings').where('key', '=', 'registration_policy').execute();
    await server.services.settingsService.set('registration_enabled', true);
    expect((await api(server, '/api/settings/public')).body).toMatchObject({ registration_enabled: true, registration_policy: 'open' });
    expect((await register(account())).status).toBe(201);
    await server.services.settingsService.set('registration_enabled', false);
    expect((await api(server, '/api/settings/public')).body).toMatchObject({ registration_enabled: false, registration_policy: 'closed' });
    // An older client's switch sets the policy.
    const opened = await settings({ registration_enabled: true });
    expect(opened.body).toMatchObject({ registration_enabled: true, registration_policy: 'open' });
    const closed = await settings({ registration_enabled: false });
    expect(closed.body).toMatchObject({ registration_enabled: false, registration_policy: 'closed' });
  });

  it('refuses an unknown policy or a member changing it', async () => {
    expect((await settings({ registration_policy: 'everyone' })).status).toBe(422);
    const member = await server.newUser();
    expect((await settings({ registration_policy: 'open' }, server, member.token)).status).toBe(403);
    expect((await api(server, '/api/settings/public')).body).toMatchObject({ registration_policy: 'closed' });
  });
});

describe('email confirmation', () => {
  it('cannot be turned on without a mail server (409), and stays off', async () => {
    const padmin = await plain.newUser({ role: 'admin' });
    const res = await settings({ email_confirmation_required: true }, plain, padmin.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'settings.mail_not_configured' });
    expect((await api(plain, '/api/settings', { token: padmin.token })).body).toMatchObject({ email_confirmation_required: false });
  });

  describe('while required', () => {
    beforeAll(async () => {
      const res = await settings({ registration_policy: 'open', email_confirmation_required: true });
      expect(res.status).toBe(200);
    });
    afterAll(() => settings({ email_confirmation_required: false, registration_policy: 'closed' }));

    it('a sign-up gets a mail, not a session; the link confirms once and signs in', async () => {
      expect((await api(server, '/api/settings/public')).body).toMatchObject({ email_confirmation_required: true });
      const person = account();
      const before = smtp.messages.length;
      const res = await register({ ...person, locale: 'zh-CN' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ confirmation_sent: true });
      expect(res.headers.get('set-cookie')).toBeNull();
      const mail = await mailTo(person.email, before);
      expect(mail.headers.get('subject')).toBe('请确认你的 Tarmac 邮箱');
      const key = confirmKey(mail);

      // The password does not open the account yet.
      const early = await api(server, '/api/session', { method: 'POST', json: { login: person.username, password: person.password } });
      expect(early.status).toBe(403);
      expect(early.body).toMatchObject({ code: 'auth.email_unconfirmed' });

      const confirmed = await api(server, '/api/users/confirm-email', { method: 'POST', json: { key } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.user).toMatchObject({ username: person.username, role: 'member' });
      expect(confirmed.headers.get('set-cookie')).toMatch(/^tarmac_session=/);
      const again = await api(server, '/api/users/confirm-email', { method: 'POST', json: { key } });
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ code: 'email_confirmation.invalid' });
      await signIn(server, person.username, person.password);
    });

    it('a link stops working after 24 hours; a new one replaces the old', async () => {
      const person = account();
      let before = smtp.messages.length;
      expect((await register(person)).status).toBe(201);
      const first = confirmKey(await mailTo(person.email, before));
      nowMs += 25 * 3600_000;
      const expired = await api(server, '/api/users/confirm-email', { method: 'POST', json: { key: first } });
      expect(expired.status).toBe(404);

      before = smtp.messages.length;
      const resend = await api(server, '/api/users/confirm-email/resend', { method: 'POST', json: { email: person.email.toUpperCase() } });
      expect(resend.status).toBe(202);
      const second = confirmKey(await mailTo(person.email, before));
      before = smtp.messages.length;
      expect((await api(server, '/api/users/confirm-email/resend', { method: 'POST', json: { email: person.email } })).status).toBe(202);
      const third = confirmKey(await mailTo(person.email, before));
      expect((await api(server, '/api/users/confirm-email', { method: 'POST', json: { key: second } })).status).toBe(404);
      expect((await api(server, '/api/users/confirm-email', { method: 'POST', json: { key: third } })).status).toBe(200);
    });

    it('resend answers 202 for any address and mails only an unconfirmed account', async () => {
      const before = smtp.messages.length;
      for (const email of ['nobody@example.com', admin.email]) {
        const res = await api(server, '/api/users/confirm-email/resend', { method: 'POST', json: { email } });
        expect(res.status).toBe(202);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages.length).toBe(before);
    });

    it('sends at most 3 new links per address an hour, and answers 429 to a flooding client', async () => {
      const person = account();
      expect((await register(person)).status).toBe(201);
      const before = smtp.messages.length;
      for (let i = 0; i < 4; i += 1) {
        const res = await api(server, '/api/users/confirm-email/resend', { method: 'POST', json: { email: person.email } });
        expect(res.status).toBe(202);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.messages.slice(before).filter((mail) => mail.envelope.to.includes(person.email))).toHaveLength(3);
      let last = 202;
      for (let i = 0; i < 25 && last === 202; i += 1) {
        last = (await api(server, '/api/users/confirm-email/resend', { method: 'POST', json: { email: 'flood@example.com' } })).status;
      }
      expect(last).toBe(429);
      const refused = await api(server, '/api/users/confirm-email/resend', { method: 'POST', json: { email: 'flood@example.com' } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('accounts made by an administrator, and those from before, count as confirmed', async () => {
      const made = await api(server, '/api/users', {
        method: 'POST', token: admin.token, json: { username: `made${process.pid}`, email: `made${process.pid}@example.com`, password: 'a-good-password' },
      });
      expect(made.status).toBe(201);
      await signIn(server, `made${process.pid}`, 'a-good-password');
      await signIn(server, admin.username, admin.password);
    });

    it('answers 4xx to malformed bodies and stores nothing', async () => {
      const before = await userCount();
      const bodies = [{}, { key: '' }, { key: 42 }, { key: 'x'.repeat(201) }, { key: 'unknown' }, { key: 'a', extra: 1 }];
      for (const json of bodies) {
        const res = await api(server, '/api/users/confirm-email', { method: 'POST', json });
        expect([404, 422], JSON.stringify(json)).toContain(res.status);
      }
      for (const json of [{}, { email: '' }, { email: 'x'.repeat(300) }, { email: 'a@b.c', extra: true }]) {
        const res = await api(server, '/api/users/confirm-email/resend', { method: 'POST', json });
        expect(res.status, JSON.stringify(json)).toBe(422);
      }
      const bad = await register({ username: 'a@b', email: 'not-an-email', password: 'short' });
      expect(bad.status).toBe(422);
      expect(await userCount()).toBe(before);
    });
  });
});
