// No serious or critical accessibility violation (axe-core) on any screen, in English and
// Chinese, light and dark: one server holds an app with an Android and an iOS channel, a real
// upload of each fixture, a dSYM, a registered device, a password-guarded channel and an
// empty one; then, per language and colour scheme (one browser context each), an
// administrator visits the screens of the web app (three dialogs, the account menu, a teardown
// result and the phone navigation included), a member the screens that differ for them, a
// newcomer (member of no app) the empty states, and a stranger the sign-in and sign-up screens,
// guest mode's list of public apps and the server-rendered pages (install pages, password form, 404, the error page, /udid).
// Each screen is checked in two of the four variants, which between them hold both languages
// and both colour schemes (checksIn); the dialogs, menu, teardown and phone navigation in all four.
// Every violation found is listed in one failure, with the rule, the element and its HTML.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, FIXTURES, launchBrowser, uploadFixture, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import { DSYM_FIXTURE, uploadDebugFile } from '../../server/test/helpers/debug-files.ts';
import { addCollaborator, newApp } from '../../server/test/helpers/factories.ts';
import { api, signIn, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
// Each test visits 20 to 30 screens: generous time limits, as the machine may be busy.
const UDID = '00008030-001A2B3C4D5E802E';

type Locale = 'en' | 'zh-CN';
type Scheme = 'light' | 'dark';
const VARIANTS: { locale: Locale; scheme: Scheme }[] = [
  { locale: 'en', scheme: 'light' },
  { locale: 'en', scheme: 'dark' },
  { locale: 'zh-CN', scheme: 'light' },
  { locale: 'zh-CN', scheme: 'dark' },
];
/**
 * Which screens a variant checks: each screen in two variants that between them hold both
 * languages and both colour schemes (English light and Chinese dark for the even screens of a
 * list, English dark and Chinese light for the odd ones). Every screen is seen in each language
 * and each scheme at half the time of all four (the sweep was the longest file in CI).
 */
function checksIn(variant: { locale: Locale; scheme: Scheme }, index: number): boolean {
  const pairedWithLight = (variant.locale === 'en') === (variant.scheme === 'light');
  return pairedWithLight === (index % 2 === 0);
}
const shareOf = <T,>(variant: { locale: Locale; scheme: Scheme }, list: readonly T[]): T[] =>
  list.filter((_, index) => checksIn(variant, index));
/** Names of the buttons that open what is checked beyond the screens, per language. */
const NAMES = {
  newApp: { en: 'New app', 'zh-CN': '新建应用' },
  newUser: { en: 'New user', 'zh-CN': '新建用户' },
  upload: { en: 'Upload a build', 'zh-CN': '上传构建' },
  account: { en: 'Account', 'zh-CN': '账户' },
  navigation: { en: 'Show or hide navigation', 'zh-CN': '显示或隐藏导航' },
} satisfies Record<string, Record<Locale, string>>;

interface Data {
  appId: number;
  android: { id: number; slug: string; releaseId: number };
  ios: { id: number; slug: string; releaseId: number };
  debugFileId: number;
  guardedSlug: string;
  emptySlug: string;
}

describe.skipIf(!available)('accessibility of every screen (axe-core) in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let data: Data;
  const admins = new Map<string, TestUser>();
  const members = new Map<string, TestUser>();
  const newcomers = new Map<string, TestUser>();
  const contexts: BrowserContext[] = [];

  async function user(role: 'admin' | 'member', locale: Locale, scheme: Scheme, name: string = role): Promise<TestUser> {
    const made = await server.newUser({ role, username: `${name}_${locale.slice(0, 2)}_${scheme}_${process.pid}` });
    const saved = await api(server, '/api/user', { method: 'PUT', token: made.token, json: { locale, appearance: scheme } });
    if (saved.status !== 200) throw new Error(`preferences not saved: ${saved.status} ${saved.text}`);
    return made;
  }

  async function seed(owner: TestUser): Promise<Data> {
    const created = await api(server, '/api/apps', {
      method: 'POST',
      token: owner.token,
      json: {
        name: 'AppInfo Demo',
        schemes: [{ name: 'Beta', channels: [{ name: 'Android', device_type: 'android' }, { name: 'iOS', device_type: 'ios' }] }],
      },
    });
    if (created.status !== 201) throw new Error(`app not created: ${created.status} ${created.text}`);
    const appId: number = created.body.id;
    const channels = created.body.schemes[0].channels as { id: number; key: string; slug: string; device_type: string }[];
    const android = channels.find((channel) => channel.device_type === 'android')!;
    const ios = channels.find((channel) => channel.device_type === 'ios')!;
    const fields = { changelog: 'First build', branch: 'main', git_commit: 'a1b2c3d4' };
    const apk = await uploadFixture(server, owner.token, android.key, 'android.apk', fields);
    const ipa = await uploadFixture(server, owner.token, ios.key, 'iphone.ipa');
    const zip = { data: readFileSync(DSYM_FIXTURE), name: 'AppInfoDemo.app.dSYM.zip' };
    const dsym = await uploadDebugFile(server, { token: owner.token, channel_key: ios.key }, zip);
    if (dsym.status !== 201) throw new Error(`dSYM not uploaded: ${dsym.status} ${dsym.text}`);
    await server.database.db
      .insertInto('devices')
      .values({
        udid: UDID,
        name: 'Ana’s iPhone',
        product: 'iPhone15,2',
        os_version: '21A329',
        serial: 'SERIAL1',
        imei: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
      })
      .execute();
    const guarded = await newApp(server, { name: 'Guarded', ownerId: owner.id, channel: 'Android' });
    const password = { password: 'open sesame' };
    const locked = await api(server, `/api/channels/${guarded.channelId}`, { method: 'PUT', token: owner.token, json: password });
    if (locked.status !== 200) throw new Error(`password not set: ${locked.status} ${locked.text}`);
    const empty = await newApp(server, { name: 'Empty', ownerId: owner.id, channel: 'Android' });
    const opened = await api(server, '/api/settings', { method: 'PUT', token: owner.token, json: { registration_enabled: true } });
    if (opened.status !== 200) throw new Error(`sign-up not opened: ${opened.status} ${opened.text}`);
    // Guest mode, with the app public: a stranger's /apps lists it (docs/guest-mode.md).
    const guests = await api(server, '/api/admin/settings', { method: 'PUT', token: owner.token, json: { guest_mode: true } });
    const shown = await api(server, `/api/apps/${appId}`, { method: 'PUT', token: owner.token, json: { public: true } });
    if (guests.status !== 200 || shown.status !== 200) throw new Error(`guest mode not on: ${guests.text} ${shown.text}`);
    return {
      appId,
      android: { id: android.id, slug: android.slug, releaseId: apk.body.id },
      ios: { id: ios.id, slug: ios.slug, releaseId: ipa.body.id },
      debugFileId: dsym.body.id,
      guardedSlug: guarded.slug,
      emptySlug: empty.slug,
    };
  }

  beforeAll(async () => {
    server = await startServer();
    for (const { locale, scheme } of VARIANTS) {
      admins.set(`${locale}-${scheme}`, await user('admin', locale, scheme));
      members.set(`${locale}-${scheme}`, await user('member', locale, scheme));
      newcomers.set(`${locale}-${scheme}`, await user('member', locale, scheme, 'newcomer'));
    }
    data = await seed(admins.get('en-light')!);
    for (const member of members.values()) await addCollaborator(server, data.appId, member.id, 'member');
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  /** A context in this language and colour scheme, signed in as `as` if given. */
  async function open(locale: Locale, scheme: Scheme, as?: TestUser): Promise<Page> {
    const context = await browser.newContext({
      userAgent: USER_AGENTS.linux,
      locale,
      colorScheme: scheme,
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Shanghai',
    });
    contexts.push(context);
    if (as) {
      const { cookie } = await signIn(server, as.username, as.password);
      const at = cookie.indexOf('=');
      await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: server.url }]);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** A web app screen is ready once its language and scheme apply, its title is set and nothing loads. */
  async function appReady(page: Page, locale: Locale, scheme: Scheme): Promise<void> {
    const ready = page.waitForFunction(
      ({ locale, scheme }) =>
        document.documentElement.lang === locale &&
        document.documentElement.dataset.mantineColorScheme === scheme &&
        document.title !== 'Tarmac' &&
        document.querySelector('h1, h2') !== null &&
        document.querySelector('.mantine-Loader:not(button .mantine-Loader)') === null,
      { locale, scheme },
    );
    await ready.catch((error: unknown) => {
      throw new Error(`${page.url()} never settled (${locale}, ${scheme}): ${String(error)}`);
    });
  }

  async function check(found: string[], page: Page, where: string): Promise<void> {
    found.push(...describeViolations(where, await seriousViolations(page)));
    // One h1 per screen, naming it (WCAG 2.4.6; axe counts page-has-heading-one only as moderate).
    const headings = await page.locator('h1').allInnerTexts();
    if (headings.length !== 1) found.push(`${where}: ${headings.length} h1 headings (${headings.join(' | ')}), want exactly one`);
  }

  function adminScreens(): string[] {
    const { appId, android, ios, debugFileId } = data;
    return [
      '/',
      '/apps',
      `/apps/${appId}`,
      `/apps/${appId}/channels/${android.id}`,
      `/apps/${appId}/channels/${android.id}/releases/${android.releaseId}`,
      `/apps/${appId}/channels/${ios.id}/releases/${ios.releaseId}`,
      '/debug-files',
      `/debug-files/${debugFileId}`,
      '/devices',
      '/teardown',
      '/settings',
      '/settings/password',
      '/settings/security',
      '/settings/tokens',
      '/settings/preferences',
      '/settings/sign-in',
      '/admin/users',
      '/admin/invitations',
      '/admin/sign-in',
      '/admin/settings',
      '/admin/jobs',
      '/admin/logs',
      '/admin/webhooks',
      '/admin/zealot-import',
      '/admin/audit',
      '/admin/system',
      '/admin/backups',
      '/admin/backups?tab=restore',
      '/admin/no-such-screen',
    ];
  }

  for (const { locale, scheme } of VARIANTS) {
    const variant = `${locale}-${scheme}`;
    const share = <T,>(list: readonly T[]) => shareOf({ locale, scheme }, list);

    it(`finds no serious violation on the web app's screens, ${locale}, ${scheme}`, async () => {
      const found: string[] = [];
      const page = await open(locale, scheme, admins.get(variant));
      for (const screen of share(adminScreens())) {
        await page.goto(`${server.url}${screen}`);
        await appReady(page, locale, scheme);
        await check(found, page, `${variant} admin ${screen}`);
      }

      // Dialogs (a new app, a new user, an upload), the account menu, the teardown of a real
      // package, and the navigation drawer at phone width.
      const opened = async (screen: string, opener: Locator, what: 'dialog' | 'menu', name: string) => {
        await page.goto(`${server.url}${screen}`);
        await appReady(page, locale, scheme);
        await opener.click();
        await page.getByRole(what).waitFor();
        await check(found, page, `${variant} admin ${screen} (${name})`);
      };
      await opened('/apps', page.getByRole('button', { name: NAMES.newApp[locale] }), 'dialog', 'new app dialog');
      await opened('/admin/users', page.getByRole('button', { name: NAMES.newUser[locale] }), 'dialog', 'new user dialog');
      const upload = page.getByRole('button', { name: NAMES.upload[locale] }).first();
      await opened(`/apps/${data.appId}/channels/${data.android.id}`, upload, 'dialog', 'upload dialog');
      await opened('/settings', page.getByRole('button', { name: NAMES.account[locale] }), 'menu', 'account menu');
      await page.goto(`${server.url}/teardown`);
      await appReady(page, locale, scheme);
      await page.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, 'apps', 'android.apk'));
      await page.getByText('com.icyleaf.appinfodemo', { exact: true }).first().waitFor({ timeout: 20_000 });
      await check(found, page, `${variant} admin /teardown (result)`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/`);
      await appReady(page, locale, scheme);
      await page.getByRole('button', { name: NAMES.navigation[locale] }).click();
      await page.getByRole('navigation').getByRole('link').first().waitFor();
      await check(found, page, `${variant} admin / (phone, navigation open)`);

      const member = await open(locale, scheme, members.get(variant));
      for (const screen of share(['/', `/apps/${data.appId}`, `/apps/${data.appId}/channels/${data.android.id}`, '/devices'])) {
        await member.goto(`${server.url}${screen}`);
        await appReady(member, locale, scheme);
        await check(found, member, `${variant} member ${screen}`);
      }
      const newcomer = await open(locale, scheme, newcomers.get(variant));
      for (const screen of share(['/', '/apps', '/debug-files'])) {
        await newcomer.goto(`${server.url}${screen}`);
        await appReady(newcomer, locale, scheme);
        await check(found, newcomer, `${variant} newcomer ${screen}`);
      }
      expect(found).toEqual([]);
    }, 240_000);

    it(`finds no serious violation on the public screens and pages, ${locale}, ${scheme}`, async () => {
      const found: string[] = [];
      const page = await open(locale, scheme);
      const strangerScreens = [
        '/login', '/signup', '/forgot-password', '/reset-password?key=unknown', '/sign-in/link', '/confirm-email?key=unknown',
        '/invitations/accept?key=unknown', '/apps',
      ];
      for (const screen of share(strangerScreens)) {
        await page.goto(`${server.url}${screen}`);
        await appReady(page, locale, scheme);
        await check(found, page, `${variant} stranger ${screen}`);
      }
      const pages = [
        `/${data.android.slug}`,
        `/${data.ios.slug}/${data.ios.releaseId}`,
        `/${data.guardedSlug}`,
        `/${data.emptySlug}`,
        '/no-such-channel',
        // A refused request (text no database stores) gets the error page.
        `/${data.android.slug}?q=%00`,
        '/udid',
        `/udid/${UDID}`,
        '/udid/00000000-0000000000000000',
      ];
      for (const screen of share(pages)) {
        await page.goto(`${server.url}${screen}`);
        await page.waitForFunction((locale) => document.documentElement.lang === locale, locale);
        await check(found, page, `${variant} stranger ${screen}`);
      }
      // A team member sees the device's builds on its /udid page.
      const team = await open(locale, scheme, admins.get(variant));
      await team.goto(`${server.url}/udid/${UDID}`);
      await check(found, team, `${variant} admin /udid/${UDID}`);
      expect(found).toEqual([]);
    }, 120_000);
  }
});
