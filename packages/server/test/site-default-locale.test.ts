// The default_locale setting really used, on a real server and database (the engine of
// DATABASE_URL): accounts made without a language (by an administrator, an invitation) get it,
// and an install page for a reader who names no language (no ?lang=, no Accept-Language) is in
// it, as are the /udid, subscriber, not-found and error pages; a change applies without a restart,
// and the reader's own choice still wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from './helpers/database.ts';
import { USER_AGENTS } from './helpers/browser.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { mailEnv, startSmtpServer } from './helpers/smtp.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

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

  it('is the language of the /udid, subscriber, not-found and error pages, at the next request', async () => {
    const owner = await server.newUser();
    const channel = await newApp(server, { ownerId: owner.id, deviceType: 'android' });
    const browser = { accept: BROWSER_ACCEPT, 'user-agent': USER_AGENTS.android };
    const pages = {
      udid: () => api(server, '/udid', { headers: browser }),
      unsubscribe: () => api(server, `/${channel.slug}/unsubscribe?token=nothing`, { headers: browser }),
      notFound: () => api(server, '/no/such/page', { headers: browser }),
      // A body that is not JSON, posted by a browser outside /api: the error page (400).
      error: () =>
        api(server, `/${channel.slug}/subscribe`, { method: 'POST', headers: { ...browser, 'content-type': 'application/json' }, raw: '{' }),
    };
    const expected = { udid: 200, unsubscribe: 200, notFound: 404, error: 400 };
    for (const locale of ['zh-CN', 'en']) {
      await setLocale(locale);
      for (const [name, visit] of Object.entries(pages)) {
        const res = await visit();
        expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBe(expected[name as keyof typeof expected]);
        expect(res.text, `${name} in ${locale}`).toContain(`<html lang="${locale}">`);
      }
    }
    // The reader's own language still wins over the site's.
    await setLocale('zh-CN');
    for (const [path, headers] of [
      ['/udid', { ...browser, 'accept-language': 'en-GB' }],
      ['/no/such/page?lang=en', browser],
    ] as const) {
      expect((await api(server, path, { headers })).text, path).toContain('<html lang="en">');
    }
    await setLocale('en');
  });
});
