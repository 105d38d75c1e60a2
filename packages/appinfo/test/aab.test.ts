// Android App Bundles. The fixture is a real Gradle bundle: its manifest and resource table
// are aapt2 protocol buffers (base/manifest/AndroidManifest.xml, base/resources.pb), its label
// is localized (zh-CN "AppInfo演示") and it is JAR-signed (META-INF/KEY0.RSA). More bundles
// are built here the way the Android Gradle plugin does: aapt2 compile + link --proto-format,
// laid out as a base module and signed (v1, as Gradle signs bundles); their values must match
// `aapt2 dump badging` on the same linked module. Protobuf that lies (lengths past the end,
// varints that never end, nesting bombs) must fail with a typed error.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import type { AabInfo } from '../src/formats/android/aab.ts';
import { inspect } from '../src/inspect.ts';
import { fileReader } from '../src/io/file-reader.ts';
import { toWire } from '../src/wire.ts';
import { openZip } from '../src/zip/zip.ts';
import { fixture, makeZip, run, tempDir } from './helpers.ts';
import { encodePng } from '../src/image/png.ts';

const FRAMEWORK = '/usr/share/android-framework-res/framework-res.apk';
const AAB = fixture('apps/android.aab');

async function inspectAab(input: string | Buffer, icon = false): Promise<AabInfo & { icon?: Buffer | null }> {
  const info = await inspect(input, { icon });
  expect(info.format).toBe('aab');
  return info as AabInfo & { icon?: Buffer | null };
}

async function expectError(input: Buffer, code: string, gist: RegExp): Promise<void> {
  const error = await inspect(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppInfoError);
  expect((error as AppInfoError).code).toBe(code);
  expect((error as AppInfoError).message).toMatch(gist);
}

/** Every entry of a zip on disk, through the package's own zip reader. */
async function zipEntries(file: string): Promise<Map<string, Buffer>> {
  const reader = await fileReader(file);
  const zip = await openZip(reader);
  try {
    const out = new Map<string, Buffer>();
    for (const entry of zip.entries) if (!entry.isDirectory) out.set(entry.name, await zip.read(entry));
    return out;
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

// Protobuf writing, for hand-made hostile messages.
function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}
const bytesField = (field: number, data: Buffer | string) => {
  const b = Buffer.isBuffer(data) ? data : Buffer.from(data);
  return Buffer.concat([varint(field * 8 + 2), varint(b.length), b]);
};

describe('the android.aab fixture', () => {
  it('reports the values the fixture README gives', async () => {
    const info = await inspectAab(AAB);
    expect(info).toMatchObject({
      format: 'aab',
      platform: 'android',
      device: 'phone',
      name: 'AppInfoDemo',
      displayName: 'AppInfoDemo',
      bundleId: 'com.icyleaf.appinfodemo',
      releaseVersion: '2.1.0',
      buildVersion: '10',
      minOsVersion: '14',
      size: 3618865,
      archs: [],
    });
    const d = info.details;
    expect(d.labels).toEqual({ default: 'AppInfoDemo', 'zh-CN': 'AppInfo演示' });
    // Locale keys stay as they are in the JSON the CLI and the API print.
    expect((toWire(info) as { details: { labels: unknown } }).details.labels).toEqual({ default: 'AppInfoDemo', 'zh-CN': 'AppInfo演示' });
    expect(d).toMatchObject({ minSdk: 14, targetSdk: 31, compileSdk: 31, versionCode: 10, versionName: '2.1.0' });
    expect(d.activities).toHaveLength(2);
    expect(d.services).toEqual([]);
    expect(d.permissions[0]).toBe('android.permission.ACCESS_NETWORK_STATE');
    expect(d.features[0]).toEqual({ name: 'android.hardware.bluetooth', required: true });
    expect(d.deepLinks.flatMap((l) => l.hosts)).toEqual(['icyleaf.com']);
    expect(d.deepLinks.flatMap((l) => l.schemes)).toContain('appinfo');
    expect(d.launcherActivity).toBe('com.icyleaf.appinfodemo.MainActivity');
    expect(d.nativeAbis).toEqual([]);
    expect(d.signing).toMatchObject({ schemes: ['v1'], v1Files: ['META-INF/KEY0.RSA'] });
  });

  it('lists the bundle\'s launcher icons and decodes the largest to PNG', async () => {
    const info = await inspectAab(AAB, true);
    expect(info.details.iconResources[0]).toMatchObject({ attribute: 'icon', name: 'mipmap/ic_launcher' });
    expect(info.icons.slice(0, 6)).toEqual([
      { path: 'res/mipmap-mdpi-v4/ic_launcher.webp', width: 48, height: 48, kind: 'webp' },
      { path: 'res/mipmap-hdpi-v4/ic_launcher.webp', width: 72, height: 72, kind: 'webp' },
      { path: 'res/mipmap-xhdpi-v4/ic_launcher.webp', width: 96, height: 96, kind: 'webp' },
      { path: 'res/mipmap-xxhdpi-v4/ic_launcher.webp', width: 144, height: 144, kind: 'webp' },
      { path: 'res/mipmap-xxxhdpi-v4/ic_launcher.webp', width: 192, height: 192, kind: 'webp' },
      { path: 'res/mipmap-anydpi-v26/ic_launcher.xml', width: null, height: null, kind: 'xml' },
    ]);
    expect(info.icon!.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect([info.icon!.readUInt32BE(16), info.icon!.readUInt32BE(20)]).toEqual([192, 192]);
    // The same icon as the APK built from the same project.
    const apk = await inspect(fixture('apps/android.apk'), { icon: true });
    expect(info.icon!.equals(apk.icon!)).toBe(true);
  });
});

describe('bundles built with aapt2', () => {
  let dir: string;
  let cleanup: () => void;
  let linked: string;
  let bundle: string;

  beforeAll(async () => {
    ({ dir, cleanup } = tempDir());
    const files: Record<string, string> = {
      'AndroidManifest.xml': `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.tarmac.bundle" android:versionCode="7" android:versionName="0.7.0-beta">
  <uses-sdk android:minSdkVersion="23" android:targetSdkVersion="29" />
  <uses-permission android:name="android.permission.INTERNET" />
  <uses-feature android:name="android.hardware.type.watch" />
  <application android:label="@string/app_name" android:icon="@mipmap/ic_launcher">
    <activity android:name=".Main" android:exported="true">
      <intent-filter>
        <action android:name="android.intent.action.MAIN" />
        <category android:name="android.intent.category.LAUNCHER" />
      </intent-filter>
      <intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="tarmac" android:host="open" android:pathPattern="/b/.*" />
      </intent-filter>
    </activity>
    <service android:name=".Sync" android:exported="false" />
  </application>
</manifest>`,
      'res/values/strings.xml': '<resources><string name="app_name">Bundle Demo</string></resources>',
      'res/values-zh-rCN/strings.xml': '<resources><string name="app_name">捆绑演示</string></resources>',
      'res/values-b+sr+Latn/strings.xml': '<resources><string name="app_name">Paket</string></resources>',
      'res/mipmap-anydpi-v26/ic_launcher.xml':
        '<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@color/bg" /><foreground android:drawable="@mipmap/fg" /></adaptive-icon>',
      'res/values/colors.xml': '<resources><color name="bg">#ff3366</color></resources>',
    };
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), content);
    }
    mkdirSync(path.join(dir, 'res/mipmap-xxhdpi'), { recursive: true });
    run('cwebp', ['-quiet', '-lossless', '-o', path.join(dir, 'res/mipmap-xxhdpi/fg.webp'), '--', fixtureIconPng(dir)]);
    run('aapt2', ['compile', '--dir', path.join(dir, 'res'), '-o', path.join(dir, 'res.zip')]);
    linked = path.join(dir, 'base.zip');
    run('aapt2', ['link', '--proto-format', '-o', linked, '-I', FRAMEWORK, '--manifest', path.join(dir, 'AndroidManifest.xml'), path.join(dir, 'res.zip')]);

    // Lay the linked module out as a bundle's base module, with native libraries and code.
    const module = await zipEntries(linked);
    const entries = new Map<string, Buffer>([['BundleConfig.pb', Buffer.alloc(0)]]);
    for (const [name, data] of module) {
      entries.set(name === 'AndroidManifest.xml' ? 'base/manifest/AndroidManifest.xml' : `base/${name}`, data);
    }
    entries.set('base/dex/classes.dex', Buffer.from('dex\n035\0'));
    entries.set('base/lib/armeabi-v7a/libx.so', Buffer.from('\x7fELF'));
    entries.set('base/lib/x86/libx.so', Buffer.from('\x7fELF'));
    bundle = path.join(dir, 'bundle.aab');
    // JAR-sign it as Gradle does (key alias key0 → META-INF/KEY0.RSA); apksigner writes the
    // same v1 signature as jarsigner when told the minimum SDK and the signer name.
    run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '365', '-subj', '/O=Tarmac/CN=Bundle Test']);
    run('openssl', ['pkcs8', '-topk8', '-inform', 'PEM', '-outform', 'DER', '-in', path.join(dir, 'key.pem'), '-out', path.join(dir, 'key.pk8'), '-nocrypt']);
    const unsigned = path.join(dir, 'unsigned.aab');
    writeFileSync(unsigned, storedZip(entries));
    run('apksigner', [
      'sign',
      '--key',
      path.join(dir, 'key.pk8'),
      '--cert',
      path.join(dir, 'cert.pem'),
      '--v1-signing-enabled',
      'true',
      '--v2-signing-enabled',
      'false',
      '--v3-signing-enabled',
      'false',
      '--min-sdk-version',
      '23',
      '--v1-signer-name',
      'KEY0',
      '--out',
      bundle,
      unsigned,
    ]);
  });
  afterAll(() => cleanup());

  /** A 64×64 gradient PNG, converted to WebP for the adaptive icon's foreground. */
  function fixtureIconPng(at: string): string {
    const file = path.join(at, 'fg.png');
    const rgba = Buffer.alloc(64 * 64 * 4);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) rgba.set([x * 4, y * 4, 128, 255], (y * 64 + x) * 4);
    writeFileSync(file, encodePng(64, 64, rgba));
    return file;
  }

  it('reads the bundle as aapt2 dump badging reads its base module', async () => {
    const info = await inspectAab(bundle, true);
    const badging = run('aapt2', ['dump', 'badging', linked]);
    const pkg = /package: name='([^']*)' versionCode='([^']*)' versionName='([^']*)'/.exec(badging)!;
    expect([info.bundleId, info.buildVersion, info.releaseVersion]).toEqual([pkg[1], pkg[2], pkg[3]]);
    expect(info.minOsVersion).toBe(/sdkVersion:'([^']*)'/.exec(badging)![1]);
    expect(String(info.details.targetSdk)).toBe(/targetSdkVersion:'([^']*)'/.exec(badging)![1]);
    expect(info.details.permissions).toEqual([...badging.matchAll(/uses-permission: name='([^']*)'/g)].map((m) => m[1]));
    expect(info.name).toBe(/application-label:'([^']*)'/.exec(badging)![1]);
    for (const [locale, label] of Object.entries(info.details.labels)) {
      if (locale !== 'default') expect(badging).toContain(`application-label-${locale}:'${label}'`);
    }
    expect(info.details.labels).toEqual({ default: 'Bundle Demo', 'zh-CN': '捆绑演示', 'sr-Latn': 'Paket' });
    expect(info.details.launcherActivity).toBe(/launchable-activity: name='([^']*)'/.exec(badging)![1]);

    expect(info).toMatchObject({ device: 'watch', archs: ['armeabi-v7a', 'x86'] });
    expect(info.details.services).toEqual([{ name: 'org.tarmac.bundle.Sync', exported: false, permission: null, intentFilters: [] }]);
    expect(info.details.deepLinks).toEqual([{ activity: 'org.tarmac.bundle.Main', schemes: ['tarmac'], hosts: ['open'], paths: ['/b/.*'] }]);
    expect(info.details.signing.schemes).toEqual(['v1']);
    expect(info.details.signing.v1Files).toEqual(['META-INF/KEY0.RSA']);
    expect(info.details.signing.certificates[0]!.subject).toBe('CN=Bundle Test, O=Tarmac');
    // The adaptive icon's foreground is a lossless WebP: the icon is that bitmap.
    expect(info.icons).toEqual([{ path: 'res/mipmap-anydpi-v26/ic_launcher.xml', width: null, height: null, kind: 'xml' }]);
    expect([info.icon!.readUInt32BE(16), info.icon!.readUInt32BE(20)]).toEqual([64, 64]);
  });

  it('refuses a truncated or lying protobuf manifest with a typed error', async () => {
    const module = await zipEntries(linked);
    const manifest = module.get('AndroidManifest.xml')!;
    const withManifest = (m: Buffer) => storedZip({ 'base/manifest/AndroidManifest.xml': m, 'base/resources.pb': module.get('resources.pb')! });
    await expectError(withManifest(manifest.subarray(0, manifest.length - 10)), 'bad_xml', /base\/manifest\/AndroidManifest\.xml is not a protobuf XML document .*declares \d+ bytes at byte \d+, but only \d+ remain/);
    await expectError(withManifest(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])), 'bad_xml', /varint at byte 1 is longer than 10 bytes/);
    await expectError(withManifest(Buffer.from([0x0b, 0x00])), 'bad_xml', /wire type 3, which aapt2 never writes/);
    await expectError(withManifest(bytesField(2, 'just text')), 'bad_xml', /has no root element/);
    await expectError(withManifest(bytesField(1, bytesField(3, 'application'))), 'bad_xml', /root element <application>, expected <manifest>/);
  });

  it('refuses manifests nested deeper than any real one', async () => {
    let node = bytesField(1, bytesField(3, 'leaf'));
    for (let i = 0; i < 100; i++) node = bytesField(1, Buffer.concat([bytesField(3, 'manifest'), bytesField(5, node)]));
    await expectError(storedZip({ 'base/manifest/AndroidManifest.xml': node }), 'limit_exceeded', /nests elements more than 64 deep/);
  });

  it('refuses a corrupt resource table', async () => {
    const module = await zipEntries(linked);
    const table = module.get('resources.pb')!;
    await expectError(
      storedZip({ 'base/manifest/AndroidManifest.xml': module.get('AndroidManifest.xml')!, 'base/resources.pb': table.subarray(0, table.length - 7) }),
      'corrupt_file',
      /The protobuf resource table base\/resources\.pb is corrupt/,
    );
  });

  it('survives mutated protobuf manifests and tables with typed errors only', async () => {
    // The fixture's own protobuf, mutated (truncated, bits flipped, words overwritten) and
    // handed to the parser directly inside a stored zip.
    const reader = await fileReader(AAB);
    const zip = await openZip(reader);
    const manifest = await zip.read(zip.get('base/manifest/AndroidManifest.xml')!);
    const table = await zip.read(zip.get('base/resources.pb')!);
    await zip.close();
    await reader.close();
    let seed = 20240601;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const mutate = (data: Buffer, i: number): Buffer => {
      const c = Buffer.from(data);
      const at = Math.floor(random() * (c.length - 4));
      if (i % 3 === 0) return c.subarray(0, at);
      if (i % 3 === 1) c[at] = c[at]! ^ (1 << Math.floor(random() * 8));
      else c.writeUInt32LE(Math.floor(random() * 2 ** 32), at);
      return c;
    };
    const mutants = Number(process.env.FUZZ_MUTANTS ?? 60);
    for (let i = 0; i < mutants; i++) {
      for (const bundle of [
        storedZip({ 'base/manifest/AndroidManifest.xml': mutate(manifest, i), 'base/resources.pb': table }),
        storedZip({ 'base/manifest/AndroidManifest.xml': manifest, 'base/resources.pb': mutate(table, i) }),
      ]) {
        const error = await inspect(bundle).then(
          () => null,
          (e: unknown) => e,
        );
        if (error) expect(error, `mutant ${i}`).toBeInstanceOf(AppInfoError);
      }
    }
  });

  it('reads a bundle without a resource table, leaving references unresolved', async () => {
    const module = await zipEntries(linked);
    const info = await inspectAab(storedZip({ 'base/manifest/AndroidManifest.xml': module.get('AndroidManifest.xml')! }));
    expect(info.bundleId).toBe('org.tarmac.bundle');
    expect(info.name).toBeNull();
    expect(info.icons).toEqual([]);
  });
});
