// Guest mode's web screens in chromium (docs/guest-mode.md). An administrator switches guest mode on
// through PUT /api/admin/settings and an app's administrator marks two apps public; a signed-out
// browser (a fresh context each time) then goes from /login's "Browse public apps" to the list,
// an app, its channel and a real uploaded build (fixtures/apps/android.apk), and downloads it, in
// English (light) and Chinese (dark): no admin, account, upload, edit or delete control on the way.
// A channel with a password lists no builds but sends to its install page; a private app is not
// listed and its address says it is not public, with a Sign in button that comes back. With guest
// mode off, the same addresses send the visitor to /login as before.
// Screenshots: test-results/screenshots/web-guest-{apps,channel,build}-{en,zh-CN}.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, fixture, launchBrowser, openDevice, screenshot, uploadFixture, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';

/** The machine may be busy (CI runs the suites on two cores): a screen gets 15 s to show what it should. */
const POLL = { timeout: 15_000 };
const available = chromiumAvailable();

const CASES = [
  {
    locale: 'en-US', lang: 'en', scheme: 'light' as const,
    browse: 'Browse public apps', title: 'Public apps', signIn: 'Sign in', download: 'Download', installPage: 'Install page',
    builds: 'Builds', channelQr: "QR code of the channel's public link", buildQr: "QR code of the build's install page",
    guarded: 'This channel has a password', openPage: 'Open the page', notPublic: 'This app is not public',
    forbidden: ['New app', 'Upload a build', 'Edit', 'Delete', 'Account'], other: '中文', otherTitle: '公开应用',
  },
  {
    locale: 'zh-CN', lang: 'zh-CN', scheme: 'dark' as const,
    browse: '浏览公开应用', title: '公开应用', signIn: '登录', download: '下载', installPage: '安装页面',
    builds: '构建', channelQr: '渠道公开链接的二维码', buildQr: '构建安装页面的二维码',
    guarded: '该渠道设有密码', openPage: '打开页面', notPublic: '该应用未公开',
    forbidden: ['新建应用', '上传构建', '编辑', '删除', '账户'], other: 'EN', otherTitle: 'Public apps',
  },
];

describe.skipIf(!available)('guest mode for a signed-out visitor in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let owner: TestUser;
  let open: TestChannel;
  let guarded: TestChannel;
  let hidden: TestChannel;
  let releaseId: number;
  const devices: DeviceContext[] = [];

  async function setGuestMode(on: boolean): Promise<void> {
    const saved = await api(server, '/api/admin/settings', { method: 'PUT', token: admin.token, json: { guest_mode: on } });
    expect(saved.status, saved.text).toBe(200);
  }

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin' });
    owner = await server.newUser({ role: 'developer' });
    open = await newApp(server, { name: 'Open Weather', ownerId: owner.id, channel: 'Public beta' });
    guarded = await newApp(server, { name: 'Guarded Notes', ownerId: owner.id, channel: 'Locked' });
    hidden = await newApp(server, { name: 'Secret Plans', ownerId: owner.id, channel: 'Internal' });
    for (const appId of [open.appId, guarded.appId]) {
      const shared = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: true } });
      expect(shared.status, shared.text).toBe(200);
    }
    const locked = await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: { password: 'letmein' } });
    expect(locked.status, locked.text).toBe(200);
    const uploaded = await uploadFixture(server, owner.token, open.key, 'android.apk');
    releaseId = uploaded.body.id;
    for (const channel of [guarded, hidden]) await uploadFixture(server, owner.token, channel.key, 'android.apk');
    await setGuestMode(true);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    for (const device of devices) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function visitor(locale: string, colorScheme: 'light' | 'dark'): Promise<DeviceContext> {
    const opened = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, colorScheme, locale });
    devices.push(opened);
    opened.page.setDefaultTimeout(15_000);
    return opened;
  }

  for (const c of CASES) {
    it(`browses the public apps to a build and downloads it, read-only (${c.locale})`, async () => {
      const { page, errors } = await visitor(c.locale, c.scheme);
      await page.goto(`${server.url}/login`);
      await page.getByRole('link', { name: c.browse }).click();
      await page.waitForURL((url) => url.pathname === '/apps');
      const list = page.getByRole('list', { name: c.title });
      await expect.poll(() => list.getByRole('listitem').count(), POLL).toBe(2);
      expect(await list.getByRole('link', { name: 'Open Weather' }).count()).toBe(1);
      expect(await list.getByRole('link', { name: 'Guarded Notes' }).count()).toBe(1);
      expect(await page.getByText('Secret Plans').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(c.lang);
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(c.scheme);
      expect(await page.getByRole('link', { name: c.signIn }).count()).toBe(1);
      // No navigation bar (so no admin menu), no account menu, nothing to create.
      expect(await page.getByRole('navigation').count()).toBe(0);
      for (const name of c.forbidden) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      await screenshot(page, `web-guest-apps-${c.lang}`);

      await list.getByRole('link', { name: 'Open Weather' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), POLL).toBe('Open Weather');
      expect(await page.getByRole('switch').count()).toBe(0);
      await page.getByRole('link', { name: 'Public beta' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), POLL).toBe('Public beta');
      await expect.poll(() => page.getByRole('img', { name: c.channelQr }).count(), POLL).toBe(1);
      const table = page.getByRole('table', { name: c.builds });
      await expect.poll(() => table.getByRole('row').count(), POLL).toBe(2);
      for (const name of c.forbidden) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      expect(await page.getByText(open.key).count()).toBe(0);
      await screenshot(page, `web-guest-channel-${c.lang}`);

      await table.getByRole('row').nth(1).getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname === `/apps/${open.appId}/channels/${open.channelId}/releases/${releaseId}`);
      await expect.poll(() => page.getByRole('img', { name: c.buildQr }).count(), POLL).toBe(1);
      expect(await page.getByRole('link', { name: c.installPage }).count()).toBe(1);
      for (const name of c.forbidden) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      await screenshot(page, `web-guest-build-${c.lang}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: c.download, exact: true }).click()]);
      const saved = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of saved) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(fixture('android.apk'))).toBe(true);

      // A channel with a password: no builds here, its install page asks the password.
      await page.goto(`${server.url}/apps/${guarded.appId}/channels/${guarded.channelId}`);
      await expect.poll(() => page.getByText(c.guarded).count(), POLL).toBe(1);
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.getByRole('img', { name: c.channelQr }).count()).toBe(0);
      const install = page.getByRole('link', { name: c.openPage }).first();
      expect(await install.getAttribute('href')).toContain(guarded.slug);

      // A private app: not public, with a Sign in button that comes back here.
      await page.goto(`${server.url}/apps/${hidden.appId}`);
      await expect.poll(() => page.getByRole('heading', { name: c.notPublic }).count(), POLL).toBe(1);
      expect(await page.getByText('Secret Plans').count()).toBe(0);
      await page.getByRole('main').getByRole('link', { name: c.signIn }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/apps/${hidden.appId}`);

      // The language switch in the guest header.
      await page.goto(`${server.url}/apps`);
      await page.getByText(c.other, { exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), POLL).toBe(c.otherTitle);
      // The only failures: the API's 404s for the private app (a guest's answer for it).
      expect(errors.filter((error) => !/status of 404\b/.test(error))).toEqual([]);
    }, 90_000);
  }

  it('says no app is public yet while none is (en, zh-CN)', async () => {
    const setPublic = async (value: boolean) => {
      for (const appId of [open.appId, guarded.appId]) {
        const saved = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: value } });
        expect(saved.status, saved.text).toBe(200);
      }
    };
    await setPublic(false);
    try {
      for (const [locale, title] of [['en-US', 'No app is public yet'], ['zh-CN', '还没有公开的应用']] as const) {
        const { page, errors } = await visitor(locale, 'light');
        // The home page opens the public apps for a guest.
        await page.goto(`${server.url}/`);
        await page.waitForURL((url) => url.pathname === '/apps');
        await expect.poll(() => page.getByRole('heading', { name: title }).count(), POLL).toBe(1);
        expect(await page.getByRole('listitem').count()).toBe(0);
        expect(errors).toEqual([]);
      }
    } finally {
      await setPublic(true);
    }
  });

  it('sends a signed-out visitor to /login with guest mode off, and /login offers no public apps', async () => {
    await setGuestMode(false);
    try {
      const { page, errors } = await visitor('en-US', 'light');
      await page.goto(`${server.url}/`);
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      for (const path of ['/apps', `/apps/${open.appId}`, `/apps/${open.appId}/channels/${open.channelId}`]) {
        await page.goto(`${server.url}${path}`);
        await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === path);
      }
      await expect.poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).count(), POLL).toBe(1);
      expect(await page.getByRole('link', { name: 'Browse public apps' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await setGuestMode(true);
    }
  });
});
