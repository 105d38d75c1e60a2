// Pure helpers for the public install pages: what the visitor's device is (from its
// User-Agent), which single action the page offers it for a build, and the link to a commit.
//
// The server decides from the User-Agent. One case it cannot see: iPadOS in desktop mode (the
// default on iPads) sends a Mac's User-Agent. For a Mac User-Agent the page therefore carries
// the iPad's action too, hidden, and a tiny inline script swaps them when the browser reports
// a touch screen (navigator.maxTouchPoints > 1; Macs report 0).
import type { DeviceType } from '../../db/types.ts';

export type DeviceOs = 'ios' | 'ipados' | 'android' | 'harmonyos' | 'macos' | 'windows' | 'linux' | 'other';

/** Apps whose built-in browser cannot install apps or profiles; other: a word of the in_app_browsers setting. */
export type InAppBrowser = 'wechat' | 'wecom' | 'dingtalk' | 'qq' | 'weibo' | 'alipay' | 'feishu' | 'other';

export interface Device {
  os: DeviceOs;
  inApp: InAppBrowser | null;
}

// Most specific first: WeCom's User-Agent also says MicroMessenger. ` QQ/` is the QQ app;
// the QQ Browser (MQQBrowser/, QQBrowser/) is a real browser and installs fine.
const IN_APP: [RegExp, InAppBrowser][] = [
  [/\bwxwork\//i, 'wecom'],
  [/\bMicroMessenger\//i, 'wechat'],
  [/\bDingTalk\b/i, 'dingtalk'],
  [/\bAlipayClient\b/i, 'alipay'],
  [/\b(?:Lark|Feishu)\//i, 'feishu'],
  [/\bWeibo\b|__weibo__/i, 'weibo'],
  [/(?:^|[\s(;])QQ\/\d/, 'qq'],
];

/** The visitor's device; `inAppWords` are more in-app browsers' User-Agent words (any case), from the settings. */
export function detectDevice(userAgent: string | undefined, inAppWords: readonly string[] = []): Device {
  const ua = (userAgent ?? '').slice(0, 1024);
  const lower = ua.toLowerCase();
  const extra = inAppWords.some((word) => word !== '' && lower.includes(word.toLowerCase())) ? 'other' : null;
  const inApp = IN_APP.find(([pattern]) => pattern.test(ua))?.[1] ?? extra;
  return { os: detectOs(ua), inApp };
}

function detectOs(ua: string): DeviceOs {
  // HarmonyOS NEXT (ArkWeb) says OpenHarmony; HarmonyOS 2–4 phones send an Android
  // User-Agent with a HarmonyOS token and install APKs like any Android phone.
  if (/\bOpenHarmony\b|\bArkWeb\//.test(ua)) return 'harmonyos';
  if (/\biPad\b/.test(ua)) return 'ipados';
  if (/\b(?:iPhone|iPod)\b/.test(ua)) return 'ios';
  if (/\bAndroid\b/.test(ua)) return 'android';
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return 'macos';
  if (/\bWindows\b/.test(ua)) return 'windows';
  if (/\bCrOS\b|\bLinux\b|\bX11\b/.test(ua)) return 'linux';
  return 'other';
}

export function isDesktop(os: DeviceOs): boolean {
  return os === 'macos' || os === 'windows' || os === 'linux';
}

/**
 * What the page offers for one build:
 * - install: the itms-services link (iOS builds on iPhone, iPad, and Macs: only Apple-silicon
 *   Macs run iPhone apps, hence `appleSilicon`);
 * - download: the file, to install on this device;
 * - unsupported: a sentence and the QR code; `download` is true on desktops, where fetching the
 *   file for another device (adb, Apple Configurator) still makes sense;
 * - inApp: open the page in the system browser first;
 * - iosUnavailable: an iOS build whose install link cannot work from this server's address;
 * - blocked: the build cannot install on this device (installability: an expired profile or
 *   certificate, a device not in the profile, an OS too old); the page says why. `download` is
 *   true on desktops, where a developer may still want the file (to inspect or re-sign it);
 * - archived: nothing to install;
 * - fileMissing: the build came from Zealot without its file (releases.file_missing): nothing to offer.
 */
export type InstallAction =
  | { kind: 'install'; appleSilicon: boolean }
  | { kind: 'download' }
  | { kind: 'unsupported'; reason: 'platform' | 'bundle'; download: boolean }
  | { kind: 'inApp'; browser: InAppBrowser }
  | { kind: 'iosUnavailable'; problem: 'http' | 'loopback' }
  | { kind: 'blocked'; download: boolean }
  | { kind: 'archived' }
  | { kind: 'fileMissing' };

export interface BuildFacts {
  platform: DeviceType;
  /** The parser's format: ipa, apk, aab, hap … */
  format: string;
  /** Why the build has no file (imported from Zealot without one); null or absent when it has one. */
  file_missing?: string | null;
}

export interface ActionContext {
  archived: boolean;
  /** iosInstallProblem() of the links' base URL. */
  iosProblem: 'http' | 'loopback' | null;
  /** Whether installability() found a reason this build cannot install on this device. */
  blocked?: boolean;
}

/** Which device operating systems install a build of each platform straight from the page. */
const INSTALLS_ON: Record<DeviceType, readonly DeviceOs[]> = {
  ios: ['ios', 'ipados', 'macos'],
  android: ['android'],
  harmonyos: ['harmonyos'],
  macos: ['macos'],
  windows: ['windows'],
  linux: ['linux'],
};

export function installAction(build: BuildFacts, device: Device, context: ActionContext): InstallAction {
  if (context.archived) return { kind: 'archived' };
  if (build.file_missing) return { kind: 'fileMissing' };
  if (device.inApp) return { kind: 'inApp', browser: device.inApp };
  const desktop = isDesktop(device.os) || device.os === 'other';
  // An Android App Bundle is for Google Play: no device installs it as it is.
  if (build.format === 'aab') return { kind: 'unsupported', reason: 'bundle', download: desktop };
  const action = deviceAction(build, device, context);
  if (context.blocked && (action.kind === 'install' || action.kind === 'download' || action.kind === 'iosUnavailable')) {
    return { kind: 'blocked', download: desktop };
  }
  return action;
}

function deviceAction(build: BuildFacts, device: Device, context: ActionContext): InstallAction {
  const desktop = isDesktop(device.os) || device.os === 'other';
  if (build.platform === 'ios') {
    if (!INSTALLS_ON.ios.includes(device.os)) return { kind: 'unsupported', reason: 'platform', download: desktop };
    if (context.iosProblem) return { kind: 'iosUnavailable', problem: context.iosProblem };
    return { kind: 'install', appleSilicon: device.os === 'macos' };
  }
  // A browser we cannot place (a bot, an unusual device): offer the file.
  if (device.os === 'other') return { kind: 'download' };
  if (INSTALLS_ON[build.platform]?.includes(device.os)) return { kind: 'download' };
  return { kind: 'unsupported', reason: 'platform', download: desktop };
}

/** Two actions are the same when they render the same. */
export function sameAction(a: InstallAction, b: InstallAction): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const SHA_PATTERN = /^[0-9a-fA-F]{4,64}$/;
const HOST_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9.-]{0,251}[a-zA-Z0-9])?$/;
const REPO_PATH_PATTERN = /^[\w.~-]+(?:\/[\w.~-]+)*$/;

/**
 * The web page of a commit, from the channel's git URL, or null when there is no safe link:
 * - `https://host/user/repo(.git)` (or http) → `<that URL without .git>/commit/<sha>`;
 * - `git@host:user/repo.git` and `ssh://git@host[:port]/user/repo.git` → `https://host/user/repo/commit/<sha>`.
 * Only http(s) links come out; credentials, queries and fragments are dropped; a commit that
 * is not hexadecimal gets no link.
 */
export function commitUrl(gitUrl: string | null | undefined, sha: string | null | undefined): string | null {
  if (!gitUrl || !sha || !SHA_PATTERN.test(sha)) return null;
  const text = gitUrl.trim();
  const scp = /^[\w.-]+@([^:/\s]+):\/?([^\s]+)$/.exec(text);
  if (scp) return webCommit('https:', scp[1]!, scp[2]!, sha);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol === 'ssh:' || url.protocol === 'git+ssh:') return webCommit('https:', url.hostname, url.pathname, sha);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return webCommit(url.protocol, url.host, url.pathname, sha);
}

function webCommit(protocol: string, host: string, repoPath: string, sha: string): string | null {
  const hostname = host.replace(/:\d{1,5}$/, '');
  if (!HOST_PATTERN.test(hostname)) return null;
  const repo = repoPath.replace(/^\/+|\/+$/g, '').replace(/\.git$/i, '');
  if (!REPO_PATH_PATTERN.test(repo) || repo.split('/').some((part) => part === '.' || part === '..')) return null;
  return `${protocol}//${host}/${repo}/commit/${sha.toLowerCase()}`;
}

/** Bytes as every page shows them (src/pages/format.ts, shared with the web app). */
export { formatSize } from '../../pages/format.ts';

/**
 * A same-site path to go back to after the password form, or undefined: it must start with a
 * single `/` (not `//` or `/\`, which browsers read as another host) and hold no control
 * characters.
 */
export function safeBackPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  return value;
}

/** A `?page=` value: a whole number from 1, else 1. */
export function pageNumber(value: unknown): number {
  const text = Array.isArray(value) ? (value[0] as unknown) : value;
  if (typeof text !== 'string' || !/^\d{1,6}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}
