// What the sign-in screen and the signed-in dashboard really load, in chromium against a real
// server: every JavaScript and CSS response of a first visit (empty cache), gzipped at level 9 as
// the build measures them, in English and in Chinese. The sign-in screen stays within 153 KB and
// the dashboard within its budget; and the files the browser fetched are exactly those the build's
// figure counts (scripts/web-budget.ts, from Vite's manifest), so a new import cannot slip past
// the figure: one the manifest count misses, or one loaded early that it does not expect, fails.
// And every Mantine component the signed-out screens show is styled by the first stylesheet.
// Needs a current build (`node scripts/build-web.ts --force`). Screenshot: web-login-budget.png.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  closeBrowserTest,
  launchBrowser,
  openDevice,
  screenshot,
  signInOnDesktop,
  USER_AGENTS,
} from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
const root = path.resolve(import.meta.dirname, '../../..');

interface ScreenLoad {
  path: string;
  locale: 'en' | 'zh-CN';
  files: Record<string, number>;
  total: number;
  budgetKb: number;
}

/** The build's own figures (node scripts/web-budget.ts --json), per screen and language. */
function buildFigures(): ScreenLoad[] {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/web-budget.ts'), '--json'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`scripts/web-budget.ts failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as ScreenLoad[];
}

/** Records each JavaScript and CSS file the page fetches: its path and gzipped size. */
function recordAssets(page: Page): { sizes: Map<string, number>; pending: Promise<void>[] } {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!/\.(js|css)$/.test(pathname)) return;
    pending.push(response.body().then((body) => void sizes.set(pathname.slice(1), gzipSync(body, { level: 9 }).length)));
  });
  return { sizes, pending };
}

/**
 * Mantine's classes (m_…) on the page that no loaded stylesheet styles: a component shown before
 * sign-in whose styles are left in signed-in.css (src/styles/signed-out.css says where they go).
 */
function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const styled = selectors.join(' ');
    const classes = new Set(Array.from(document.querySelectorAll('[class]')).flatMap((element) => Array.from(element.classList)));
    return [...classes].filter((name) => /^m_[0-9a-f]+$/.test(name) && !styled.includes(`.${name}`)).sort();
  });
}

/** The transfer sizes the Performance API reports for the page's scripts and styles (bytes on the wire). */
function transferred(page: Page): Promise<number> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
  );
}

describe.skipIf(!available)('what the first page load fetches, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let user: TestUser;
  let figures: ScreenLoad[];
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    figures = buildFigures();
    server = await startServer();
    user = await server.newUser({ username: `budget_${process.pid}` });
    browser = await launchBrowser();
  });

  afterAll(() => closeBrowserTest(open, browser, server));

  const figure = (screen: string, locale: 'en' | 'zh-CN') => figures.find((load) => load.path === screen && load.locale === locale)!;

  for (const [locale, browserLocale, heading] of [
    ['en', 'en-US', 'Sign in to your account'],
    ['zh-CN', 'zh-CN', '登录你的账户'],
  ] as const) {
    it(`keeps the sign-in screen within 153 KB and loads exactly what the build counts (${locale})`, async () => {
      const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, locale: browserLocale });
      open.push(device);
      const { page } = device;
      const { sizes, pending } = recordAssets(page);
      await page.goto(`${server.url}/login`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);

      const expected = figure('/login', locale);
      expect([...sizes.keys()].sort()).toEqual(Object.keys(expected.files).sort());
      const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
      expect(total).toBe(expected.total);
      expect(total).toBeLessThanOrEqual(153 * 1024);
      expect(expected.budgetKb).toBe(153);
      // On the wire (Chromium asks for brotli, which the server sends) it is smaller still.
      expect(await transferred(page)).toBeLessThanOrEqual(total);
      if (locale === 'en') await screenshot(page, 'web-login-budget');
      // Everything shown is styled by the signed-out sheet: the form, and its error.
      await page.getByRole('button', { name: locale === 'en' ? 'Sign in' : '登录', exact: true }).click();
      await page.getByRole('alert').waitFor();
      expect(await unstyledMantineClasses(page)).toEqual([]);
      expect(device.errors.filter((error) => !/status of 401\b/.test(error))).toEqual([]);
    });
  }

  it('styles the sign-up screen with the signed-out sheet alone', async () => {
    const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 } });
    open.push(device);
    const { page } = device;
    await page.goto(`${server.url}/signup`);
    await page.getByRole('heading', { name: 'Sign-up is closed' }).waitFor();
    expect(await unstyledMantineClasses(page)).toEqual([]);
    expect(device.errors.filter((error) => !/status of 401\b/.test(error))).toEqual([]);
  });

  it('keeps the signed-in dashboard within its budget and loads what the build counts', async () => {
    const signed = await signInOnDesktop(browser, server.url, user);
    open.push(signed);
    // A fresh context with the same session: an empty cache, as on a first visit.
    const storageState = await signed.context.storageState();
    const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 }, storageState });
    open.push(device);
    const { page } = device;
    const { sizes, pending } = recordAssets(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: `Welcome, ${user.username}` }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const expected = figure('/', 'en');
    expect([...sizes.keys()].sort()).toEqual(Object.keys(expected.files).sort());
    const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    expect(total).toBe(expected.total);
    expect(total).toBeLessThanOrEqual(expected.budgetKb * 1024);
    expect(device.errors).toEqual([]);
  });
});
