// Server refusals in the user's language (issue 14, item 6): the server answers a stable code and
// its params beside the English sentence, and the web app shows the translation next to the field
// it names. In Chinese, light and dark, by keyboard: a slug another channel has ("已被占用"), and a
// slug reserved for Tarmac's own pages, which names the value (each cleared once the field changes;
// a blank name refused as it is typed, nothing sent); and the install pages' error page
// for a refused request; and a wrong password on the Chinese sign-in screen, whose sentences the
// screen fetches only when the refusal comes (not with the first page load). No English sentence
// shows; axe finds no serious violation. Screenshots:
// test-results/screenshots/web-error-codes-zh-CN-{light,dark}.png and pages-error-zh-CN-{light,dark}.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../../server/test/helpers/a11y.ts';
import { chromiumAvailable, launchBrowser, openDevice, pressByKeyboard, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import type { TestChannel } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('server refusals in Chinese in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let first: TestChannel;
  let secondId = 0;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `codes_${process.pid}` });
    first = await newApp(server, { ownerId: admin.id, name: 'Codes Demo', deviceType: 'android', channel: 'Android' });
    const json = { name: 'Beta', device_type: 'android' };
    const created = await api(server, `/api/schemes/${first.schemeId}/channels`, { method: 'POST', token: admin.token, json });
    expect(created.status).toBe(201);
    secondId = created.body.id;
    const set = await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale: 'zh-CN' } });
    expect(set.status).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  /** The textbox's error text (Mantine links it with aria-describedby), or '' when it shows none. */
  async function errorOf(page: Page, name: string): Promise<string> {
    const box = page.getByRole('textbox', { name, exact: true });
    if ((await box.getAttribute('aria-invalid')) !== 'true') return '';
    const ids = ((await box.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    return texts.join('');
  }

  async function refusedSlug(colorScheme: 'light' | 'dark', slug: string, expected: string) {
    const path = `/apps/${first.appId}/channels/${secondId}?tab=settings`;
    const device = await signedIn(browser, server, admin, { next: path, colorScheme, watch: (r) => r.method() === 'PATCH' || r.method() === 'PUT' });
    open.push(device);
    const { page, errors } = device;
    if (colorScheme === 'dark') await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    const box = page.getByRole('textbox', { name: '短链接标识', exact: true });
    // The settings tab loads its own chunk: slow on a busy machine.
    await box.waitFor({ timeout: 30_000 });
    await box.fill(slug);
    await pressByKeyboard(page.getByRole('button', { name: '保存', exact: true }));
    await expect.poll(() => errorOf(page, '短链接标识')).toBe(expected);
    expect(device.requests).toHaveLength(1);
    // The field says it; no alert repeats it, and no English sentence shows anywhere.
    await expect(page.getByRole('alert').filter({ hasText: /slug|taken|reserved/i }).count()).resolves.toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/has already been taken|is reserved for/);
    await screenshot(page, `web-error-codes-zh-CN-${colorScheme}`);
    expect(describeViolations(`channel settings, ${colorScheme}`, await seriousViolations(page))).toEqual([]);
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);

    // The server's message is stale once the field changes; a blank name is refused as it is typed, and not sent.
    await box.press('End');
    await page.keyboard.type('x');
    await expect.poll(() => errorOf(page, '短链接标识')).toBe('');
    const name = page.getByRole('textbox', { name: '名称', exact: true });
    await name.fill('');
    await expect.poll(() => errorOf(page, '名称')).toBe('不能为空');
    await pressByKeyboard(page.getByRole('button', { name: '保存', exact: true }));
    await expect.poll(() => errorOf(page, '名称')).toBe('不能为空');
    expect(device.requests).toHaveLength(1);
  }

  it('light: a slug another channel has is refused under the field, in Chinese', async () => {
    await refusedSlug('light', first.slug.toUpperCase(), '已被占用');
  });

  it('dark: a reserved slug is refused under the field, in Chinese, naming the value', async () => {
    await refusedSlug('dark', 'api', '“api”是 Tarmac 的保留字，请另选一个');
  });

  it('the install pages: a refused request gets a page in the visitor\'s language, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const device = await openDevice(browser, USER_AGENTS.linux, { locale: 'zh-CN', colorScheme, viewport: { width: 1280, height: 900 } });
      open.push(device);
      const { page, errors } = device;
      const response = await page.goto(`${server.url}/${first.slug}?q=%00`);
      expect(response?.status()).toBe(422);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('操作未成功');
      await expect(page.getByText('表单中有内容无法读取').count()).resolves.toBe(1);
      expect(await page.locator('body').innerText()).not.toMatch(/Validation failed|could not be read/);
      await screenshot(page, `pages-error-zh-CN-${colorScheme}`);
      expect(describeViolations(`error page, ${colorScheme}`, await seriousViolations(page))).toEqual([]);
      expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
    }
  });

  it('the sign-in screen: a wrong password in Chinese, its sentences fetched only with the refusal', async () => {
    const device = await openDevice(browser, USER_AGENTS.linux, { locale: 'zh-CN', colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    open.push(device);
    const { page, errors } = device;
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const errorChunk = (path: string) => /\/assets\/errors\.zh-CN-[\w-]+\.js$/.test(path);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(admin.username);
    await page.getByRole('textbox', { name: '密码' }).fill('not-the-password');
    expect(fetched.filter(errorChunk)).toEqual([]);
    await pressByKeyboard(page.getByRole('button', { name: '登录' }));
    await page.getByRole('alert').filter({ hasText: '用户名、邮箱或密码错误。' }).waitFor();
    expect(fetched.filter(errorChunk)).toHaveLength(1);
    expect(await page.locator('body').innerText()).not.toMatch(/Invalid|password/i);
    await screenshot(page, 'web-error-codes-sign-in-zh-CN');
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  });
});
