// The built documentation site in Chromium, served from website/build by a static server on a random
// port with every request to another host refused (the site must work offline): the colour toggle
// persists across a reload; picking 5.3.7 in the version dropdown is remembered and the navbar's doc
// links follow it; at 800 px the hamburger holds the docs sidebar; the local search finds an English
// and a Chinese term; an unknown path shows the 404 page in each language.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser } from '../../packages/server/test/helpers/browser.ts';

const BUILD = path.resolve(import.meta.dirname, '../build');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.xml': 'application/xml', '.yaml': 'text/yaml',
};

/** website/build as a static host serves it: `<path>/index.html`, `<path>.html`, else the locale's 404.html. */
function startSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const route = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
    const candidates = [path.join(BUILD, route), path.join(BUILD, route, 'index.html'), path.join(BUILD, `${route}.html`)];
    const file = candidates.find((candidate) => candidate.startsWith(BUILD) && existsSync(candidate) && statSync(candidate).isFile());
    const notFound = path.join(BUILD, route.startsWith('/zh-Hans/') ? 'zh-Hans/404.html' : '404.html');
    response.writeHead(file ? 200 : 404, { 'content-type': TYPES[path.extname(file ?? notFound)] ?? 'application/octet-stream' });
    createReadStream(file ?? notFound).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ url, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

const available = chromiumAvailable();

describe.skipIf(!available)('the documentation site in chromium', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** A page whose requests to any other host fail, as on a machine without internet. */
  async function offlinePage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.route((url) => !url.href.startsWith(site.url), (route) => route.abort());
    return context.newPage();
  }

  it('keeps the colour chosen with the toggle across a reload', async () => {
    const page = await offlinePage();
    await page.goto(`${site.url}/docs/self-hosted/`);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.context().close();
  });

  it('remembers the version picked in the dropdown, and the navbar follows it', async () => {
    const page = await offlinePage();
    await page.goto(`${site.url}/docs/self-hosted/`);
    const dropdown = page.locator('.navbar__items--right .dropdown').first();
    await dropdown.hover();
    for (const label of ['Next', '6.1.0', '5.3.7', '4.7.1', 'Legacy docs']) await dropdown.getByRole('link', { name: label }).waitFor();
    await dropdown.getByRole('link', { name: '5.3.7' }).click();
    await page.waitForURL(/\/docs\/5\.3\/self-hosted/);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('5.3');
    await page.goto(`${site.url}/`);
    await expect.poll(() => page.getByRole('link', { name: 'User Guide', exact: true }).first().getAttribute('href')).toMatch(/^\/docs\/5\.3\/user-guide/);
    await page.context().close();
  });

  it('puts the docs sidebar behind the hamburger at 800 px', async () => {
    const page = await offlinePage(800);
    await page.goto(`${site.url}/docs/self-hosted/`);
    expect(await page.locator('.theme-doc-sidebar-container').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.locator('.navbar-sidebar').getByRole('link', { name: 'Kubernetes' }).waitFor();
    await page.context().close();
  });

  it('finds an English and a Chinese term with the local search, offline', async () => {
    const page = await offlinePage();
    for (const [prefix, term, expected] of [['', 'Kubernetes', /Kubernetes/], ['/zh-Hans', '反向代理', /反向代理/]] as const) {
      await page.goto(`${site.url}${prefix}/docs/self-hosted/`);
      const box = page.locator('input.navbar__search-input').first();
      // The index loads when the box takes the focus; what is typed before it is there finds nothing.
      await Promise.all([page.waitForResponse((response) => response.url().includes('search-index')), box.focus()]);
      await box.pressSequentially(term, { delay: 30 });
      await page.locator('[role="listbox"] a, [class*="suggestion"]').filter({ hasText: expected }).first().waitFor({ timeout: 15_000 });
    }
    await page.context().close();
  });

  it('shows the 404 page for an unknown path, in English and in Chinese', async () => {
    const page = await offlinePage();
    await page.goto(`${site.url}/docs/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto(`${site.url}/zh-Hans/docs/no-such-page`);
    await page.getByRole('heading', { name: '找不到页面' }).waitFor();
    await page.context().close();
  });
});
