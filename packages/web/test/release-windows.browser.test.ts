// A Windows build uploaded as a zip of its folder (format windows_app), on the release screen in a
// real browser (Debian's chromium through playwright-core) against a real server: the Windows
// section names the main program inside the zip and the version resource of that .exe, in
// English (light) and Chinese (dark); the download is reached by keyboard. The zip is built at
// test time from the fixture apps/win-upx.exe and a dummy .dll. Any console error or uncaught
// exception fails the test. Screenshots: test-results/screenshots/web-release-windows-*.png.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchBrowser, openDevice, screenshot, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { makeZip } from '../../server/test/helpers/debug-files.ts';
import { newApp } from '../../server/test/helpers/factories.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

const available = chromiumAvailable();
const EXE = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/win-upx.exe');

describe.skipIf(!available)('a zipped Windows app folder on the release screen in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let developer: TestUser;
  let releasePath: string;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    developer = await server.newUser({ role: 'developer', username: `win_${process.pid}` });
    const channel = await newApp(server, { ownerId: developer.id, name: 'UPX', deviceType: 'windows', channel: 'Windows' });
    const zip = makeZip([
      { name: 'UPX-3.08/upx.exe', data: readFileSync(EXE) },
      { name: 'UPX-3.08/libucl.dll', data: 'a dummy library' },
    ]);
    const form = new FormData();
    form.append('channel_key', channel.key);
    form.append('file', new Blob([new Uint8Array(zip)]), 'UPX-3.08.zip');
    const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${developer.token}` } });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: number; app: { id: number }; channel: { id: number } };
    releasePath = `/apps/${body.app.id}/channels/${body.channel.id}/releases/${body.id}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  it('names the main program and its version resource, in English and in Chinese dark', async () => {
    for (const [locale, labels] of [
      ['en-US', { program: 'Main program (in the zip)', company: 'Company', title: 'Windows build' }],
      ['zh-CN', { program: '主程序（压缩包内）', company: '公司', title: 'Windows 构建' }],
    ] as const) {
      // The screen speaks the account's language and appearance, as the user saved them.
      const saved = await api(server, '/api/user', {
        method: 'PUT',
        token: developer.token,
        json: locale === 'zh-CN' ? { locale: 'zh-CN', appearance: 'dark' } : { locale: 'en', appearance: 'light' },
      });
      expect(saved.status).toBe(200);
      const opened = await openDevice(browser, USER_AGENTS.linux, { locale, colorScheme: locale === 'zh-CN' ? 'dark' : 'light', viewport: { width: 1280, height: 900 } });
      open.push(opened);
      const { page, errors } = opened;
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.url}/login?next=${encodeURIComponent(releasePath)}`);
      await page.getByLabel(/Username or email|用户名或邮箱/).fill(developer.username);
      await page.getByRole('textbox', { name: /Password|密码/ }).fill(developer.password);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}${releasePath}`);
      const section = page.getByRole('region', { name: labels.title });
      await section.waitFor();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale === 'zh-CN' ? 'zh-CN' : 'en');
      if (locale === 'zh-CN') await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
      await section.getByText(labels.program).waitFor();
      const text = (await section.textContent()) ?? '';
      expect(text).toContain(labels.title);
      expect(text).toContain(labels.program);
      expect(text).toContain('UPX-3.08/upx.exe');
      expect(text).toContain(labels.company);
      expect(text).toContain('The UPX Team http://upx.sf.net');
      expect(text).toContain('3.8.0.0');
      await screenshot(page, `web-release-windows-${locale}`);

      // The download link is reached with the keyboard alone and points at the .zip.
      let href: string | null = null;
      for (let i = 0; i < 60 && href === null; i++) {
        await page.keyboard.press('Tab');
        href = await page.evaluate(() => {
          const active = document.activeElement;
          return active instanceof HTMLAnchorElement && active.href.includes('/download') ? active.href : null;
        });
      }
      expect(href).toMatch(/\/download/);
      expect(errors).toEqual([]);
    }
  });
});
