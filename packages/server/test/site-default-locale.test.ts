// The default_locale setting really used, on a real server and database (the engine of
// DATABASE_URL): accounts made without a language (by an administrator, an invitation) get it,
// and an install page for a reader who names no language (no ?lang=, no Accept-Language) is in
// it; a change applies without a restart, and the reader's own choice still wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from './helpers/database.ts';
import { USER_AGENTS } from './helpers/browser.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { mailEnv, startSmtpServer } from './helpers/smtp.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';

let server: TestServer;
let smtp: TestSmtpServer;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer(mailEnv(smtp));
  admin = await server.newUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const setLocale = async (locale: string) => {
  const res = await api(server, '/api/admin/settings', { method: 'PUT', token: admin.token, json: { default_locale: locale } });
  expect(res.status, res.text).toBe(200);
};
let sequence = 0;
const createUser = () => {
  sequence += 1;
  const json = { username: `loc${sequence}_${process.pid}`, email: `loc${sequence}_${process.pid}@example.com`, password: 'a-good-password' };
  return api<{ locale: string }>(server, '/api/users', { method: 'POST', token: admin.token, json });
};

describe(`the site's default language on ${engineUnderTest()}`, () => {
  it('is the language of accounts an administrator makes without one', async () => {
    expect((await createUser()).body.locale).toBe('en');
    await setLocale('zh-CN');
    const made = await createUser();
    expect(made.status, made.text).toBe(201);
    expect(made.body.locale).toBe('zh-CN');
    await setLocale('en');
    expect((await createUser()).body.locale).toBe('en');
  });

  it('is the language of an invitation (its mail and account) unless the inviter chose one', async () => {
    await setLocale('zh-CN');
    const email = `invited_${process.pid}@example.com`;
    const invited = await api(server, '/api/invitations', { method: 'POST', token: admin.token, json: { email } });
    expect(invited.status, invited.text).toBe(201);
    const row = await server.database.db.selectFrom('invitations').select('locale').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.locale).toBe('zh-CN');
    await setLocale('en');
  });

  it('is the language of an install page for a reader who names none', async () => {
    const owner = await server.newUser();
    const channel = await newApp(server, { ownerId: owner.id, deviceType: 'android' });
    await storedRelease(server, channel.channelId, 1);
    const page = () => api(server, `/${channel.slug}`, { headers: { 'user-agent': USER_AGENTS.android } });
    expect((await page()).text).toContain('<html lang="en">');
    await setLocale('zh-CN');
    expect((await page()).text).toContain('<html lang="zh-CN">');
    // The reader's own language still wins.
    const english = await api(server, `/${channel.slug}`, { headers: { 'user-agent': USER_AGENTS.android, 'accept-language': 'en-GB' } });
    expect(english.text).toContain('<html lang="en">');
    expect((await api(server, `/${channel.slug}?lang=en`, { headers: { 'user-agent': USER_AGENTS.android } })).text).toContain('<html lang="en">');
    await setLocale('en');
  });

  it('is the language of the UDID, subscriber, not-found and error pages for a reader who names none', async () => {
    const owner = await server.newUser();
    const channel = await newApp(server, { ownerId: owner.id, deviceType: 'ios' });
    const html = { accept: 'text/html' };
    const pages = {
      udid: () => api(server, '/udid', { headers: html }),
      unsubscribe: () => api(server, `/${channel.slug}/unsubscribe?token=not-a-real-one`, { headers: html }),
      notFound: () => api(server, `/no-such-page-${process.pid}/at/all`, { headers: html }),
      // A NUL in the query is refused (422) before any route: the error page.
      error: () => api(server, '/udid?q=%00', { headers: html }),
    };
    const langs = async (): Promise<Record<string, string>> => {
      const lines: Record<string, string> = {};
      for (const [name, open] of Object.entries(pages)) {
        const page = await open();
        lines[name] = `${page.status} ${/<html lang="([^"]+)">/.exec(page.text)?.[1]}`;
      }
      return lines;
    };
    const english = await langs();
    expect(Object.values(english).map((line) => line.split(' ')[1])).toEqual(['en', 'en', 'en', 'en']);
    await setLocale('zh-CN');
    const chinese = await langs();
    // The same answers, now in Chinese, without a restart.
    expect(chinese).toEqual(Object.fromEntries(Object.entries(english).map(([name, line]) => [name, line.replace(/en$/, 'zh-CN')])));
    expect(chinese.notFound).toBe('404 zh-CN');
    expect(chinese.error).toBe('422 zh-CN');
    // The reader's own language still wins.
    expect((await api(server, '/udid', { headers: { ...html, 'accept-language': 'en-US' } })).text).toContain('<html lang="en">');
    await setLocale('en');
  });
});
