// Android .apk parsing. The fixture is a real Gradle build (binary AndroidManifest.xml,
// resources.arsc with R8-shrunk resource names, an adaptive launcher icon whose bitmaps are
// lossy WebP with an alpha plane). More APKs are built here with Debian's aapt against
// android-framework-res, signed with apksigner, and every value is compared with what
// `aapt dump badging` says about the same file. WebP icons are compared pixel for pixel with
// libwebp's dwebp. Hostile variants (truncated or lying binary XML, a lying resource table, a
// plain-text manifest) must fail with the exact error code and a message naming the problem.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import type { ApkInfo } from '../src/formats/android/apk.ts';
import { decodeWebp } from '../src/formats/android/webp.ts';
import { encodePng } from '../src/image/png.ts';
import { inspect } from '../src/inspect.ts';
import { fileReader } from '../src/io/file-reader.ts';
import { openZip } from '../src/zip/zip.ts';
import { fixture, makeZip, run, tempDir } from './helpers.ts';

const FRAMEWORK = '/usr/share/android-framework-res/framework-res.apk';
const APK = fixture('apps/android.apk');
const CLI = path.resolve(import.meta.dirname, '../bin/appinfo.js');

async function inspectApk(file: string | Buffer, icon = false): Promise<ApkInfo & { icon?: Buffer | null }> {
  const info = await inspect(file, { icon });
  expect(info.format).toBe('apk');
  return info as ApkInfo & { icon?: Buffer | null };
}

async function expectError(input: string | Buffer, code: string, gist: RegExp): Promise<void> {
  const error = await inspect(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppInfoError);
  expect((error as AppInfoError).code).toBe(code);
  expect((error as AppInfoError).message).toMatch(gist);
}

/** Reads one entry of a zip on disk through the package's own zip reader. */
async function zipEntry(file: string, name: string): Promise<Buffer> {
  const reader = await fileReader(file);
  const zip = await openZip(reader);
  try {
    return await zip.read(zip.get(name)!);
  } finally {
    await zip.close();
    await reader.close();
  }
}

/** A zip of stored entries, for packages whose bytes must be exactly what the test says. */
function storedZip(entries: Map<string, Buffer> | Record<string, Buffer | string>): Buffer {
  const list = entries instanceof Map ? [...entries] : Object.entries(entries);
  return makeZip(list.map(([name, data]) => ({ name, data, store: true })));
}

/** A solid-colour RGBA PNG. */
function png(size: number, rgba: [number, number, number, number]): Buffer {
  return encodePng(size, size, Buffer.alloc(size * size * 4).fill(Buffer.from(rgba)));
}

/** The RGBA pixels of a PNG written by our encoder (8-bit RGBA, filter 0 on every row). */
function pngPixels(data: Buffer): { width: number; height: number; rgba: Buffer } {
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let pos = 8; pos < data.length; ) {
    const length = data.readUInt32BE(pos);
    if (data.toString('latin1', pos + 4, pos + 8) === 'IDAT') idat.push(data.subarray(pos + 8, pos + 8 + length));
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    raw.copy(rgba, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { width, height, rgba };
}

/** dwebp's decoding (libwebp, simple upsampling) of a WebP file, as RGBA. */
function dwebp(file: string, dir: string): Buffer {
  const out = path.join(dir, `${path.basename(file)}.pam`);
  run('dwebp', ['-nofancy', file, '-pam', '-o', out]);
  const pam = readFileSync(out);
  return pam.subarray(pam.indexOf('ENDHDR\n') + 7);
}

/** What `aapt dump badging` says, as a map of the lines the comparisons use. */
function badging(file: string): { package: Record<string, string>; lines: string[]; get(key: string): string[] } {
  const output = run('aapt', ['dump', 'badging', file]);
  const lines = output.split('\n');
  const pkgLine = lines.find((l) => l.startsWith('package:')) ?? '';
  const pkg: Record<string, string> = {};
  for (const m of pkgLine.matchAll(/(\w+)='([^']*)'/g)) pkg[m[1]!] = m[2]!;
  return {
    package: pkg,
    lines,
    get: (key) => lines.filter((l) => l.startsWith(`${key}:`)).map((l) => l.slice(key.length + 1)),
  };
}

const unquote = (s: string) => /'([^']*)'/.exec(s)?.[1] ?? '';

/** Checks a parsed APK against `aapt dump badging` on the same file. */
function expectSameAsAapt(info: ApkInfo, file: string): void {
  const b = badging(file);
  expect(info.bundleId).toBe(b.package.name);
  expect(info.buildVersion).toBe(b.package.versionCode);
  expect(info.releaseVersion).toBe(b.package.versionName);
  if (b.package.compileSdkVersion) expect(String(info.details.compileSdk)).toBe(b.package.compileSdkVersion);
  expect(info.minOsVersion).toBe(unquote(b.get('sdkVersion')[0] ?? ''));
  expect(String(info.details.targetSdk)).toBe(unquote(b.get('targetSdkVersion')[0] ?? ''));
  expect(info.details.permissions).toEqual(b.get('uses-permission').map((l) => /name='([^']*)'/.exec(l)![1]));
  // aapt prints application-label lines only for labels that are resources; a literal label
  // (android:label="Plain") shows as label='' in its output, though Android displays it.
  const label = b.get('application-label')[0];
  if (label !== undefined) expect(info.name).toBe(unquote(label));
  // aapt prints a label for every locale the package has; a locale whose label differs from
  // the default is one the label resource itself declares.
  for (const line of b.lines.filter((l) => l.startsWith('application-label-'))) {
    const locale = line.slice('application-label-'.length, line.indexOf(':'));
    const value = unquote(line.slice(line.indexOf(':')));
    if (value !== info.details.labels.default) expect(info.details.labels[locale]).toBe(value);
  }
  for (const [locale, value] of Object.entries(info.details.labels)) {
    if (locale !== 'default') expect(b.lines).toContain(`application-label-${locale}:'${value}'`);
  }
  const native = b.get('native-code')[0];
  expect(info.archs).toEqual(native ? [...native.matchAll(/'([^']*)'/g)].map((m) => m[1]) : []);
  const launchable = b.get('launchable-activity')[0];
  expect(info.details.launcherActivity).toBe(launchable ? /name='([^']*)'/.exec(launchable)![1] : null);
  const appLine = b.get('application')[0];
  if (appLine && /icon='res\/[^']+\.png'/.test(appLine)) {
    expect(info.icons.map((i) => i.path)).toContain(/icon='([^']*)'/.exec(appLine)![1]);
  }
}

describe('the android.apk fixture', () => {
  it('reports the values the fixture README gives', async () => {
    const info = await inspectApk(APK);
    expect(info).toMatchObject({
      format: 'apk',
      platform: 'android',
      device: 'phone',
      name: 'AppInfoDemo',
      displayName: 'AppInfoDemo',
      bundleId: 'com.icyleaf.appinfodemo',
      releaseVersion: '2.1.0',
      buildVersion: '10',
      minOsVersion: '14',
      size: 4000563,
      archs: [],
    });
    const d = info.details;
    expect(d).toMatchObject({ minSdk: 14, targetSdk: 31, compileSdk: 31, compileSdkCodename: '12', versionCode: 10, versionName: '2.1.0' });
    expect(d.labels).toEqual({ default: 'AppInfoDemo' });
    expect(d.activities.map((a) => a.name)).toEqual(['com.icyleaf.appinfodemo.LauncherActivity', 'com.icyleaf.appinfodemo.MainActivity']);
    expect(d.activities.map((a) => a.exported)).toEqual([false, true]);
    expect(d.services).toEqual([]);
    expect(d.permissions[0]).toBe('android.permission.ACCESS_NETWORK_STATE');
    expect(d.features[0]).toEqual({ name: 'android.hardware.bluetooth', required: true });
    expect(d.launcherActivity).toBe('com.icyleaf.appinfodemo.MainActivity');
    expect(d.deepLinks).toEqual([
      { activity: 'com.icyleaf.appinfodemo.LauncherActivity', schemes: ['http', 'https'], hosts: ['icyleaf.com'], paths: [] },
      { activity: 'com.icyleaf.appinfodemo.LauncherActivity', schemes: ['appinfo'], hosts: [], paths: [] },
    ]);
    expect(d.nativeAbis).toEqual([]);
    expect(d).toMatchObject({ debuggable: false, testOnly: false, usesCleartextTraffic: null, installLocation: null });
    expect(d.signing.v1Files).toEqual(['META-INF/CERT.RSA']);
    expect(d.signing.schemes).toEqual(['v1', 'v2']);
  });

  it('reads the same from a path, a buffer and a random-access reader', async () => {
    const fromPath = await inspectApk(APK);
    expect(await inspect(readFileSync(APK))).toEqual(fromPath);
    const reader = await fileReader(APK);
    try {
      expect(await inspect(reader)).toEqual(fromPath);
    } finally {
      await reader.close();
    }
  });

  it('agrees with aapt dump badging', async () => {
    const info = await inspectApk(APK);
    expectSameAsAapt(info, APK);
    const b = badging(APK);
    expect(b.lines).toContain(`  uses-feature: name='${info.details.features[0]!.name}'`);
  });

  it('lists the adaptive icon and every density of its launcher bitmaps', async () => {
    const info = await inspectApk(APK);
    const icon = info.details.iconResources.find((r) => r.attribute === 'icon')!;
    expect(icon).toMatchObject({ resource: '@0x7f0c0000', name: 'mipmap/ic_launcher' });
    expect(icon.files).toEqual([
      { path: 'res/YB.webp', density: 'mdpi', kind: 'webp', width: 48, height: 48 },
      { path: 'res/2-.webp', density: 'hdpi', kind: 'webp', width: 72, height: 72 },
      { path: 'res/pY.webp', density: 'xhdpi', kind: 'webp', width: 96, height: 96 },
      { path: 'res/Vd.webp', density: 'xxhdpi', kind: 'webp', width: 144, height: 144 },
      { path: 'res/xC.webp', density: 'xxxhdpi', kind: 'webp', width: 192, height: 192 },
      { path: 'res/uF.xml', density: 'anydpi', kind: 'xml', width: null, height: null },
    ]);
    expect(info.details.iconResources.find((r) => r.attribute === 'roundIcon')!.name).toBe('mipmap/ic_launcher_round');
    expect(info.icons).toContainEqual({ path: 'res/uF.xml', width: null, height: null, kind: 'xml' });
    // aapt names the adaptive XML as the icon of every density.
    expect(badging(APK).lines).toContain("application: label='AppInfoDemo' icon='res/uF.xml'");
  });

  it('falls back from the adaptive icon to the largest WebP bitmap, decoded exactly as libwebp does', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const info = await inspectApk(APK, true);
      const icon = pngPixels(info.icon!);
      expect([icon.width, icon.height]).toEqual([192, 192]);
      const webp = path.join(dir, 'xC.webp');
      writeFileSync(webp, await zipEntry(APK, 'res/xC.webp'));
      expect(icon.rgba.equals(dwebp(webp, dir))).toBe(true);
      // Transparent corners (the alpha plane) and an opaque centre.
      expect(icon.rgba[3]).toBe(0);
      expect(icon.rgba[(96 * 192 + 96) * 4 + 3]).toBe(255);
    } finally {
      cleanup();
    }
  });
});

describe('WebP icons', () => {
  // Gradle ships launcher icons as WebP; each variant cwebp can write is decoded and compared
  // with libwebp's own decoder, byte for byte.
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = tempDir());
    // A 203×141 image: odd sizes leave partial macroblocks; noise, gradients and a round alpha mask.
    const w = 203;
    const h = 141;
    const rgba = Buffer.alloc(w * h * 4);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 0xff;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const r = Math.round(128 + 127 * Math.sin(x / 13) * Math.cos(y / 7)) & 0xff;
        const g = (x * 3 + y * 2) & 0xff;
        const b = (Math.floor(x / 20) + Math.floor(y / 20)) % 3 === 0 ? random() : (x * y) & 0xff;
        const distance = Math.hypot(x - w / 2, y - h / 2);
        const a = distance > h / 2 ? 0 : Math.min(255, Math.round(distance * 4));
        rgba.set([r, g, b, a], (y * w + x) * 4);
      }
    }
    writeFileSync(path.join(dir, 'source.png'), encodePng(w, h, rgba));
  });
  afterAll(() => cleanup());

  const variants: [string, string[]][] = [
    ['lossy, default filter', ['-q', '75']],
    ['lossy, coarse quantizer', ['-q', '5']],
    ['lossy, finest quantizer', ['-q', '100']],
    ['lossy, simple loop filter', ['-q', '50', '-nostrong']],
    ['lossy, sharpness 5', ['-q', '60', '-sharpness', '5']],
    ['lossy, one segment', ['-q', '40', '-segments', '1']],
    ['lossy, strongest filter', ['-q', '40', '-sns', '100', '-f', '100']],
    ['lossy, no loop filter', ['-q', '90', '-f', '0']],
    ['lossy, alpha filtered and compressed', ['-q', '70', '-alpha_filter', 'best', '-alpha_method', '1']],
    ['lossy, raw alpha', ['-q', '70', '-alpha_method', '0']],
    ['lossless', ['-lossless']],
    ['lossless, maximum effort', ['-lossless', '-z', '9']],
    ['lossless, fastest', ['-lossless', '-z', '0']],
    ['near lossless', ['-near_lossless', '40']],
  ];
  for (const [name, args] of variants) {
    it(`decodes ${name} exactly as libwebp`, () => {
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}.webp`);
      run('cwebp', [...args, '-quiet', path.join(dir, 'source.png'), '-o', file]);
      const image = decodeWebp(readFileSync(file));
      expect([image.width, image.height]).toEqual([203, 141]);
      expect(Buffer.from(image.rgba).equals(dwebp(file, dir))).toBe(true);
    });
  }

  it('rejects a truncated or corrupt WebP with a typed error', () => {
    const file = path.join(dir, 'cut.webp');
    run('cwebp', ['-q', '75', '-quiet', path.join(dir, 'source.png'), '-o', file]);
    const data = readFileSync(file);
    expect(() => decodeWebp(data.subarray(0, data.length - 200))).toThrow(expect.objectContaining({ code: 'truncated' }));
    const lying = Buffer.from(data);
    lying.writeUInt32LE(0x7fffffff, 16); // the first chunk's size
    expect(() => decodeWebp(lying)).toThrow(expect.objectContaining({ code: 'corrupt_file', message: expect.stringMatching(/declares 2147483647 bytes/) }));
    const noise = Buffer.from(data);
    for (let i = 40; i < noise.length; i += 7) noise[i] = noise[i]! ^ 0x5a;
    let error: unknown = null;
    try {
      decodeWebp(noise);
    } catch (e) {
      error = e;
    }
    // A lossless header claiming 4000×4000 pixels is refused before anything is allocated.
    const huge = Buffer.from('RIFF\0\0\0\0WEBPVP8L\x0d\0\0\0\x2f\0\0\0\0\0\0\0\0\0\0\0\0\0', 'latin1');
    huge.writeUInt32LE(huge.length - 8, 4);
    huge.writeUInt32LE(3999 | (3999 << 14), 21);
    expect(() => decodeWebp(huge)).toThrow(expect.objectContaining({ code: 'limit_exceeded', message: expect.stringMatching(/4000×4000 pixels/) }));
    // Noise in the entropy-coded data decodes to garbage pixels or fails, but never crashes.
    if (error) expect(error).toBeInstanceOf(AppInfoError);
  });
});


/** The permissions, features and application of the full test app: every component kind, a deep link. */
const FULL_APPLICATION = `<uses-permission android:name="android.permission.INTERNET" />
  <uses-permission android:name="android.permission.CAMERA" />
  <uses-feature android:name="android.hardware.camera" android:required="false" />
  <uses-feature android:glEsVersion="0x00020000" />
  <application android:label="@string/app_name" android:icon="@mipmap/ic_launcher" android:debuggable="true" android:usesCleartextTraffic="false" android:testOnly="true">
    <activity android:name=".MainActivity" android:exported="true">
      <intent-filter>
        <action android:name="android.intent.action.MAIN" />
        <category android:name="android.intent.category.LAUNCHER" />
      </intent-filter>
      <intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="tarmac.example.org" android:pathPrefix="/open" />
        <data android:scheme="tarmac" />
      </intent-filter>
    </activity>
    <activity-alias android:name="Shortcut" android:targetActivity=".MainActivity" />
    <service android:name="org.tarmac.demo.SyncService" android:exported="false" android:permission="android.permission.BIND_JOB_SERVICE" />
    <receiver android:name=".BootReceiver">
      <intent-filter><action android:name="android.intent.action.BOOT_COMPLETED" /></intent-filter>
    </receiver>
    <provider android:name=".Files" android:authorities="org.tarmac.demo.files;org.tarmac.demo.other" android:exported="false" />
  </application>`;

describe('APKs built with aapt', () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = tempDir());
    run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '3650', '-subj', '/C=US/O=Tarmac/CN=Tarmac Test']);
    run('openssl', ['pkcs8', '-topk8', '-inform', 'PEM', '-outform', 'DER', '-in', path.join(dir, 'key.pem'), '-out', path.join(dir, 'key.pk8'), '-nocrypt']);
  });
  afterAll(() => cleanup());

  /** Builds, aligns and signs an APK from a manifest and resource files; answers its path. */
  function build(name: string, manifest: string, files: Record<string, string | Buffer>, libs: string[] = []): string {
    const root = path.join(dir, name);
    for (const [file, content] of Object.entries({ 'AndroidManifest.xml': manifest, ...files, 'res/values/ids.xml': '<resources/>' })) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), content);
    }
    const unaligned = path.join(root, 'unaligned.apk');
    run('aapt', ['package', '-f', '-M', path.join(root, 'AndroidManifest.xml'), '-S', path.join(root, 'res'), '-I', FRAMEWORK, '-F', unaligned]);
    if (libs.length > 0) {
      for (const lib of libs) {
        mkdirSync(path.dirname(path.join(root, lib)), { recursive: true });
        writeFileSync(path.join(root, lib), '\x7fELF not really');
      }
      run('aapt', ['add', unaligned, ...libs], { cwd: root });
    }
    const aligned = path.join(root, 'aligned.apk');
    run('zipalign', ['-f', '4', unaligned, aligned]);
    const signed = path.join(dir, `${name}.apk`);
    run('apksigner', ['sign', '--key', path.join(dir, 'key.pk8'), '--cert', path.join(dir, 'cert.pem'), '--v1-signing-enabled', 'true', '--v2-signing-enabled', 'true', '--v3-signing-enabled', 'true', '--out', signed, aligned]);
    return signed;
  }

  const manifest = (body: string, sdk = '<uses-sdk android:minSdkVersion="21" android:targetSdkVersion="29" />', extra = '') => `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.tarmac.demo" android:versionCode="42" android:versionName="3.4.5" ${extra}>
  ${sdk}
  ${body}
</manifest>`;

  it('reads a localized, multi-ABI app with every component kind, as aapt does', async () => {
    const file = build(
      'full',
      manifest(
        FULL_APPLICATION,
        undefined,
        'android:installLocation="preferExternal"',
      ),
      {
        'res/values/strings.xml': '<resources><string name="app_name">Tarmac Demo</string></resources>',
        'res/values-zh-rCN/strings.xml': '<resources><string name="app_name">塔马克演示</string></resources>',
        'res/values-fr/strings.xml': '<resources><string name="app_name">Démo Tarmac</string></resources>',
        'res/mipmap-hdpi/ic_launcher.png': png(72, [200, 30, 30, 255]),
        'res/mipmap-xxhdpi/ic_launcher.png': png(144, [30, 200, 30, 255]),
      },
      ['lib/arm64-v8a/libx.so', 'lib/x86_64/libx.so'],
    );
    const info = await inspectApk(file, true);
    expectSameAsAapt(info, file);
    expect(info).toMatchObject({ name: 'Tarmac Demo', bundleId: 'org.tarmac.demo', releaseVersion: '3.4.5', buildVersion: '42', minOsVersion: '21', device: 'phone' });
    expect(info.archs).toEqual(['arm64-v8a', 'x86_64']);
    const d = info.details;
    expect(d.labels).toEqual({ default: 'Tarmac Demo', fr: 'Démo Tarmac', 'zh-CN': '塔马克演示' });
    expect(d.permissions).toEqual(['android.permission.INTERNET', 'android.permission.CAMERA']);
    expect(d.features).toEqual([
      { name: 'android.hardware.camera', required: false },
      { name: null, required: true, glEsVersion: '2.0' },
    ]);
    expect(d.activities).toEqual([
      {
        name: 'org.tarmac.demo.MainActivity',
        exported: true,
        permission: null,
        intentFilters: [
          { actions: ['android.intent.action.MAIN'], categories: ['android.intent.category.LAUNCHER'], data: [] },
          {
            actions: ['android.intent.action.VIEW'],
            categories: ['android.intent.category.DEFAULT', 'android.intent.category.BROWSABLE'],
            data: [{ scheme: 'https', host: 'tarmac.example.org', pathPrefix: '/open' }, { scheme: 'tarmac' }],
          },
        ],
      },
    ]);
    expect(d.activityAliases).toEqual([{ name: 'org.tarmac.demo.Shortcut', exported: null, permission: null, intentFilters: [], targetActivity: 'org.tarmac.demo.MainActivity' }]);
    expect(d.services).toEqual([{ name: 'org.tarmac.demo.SyncService', exported: false, permission: 'android.permission.BIND_JOB_SERVICE', intentFilters: [] }]);
    expect(d.receivers.map((r) => [r.name, r.intentFilters[0]!.actions])).toEqual([['org.tarmac.demo.BootReceiver', ['android.intent.action.BOOT_COMPLETED']]]);
    expect(d.providers[0]).toMatchObject({ name: 'org.tarmac.demo.Files', authorities: ['org.tarmac.demo.files', 'org.tarmac.demo.other'], exported: false });
    expect(d.deepLinks).toEqual([{ activity: 'org.tarmac.demo.MainActivity', schemes: ['https', 'tarmac'], hosts: ['tarmac.example.org'], paths: ['/open'] }]);
    expect(d).toMatchObject({ debuggable: true, testOnly: true, usesCleartextTraffic: false, installLocation: 'preferExternal', minSdk: 21, targetSdk: 29 });
    expect(badging(file).lines).toContain('application-debuggable');
    expect(d.signing.schemes).toEqual(['v1', 'v2', 'v3']);
    // Icons: both densities listed with their sizes; the PNG handed back is the largest, as stored.
    expect(info.icons).toEqual([
      { path: 'res/mipmap-hdpi-v4/ic_launcher.png', width: 72, height: 72, kind: 'png' },
      { path: 'res/mipmap-xxhdpi-v4/ic_launcher.png', width: 144, height: 144, kind: 'png' },
    ]);
    expect(info.icon!.equals(await zipEntry(file, 'res/mipmap-xxhdpi-v4/ic_launcher.png'))).toBe(true);
  });

  it('reads several SDK levels as aapt does', async () => {
    for (const [min, target] of [
      ['9', '19'],
      ['26', '33'],
    ] as const) {
      const file = build(`sdk-${min}`, manifest('<application android:label="Plain" />', `<uses-sdk android:minSdkVersion="${min}" android:targetSdkVersion="${target}" />`), {});
      const info = await inspectApk(file);
      expectSameAsAapt(info, file);
      expect([info.minOsVersion, info.details.minSdk, info.details.targetSdk]).toEqual([min, Number(min), Number(target)]);
      expect(info.name).toBe('Plain');
      expect(info.icons).toEqual([]);
    }
  });

  it('follows an adaptive icon to its bitmap foreground when no other bitmap exists', async () => {
    const file = build(
      'adaptive',
      manifest('<application android:label="Adaptive" android:icon="@mipmap/ic_launcher" />'),
      {
        'res/mipmap-anydpi-v26/ic_launcher.xml':
          '<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@color/bg" /><foreground android:drawable="@drawable/fg" /></adaptive-icon>',
        'res/values/colors.xml': '<resources><color name="bg">#ff3366</color></resources>',
        'res/drawable-xhdpi/fg.png': png(96, [10, 20, 30, 255]),
      },
    );
    const info = await inspectApk(file, true);
    expect(info.icons).toEqual([{ path: 'res/mipmap-anydpi-v26/ic_launcher.xml', width: null, height: null, kind: 'xml' }]);
    expect(info.icon!.equals(await zipEntry(file, 'res/drawable-xhdpi-v4/fg.png'))).toBe(true);
  });

  it('classifies watch, television, automotive and tablet apps', async () => {
    const cases: [string, string, string][] = [
      ['watch', '<uses-feature android:name="android.hardware.type.watch" />', 'watch'],
      ['tv', '<uses-feature android:name="android.software.leanback" android:required="true" />', 'television'],
      [
        'tvlauncher',
        '<application><activity android:name=".Tv"><intent-filter><action android:name="android.intent.action.MAIN" /><category android:name="android.intent.category.LEANBACK_LAUNCHER" /></intent-filter></activity></application>',
        'television',
      ],
      ['car', '<uses-feature android:name="android.hardware.type.automotive" />', 'automotive'],
      ['tablet', '<supports-screens android:smallScreens="false" android:normalScreens="false" android:largeScreens="true" android:xlargeScreens="true" />', 'tablet'],
      ['optionalwatch', '<uses-feature android:name="android.hardware.type.watch" android:required="false" />', 'phone'],
    ];
    for (const [name, body, device] of cases) {
      const file = build(name, manifest(body), {});
      expect((await inspectApk(file)).device, name).toBe(device);
    }
  });
});

describe('hostile APKs', () => {
  let manifest: Buffer;
  let table: Buffer;
  beforeAll(async () => {
    manifest = await zipEntry(APK, 'AndroidManifest.xml');
    table = await zipEntry(APK, 'resources.arsc');
  });

  /** Offsets where the manifest's chunks start: the header, the string pool, the resource map, each node. */
  function chunkStarts(xml: Buffer): number[] {
    const starts = [8];
    let pos = 8;
    while (pos < xml.length) {
      pos += xml.readUInt32LE(pos + 4);
      starts.push(pos);
    }
    return starts.filter((s) => s < xml.length);
  }

  it('reports a manifest cut at any chunk boundary as truncated', async () => {
    const starts = chunkStarts(manifest);
    expect(starts.length).toBeGreaterThan(40);
    for (const cut of [...starts.slice(0, 6), ...starts.slice(-3), manifest.length - 1]) {
      await expectError(storedZip({ 'AndroidManifest.xml': manifest.subarray(0, cut), 'resources.arsc': table }), 'truncated', /AndroidManifest\.xml is truncated: the header declares 4156 bytes/);
    }
  });

  it('reports a manifest whose own size was shortened as ending inside an element', async () => {
    const starts = chunkStarts(manifest);
    const cut = Buffer.from(manifest.subarray(0, starts[10]));
    cut.writeUInt32LE(cut.length, 4);
    await expectError(storedZip({ 'AndroidManifest.xml': cut }), 'truncated', /AndroidManifest\.xml is truncated: it ends inside <uses-sdk>|ends inside </);
    const onlyPool = Buffer.from(manifest.subarray(0, starts[2]));
    onlyPool.writeUInt32LE(onlyPool.length, 4);
    await expectError(storedZip({ 'AndroidManifest.xml': onlyPool }), 'bad_xml', /holds no element/);
  });

  it('refuses a string pool with an absurd count', async () => {
    const bad = Buffer.from(manifest);
    bad.writeUInt32LE(0x7fffffff, 8 + 8); // string pool at byte 8: +8 string count
    await expectError(storedZip({ 'AndroidManifest.xml': bad }), 'bad_xml', /declares 2147483647 strings/);
  });

  it('refuses an attribute naming a string outside the pool', async () => {
    const bad = Buffer.from(manifest);
    const element = chunkStarts(bad).find((s) => bad.readUInt16LE(s) === 0x0102)!;
    const ext = element + bad.readUInt16LE(element + 2);
    bad.writeUInt32LE(0x00abcdef, ext + bad.readUInt16LE(ext + 8) + 4); // first attribute's name
    await expectError(storedZip({ 'AndroidManifest.xml': bad }), 'bad_xml', /refers to string #11259375, but the string pool holds \d+/);
  });

  it('refuses a chunk whose size overruns its parent', async () => {
    const bad = Buffer.from(manifest);
    const element = chunkStarts(bad).find((s) => bad.readUInt16LE(s) === 0x0102)!;
    bad.writeUInt32LE(0x10000, element + 4);
    await expectError(storedZip({ 'AndroidManifest.xml': bad }), 'bad_xml', /declares 65536 bytes, but only \d+ remain in its parent/);
  });

  it('refuses a resources.arsc with a lying chunk size', async () => {
    // The package chunk follows the global string pool.
    const bad = Buffer.from(table);
    const pkg = 12 + bad.readUInt32LE(12 + 4);
    expect(bad.readUInt16LE(pkg)).toBe(0x0200);
    bad.writeUInt32LE(bad.length * 2, pkg + 4);
    await expectError(storedZip({ 'AndroidManifest.xml': manifest, 'resources.arsc': bad }), 'corrupt_file', /resources\.arsc is corrupt: .*declares \d+ bytes, but only \d+ remain/);
    const short = Buffer.from(table.subarray(0, 5000));
    await expectError(storedZip({ 'AndroidManifest.xml': manifest, 'resources.arsc': short }), 'truncated', /resources\.arsc is truncated: its header declares 740532 bytes, but it holds 5000/);
  });

  it('says so when AndroidManifest.xml is plain text, not compiled', async () => {
    const text = '<?xml version="1.0" encoding="utf-8"?>\n<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="x.y" />\n';
    await expectError(storedZip({ 'AndroidManifest.xml': text, 'classes.dex': 'dex\n035' }), 'bad_xml', /plain text XML, not Android's compiled binary XML/);
    await expectError(storedZip({ 'AndroidManifest.xml': Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9]) }), 'bad_xml', /not Android binary XML: it starts with bytes 01 02 03 04/);
  });

  it('refuses a manifest whose root is not <manifest>', async () => {
    const drawable = await zipEntry(APK, 'res/uF.xml');
    await expectError(storedZip({ 'AndroidManifest.xml': drawable }), 'bad_xml', /root element <adaptive-icon>, expected <manifest>/);
  });

  it('still reads an APK without resources.arsc, leaving references unresolved', async () => {
    const info = await inspectApk(storedZip({ 'AndroidManifest.xml': manifest }));
    expect(info.bundleId).toBe('com.icyleaf.appinfodemo');
    expect(info.name).toBeNull();
    expect(info.details.signing.schemes).toEqual([]);
  });
});

describe('mutated Android structures', () => {
  // Complements fuzz.test.ts (which mutates whole files, mostly breaking the zip or its
  // compression): here the decoded binary XML, resource table and WebP bytes themselves are
  // mutated and handed to the parsers, which must answer or throw an AppInfoError, quickly.
  const MUTANTS = Number(process.env.FUZZ_MUTANTS ?? 150);

  function prng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function mutants(data: Buffer, seed: number): Buffer[] {
    const random = prng(seed);
    const at = (room = 0) => Math.floor(random() * (data.length - room));
    return Array.from({ length: MUTANTS }, (_, i) => {
      const c = Buffer.from(data);
      switch (i % 4) {
        case 0:
          return c.subarray(0, at());
        case 1:
          for (let k = 0; k < 1 + random() * 8; k++) {
            const p = at();
            c[p] = c[p]! ^ (1 << Math.floor(random() * 8));
          }
          return c;
        case 2:
          c.writeUInt32LE(Math.floor(random() * 2 ** 32), at(4));
          return c;
        default:
          c.writeUInt16LE(0xffff, at(2));
          return c;
      }
    });
  }

  async function survive(name: string, data: Buffer, parse: (mutant: Buffer) => void | Promise<void>): Promise<void> {
    for (const [i, mutant] of mutants(data, name.length * 7919).entries()) {
      const started = Date.now();
      try {
        await parse(mutant);
      } catch (error) {
        if (!(error instanceof AppInfoError)) throw new Error(`${name} mutant ${i} threw ${String(error)}`, { cause: error });
      }
      expect(Date.now() - started, `${name} mutant ${i}`).toBeLessThan(2000);
    }
  }

  it('binary XML, resources.arsc and WebP icons', async () => {
    const manifest = await zipEntry(APK, 'AndroidManifest.xml');
    const table = await zipEntry(APK, 'resources.arsc');
    await survive('manifest', manifest, (m) => inspect(storedZip({ 'AndroidManifest.xml': m, 'resources.arsc': table }), { icon: true }).then(() => undefined));
    await survive('table', table, (t) => inspect(storedZip({ 'AndroidManifest.xml': manifest, 'resources.arsc': t })).then(() => undefined));
    await survive('webp', await zipEntry(APK, 'res/xC.webp'), (w) => void decodeWebp(w));
  });
});

describe('appinfo CLI on an APK', () => {
  it('prints snake_case JSON, writes the icon, and reports a bad file as JSON with exit 1', () => {
    const { dir, cleanup } = tempDir();
    try {
      const out = path.join(dir, 'icon.png');
      const ok = spawnSync(process.execPath, [CLI, APK, '--icon', out], { encoding: 'utf8' });
      expect(ok.status).toBe(0);
      const json = JSON.parse(ok.stdout);
      expect(json).toMatchObject({ format: 'apk', bundle_id: 'com.icyleaf.appinfodemo', release_version: '2.1.0', build_version: '10', min_os_version: '14' });
      expect(json.details).toMatchObject({ min_sdk: 14, target_sdk: 31, launcher_activity: 'com.icyleaf.appinfodemo.MainActivity' });
      expect(json.details.signing.certificates[0].sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(pngPixels(readFileSync(out)).width).toBe(192);

      const bad = path.join(dir, 'bad.apk');
      writeFileSync(bad, storedZip({ 'AndroidManifest.xml': '<manifest package="x"/>' }));
      const failed = spawnSync(process.execPath, [CLI, bad], { encoding: 'utf8' });
      expect(failed.status).toBe(1);
      expect(JSON.parse(failed.stdout)).toEqual({ error: { code: 'bad_xml', message: expect.stringMatching(/plain text XML/) } });
    } finally {
      cleanup();
    }
  });
});
