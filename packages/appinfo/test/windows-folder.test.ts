// Windows apps shipped as a zip of their folder (the app-info gem reads them as `pe`). The
// zips are built here, in memory, from the real fixture apps/win-upx.exe (never copied to the
// repository) and an exe made with clang, llvm-rc and lld-link (for an icon), beside dummy
// .dll files and resources. Checked: detection, the main executable's choice (top level, a
// single folder, the name of the folder, helpers skipped, ambiguity refused), that it is read
// as a bare exe is, and the hostile cases (not a PE, too many exes, nested too deep, a bomb,
// path traversal names), each a typed error naming the problem.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WindowsAppInfo } from '../src/formats/windows/folder.ts';
import { MAX_TOP_EXES } from '../src/formats/windows/folder.ts';
import { AppInfoError } from '../src/errors.ts';
import { isPng, pngSize } from '../src/image/png.ts';
import { inspect, inspectIcon } from '../src/inspect.ts';
import type { ZipInput } from './helpers.ts';
import { failureOf, fixture, makeZip, run, tempDir } from './helpers.ts';

const upx = readFileSync(fixture('apps/win-upx.exe'));
const dll = (name: string): ZipInput => ({ name, data: `not really ${name}` });

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

function solidPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 4, 0x7f)]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** An .ico of one PNG image. */
function pngIco(png: Buffer, size: number): Buffer {
  const head = Buffer.alloc(6 + 16);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = size;
  head[7] = size;
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, png]);
}

let work: { dir: string; cleanup: () => void };
let iconExe: Buffer;

beforeAll(() => {
  work = tempDir();
  const dir = work.dir;
  writeFileSync(path.join(dir, 'main.c'), 'int mainCRTStartup(void) { return 0; }\n');
  writeFileSync(path.join(dir, 'app.ico'), pngIco(solidPng(32), 32));
  writeFileSync(
    path.join(dir, 'app.rc'),
    `1 ICON "app.ico"
1 VERSIONINFO
 FILEVERSION 4,5,6,7
 PRODUCTVERSION 4,5,6,0
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "CompanyName", "Folder Co"
      VALUE "ProductName", "Folder App"
      VALUE "ProductVersion", "4.5.6"
      VALUE "FileDescription", "The folder app"
    END
  END
END
`,
  );
  run('llvm-rc-14', ['/C', '65001', '/FO', 'app.res', 'app.rc'], { cwd: dir });
  run('clang', ['--target=x86_64-pc-windows-msvc', '-fuse-ld=lld', '-nostdlib', '-Wl,/entry:mainCRTStartup', '-Wl,/subsystem:windows', 'main.c', 'app.res', '-o', 'app.exe'], { cwd: dir });
  iconExe = readFileSync(path.join(dir, 'app.exe'));
});
afterAll(() => work?.cleanup());

describe('a zip of a Windows app folder', () => {
  it('with its files at the top: read as windows_app from the exe, its version resource as a bare exe', async () => {
    const zip = makeZip([{ name: 'upx.exe', data: upx }, dll('libfoo.dll'), dll('Qt5Core.dll'), { name: 'resources/app.pak', data: 'pak' }]);
    const info = (await inspect(zip)) as WindowsAppInfo;
    expect(info).toMatchObject({
      format: 'windows_app',
      platform: 'windows',
      device: 'desktop',
      name: 'UPX',
      displayName: 'UPX executable packer',
      bundleId: null,
      releaseVersion: '3.08 (2011-12-12)',
      buildVersion: null,
      archs: ['x86'],
      size: zip.length,
    });
    expect(info.details).toMatchObject({
      folder: null,
      executable: 'upx.exe',
      executableSize: 293888,
      otherExecutables: [],
      dlls: ['libfoo.dll', 'Qt5Core.dll'],
      fileCount: 4,
      companyName: 'The UPX Team http://upx.sf.net',
      originalFilename: 'upx.exe',
      packer: 'upx',
    });
    // The same answer as the bare exe, but for the format, the size and the folder fields.
    const bare = await inspect(fixture('apps/win-upx.exe'));
    const { format: _f, size: _s, details, ...rest } = info;
    const { format: _bf, size: _bs, details: bareDetails, ...bareRest } = bare;
    expect(rest).toEqual(bareRest);
    expect(details).toMatchObject(bareDetails);
  });

  it('with its folder at the top (stored or deflated exe): the exe in that folder, and its icon', async () => {
    for (const store of [true, false]) {
      const zip = makeZip([
        { name: 'FolderApp-4.5.6/', data: '' },
        { name: 'FolderApp-4.5.6/FolderApp.exe', data: iconExe, store },
        dll('FolderApp-4.5.6/ffmpeg.dll'),
        { name: 'FolderApp-4.5.6/locales/en-US.pak', data: 'x' },
        // A helper deeper down is never a candidate.
        { name: 'FolderApp-4.5.6/tools/helper.exe', data: upx },
      ]);
      const info = (await inspect(zip, { icon: true })) as WindowsAppInfo & { icon?: Buffer | null };
      expect(info).toMatchObject({ format: 'windows_app', name: 'Folder App', releaseVersion: '4.5.6', archs: ['x86_64'] });
      expect(info.icons).toEqual([{ path: 'RT_ICON/1', width: 32, height: 32, kind: 'png' }]);
      expect(info.details).toMatchObject({ folder: 'FolderApp-4.5.6', executable: 'FolderApp-4.5.6/FolderApp.exe', dlls: ['ffmpeg.dll'], companyName: 'Folder Co' });
      expect(isPng(info.icon!)).toBe(true);
      expect(pngSize(info.icon!)).toEqual({ width: 32, height: 32 });
      expect(pngSize((await inspectIcon(zip))!)).toEqual({ width: 32, height: 32 });
    }
  });

  it('chooses the main exe: the one named as the folder, helpers skipped; ambiguity is refused naming them', async () => {
    const named = (await inspect(
      makeZip([{ name: 'Demo/Other.exe', data: upx }, { name: 'Demo/demo.EXE', data: iconExe }, dll('Demo/a.dll')]),
    )) as WindowsAppInfo;
    expect(named.details.executable).toBe('Demo/demo.EXE');
    expect(named.details.otherExecutables).toEqual(['Demo/Other.exe']);

    const versioned = (await inspect(makeZip([{ name: 'Demo-1.2-win64/Demo.exe', data: iconExe }, { name: 'Demo-1.2-win64/Tool.exe', data: upx }]))) as WindowsAppInfo;
    expect(versioned.details.executable).toBe('Demo-1.2-win64/Demo.exe');

    const helpers = (await inspect(
      makeZip([{ name: 'unins000.exe', data: upx }, { name: 'App.exe', data: iconExe }, { name: 'crashpad_handler.exe', data: upx }, { name: 'Update.exe', data: upx }]),
    )) as WindowsAppInfo;
    expect(helpers.details.executable).toBe('App.exe');

    const ambiguous = await failureOf(inspect(makeZip([{ name: 'One.exe', data: upx }, { name: 'Two.exe', data: iconExe }])));
    expect(ambiguous.code).toBe('missing_entry');
    expect(ambiguous.message).toMatch(/2 programs at the top of the zip \("One\.exe", "Two\.exe"\).*main executable is unknown/);

    const inFolder = await failureOf(inspect(makeZip([{ name: 'Suite/One.exe', data: upx }, { name: 'Suite/Two.exe', data: iconExe }])));
    expect(inFolder.message).toMatch(/in its folder "Suite"/);
  });

  it('refuses an .exe that is not a Windows program, naming it', async () => {
    const text = await failureOf(inspect(makeZip([{ name: 'App/App.exe', data: 'echo hello' }, dll('App/a.dll')])));
    expect(text.code).toBe('truncated');
    expect(text.message).toMatch(/^In "App\/App\.exe": /);
    const elf = Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(200)]);
    const notPe = await failureOf(inspect(makeZip([{ name: 'App.exe', data: elf }])));
    expect(notPe.code).toBe('corrupt_file');
    expect(notPe.message).toMatch(/^In "App\.exe": .*does not start with "MZ"/);
    const dos = Buffer.alloc(256);
    dos.write('MZ', 0, 'latin1');
    dos.writeUInt32LE(128, 0x3c);
    expect((await failureOf(inspect(makeZip([{ name: 'App.exe', data: dos }])))).message).toMatch(/"PE\\0\\0" signature/);
    expect((await failureOf(inspect(makeZip([{ name: 'App.exe', data: '' }])))).code).toBe('truncated');
  });

  it(`refuses more than ${MAX_TOP_EXES} exes at the top`, async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ name: `tool${i}.exe`, data: 'MZ' }));
    const error = await failureOf(inspect(makeZip(many)));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toMatch(/300 \.exe files at the top of the zip, more than the 64/);
  });

  it('does not read a zip whose only exes are nested below the folder: an unknown zip, saying what it looks for', async () => {
    const error = await failureOf(inspect(makeZip([{ name: 'A/B/App.exe', data: upx }, { name: 'A/readme.txt', data: 'x' }])));
    expect(error.code).toBe('unknown_format');
    expect(error.message).toMatch(/an \.exe at the top or in its one folder \(zipped Windows app\)/);
    // Two folders at the top: no single app folder.
    expect((await failureOf(inspect(makeZip([{ name: 'A/App.exe', data: upx }, { name: 'B/App.exe', data: upx }])))).code).toBe('unknown_format');
  });

  it('refuses a zip bomb in place of the exe without inflating it', async () => {
    const zip = makeZip([{ name: 'App.exe', data: Buffer.alloc(64 * 1024 * 1024) }]);
    const error = await failureOf(inspect(zip));
    expect(error.code).toBe('zip_bomb');
    expect(error.message).toMatch(/"App\.exe"/);
    // A central directory that lies: 4 GB declared for a few compressed bytes.
    const lying = makeZip([{ name: 'App.exe', data: upx.subarray(0, 4096) }]);
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(0xfffffff0, central + 24);
    const lie = await failureOf(inspect(lying));
    expect(lie.code).toBe('zip_bomb');
  });

  it('refuses path traversal and absolute names as a corrupt zip', async () => {
    for (const name of ['../App.exe', '/App.exe', 'App/../../evil.exe', 'C:/App.exe']) {
      const error = await failureOf(inspect(makeZip([{ name, data: upx }, dll('a.dll')])));
      expect(error.code, name).toBe('corrupt_zip');
    }
  });

  it('leaves other zips to their parsers (an apk holding an .exe is still an apk)', async () => {
    const error = await failureOf(inspect(makeZip([{ name: 'AndroidManifest.xml', data: 'x' }, { name: 'classes.dex', data: 'x' }, { name: 'setup.exe', data: upx }])));
    // The apk parser claims it (and refuses its fake manifest), not the Windows one.
    expect(error.code).not.toBe('missing_entry');
    expect(error.message).not.toMatch(/setup\.exe/);
  });

  it('only ever fails with an AppInfoError on mutated zips (deflated and stored exe)', async () => {
    let seed = 12;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (const store of [false, true]) {
      const good = makeZip([{ name: 'App/App.exe', data: iconExe, store }, dll('App/a.dll')]);
      for (let i = 0; i < 150; i++) {
        const mutant = Buffer.from(good);
        for (let n = 1 + Math.floor(random() * 8); n > 0; n--) mutant[Math.floor(random() * mutant.length)] = Math.floor(random() * 256);
        try {
          await inspect(mutant, { icon: true });
        } catch (error) {
          expect(error, `mutant ${i}`).toBeInstanceOf(AppInfoError);
        }
      }
    }
  });
});
