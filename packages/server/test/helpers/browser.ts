// Helpers for the public pages' tests: real fixture uploads through the API, the User-Agents of
// the devices the pages tell apart, and Debian's chromium driven by playwright-core (the
// browser tests skip locally when chromium is missing, and fail with CI=true: a skip would
// hide a broken page).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { ApiResponse } from './server.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures');
export const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, 'apps', name));

/** Uploads a real package to a channel as Zealot's clients do; answers the upload JSON. */
export async function uploadFixture(
  server: { url: string },
  token: string,
  channelKey: string,
  file: string,
  fields: Record<string, string> = {},
): Promise<ApiResponse<any>> {
  return uploadBytes(server, token, channelKey, { data: fixture(file), name: file }, fields);
}

/** Uploads `file` (its bytes and name) to a channel as fastlane would; throws unless it is stored. */
export async function uploadBytes(
  server: { url: string },
  token: string,
  channelKey: string,
  file: { data: Buffer; name: string },
  fields: Record<string, string> = {},
): Promise<ApiResponse<any>> {
  const form = new FormData();
  form.append('channel_key', channelKey);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const body: unknown = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text;
  if (response.status !== 201 && response.status !== 200) throw new Error(`upload of ${file.name} failed: ${response.status} ${text}`);
  return { status: response.status, headers: response.headers, body, text };
}

/** User-Agents as the devices send them. */
export const USER_AGENTS = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  /** Safari on a Mac; iPadOS in desktop mode sends exactly this. */
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  /** HarmonyOS 4 phones: an Android browser. */
  harmony4: 'Mozilla/5.0 (Linux; Android 12; HarmonyOS; ALN-AL00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.196 HuaweiBrowser/14.0.6.300 Mobile Safari/537.36',
  /** HarmonyOS NEXT (ArkWeb). */
  harmonyNext: 'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wecom: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.20 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  dingtalk: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.0.40) com.laiwang.DingTalk/29013561 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK',
  qq: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.28.635 V1_IPH_SQ_8.9.28_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.000000 QQTheme/1000 AppId/537146881 Core/WKWebView Device/Apple(iPhone 12) NetType/WIFI QBWebViewType/1 WKType/1',
  qqBrowser: 'Mozilla/5.0 (Linux; U; Android 13; zh-cn; 22081212C Build/TKQ1.220829.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.1 Mobile Safari/537.36 COVC/046713',
  weibo: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,2__weibo__13.2.3__iphone__os16.3)',
  alipay: 'Mozilla/5.0 (Linux; U; Android 12; zh-CN; M2102J2SC Build/SKQ1.211006.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 Mobile Safari/537.36 UWS/3.22.2.43 AliApp(AP/10.3.20.8000) AlipayClient/10.3.20.8000 Language/zh-Hans',
  feishu: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Lark/7.4.5 LarkLocale/zh_CN ChannelName/Feishu TTWebView/0141110025018',
} as const;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Whether the browser tests can run; with CI=true a missing chromium is an error, not a skip. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing: CI must run the browser tests (.ci/apt-packages lists chromium)`);
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
}

export interface DeviceContext {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/**
 * A fresh context with this User-Agent (and options: locale, viewport, hasTouch). With
 * `maxTouchPoints`, the touch screen reports that many points, as an iPad's does (5);
 * Playwright's hasTouch alone reports 1.
 */
export async function openDevice(
  browser: Browser,
  userAgent: string,
  options: BrowserContextOptions & { maxTouchPoints?: number } = {},
): Promise<DeviceContext> {
  const { maxTouchPoints, ...contextOptions } = options;
  const context = await browser.newContext({ userAgent, locale: 'en-US', viewport: { width: 390, height: 844 }, ...contextOptions });
  const page = await context.newPage();
  if (maxTouchPoints !== undefined) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints });
  }
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return { context, page, errors };
}

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../../test-results/screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Presses Enter on a control as a keyboard user would: once it is enabled (a button waits for the
 * permissions to load) and has the focus. Focusing a disabled button does nothing, so pressing
 * without waiting sends Enter to the page on a slow machine.
 */
export async function pressByKeyboard(control: Locator, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await control.isEnabled()) {
      await control.focus();
      if (await control.evaluate((element) => element === element.ownerDocument.activeElement)) break;
    }
    if (Date.now() > deadline) throw new Error(`pressByKeyboard: ${String(control)} never became enabled and focused`);
    await control.page().waitForTimeout(50);
  }
  await control.page().keyboard.press('Enter');
}

/**
 * A desktop browser (1280×900) signed in as `user` through the sign-in form, on `next` when given (the
 * dashboard otherwise). The caller closes `context`.
 */
export async function signInOnDesktop(
  browser: Browser,
  serverUrl: string,
  user: { username: string; password: string },
  next?: string,
): Promise<DeviceContext> {
  const device = await openDevice(browser, USER_AGENTS.linux, { viewport: { width: 1280, height: 900 } });
  device.page.setDefaultTimeout(8000);
  await device.page.goto(`${serverUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await device.page.getByLabel('Username or email').fill(user.username);
  await device.page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await device.page.getByRole('button', { name: 'Sign in' }).click();
  await device.page.waitForURL(`${serverUrl}${next ?? '/'}`);
  return device;
}

/** The end of a browser test file: its contexts, then the browser, then the server. */
type Closable = { close(): Promise<void> } | undefined;

export async function closeBrowserTest(open: DeviceContext[], browser: Browser | undefined, server: Closable): Promise<void> {
  for (const device of open) await device.context.close();
  await browser?.close();
  await server?.close();
}
