// dSYM zips: every .dSYM bundle in the archive (at the top or inside folders), each DWARF
// object's Mach-O slices with the UUIDs crash reports are matched by. Besides the fixture,
// real bundles are made here with clang, ld64.lld, dsymutil and llvm-lipo, and every UUID
// reported must equal what llvm-dwarfdump prints for the same file. Hostile variants: no
// DWARF inside, a DWARF file that is not a Mach-O, truncated, absurd fat headers.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect } from '../src/inspect.ts';
import { failureOf, fixture, makeZip, run, tempDir } from './helpers.ts';
import type { ZipInput } from './helpers.ts';

/** [arch, uuid] pairs as llvm-dwarfdump prints them, lowercased, in file order. */
function dwarfdumpUuids(file: string): [string, string][] {
  return [...run('llvm-dwarfdump-14', ['--uuid', file]).matchAll(/UUID: ([0-9A-F-]+) \(([^)]+)\)/g)].map((m) => [m[2]!, m[1]!.toLowerCase()]);
}

function dsymPlist(id: string, short: string, build: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
<key>CFBundleIdentifier</key><string>com.apple.xcode.dsym.${id}</string>
<key>CFBundlePackageType</key><string>dSYM</string>
<key>CFBundleShortVersionString</key><string>${short}</string>
<key>CFBundleVersion</key><string>${build}</string>
</dict></plist>
`;
}

let work: { dir: string; cleanup: () => void };
/** DWARF files made by dsymutil (thin) and llvm-lipo (fat). */
const dwarf: Record<string, string> = {};
const plists: Record<string, Buffer> = {};

beforeAll(() => {
  work = tempDir('appinfo-dsym-');
  const { dir } = work;
  writeFileSync(path.join(dir, 'app.c'), 'static int twice(int x) { return x * 2; }\nint main(void) { return twice(21); }\n');
  for (const [name, target, arch, platform] of [
    ['MacTool', 'x86_64-apple-macos11', 'x86_64', ['macos', '11.0', '11.0']],
    ['PhoneApp', 'arm64-apple-ios12', 'arm64', ['ios', '12.0', '14.0']],
  ] as const) {
    run('clang', ['-g', '-c', '-target', target, 'app.c', '-o', `${name}.o`], { cwd: dir });
    run('ld64.lld-14', ['-arch', arch, '-platform_version', ...platform, '-o', name, `${name}.o`, '-e', '_main'], { cwd: dir });
    run('dsymutil', [name, '-o', `${name}.dSYM`], { cwd: dir });
    dwarf[name] = path.join(dir, `${name}.dSYM/Contents/Resources/DWARF/${name}`);
    plists[name] = readFileSync(path.join(dir, `${name}.dSYM/Contents/Info.plist`));
  }
  run('llvm-lipo-14', ['-create', dwarf.MacTool!, dwarf.PhoneApp!, '-output', 'Universal'], { cwd: dir });
  dwarf.Universal = path.join(dir, 'Universal');
});

afterAll(() => work.cleanup());

function bundle(root: string, object: string, file: string, plist: Buffer | string | null, store = false): ZipInput[] {
  return [
    { name: `${root}/`, data: '' },
    ...(plist === null ? [] : [{ name: `${root}/Contents/Info.plist`, data: plist }]),
    { name: `${root}/Contents/Resources/DWARF/${object}`, data: readFileSync(file), store },
  ];
}

describe('the dSYM fixture (debug-files/ios-dsym-single.zip)', () => {
  it('reports the bundle, its object and its arm64 UUID', async () => {
    const file = fixture('debug-files/ios-dsym-single.zip');
    expect(await inspect(file)).toEqual({
      format: 'dsym',
      platform: 'ios',
      device: 'unknown',
      name: 'iOS',
      displayName: null,
      bundleId: 'com.icyleaf.iOS',
      releaseVersion: '1.0',
      buildVersion: '1',
      minOsVersion: '12.4',
      size: readFileSync(file).length,
      archs: ['arm64'],
      icons: [],
      details: {
        bundles: [
          {
            path: 'ios.DSYM',
            name: 'ios.DSYM',
            bundleId: 'com.icyleaf.iOS',
            releaseVersion: '1.0',
            buildVersion: '1',
            objects: [
              {
                name: 'iOS',
                path: 'ios.DSYM/Contents/Resources/DWARF/iOS',
                size: 866911,
                slices: [{ uuid: 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5', arch: 'arm64', cpuType: 0x0100000c, size: 866911 }],
              },
            ],
          },
        ],
      },
    });
  });

  it('prints it from the CLI as snake_case JSON', () => {
    const result = spawnSync(process.execPath, [path.join(import.meta.dirname, '../bin/appinfo.js'), fixture('debug-files/ios-dsym-single.zip')], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.bundle_id).toBe('com.icyleaf.iOS');
    expect(json.details.bundles[0].objects[0].slices[0]).toEqual({ uuid: 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5', arch: 'arm64', cpu_type: 16777228, size: 866911 });
  });
});

describe('dSYMs made by dsymutil', () => {
  it('reads several bundles in one zip, with the UUIDs llvm-dwarfdump prints', async () => {
    const zip = makeZip([
      ...bundle('PhoneApp.app.dSYM', 'PhoneApp', dwarf.PhoneApp!, dsymPlist('com.example.PhoneApp', '4.5', '450')),
      ...bundle('MacTool.dSYM', 'MacTool', dwarf.MacTool!, plists.MacTool!),
    ]);
    const info = await inspect(zip);
    const [[phoneArch, phoneUuid]] = dwarfdumpUuids(dwarf.PhoneApp!) as [[string, string]];
    const [[macArch, macUuid]] = dwarfdumpUuids(dwarf.MacTool!) as [[string, string]];
    expect(info).toMatchObject({
      format: 'dsym',
      platform: 'ios',
      device: 'unknown',
      name: 'PhoneApp',
      bundleId: 'com.example.PhoneApp',
      releaseVersion: '4.5',
      buildVersion: '450',
      minOsVersion: '12.0',
      archs: ['arm64', 'x86_64'],
    });
    expect(info.details).toEqual({
      bundles: [
        {
          path: 'PhoneApp.app.dSYM',
          name: 'PhoneApp.app.dSYM',
          bundleId: 'com.example.PhoneApp',
          releaseVersion: '4.5',
          buildVersion: '450',
          objects: [
            {
              name: 'PhoneApp',
              path: 'PhoneApp.app.dSYM/Contents/Resources/DWARF/PhoneApp',
              size: readFileSync(dwarf.PhoneApp!).length,
              slices: [{ uuid: phoneUuid, arch: phoneArch, cpuType: 0x0100000c, size: readFileSync(dwarf.PhoneApp!).length }],
            },
          ],
        },
        {
          path: 'MacTool.dSYM',
          name: 'MacTool.dSYM',
          // dsymutil names the bundle after the binary: com.apple.xcode.dsym.MacTool.
          bundleId: 'MacTool',
          releaseVersion: '1.0',
          buildVersion: '1',
          objects: [
            {
              name: 'MacTool',
              path: 'MacTool.dSYM/Contents/Resources/DWARF/MacTool',
              size: readFileSync(dwarf.MacTool!).length,
              slices: [{ uuid: macUuid, arch: macArch, cpuType: 0x01000007, size: readFileSync(dwarf.MacTool!).length }],
            },
          ],
        },
      ],
    });
  });

  it('lists every slice of a fat DWARF file with its own size, stored or deflated, inside a folder', async () => {
    const expected = dwarfdumpUuids(dwarf.Universal!);
    expect(expected.map(([arch]) => arch)).toEqual(['x86_64', 'arm64']);
    for (const store of [false, true]) {
      const zip = makeZip([
        { name: '__MACOSX/dSYMs/._Universal.dSYM', data: 'AppleDouble junk' },
        ...bundle('dSYMs/Universal.dSYM', 'Universal', dwarf.Universal!, dsymPlist('com.example.Universal', '2.0', '20'), store),
      ]);
      const info = await inspect(zip);
      expect(info).toMatchObject({ platform: 'macos', bundleId: 'com.example.Universal', archs: ['x86_64', 'arm64'], minOsVersion: '11.0' });
      type Slice = { uuid: string; arch: string; size: number };
      const details = info.details as { bundles: { path: string; objects: { size: number; slices: Slice[] }[] }[] };
      const [object] = details.bundles[0]!.objects;
      expect((info.details as { bundles: { path: string }[] }).bundles[0]!.path).toBe('dSYMs/Universal.dSYM');
      expect(object!.size).toBe(readFileSync(dwarf.Universal!).length);
      expect(object!.slices.map((s) => [s.arch, s.uuid])).toEqual(expected);
      expect(object!.slices.map((s) => s.size)).toEqual([readFileSync(dwarf.MacTool!).length, readFileSync(dwarf.PhoneApp!).length]);
    }
  });

  it('reads a bundle without an Info.plist (ids and versions unknown)', async () => {
    const info = await inspect(makeZip(bundle('MacTool.dSYM', 'MacTool', dwarf.MacTool!, null)));
    expect(info).toMatchObject({ format: 'dsym', platform: 'macos', name: 'MacTool', bundleId: null, releaseVersion: null, buildVersion: null, archs: ['x86_64'] });
  });
});

describe('hostile dSYM zips', () => {
  it('refuses a .dSYM folder with no DWARF inside', async () => {
    const error = await failureOf(inspect(makeZip([{ name: 'Empty.dSYM/Contents/Info.plist', data: plists.MacTool! }])));
    expect(error.code).toBe('missing_entry');
    expect(error.message).toBe('The dSYM bundle "Empty.dSYM" holds no Contents/Resources/DWARF/<object> file, so there are no debug symbols to read; zip the complete .dSYM folder');
  });

  it('refuses a DWARF file that is not a Mach-O, naming it', async () => {
    const zip = makeZip([{ name: 'App.dSYM/Contents/Resources/DWARF/App', data: '\x7fELF not a Mach-O at all' }]);
    const error = await failureOf(inspect(zip));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toBe('In "App.dSYM/Contents/Resources/DWARF/App": Expected a Mach-O header (magic feedface or feedfacf, either byte order), found bytes 7f454c46');
    const empty = await failureOf(inspect(makeZip([{ name: 'App.dSYM/Contents/Resources/DWARF/App', data: '' }])));
    expect(empty.message).toBe('The Mach-O "App.dSYM/Contents/Resources/DWARF/App" is empty (0 bytes)');
  });

  it('refuses a truncated DWARF file and a fat one with 10^6 architectures', async () => {
    const bytes = readFileSync(dwarf.PhoneApp!);
    let error = await failureOf(inspect(makeZip([{ name: 'App.dSYM/Contents/Resources/DWARF/App', data: bytes.subarray(0, 64) }])));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/^In "App.dSYM\/Contents\/Resources\/DWARF\/App": Bytes 32–\d+ \(the Mach-O's load commands\) lie past the end of the 64-byte file; it is truncated$/);
    const fat = Buffer.alloc(4096);
    fat.writeUInt32BE(0xcafebabe, 0);
    fat.writeUInt32BE(1_000_000, 4);
    error = await failureOf(inspect(makeZip([{ name: 'App.dSYM/Contents/Resources/DWARF/App', data: fat }])));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain('declares 1000000 architectures, more than the 32 allowed');
  });

  it('refuses a bundle whose Info.plist does not parse', async () => {
    const error = await failureOf(inspect(makeZip(bundle('App.dSYM', 'App', dwarf.PhoneApp!, '<plist><dict><key>oops'))));
    expect(error.code).toBe('bad_plist');
  });
});
