// Linux packages, all built here with Debian's own tools: .deb with dpkg-deb (its default
// xz control archive, and gzip, zstd and uncompressed variants), .rpm with rpmbuild (noarch
// and x86_64), and AppImages made the way appimagetool does — a clang-compiled ELF runtime
// with "AI\x02" at byte 8 and a squashfs from mksquashfs (gzip, xz, zstd; lzo is identified
// but not read) appended. The xz decoder is checked against the xz tool itself. Hostile
// variants — an ar member or tar entry whose size lies, an rpm header claiming ten million
// tags, squashfs structures cut off or pointing nowhere — must each end in a typed error.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTar } from '../src/formats/linux/archive.ts';
import type { AppImageInfo } from '../src/formats/linux/appimage.ts';
import { parseDesktopEntry } from '../src/formats/linux/appimage.ts';
import type { DebInfo } from '../src/formats/linux/deb.ts';
import { parseControl } from '../src/formats/linux/deb.ts';
import type { RpmInfo } from '../src/formats/linux/rpm.ts';
import { xzDecompress } from '../src/formats/linux/xz.ts';
import { isPng, pngSize } from '../src/image/png.ts';
import { inspect, inspectIcon } from '../src/inspect.ts';
import { failure, failureOf, fixture, run, tempDir } from './helpers.ts';

let work: { dir: string; cleanup: () => void };
beforeAll(() => {
  work = tempDir();
});
afterAll(() => work?.cleanup());

/** Runs a tool whose output is a file (binary-safe, unlike run()'s stdout). */
function tool(command: string, args: string[], cwd?: string): void {
  run(command, args, { cwd });
}

// ---------------------------------------------------------------------------------------
// .deb

const CONTROL = `Package: tarmac-demo
Version: 1:2.3.4-1~bpo12+1
Architecture: amd64
Maintainer: Tarmac Team <team@example.com>
Installed-Size: 12
Depends: libc6 (>= 2.34), bash
Section: utils
Priority: optional
Homepage: https://example.com/tarmac
Description: Tarmac demo package
 A longer description
 spanning lines.
 .
 With a paragraph break.
`;

function buildDeb(name: string, control: string, compression?: string): string {
  const root = path.join(work.dir, `deb-${name}`);
  mkdirSync(path.join(root, 'DEBIAN'), { recursive: true });
  mkdirSync(path.join(root, 'usr/bin'), { recursive: true });
  writeFileSync(path.join(root, 'DEBIAN/control'), control);
  writeFileSync(path.join(root, 'DEBIAN/postinst'), '#!/bin/sh\nexit 0\n');
  chmodSync(path.join(root, 'DEBIAN/postinst'), 0o755);
  writeFileSync(path.join(root, 'usr/bin/tarmac-demo'), '#!/bin/sh\necho hi\n');
  chmodSync(path.join(root, 'usr/bin/tarmac-demo'), 0o755);
  const out = path.join(work.dir, `${name}.deb`);
  tool('dpkg-deb', [...(compression ? [`-Z${compression}`] : []), '--root-owner-group', '--build', root, out]);
  return out;
}

/** An ar archive from members, as dpkg-deb writes it. */
function ar(members: [string, Buffer][]): Buffer {
  const parts: Buffer[] = [Buffer.from('!<arch>\n')];
  for (const [name, data] of members) {
    const header = `${name.padEnd(16)}${'0'.padEnd(12)}${'0'.padEnd(6)}${'0'.padEnd(6)}${'100644'.padEnd(8)}${String(data.length).padEnd(10)}\`\n`;
    parts.push(Buffer.from(header, 'latin1'), data);
    if (data.length % 2) parts.push(Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

/** A ustar archive of regular files. */
function tar(files: [string, Buffer][]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, data] of files) {
    const header = Buffer.alloc(512);
    header.write(name, 0);
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write('0', 156);
    header.write('ustar\0', 257);
    header.write('00', 263);
    setTarChecksum(header);
    parts.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

function setTarChecksum(header: Buffer): void {
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
}

describe('.deb packages built with dpkg-deb', () => {
  const debs: Record<string, string> = {};
  beforeAll(() => {
    debs.default = buildDeb('default', CONTROL);
    debs.gzip = buildDeb('gzip', CONTROL, 'gzip');
    debs.zstd = buildDeb('zstd', CONTROL, 'zstd');
    debs.none = buildDeb('none', CONTROL, 'none');
    debs.all = buildDeb('all', CONTROL.replace('Architecture: amd64', 'Architecture: all').replace('Version: 1:2.3.4-1~bpo12+1', 'Version: 0.1'));
  });

  it('uses xz for control.tar by default, and that default is read', () => {
    const listing = run('ar', ['t', debs.default!]);
    expect(listing.split('\n')).toContain('control.tar.xz');
  });

  for (const [variant, compression, member] of [
    ['default', 'xz', 'data.tar.xz'],
    ['gzip', 'gzip', 'data.tar.gz'],
    ['zstd', 'zstd', 'data.tar.zst'],
    ['none', 'none', 'data.tar'],
  ] as const) {
    it(`reads the control file of a ${variant} package (control.tar ${compression})`, async () => {
      const info = (await inspect(debs[variant]!)) as DebInfo;
      expect(info).toMatchObject({
        format: 'deb',
        platform: 'linux',
        device: 'desktop',
        name: 'tarmac-demo',
        displayName: 'Tarmac demo package',
        bundleId: 'tarmac-demo',
        releaseVersion: '1:2.3.4-1~bpo12+1',
        buildVersion: null,
        minOsVersion: null,
        size: readFileSync(debs[variant]!).length,
        archs: ['amd64'],
        icons: [],
      });
      expect(info.details).toMatchObject({
        package: 'tarmac-demo',
        version: '1:2.3.4-1~bpo12+1',
        architecture: 'amd64',
        maintainer: 'Tarmac Team <team@example.com>',
        depends: 'libc6 (>= 2.34), bash',
        installedSize: 12,
        section: 'utils',
        priority: 'optional',
        homepage: 'https://example.com/tarmac',
        formatVersion: '2.0',
        controlCompression: compression,
        dataMember: member,
      });
      expect(info.details.dataSize).toBeGreaterThan(0);
      expect(info.details.controlFiles.sort()).toEqual(['control', 'postinst']);
      expect(info.details.control).toEqual({
        Package: 'tarmac-demo',
        Version: '1:2.3.4-1~bpo12+1',
        Architecture: 'amd64',
        Maintainer: 'Tarmac Team <team@example.com>',
        'Installed-Size': '12',
        Depends: 'libc6 (>= 2.34), bash',
        Section: 'utils',
        Priority: 'optional',
        Homepage: 'https://example.com/tarmac',
        Description: 'Tarmac demo package\n A longer description\n spanning lines.\n .\n With a paragraph break.',
      });
    });
  }

  it('lists no architecture for an "all" package, and matches dpkg-deb --field', async () => {
    const info = (await inspect(debs.all!)) as DebInfo;
    expect(info.archs).toEqual([]);
    expect(info.details.architecture).toBe('all');
    expect(info.releaseVersion).toBe(run('dpkg-deb', ['--field', debs.all!, 'Version']).trim());
    expect(info.details.control.Depends).toBe(run('dpkg-deb', ['--field', debs.all!, 'Depends']).trim());
  });

  it('prints control fields verbatim (not snake_cased) from the CLI', () => {
    const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
    const result = spawnSync(process.execPath, [cli, debs.gzip!], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.details.control['Installed-Size']).toBe('12');
    expect(json.details.control_compression).toBe('gzip');
  });

  it('parses deb822 control text', () => {
    expect(parseControl('# comment\n\nA: 1\nB:  two  \n\tmore\n\nC: next paragraph\n')).toEqual({ A: '1', B: 'two\n\tmore' });
    expect(failure(() => parseControl('Package tarmac\n')).message).toMatch(/not "Field: value"/);
    expect(failure(() => parseControl(Array.from({ length: 1001 }, (_, i) => `F${i}: x`).join('\n'))).code).toBe('limit_exceeded');
  });
});

describe('hostile .deb packages', () => {
  const control = Buffer.from(CONTROL);
  const good = () => ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar', tar([['./control', control]])], ['data.tar', tar([])]]);

  it('reads a hand-made package (the baseline for the variants below)', async () => {
    const info = (await inspect(good())) as DebInfo;
    expect(info).toMatchObject({ name: 'tarmac-demo', releaseVersion: '1:2.3.4-1~bpo12+1' });
    expect(info.details.controlCompression).toBe('none');
  });

  it('rejects an ar member whose size lies', async () => {
    const bytes = good();
    // The second member's size field: after "!<arch>\n", the first header and its 4 bytes.
    const sizeAt = 8 + 60 + 4 + 48;
    bytes.write('9999999999', sizeAt, 'latin1');
    let error = await failureOf(inspect(bytes));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/ar member "control.tar" declares 9999999999 bytes/);
    bytes.write('12x4567890', sizeAt, 'latin1');
    error = await failureOf(inspect(bytes));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/is not a number/);
  });

  it('rejects truncation inside a member header, a broken terminator and wrong first members', async () => {
    const bytes = good();
    let error = await failureOf(inspect(bytes.subarray(0, 8 + 30)));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/header at byte 8 is cut off/);
    const broken = Buffer.from(bytes);
    broken[8 + 58] = 0x41;
    error = await failureOf(inspect(broken));
    expect(error.message).toMatch(/lacks its "`\\n" terminator/);
    error = await failureOf(inspect(ar([['control.tar', tar([['./control', control]])]])));
    expect(error.message).toMatch(/first member is "control.tar", not "debian-binary"/);
    error = await failureOf(inspect(ar([['debian-binary', Buffer.from('3.0\n')]])));
    expect(error.message).toMatch(/format is "3.0"/);
    error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['data.tar', tar([])]])));
    expect(error.code).toBe('missing_entry');
    error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar.bz2', Buffer.from('BZh9')]])));
    expect(error.message).toMatch(/only control.tar, control.tar.gz, control.tar.xz and control.tar.zst/);
    error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar', tar([['./md5sums', Buffer.from('')]])]])));
    expect(error.code).toBe('missing_entry');
    expect(error.message).toMatch(/has no control file/);
    const many = ar(Array.from({ length: 70 }, (_, i) => [`m${i}`, Buffer.from('x')] as [string, Buffer]));
    expect((await failureOf(inspect(many))).message).toMatch(/more than 64 ar members/);
  });

  it('rejects a tar entry whose size goes beyond the data, and a bad tar checksum', async () => {
    const archive = tar([['./control', control]]);
    archive.write(`${(10_000_000).toString(8).padStart(11, '0')}\0`, 124);
    setTarChecksum(archive.subarray(0, 512));
    let error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar', archive]])));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/tar entry "\.\/control" declares 10000000 bytes/);
    const badSum = tar([['./control', control]]);
    badSum[0] = 0x58;
    error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar', badSum]])));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/fails its checksum/);
    const badSize = tar([['./control', control]]);
    badSize.write('99999999x99\0', 124);
    setTarChecksum(badSize.subarray(0, 512));
    expect(failure(() => parseTar(badSize, 'control.tar')).message).toMatch(/not an octal number/);
  });

  it('reads GNU long names, pax paths and base-256 sizes in tar', () => {
    const long = 'x'.repeat(150);
    const gnu = tar([['././@LongLink', Buffer.from(`${long}\0`)], ['short', Buffer.from('a')]]);
    gnu[156] = 0x4c; // 'L'
    setTarChecksum(gnu.subarray(0, 512));
    expect(parseTar(gnu, 't').map((e) => e.name)).toEqual([long]);
    const pax = tar([['PaxHeader', Buffer.from('23 path=./pax/control\n')], ['short', Buffer.from('b')]]);
    pax[156] = 0x78; // 'x'
    setTarChecksum(pax.subarray(0, 512));
    expect(parseTar(pax, 't').map((e) => e.name)).toEqual(['./pax/control']);
    const b256 = tar([['big', Buffer.from('abc')]]);
    b256.fill(0, 124, 136);
    b256[124] = 0x80;
    b256[135] = 3;
    setTarChecksum(b256.subarray(0, 512));
    expect(parseTar(b256, 't')[0]!.data.toString()).toBe('abc');
  });

  it('rejects a control.tar.gz bomb and corrupt compressed data', async () => {
    const bomb = gzipSync(Buffer.alloc(80 * 1024 * 1024));
    let error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar.gz', bomb]])));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toMatch(/control.tar.gz decompresses to more than/);
    error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar.gz', Buffer.from('not gzip at all')]])));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/does not decompress \(gzip\)/);
    error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar.zst', Buffer.from('not zstd at all')]])));
    expect(error.code).toBe('corrupt_file');
    error = await failureOf(inspect(ar([['debian-binary', Buffer.from('2.0\n')], ['control.tar.xz', Buffer.from('not xz at all')]])));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/xz magic bytes are missing/);
  });
});

// ---------------------------------------------------------------------------------------
// .xz

describe('the xz decoder against the xz tool', () => {
  const inputs: Record<string, Buffer> = {};
  beforeAll(() => {
    const source = readdirSync(path.join(import.meta.dirname, '../src/formats/linux')).map((f) => readFileSync(path.join(import.meta.dirname, '../src/formats/linux', f)));
    inputs.text = Buffer.concat([...source, ...source]);
    inputs.random = randomBytes(200_000);
    inputs.mixed = Buffer.concat([inputs.text.subarray(0, 50_000), randomBytes(70_000), inputs.text]);
    inputs.empty = Buffer.alloc(0);
    for (const [name, data] of Object.entries(inputs)) writeFileSync(path.join(work.dir, `${name}.bin`), data);
  });

  const settings: [string, string[]][] = [
    ['preset 0', ['-0']],
    ['preset 9 extreme', ['-9e']],
    ['crc32 check, small blocks', ['--check=crc32', '--block-size=40000']],
    ['sha256 check, lc=1 lp=3 pb=0', ['--check=sha256', '--lzma2=preset=6,lc=1,lp=3,pb=0']],
    ['no check, lc=4 pb=4', ['--check=none', '--lzma2=preset=3,lc=4,lp=0,pb=4']],
  ];
  for (const [label, flags] of settings) {
    it(`decodes ${label}`, () => {
      for (const [name, data] of Object.entries(inputs)) {
        const file = path.join(work.dir, `${name}.bin`);
        tool('xz', ['-kfz', ...flags, file]);
        expect(xzDecompress(readFileSync(`${file}.xz`), 64 * 1024 * 1024).equals(data), `${label}: ${name}`).toBe(true);
      }
    });
  }

  it('refuses filters other than LZMA2, corrupt data, bad checks and oversized output', () => {
    const file = path.join(work.dir, 'text.bin');
    tool('xz', ['-kfz', '--x86', '--lzma2', file]);
    expect(failure(() => xzDecompress(readFileSync(`${file}.xz`), 1 << 26)).message).toMatch(/uses filter 0x4; only plain LZMA2/);
    tool('xz', ['-kfz', '--check=crc64', file]);
    const good = readFileSync(`${file}.xz`);
    expect(failure(() => xzDecompress(good, 1000)).code).toBe('limit_exceeded');
    for (const cut of [5, 11, 13, 40, good.length - 40, good.length - 30]) {
      expect(failure(() => xzDecompress(good.subarray(0, cut), 1 << 26)).code, `cut at ${cut}`).toBe('corrupt_file');
    }
    const flipped = Buffer.from(good);
    flipped[flipped.length >> 1]! ^= 0x55;
    expect(failure(() => xzDecompress(flipped, 1 << 26)).code).toBe('corrupt_file');
    const badHeader = Buffer.from(good);
    badHeader[7] = 9;
    expect(failure(() => xzDecompress(badHeader, 1 << 26)).message).toMatch(/stream header fails its CRC-32/);
  });
});

// ---------------------------------------------------------------------------------------
// .rpm

const SPEC = `Name: tarmac-demo
Version: 2.3.4
Release: 5
Epoch: 1
Summary: Tarmac demo package
License: MIT
URL: https://example.com/tarmac
Vendor: Tarmac Test Co
Group: Applications/Internet
BuildArch: ARCH
Requires: bash

%description
A longer description
of the demo.

%install
mkdir -p %{buildroot}/usr/share/tarmac-demo
echo hello > %{buildroot}/usr/share/tarmac-demo/hello.txt

%files
/usr/share/tarmac-demo/hello.txt
`;

function buildRpm(arch: string): string {
  const top = path.join(work.dir, `rpm-${arch}`);
  mkdirSync(top, { recursive: true });
  const spec = path.join(top, 'demo.spec');
  writeFileSync(spec, SPEC.replace('ARCH', arch));
  tool('rpmbuild', ['-bb', '--define', `_topdir ${top}`, '--define', '_binary_payload w9.gzdio', spec]);
  return path.join(top, 'RPMS', arch, `tarmac-demo-2.3.4-5.${arch}.rpm`);
}

describe('.rpm packages built with rpmbuild', () => {
  const rpms: Record<string, string> = {};
  beforeAll(() => {
    rpms.noarch = buildRpm('noarch');
    rpms.x86_64 = buildRpm('x86_64');
  });

  for (const arch of ['noarch', 'x86_64']) {
    it(`reads the header tags of a ${arch} package`, async () => {
      const info = (await inspect(rpms[arch]!)) as RpmInfo;
      expect(info).toMatchObject({
        format: 'rpm',
        platform: 'linux',
        device: 'desktop',
        name: 'tarmac-demo',
        displayName: 'Tarmac demo package',
        bundleId: 'tarmac-demo',
        releaseVersion: '2.3.4',
        buildVersion: '5',
        minOsVersion: null,
        size: readFileSync(rpms[arch]!).length,
        archs: arch === 'noarch' ? [] : ['x86_64'],
        icons: [],
      });
      expect(info.details).toMatchObject({
        name: 'tarmac-demo',
        version: '2.3.4',
        release: '5',
        epoch: 1,
        arch,
        summary: 'Tarmac demo package',
        description: 'A longer description\nof the demo.',
        license: 'MIT',
        url: 'https://example.com/tarmac',
        vendor: 'Tarmac Test Co',
        group: 'Applications/Internet',
        installedSize: 6,
        payloadFormat: 'cpio',
        payloadCompressor: 'gzip',
        leadVersion: '3.0',
        packageType: 'binary',
        signed: false,
        sourceRpm: 'tarmac-demo-2.3.4-5.src.rpm',
      });
      expect(info.details.requires).toContain('bash');
      expect(info.details.provides).toContain('tarmac-demo');
      expect(info.details.headerTags).toMatchObject({ NAME: 'tarmac-demo', VERSION: '2.3.4', RELEASE: '5', EPOCH: 1, ARCH: arch, SIZE: 6, LICENSE: 'MIT', PAYLOADCOMPRESSOR: 'gzip' });
      // The same values rpm itself reports.
      const query = run('rpm', ['-qp', '--queryformat', '%{NAME}|%{VERSION}|%{RELEASE}|%{ARCH}|%{SUMMARY}|%{BUILDTIME}', rpms[arch]!]).split('|');
      const d = info.details;
      expect([d.name, d.version, d.release, d.arch, d.summary]).toEqual(query.slice(0, 5));
      expect(info.details.buildTime).toBe(new Date(Number(query[5]) * 1000).toISOString());
    });
  }

  it('prints header tags verbatim from the CLI', () => {
    const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
    const json = JSON.parse(spawnSync(process.execPath, [cli, rpms.noarch!], { encoding: 'utf8' }).stdout);
    expect(json.details.header_tags.PAYLOADCOMPRESSOR).toBe('gzip');
    expect(json.build_version).toBe('5');
  });
});

describe('hostile .rpm packages', () => {
  let bytes: Buffer;
  let mainAt: number;
  beforeAll(() => {
    bytes = readFileSync(buildRpm('noarch'));
    const sigCount = bytes.readUInt32BE(96 + 8);
    const sigStore = bytes.readUInt32BE(96 + 12);
    mainAt = Math.ceil((96 + 16 + sigCount * 16 + sigStore) / 8) * 8;
  });

  it('rejects an index count of ten million and an oversized data store', async () => {
    const copy = Buffer.from(bytes);
    copy.writeUInt32BE(10_000_000, mainAt + 8);
    let error = await failureOf(inspect(copy));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/main header declares 10000000 tags/);
    const sig = Buffer.from(bytes);
    sig.writeUInt32BE(10_000_000, 96 + 8);
    expect((await failureOf(inspect(sig))).message).toMatch(/signature header declares 10000000 tags/);
    const store = Buffer.from(bytes);
    store.writeUInt32BE(0x7fffffff, mainAt + 12);
    error = await failureOf(inspect(store));
    expect(error.code).toBe('limit_exceeded');
  });

  it('rejects truncation in the lead, either header and the data store', async () => {
    for (const cut of [50, 96 + 8, 200, mainAt + 8, mainAt + 100, mainAt + 16 + bytes.readUInt32BE(mainAt + 8) * 16 + 10]) {
      const error = await failureOf(inspect(bytes.subarray(0, cut)));
      expect(error.code, `cut at ${cut}`).toBe('truncated');
      expect(error.message).toMatch(/truncated/);
    }
  });

  it('rejects a broken header magic, an offset outside the store and an unterminated string', async () => {
    const magic = Buffer.from(bytes);
    magic[mainAt] = 0;
    expect((await failureOf(inspect(magic))).message).toMatch(/main header at byte \d+ does not start with 8E AD E8 01/);
    const offset = Buffer.from(bytes);
    offset.writeUInt32BE(0xfffffff0, mainAt + 16 + 8);
    expect((await failureOf(inspect(offset))).message).toMatch(/points at byte 4294967280/);
    // Point NAME (a string) at the store's last byte, which is not a NUL.
    const count = bytes.readUInt32BE(mainAt + 8);
    const storeSize = bytes.readUInt32BE(mainAt + 12);
    const unterminated = Buffer.from(bytes);
    const storeAt = mainAt + 16 + count * 16;
    unterminated[storeAt + storeSize - 1] = 0x41;
    for (let i = 0; i < count; i++) {
      if (unterminated.readUInt32BE(mainAt + 16 + i * 16) === 1000) unterminated.writeUInt32BE(storeSize - 1, mainAt + 16 + i * 16 + 8);
    }
    const error = await failureOf(inspect(unterminated));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/string tag 1000 is not NUL-terminated/);
  });
});

// ---------------------------------------------------------------------------------------
// AppImage

describe('AppImages built with clang and mksquashfs', () => {
  const images: Record<string, string> = {};
  let icon: Buffer;
  let runtime: Buffer;
  beforeAll(async () => {
    const dir = path.join(work.dir, 'appimage');
    const appDir = path.join(dir, 'AppDir');
    mkdirSync(path.join(appDir, 'usr/bin'), { recursive: true });
    writeFileSync(path.join(dir, 'runtime.c'), 'int main(void) { return 0; }\n');
    tool('clang', ['-O1', '-o', path.join(dir, 'runtime'), path.join(dir, 'runtime.c')]);
    runtime = readFileSync(path.join(dir, 'runtime'));
    runtime.write('AI\x02', 8, 'latin1');
    writeFileSync(path.join(appDir, 'AppRun'), '#!/bin/sh\nexec true\n');
    writeFileSync(
      path.join(appDir, 'org.tarmac.Demo.desktop'),
      '[Desktop Entry]\nType=Application\nName=Tarmac Demo\nName[de]=Tarmac Vorführung\nComment=A demo AppImage\nExec=AppRun %F\nIcon=tarmac-demo\nCategories=Utility;Development;\nX-AppImage-Version=4.5.6\n\n[Desktop Action New]\nName=Other\n',
    );
    // A real PNG followed by random bytes: big enough to span several 128 KiB data blocks
    // and end in a fragment.
    const hap = await inspectIcon(fixture('apps/harmony.hap'));
    icon = Buffer.concat([hap!, randomBytes(300_000)]);
    writeFileSync(path.join(appDir, 'tarmac-demo.png'), icon);
    symlinkSync('tarmac-demo.png', path.join(appDir, '.DirIcon'));
    for (const comp of ['gzip', 'xz', 'zstd', 'lzo']) {
      const fs = path.join(dir, `${comp}.sqfs`);
      tool('mksquashfs', [appDir, fs, '-comp', comp, '-noappend', '-quiet', '-all-root']);
      images[comp] = path.join(dir, `${comp}.AppImage`);
      writeFileSync(images[comp], Buffer.concat([runtime, readFileSync(fs)]));
    }
  });

  for (const comp of ['gzip', 'xz', 'zstd']) {
    it(`reads the .desktop entry and the icon from a ${comp} squashfs`, async () => {
      const info = (await inspect(images[comp]!)) as AppImageInfo;
      expect(info).toMatchObject({
        format: 'appimage',
        platform: 'linux',
        device: 'desktop',
        name: 'Tarmac Demo',
        displayName: 'Tarmac Demo',
        bundleId: 'org.tarmac.Demo',
        releaseVersion: '4.5.6',
        buildVersion: null,
        minOsVersion: null,
        archs: ['x86_64'],
        icons: [{ path: '.DirIcon', width: 41, height: 41, kind: 'png' }],
      });
      expect(info.details).toMatchObject({
        appImageType: 2,
        elfClass: 64,
        machine: 62,
        payloadOffset: runtime.length,
        squashfs: { compression: comp, blockSize: 131072 },
        desktopFile: 'org.tarmac.Demo.desktop',
        desktopEntry: {
          Type: 'Application',
          Name: 'Tarmac Demo',
          'Name[de]': 'Tarmac Vorführung',
          Comment: 'A demo AppImage',
          Exec: 'AppRun %F',
          Icon: 'tarmac-demo',
          Categories: 'Utility;Development;',
          'X-AppImage-Version': '4.5.6',
        },
        categories: ['Utility', 'Development'],
        exec: 'AppRun %F',
        comment: 'A demo AppImage',
        iconFile: '.DirIcon',
      });
      const loaded = await inspectIcon(images[comp]!);
      expect(loaded!.equals(icon)).toBe(true);
    });
  }

  it('identifies an lzo squashfs without reading it', async () => {
    const info = (await inspect(images.lzo!)) as AppImageInfo;
    expect(info).toMatchObject({ name: null, bundleId: null, archs: ['x86_64'], icons: [] });
    expect(info.details).toMatchObject({ squashfs: { compression: 'lzo' }, desktopEntry: null, desktopFile: null });
    expect(await inspectIcon(images.lzo!)).toBeNull();
  });

  it('reports a type 1 AppImage from its ELF header alone', async () => {
    const type1 = Buffer.from(runtime);
    type1[10] = 1;
    const info = (await inspect(type1)) as AppImageInfo;
    expect(info.details).toMatchObject({ appImageType: 1, squashfs: null, desktopEntry: null });
  });

  it('leaves a plain ELF executable unrecognised', async () => {
    const plain = Buffer.from(runtime);
    plain.fill(0, 8, 11);
    const error = await failureOf(inspect(plain));
    expect(error.code).toBe('unknown_format');
  });

  it('parses desktop entries', () => {
    expect(parseDesktopEntry('# c\n[Other]\nName=x\n[Desktop Entry]\nName = A\nName=B\nbad line\n[Next]\nName=C')).toEqual({ Name: 'A' });
  });

  it('writes the icon through the CLI', () => {
    const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
    const out = path.join(work.dir, 'appimage-icon.png');
    const result = spawnSync(process.execPath, [cli, images.zstd!, '--icon', out], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const png = readFileSync(out);
    expect(isPng(png)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 41, height: 41 });
    expect(JSON.parse(result.stdout).details.desktop_entry['X-AppImage-Version']).toBe('4.5.6');
  });

  it('rejects truncation and corruption of the ELF header and the squashfs', async () => {
    const bytes = readFileSync(images.gzip!);
    const base = runtime.length;
    let error = await failureOf(inspect(bytes.subarray(0, 40)));
    expect(error.code).toBe('truncated');
    error = await failureOf(inspect(bytes.subarray(0, base + 50)));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/squashfs superblock/);
    // mksquashfs pads the image to 4 KiB; cut inside what the superblock says is used.
    const used = Number(bytes.readBigUInt64LE(base + 40));
    error = await failureOf(inspect(bytes.subarray(0, base + used - 10)));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/squashfs image needs/);

    const shoff = Buffer.from(bytes);
    shoff.writeBigUInt64LE(0xffffffffn, 40);
    error = await failureOf(inspect(shoff));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/ELF section headers end at byte/);

    const patch = (at: number, write: (b: Buffer) => void) => {
      const copy = Buffer.from(bytes);
      write(copy.subarray(base + at));
      return copy;
    };
    const cases: [Buffer, RegExp][] = [
      [patch(0, (b) => b.write('xxxx', 0, 'latin1')), /no "hsqs" superblock/],
      [patch(28, (b) => b.writeUInt16LE(3, 0)), /squashfs version 3/],
      [patch(12, (b) => b.writeUInt32LE(12345, 0)), /block size 12345/],
      [patch(32, (b) => b.writeBigUInt64LE(0xffff_ffffn << 16n, 0)), /metadata block|outside the image/],
      [patch(64, (b) => b.writeBigUInt64LE(3n, 0)), /squashfs metadata block (does not decompress|.*corrupt)/],
      [patch(72, (b) => b.writeBigUInt64LE(0xfffffn, 0)), /outside the image/],
    ];
    for (const [input, message] of cases) {
      error = await failureOf(inspect(input));
      expect(error.code).toBe('corrupt_file');
      expect(error.message).toMatch(message);
    }
  });
});
