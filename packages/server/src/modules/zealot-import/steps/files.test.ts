import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../../storage/local.ts';
import type { Storage } from '../../../storage/storage.ts';
import { checksumNote, FileCopyError, importKeyId, placeFile, receiveFile, removeMoved, storeVerified } from './files.ts';
import type { FoundFile } from './files.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'zealot-files-unit-'));
const storage = createLocalStorage(dataDir);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const BYTES = Buffer.from('zealot build bytes '.repeat(5000));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const found = (size: number, open: () => Readable): FoundFile => ({ status: 'found', path: 'apps/a1/r1/binary/app.apk', size, open });
const temps = () => readdirSync(storage.tempDir);

describe('copying a Zealot upload', () => {
  it('streams it into a temp file named for the sweeper, hashing and counting, and stores it verified', async () => {
    const received = await receiveFile(storage, found(BYTES.length, () => Readable.from([BYTES.subarray(0, 1000), BYTES.subarray(1000)])));
    expect(received).toMatchObject({ sha256: sha256(BYTES), size: BYTES.length, md5: createHash('md5').update(BYTES).digest('hex') });
    expect(received.sha1).toBe(createHash('sha1').update(BYTES).digest('hex'));
    expect(path.basename(received.path)).toMatch(/^zealot\.[^.]+\.\d+\.[0-9a-f-]{36}$/);
    await storeVerified(storage, 'releases/u1/app.apk', received);
    expect(temps()).toEqual([]);
    expect(await storage.stat('releases/u1/app.apk')).toEqual({ size: BYTES.length });
  });

  it('refuses a file whose byte count is not its size (it changed while copied), leaving no temp file', async () => {
    await expect(receiveFile(storage, found(BYTES.length + 1, () => Readable.from([BYTES])))).rejects.toBeInstanceOf(FileCopyError);
    expect(temps()).toEqual([]);
  });

  it('leaves no temp file when the source fails half-way', async () => {
    const failing = () => Readable.from((async function* () {
      yield BYTES.subarray(0, 100);
      throw new Error('EIO: the disk went away');
    })());
    await expect(receiveFile(storage, found(BYTES.length, failing))).rejects.toThrow('EIO');
    expect(temps()).toEqual([]);
  });

  it('removes a stored copy that reads back with another SHA-256', async () => {
    const received = await receiveFile(storage, found(BYTES.length, () => Readable.from([BYTES])));
    const lying: Storage = { ...storage, read: async () => Readable.from([Buffer.from('other bytes')]) };
    await expect(storeVerified(lying, 'releases/u2/app.apk', received)).rejects.toThrow(/reads back with SHA-256/);
    expect(await storage.stat('releases/u2/app.apk')).toBeNull();
    expect(temps()).toEqual([]);
  });

  it('--move: a Zealot file that cannot be removed is a warning, never a failure of the imported row', async () => {
    const warnings: string[] = [];
    const removed: string[] = [];
    const locked = { ...found(1, () => Readable.from([])), remove: () => Promise.reject(new Error('EACCES: permission denied')) };
    const free = { ...found(1, () => Readable.from([])), path: 'apps/a1/r1/icons/i.png', remove: async () => void removed.push('icon') };
    await removeMoved({ warn: (message) => warnings.push(message) }, 'release 1', [locked, null, free]);
    expect(warnings).toEqual(["release 1 was imported, but Zealot's apps/a1/r1/binary/app.apk could not be removed (EACCES: permission denied)"]);
    expect(removed).toEqual(['icon']);
  });

  it('notes a digest that is not the one Zealot recorded (any case), and nothing when none was recorded', () => {
    expect(checksumNote('ABC123', 'abc123', 'MD5')).toBeNull();
    expect(checksumNote(null, 'abc123', 'MD5')).toBeNull();
    expect(checksumNote('', 'abc123', 'SHA-1')).toBeNull();
    expect(checksumNote('ffff', 'abc123', 'SHA-1')).toBe("the file's SHA-1 is abc123, not the ffff Zealot recorded: it changed after Zealot stored it");
  });

  it('finds the copy an interrupted run stored under the derived key; overwrites a damaged one; leaves a held key alone', async () => {
    const id = importKeyId('releases', 7, sha256(BYTES));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(importKeyId('releases', 7, sha256(BYTES))).toBe(id);
    expect(importKeyId('releases', 8, sha256(BYTES))).not.toBe(id);
    const key = `releases/${id}/app.apk`;
    const receive = () => receiveFile(storage, found(BYTES.length, () => Readable.from([BYTES])));
    expect(await placeFile(storage, key, await receive(), async () => false)).toBe('copied');
    expect(await placeFile(storage, key, await receive(), async () => false)).toBe('present');
    expect(await placeFile(storage, key, await receive(), async () => true)).toBe('taken');
    await storage.putBuffer(key, Buffer.from('damaged'));
    expect(await placeFile(storage, key, await receive(), async () => false)).toBe('copied');
    expect(await storage.stat(key)).toEqual({ size: BYTES.length });
    const left = temps();
    expect(left).toHaveLength(1); // the 'taken' one: its caller stores it under another key
    rmSync(path.join(storage.tempDir, left[0]!));
  });
});
