// The local store: keys never leave the storage root, writes land whole, reads honour ranges.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';
import { StorageError } from './storage.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-storage-'));
const storage = createLocalStorage(dataDir);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('local storage', () => {
  it('stores, stats, reads (whole and by range) and deletes an object', async () => {
    await storage.putBuffer('releases/abc/app.apk', Buffer.from('0123456789'));
    expect(await storage.stat('releases/abc/app.apk')).toEqual({ size: 10 });
    expect(await text(await storage.read('releases/abc/app.apk'))).toBe('0123456789');
    expect(await text(await storage.read('releases/abc/app.apk', { start: 2, end: 5 }))).toBe('2345');
    await storage.delete('releases/abc/app.apk');
    expect(await storage.stat('releases/abc/app.apk')).toBeNull();
    await storage.delete('releases/abc/app.apk'); // a missing object is not an error
  });

  it('removes the folders a delete leaves empty, up to the root, and keeps those still in use', async () => {
    await storage.putBuffer('releases/r1/app.apk', Buffer.from('a'));
    await storage.putBuffer('releases/r2/app.apk', Buffer.from('b'));
    await storage.delete('releases/r1/app.apk');
    expect(readdirSync(path.join(dataDir, 'storage', 'releases'))).toEqual(['r2']);
    await storage.delete('releases/r2/app.apk');
    expect(readdirSync(path.join(dataDir, 'storage'))).not.toContain('releases');
    expect(readdirSync(dataDir)).toContain('storage');
  });

  it('moves a finished temp file into place and leaves no temp behind', async () => {
    await mkdir(storage.tempDir, { recursive: true });
    const temp = path.join(storage.tempDir, 'upload-1');
    writeFileSync(temp, 'package bytes');
    await storage.putFile('releases/def/package.ipa', temp);
    expect(await storage.stat('releases/def/package.ipa')).toEqual({ size: 13 });
    expect(readdirSync(storage.tempDir)).not.toContain('upload-1');
  });

  it.each(['../outside', 'releases/../../etc/passwd', '/etc/passwd', 'releases//x', 'releases/./x', '', 'a b', 'releases/x\u0000y'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.putBuffer(key, Buffer.from('x'))).rejects.toBeInstanceOf(StorageError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(StorageError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageError);
    },
  );

  it('answers a read of a missing object with an error, not an empty stream', async () => {
    await expect(storage.read('releases/none/x.apk')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
