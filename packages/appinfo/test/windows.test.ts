// Windows packages. The UPX-packed fixture (apps/win-upx.exe) must report the README's
// version resource. Real PEs are built here with clang for x86, x86_64 and arm64, linked by
// lld-link with resources compiled by llvm-rc (a VERSIONINFO, an ICON made of a PNG and a
// 32-bit BMP image, a manifest), so every field has a known answer; icon DIBs of every
// bit depth are decoded pixel by pixel. A hand-made minimal PE carries the hostile cases the
// linker would never write: resource loops, absurd counts, lying version blocks, truncation
// at every structure. MSIX packages are zips with a manifest written here; MSI databases are
// built with msitools' msibuild (Debian package `msitools`).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MsiInfo } from '../src/formats/windows/msi.ts';
import { decodeStreamName } from '../src/formats/windows/msi.ts';
import type { MsixInfo } from '../src/formats/windows/msix.ts';
import { iconImageToPng } from '../src/formats/windows/ico.ts';
import type { ExeInfo } from '../src/formats/windows/pe.ts';
import { parseVersionInfo } from '../src/formats/windows/pe.ts';
import { isPng, pngSize } from '../src/image/png.ts';
import { inspect, inspectIcon } from '../src/inspect.ts';
import { failure, failureOf, fixture, makeZip, run, tempDir } from './helpers.ts';

// ---------------------------------------------------------------------------------------
// Small image helpers: a PNG writer (for icons put into resources) and a reader for the
// 8-bit RGBA, filter-0 PNGs our encoder writes, to check decoded pixels.

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

function solidPng(size: number, rgba: [number, number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgba).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

function decodeOurPng(png: Buffer): { width: number; height: number; pixel: (x: number, y: number) => number[] } {
  const { width, height } = pngSize(png)!;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = y * (width * 4 + 1) + 1 + x * 4;
      expect(raw[y * (width * 4 + 1)]).toBe(0);
      return [...raw.subarray(at, at + 4)];
    },
  };
}

/** A BITMAPINFOHEADER DIB as icons store it: double height, bottom-up rows, AND mask. */
interface DibOptions {
  palette?: number[][];
  transparent?: (x: number, y: number) => boolean;
  noMask?: boolean;
}

function dib(width: number, height: number, bpp: number, pixel: (x: number, y: number) => number[], options: DibOptions = {}): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(bpp, 14);
  const palette = options.palette ? Buffer.from(options.palette.flatMap(([r, g, b]) => [b!, g!, r!, 0])) : Buffer.alloc(0);
  if (options.palette) header.writeUInt32LE(options.palette.length, 32);
  const stride = Math.ceil((width * bpp) / 32) * 4;
  const xor = Buffer.alloc(stride * height);
  const maskStride = Math.ceil(width / 32) * 4;
  const mask = Buffer.alloc(maskStride * height);
  for (let y = 0; y < height; y++) {
    const row = (height - 1 - y) * stride;
    const maskRow = (height - 1 - y) * maskStride;
    for (let x = 0; x < width; x++) {
      const value = pixel(x, y);
      if (bpp === 32) xor.set([value[2]!, value[1]!, value[0]!, value[3]!], row + x * 4);
      else if (bpp === 24) xor.set([value[2]!, value[1]!, value[0]!], row + x * 3);
      else {
        const bit = x * bpp;
        xor[row + (bit >> 3)]! |= value[0]! << (8 - bpp - (bit & 7));
      }
      if (options.transparent?.(x, y)) mask[maskRow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([header, palette, xor, options.noMask ? Buffer.alloc(0) : mask]);
}

/** An .ico file from images ([size, bytes]). */
function ico(images: [number, Buffer][]): Buffer {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach(([size, data], i) => {
    const at = 6 + i * 16;
    head[at] = size & 0xff;
    head[at + 1] = size & 0xff;
    head.writeUInt16LE(1, at + 4);
    head.writeUInt16LE(32, at + 6);
    head.writeUInt32LE(data.length, at + 8);
    head.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([head, ...images.map(([, data]) => data)]);
}

// ---------------------------------------------------------------------------------------
// Real executables: clang + llvm-rc + lld-link.

const RC = `1 ICON "app.ico"
1 24 "app.manifest"
1 VERSIONINFO
 FILEVERSION 1,2,3,4
 PRODUCTVERSION 1,2,0,0
 FILEOS 0x4
 FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "CompanyName", "Tarmac Test Co"
      VALUE "FileDescription", "Tarmac Test App"
      VALUE "FileVersion", "1.2.3.4"
      VALUE "ProductName", "Tarmac Demo"
      VALUE "ProductVersion", "1.2.0-beta"
      VALUE "OriginalFilename", "demo.exe"
      VALUE "InternalName", "demo"
      VALUE "LegalCopyright", "(c) Tarmac"
      VALUE "Comments", "Ünïcode ✓"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
`;

const MANIFEST = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security><requestedPrivileges><requestedExecutionLevel level="requireAdministrator" uiAccess="false"/></requestedPrivileges></security>
  </trustInfo>
</assembly>`;

const gradient = (x: number, y: number) => [x * 16, y * 16, 128, 255];

let work: { dir: string; cleanup: () => void };
const built: Record<string, string> = {};

function buildExe(name: string, target: string, rc: string, icoBytes: Buffer, extra: string[] = []): string {
  const dir = path.join(work.dir, name);
  run('mkdir', ['-p', dir]);
  writeFileSync(path.join(dir, 'main.c'), 'int mainCRTStartup(void) { return 0; }\nint __declspec(dllexport) helper(void) { return 1; }\n');
  writeFileSync(path.join(dir, 'app.ico'), icoBytes);
  writeFileSync(path.join(dir, 'app.manifest'), MANIFEST);
  writeFileSync(path.join(dir, 'app.rc'), rc);
  run('llvm-rc-14', ['/C', '65001', '/FO', 'app.res', 'app.rc'], { cwd: dir });
  const out = path.join(dir, extra.includes('-shared') ? 'out.dll' : 'out.exe');
  run('clang', [`--target=${target}`, '-fuse-ld=lld', '-nostdlib', '-Wl,/entry:mainCRTStartup', ...extra, 'main.c', 'app.res', '-o', out], { cwd: dir });
  return out;
}

beforeAll(() => {
  work = tempDir();
  const pngIcon = solidPng(48, [255, 0, 0, 255]);
  const bmpIcon = dib(16, 16, 32, gradient);
  built.x64 = buildExe('x64', 'x86_64-pc-windows-msvc', RC, ico([[16, bmpIcon], [48, pngIcon]]), ['-Wl,/subsystem:windows']);
  built.x86 = buildExe('x86', 'i686-pc-windows-msvc', RC.replace('1 24 "app.manifest"\n', ''), ico([[16, bmpIcon]]), ['-Wl,/subsystem:console']);
  built.arm64 = buildExe('arm64', 'aarch64-pc-windows-msvc', RC.replace(/1 VERSIONINFO[\s\S]*$/, ''), ico([[16, bmpIcon]]), ['-Wl,/subsystem:windows']);
  built.dll = buildExe('dll', 'x86_64-pc-windows-msvc', '1 VERSIONINFO\nFILEVERSION 5,6,7,8\nBEGIN\nEND\n', ico([[16, bmpIcon]]), ['-shared', '-Wl,/subsystem:windows']);
});

afterAll(() => work?.cleanup());

describe('Windows fixture (apps/win-upx.exe)', () => {
  it('reports the README values: UPX 3.08, x86, the version strings', async () => {
    const info = (await inspect(fixture('apps/win-upx.exe'))) as ExeInfo;
    expect(info).toMatchObject({
      format: 'exe',
      platform: 'windows',
      device: 'desktop',
      name: 'UPX',
      displayName: 'UPX executable packer',
      bundleId: null,
      releaseVersion: '3.08 (2011-12-12)',
      buildVersion: null,
      minOsVersion: '4.0',
      size: 293888,
      archs: ['x86'],
      icons: [],
    });
    expect(info.details).toMatchObject({
      machine: 0x14c,
      arch: 'x86',
      peType: 'PE32',
      subsystem: 'windows_cui',
      timestamp: null,
      isDll: false,
      dotnet: false,
      signed: false,
      packer: 'upx',
      fileVersion: '3.8.0.0',
      productVersion: '3.8.0.0',
      versionLanguage: '040904b0',
      companyName: 'The UPX Team http://upx.sf.net',
      fileDescription: 'UPX executable packer',
      productName: 'UPX',
      originalFilename: 'upx.exe',
      internalName: 'upx.exe',
      legalCopyright: '© 1996-2011 Markus F.X.J. Oberhumer',
      requestedExecutionLevel: null,
    });
    expect(info.details.versionStrings).toEqual({
      CompanyName: 'The UPX Team http://upx.sf.net',
      FileDescription: 'UPX executable packer',
      FileVersion: '3.08 (2011-12-12)',
      InternalName: 'upx.exe',
      LegalCopyright: '© 1996-2011 Markus F.X.J. Oberhumer',
      OriginalFilename: 'upx.exe',
      ProductName: 'UPX',
      ProductVersion: '3.08 (2011-12-12)',
    });
    expect(info.details.sections.map((s) => s.name)).toEqual(['UPX0', 'UPX1', '.rsrc']);
    expect(await inspectIcon(fixture('apps/win-upx.exe'))).toBeNull();
  });

  it('prints the version strings verbatim (not snake_cased) from the CLI', () => {
    const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
    const result = spawnSync(process.execPath, [cli, fixture('apps/win-upx.exe')], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.release_version).toBe('3.08 (2011-12-12)');
    expect(json.details.version_strings.CompanyName).toBe('The UPX Team http://upx.sf.net');
    expect(json.details.company_name).toBe('The UPX Team http://upx.sf.net');
  });
});

describe('PE files built with clang, llvm-rc and lld-link', () => {
  it('x86_64 GUI exe: version resource, manifest, icon group (PNG chosen as the largest)', async () => {
    const info = (await inspect(built.x64!)) as ExeInfo;
    expect(info).toMatchObject({
      format: 'exe',
      name: 'Tarmac Demo',
      displayName: 'Tarmac Test App',
      bundleId: null,
      releaseVersion: '1.2.0-beta',
      buildVersion: null,
      minOsVersion: '6.0',
      archs: ['x86_64'],
      icons: [
        { path: 'RT_ICON/2', width: 48, height: 48, kind: 'png' },
        { path: 'RT_ICON/1', width: 16, height: 16, kind: 'bmp' },
      ],
    });
    expect(info.details).toMatchObject({
      machine: 0x8664,
      peType: 'PE32+',
      subsystem: 'windows_gui',
      isDll: false,
      packer: null,
      fileVersion: '1.2.3.4',
      productVersion: '1.2.0.0',
      requestedExecutionLevel: 'requireAdministrator',
    });
    expect(info.details.versionStrings.Comments).toBe('Ünïcode ✓');
    expect(info.details.sections.map((s) => s.name)).toContain('.rsrc');
    const icon = await inspectIcon(built.x64!);
    expect(icon!.equals(solidPng(48, [255, 0, 0, 255]))).toBe(true);
  });

  it('x86 console exe: a 32-bit BMP icon decoded to PNG pixel for pixel', async () => {
    const info = (await inspect(built.x86!)) as ExeInfo;
    expect(info).toMatchObject({ archs: ['x86'], icons: [{ path: 'RT_ICON/1', width: 16, height: 16, kind: 'bmp' }] });
    expect(info.details).toMatchObject({ peType: 'PE32', subsystem: 'windows_cui', requestedExecutionLevel: null });
    const png = decodeOurPng((await inspectIcon(built.x86!))!);
    expect([png.width, png.height]).toEqual([16, 16]);
    for (const [x, y] of [[0, 0], [15, 0], [0, 15], [7, 9]] as const) expect(png.pixel(x, y)).toEqual(gradient(x, y));
  });

  it('arm64 exe without a version resource falls back to nulls', async () => {
    const info = (await inspect(built.arm64!)) as ExeInfo;
    expect(info).toMatchObject({ archs: ['arm64'], name: null, displayName: null, releaseVersion: null });
    expect(info.details).toMatchObject({ machine: 0xaa64, fileVersion: null, versionStrings: {}, versionLanguage: null });
  });

  it('a DLL with only a fixed version', async () => {
    const info = (await inspect(built.dll!)) as ExeInfo;
    expect(info.details).toMatchObject({ isDll: true, fileVersion: '5.6.7.8', productVersion: '0.0.0.0', versionStrings: {} });
    expect(info.releaseVersion).toBe('0.0.0.0');
  });

  it('writes the icon through the CLI', () => {
    const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
    const out = path.join(work.dir, 'x86-icon.png');
    const result = spawnSync(process.execPath, [cli, built.x86!, '--icon', out], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(pngSize(readFileSync(out))).toEqual({ width: 16, height: 16 });
  });
});

describe('icon DIBs of every depth', () => {
  it('decodes 24-bit, 8-, 4- and 1-bit palette images with their AND masks', () => {
    const palette = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 255],
    ];
    const index = (x: number, y: number) => [(x + y) % 4];
    const hole = (x: number, y: number) => x === 1 && y === 2;
    for (const bpp of [8, 4]) {
      const png = decodeOurPng(iconImageToPng(dib(5, 3, bpp, index, { palette, transparent: hole })));
      expect([png.width, png.height]).toEqual([5, 3]);
      expect(png.pixel(0, 0)).toEqual([255, 0, 0, 255]);
      expect(png.pixel(2, 0)).toEqual([0, 0, 255, 255]);
      expect(png.pixel(3, 2)).toEqual([0, 255, 0, 255]);
      expect(png.pixel(1, 2)[3]).toBe(0);
    }
    const monochrome = { palette: [[0, 0, 0], [255, 255, 255]], transparent: (x: number) => x === 8 };
    const mono = decodeOurPng(iconImageToPng(dib(9, 2, 1, (x) => [x % 2], monochrome)));
    expect(mono.pixel(0, 0)).toEqual([0, 0, 0, 255]);
    expect(mono.pixel(1, 1)).toEqual([255, 255, 255, 255]);
    expect(mono.pixel(8, 0)[3]).toBe(0);
    const rgb = decodeOurPng(iconImageToPng(dib(3, 3, 24, (x, y) => [x * 80, y * 80, 7], { transparent: (x, y) => x === y })));
    expect(rgb.pixel(2, 1)).toEqual([160, 80, 7, 255]);
    expect(rgb.pixel(1, 1)).toEqual([80, 80, 7, 0]);
  });

  it('uses the AND mask for 32-bit images without alpha, and makes them opaque without a mask', () => {
    const noAlpha = (x: number, y: number) => [x, y, 9, 0];
    const masked = decodeOurPng(iconImageToPng(dib(4, 4, 32, noAlpha, { transparent: (x) => x === 0 })));
    expect(masked.pixel(0, 3)).toEqual([0, 3, 9, 0]);
    expect(masked.pixel(2, 3)).toEqual([2, 3, 9, 255]);
    const opaque = decodeOurPng(iconImageToPng(dib(4, 4, 32, noAlpha, { noMask: true })));
    expect(opaque.pixel(0, 0)).toEqual([0, 0, 9, 255]);
  });

  it('passes PNG images through and rejects broken DIBs with corrupt_file', () => {
    const png = solidPng(8, [1, 2, 3, 4]);
    expect(iconImageToPng(png)).toBe(png);
    const good = dib(4, 4, 32, gradient);
    const cases: [Buffer, RegExp][] = [
      [good.subarray(0, 20), /too short for a bitmap header/],
      [Buffer.concat([Buffer.from([41, 0, 0, 0]), good.subarray(4)]), /header size 41/],
      [good.subarray(0, 60), /needs \d+ bytes/],
    ];
    const patched = (at: number, value: number, bytes = 4) => {
      const copy = Buffer.from(good);
      copy.writeIntLE(value, at, bytes);
      return copy;
    };
    cases.push([patched(4, 100000), /size 100000/], [patched(8, -8), /size/], [patched(14, 16, 2), /16 bits per pixel/], [patched(16, 1), /compression 1/]);
    const palette8 = dib(2, 2, 8, () => [3], { palette: [[0, 0, 0], [1, 1, 1]] });
    cases.push([palette8, /palette index 3 beyond its 2 colours/]);
    for (const [bytes, message] of cases) {
      const error = failure(() => iconImageToPng(bytes));
      expect(error.code).toBe('corrupt_file');
      expect(error.message).toMatch(message);
    }
  });
});

// ---------------------------------------------------------------------------------------
// A hand-made minimal PE32: DOS header, PE header, one .rsrc section at RVA 0x1000, file
// offset 0x200, holding a resource tree built from `leaves`.

interface Leaf {
  type: number;
  id: number;
  data: Buffer;
}

function resourceSection(leaves: Leaf[], rva = 0x1000): Buffer {
  const types = [...new Set(leaves.map((l) => l.type))];
  const dir = (count: number) => {
    const b = Buffer.alloc(16 + count * 8);
    b.writeUInt16LE(count, 14);
    return b;
  };
  // Layout: root, then per type a name directory, per leaf a language directory, data
  // entries, then the data.
  const root = dir(types.length);
  const typeDirs = types.map((t) => dir(leaves.filter((l) => l.type === t).length));
  const langDirs = leaves.map(() => dir(1));
  const dataEntries = leaves.map(() => Buffer.alloc(16));
  let at = root.length;
  const typeAt = typeDirs.map((d) => ((at += d.length), at - d.length));
  const langAt = langDirs.map((d) => ((at += d.length), at - d.length));
  const entryAt = dataEntries.map((d) => ((at += d.length), at - d.length));
  const dataAt = leaves.map((l) => ((at += (l.data.length + 3) & ~3), at - ((l.data.length + 3) & ~3)));
  types.forEach((type, i) => {
    root.writeUInt32LE(type, 16 + i * 8);
    root.writeUInt32LE((0x80000000 | typeAt[i]!) >>> 0, 20 + i * 8);
    leaves
      .map((leaf, index) => ({ leaf, index }))
      .filter(({ leaf }) => leaf.type === type)
      .forEach(({ leaf, index }, j) => {
        typeDirs[i]!.writeUInt32LE(leaf.id, 16 + j * 8);
        typeDirs[i]!.writeUInt32LE((0x80000000 | langAt[index]!) >>> 0, 20 + j * 8);
      });
  });
  leaves.forEach((leaf, i) => {
    langDirs[i]!.writeUInt32LE(1033, 16);
    langDirs[i]!.writeUInt32LE(entryAt[i]!, 20);
    dataEntries[i]!.writeUInt32LE(rva + dataAt[i]!, 0);
    dataEntries[i]!.writeUInt32LE(leaf.data.length, 4);
  });
  const data = leaves.map((l) => Buffer.concat([l.data, Buffer.alloc(((l.data.length + 3) & ~3) - l.data.length)]));
  return Buffer.concat([root, ...typeDirs, ...langDirs, ...dataEntries, ...data]);
}

function minimalPe(rsrc: Buffer, options: { machine?: number; sectionNames?: string[] } = {}): Buffer {
  const names = options.sectionNames ?? ['.rsrc'];
  const headers = Buffer.alloc(0x200);
  headers.write('MZ', 0, 'latin1');
  headers.writeUInt32LE(0x40, 0x3c);
  headers.write('PE\0\0', 0x40, 'latin1');
  const coff = 0x44;
  headers.writeUInt16LE(options.machine ?? 0x14c, coff);
  headers.writeUInt16LE(names.length, coff + 2);
  headers.writeUInt32LE(0x5f5e1000, coff + 4); // 2020-09-13T12:26:40Z
  headers.writeUInt16LE(224, coff + 16);
  headers.writeUInt16LE(0x0102, coff + 18);
  const opt = coff + 20;
  headers.writeUInt16LE(0x10b, opt);
  headers.writeUInt16LE(6, opt + 40);
  headers.writeUInt16LE(1, opt + 42);
  headers.writeUInt16LE(6, opt + 48);
  headers.writeUInt16LE(1, opt + 50);
  headers.writeUInt16LE(2, opt + 68);
  headers.writeUInt32LE(16, opt + 92);
  headers.writeUInt32LE(0x1000, opt + 96 + 2 * 8);
  headers.writeUInt32LE(rsrc.length, opt + 100 + 2 * 8);
  const table = opt + 224;
  names.forEach((name, i) => {
    const at = table + i * 40;
    headers.write(name, at, 'latin1');
    const isRsrc = name === '.rsrc';
    headers.writeUInt32LE(isRsrc ? rsrc.length : 0x1000, at + 8);
    headers.writeUInt32LE(isRsrc ? 0x1000 : 0x10000 + i * 0x1000, at + 12);
    headers.writeUInt32LE(isRsrc ? rsrc.length : 0, at + 16);
    headers.writeUInt32LE(0x200, at + 20);
  });
  return Buffer.concat([headers, rsrc]);
}

/** One VS_VERSIONINFO-style block (lengths and padding computed). */
function versionBlock(
  key: string,
  value: Buffer,
  type: 0 | 1,
  children: Buffer[],
  valueLength = type === 1 ? value.length / 2 : value.length,
): Buffer {
  const head = Buffer.alloc(6);
  const keyBytes = Buffer.from(`${key}\0`, 'utf16le');
  const pad = (n: number) => Buffer.alloc((4 - (n % 4)) % 4);
  let body = Buffer.concat([head, keyBytes]);
  body = Buffer.concat([body, pad(body.length), value]);
  for (const child of children) body = Buffer.concat([body, pad(body.length), child]);
  body.writeUInt16LE(body.length, 0);
  body.writeUInt16LE(valueLength, 2);
  body.writeUInt16LE(type, 4);
  return body;
}

function stringValue(key: string, text: string, valueLength?: number): Buffer {
  return versionBlock(key, Buffer.from(`${text}\0`, 'utf16le'), 1, [], valueLength);
}

function versionResource(strings: Buffer[]): Buffer {
  const fixed = Buffer.alloc(52);
  fixed.writeUInt32LE(0xfeef04bd, 0);
  fixed.writeUInt32LE((7 << 16) | 1, 8);
  fixed.writeUInt32LE((2 << 16) | 3, 12);
  fixed.writeUInt32LE((7 << 16) | 0, 16);
  const table = versionBlock('080404b0', Buffer.alloc(0), 1, strings);
  return versionBlock('VS_VERSION_INFO', fixed, 0, [versionBlock('StringFileInfo', Buffer.alloc(0), 1, [table])]);
}

describe('a hand-made minimal PE', () => {
  const version = versionResource([stringValue('FileDescription', 'Hand Made'), stringValue('ProductVersion', '7.0 beta', 3), stringValue('Empty', '')]);
  const good = minimalPe(resourceSection([{ type: 16, id: 1, data: version }]), { sectionNames: ['UPX0', 'UPX1', '.rsrc'] });

  it('parses headers, the version resource (even with wrong value lengths) and UPX section names', async () => {
    const info = (await inspect(good)) as ExeInfo;
    expect(info).toMatchObject({ name: 'Hand Made', displayName: 'Hand Made', releaseVersion: '7.0 beta', minOsVersion: '6.1', archs: ['x86'] });
    expect(info.details).toMatchObject({
      timestamp: '2020-09-13T12:26:40.000Z',
      osVersion: '6.1',
      packer: 'upx',
      fileVersion: '7.1.2.3',
      productVersion: '7.0.0.0',
      versionLanguage: '080404b0',
      versionStrings: { FileDescription: 'Hand Made', ProductVersion: '7.0 beta', Empty: '' },
    });
  });

  it('maps machine numbers to architecture names', async () => {
    for (const [machine, arch] of [[0x8664, 'x86_64'], [0xaa64, 'arm64'], [0x1c4, 'arm'], [0x1c0, 'arm'], [0x1234, null]] as const) {
      const info = (await inspect(minimalPe(resourceSection([]), { machine }))) as ExeInfo;
      expect(info.details.arch).toBe(arch);
      expect(info.archs).toEqual(arch ? [arch] : []);
    }
  });

  it('rejects a truncated file at every structure with a typed error', async () => {
    const rsrcAt = 0x200;
    const cuts: [number, string][] = [
      [10, 'truncated'], // inside the DOS header
      [0x42, 'truncated'], // inside the PE header
      [0x44 + 20 + 100, 'truncated'], // inside the optional header
      [0x44 + 20 + 224 + 50, 'truncated'], // inside the section table
      [rsrcAt + 8, 'truncated'], // inside the root resource directory
      [rsrcAt + 40, 'truncated'], // inside the resource tree
      [good.length - 20, 'truncated'], // inside the version data
    ];
    for (const [cut, code] of cuts) {
      const error = await failureOf(inspect(good.subarray(0, cut)));
      expect(error.code, `cut at ${cut}`).toBe(code);
      expect(error.message).toMatch(/truncated/);
    }
  });

  it('rejects a resource subdirectory that points back at the root', async () => {
    const loop = Buffer.from(good);
    loop.writeUInt32LE(0x80000000, 0x200 + 20); // the RT_VERSION entry's subdirectory → offset 0
    const error = await failureOf(inspect(loop));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/reached twice \(a loop in the resource tree\)/);
  });

  it('rejects absurd entry and section counts', async () => {
    const counts = Buffer.from(good);
    counts.writeUInt16LE(0xffff, 0x200 + 12);
    counts.writeUInt16LE(0xffff, 0x200 + 14);
    let error = await failureOf(inspect(counts));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/more than 4096 entries/);

    const sections = Buffer.from(good);
    sections.writeUInt16LE(60000, 0x44 + 2);
    error = await failureOf(inspect(sections));
    expect(error.message).toMatch(/declares 60000 sections/);
  });

  it('rejects bad signatures, magic numbers and RVAs outside every section', async () => {
    const patch = (at: number, value: number, bytes = 4) => {
      const copy = Buffer.from(good);
      copy.writeUIntLE(value, at, bytes);
      return copy;
    };
    const cases: [Buffer, string, RegExp][] = [
      [patch(0x40, 0x12345678), 'corrupt_file', /expected the "PE\\0\\0" signature at byte 64/],
      [patch(0x3c, 0x7fffff00), 'truncated', /PE header/],
      [patch(0x44 + 20, 0x999, 2), 'corrupt_file', /optional header magic 0x999/],
      [patch(0x44 + 16, 10, 2), 'corrupt_file', /optional header is 10 bytes/],
      [patch(0x44 + 20 + 96 + 16, 0x90000), 'corrupt_file', /the resource directory at RVA 0x90000 .* lies in no section/],
    ];
    for (const [bytes, code, message] of cases) {
      const error = await failureOf(inspect(bytes));
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    }
    const dos = Buffer.alloc(128);
    dos.write('MZ', 0, 'latin1');
    dos.writeUInt32LE(0x40, 0x3c);
    expect((await failureOf(inspect(dos))).message).toMatch(/an MS-DOS program or not a PE file/);
  });

  it('rejects lying version blocks and icon groups', () => {
    const lying = Buffer.from(version);
    lying.writeUInt16LE(0xffff, 0);
    expect(failure(() => parseVersionInfo(lying)).message).toMatch(/declares 65535 bytes, past its parent's end/);
    const wrongKey = versionBlock('VS_VERSION_INFX', Buffer.alloc(0), 0, []);
    expect(failure(() => parseVersionInfo(wrongKey)).message).toMatch(/not VS_VERSION_INFO/);
    expect(failure(() => parseVersionInfo(Buffer.alloc(4))).message).toMatch(/runs past its parent/);
  });

  it('rejects an icon group whose image is cut off, and an oversize icon', async () => {
    const group = Buffer.alloc(6 + 14);
    group.writeUInt16LE(1, 2);
    group.writeUInt16LE(1, 4);
    group[6] = 16;
    group[7] = 16;
    group.writeUInt16LE(32, 6 + 6);
    group.writeUInt16LE(5, 6 + 12);
    const image = dib(16, 16, 32, gradient).subarray(0, 200);
    const pe = minimalPe(resourceSection([{ type: 14, id: 1, data: group }, { type: 3, id: 5, data: image }]));
    const info = (await inspect(pe)) as ExeInfo;
    expect(info.icons).toEqual([{ path: 'RT_ICON/5', width: 16, height: 16, kind: 'bmp' }]);
    const error = await failureOf(inspectIcon(pe));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/The Windows icon image is corrupt/);
  });
});

// ---------------------------------------------------------------------------------------

const APPX_MANIFEST = `<?xml version="1.0" encoding="utf-8"?>
<Package xmlns="http://schemas.microsoft.com/appx/manifest/foundation/windows10"
         xmlns:uap="http://schemas.microsoft.com/appx/manifest/uap/windows10"
         xmlns:rescap="http://schemas.microsoft.com/appx/manifest/foundation/windows10/restrictedcapabilities"
         IgnorableNamespaces="uap rescap">
  <Identity Name="Tarmac.Demo" Publisher="CN=Tarmac Test Co, O=Tarmac, C=US" Version="3.2.1.0" ProcessorArchitecture="x64"/>
  <Properties>
    <DisplayName>Tarmac Demo</DisplayName>
    <PublisherDisplayName>Tarmac Test Co</PublisherDisplayName>
    <Logo>Assets\\StoreLogo.png</Logo>
    <Description>A demo package</Description>
  </Properties>
  <Dependencies>
    <TargetDeviceFamily Name="Windows.Desktop" MinVersion="10.0.17763.0" MaxVersionTested="10.0.22621.0"/>
    <PackageDependency Name="Microsoft.VCLibs.140.00" MinVersion="14.0.30704.0" Publisher="CN=Microsoft Corporation, O=Microsoft Corporation, L=Redmond, S=Washington, C=US"/>
  </Dependencies>
  <Resources><Resource Language="en-us"/><Resource Language="de-de"/></Resources>
  <Applications>
    <Application Id="App" Executable="Demo.exe" EntryPoint="Windows.FullTrustApplication">
      <uap:VisualElements DisplayName="Tarmac Demo App" Description="Demo" BackgroundColor="transparent" Square150x150Logo="Assets\\Square150x150Logo.png" Square44x44Logo="Assets\\Square44x44Logo.png"/>
    </Application>
  </Applications>
  <Capabilities>
    <Capability Name="internetClient"/>
    <rescap:Capability Name="runFullTrust"/>
    <DeviceCapability Name="webcam"/>
  </Capabilities>
</Package>`;

describe('MSIX / APPX packages built here', () => {
  const small = solidPng(50, [0, 0, 255, 255]);
  const large = solidPng(100, [0, 255, 0, 255]);

  it('reads identity, properties, device family, capabilities and the scaled logo', async () => {
    const zip = makeZip([
      { name: 'AppxManifest.xml', data: APPX_MANIFEST },
      { name: 'Assets/StoreLogo.scale-100.png', data: small },
      { name: 'Assets/StoreLogo.scale-200.png', data: large },
      { name: 'Assets/StoreLogo.scale-400_contrast-black.png', data: small },
      { name: 'Demo.exe', data: 'MZ' },
    ]);
    const info = (await inspect(zip)) as MsixInfo;
    expect(info).toMatchObject({
      format: 'msix',
      platform: 'windows',
      device: 'desktop',
      name: 'Tarmac.Demo',
      displayName: 'Tarmac Demo',
      bundleId: 'Tarmac.Demo',
      releaseVersion: '3.2.1.0',
      buildVersion: null,
      minOsVersion: '10.0.17763.0',
      archs: ['x86_64'],
      icons: [{ path: 'Assets/StoreLogo.scale-200.png', width: 100, height: 100, kind: 'png' }],
    });
    expect(info.details).toEqual({
      identityName: 'Tarmac.Demo',
      publisher: 'CN=Tarmac Test Co, O=Tarmac, C=US',
      displayName: 'Tarmac Demo',
      publisherDisplayName: 'Tarmac Test Co',
      version: '3.2.1.0',
      processorArchitecture: 'x64',
      resourceId: null,
      description: 'A demo package',
      logo: 'Assets\\StoreLogo.png',
      targetDeviceFamilies: [{ name: 'Windows.Desktop', minVersion: '10.0.17763.0', maxVersionTested: '10.0.22621.0' }],
      dependencies: [{ name: 'Microsoft.VCLibs.140.00', minVersion: '14.0.30704.0', publisher: 'CN=Microsoft Corporation, O=Microsoft Corporation, L=Redmond, S=Washington, C=US' }],
      capabilities: ['internetClient', 'runFullTrust', 'webcam'],
      languages: ['en-us', 'de-de'],
      applications: [
        {
          id: 'App',
          executable: 'Demo.exe',
          entryPoint: 'Windows.FullTrustApplication',
          displayName: 'Tarmac Demo App',
          description: 'Demo',
          square150x150Logo: 'Assets\\Square150x150Logo.png',
          square44x44Logo: 'Assets\\Square44x44Logo.png',
        },
      ],
    });
    expect((await inspectIcon(zip))!.equals(large)).toBe(true);
  });

  it('uses the exact logo file when present, URL-decoded names, and ms-resource display names', async () => {
    const manifest = APPX_MANIFEST.replace('Assets\\StoreLogo.png', 'Assets\\Store Logo.png')
      .replace('<DisplayName>Tarmac Demo</DisplayName>', '<DisplayName>ms-resource:AppName</DisplayName>')
      .replace('ProcessorArchitecture="x64"', 'ProcessorArchitecture="neutral"')
      .replace('Windows.Desktop', 'Windows.Universal');
    const zip = makeZip([
      { name: 'AppxManifest.xml', data: manifest },
      { name: 'Assets/Store%20Logo.png', data: small },
      { name: 'Assets/Store%20Logo.scale-200.png', data: large },
    ]);
    const info = (await inspect(zip)) as MsixInfo;
    expect(info).toMatchObject({ displayName: 'Tarmac Demo App', archs: [], device: 'universal', icons: [{ path: 'Assets/Store%20Logo.png', width: 50 }] });
    expect((await inspectIcon(zip))!.equals(small)).toBe(true);
    const noLogo = (await inspect(makeZip([{ name: 'AppxManifest.xml', data: manifest }]))) as MsixInfo;
    expect(noLogo.icons).toEqual([]);
    expect(await inspectIcon(makeZip([{ name: 'AppxManifest.xml', data: manifest }]))).toBeNull();
  });

  it('rejects a manifest with an entity bomb, the wrong root, or broken XML', async () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE Package [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><Package><Identity Name="&b;"/></Package>';
    let error = await failureOf(inspect(makeZip([{ name: 'AppxManifest.xml', data: bomb }])));
    expect(error.code).toBe('bad_xml');
    expect(error.message).toMatch(/internal subset/);
    error = await failureOf(inspect(makeZip([{ name: 'AppxManifest.xml', data: '<Bundle/>' }])));
    expect(error.code).toBe('bad_xml');
    expect(error.message).toMatch(/root element <Bundle>, not <Package>/);
    error = await failureOf(inspect(makeZip([{ name: 'AppxManifest.xml', data: '<Package><Identity></Package>' }])));
    expect(error.code).toBe('bad_xml');
    expect(error.message).toMatch(/does not match the open element <Identity>/);
  });
});

// ---------------------------------------------------------------------------------------

describe('MSI databases built with msibuild', () => {
  let msi: string;
  beforeAll(() => {
    const dir = path.join(work.dir, 'msi');
    run('mkdir', ['-p', dir]);
    writeFileSync(
      path.join(dir, 'Property.idt'),
      [
        'Property\tValue',
        's72\tl0',
        'Property\tProperty',
        'ProductName\tTarmac Démo',
        'ProductVersion\t2.5.1',
        'Manufacturer\tTarmac Test Co',
        'ProductCode\t{11111111-2222-3333-4444-555555555555}',
        'UpgradeCode\t{AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE}',
        'ProductLanguage\t1033',
        '',
      ].join('\r\n'),
    );
    msi = path.join(dir, 'demo.msi');
    run('msibuild', [msi, '-i', path.join(dir, 'Property.idt')]);
    run('msibuild', [msi, '-s', 'Tarmac Demo Installer', 'Tarmac Test Co', 'x64;1033', '{12345678-1234-1234-1234-123456789012}']);
  });

  it('reads the summary information and the Property table', async () => {
    const info = (await inspect(msi)) as MsiInfo;
    expect(info).toMatchObject({
      format: 'msi',
      platform: 'windows',
      device: 'desktop',
      name: 'Tarmac Démo',
      displayName: 'Tarmac Démo',
      bundleId: '{AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE}',
      releaseVersion: '2.5.1',
      buildVersion: null,
      minOsVersion: null,
      archs: ['x86_64'],
      icons: [],
    });
    expect(info.details).toMatchObject({
      productName: 'Tarmac Démo',
      productVersion: '2.5.1',
      manufacturer: 'Tarmac Test Co',
      productCode: '{11111111-2222-3333-4444-555555555555}',
      upgradeCode: '{AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE}',
      productLanguage: '1033',
      languages: ['1033'],
    });
    expect(info.details.summary).toMatchObject({
      title: 'Installation Database',
      subject: 'Tarmac Demo Installer',
      author: 'Tarmac Test Co',
      template: 'x64;1033',
      revisionNumber: '{12345678-1234-1234-1234-123456789012}',
      pageCount: 200,
      creatingApplication: 'libmsi msibuild',
    });
    expect(Object.keys(info.details.msiProperties!)).toEqual(['ProductName', 'ProductVersion', 'Manufacturer', 'ProductCode', 'UpgradeCode', 'ProductLanguage']);
    const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
    const json = JSON.parse(spawnSync(process.execPath, [cli, msi], { encoding: 'utf8' }).stdout);
    expect(json.details.msi_properties.ProductVersion).toBe('2.5.1');
  });

  it('decodes MSI stream names', () => {
    // "!Property" as msi writes it: the table marker, then pairs of characters packed in one unit.
    const encode = (name: string) => {
      const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz._';
      let out = '\u4840';
      for (let i = 0; i < name.length; i += 2) {
        const a = alphabet.indexOf(name[i]!);
        const pair = i + 1 < name.length ? 0x3800 + a + (alphabet.indexOf(name[i + 1]!) << 6) : 0x4800 + a;
        out += String.fromCharCode(pair);
      }
      return out;
    };
    expect(decodeStreamName(encode('Property'))).toBe('!Property');
    expect(decodeStreamName(encode('_StringPool'))).toBe('!_StringPool');
    expect(decodeStreamName('\u0005SummaryInformation')).toBe('\u0005SummaryInformation');
  });

  it('rejects truncated and corrupt compound files with typed errors', async () => {
    const bytes = readFileSync(msi);
    let error = await failureOf(inspect(bytes.subarray(0, 300)));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/shorter than its 512-byte header/);
    error = await failureOf(inspect(bytes.subarray(0, 1024)));
    expect(error.code).toBe('truncated');

    const patch = (at: number, value: number, size = 4) => {
      const copy = Buffer.from(bytes);
      copy.writeUIntLE(value, at, size);
      return copy;
    };
    const cases: [Buffer, string, RegExp][] = [
      [patch(0x1e, 10, 2), 'corrupt_file', /sector shift 10/],
      [patch(0x1c, 0x1234, 2), 'corrupt_file', /byte order mark/],
      [patch(0x2c, 1_000_000), 'corrupt_file', /declares 1000000 FAT sectors/],
      [patch(0x30, 0x7ffffff0), 'truncated', /the directory is in sector 2147483632, past the end/],
      [patch(0x30, 5000), 'truncated', /the directory is in sector 5000, past the end/],
      [patch(0x4c, 0xfffffffd), 'corrupt_file', /the FAT is said to be in sector 0xfffffffd, a reserved marker/],
    ];
    for (const [input, code, message] of cases) {
      error = await failureOf(inspect(input));
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    }
  });

  it('rejects a FAT chain that loops', async () => {
    const bytes = Buffer.from(readFileSync(msi));
    // Point the directory's sector at itself in the FAT: sector d's next is d.
    const sectorSize = 1 << bytes.readUInt16LE(0x1e);
    const directory = bytes.readUInt32LE(0x30);
    const fatSector = bytes.readUInt32LE(0x4c);
    bytes.writeUInt32LE(directory, (fatSector + 1) * sectorSize + directory * 4);
    const error = await failureOf(inspect(bytes));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/loops back to sector/);
  });

  it('identifies a compound file without summary or tables with nulls', async () => {
    // Keep only the root entry: clear its child pointer so no stream is reachable.
    const bytes = Buffer.from(readFileSync(msi));
    const sectorSize = 1 << bytes.readUInt16LE(0x1e);
    const directory = bytes.readUInt32LE(0x30);
    bytes.writeUInt32LE(0xffffffff, (directory + 1) * sectorSize + 76);
    const info = (await inspect(bytes)) as MsiInfo;
    expect(info).toMatchObject({ format: 'msi', name: null, releaseVersion: null, bundleId: null, archs: [] });
    expect(info.details).toMatchObject({ summary: null, msiProperties: null });
  });

  it('never mistakes a non-PE file starting with MZ for anything else', async () => {
    const error = await failureOf(inspect(Buffer.from('MZ')));
    expect(error.code).toBe('truncated');
    expect(isPng(Buffer.alloc(0))).toBe(false);
  });
});
