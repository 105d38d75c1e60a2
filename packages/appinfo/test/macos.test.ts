// macOS: a zipped .app (Info.plist, the executable's Mach-O, its code signature, the .icns
// icon), and the installers identified cheaply: .dmg by its 'koly' trailer, .pkg as a xar
// archive. The fixture macos.zip is a Debug build: the app-info gem (and so Zealot) calls
// it "debug" and unsigned because it carries no provisioning profile, but its executable
// does carry an "Apple Development" code signature, which is what `signing` reports. Apps
// are also built here with clang + ld64.lld + llvm-lipo and plistutil; dmg and xar files are
// crafted byte by byte (no Debian tool writes them) following their published layouts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync, gzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import { icnsToPng, parseIcns } from '../src/formats/apple/icns.ts';
import { pngSize } from '../src/image/png.ts';
import { inspect } from '../src/inspect.ts';
import { failureOf, fixture, makeZip, run, tempDir } from './helpers.ts';
import type { ZipInput } from './helpers.ts';

const CLI = path.join(import.meta.dirname, '../bin/appinfo.js');

/** Decodes the PNGs our encoder writes (RGBA, filter 0 on every row). */
function decodePng(png: Buffer): { width: number; height: number; rgba: Buffer } {
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    raw.copy(rgba, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { width, height, rgba };
}

function icns(elements: [string, Buffer][]): Buffer {
  const parts = elements.map(([type, data]) => {
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([header, data]);
  });
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([header, body]);
}

/** Apple's icon RLE: runs of 3–130 equal bytes as (count + 125, byte), the rest as literals of up to 128. */
function packBits(data: Buffer): Buffer {
  const out: number[] = [];
  let i = 0;
  while (i < data.length) {
    let run = 1;
    while (i + run < data.length && data[i + run] === data[i] && run < 130) run++;
    if (run >= 3) {
      out.push(run + 125, data[i]!);
      i += run;
      continue;
    }
    const start = i;
    while (i < data.length && i - start < 128 && !(i + 2 < data.length && data[i] === data[i + 1] && data[i] === data[i + 2])) i++;
    out.push(i - start - 1, ...data.subarray(start, i));
  }
  return Buffer.from(out);
}

/** A 128×128 classic icon: R = x·2, G = y·2, B = 0x40, alpha = x ^ y, as it32 + t8mk. */
function classicIcon(): { file: Buffer; pixel: (x: number, y: number) => number[] } {
  const side = 128;
  const channel = (f: (x: number, y: number) => number) => {
    const plane = Buffer.alloc(side * side);
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) plane[y * side + x] = f(x, y) & 0xff;
    return plane;
  };
  const r = channel((x) => x * 2);
  const g = channel((_x, y) => y * 2);
  const b = channel(() => 0x40);
  const mask = channel((x, y) => x ^ y);
  const it32 = Buffer.concat([Buffer.alloc(4), packBits(r), packBits(g), packBits(b)]);
  return { file: icns([['it32', it32], ['t8mk', mask]]), pixel: (x, y) => [(x * 2) & 0xff, (y * 2) & 0xff, 0x40, x ^ y] };
}

function plistXml(entries: Record<string, string | string[]>): string {
  const body = Object.entries(entries)
    .map(([key, value]) => `<key>${key}</key>${Array.isArray(value) ? `<array>${value.map((v) => `<string>${v}</string>`).join('')}</array>` : `<string>${value}</string>`}`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0"><dict>\n${body}\n</dict></plist>\n`;
}

let work: { dir: string; cleanup: () => void };
let fatExecutable: Buffer;
let binaryInfoPlist: Buffer;

beforeAll(() => {
  work = tempDir('appinfo-macos-');
  const { dir } = work;
  writeFileSync(path.join(dir, 'main.c'), 'int main(void) { return 0; }\n');
  for (const [arch, target] of [
    ['x86_64', 'x86_64-apple-macos12'],
    ['arm64', 'arm64-apple-macos12'],
  ]) {
    run('clang', ['-c', '-target', target!, 'main.c', '-o', `${arch}.o`], { cwd: dir });
    run('ld64.lld-14', ['-arch', arch!, '-platform_version', 'macos', '12.0', '13.1', '-o', `Tool-${arch}`, `${arch}.o`, '-e', '_main'], { cwd: dir });
  }
  run('llvm-lipo-14', ['-create', 'Tool-arm64', 'Tool-x86_64', '-output', 'Tool'], { cwd: dir });
  fatExecutable = readFileSync(path.join(dir, 'Tool'));
  writeFileSync(
    path.join(dir, 'Info.xml'),
    plistXml({
      CFBundleExecutable: 'Tool',
      CFBundleIdentifier: 'org.example.tool',
      CFBundleName: 'Tool',
      CFBundleDisplayName: 'The Tool',
      CFBundleShortVersionString: '3.2.1',
      CFBundleVersion: '321',
      CFBundleIconFile: 'Custom',
      LSApplicationCategoryType: 'public.app-category.utilities',
      NSHumanReadableCopyright: '© Example',
      CFBundleSupportedPlatforms: ['MacOSX'],
    }),
  );
  run('plistutil', ['-i', 'Info.xml', '-o', 'Info.plist', '-f', 'bin'], { cwd: dir });
  binaryInfoPlist = readFileSync(path.join(dir, 'Info.plist'));
});

afterAll(() => work.cleanup());

function toolApp(root: string, extra: ZipInput[] = [], overrides: Partial<Record<'plist' | 'exe' | 'icon', Buffer>> = {}): Buffer {
  return makeZip([
    { name: `${root}Contents/Info.plist`, data: overrides.plist ?? binaryInfoPlist },
    { name: `${root}Contents/MacOS/Tool`, data: overrides.exe ?? fatExecutable },
    { name: `${root}Contents/Resources/Custom.icns`, data: overrides.icon ?? classicIcon().file },
    ...extra,
  ]);
}

describe('macOS app fixture (apps/macos.zip)', () => {
  it('reports what the fixture README lists', async () => {
    const info = await inspect(fixture('apps/macos.zip'));
    expect(info).toMatchObject({
      format: 'macos_app',
      platform: 'macos',
      device: 'mac',
      name: 'GuiApp',
      displayName: 'GuiApp',
      bundleId: 'com.icyleaf.macos.GUIApp',
      releaseVersion: '1.0',
      buildVersion: '1',
      minOsVersion: '11.3',
      size: readFileSync(fixture('apps/macos.zip')).length,
      archs: ['x86_64', 'arm64'],
      icons: [{ path: 'GuiApp.app/Contents/Resources/AppIcon.icns', width: 256, height: 256, kind: 'icns' }],
    });
    expect(info.details).toMatchObject({
      bundlePath: 'GuiApp.app',
      executable: 'GuiApp',
      category: 'public.app-category.developer-tools',
      iconFile: 'AppIcon',
      iconName: 'AppIcon',
      // Zealot's "debug": no Mac App Store receipt and no embedded.provisionprofile.
      releaseType: 'debug',
      provisioningProfile: null,
      signed: true,
      signing: {
        identity: 'Apple Development: Shen Wang (499ZF9BZZC)',
        teamId: '72LA85G59H',
        identifier: 'com.icyleaf.macos.GUIApp',
        adhoc: false,
        hardenedRuntime: true,
        authorities: ['Apple Development: Shen Wang (499ZF9BZZC)', 'Apple Worldwide Developer Relations Certification Authority', 'Apple Root CA'],
      },
      entitlements: { 'com.apple.security.app-sandbox': true, 'com.apple.security.device.camera': true },
      frameworks: [],
      plugins: [],
      infoPlist: { CFBundleIdentifier: 'com.icyleaf.macos.GUIApp', LSMinimumSystemVersion: '11.3', CFBundleSupportedPlatforms: ['MacOSX'] },
    });
    const details = info.details as { machO: { fat: boolean; slices: { arch: string; uuid: string; minOs: string }[] } };
    expect(details.machO.fat).toBe(true);
    expect(details.machO.slices.map((s) => [s.arch, s.uuid, s.minOs])).toEqual([
      ['x86_64', 'b9df334b-d000-3983-83ab-f1f60e71d866', '11.3'],
      ['arm64', 'd7469719-03a4-3ca6-8ed5-d6d875ae5cee', '11.3'],
    ]);
  });

  it('loads the largest PNG in AppIcon.icns (ic13, 256×256) as the icon', async () => {
    const { icon } = await inspect(fixture('apps/macos.zip'), { icon: true });
    expect(pngSize(icon!)).toEqual({ width: 256, height: 256 });
    const file = spawnSync('unzip', ['-p', fixture('apps/macos.zip'), 'GuiApp.app/Contents/Resources/AppIcon.icns']).stdout;
    const elements = parseIcns(file);
    expect(elements.map((e) => [e.type, e.kind, e.width])).toEqual([
      ['TOC ', 'other', null],
      ['is32', 'rgb', 16],
      ['s8mk', 'mask', 16],
      ['ic11', 'png', 32],
      ['ic07', 'png', 128],
      ['ic13', 'png', 256],
    ]);
    const ic13 = elements.find((e) => e.type === 'ic13')!;
    expect(icon!.equals(file.subarray(ic13.offset, ic13.offset + ic13.length))).toBe(true);
  });

  it('prints snake_case JSON from the CLI and writes the icon; a bad file exits 1 with an error object', () => {
    const { dir, cleanup } = tempDir();
    try {
      const out = path.join(dir, 'icon.png');
      const result = spawnSync(process.execPath, [CLI, fixture('apps/macos.zip'), '--icon', out], { encoding: 'utf8' });
      expect(result.status).toBe(0);
      const json = JSON.parse(result.stdout);
      expect(json).toMatchObject({ format: 'macos_app', bundle_id: 'com.icyleaf.macos.GUIApp', min_os_version: '11.3', release_version: '1.0', build_version: '1' });
      expect(json.details.release_type).toBe('debug');
      expect(json.details.signing.team_id).toBe('72LA85G59H');
      expect(json.details.mach_o.slices[0].min_os).toBe('11.3');
      // Verbatim maps keep the file's own keys.
      expect(json.details.info_plist.CFBundleShortVersionString).toBe('1.0');
      expect(json.details.entitlements['com.apple.security.app-sandbox']).toBe(true);
      expect(pngSize(readFileSync(out))).toEqual({ width: 256, height: 256 });

      const bad = path.join(dir, 'bad.zip');
      writeFileSync(bad, toolApp('Bad.app/', [], { exe: fatExecutable.subarray(0, 100) }));
      const failed = spawnSync(process.execPath, [CLI, bad], { encoding: 'utf8' });
      expect(failed.status).toBe(1);
      const error = JSON.parse(failed.stdout).error;
      expect(error.code).toBe('truncated');
      expect(error.message).toContain('In "Bad.app/Contents/MacOS/Tool"');
    } finally {
      cleanup();
    }
  });
});

describe('macOS apps built here', () => {
  it('reads a binary Info.plist, a fat executable from llvm-lipo and a classic RLE icon, one folder down', async () => {
    const info = await inspect(toolApp('build/Tool.app/'), { icon: true });
    expect(info).toMatchObject({
      format: 'macos_app',
      name: 'Tool',
      displayName: 'The Tool',
      bundleId: 'org.example.tool',
      releaseVersion: '3.2.1',
      buildVersion: '321',
      // No LSMinimumSystemVersion: the Mach-O's LC_BUILD_VERSION answers.
      minOsVersion: '12.0',
      archs: run('llvm-lipo-14', ['-archs', path.join(work.dir, 'Tool')]).trim().split(' '),
      icons: [{ path: 'build/Tool.app/Contents/Resources/Custom.icns', width: 128, height: 128, kind: 'icns' }],
    });
    expect(info.archs).toEqual(['x86_64', 'arm64']);
    expect(info.details).toMatchObject({
      bundlePath: 'build/Tool.app',
      category: 'public.app-category.utilities',
      copyright: '© Example',
      signed: false,
      signing: null,
      releaseType: 'debug',
      entitlements: null,
    });
    const png = decodePng(info.icon!);
    const { pixel } = classicIcon();
    expect([png.width, png.height]).toEqual([128, 128]);
    for (const [x, y] of [
      [0, 0],
      [5, 90],
      [127, 127],
      [64, 3],
    ] as const) {
      const at = (y * 128 + x) * 4;
      expect([...png.rgba.subarray(at, at + 4)]).toEqual(pixel(x, y));
    }
  });

  it('decodes an ARGB (ic04) icon when there is no PNG', () => {
    const side = 16;
    const planes = [0xff, 0x10, 0x20, 0x30].map((v) => Buffer.alloc(side * side, v));
    const png = icnsToPng(icns([['ic04', Buffer.concat([Buffer.from('ARGB'), ...planes.map(packBits)])]]))!;
    const decoded = decodePng(png);
    expect([decoded.width, decoded.height]).toEqual([16, 16]);
    expect([...decoded.rgba.subarray(0, 4)]).toEqual([0x10, 0x20, 0x30, 0xff]);
  });

  it('prefers the shallowest .app and reads an embedded provisioning profile as a release build', async () => {
    const profile = readFileSync(fixture('provisioning/ios_development.mobileprovision'));
    const zip = toolApp('Tool.app/', [
      { name: 'Tool.app/Contents/embedded.provisionprofile', data: profile },
      { name: 'Tool.app/Contents/Frameworks/Sparkle.framework/Versions/A/Sparkle', data: 'x' },
      { name: 'Tool.app/Contents/PlugIns/Share.appex/Contents/Info.plist', data: 'x' },
      { name: 'Tool.app/Contents/_CodeSignature/CodeResources', data: '<plist/>' },
      { name: 'extra/Other.app/Contents/Info.plist', data: 'not read' },
      { name: '__MACOSX/Tool.app/Contents/._Info.plist', data: 'resource fork junk' },
    ]);
    const info = await inspect(zip);
    expect(info.bundleId).toBe('org.example.tool');
    expect(info.details).toMatchObject({
      bundlePath: 'Tool.app',
      signed: true,
      releaseType: 'release',
      provisioningProfile: { type: 'development', devices: ['e801228c2086d3aacc917b9c3d19bfa56efcab5b'] },
      frameworks: ['Sparkle.framework'],
      plugins: ['Share.appex'],
    });
  });

  it('calls an app with a Mac App Store receipt an app_store build', async () => {
    const info = await inspect(toolApp('Tool.app/', [{ name: 'Tool.app/Contents/_MASReceipt/receipt', data: 'receipt' }]));
    expect((info.details as { releaseType: string }).releaseType).toBe('app_store');
  });

  it('stays readable without an executable or an icon', async () => {
    const info = await inspect(makeZip([{ name: 'Tool.app/Contents/Info.plist', data: binaryInfoPlist }]), { icon: true });
    expect(info).toMatchObject({ archs: [], icons: [], minOsVersion: null, icon: null });
    expect((info.details as { machO: unknown }).machO).toBeNull();
  });
});

describe('hostile macOS apps', () => {
  it('names the broken executable: truncated, or not a Mach-O', async () => {
    let error = await failureOf(inspect(toolApp('Tool.app/', [], { exe: fatExecutable.subarray(0, 30) })));
    expect(error.code).toBe('truncated');
    expect(error.message).toBe('In "Tool.app/Contents/MacOS/Tool": Bytes 8–48 (the Mach-O\'s fat header) lie past the end of the 30-byte file; it is truncated');
    error = await failureOf(inspect(toolApp('Tool.app/', [], { exe: fatExecutable.subarray(0, 100) })));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/^In "Tool.app\/Contents\/MacOS\/Tool": Fat Mach-O slice 1 \(x86_64\) declares bytes \d+–\d+, outside the 48–100 the file holds after its header/);
    error = await failureOf(inspect(toolApp('Tool.app/', [], { exe: Buffer.from('#!/bin/sh\nexec python3 tool.py\n') })));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toBe('In "Tool.app/Contents/MacOS/Tool": Expected a Mach-O header (magic feedface or feedfacf, either byte order), found bytes 23212f62');
  });

  it('refuses an Info.plist that does not parse', async () => {
    const error = await failureOf(inspect(toolApp('Tool.app/', [], { plist: Buffer.from('<?xml version="1.0"?><plist><dict><key>a</key>') })));
    expect(error.code).toBe('bad_plist');
  });

  it('lists an icon with a bad length without a size, and loads no icon from it', async () => {
    const good = classicIcon().file;
    const badLength = Buffer.from(good);
    badLength.writeUInt32BE(0xffff, 12); // the it32 element's length
    const info = await inspect(toolApp('Tool.app/', [], { icon: badLength }), { icon: true });
    expect(info.icons).toEqual([{ path: 'Tool.app/Contents/Resources/Custom.icns', width: null, height: null, kind: 'icns' }]);
    expect(info.icon).toBeNull();
  });

  it('rejects broken .icns files with a reason', () => {
    const good = classicIcon().file;
    const cases: [Buffer, string, RegExp][] = [
      [Buffer.from('nope0000'), 'corrupt_file', /expected the magic "icns", found bytes 6e6f7065/],
      [good.subarray(0, 100), 'truncated', /declares \d+ bytes but the file has 100/],
      [(() => { const b = Buffer.from(good); b.writeUInt32BE(0xffff, 12); return b; })(), 'corrupt_file', /element "it32" at byte 8 declares 65535 bytes/],
      [(() => { const b = Buffer.from(good); b.writeUInt32BE(0, 12); return b; })(), 'corrupt_file', /element "it32" at byte 8 declares 0 bytes/],
      [(() => { const b = Buffer.from(good); b.writeUInt32BE(3, 4); return b; })(), 'corrupt_file', /declares 3 bytes/],
      // Compressed data that stops short of 128×128 pixels.
      [icns([['it32', Buffer.concat([Buffer.alloc(4), Buffer.from([0xff, 1])])]]), 'corrupt_file', /it32 image data (ends after|overruns)/],
    ];
    for (const [bytes, code, message] of cases) {
      let caught: unknown;
      try {
        icnsToPng(bytes);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppInfoError);
      expect((caught as AppInfoError).code).toBe(code);
      expect((caught as AppInfoError).message).toMatch(message);
    }
    const many = icns(Array.from({ length: 300 }, () => ['info', Buffer.alloc(0)] as [string, Buffer]));
    expect(() => parseIcns(many)).toThrow(/more than 256 elements/);
  });
});

// ---------------------------------------------------------------------------------------
// .dmg: a data fork, an XML partition list, and the 512-byte koly trailer.

function mish(chunks: [number, number][]): Buffer {
  const out = Buffer.alloc(204 + (chunks.length + 1) * 40);
  out.write('mish', 0, 'latin1');
  out.writeUInt32BE(1, 4);
  out.writeBigUInt64BE(BigInt(chunks.reduce((n, [, sectors]) => n + sectors, 0)), 16);
  out.writeUInt32BE(chunks.length + 1, 200);
  chunks.forEach(([type, sectors], i) => {
    out.writeUInt32BE(type >>> 0, 204 + i * 40);
    out.writeBigUInt64BE(BigInt(sectors), 204 + i * 40 + 16);
  });
  out.writeUInt32BE(0xffffffff, 204 + chunks.length * 40); // terminator
  return out;
}

function dmgPlist(partitions: { name: string; id: string; data: Buffer }[]): string {
  const dicts = partitions
    .map((p) => `<dict><key>Attributes</key><string>0x0050</string><key>CFName</key><string>${p.name}</string><key>Data</key><data>${p.data.toString('base64')}</data><key>ID</key><string>${p.id}</string><key>Name</key><string>${p.name}</string></dict>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>resource-fork</key><dict><key>blkx</key><array>${dicts}</array></dict></dict></plist>\n`;
}

function dmg(xml: string, patch: (koly: Buffer) => void = () => {}): Buffer {
  const dataFork = Buffer.concat([Buffer.from([0x78, 0xda]), Buffer.alloc(4094, 7)]);
  const plist = Buffer.from(xml);
  const koly = Buffer.alloc(512);
  koly.write('koly', 0, 'latin1');
  koly.writeUInt32BE(4, 4);
  koly.writeUInt32BE(512, 8);
  koly.writeUInt32BE(1, 12);
  koly.writeBigUInt64BE(0n, 24);
  koly.writeBigUInt64BE(BigInt(dataFork.length), 32);
  koly.writeUInt32BE(1, 56);
  koly.writeUInt32BE(1, 60);
  Buffer.from('0123456789abcdeffedcba9876543210', 'hex').copy(koly, 64);
  koly.writeBigUInt64BE(BigInt(dataFork.length), 216);
  koly.writeBigUInt64BE(BigInt(plist.length), 224);
  koly.writeUInt32BE(1, 488);
  koly.writeBigUInt64BE(2048n, 492);
  patch(koly);
  return Buffer.concat([dataFork, plist, koly]);
}

const ZLIB = 0x80000005;
const partitions = [
  { name: 'Protective Master Boot Record (MBR : 0)', id: '-1', data: mish([[ZLIB, 1]]) },
  { name: 'GPT Header (Primary GPT Header : 1)', id: '0', data: mish([[2, 1]]) },
  { name: 'disk image (Apple_HFS : 4)', id: '3', data: mish([[1, 10], [ZLIB, 2000], [2, 36]]) },
];

describe('.dmg', () => {
  it('reads the koly trailer and lists the partitions of the XML plist', async () => {
    const file = dmg(dmgPlist(partitions));
    const info = await inspect(file);
    expect(info).toEqual({
      format: 'dmg',
      platform: 'macos',
      device: 'mac',
      name: null,
      displayName: null,
      bundleId: null,
      releaseVersion: null,
      buildVersion: null,
      minOsVersion: null,
      size: file.length,
      archs: [],
      icons: [],
      details: {
        encrypted: false,
        version: 4,
        flags: 1,
        dataForkOffset: 0,
        dataForkLength: 4096,
        resourceForkOffset: 0,
        resourceForkLength: 0,
        xmlOffset: 4096,
        xmlLength: file.length - 4096 - 512,
        segmentNumber: 1,
        segmentCount: 1,
        segmentId: '01234567-89ab-cdef-fedc-ba9876543210',
        imageVariant: 1,
        sectorCount: 2048,
        imageFormat: 'UDZO',
        partitions: [
          { name: 'Protective Master Boot Record (MBR : 0)', id: '-1', attributes: '0x0050', sectorCount: 1, compression: ['zlib'] },
          { name: 'GPT Header (Primary GPT Header : 1)', id: '0', attributes: '0x0050', sectorCount: 1, compression: ['zero'] },
          { name: 'disk image (Apple_HFS : 4)', id: '3', attributes: '0x0050', sectorCount: 2046, compression: ['raw', 'zero', 'zlib'] },
        ],
      },
    });
  });

  it('identifies an encrypted image by its header', async () => {
    const info = await inspect(Buffer.concat([Buffer.from('encrcdsa'), Buffer.alloc(2000, 1)]));
    expect(info.format).toBe('dmg');
    expect(info.details).toMatchObject({ encrypted: true, version: null, partitions: [] });
  });

  it('refuses lying trailers: plist past the end, absurd lengths, a data fork past the trailer, a bad plist', async () => {
    const xml = dmgPlist(partitions);
    let error = await failureOf(inspect(dmg(xml, (k) => k.writeBigUInt64BE(1_000_000n, 216))));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/^The dmg partition list at byte 1000000 \(\d+ bytes\) lies outside the \d+ bytes available/);
    error = await failureOf(inspect(dmg(xml, (k) => k.writeBigUInt64BE(1n << 40n, 224))));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain('1099511627776-byte partition list, more than the 16777216 allowed');
    error = await failureOf(inspect(dmg(xml, (k) => k.writeBigUInt64BE(0xffffffffffffffffn, 32))));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toContain("The dmg trailer's data fork length (18446744073709551615) is not a usable offset");
    error = await failureOf(inspect(dmg(xml, (k) => k.writeBigUInt64BE(1n << 30n, 32))));
    expect(error.code).toBe('truncated');
    error = await failureOf(inspect(dmg('<plist><dict><key>x</key></plist>')));
    expect(error.code).toBe('bad_plist');
    // A koly whose header size is not 512 is not a dmg.
    error = await failureOf(inspect(dmg(xml, (k) => k.writeUInt32BE(99, 8))));
    expect(error.code).toBe('unknown_format');
  });
});

// ---------------------------------------------------------------------------------------
// .pkg: xar = header + zlib TOC (XML) + heap.

interface XarInput {
  path: string;
  data?: Buffer;
  encoding?: 'zlib' | 'gzip' | 'none' | 'bzip2';
}

interface XarOptions {
  signatureXml?: string;
  patchHeader?: (h: Buffer) => void;
  toc?: (xml: string) => string;
  rawToc?: Buffer;
}

function xar(files: XarInput[], options: XarOptions = {}): Buffer {
  const heap: Buffer[] = [Buffer.alloc(20)]; // the TOC checksum (sha1) sits at heap offset 0
  let offset = 20;
  // Directories nest their files as <file> children, as xar writes them.
  interface Node { name: string; children: Map<string, Node>; xml?: string }
  const root: Node = { name: '', children: new Map() };
  let id = 1;
  for (const file of files) {
    const parts = file.path.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (!node.children.has(part)) node.children.set(part, { name: part, children: new Map() });
      node = node.children.get(part)!;
    }
    const data = file.data ?? Buffer.alloc(0);
    const stored = file.encoding === 'zlib' ? deflateSync(data) : file.encoding === 'gzip' ? gzipSync(data) : data;
    const style = file.encoding === 'zlib' ? 'application/x-gzip' : file.encoding === 'gzip' ? 'application/x-gzip' : file.encoding === 'bzip2' ? 'application/x-bzip2' : 'application/octet-stream';
    heap.push(stored);
    const leaf: Node = {
      name: parts[parts.length - 1]!,
      children: new Map(),
      xml: `<type>file</type><data><length>${stored.length}</length><offset>${offset}</offset><size>${data.length}</size><encoding style="${style}"/><extracted-checksum style="sha1">${createHash('sha1').update(data).digest('hex')}</extracted-checksum></data>`,
    };
    offset += stored.length;
    node.children.set(leaf.name, leaf);
  }
  const render = (node: Node): string =>
    [...node.children.values()].map((c) => `<file id="${id++}"><name>${c.name}</name>${c.xml ?? '<type>directory</type>'}${render(c)}</file>`).join('');
  let tocXml = `<?xml version="1.0" encoding="UTF-8"?>\n<xar>\n <toc>\n  <checksum style="sha1"><offset>0</offset><size>20</size></checksum>\n  <creation-time>2024-05-01T10:00:00</creation-time>\n${options.signatureXml ?? ''}${render(root)}\n </toc>\n</xar>\n`;
  if (options.toc) tocXml = options.toc(tocXml);
  const toc = options.rawToc ?? deflateSync(Buffer.from(tocXml));
  const header = Buffer.alloc(28);
  header.write('xar!', 0, 'latin1');
  header.writeUInt16BE(28, 4);
  header.writeUInt16BE(1, 6);
  header.writeBigUInt64BE(BigInt(toc.length), 8);
  header.writeBigUInt64BE(BigInt(Buffer.byteLength(tocXml)), 16);
  header.writeUInt32BE(1, 24);
  options.patchHeader?.(header);
  return Buffer.concat([header, toc, ...heap]);
}

const DISTRIBUTION = `<?xml version="1.0" encoding="utf-8"?>
<installer-gui-script minSpecVersion="2">
  <title>Example &amp; Co App</title>
  <options customize="never" require-scripts="false" hostArchitectures="x86_64,arm64"/>
  <volume-check><allowed-os-versions><os-version min="11.0"/></allowed-os-versions></volume-check>
  <choices-outline><line choice="default"><line choice="com.example.app.pkg"/></line></choices-outline>
  <choice id="default"/>
  <choice id="com.example.app.pkg" visible="false"><pkg-ref id="com.example.app.pkg"/></choice>
  <pkg-ref id="com.example.app.pkg" version="2.3.4" onConclusion="none" installKBytes="1024">#com.example.app.pkg</pkg-ref>
  <product id="com.example.app" version="2.3.4"/>
</installer-gui-script>
`;

const PACKAGE_INFO = `<?xml version="1.0" encoding="utf-8"?>
<pkg-info overwrite-permissions="true" relocatable="false" identifier="com.example.app.pkg" postinstall-action="none" version="2.3.4" format-version="2" install-location="/Applications" auth="root">
    <payload numberOfFiles="12" installKBytes="1024"/>
    <bundle path="./Example.app" id="com.example.app" CFBundleShortVersionString="2.3.4" CFBundleVersion="234"/>
    <bundle-version><bundle id="com.example.app"/></bundle-version>
</pkg-info>
`;

function certificateBase64(dir: string, cn: string): string {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, `${cn.length}.pem`);
  run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', `/CN=${cn}/OU=ABCDE12345/O=Example Corp/C=US`]);
  return readFileSync(cert, 'utf8').replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
}

describe('.pkg', () => {
  it('reads a product archive: Distribution (zlib), component PackageInfo, file list and signer', async () => {
    const leaf = certificateBase64(work.dir, 'Developer ID Installer: Example Corp (ABCDE12345)');
    const signatureXml = `<signature style="RSA"><offset>20</offset><size>256</size><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${leaf}</X509Certificate></X509Data></KeyInfo></signature>\n`;
    const file = xar(
      [
        { path: 'Distribution', data: Buffer.from(DISTRIBUTION), encoding: 'zlib' },
        { path: 'Resources/en.lproj/welcome.html', data: Buffer.from('<p>hi</p>') },
        { path: 'com.example.app.pkg/PackageInfo', data: Buffer.from(PACKAGE_INFO), encoding: 'none' },
        { path: 'com.example.app.pkg/Bom', data: Buffer.alloc(64, 1) },
        { path: 'com.example.app.pkg/Payload', data: Buffer.alloc(4096, 2), encoding: 'zlib' },
      ],
      { signatureXml },
    );
    const info = await inspect(file);
    expect(info).toMatchObject({
      format: 'pkg',
      platform: 'macos',
      device: 'mac',
      name: 'Example & Co App',
      displayName: 'Example & Co App',
      bundleId: 'com.example.app',
      releaseVersion: '2.3.4',
      buildVersion: '234',
      minOsVersion: '11.0',
      size: file.length,
      archs: ['x86_64', 'arm64'],
      icons: [],
    });
    expect(info.details).toMatchObject({
      kind: 'product',
      xarVersion: 1,
      headerSize: 28,
      checksum: 'sha1',
      files: ['Distribution', 'Resources', 'Resources/en.lproj', 'Resources/en.lproj/welcome.html', 'com.example.app.pkg', 'com.example.app.pkg/PackageInfo', 'com.example.app.pkg/Bom', 'com.example.app.pkg/Payload'],
      fileCount: 8,
      title: 'Example & Co App',
      productId: 'com.example.app',
      productVersion: '2.3.4',
      packageRefs: [{ id: 'com.example.app.pkg', version: '2.3.4' }],
      components: [
        {
          path: 'com.example.app.pkg/PackageInfo',
          identifier: 'com.example.app.pkg',
          version: '2.3.4',
          installLocation: '/Applications',
          bundles: [{ id: 'com.example.app', path: './Example.app', releaseVersion: '2.3.4', buildVersion: '234' }],
        },
      ],
      signed: true,
      signer: 'Developer ID Installer: Example Corp (ABCDE12345)',
      certificates: ['Developer ID Installer: Example Corp (ABCDE12345)'],
    });
  });

  it('reads a component package (pkgbuild): PackageInfo at the top, gzip-encoded, unsigned', async () => {
    const info = await inspect(xar([{ path: 'PackageInfo', data: Buffer.from(PACKAGE_INFO.replace('com.example.app.pkg', 'com.example.tool')), encoding: 'gzip' }, { path: 'Payload', data: Buffer.alloc(10) }]));
    expect(info).toMatchObject({ format: 'pkg', name: null, bundleId: 'com.example.tool', releaseVersion: '2.3.4', buildVersion: '234', minOsVersion: null, archs: [] });
    expect(info.details).toMatchObject({ kind: 'component', signed: false, signer: null, files: ['PackageInfo', 'Payload'] });
  });

  it('skips a Distribution in an encoding it does not inflate (bzip2)', async () => {
    const info = await inspect(xar([{ path: 'Distribution', data: Buffer.from('BZh9 not really'), encoding: 'bzip2' }]));
    expect(info).toMatchObject({ format: 'pkg', name: null, bundleId: null });
    expect((info.details as { kind: string }).kind).toBe('product');
  });

  it('refuses broken archives with the reason', async () => {
    const files: XarInput[] = [{ path: 'Distribution', data: Buffer.from(DISTRIBUTION), encoding: 'zlib' }];
    const good = xar(files);
    const cases: [Buffer, string, RegExp][] = [
      [good.subarray(0, 20), 'truncated', /header needs 28 bytes starting with "xar!", but the file has 20 bytes/],
      [good.subarray(0, 60), 'truncated', /^The pkg's table of contents at byte 28 \(\d+ bytes\) lies outside the 60 bytes available/],
      [xar(files, { patchHeader: (h) => h.writeBigUInt64BE(1n << 32n, 16) }), 'limit_exceeded', /declares \d+ compressed and 4294967296 uncompressed bytes, more than the 16777216 allowed/],
      [xar(files, { patchHeader: (h) => h.writeUInt16BE(4, 4) }), 'corrupt_file', /declares a size of 4 bytes; at least 28 are expected/],
      [xar(files, { rawToc: Buffer.from('this is not zlib data at all') }), 'corrupt_file', /table of contents does not inflate/],
      [xar(files, { patchHeader: (h) => h.writeBigUInt64BE(5n, 16) }), 'corrupt_file', /inflates to \d+ bytes, not the 5 its header declares/],
      [xar(files, { toc: (t) => t.replace('</toc>', '') }), 'bad_xml', /^The pkg's table of contents: Invalid XML at line \d+, column \d+: <\/xar> does not match the open element <toc>$/],
      [xar(files, { toc: (t) => t.replace('<toc>', `<toc>${'<a>'.repeat(100)}${'</a>'.repeat(100)}`) }), 'limit_exceeded', /^The pkg's table of contents: The XML document nests elements more than 64 deep/],
      [xar(files, { toc: (t) => t.replace(/<offset>20<\/offset>/, '<offset>999999</offset>') }), 'truncated', /The pkg file "Distribution" at byte \d+ \(\d+ bytes\) lies outside/],
      [xar(files, { toc: () => '<?xml version="1.0"?><archive/>' }), 'corrupt_file', /should be <xar><toc>…, found <archive>/],
      // A long run without '=' in a tag: a backtracking attribute regex would take hours here.
      [xar(files, { toc: (t) => t.replace('<toc>', `<toc x="1" ${'b'.repeat(2_000_000)}>`) }), 'bad_xml', /expected "=" after attribute "b{2000000}"/],
      [xar([{ path: 'Distribution', data: Buffer.from(DISTRIBUTION.replace('</installer-gui-script>', '')), encoding: 'none' }]), 'bad_xml', /^The pkg file "Distribution": Invalid XML at line \d+/],
    ];
    for (const [bytes, code, message] of cases) {
      const error = await failureOf(inspect(bytes));
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    }
    // A TOC that inflates past the cap while declaring a small size: a bomb.
    const bomb = deflateSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    const error = await failureOf(inspect(xar(files, { rawToc: bomb, patchHeader: (h) => h.writeBigUInt64BE(1000n, 16) })));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain('inflates to more than 16777216 bytes');
  });
});

describe('mutations of the crafted installers and icons', () => {
  it('only ever fail with an AppInfoError', async () => {
    const seeds: Buffer[] = [
      dmg(dmgPlist(partitions)),
      xar([
        { path: 'Distribution', data: Buffer.from(DISTRIBUTION), encoding: 'none' },
        { path: 'pkg/PackageInfo', data: Buffer.from(PACKAGE_INFO), encoding: 'zlib' },
      ]),
    ];
    let state = 12345;
    const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    // Flips inside the compressed TOC mostly stop at zlib; flip the XML itself too.
    for (let i = 0; i < 300; i++) {
      const mutate = (xml: string) => {
        const chars = [...xml];
        for (let f = 0; f < 3; f++) chars[Math.floor(random() * chars.length)] = '<>/"=&;x '[Math.floor(random() * 9)]!;
        return chars.join('');
      };
      await inspect(xar([{ path: 'Distribution', data: Buffer.from(mutate(DISTRIBUTION)) }], { toc: mutate })).catch((error: unknown) => expect(error).toBeInstanceOf(AppInfoError));
    }
    for (const seed of seeds) {
      for (let i = 0; i < 300; i++) {
        const copy = Buffer.from(seed);
        const flips = 1 + Math.floor(random() * 4);
        for (let f = 0; f < flips; f++) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
        const cut = random() < 0.2 ? copy.subarray(0, Math.floor(random() * copy.length)) : copy;
        await inspect(cut).catch((error: unknown) => expect(error).toBeInstanceOf(AppInfoError));
      }
    }
    const icon = classicIcon().file;
    for (let i = 0; i < 300; i++) {
      const copy = Buffer.from(icon);
      copy[Math.floor(random() * Math.min(copy.length, 400))] = Math.floor(random() * 256);
      try {
        icnsToPng(copy);
      } catch (error) {
        expect(error).toBeInstanceOf(AppInfoError);
      }
    }
  });

  it('reads XML edge cases in a Distribution: CDATA, comments, entities, a DOCTYPE; refuses entity definitions', async () => {
    const distribution = `<?xml version="1.0"?>
<!DOCTYPE installer-gui-script>
<!-- a comment with <tags> -->
<installer-gui-script minSpecVersion='1'>
  <title><![CDATA[Tom & Jerry <Pro>]]></title>
  <product id="com.example.t&#x26;j" version="1&#46;0"/>
</installer-gui-script>`;
    const info = await inspect(xar([{ path: 'Distribution', data: Buffer.from(distribution) }]));
    expect(info).toMatchObject({ name: 'Tom & Jerry <Pro>', bundleId: 'com.example.t&j', releaseVersion: '1.0' });
    const laughs = distribution.replace('<!DOCTYPE installer-gui-script>', '<!DOCTYPE installer-gui-script [ <!ENTITY lol "lol"> ]>');
    const error = await failureOf(inspect(xar([{ path: 'Distribution', data: Buffer.from(laughs) }])));
    expect(error.code).toBe('bad_xml');
    expect(error.message).toMatch(/^The pkg file "Distribution": The XML document declares a DTD with an internal subset/);
  });
});
