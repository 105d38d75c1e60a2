// The device page's builds (/udid/<UDID>): for a signed-in user, every uploaded iOS build the
// device can install (its profile lists the UDID, or provisions all devices), grouped by app
// and channel, newest first, with version, build number, date and a link to the build's
// install page, which asks for the channel's password first where the user needs one; page by
// page. A visitor who is not signed in sees only the builds of channels they hold a grant for,
// and a count of the others, naming none. iphone.ipa's development profile lists 100 UDIDs
// (shared/fixtures README); the enterprise build is that upload with its stored profile
// rewritten to provision all devices, as an in-house profile does (no such fixture exists).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './helpers/a11y.ts';
import { chromiumAvailable, launchBrowser, openDevice, pressByKeyboard, screenshot, uploadFixture, USER_AGENTS } from './helpers/browser.ts';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

/** The first UDID in iphone.ipa's provisioning profile. */
const LISTED = '18cf53cddee60c52f9c97b1521e7cbf8342628da';
/** A device no profile lists (added by a sync from the Apple account). */
const UNLISTED = '00008030-001A2B3C4D5E802E';

let server: TestServer;
let owner: TestUser;
/** Signed in, on no app's team: the tester of the issue. */
let member: TestUser;
/** The open channel, with its two builds, and the password channel, with its one. */
let beta: TestChannel & { ids: number[] };
let secret: TestChannel & { id: number };
/** The password channel's password. */
const PASSWORD = 'open sesame 123';

beforeAll(async () => {
  // No TARMAC_URL: links follow the Host header, so a browser can follow them to this server.
  server = await startServer();
  owner = await server.newUser({ role: 'developer' });
  member = await server.newUser({ role: 'member' });
  beta = { ...(await newApp(server, { ownerId: owner.id, name: 'Acme Mobile', scheme: 'Staging', deviceType: 'ios', channel: 'Beta' })), ids: [] };
  for (let i = 0; i < 2; i += 1) beta.ids.push((await uploadFixture(server, owner.token, beta.key, 'iphone.ipa')).body.id);
  const guarded = await newApp(server, { ownerId: owner.id, name: 'Acme Secret', scheme: 'Internal', deviceType: 'ios', channel: 'QA' });
  secret = { ...guarded, id: (await uploadFixture(server, owner.token, guarded.key, 'iphone.ipa')).body.id };
  expect((await api(server, `/api/channels/${secret.channelId}`, { method: 'PUT', token: owner.token, json: { password: PASSWORD } })).status).toBe(200);
  expect((await api(server, `/api/devices/${UNLISTED}`, { method: 'PUT', token: owner.token, json: { name: 'Spare iPhone' } })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

function page(pathname: string, options: { token?: string; lang?: string; cookie?: string } = {}) {
  return api(server, pathname, {
    headers: {
      'user-agent': USER_AGENTS.iphone,
      'accept-language': options.lang ?? 'en-US,en;q=0.9',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.token ? { token: options.token } : {}),
  });
}

/** The text of one channel's group on the page, from its heading to the end of its section. */
function group(text: string, channel: TestChannel): string {
  const start = text.indexOf(`<section class="group" aria-labelledby="channel-${channel.channelId}">`);
  if (start === -1) return '';
  return text.slice(start, text.indexOf('</section>', start));
}

describe('a device no build lists', () => {
  it('says what to do, with the UDID to copy, signed in or not, in English and Chinese', async () => {
    for (const options of [{}, { token: member.token }]) {
      const res = await page(`/udid/${UNLISTED}`, options);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<code id="udid">${UNLISTED}</code>`);
      expect(res.text).toContain('<button class="button" id="copy" type="button">Copy</button>');
      expect(res.text).toContain(
        "No uploaded build&#39;s provisioning profile lists this device yet. Copy the UDID above and send it to a developer on your team",
      );
      expect(res.text).not.toContain('class="group"');
    }
    const zh = await page(`/udid/${UNLISTED}`, { lang: 'zh-CN', token: member.token });
    expect(zh.text).toContain('<h2 id="builds-heading">可安装到此设备的构建</h2>');
    expect(zh.text).toContain('请复制上方的 UDID 发给团队的开发者');
  });
});

describe('a device in builds of two channels, one with a password', () => {
  it('shows a signed-in user every build, grouped by app and channel, newest first, with version, number, date and link', async () => {
    const res = await page(`/udid/${LISTED}`, { token: member.token });
    expect(res.status).toBe(200);
    // The password channel's build is the newest: its group comes first.
    expect(res.text.indexOf(`channel-${secret.channelId}`)).toBeLessThan(res.text.indexOf(`channel-${beta.channelId}`));
    const open = group(res.text, beta);
    expect(open).toContain(`<h3 id="channel-${beta.channelId}">Acme Mobile · Beta</h3>`);
    expect(open).toContain('<p class="muted small">Staging</p>');
    // Newest first: build #2, then #1, each linking to its install page.
    const rows = [...open.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a>\n<span class="muted small">([^<]+)<time datetime="([^"]+)">/g)];
    expect(rows.map((row) => [row[1], row[2], row[3]])).toEqual([
      [`${server.url}/${beta.slug}/${beta.ids[1]}`, '1.2.3 (5)', 'Build #2 · '],
      [`${server.url}/${beta.slug}/${beta.ids[0]}`, '1.2.3 (5)', 'Build #1 · '],
    ]);
    expect(rows[0]![4]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(open).not.toContain('Password required');
    const guarded = group(res.text, secret);
    expect(guarded).toContain(`<h3 id="channel-${secret.channelId}">Acme Secret · QA</h3>`);
    expect(guarded).toContain('Internal · the link asks for the channel&#39;s password, then opens the build');
    expect(guarded).toContain(`<li><a href="${server.url}/${secret.slug}/${secret.id}">1.2.3 (5)</a>`);
    expect(guarded).toContain('<span class="tag">Password required</span>');
    expect(res.text).not.toContain('Any device (enterprise)');
    // iphone.ipa's profile expired in 2017: every row says iOS will not install it.
    expect(res.text.match(/<span class="tag warn">Profile expired: iOS will not install it<\/span>/g)).toHaveLength(3);
  });

  it('the password link asks for the password, then goes back to that build', async () => {
    const form = await page(`/${secret.slug}/${secret.id}`);
    expect(form.status).toBe(401);
    expect(form.text).toContain(`<input type="hidden" name="back" value="/${secret.slug}/${secret.id}">`);
    expect(form.text).not.toContain('1.2.3');
    const unlocked = await api(server, `/${secret.slug}/unlock`, { method: 'POST', form: { password: PASSWORD, back: `/${secret.slug}/${secret.id}` } });
    expect(unlocked.status).toBe(303);
    expect(unlocked.headers.get('location')).toBe(`/${secret.slug}/${secret.id}`);
    const cookie = (unlocked.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await page(`/${secret.slug}/${secret.id}`, { cookie })).status).toBe(200);
    // Back on the device page with the grant, the channel opens without the password.
    const after = await page(`/udid/${LISTED}`, { token: member.token, cookie });
    expect(group(after.text, secret)).not.toContain('Password required');
  });

  it('a collaborator of the password channel gets its link without the password step', async () => {
    const res = await page(`/udid/${LISTED}`, { token: owner.token });
    expect(group(res.text, secret)).toContain(`href="${server.url}/${secret.slug}/${secret.id}"`);
    expect(res.text).not.toContain('Password required');
  });

  it('shows a visitor who is not signed in no app, channel or link, only that builds list the device', async () => {
    const res = await page(`/udid/${LISTED}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('At least one uploaded build lists this device, so it can install that build. Ask your team for the install link.');
    for (const hidden of ['Acme', 'Beta', 'QA', 'Staging', beta.slug, secret.slug, 'class="group"', '1.2.3']) expect(res.text, hidden).not.toContain(hidden);
  });

  it('shows a visitor holding the password channel’s grant that channel’s builds, and no other', async () => {
    const unlocked = await api(server, `/${secret.slug}/unlock`, { method: 'POST', form: { password: PASSWORD } });
    const cookie = (unlocked.headers.get('set-cookie') ?? '').split(';')[0]!;
    const res = await page(`/udid/${LISTED}`, { cookie });
    expect(group(res.text, secret)).toContain(`href="${server.url}/${secret.slug}/${secret.id}"`);
    expect(res.text).toContain('Other uploaded builds list this device too. Ask your team for their install links.');
    for (const hidden of ['Acme Mobile', beta.slug, 'Password required']) expect(res.text, hidden).not.toContain(hidden);
    // A grant for another channel, or a forged one, shows nothing more.
    const forged = await page(`/udid/${LISTED}`, { cookie: `tarmac_grant_${secret.channelId}=forged; tarmac_grant_${beta.channelId}=${cookie.split('=')[1]}` });
    expect(forged.text).not.toContain('class="group"');
  });

  it('speaks Simplified Chinese', async () => {
    const res = await page(`/udid/${LISTED}`, { token: member.token, lang: 'zh-CN' });
    expect(res.text).toContain('<span class="muted small">第 2 个构建 · <time');
    expect(res.text).toContain('<span class="tag">需要密码</span>');
    expect(res.text).toContain('<span class="tag warn">描述文件已过期：iOS 无法安装</span>');
    expect(res.text).toContain('链接会先要求输入渠道密码，然后打开该构建');
  });
});

describe('many builds', () => {
  it('shows 20 a page, newest first, with links to the other pages; any page number is safe', async () => {
    // 21 more builds of the open channel: copies of its stored build, as many uploads would make.
    const { db } = server.database;
    const stored = await db.selectFrom('releases').selectAll().where('id', '=', beta.ids[1]!).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = stored;
    for (let version = 3; version <= 23; version += 1) await db.insertInto('releases').values({ ...copy, version }).execute();
    const first = await page(`/udid/${LISTED}`, { token: member.token });
    expect(first.text.match(/<li><a /g)).toHaveLength(20);
    expect(first.text).toContain('Build #23 · ');
    expect(first.text).not.toContain(`channel-${secret.channelId}`);
    expect(first.text).toContain('<nav class="pager small" aria-label="Pages of builds">');
    expect(first.text).toContain(`<a href="/udid/${LISTED}?page=2" rel="next">Older →</a>`);
    expect(first.text).toContain('Page 1 of 2 · 24 builds');
    const second = await page(`/udid/${LISTED}?page=2&lang=zh-CN`, { token: member.token });
    expect(second.text.match(/<li><a /g)).toHaveLength(4);
    expect(second.text).toContain(`<a href="/udid/${LISTED}?lang=zh-CN" rel="prev">← 较新</a>`);
    expect(second.text).toContain(`channel-${secret.channelId}`);
    expect(second.text).toContain('第 1 个构建 · ');
    // The language asked for goes along to the build's page (and through its password form).
    expect(second.text).toContain(`<a href="${server.url}/${secret.slug}/${secret.id}?lang=zh-CN">`);
    for (const query of ['page=999', 'page=0', 'page=-1', 'page=abc', 'page[]=2', 'page=2&page=3', 'page=99999999999999999999']) {
      const res = await page(`/udid/${LISTED}?${query}`, { token: member.token });
      expect(res.status, query).toBe(200);
      expect(res.text, query).toMatch(/Page [12] of 2 · 24 builds/);
    }
  });
});

describe('a profile that provisions all devices (enterprise)', () => {
  let enterprise: TestChannel;
  let enterpriseId: number;

  beforeAll(async () => {
    enterprise = await newApp(server, { ownerId: owner.id, name: 'Acme Field', scheme: 'In-house', deviceType: 'ios', channel: 'Store' });
    enterpriseId = (await uploadFixture(server, owner.token, enterprise.key, 'iphone.ipa')).body.id;
    const { db } = server.database;
    const row = await db.selectFrom('releases').select('metadata').where('id', '=', enterpriseId).executeTakeFirstOrThrow();
    const metadata = JSON.parse(row.metadata) as { details: { provisioning_profile: Record<string, unknown> } };
    const expiresAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
    Object.assign(metadata.details.provisioning_profile, { type: 'enterprise', provisions_all_devices: true, devices: [], expires_at: expiresAt });
    await db.updateTable('releases').set({ metadata: JSON.stringify(metadata) }).where('id', '=', enterpriseId).execute();
  });

  it('is listed for every device a signed-in user looks at, and says why', async () => {
    for (const udid of [UNLISTED, LISTED]) {
      const res = await page(`/udid/${udid}`, { token: member.token });
      const found = group(res.text, enterprise);
      expect(found, udid).toContain(`<h3 id="channel-${enterprise.channelId}">Acme Field · Store</h3>`);
      expect(found, udid).toContain(`<li><a href="${server.url}/${enterprise.slug}/${enterpriseId}">1.2.3 (5)</a>`);
      expect(found, udid).toContain('<span class="tag">Any device (enterprise)</span>');
      // Its profile runs for another year.
      expect(found, udid).not.toContain('Profile expired');
    }
    const zh = await page(`/udid/${UNLISTED}`, { token: member.token, lang: 'zh-CN' });
    expect(zh.text).toContain('<span class="tag">适用于所有设备（企业版）</span>');
  });

  it('is neither listed nor counted for a visitor who is not signed in', async () => {
    const res = await page(`/udid/${UNLISTED}`);
    expect(res.text).toContain("No uploaded build&#39;s provisioning profile lists this device yet.");
    for (const hidden of ['Acme Field', enterprise.slug, 'At least one']) expect(res.text, hidden).not.toContain(hidden);
  });

  it('leaves out an archived app’s builds, which can no longer be installed', async () => {
    const { db } = server.database;
    const shown = async () => (await page(`/udid/${LISTED}`, { token: member.token })).text;
    expect(await shown()).toContain('Acme Field · Store');
    expect(await shown()).toContain('Acme Mobile · Beta');
    await db.updateTable('apps').set({ archived: true }).where('id', 'in', [enterprise.appId, beta.appId]).execute();
    try {
      const text = await shown();
      for (const archived of ['Acme Field', 'Acme Mobile', enterprise.slug, beta.slug]) expect(text, archived).not.toContain(archived);
      expect(text).toContain('Acme Secret · QA');
    } finally {
      await db.updateTable('apps').set({ archived: false }).where('id', 'in', [enterprise.appId, beta.appId]).execute();
    }
  });
});

// ─── In a real browser ──────────────────────────────────────────────────────────────────────

async function axe(where: string, target: Page): Promise<string[]> {
  return describeViolations(where, await seriousViolations(target));
}

describe.runIf(chromiumAvailable())('in chromium, on an iPhone', () => {
  it('a signed-in tester follows a password-protected build through the password form to the build; light and dark, en and zh-CN', async () => {
    const browser = await launchBrowser();
    const found: string[] = [];
    try {
      const iphone = await openDevice(browser, USER_AGENTS.iphone);
      const tab = iphone.page;
      tab.setDefaultTimeout(8000);
      await tab.goto(`${server.url}/login`);
      await tab.getByLabel('Username or email').fill(member.username);
      await tab.getByRole('textbox', { name: 'Password' }).fill(member.password);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.waitForURL(`${server.url}/`);

      await tab.goto(`${server.url}/udid/${UNLISTED}`);
      await tab.getByRole('heading', { name: 'Builds for this device' }).waitFor();
      found.push(...(await axe('udid unlisted en light', tab)));
      await screenshot(tab, 'udid-builds-iphone-enterprise');

      await tab.goto(`${server.url}/udid/${LISTED}?page=2`);
      const guarded = tab.getByRole('region', { name: 'Acme Secret · QA' });
      await expect(guarded.getByText('Password required').isVisible()).resolves.toBe(true);
      // The script shows the date in the visitor's language: "Nov 26, 2026".
      await expect(guarded.locator('time').textContent()).resolves.toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(await tab.getByRole('heading', { level: 1 }).count()).toBe(1);
      found.push(...(await axe('udid builds en light', tab)));
      await screenshot(tab, 'udid-builds-iphone');

      await guarded.getByRole('link', { name: '1.2.3 (5)' }).click();
      await tab.getByRole('heading', { name: 'This channel is protected' }).waitFor();
      found.push(...(await axe('password form en light', tab)));
      await screenshot(tab, 'udid-builds-password-form');
      await tab.getByLabel('Password').fill(PASSWORD);
      await pressByKeyboard(tab.getByRole('button', { name: 'Continue' }));
      await tab.waitForURL(`${server.url}/${secret.slug}/${secret.id}`);
      await tab.getByRole('heading', { level: 1, name: 'AppInfoDemo' }).waitFor();
      await screenshot(tab, 'udid-builds-unlocked-build');

      await tab.emulateMedia({ colorScheme: 'dark' });
      await tab.goto(`${server.url}/udid/${LISTED}?lang=zh-CN`);
      await tab.getByRole('heading', { name: '可安装到此设备的构建' }).waitFor();
      await expect(tab.getByRole('navigation', { name: '构建分页' }).getByRole('link', { name: '较旧 →' }).isVisible()).resolves.toBe(true);
      found.push(...(await axe('udid builds zh-CN dark', tab)));
      await screenshot(tab, 'udid-builds-iphone-dark-zh');

      // A stranger's phone: the empty state, in the dark, in Chinese.
      const stranger = await openDevice(browser, USER_AGENTS.iphone, { colorScheme: 'dark', locale: 'zh-CN' });
      await stranger.page.goto(`${server.url}/udid/${UNLISTED}`);
      await stranger.page.getByRole('button', { name: '复制' }).waitFor();
      found.push(...(await axe('udid unlisted stranger zh-CN dark', stranger.page)));
      await screenshot(stranger.page, 'udid-builds-empty-dark-zh');
      await stranger.page.emulateMedia({ colorScheme: 'light' });
      await stranger.page.goto(`${server.url}/udid/${LISTED}?lang=en`);
      found.push(...(await axe('udid listed stranger en light', stranger.page)));
      await screenshot(stranger.page, 'udid-builds-stranger');
      // The one message: the password form is answered 401, which the browser logs.
      expect(iphone.errors).toEqual(['console: Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
      expect(stranger.errors).toEqual([]);
      expect(found).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
