// Debug files for tests: real dSYMs made with Debian's clang, ld64.lld, dsymutil and
// llvm-lipo (thin and fat, with the UUIDs llvm-dwarfdump reports), zips built in memory, and
// the upload request fastlane's zealot_debug_file sends. A missing tool fails the test (CI
// installs them from .ci/apt-packages); it never skips.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import type { ApiResponse } from './server.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures');
export const DSYM_FIXTURE = path.join(FIXTURES, 'debug-files', 'ios-dsym-single.zip');
export const PROGUARD_FIXTURE = path.join(FIXTURES, 'debug-files', 'android-proguard-mapping.zip');

/** Runs a command, throwing with its output when it is missing or fails. */
export function run(command: string, args: string[], cwd?: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}); .ci/run installs it`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export interface ZipInput {
  name: string;
  data: Buffer | string;
}

/** A real zip (deflated entries, central directory, EOCD) built in memory. */
export function makeZip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
    const name = Buffer.from(entry.name);
    const directory = entry.name.endsWith('/');
    const body = directory ? data : deflateRawSync(data);
    const method = directory ? 0 : 8;
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(directory.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, eocd]);
}

export function dsymPlist(bundleId: string, releaseVersion: string, buildVersion: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
<key>CFBundleIdentifier</key><string>com.apple.xcode.dsym.${bundleId}</string>
<key>CFBundlePackageType</key><string>dSYM</string>
<key>CFBundleShortVersionString</key><string>${releaseVersion}</string>
<key>CFBundleVersion</key><string>${buildVersion}</string>
</dict></plist>
`;
}

/** A DWARF file made by dsymutil, with the [arch, uuid] pairs llvm-dwarfdump prints for it. */
export interface Dwarf {
  path: string;
  slices: { arch: string; uuid: string }[];
}

export function dwarfdumpSlices(file: string): { arch: string; uuid: string }[] {
  return [...run('llvm-dwarfdump-14', ['--uuid', file]).matchAll(/UUID: ([0-9A-F-]+) \(([^)]+)\)/g)].map((m) => ({ arch: m[2]!, uuid: m[1]!.toLowerCase() }));
}

const TARGETS = {
  arm64: { triple: 'arm64-apple-ios14', platform: ['ios', '14.0', '17.0'] },
  x86_64: { triple: 'x86_64-apple-ios14-simulator', platform: ['ios-simulator', '14.0', '17.0'] },
} as const;

/** Builds real dSYMs in a temporary folder; `close()` removes it. */
export function dsymWorkshop() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-dsym-'));
  return {
    dir,
    /**
     * A thin (one arch) or fat (several) DWARF file for an executable named `name`. The
     * source names it, so every name has its own UUIDs.
     */
    build(name: string, archs: (keyof typeof TARGETS)[] = ['arm64']): Dwarf {
      writeFileSync(path.join(dir, `${name}.c`), `static const char *who = "${name}";\nint main(void) { return who[0]; }\n`);
      const thin: string[] = [];
      for (const arch of archs) {
        const target = TARGETS[arch];
        run('clang', ['-g', '-c', '-target', target.triple, `${name}.c`, '-o', `${name}-${arch}.o`], dir);
        run('ld64.lld-14', ['-arch', arch, '-platform_version', ...target.platform, '-o', `${name}-${arch}`, `${name}-${arch}.o`, '-e', '_main'], dir);
        run('dsymutil', [`${name}-${arch}`, '-o', `${name}-${arch}.dSYM`], dir);
        thin.push(path.join(dir, `${name}-${arch}.dSYM/Contents/Resources/DWARF/${name}-${arch}`));
      }
      let file = thin[0]!;
      if (thin.length > 1) {
        file = path.join(dir, `${name}-fat`);
        run('llvm-lipo-14', ['-create', ...thin, '-output', file]);
      }
      return { path: file, slices: dwarfdumpSlices(file) };
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The zip entries of one .dSYM bundle at `root` (e.g. "MyApp.app.dSYM" or "Build/dSYMs/MyApp.app.dSYM"). */
export function dsymBundle(root: string, object: string, dwarf: Dwarf, plist: string | null): ZipInput[] {
  return [
    { name: `${root}/`, data: '' },
    ...(plist === null ? [] : [{ name: `${root}/Contents/Info.plist`, data: plist }]),
    { name: `${root}/Contents/Resources/DWARF/${object}`, data: readFileSync(dwarf.path) },
  ];
}

/**
 * POST /api/debug_files/upload as fastlane's zealot_debug_file sends it: multipart with the
 * token as a form field and unset options as empty parts, then the zip.
 */
export async function uploadDebugFile(
  server: { url: string },
  fields: Record<string, string | undefined>,
  file: { data: Buffer; name: string } | null,
  headers: Record<string, string> = {},
): Promise<ApiResponse<any>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value ?? '');
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: 'application/octet-stream' }), file.name);
  const response = await fetch(`${server.url}/api/debug_files/upload`, { method: 'POST', body: form, headers });
  const text = await response.text();
  const body: unknown = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body, text };
}
