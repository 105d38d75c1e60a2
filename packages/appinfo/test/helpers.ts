// Shared by the appinfo tests: where the real fixtures live, and running Debian's tools to
// build more real files. A missing tool fails the test (CI installs them all); it never skips.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import { AppInfoError } from '../src/errors.ts';

/** ../shared/fixtures beside the repository. */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');

export function fixture(relative: string): string {
  return path.join(FIXTURES, relative);
}

/** Runs a command, throwing with its output when it is missing or fails. */
export function run(command: string, args: string[], options: { cwd?: string; input?: string | Buffer } = {}): string {
  const result = spawnSync(command, args, { cwd: options.cwd, input: options.input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}); .ci/run installs it`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** A temporary directory removed by the returned cleanup. */
export function tempDir(prefix = 'appinfo-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ZipInput {
  name: string;
  data: Buffer | string;
  /** Store uncompressed instead of deflating. */
  store?: boolean;
}

/**
 * A real zip archive built in memory (local headers, central directory, EOCD), for tests
 * that need archives with particular contents or damage.
 */
export function makeZip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
    const name = Buffer.from(entry.name);
    const body = entry.store ? data : deflateRawSync(data);
    const method = entry.store ? 0 : 8;
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
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
  const centralDirectory = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(centralDirectory.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, eocd]);
}

/** The AppInfoError a promise rejects with; fails the test when it resolves or throws another error. */
export async function failureOf(promise: Promise<unknown>): Promise<AppInfoError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppInfoError);
    return error as AppInfoError;
  }
  throw new Error('expected an AppInfoError, got a result');
}

/** The AppInfoError a synchronous action throws; fails the test otherwise. */
export function failure(action: () => unknown): AppInfoError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppInfoError);
    return error as AppInfoError;
  }
  throw new Error('expected an AppInfoError, got a result');
}
