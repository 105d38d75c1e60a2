// The download name, its headers and the Range rules, one function at a time. The HTTP side
// (redirects, access, counts) is in test/downloads.test.ts.
import { describe, expect, it } from 'vitest';
import {
  DOWNLOAD_NAME_MAX,
  DOWNLOAD_NAME_MAX_BYTES,
  compactTimestamp,
  contentDisposition,
  contentTypeFor,
  downloadFilename,
  extensionOf,
  ifRangeAllows,
  noneMatch,
  originalName,
  parseRange,
  parseReleaseId,
} from './fns.ts';
import type { FilenameSource } from './fns.ts';
import { plistXml, xmlText } from '@tarmac/appinfo';
import { errorPlistXml, installManifestXml } from './plist.ts';

const source = (overrides: Partial<FilenameSource> = {}): FilenameSource => ({
  id: 7,
  channelSlug: 'abc123',
  filenameType: 'version_datetime',
  fileName: 'android.apk',
  format: 'apk',
  releaseVersion: '2.1.0',
  buildVersion: '10',
  createdAt: '2026-03-04T05:06:07.890Z',
  ...overrides,
});

/** What a browser does with the header: the UTF-8 name when there is one, else the quoted fallback. */
function savedName(header: string): { fallback: string; name: string } {
  const match = /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*)$/.exec(header);
  if (!match) throw new Error(`not a valid Content-Disposition: ${header}`);
  return { fallback: match[1]!, name: decodeURIComponent(match[2]!) };
}

describe('contentTypeFor', () => {
  it.each([
    ['a.apk', 'application/vnd.android.package-archive'],
    ['A.APK', 'application/vnd.android.package-archive'],
    ['a.ipa', 'application/vnd.iphone'],
    ['a.aab', 'application/octet-stream'],
    ['a.hap', 'application/octet-stream'],
    ['a.app', 'application/octet-stream'],
    ['a.dmg', 'application/x-apple-diskimage'],
    ['a.pkg', 'application/octet-stream'],
    ['a.exe', 'application/vnd.microsoft.portable-executable'],
    ['a.msi', 'application/x-msi'],
    ['a.msix', 'application/msix'],
    ['a.deb', 'application/vnd.debian.binary-package'],
    ['a.rpm', 'application/x-rpm'],
    ['Tool.AppImage', 'application/vnd.appimage'],
    ['a.zip', 'application/zip'],
    ['a.tar.gz', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
    ['.apk', 'application/octet-stream'],
  ])('%s → %s', (name, type) => {
    expect(contentTypeFor(name)).toBe(type);
  });

  it('reads the extension as written, only when the name has a stem', () => {
    expect(extensionOf('Tool.AppImage')).toBe('.AppImage');
    expect(extensionOf('.apk')).toBe('');
    expect(extensionOf('a.')).toBe('');
  });
});

describe('downloadFilename: version_datetime', () => {
  it("is Zealot's <slug>_<release_version>_<build_version>_<YYYYmmddHHMM><ext>, in UTC", () => {
    expect(downloadFilename(source())).toBe('abc123_2.1.0_10_202603040506.apk');
    expect(compactTimestamp('2026-12-31T23:59:59.999Z')).toBe('202612312359');
  });

  it('leaves out the versions that are unknown', () => {
    expect(downloadFilename(source({ releaseVersion: null }))).toBe('abc123_10_202603040506.apk');
    expect(downloadFilename(source({ buildVersion: null }))).toBe('abc123_2.1.0_202603040506.apk');
    expect(downloadFilename(source({ releaseVersion: null, buildVersion: '' }))).toBe('abc123_202603040506.apk');
  });

  it('reduces versions to characters safe in a file name and a URL', () => {
    expect(downloadFilename(source({ releaseVersion: '1.0 (beta)/"x"', buildVersion: '../../etc' }))).toBe('abc123_1.0-beta-x_etc_202603040506.apk');
    expect(downloadFilename(source({ releaseVersion: '版本', buildVersion: '\u0000' }))).toBe('abc123_202603040506.apk');
    expect(downloadFilename(source({ releaseVersion: '1.0+build.5' }))).toBe('abc123_1.0+build.5_10_202603040506.apk');
  });

  it("takes the extension from the upload's name when it is a package's, else from the format", () => {
    expect(downloadFilename(source({ fileName: 'Tool.AppImage', format: 'appimage' }))).toBe('abc123_2.1.0_10_202603040506.AppImage');
    expect(downloadFilename(source({ fileName: 'app', format: 'ipa' }))).toBe('abc123_2.1.0_10_202603040506.ipa');
    expect(downloadFilename(source({ fileName: 'app.bin', format: 'apk' }))).toBe('abc123_2.1.0_10_202603040506.apk');
    expect(downloadFilename(source({ fileName: 'GuiApp.zip', format: 'macos_app' }))).toBe('abc123_2.1.0_10_202603040506.zip');
    expect(downloadFilename(source({ fileName: 'x', format: 'unknown' }))).toBe('abc123_2.1.0_10_202603040506');
  });

  it('keeps a name even when every part is missing, and caps long versions', () => {
    expect(downloadFilename(source({ channelSlug: '', releaseVersion: null, buildVersion: null, createdAt: 'nonsense' }))).toBe('release-7.apk');
    const long = downloadFilename(source({ releaseVersion: '1'.repeat(500), buildVersion: '2'.repeat(500) }));
    expect(long).toBe(`abc123_${'1'.repeat(48)}_${'2'.repeat(48)}_202603040506.apk`);
    const longest = downloadFilename(source({ channelSlug: 's'.repeat(64), releaseVersion: '1'.repeat(500), buildVersion: '2'.repeat(500), fileName: 'x.AppImage' }));
    expect(longest.endsWith('_202603040506.AppImage')).toBe(true);
  });
});

describe('downloadFilename: original_filename', () => {
  const original = (fileName: string) => downloadFilename(source({ filenameType: 'original_filename', fileName }));

  it("is the upload's base name", () => {
    expect(original('AppInfoDemo-release.apk')).toBe('AppInfoDemo-release.apk');
    expect(original('C:\\builds\\out\\app.apk')).toBe('app.apk');
    expect(original('/home/ci/out/app.apk')).toBe('app.apk');
    expect(original('测试 应用 v2.apk')).toBe('测试 应用 v2.apk');
  });

  it('drops control and bidi characters and replaces the ones Windows refuses', () => {
    expect(original('a\u0000b\u0007c\r\n.apk')).toBe('abc.apk');
    expect(original('invoice\u202Ekpa.exe')).toBe('invoicekpa.exe');
    expect(original('My "App" <beta>: 1|2?*.apk')).toBe('My _App_ _beta__ 1_2__.apk');
    expect(original('  ..hidden.apk. ')).toBe('hidden.apk');
  });

  it('falls back to the version_datetime name when nothing usable is left', () => {
    for (const name of ['', '   ', '.', '..', '/', '\u0000\u0001', '"*?']) expect(original(name)).toBe('abc123_2.1.0_10_202603040506.apk');
    expect(originalName('***')).toBeNull();
  });

  it(`cuts a very long name to ${DOWNLOAD_NAME_MAX} characters and ${DOWNLOAD_NAME_MAX_BYTES} UTF-8 bytes, keeping the extension`, () => {
    const name = original(`${'a'.repeat(300)}.apk`);
    expect(name).toBe(`${'a'.repeat(DOWNLOAD_NAME_MAX - 4)}.apk`);
    const wide = original(`${'应'.repeat(300)}.ipa`);
    expect(wide).toBe(`${'应'.repeat(Math.floor((DOWNLOAD_NAME_MAX_BYTES - 4) / 3))}.ipa`);
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(DOWNLOAD_NAME_MAX_BYTES);
    expect(original(`${'a'.repeat(100)}.apk`)).toBe(`${'a'.repeat(100)}.apk`);
  });
});

describe('contentDisposition', () => {
  it.each([
    ['abc123_2.1.0_10_202603040506.apk', 'abc123_2.1.0_10_202603040506.apk'],
    ['测试 应用.apk', '__ __.apk'],
    ['My "App" 100%\\.apk', 'My _App_ 100__.apk'],
    ["it's (1) *new*.apk", "it's (1) *new*.apk"],
    ['emoji 🚀.ipa', 'emoji _.ipa'],
  ])('%j: an ASCII fallback and the exact UTF-8 name', (name, fallback) => {
    const header = contentDisposition(name);
    expect(header).not.toMatch(/[\r\n]/);
    expect(savedName(header)).toEqual({ fallback, name });
  });

  it('never lets a name break out of the header', () => {
    const header = contentDisposition('x"; filename="evil.exe\r\nSet-Cookie: a=b');
    expect(header).not.toMatch(/[\r\n]/);
    expect(savedName(header).name).toBe('x"; filename="evil.exeSet-Cookie: a=b');
    expect(savedName(contentDisposition('')).name).toBe('download');
  });
});

describe('parseRange', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['BYTES = 5 - 9', { kind: 'partial', start: 5, end: 9 }],
    ['bytes=0-99,', { kind: 'partial', start: 0, end: 99 }],
  ])('%s → one range', (header, decision) => {
    expect(parseRange(header, size)).toEqual(decision);
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0', 'bytes=99999999999999999999999-'])('%s → unsatisfiable', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([undefined, '', 'items=0-5', 'bytes=', 'bytes=-', 'bytes=a-b', 'bytes=9-5', 'bytes=0-1,5-9', 'bytes=0-1, -5', 'bytes 0-5'])(
    '%j → the whole file',
    (header) => {
      expect(parseRange(header, size)).toEqual({ kind: 'whole' });
    },
  );

  it('finds nothing to send in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(undefined, 0)).toEqual({ kind: 'whole' });
  });
});

describe('validators', () => {
  const etag = `"${'a'.repeat(64)}"`;
  const modified = new Date('2026-03-04T05:06:07.890Z');

  it('applies a range under If-Range only for the same strong tag or the same date', () => {
    expect(ifRangeAllows(undefined, etag, modified)).toBe(true);
    expect(ifRangeAllows(etag, etag, modified)).toBe(true);
    expect(ifRangeAllows(`W/${etag}`, etag, modified)).toBe(false);
    expect(ifRangeAllows('"other"', etag, modified)).toBe(false);
    expect(ifRangeAllows(modified.toUTCString(), etag, modified)).toBe(true);
    expect(ifRangeAllows(new Date('2026-03-04T05:06:09Z').toUTCString(), etag, modified)).toBe(false);
    expect(ifRangeAllows('not a date', etag, modified)).toBe(false);
  });

  it('answers If-None-Match by weak comparison', () => {
    expect(noneMatch(etag, etag)).toBe(true);
    expect(noneMatch(`"x", W/${etag}`, etag)).toBe(true);
    expect(noneMatch('*', etag)).toBe(true);
    expect(noneMatch('"x"', etag)).toBe(false);
    expect(noneMatch(undefined, etag)).toBe(false);
  });
});

describe('parseReleaseId', () => {
  it('takes positive whole numbers only', () => {
    expect(parseReleaseId('1')).toBe(1);
    expect(parseReleaseId('000042')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '', ' 1', '1e3', '9999999999999999', undefined, 5]) expect(parseReleaseId(bad)).toBeUndefined();
  });
});

describe('plist writer', () => {
  it('escapes markup and drops what XML cannot carry', () => {
    expect(xmlText('a & b < c > d "e" \'f\'')).toBe('a &amp; b &lt; c &gt; d "e" \'f\'');
    expect(xmlText('x\u0000\u0008y\tz\n\u{1F680}\uD800\uFFFF')).toBe('xy\tz\n\u{1F680}');
  });

  it('writes strings, booleans, numbers, arrays and dictionaries in order', () => {
    expect(plistXml({ b: [1, 2.5, true, false, 'x'], a: {} })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
        '<plist version="1.0">',
        '<dict>',
        '\t<key>b</key>',
        '\t<array>',
        '\t\t<integer>1</integer>',
        '\t\t<real>2.5</real>',
        '\t\t<true/>',
        '\t\t<false/>',
        '\t\t<string>x</string>',
        '\t</array>',
        '\t<key>a</key>',
        '\t<dict>',
        '\t</dict>',
        '</dict>',
        '</plist>',
        '',
      ].join('\n'),
    );
    expect(() => plistXml(Number.NaN)).toThrow(RangeError);
  });

  it('leaves the images out of a manifest without an icon, and errors are a dictionary', () => {
    const xml = installManifestXml({ packageUrl: 'https://h/download/releases/1', iconUrl: null, bundleId: 'a.b', bundleVersion: '1.0', title: 'T' });
    expect(xml).toContain('<string>software-package</string>');
    expect(xml).not.toContain('display-image');
    expect(errorPlistXml('Not found release')).toContain('<key>error</key>\n\t<string>Not found release</string>');
  });
});
