// The web app's browser tests start the same way: a desktop Chromium context in light or dark,
// signed in through the sign-in form (English or Chinese labels), on the page under test, with
// the requests a test must count (a form that must send nothing) recorded as "METHOD url body".
import type { Browser, Request } from 'playwright-core';
import { openDevice, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';

export interface SignedIn extends DeviceContext {
  /** The requests `watch` picked, in order. */
  requests: string[];
}

export async function signedIn(
  browser: Browser,
  server: TestServer,
  user: TestUser,
  options: { next: string; colorScheme: 'light' | 'dark'; watch?: (request: Request) => boolean; timezoneId?: string },
): Promise<SignedIn> {
  const zone = options.timezoneId ? { timezoneId: options.timezoneId } : {};
  const desktop = { viewport: { width: 1280, height: 900 }, colorScheme: options.colorScheme, ...zone };
  const opened = await openDevice(browser, USER_AGENTS.linux, desktop);
  opened.page.setDefaultTimeout(10_000);
  const { page } = opened;
  const requests: string[] = [];
  page.on('request', (request) => {
    if (options.watch?.(request)) requests.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  await page.goto(`${server.url}/login?next=${encodeURIComponent(options.next)}`);
  await page.getByLabel(/Username or email|用户名或邮箱/).fill(user.username);
  await page.getByRole('textbox', { name: /Password|密码/ }).fill(user.password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  await page.waitForURL(`${server.url}${options.next}`);
  return { ...opened, requests };
}
