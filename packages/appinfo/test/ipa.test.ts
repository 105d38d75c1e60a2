// iOS packages. The real fixture (../shared/fixtures/apps/iphone.ipa) is checked against its
// README; then ipas built here from real parts — executables compiled with clang for iOS and
// linked with ld64.lld, a fat binary from llvm-lipo, Info.plists written by plistutil (binary
// and XML), an embedded profile signed with `openssl cms`, an app extension, a framework, and
// icons in Apple's CgBI form and as normal PNGs — so every field has a known answer. Hostile
// variants (truncations, a missing or exploding Info.plist, a corrupt profile or executable)
// must each end in a typed error that names the problem.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cgbiToPng, isCgbi, MAX_CGBI_PIXELS, pngDimensions } from '../src/formats/apple/cgbi.ts';
import type { IpaInfo } from '../src/formats/apple/ipa.ts';
import { encodePng, isPng, pngSize } from '../src/image/png.ts';
import { inspect } from '../src/inspect.ts';
import type { ZipInput } from './helpers.ts';
import { failure, failureOf, fixture, makeZip, run, tempDir } from './helpers.ts';
import { profileXml, signProfile, signingIdentity } from './signing.ts';

// ---------------------------------------------------------------------------------------
// CgBI: Apple's PNG variant, built here the way Xcode's pngcrush writes it.

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** A CgBI PNG of `rgba` (straight alpha): premultiplied, BGRA, rows filtered with `filters` in turn, raw deflate. */
function makeCgbi(
  width: number,
  height: number,
  rgba: Buffer,
  options: { filters?: number[]; rgb?: boolean; zlib?: boolean } = {},
): Buffer {
  const filters = options.filters ?? [0, 1, 2, 3, 4];
  const bpp = options.rgb ? 3 : 4;
  const pixels = Buffer.alloc(width * height * bpp);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += bpp) {
    const a = options.rgb ? 255 : rgba[i + 3]!;
    const premultiply = (c: number) => Math.round((c * a) / 255);
    pixels[o] = premultiply(rgba[i + 2]!);
    pixels[o + 1] = premultiply(rgba[i + 1]!);
    pixels[o + 2] = premultiply(rgba[i]!);
    if (!options.rgb) pixels[o + 3] = a;
  }
  const stride = width * bpp;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const filter = filters[y % filters.length]!;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x++) {
      const value = pixels[y * stride + x]!;
      const left = x >= bpp ? pixels[y * stride + x - bpp]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= bpp ? pixels[(y - 1) * stride + x - bpp]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      raw[y * (stride + 1) + 1 + x] = (value - predictor) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = options.rgb ? 2 : 6;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = options.zlib ? deflateSync(raw) : deflateRawSync(raw);
  // Split the image data over two IDAT chunks, as encoders do for large images.
  const half = Math.floor(idat.length / 2);
  return Buffer.concat([
    signature,
    pngChunk('CgBI', Buffer.from([0x50, 0x00, 0x20, 0x06])),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat.subarray(0, half)),
    pngChunk('IDAT', idat.subarray(half)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Pixels that survive premultiplication exactly: alpha 255, alpha 51 (= 255/5) with channels
 * that are multiples of 5, and alpha 0 with black.
 */
function testImage(width: number, height: number): Buffer {
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const kind = (x + y) % 3;
      const r = ((x * 7 + y * 3) % 52) * 5;
      const g = ((x * 11) % 52) * 5;
      const b = ((y * 13) % 52) * 5;
      if (kind === 0) rgba.set([r, g, b, 255], o);
      else if (kind === 1) rgba.set([r, g, b, 51], o);
      else rgba.set([0, 0, 0, 0], o);
    }
  }
  return rgba;
}

describe('CgBI icons', () => {
  it('converts every row filter, BGRA order and premultiplied alpha to a standard PNG', () => {
    const rgba = testImage(23, 17);
    const cgbi = makeCgbi(23, 17, rgba);
    expect(isCgbi(cgbi)).toBe(true);
    expect(pngDimensions(cgbi)).toEqual({ width: 23, height: 17 });
    const png = cgbiToPng(cgbi);
    expect(isCgbi(png)).toBe(false);
    expect(pngSize(png)).toEqual({ width: 23, height: 17 });
    expect(png.equals(encodePng(23, 17, rgba))).toBe(true);
  });

  it('converts an RGB (no alpha) CgBI and one whose data keeps the zlib header', () => {
    const rgba = testImage(9, 9).map((v, i) => (i % 4 === 3 ? 255 : v));
    expect(cgbiToPng(makeCgbi(9, 9, Buffer.from(rgba), { rgb: true })).equals(encodePng(9, 9, rgba))).toBe(true);
    const zlibbed = testImage(5, 4);
    expect(cgbiToPng(makeCgbi(5, 4, zlibbed, { zlib: true })).equals(encodePng(5, 4, zlibbed))).toBe(true);
  });

  it('passes a normal PNG through unchanged', () => {
    const png = encodePng(4, 4, testImage(4, 4));
    expect(cgbiToPng(png)).toBe(png);
    expect(pngDimensions(png)).toEqual({ width: 4, height: 4 });
  });

  it('rejects broken CgBI data with typed errors', () => {
    const good = makeCgbi(8, 8, testImage(8, 8));
    for (const cut of [16, 30, 50, good.length - 20, good.length - 13]) {
      const error = failure(() => cgbiToPng(good.subarray(0, cut)));
      expect(error.code).toBe('corrupt_file');
      expect(error.message).toMatch(/^The icon is not a readable PNG: /);
    }
    expect(failure(() => cgbiToPng(Buffer.from('not a png at all'))).message).toBe('The icon is not a readable PNG: it does not start with the PNG signature');
    expect(failure(() => cgbiToPng(makeCgbi(4, 4, testImage(4, 4), { filters: [7] }))).message).toBe('The icon is not a readable PNG: row 0 uses filter type 7; PNG defines 0–4');
    const huge = Buffer.from(good);
    huge.writeUInt32BE(5000, 32); // IHDR width and height, behind the CgBI chunk
    huge.writeUInt32BE(5000, 36);
    huge.writeUInt32BE(crc32(huge.subarray(28, 45)) >>> 0, 45);
    const limit = failure(() => cgbiToPng(huge));
    expect(limit.code).toBe('limit_exceeded');
    expect(limit.message).toBe(`The icon declares 5000×5000 pixels; at most ${MAX_CGBI_PIXELS} are decoded`);
    const lying = Buffer.from(good);
    lying.writeUInt32BE(9, 36); // IHDR height 9 where the data holds 8 rows
    expect(failure(() => cgbiToPng(lying)).message).toContain('its image data inflates to 264 bytes where 8×9 pixels need 297');
  });
});

// ---------------------------------------------------------------------------------------
// The fixture

describe('the fixture iphone.ipa', () => {
  it('reports the README values', async () => {
    const file = fixture('apps/iphone.ipa');
    const info = (await inspect(file, { icon: true })) as IpaInfo & { icon: Buffer | null };
    expect(info.format).toBe('ipa');
    expect(info.platform).toBe('ios');
    expect(info.device).toBe('iphone');
    expect(info.name).toBe('AppInfoDemo');
    expect(info.displayName).toBeNull();
    expect(info.bundleId).toBe('com.icyleaf.AppInfoDemo');
    expect(info.releaseVersion).toBe('1.2.3');
    expect(info.buildVersion).toBe('5');
    expect(info.minOsVersion).toBe('9.3');
    expect(info.size).toBe(statSync(file).size);
    expect(info.archs).toEqual(['armv7', 'arm64']);
    expect(info.icons).toEqual([]);
    expect(info.icon).toBeNull();

    const d = info.details;
    expect(d.appPath).toBe('Payload/AppInfoDemo.app');
    expect(d.executable).toBe('AppInfoDemo');
    expect(d.platformName).toBe('iphoneos');
    expect(d.sdkName).toBe('iphoneos9.3');
    expect(d.xcode).toBe('0730');
    expect(d.xcodeBuild).toBe('7D175');
    expect(d.deviceFamily).toEqual([1]);
    expect(d.requiredDeviceCapabilities).toEqual(['armv7']);
    expect(d.urlSchemes).toEqual([]);
    expect(d.querySchemes).toEqual([]);
    expect(d.backgroundModes).toEqual([]);
    expect(d.encrypted).toBe(false);
    expect(d.codeSigned).toBe(true);
    expect(d.machO?.fat).toBe(true);
    expect(d.extensions).toEqual([]);
    expect(d.frameworks).toEqual([]);
    expect(d.infoPlist['CFBundleIdentifier']).toBe('com.icyleaf.AppInfoDemo');
    expect(d.infoPlist['UIDeviceFamily']).toEqual([1]);

    const profile = d.provisioningProfile!;
    expect(profile.teamName).toBe('QYER Inc');
    expect(profile.teamIds).toEqual(['5PJA6N5A3B']);
    expect(profile.name).toBe('iOS Team Provisioning Profile: *');
    expect(profile.devices).toHaveLength(100);
    expect(profile.getTaskAllow).toBe(true);
    // Apple's rules make this a development profile (the app-info gem calls it adhoc).
    expect(profile.type).toBe('development');
    expect(profile.expiresAt).toBe('2017-07-27T09:44:49.000Z');
    expect(profile.expired).toBe(true);
    expect(profile.uuid).toBe('3e5c38a0-3031-4624-9c2d-c508df973b15');
    expect(profile.entitlements).toEqual({
      'keychain-access-groups': ['5PJA6N5A3B.*'],
      'get-task-allow': true,
      'application-identifier': '5PJA6N5A3B.*',
      'com.apple.developer.team-identifier': '5PJA6N5A3B',
    });
  });
});

// ---------------------------------------------------------------------------------------
// IPAs built from real parts

const INFO_PLIST = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleName</key><string>Demo</string>
	<key>CFBundleDisplayName</key><string>Démo &amp; Co</string>
	<key>CFBundleIdentifier</key><string>com.example.demo</string>
	<key>CFBundleShortVersionString</key><string>2.0.1</string>
	<key>CFBundleVersion</key><string>42</string>
	<key>CFBundleExecutable</key><string>Demo</string>
	<key>MinimumOSVersion</key><string>12.0</string>
	<key>UIDeviceFamily</key><array><integer>1</integer><integer>2</integer></array>
	<key>DTPlatformName</key><string>iphoneos</string>
	<key>DTPlatformVersion</key><string>17.0</string>
	<key>DTSDKName</key><string>iphoneos17.0</string>
	<key>DTXcode</key><string>1500</string>
	<key>DTXcodeBuild</key><string>15A240d</string>
	<key>CFBundleSupportedPlatforms</key><array><string>iPhoneOS</string></array>
	<key>CFBundleURLTypes</key>
	<array>
		<dict>
			<key>CFBundleURLName</key><string>com.example.demo.links</string>
			<key>CFBundleTypeRole</key><string>Editor</string>
			<key>CFBundleURLSchemes</key><array><string>demo</string><string>demo-beta</string></array>
		</dict>
		<dict>
			<key>CFBundleURLSchemes</key><array><string>fb123</string></array>
		</dict>
	</array>
	<key>LSApplicationQueriesSchemes</key><array><string>weixin</string><string>alipay</string></array>
	<key>UIBackgroundModes</key><array><string>audio</string><string>remote-notification</string></array>
	<key>UIRequiredDeviceCapabilities</key><dict><key>arm64</key><true/><key>metal</key><true/><key>nfc</key><false/></dict>
	<key>CFBundleIcons</key>
	<dict>
		<key>CFBundlePrimaryIcon</key>
		<dict>
			<key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array>
			<key>CFBundleIconName</key><string>AppIcon</string>
		</dict>
	</dict>
	<key>CFBundleIcons~ipad</key>
	<dict>
		<key>CFBundlePrimaryIcon</key>
		<dict>
			<key>CFBundleIconFiles</key><array><string>AppIcon76x76</string></array>
		</dict>
	</dict>
	<key>BuildDate</key><date>2024-05-06T07:08:09Z</date>
</dict>
</plist>
`;

function bundlePlist(name: string, id: string, version: string, build: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>CFBundleName</key><string>${name}</string>
<key>CFBundleIdentifier</key><string>${id}</string>
<key>CFBundleShortVersionString</key><string>${version}</string>
<key>CFBundleVersion</key><string>${build}</string>
<key>CFBundleExecutable</key><string>${name}</string>
<key>MinimumOSVersion</key><string>13.0</string>
${extra}
</dict></plist>
`;
}

interface Parts {
  fat: Buffer;
  thin: Buffer;
  dylib: Buffer;
  binaryPlist: Buffer;
  profile: Buffer;
  uuids: string[];
  cgbiIcon: Buffer;
  cgbiRgba: Buffer;
  pngIcon: Buffer;
  ipadIcon: Buffer;
}

const APP = 'Payload/Demo.app/';

describe('ipas built with clang, ld64.lld, llvm-lipo, plistutil and openssl', () => {
  const { dir, cleanup } = tempDir();
  const parts = {} as Parts;
  const file = (name: string) => path.join(dir, name);

  beforeAll(() => {
    writeFileSync(file('main.c'), 'int main(void) { return 0; }\n');
    // Executables without libSystem: -e _main names the entry point, so nothing is left to resolve.
    run('clang', ['-target', 'arm64-apple-ios12.0', '-c', file('main.c'), '-o', file('arm64.o')]);
    run('ld64.lld-14', ['-arch', 'arm64', '-platform_version', 'ios', '12.0', '17.0', '-e', '_main', '-o', file('Demo-arm64'), file('arm64.o')]);
    run('clang', ['-target', 'armv7-apple-ios9.0', '-c', file('main.c'), '-o', file('armv7.o')]);
    run('ld64.lld-14', ['-arch', 'armv7', '-platform_version', 'ios', '9.0', '17.0', '-e', '_main', '-o', file('Demo-armv7'), file('armv7.o')]);
    run('llvm-lipo-14', ['-create', file('Demo-armv7'), file('Demo-arm64'), '-output', file('Demo')]);
    run('ld64.lld-14', ['-arch', 'arm64', '-platform_version', 'ios', '13.0', '17.0', '-dylib', '-install_name', '@rpath/Kit.framework/Kit', '-o', file('Kit'), file('arm64.o')]);
    parts.fat = readFileSync(file('Demo'));
    parts.thin = readFileSync(file('Demo-arm64'));
    parts.dylib = readFileSync(file('Kit'));
    parts.uuids = ['Demo-armv7', 'Demo-arm64'].map((name) => /uuid ([0-9A-F-]{36})/.exec(run('llvm-objdump-14', ['--macho', '--private-headers', file(name)]))![1]!.toLowerCase());

    writeFileSync(file('Info.xml'), INFO_PLIST);
    run('plistutil', ['-i', file('Info.xml'), '-o', file('Info.plist'), '-f', 'bin']);
    parts.binaryPlist = readFileSync(file('Info.plist'));

    const identity = signingIdentity(dir, { subject: '/UID=TEAMID1234/CN=Apple Distribution: Example Corp (TEAMID1234)/OU=TEAMID1234/O=Example Corp/C=US' });
    const profile = profileXml({
      name: 'Demo Enterprise',
      teamName: 'Example Corp',
      teamId: 'TEAMID1234',
      applicationIdentifier: 'TEAMID1234.com.example.demo',
      provisionsAllDevices: true,
      expires: '2099-01-01T00:00:00Z',
      certificates: [identity.certDer],
    });
    parts.profile = signProfile(dir, profile, identity);

    parts.cgbiRgba = testImage(180, 180);
    parts.cgbiIcon = makeCgbi(180, 180, parts.cgbiRgba);
    parts.pngIcon = encodePng(120, 120, testImage(120, 120));
    parts.ipadIcon = makeCgbi(76, 76, testImage(76, 76));
  });
  afterAll(() => cleanup());

  function entries(overrides: Record<string, Buffer | string | null> = {}): ZipInput[] {
    const base: Record<string, Buffer | string | null> = {
      [`${APP}Info.plist`]: parts.binaryPlist,
      [`${APP}Demo`]: parts.fat,
      [`${APP}embedded.mobileprovision`]: parts.profile,
      [`${APP}_CodeSignature/CodeResources`]: '<plist><dict/></plist>',
      [`${APP}AppIcon60x60@2x.png`]: parts.pngIcon,
      [`${APP}AppIcon60x60@3x.png`]: parts.cgbiIcon,
      [`${APP}AppIcon76x76~ipad.png`]: parts.ipadIcon,
      [`${APP}Assets/AppIcon60x60@9x.png`]: parts.pngIcon, // not in the app's root: not an icon
      [`${APP}PlugIns/Share.appex/Info.plist`]: bundlePlist(
        'Share',
        'com.example.demo.share',
        '2.0.1',
        '42',
        '<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict>',
      ),
      [`${APP}PlugIns/Share.appex/Share`]: parts.thin,
      [`${APP}PlugIns/Share.appex/Nested.appex/Info.plist`]: bundlePlist('Nested', 'x', '1', '1'), // two levels down: not ours
      [`${APP}Frameworks/Kit.framework/Info.plist`]: bundlePlist('Kit', 'com.example.kit', '3.1', '7'),
      [`${APP}Frameworks/Kit.framework/Kit`]: parts.dylib,
      [`${APP}Frameworks/libswiftCore.dylib`]: parts.dylib,
    };
    const merged = { ...base, ...overrides };
    return Object.entries(merged)
      .filter((entry): entry is [string, Buffer | string] => entry[1] !== null)
      .map(([name, data]) => ({ name, data, store: name.endsWith('/Demo') }));
  }

  function ipa(overrides: Record<string, Buffer | string | null> = {}): Buffer {
    return makeZip(entries(overrides));
  }

  it('lists Frameworks/*.framework folders that hold no binary or no Info.plist, as app-info does', async () => {
    const info = (await inspect(
      ipa({
        // Info.plist but no binary (a resources-only framework, or one stripped by a build step).
        [`${APP}Frameworks/Assets.framework/Info.plist`]: bundlePlist('Assets', 'com.example.assets', '1.0', '1'),
        [`${APP}Frameworks/Assets.framework/Assets.car`]: 'car',
        // A binary but no Info.plist.
        [`${APP}Frameworks/Bare.framework/Bare`]: parts.dylib,
        // Only a folder entry.
        [`${APP}Frameworks/Empty.framework/`]: '',
        // Junk a Mac's zip adds is not a framework.
        [`${APP}Frameworks/.DS_Store`]: 'x',
      }),
    )) as IpaInfo;
    const listed = info.details.frameworks.map((f) => [f.fileName, f.lib, f.hasBinary, f.bundleId]);
    expect(listed).toEqual([
      ['Assets.framework', false, false, 'com.example.assets'],
      ['Bare.framework', false, true, null],
      ['Empty.framework', false, false, null],
      ['Kit.framework', false, true, 'com.example.kit'],
      ['libswiftCore.dylib', true, false, null],
    ]);
    expect(info.details.frameworks[2]).toMatchObject({ path: `${APP}Frameworks/Empty.framework`, name: null, executable: null });
  });

  it('reports every field of a universal app', async () => {
    const info = (await inspect(ipa())) as IpaInfo;
    expect(info).toMatchObject({
      format: 'ipa',
      platform: 'ios',
      device: 'universal',
      name: 'Demo',
      displayName: 'Démo & Co',
      bundleId: 'com.example.demo',
      releaseVersion: '2.0.1',
      buildVersion: '42',
      minOsVersion: '12.0',
      archs: ['armv7', 'arm64'],
    });
    const d = info.details;
    expect(d.appPath).toBe('Payload/Demo.app');
    expect(d.platformName).toBe('iphoneos');
    expect(d.platformVersion).toBe('17.0');
    expect(d.sdkName).toBe('iphoneos17.0');
    expect(d.xcode).toBe('1500');
    expect(d.xcodeBuild).toBe('15A240d');
    expect(d.supportedPlatforms).toEqual(['iPhoneOS']);
    expect(d.deviceFamily).toEqual([1, 2]);
    expect(d.urlSchemes).toEqual(['demo', 'demo-beta', 'fb123']);
    expect(d.urlTypes).toEqual([
      { name: 'com.example.demo.links', role: 'Editor', schemes: ['demo', 'demo-beta'] },
      { name: null, role: null, schemes: ['fb123'] },
    ]);
    expect(d.querySchemes).toEqual(['weixin', 'alipay']);
    expect(d.backgroundModes).toEqual(['audio', 'remote-notification']);
    expect(d.requiredDeviceCapabilities).toEqual(['arm64', 'metal']);
    expect(d.encrypted).toBe(false);
    expect(d.codeSigned).toBe(true);
    expect(d.machO?.fat).toBe(true);
    expect(d.machO?.slices.map((s) => [s.arch, s.uuid, s.minOs, s.platform])).toEqual([
      ['armv7', parts.uuids[0], '9.0', 'ios'],
      ['arm64', parts.uuids[1], '12.0', 'ios'],
    ]);
    expect(d.extensions).toEqual([
      {
        path: `${APP}PlugIns/Share.appex`,
        name: 'Share',
        displayName: null,
        bundleId: 'com.example.demo.share',
        releaseVersion: '2.0.1',
        buildVersion: '42',
        minOsVersion: '13.0',
        executable: 'Share',
        extensionPoint: 'com.apple.share-services',
      },
    ]);
    const profile = d.provisioningProfile!;
    expect(profile.name).toBe('Demo Enterprise');
    expect(profile.type).toBe('enterprise');
    expect(profile.teamName).toBe('Example Corp');
    expect(profile.bundleId).toBe('com.example.demo');
    expect(profile.expired).toBe(false);
    expect(profile.developerCertificates[0]!.commonName).toBe('Apple Distribution: Example Corp (TEAMID1234)');
    expect(d.infoPlist['CFBundleDisplayName']).toBe('Démo & Co');
    expect(d.infoPlist['BuildDate']).toBe('2024-05-06T07:08:09.000Z');
    expect(info.icons).toEqual([
      { path: `${APP}AppIcon60x60@2x.png`, width: 120, height: 120, kind: 'png' },
      { path: `${APP}AppIcon60x60@3x.png`, width: 180, height: 180, kind: 'cgbi' },
      { path: `${APP}AppIcon76x76~ipad.png`, width: 76, height: 76, kind: 'cgbi' },
    ]);
  });

  it('lists every child of Frameworks/ of a universal app, as the app-info gem lists them', async () => {
    const d = ((await inspect(ipa())) as IpaInfo).details;
    // The framework and the bare dylib.
    expect(d.frameworks).toEqual([
      {
        path: `${APP}Frameworks/Kit.framework`,
        fileName: 'Kit.framework',
        lib: false,
        hasBinary: true,
        name: 'Kit',
        displayName: null,
        bundleId: 'com.example.kit',
        releaseVersion: '3.1',
        buildVersion: '7',
        minOsVersion: '13.0',
        executable: 'Kit',
      },
      {
        path: `${APP}Frameworks/libswiftCore.dylib`,
        fileName: 'libswiftCore.dylib',
        lib: true,
        hasBinary: false,
        name: null,
        displayName: null,
        bundleId: null,
        releaseVersion: null,
        buildVersion: null,
        minOsVersion: null,
        executable: null,
      },
    ]);
  });

  it('reads an XML Info.plist the same as the binary one plistutil wrote', async () => {
    const binary = (await inspect(ipa())) as IpaInfo;
    const xml = (await inspect(ipa({ [`${APP}Info.plist`]: INFO_PLIST }))) as IpaInfo;
    expect(xml.details.infoPlist).toEqual(binary.details.infoPlist);
    expect({ ...xml, size: 0, details: null }).toEqual({ ...binary, size: 0, details: null });
  });

  it('converts the largest icon, a CgBI PNG, to a standard PNG', async () => {
    const info = await inspect(ipa(), { icon: true });
    expect(info.icon!.equals(encodePng(180, 180, parts.cgbiRgba))).toBe(true);
  });

  it('passes a normal PNG icon through unchanged', async () => {
    const info = await inspect(ipa({ [`${APP}AppIcon60x60@3x.png`]: null, [`${APP}AppIcon76x76~ipad.png`]: null }), { icon: true });
    expect(info.icon!.equals(parts.pngIcon)).toBe(true);
  });

  it('falls back to the next icon when the largest does not decode, and to Icon*.png names', async () => {
    const broken = Buffer.from(parts.cgbiIcon.subarray(0, 60));
    const info = await inspect(ipa({ [`${APP}AppIcon60x60@3x.png`]: broken }), { icon: true });
    expect(info.icon!.equals(parts.pngIcon)).toBe(true);

    const noDeclared = makeZip([
      { name: `${APP}Info.plist`, data: bundlePlist('Demo', 'com.example.old', '1.0', '1') },
      { name: `${APP}Icon@2x.png`, data: parts.pngIcon },
      { name: `${APP}Default.png`, data: parts.pngIcon },
    ]);
    const old = await inspect(noDeclared, { icon: true });
    expect(old.icons.map((icon) => icon.path)).toEqual([`${APP}Icon@2x.png`]);
    expect(old.icon!.equals(parts.pngIcon)).toBe(true);
    // No executable in the bundle: no archs, and the min OS comes from the plist alone.
    expect(old.archs).toEqual([]);
    expect(old.device).toBe('iphone');
  });

  it('maps UIDeviceFamily to the device', async () => {
    const withFamily = (family: string, platform = 'iphoneos') =>
      bundlePlist('Demo', 'com.example.demo', '1', '1', `<key>UIDeviceFamily</key>${family}<key>DTPlatformName</key><string>${platform}</string>`);
    const device = async (plist: string) => (await inspect(makeZip([{ name: `${APP}Info.plist`, data: plist }]))).device;
    expect(await device(withFamily('<array><integer>1</integer></array>'))).toBe('iphone');
    expect(await device(withFamily('<array><integer>2</integer></array>'))).toBe('ipad');
    expect(await device(withFamily('<array><integer>2</integer><integer>1</integer></array>'))).toBe('universal');
    expect(await device(withFamily('<array><integer>3</integer></array>', 'appletvos'))).toBe('appletv');
    expect(await device(withFamily('<array><string>2</string></array>'))).toBe('ipad');
    expect(await device(bundlePlist('Demo', 'com.example.demo', '1', '1'))).toBe('iphone');
  });

  it('reports an App Store (encrypted) executable', async () => {
    // Set cryptid in LC_ENCRYPTION_INFO_64 (cmd 0x2C): mach_header_64 is 32 bytes, ncmds at 16;
    // each load command is cmd(0) cmdsize(4) …, and encryption_info_command has cryptid at 16.
    const thin = Buffer.from(parts.thin);
    let at = 32;
    for (let i = 0; i < thin.readUInt32LE(16); i++) {
      if (thin.readUInt32LE(at) === 0x2c) thin.writeUInt32LE(1, at + 16);
      at += thin.readUInt32LE(at + 4);
    }
    const info = (await inspect(ipa({ [`${APP}Demo`]: thin }))) as IpaInfo;
    expect(info.archs).toEqual(['arm64']);
    expect(info.details.encrypted).toBe(true);
    expect(info.details.machO?.fat).toBe(false);
  });

  it('detects the ipa by content, whatever its name', async () => {
    const target = file('build.zip');
    writeFileSync(target, ipa());
    expect((await inspect(target)).format).toBe('ipa');
  });

  it('prints snake_case JSON and writes the icon from the command line', () => {
    const target = file('Demo.ipa');
    const iconOut = file('icon.png');
    writeFileSync(target, ipa());
    const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
    const ok = spawnSync(process.execPath, [cli, target, '--icon', iconOut], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    type Details = Record<string, unknown> & { provisioning_profile: Record<string, unknown> };
    const json = JSON.parse(ok.stdout) as Record<string, unknown> & { details: Details };
    expect(json['bundle_id']).toBe('com.example.demo');
    expect(json['release_version']).toBe('2.0.1');
    expect(json.details['url_schemes']).toEqual(['demo', 'demo-beta', 'fb123']);
    expect(json.details.provisioning_profile['team_name']).toBe('Example Corp');
    // Verbatim maps keep the file's own keys.
    expect((json.details['info_plist'] as Record<string, unknown>)['CFBundleShortVersionString']).toBe('2.0.1');
    expect((json.details.provisioning_profile['entitlements'] as Record<string, unknown>)['application-identifier']).toBe('TEAMID1234.com.example.demo');
    const icon = readFileSync(iconOut);
    expect(isPng(icon)).toBe(true);
    expect(isCgbi(icon)).toBe(false);
    expect(pngSize(icon)).toEqual({ width: 180, height: 180 });

    const broken = file('broken.ipa');
    writeFileSync(broken, ipa().subarray(0, 500));
    const bad = spawnSync(process.execPath, [cli, broken], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout)).toEqual({ error: { code: 'corrupt_zip', message: expect.stringContaining('end-of-central-directory') } });
  });

  describe('hostile ipas', () => {
    it('rejects truncations with corrupt_zip', async () => {
      const whole = ipa();
      for (const cut of [40, 1000, Math.floor(whole.length / 2), whole.length - 30, whole.length - 1]) {
        const error = await failureOf(inspect(whole.subarray(0, cut)));
        expect(error.code).toBe('corrupt_zip');
      }
    });

    it('rejects a missing, broken or non-dictionary Info.plist', async () => {
      const missing = await failureOf(inspect(ipa({ [`${APP}Info.plist`]: null })));
      expect(missing.code).toBe('missing_entry');
      expect(missing.message).toBe('The ipa holds Payload/Demo.app/ but no Payload/Demo.app/Info.plist, which every iOS app bundle has; the archive is incomplete');

      const garbage = await failureOf(inspect(ipa({ [`${APP}Info.plist`]: '<plist><dict><key>CFBundleName</key>' })));
      expect(garbage.code).toBe('bad_plist');
      expect(garbage.message).toMatch(/^In "Payload\/Demo.app\/Info.plist": The property list is invalid: /);

      const list = await failureOf(inspect(ipa({ [`${APP}Info.plist`]: '<plist><array/></plist>' })));
      expect(list.code).toBe('bad_plist');
      expect(list.message).toBe('In "Payload/Demo.app/Info.plist": The Info.plist is not a dictionary (found an array)');
    });

    it('refuses Info.plist bombs: deep nesting, shared-reference explosion, cycles', async () => {
      const deep = await failureOf(inspect(ipa({ [`${APP}Info.plist`]: '<plist>' + '<dict><key>k</key>'.repeat(1000) + '<true/>' + '</dict>'.repeat(1000) + '</plist>' })));
      expect(deep.code).toBe('limit_exceeded');
      expect(deep.message).toContain('more than 64 levels deep');

      // bplist00 with object i = [i+1, i+1] for 40 levels: 2^40 values from 200 bytes.
      const objects: Buffer[] = [Buffer.from([0xd1, 1, 2]), Buffer.from([0x51, 0x6b])];
      for (let i = 0; i < 40; i++) objects.push(Buffer.from([0xa2, i + 3, i + 3]));
      objects.push(Buffer.from([0x09]));
      const bomb = await failureOf(inspect(ipa({ [`${APP}Info.plist`]: bplist(objects) })));
      expect(bomb.code).toBe('limit_exceeded');
      expect(bomb.message).toContain('more than 1000000 values');

      const cyclic = await failureOf(inspect(ipa({ [`${APP}Info.plist`]: bplist([Buffer.from([0xd1, 1, 0]), Buffer.from([0x51, 0x6b])]) })));
      expect(cyclic.code).toBe('bad_plist');
      expect(cyclic.message).toContain('object 0 contains itself (a reference cycle)');

      const outOfRange = await failureOf(inspect(ipa({ [`${APP}Info.plist`]: bplist([Buffer.from([0xd1, 1, 9]), Buffer.from([0x51, 0x6b])]) })));
      expect(outOfRange.code).toBe('bad_plist');
      expect(outOfRange.message).toContain('an object reference 9 points outside the 2 objects');
    });

    it('rejects a corrupt embedded profile, a corrupt executable and a broken extension plist, naming the entry', async () => {
      const profile = await failureOf(inspect(ipa({ [`${APP}embedded.mobileprovision`]: parts.profile.subarray(0, 200) })));
      expect(profile.code).toBe('bad_provisioning_profile');
      expect(profile.message).toMatch(/^In "Payload\/Demo.app\/embedded.mobileprovision": The provisioning profile's CMS signature structure is corrupt/);

      const exe = await failureOf(inspect(ipa({ [`${APP}Demo`]: 'MZ this is not a Mach-O executable' })));
      expect(exe.code).toBe('corrupt_file');
      expect(exe.message).toContain('In "Payload/Demo.app/Demo"');

      const appex = await failureOf(inspect(ipa({ [`${APP}PlugIns/Share.appex/Info.plist`]: 'bplist00' })));
      expect(['bad_plist', 'truncated']).toContain(appex.code);
      expect(appex.message).toContain('Payload/Demo.app/PlugIns/Share.appex/Info.plist');
    });
  });
});

/** A binary plist from encoded objects (1-byte references, 2-byte offsets). */
function bplist(objects: Buffer[]): Buffer {
  const offsets: number[] = [];
  let at = 8;
  for (const object of objects) {
    offsets.push(at);
    at += object.length;
  }
  const table = Buffer.alloc(objects.length * 2);
  offsets.forEach((offset, i) => table.writeUInt16BE(offset, i * 2));
  const trailer = Buffer.alloc(32);
  trailer[6] = 2;
  trailer[7] = 1;
  trailer.writeBigUInt64BE(BigInt(objects.length), 8);
  trailer.writeBigUInt64BE(0n, 16);
  trailer.writeBigUInt64BE(BigInt(at), 24);
  return Buffer.concat([Buffer.from('bplist00', 'latin1'), ...objects, table, trailer]);
}
