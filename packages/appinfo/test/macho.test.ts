// Mach-O headers: thin and fat, every CPU name Apple's tools print, the platform and minimum
// OS from LC_BUILD_VERSION or LC_VERSION_MIN_*, UUIDs exactly as llvm-dwarfdump prints them,
// and zip entries read stored (random access) or deflated (a bounded prefix, never the whole
// binary). Real binaries come from clang + ld64.lld + llvm-lipo; hostile ones are derived
// from them (truncated, lying counts) or crafted byte by byte where no tool makes them
// (big-endian, encrypted, 10^6 fat archs).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import { findCodeSignature, parseCodeSignature } from '../src/formats/apple/code-signature.ts';
import { archName, isMachO, parseMachO, parseMachOEntry } from '../src/formats/apple/macho.ts';
import type { MachOInfo } from '../src/formats/apple/macho.ts';
import { bufferReader } from '../src/io/reader.ts';
import { openZip } from '../src/zip/zip.ts';
import type { ZipArchive, ZipEntry } from '../src/zip/zip.ts';
import { failureOf, fixture, makeZip, run, tempDir } from './helpers.ts';

const parse = (bytes: Buffer) => parseMachO(bufferReader(bytes));

/** UUIDs by arch as llvm-dwarfdump prints them, lowercased. */
function dwarfdumpUuids(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of run('llvm-dwarfdump-14', ['--uuid', file]).matchAll(/UUID: ([0-9A-F-]+) \(([^)]+)\)/g)) out[match[2]!] = match[1]!.toLowerCase();
  return out;
}

/** A zip entry of `bytes`, stored or deflated, opened for parseMachOEntry. */
async function zipEntry(bytes: Buffer, store: boolean): Promise<{ zip: ZipArchive; entry: ZipEntry }> {
  const zip = await openZip(bufferReader(makeZip([{ name: 'App.app/Contents/MacOS/App', data: bytes, store }])));
  return { zip, entry: zip.get('App.app/Contents/MacOS/App')! };
}

// A hand-made Mach-O, for what no tool here produces: big-endian, encryption, odd commands.
interface CraftOptions {
  magic: number;
  le: boolean;
  cpuType: number;
  cpuSubtype: number;
  fileType: number;
  commands: Buffer[];
  ncmds?: number;
  sizeofcmds?: number;
}

/** A 64-bit little-endian executable's header fields, for arm64 and x86_64. */
const ARM64_EXECUTE = { magic: 0xfeedfacf, le: true, cpuType: 0x0100000c, cpuSubtype: 0, fileType: 2 };
const X86_64_EXECUTE = { magic: 0xfeedfacf, le: true, cpuType: 0x01000007, cpuSubtype: 3, fileType: 2 };

function craft(options: CraftOptions): Buffer {
  const is64 = options.magic === 0xfeedfacf;
  const header = Buffer.alloc(is64 ? 32 : 28);
  const body = Buffer.concat(options.commands);
  const w = (value: number, at: number) => (options.le ? header.writeUInt32LE(value >>> 0, at) : header.writeUInt32BE(value >>> 0, at));
  w(options.magic, 0);
  w(options.cpuType, 4);
  w(options.cpuSubtype, 8);
  w(options.fileType, 12);
  w(options.ncmds ?? options.commands.length, 16);
  w(options.sizeofcmds ?? body.length, 20);
  return Buffer.concat([header, body]);
}

function command(le: boolean, words: number[], tail: Buffer = Buffer.alloc(0)): Buffer {
  const out = Buffer.alloc(8 + words.length * 4 + tail.length);
  const w = (value: number, at: number) => (le ? out.writeUInt32LE(value >>> 0, at) : out.writeUInt32BE(value >>> 0, at));
  words.forEach((word, i) => w(word, 8 + i * 4));
  tail.copy(out, 8 + words.length * 4);
  return out;
}

function withHeader(le: boolean, cmd: number, body: Buffer): Buffer {
  (le ? body.writeUInt32LE.bind(body) : body.writeUInt32BE.bind(body))(cmd, 0);
  (le ? body.writeUInt32LE.bind(body) : body.writeUInt32BE.bind(body))(body.length, 4);
  return body;
}

const UUID_BYTES = Buffer.from('00112233445566778899aabbccddeeff', 'hex');

function fatHeader(archs: { cpuType: number; cpuSubtype: number; offset: number; size: number }[], count = archs.length): Buffer {
  const out = Buffer.alloc(8 + archs.length * 20);
  out.writeUInt32BE(0xcafebabe, 0);
  out.writeUInt32BE(count, 4);
  archs.forEach((a, i) => {
    out.writeUInt32BE(a.cpuType >>> 0, 8 + i * 20);
    out.writeUInt32BE(a.cpuSubtype >>> 0, 12 + i * 20);
    out.writeUInt32BE(a.offset, 16 + i * 20);
    out.writeUInt32BE(a.size, 20 + i * 20);
    out.writeUInt32BE(14, 24 + i * 20);
  });
  return out;
}

let work: { dir: string; cleanup: () => void };
const built: Record<string, string> = {};

beforeAll(() => {
  work = tempDir('appinfo-macho-');
  const { dir } = work;
  writeFileSync(path.join(dir, 'a.c'), 'int helper(int x) { return x * 2; }\nint main(void) { return helper(21); }\n');
  // A second image with 400 KiB of data, so a fat file's next slice starts far from byte 0.
  writeFileSync(path.join(dir, 'big.c'), 'const char blob[400 * 1024] = {1};\nint main(void) { return blob[7]; }\n');
  const exe = (name: string, target: string, arch: string, platform: string[], source = 'a.c') => {
    run('clang', ['-g', '-c', '-target', target, source, '-o', `${name}.o`], { cwd: dir });
    run('ld64.lld-14', ['-arch', arch, '-platform_version', ...platform, '-o', name, `${name}.o`, '-e', '_main'], { cwd: dir });
    built[name] = path.join(dir, name);
  };
  exe('mac-x86', 'x86_64-apple-macos11', 'x86_64', ['macos', '11.0', '11.3']);
  exe('ios-arm64', 'arm64-apple-ios12', 'arm64', ['ios', '12.0', '14.5']);
  exe('mac-big', 'x86_64-apple-macos11', 'x86_64', ['macos', '11.0', '11.0'], 'big.c');
  exe('mac-arm64', 'arm64-apple-macos11', 'arm64', ['macos', '11.0', '11.0']);
  run('llvm-lipo-14', ['-create', 'mac-x86', 'ios-arm64', '-output', 'fat'], { cwd: dir });
  run('llvm-lipo-14', ['-create', 'mac-big', 'mac-arm64', '-output', 'fat-big'], { cwd: dir });
  built.fat = path.join(dir, 'fat');
  built['fat-big'] = path.join(dir, 'fat-big');
});

afterAll(() => work.cleanup());

describe('real binaries from clang and ld64.lld', () => {
  it('reads a thin macOS x86_64 executable as llvm tools do', async () => {
    const info = await parse(readFileSync(built['mac-x86']!));
    expect(info).toEqual({
      fat: false,
      slices: [
        {
          arch: 'x86_64',
          cpuType: 0x01000007,
          cpuSubtype: 3,
          offset: 0,
          size: readFileSync(built['mac-x86']!).length,
          fileType: 'execute',
          uuid: dwarfdumpUuids(built['mac-x86']!).x86_64,
          platform: 'macos',
          minOs: '11.0',
          sdk: '11.3',
          encrypted: null,
        },
      ],
    });
    expect(info.slices[0]!.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('reads a thin iOS arm64 executable', async () => {
    const [slice] = (await parse(readFileSync(built['ios-arm64']!))).slices;
    expect(slice).toMatchObject({ arch: 'arm64', cpuType: 0x0100000c, fileType: 'execute', platform: 'ios', minOs: '12.0', sdk: '14.5', uuid: dwarfdumpUuids(built['ios-arm64']!).arm64 });
  });

  it('reads every slice of a fat file made by llvm-lipo, with offsets and sizes from the fat header', async () => {
    const bytes = readFileSync(built.fat!);
    expect(isMachO(bytes)).toBe(true);
    const info = await parse(bytes);
    const uuids = dwarfdumpUuids(built.fat!);
    expect(info.fat).toBe(true);
    expect(info.slices.map((s) => [s.arch, s.platform, s.minOs, s.uuid])).toEqual([
      ['x86_64', 'macos', '11.0', uuids.x86_64],
      ['arm64', 'ios', '12.0', uuids.arm64],
    ]);
    expect(run('llvm-lipo-14', ['-archs', built.fat!]).trim().split(' ')).toEqual(info.slices.map((s) => s.arch));
    for (const slice of info.slices) {
      expect(slice.offset % 4096).toBe(0);
      expect(slice.offset + slice.size).toBeLessThanOrEqual(bytes.length);
    }
    expect(info.slices[1]!.size).toBe(readFileSync(built['ios-arm64']!).length);
  });

  it('names every CPU the way llvm-lipo does, and the platform clang targeted', async () => {
    const { dir } = work;
    const targets: [string, string, string, string][] = [
      ['armv7-apple-ios9', 'armv7', 'ios', '9.0'],
      ['armv7s-apple-ios9', 'armv7s', 'ios', '9.0'],
      ['arm64e-apple-ios14', 'arm64e', 'ios', '14.0'],
      ['armv7k-apple-watchos4', 'armv7k', 'watchos', '4.0'],
      ['arm64_32-apple-watchos5', 'arm64_32', 'watchos', '5.0'],
      ['x86_64h-apple-macos10.15', 'x86_64h', 'macos', '10.15'],
      ['i386-apple-macos10.12', 'i386', 'macos', '10.12'],
      ['arm64-apple-tvos13', 'arm64', 'tvos', '13.0'],
      ['arm64-apple-ios14-macabi', 'arm64', 'maccatalyst', '14.0'],
      ['x86_64-apple-ios13-simulator', 'x86_64', 'iossimulator', '13.0'],
    ];
    for (const [target, arch, platform, minOs] of targets) {
      const file = path.join(dir, `${target}.o`);
      run('clang', ['-c', '-target', target, 'a.c', '-o', file], { cwd: dir });
      expect(run('llvm-lipo-14', ['-archs', file]).trim()).toBe(arch);
      const [slice] = (await parse(readFileSync(file))).slices;
      expect(slice).toMatchObject({ arch, platform, minOs, fileType: 'object', uuid: null });
    }
    // Old iOS targets get LC_VERSION_MIN_IPHONEOS, not LC_BUILD_VERSION; the sdk is "n/a".
    expect(run('llvm-objdump-14', ['--macho', '--private-headers', path.join(dir, 'armv7-apple-ios9.o')])).toContain('LC_VERSION_MIN_IPHONEOS');
    expect((await parse(readFileSync(path.join(dir, 'armv7-apple-ios9.o')))).slices[0]!.sdk).toBeNull();
    expect(archName(0x0100000c, 0x80000002)).toBe('arm64e');
    expect(archName(18, 0)).toBe('ppc');
    expect(archName(99, 1)).toBe('cpu_99_1');
  });
});

describe('the fixtures', () => {
  it('reads the macOS app executable, deflated in macos.zip: x86_64 and arm64, min OS 11.3', async () => {
    const zip = await openZip(bufferReader(readFileSync(fixture('apps/macos.zip'))));
    try {
      const entry = zip.get('GuiApp.app/Contents/MacOS/GuiApp')!;
      expect(entry.compressionMethod).toBe(8);
      const info = await parseMachOEntry(zip, entry);
      expect(info.fat).toBe(true);
      const slices = info.slices.map((s) => ({
        arch: s.arch,
        fileType: s.fileType,
        platform: s.platform,
        minOs: s.minOs,
        sdk: s.sdk,
        uuid: s.uuid,
        offset: s.offset,
        size: s.size,
      }));
      expect(slices).toEqual([
        { arch: 'x86_64', fileType: 'execute', platform: 'macos', minOs: '11.3', sdk: '11.3', uuid: 'b9df334b-d000-3983-83ab-f1f60e71d866', offset: 16384, size: 73904 },
        { arch: 'arm64', fileType: 'execute', platform: 'macos', minOs: '11.3', sdk: '11.3', uuid: 'd7469719-03a4-3ca6-8ed5-d6d875ae5cee', offset: 98304, size: 73936 },
      ]);
    } finally {
      await zip.close();
    }
  });

  it('reads the dSYM fixture object: arm64, UUID ea9bbf2d-…, a dsym file', async () => {
    const zip = await openZip(bufferReader(readFileSync(fixture('debug-files/ios-dsym-single.zip'))));
    try {
      const info = await parseMachOEntry(zip, zip.get('ios.DSYM/Contents/Resources/DWARF/iOS')!);
      expect(info).toEqual({
        fat: false,
        slices: [{ arch: 'arm64', cpuType: 0x0100000c, cpuSubtype: 0, offset: 0, size: 866911, fileType: 'dsym', uuid: 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5', platform: 'ios', minOs: '12.4', sdk: '12.4', encrypted: null }],
      });
    } finally {
      await zip.close();
    }
  });

  it('reads the code signature of the macOS app: its development identity and team', async () => {
    const zip = await openZip(bufferReader(readFileSync(fixture('apps/macos.zip'))));
    try {
      const bytes = await zip.read(zip.get('GuiApp.app/Contents/MacOS/GuiApp')!);
      const reader = bufferReader(bytes);
      const info = await parseMachO(reader);
      const location = await findCodeSignature(reader, info.slices[0]!);
      expect(location).toEqual({ offset: 16384 + 53680, size: 20224 });
      const signature = parseCodeSignature(await reader.read(location!.offset, location!.size));
      expect(signature).toMatchObject({
        identifier: 'com.icyleaf.macos.GUIApp',
        teamId: '72LA85G59H',
        adhoc: false,
        hardenedRuntime: true,
        identity: 'Apple Development: Shen Wang (499ZF9BZZC)',
        authorities: ['Apple Development: Shen Wang (499ZF9BZZC)', 'Apple Worldwide Developer Relations Certification Authority', 'Apple Root CA'],
      });
      expect(signature.entitlements!.toString()).toContain('com.apple.security.app-sandbox');
      // ld64.lld-14 does not sign: no LC_CODE_SIGNATURE.
      const thin = bufferReader(readFileSync(built['mac-x86']!));
      expect(await findCodeSignature(thin, (await parseMachO(thin)).slices[0]!)).toBeNull();
      // A SuperBlob whose blob index points past its end.
      const blob = Buffer.alloc(20);
      blob.writeUInt32BE(0xfade0cc0, 0);
      blob.writeUInt32BE(20, 4);
      blob.writeUInt32BE(1, 8);
      blob.writeUInt32BE(0, 12);
      blob.writeUInt32BE(400, 16);
      expect(() => parseCodeSignature(blob)).toThrow(/code signature is corrupt: blob 1 starts at byte 400, past its 20 bytes/);
    } finally {
      await zip.close();
    }
  });
});

describe('zip entries', () => {
  it('gives the same answer for a stored and a deflated entry', async () => {
    const bytes = readFileSync(built['fat-big']!);
    const expected = await parse(bytes);
    for (const store of [true, false]) {
      const { zip, entry } = await zipEntry(bytes, store);
      try {
        expect(await parseMachOEntry(zip, entry)).toEqual(expected);
      } finally {
        await zip.close();
      }
    }
  });

  it('inflates a deflated binary only up to its last slice header, not to its end', async () => {
    // The arm64 slice starts after 400 KiB of x86_64 data; append 4 MiB of padding after
    // the fat file so that reading everything would show.
    const fat = readFileSync(built['fat-big']!);
    const info = await parse(fat);
    const last = info.slices[info.slices.length - 1]!;
    expect(last.offset).toBeGreaterThan(400 * 1024);
    const { zip, entry } = await zipEntry(Buffer.concat([fat, Buffer.alloc(4 * 1024 * 1024)]), false);
    const asked: number[] = [];
    const spy: ZipArchive = { ...zip, read: (e, options) => (asked.push(options?.prefix ?? e.uncompressedSize), zip.read(e, options)) };
    try {
      expect((await parseMachOEntry(spy, entry)).slices).toEqual(info.slices);
      expect(Math.max(...asked)).toBeLessThan(2 * (last.offset + 64 * 1024));
      expect(Math.max(...asked)).toBeLessThan(entry.uncompressedSize / 2);
      expect(asked.every((n) => n < entry.uncompressedSize)).toBe(true);
    } finally {
      await zip.close();
    }
  });

  it('names the entry when its Mach-O is broken', async () => {
    const { zip, entry } = await zipEntry(readFileSync(built['mac-x86']!).subarray(0, 40), false);
    try {
      const error = await failureOf(parseMachOEntry(zip, entry));
      expect(error.code).toBe('truncated');
      expect(error.message).toMatch(/^In "App.app\/Contents\/MacOS\/App": Bytes 32–\d+ \(the Mach-O's load commands\) lie past the end of the 40-byte file; it is truncated$/);
    } finally {
      await zip.close();
    }
  });
});

describe('crafted headers', () => {
  it('reads a big-endian 32-bit (PowerPC) image with LC_VERSION_MIN_MACOSX and LC_UUID', async () => {
    const bytes = craft({
      magic: 0xfeedface,
      le: false,
      cpuType: 18,
      cpuSubtype: 0,
      fileType: 6,
      commands: [
        withHeader(false, 0x24, command(false, [0x000a0400, 0x000a0500])),
        withHeader(false, 0x1b, command(false, [], UUID_BYTES)),
      ],
    });
    expect(isMachO(bytes)).toBe(true);
    expect((await parse(bytes)).slices[0]).toEqual({
      arch: 'ppc', cpuType: 18, cpuSubtype: 0, offset: 0, size: bytes.length, fileType: 'dylib', uuid: '00112233-4455-6677-8899-aabbccddeeff', platform: 'macos', minOs: '10.4', sdk: '10.5', encrypted: null,
    });
  });

  it('reports App Store encryption from LC_ENCRYPTION_INFO_64 cryptid', async () => {
    const make = (cryptid: number) =>
      craft({ ...ARM64_EXECUTE, commands: [withHeader(true, 0x2c, command(true, [0x4000, 0x8000, cryptid, 0]))] });
    expect((await parse(make(1))).slices[0]!.encrypted).toBe(true);
    expect((await parse(make(0))).slices[0]!.encrypted).toBe(false);
  });

  it('reports LC_BUILD_VERSION patch versions and an absent sdk', async () => {
    const bytes = craft({ ...ARM64_EXECUTE, commands: [withHeader(true, 0x32, command(true, [2, 0x000f0203, 0, 0]))] });
    expect((await parse(bytes)).slices[0]).toMatchObject({ platform: 'ios', minOs: '15.2.3', sdk: null });
  });

  it('tells a fat header from a Java class file and from other content', () => {
    const java = Buffer.from('cafebabe0000003d000f0a000200030700040c', 'hex'); // Java 17 class
    expect(isMachO(java)).toBe(false);
    expect(isMachO(Buffer.from('#!/bin/sh\necho hi\n'))).toBe(false);
    expect(isMachO(Buffer.alloc(3))).toBe(false);
    expect(isMachO(fatHeader([{ cpuType: 0x0100000c, cpuSubtype: 0, offset: 16384, size: 100 }]))).toBe(true);
    expect(isMachO(fatHeader([{ cpuType: 0x0100000c, cpuSubtype: 0, offset: 16384, size: 100 }], 1_000_000))).toBe(false);
    // An unknown CPU or an offset inside the header itself is not a fat file.
    expect(isMachO(fatHeader([{ cpuType: 0x4242, cpuSubtype: 0, offset: 16384, size: 100 }]))).toBe(false);
    expect(isMachO(fatHeader([{ cpuType: 7, cpuSubtype: 3, offset: 4, size: 100 }]))).toBe(false);
    for (const magic of ['feedface', 'cefaedfe', 'feedfacf', 'cffaedfe']) expect(isMachO(Buffer.from(`${magic}00000000`, 'hex'))).toBe(true);
  });
});

describe('hostile input', () => {
  let exe: Buffer;
  beforeAll(() => {
    exe = readFileSync(built['mac-x86']!);
  });

  it('refuses a binary truncated at each boundary: magic, header, load commands', async () => {
    const sizeofcmds = exe.readUInt32LE(20);
    for (const [cut, pattern] of [
      [3, /^Bytes 0–8 \(the Mach-O's header\) lie past the end of the 3-byte file; it is truncated$/],
      [20, /^Bytes 0–32 \(the Mach-O's header\) lie past the end of the 20-byte file; it is truncated$/],
      [32, new RegExp(`^Bytes 32–${32 + sizeofcmds} \\(the Mach-O's load commands\\) lie past the end of the 32-byte file; it is truncated$`)],
      [32 + Math.floor(sizeofcmds / 2), /^Bytes 32–\d+ \(the Mach-O's load commands\) lie past the end of the \d+-byte file; it is truncated$/],
    ] as const) {
      const error = await failureOf(parse(exe.subarray(0, cut)));
      expect(error.code).toBe('truncated');
      expect(error.message).toMatch(pattern);
    }
  });

  it('refuses an ncmds that its sizeofcmds cannot hold, and one that overruns the commands', async () => {
    const lying = Buffer.from(exe);
    lying.writeUInt32LE(0xffffffff, 16);
    let error = await failureOf(parse(lying));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/declares 4294967295 load commands in \d+ bytes, which cannot hold them/);

    // One more command than there is: it starts past the end of the real commands.
    const sizeofcmds = exe.readUInt32LE(20);
    const commands = exe.subarray(32, 32 + sizeofcmds);
    const onePlus = craft({ ...X86_64_EXECUTE, commands: [commands], ncmds: exe.readUInt32LE(16) + 1 });
    error = await failureOf(parse(onePlus));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/load command \d+ of \d+ starts at byte \d+, past the \d+ bytes of load commands declared/);

    // A command claiming 0 bytes would loop forever without the cmdsize check.
    const zero = craft({ ...X86_64_EXECUTE, commands: [Buffer.alloc(16)], ncmds: 2 });
    error = await failureOf(parse(zero));
    expect(error.message).toMatch(/load command 1 of 2 declares 0 bytes, which does not fit the 16 bytes left/);
  });

  it('refuses load commands larger than the cap before reading them', async () => {
    const huge = Buffer.from(exe);
    huge.writeUInt32LE(0x7fffffff, 20);
    const error = await failureOf(parse(huge));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain('declares 2147483647 bytes of load commands, more than the 16777216 allowed');
  });

  it('refuses a fat header with 10^6 architectures without reading them', async () => {
    const error = await failureOf(parse(Buffer.concat([fatHeader([], 1_000_000), Buffer.alloc(64)])));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain('declares 1000000 architectures, more than the 32 allowed');
  });

  it('refuses fat slices that overlap, lie past the end, or sit inside the fat header', async () => {
    const slice = readFileSync(built['mac-x86']!);
    const at = 4096;
    const file = (archs: Parameters<typeof fatHeader>[0]) => {
      const header = fatHeader(archs);
      const out = Buffer.alloc(at + slice.length + 8192);
      header.copy(out, 0);
      slice.copy(out, at);
      return out;
    };
    const archs = [
      { cpuType: 0x01000007, cpuSubtype: 3, offset: at, size: slice.length },
      { cpuType: 0x0100000c, cpuSubtype: 0, offset: at + 16, size: 100 },
    ];
    let error = await failureOf(parse(file(archs)));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/^Fat Mach-O slices x86_64 and arm64 overlap/);

    error = await failureOf(parse(file([{ cpuType: 0x01000007, cpuSubtype: 3, offset: at, size: 0x7fffffff }])));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/^Fat Mach-O slice 1 \(x86_64\) declares bytes 4096–2147487743, outside the 28–\d+ the file holds after its header/);

    error = await failureOf(parse(file([{ cpuType: 0x01000007, cpuSubtype: 3, offset: 8, size: 100 }])));
    expect(error.code).toBe('corrupt_file');

    error = await failureOf(parse(file([{ cpuType: 0x01000007, cpuSubtype: 3, offset: at + 1, size: 200 }])));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/^Expected a Mach-O header of the x86_64 slice at byte 4097/);

    error = await failureOf(parse(Buffer.from('cafebabe00000000', 'hex')));
    expect(error.message).toBe('The fat Mach-O header declares no architectures; the file is corrupt');
  });

  it('never throws anything but AppInfoError on truncations and byte flips of a fat file', async () => {
    const fat = readFileSync(built.fat!);
    const header = fat.subarray(0, 16384 + 2048);
    for (let cut = 0; cut < 200; cut += 7) {
      const result = await parse(header.subarray(0, cut)).then(
        (info: MachOInfo) => info,
        (error: unknown) => {
          expect(error).toBeInstanceOf(AppInfoError);
          return null;
        },
      );
      expect(result).toBeNull();
    }
    for (let i = 0; i < 300; i++) {
      const copy = Buffer.from(fat);
      const at = (i * 7919) % (16384 + 1024);
      copy[at] = copy[at]! ^ 0xff;
      await parse(copy).catch((error: unknown) => expect(error).toBeInstanceOf(AppInfoError));
    }
  });
});
