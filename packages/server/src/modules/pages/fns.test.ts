// The device rules of the install pages. The User-Agent decides, except for iPadOS in desktop
// mode (a Mac User-Agent; the page's script corrects it). HarmonyOS 2–4 phones are Android
// browsers; HarmonyOS NEXT says OpenHarmony. In-app browsers of the Chinese super-apps cannot
// install anything, so they get a prompt whatever the build. Commit links: only http(s).
import { describe, expect, it } from 'vitest';
import { USER_AGENTS } from '../../../test/helpers/browser.ts';
import { commitUrl, detectDevice, formatSize, installAction, pageNumber, safeBackPath, sameAction } from './fns.ts';
import type { ActionContext, Device } from './fns.ts';

describe('detectDevice', () => {
  it.each([
    ['iphone', 'ios', null],
    ['ipad', 'ipados', null],
    ['mac', 'macos', null],
    ['android', 'android', null],
    ['harmony4', 'android', null],
    ['harmonyNext', 'harmonyos', null],
    ['windows', 'windows', null],
    ['linux', 'linux', null],
    ['wechatAndroid', 'android', 'wechat'],
    ['wechatIphone', 'ios', 'wechat'],
    ['wecom', 'ios', 'wecom'],
    ['dingtalk', 'ios', 'dingtalk'],
    ['qq', 'ios', 'qq'],
    ['qqBrowser', 'android', null],
    ['weibo', 'ios', 'weibo'],
    ['alipay', 'android', 'alipay'],
    ['feishu', 'ios', 'feishu'],
  ] as const)('%s → %s, in-app %s', (name, os, inApp) => {
    expect(detectDevice(USER_AGENTS[name])).toEqual({ os, inApp });
  });

  it('answers other for no User-Agent, a bot or curl', () => {
    expect(detectDevice(undefined)).toEqual({ os: 'other', inApp: null });
    expect(detectDevice('curl/8.5.0')).toEqual({ os: 'other', inApp: null });
    expect(detectDevice('')).toEqual({ os: 'other', inApp: null });
  });
});

describe('installAction', () => {
  const open: ActionContext = { archived: false, iosProblem: null };
  const device = (os: Device['os'], inApp: Device['inApp'] = null): Device => ({ os, inApp });
  const ipa = { platform: 'ios' as const, format: 'ipa' };
  const apk = { platform: 'android' as const, format: 'apk' };

  it('installs iOS builds over the air on iPhone and iPad, and on Macs with the Apple-silicon note', () => {
    expect(installAction(ipa, device('ios'), open)).toEqual({ kind: 'install', appleSilicon: false });
    expect(installAction(ipa, device('ipados'), open)).toEqual({ kind: 'install', appleSilicon: false });
    expect(installAction(ipa, device('macos'), open)).toEqual({ kind: 'install', appleSilicon: true });
  });

  it('explains instead when the link base cannot serve iOS installs', () => {
    expect(installAction(ipa, device('ios'), { archived: false, iosProblem: 'http' })).toEqual({ kind: 'iosUnavailable', problem: 'http' });
    expect(installAction(ipa, device('macos'), { archived: false, iosProblem: 'loopback' })).toEqual({ kind: 'iosUnavailable', problem: 'loopback' });
    // Not for devices that could not install it anyway, nor for other platforms' builds.
    expect(installAction(ipa, device('android'), { archived: false, iosProblem: 'http' }).kind).toBe('unsupported');
    expect(installAction(apk, device('android'), { archived: false, iosProblem: 'http' })).toEqual({ kind: 'download' });
  });

  it('offers nothing that would fail for a build that cannot install, but the file on desktops', () => {
    const blocked: ActionContext = { ...open, blocked: true };
    expect(installAction(ipa, device('ios'), blocked)).toEqual({ kind: 'blocked', download: false });
    expect(installAction(ipa, device('ipados'), { ...blocked, iosProblem: 'http' })).toEqual({ kind: 'blocked', download: false });
    expect(installAction(ipa, device('macos'), blocked)).toEqual({ kind: 'blocked', download: true });
    expect(installAction(apk, device('android'), blocked)).toEqual({ kind: 'blocked', download: false });
    // What the page says otherwise stays: another platform, an in-app browser, an archived app.
    expect(installAction(ipa, device('android'), blocked).kind).toBe('unsupported');
    expect(installAction(ipa, device('ios', 'wechat'), blocked).kind).toBe('inApp');
    expect(installAction(ipa, device('ios'), { ...blocked, archived: true }).kind).toBe('archived');
  });

  it('offers nothing for a build imported without its file, on any device (an archived app says so first)', () => {
    const gone = { ...apk, file_missing: 'file missing: no such file' };
    expect(installAction(gone, device('android'), open)).toEqual({ kind: 'fileMissing' });
    expect(installAction({ ...ipa, file_missing: 'x' }, device('ios', 'wechat'), open)).toEqual({ kind: 'fileMissing' });
    expect(installAction(gone, device('android'), { ...open, archived: true })).toEqual({ kind: 'archived' });
    expect(installAction({ ...apk, file_missing: null }, device('android'), open)).toEqual({ kind: 'download' });
  });

  it('downloads builds on the platform they are for', () => {
    expect(installAction(apk, device('android'), open)).toEqual({ kind: 'download' });
    expect(installAction({ platform: 'harmonyos', format: 'hap' }, device('harmonyos'), open)).toEqual({ kind: 'download' });
    expect(installAction({ platform: 'macos', format: 'zip' }, device('macos'), open)).toEqual({ kind: 'download' });
    expect(installAction({ platform: 'windows', format: 'exe' }, device('windows'), open)).toEqual({ kind: 'download' });
    expect(installAction({ platform: 'linux', format: 'deb' }, device('linux'), open)).toEqual({ kind: 'download' });
    expect(installAction(apk, device('other'), open)).toEqual({ kind: 'download' });
  });

  it('says a build cannot be installed on another platform, offering the file only on desktops', () => {
    expect(installAction(ipa, device('android'), open)).toEqual({ kind: 'unsupported', reason: 'platform', download: false });
    expect(installAction(apk, device('ios'), open)).toEqual({ kind: 'unsupported', reason: 'platform', download: false });
    expect(installAction(apk, device('harmonyos'), open)).toEqual({ kind: 'unsupported', reason: 'platform', download: false });
    expect(installAction({ platform: 'macos', format: 'zip' }, device('ipados'), open)).toEqual({ kind: 'unsupported', reason: 'platform', download: false });
    expect(installAction(apk, device('windows'), open)).toEqual({ kind: 'unsupported', reason: 'platform', download: true });
    expect(installAction(ipa, device('linux'), open)).toEqual({ kind: 'unsupported', reason: 'platform', download: true });
    expect(installAction(ipa, device('other'), open)).toEqual({ kind: 'unsupported', reason: 'platform', download: true });
  });

  it('never offers to install an Android App Bundle', () => {
    expect(installAction({ platform: 'android', format: 'aab' }, device('android'), open)).toEqual({ kind: 'unsupported', reason: 'bundle', download: false });
    expect(installAction({ platform: 'android', format: 'aab' }, device('macos'), open)).toEqual({ kind: 'unsupported', reason: 'bundle', download: true });
  });

  it('asks in-app browsers to open the system browser, and offers nothing for archived apps', () => {
    expect(installAction(ipa, device('ios', 'wechat'), open)).toEqual({ kind: 'inApp', browser: 'wechat' });
    expect(installAction(apk, device('android', 'dingtalk'), open)).toEqual({ kind: 'inApp', browser: 'dingtalk' });
    expect(installAction(apk, device('android', 'wechat'), { archived: true, iosProblem: null })).toEqual({ kind: 'archived' });
  });

  it('tells a Mac from an iPad only where they differ', () => {
    expect(sameAction(installAction(ipa, device('macos'), open), installAction(ipa, device('ipados'), open))).toBe(false);
    expect(sameAction(installAction(apk, device('macos'), open), installAction(apk, device('ipados'), open))).toBe(false);
    expect(sameAction(installAction(apk, device('macos', 'wechat'), open), installAction(apk, device('ipados', 'wechat'), open))).toBe(true);
  });
});

describe('commitUrl', () => {
  const sha = '0123456789abcdef0123456789abcdef01234567';

  it('links http(s) repository URLs, with or without .git and a trailing slash', () => {
    expect(commitUrl('https://github.com/team/app', sha)).toBe(`https://github.com/team/app/commit/${sha}`);
    expect(commitUrl('https://github.com/team/app.git', 'ABC1234')).toBe('https://github.com/team/app/commit/abc1234');
    expect(commitUrl('http://git.internal:8080/group/sub/app/', 'abcd')).toBe('http://git.internal:8080/group/sub/app/commit/abcd');
  });

  it('turns SSH remotes into https links', () => {
    expect(commitUrl('git@github.com:team/app.git', sha)).toBe(`https://github.com/team/app/commit/${sha}`);
    expect(commitUrl('git@gitlab.example.com:group/sub/app.git', 'abc1234')).toBe('https://gitlab.example.com/group/sub/app/commit/abc1234');
    expect(commitUrl('ssh://git@git.example.com:2222/team/app.git', 'abc1234')).toBe('https://git.example.com/team/app/commit/abc1234');
  });

  it('drops credentials, queries and fragments', () => {
    expect(commitUrl('https://user:secret@github.com/team/app.git?x=1#y', 'abc1234')).toBe('https://github.com/team/app/commit/abc1234');
  });

  it('links nothing else', () => {
    for (const url of ['javascript:alert(1)//', 'data:text/html,x', 'ftp://host/repo', 'file:///etc/passwd', 'not a url', '', 'git@host:../../etc', 'https://github.com/']) {
      expect(commitUrl(url, sha), url).toBeNull();
    }
    expect(commitUrl(null, sha)).toBeNull();
    expect(commitUrl('https://github.com/team/app', null)).toBeNull();
    for (const commit of ['main', 'abc', 'abc1234"><script>', 'g123456', '../x']) expect(commitUrl('https://github.com/team/app', commit), commit).toBeNull();
  });
});

describe('formatSize', () => {
  it('is the shared format of src/pages/format.ts: bytes, KB, MB and GB', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1,023 B');
    expect(formatSize(4000563)).toBe('3.8 MB');
    expect(formatSize(5 * 1024 ** 3)).toBe('5 GB');
  });
});

describe('safeBackPath', () => {
  it('keeps same-site paths and refuses anything that could leave the site', () => {
    expect(safeBackPath('/abc/12?lang=en')).toBe('/abc/12?lang=en');
    for (const value of ['//evil.example.com', '/\\evil.example.com', 'https://evil.example.com', 'javascript:alert(1)', '/a\nb', '', undefined, 42, '/' + 'a'.repeat(3000)]) {
      expect(safeBackPath(value), String(value)).toBeUndefined();
    }
  });
});

describe('pageNumber', () => {
  it('reads whole numbers from 1, anything else is page 1', () => {
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber(['4', '5'])).toBe(4);
    for (const value of [undefined, '', '0', '-1', '1.5', 'abc', '99999999']) expect(pageNumber(value), String(value)).toBe(1);
  });
});
