// The core every format stands on: inputs (path, buffer, reader), detection by content,
// the zip layer's limits (entry count, inflate caps, bombs, lying sizes, truncation), the
// JSON shape, and no file descriptor left open whatever goes wrong.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import { fileReader } from '../src/io/file-reader.ts';
import { bufferReader } from '../src/io/reader.ts';
import { inspect } from '../src/inspect.ts';
import { snakeCase, toWire } from '../src/wire.ts';
import { openZip } from '../src/zip/zip.ts';
import { failureOf, fixture, makeZip, tempDir } from './helpers.ts';

describe('inputs', () => {
  it('refuses an empty file', async () => {
    const error = await failureOf(inspect(Buffer.alloc(0)));
    expect(error.code).toBe('empty_file');
    expect(error.message).toBe('The file is empty (0 bytes)');
  });

  it('names a missing path and a directory', async () => {
    expect((await failureOf(inspect('/nonexistent/build.ipa'))).message).toBe('Cannot open /nonexistent/build.ipa: no such file');
    const { dir, cleanup } = tempDir();
    try {
      expect((await failureOf(inspect(dir))).code).toBe('io_error');
    } finally {
      cleanup();
    }
  });

  it('reports unknown content with its first bytes, whatever the file is called', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const file = path.join(dir, 'looks-like.ipa');
      writeFileSync(file, Buffer.from('just some text, not an app'));
      const error = await failureOf(inspect(file));
      expect(error.code).toBe('unknown_format');
      expect(error.message).toContain('it starts with bytes 6a 75 73 74 20 73 6f 6d');
    } finally {
      cleanup();
    }
  });

  it('says what a zip of something else holds', async () => {
    const error = await failureOf(inspect(makeZip([{ name: 'docs/readme.txt', data: 'hello' }, { name: 'photo.jpg', data: 'x' }])));
    expect(error.code).toBe('unknown_format');
    expect(error.message).toContain('A zip archive, but not a package Tarmac knows');
    expect(error.message).toContain('it holds 2 entries such as "docs/readme.txt", "photo.jpg"');
  });

  it('reads through a caller-supplied reader without closing it', async () => {
    let closed = false;
    const inner = bufferReader(makeZip([{ name: 'a.txt', data: 'a' }]));
    const reader = {
      size: inner.size,
      read: (offset: number, length: number) => inner.read(offset, length),
      close: () => ((closed = true), Promise.resolve()),
    };
    await failureOf(inspect(reader));
    expect(closed).toBe(false);
  });
});

describe('a reader that fails', () => {
  it('turns a synchronous throw inside the zip layer into a rejection, not a hang', async () => {
    const zip = makeZip([{ name: 'a.txt', data: 'a' }]);
    let calls = 0;
    const reader = {
      size: zip.length,
      read(offset: number, length: number): Promise<Buffer> {
        // The first reads (head, end record) work; the central directory read throws.
        if (++calls > 2) throw new AppInfoError('io_error', 'the disk went away');
        return Promise.resolve(zip.subarray(offset, offset + length));
      },
      close: () => Promise.resolve(),
    };
    const error = await failureOf(inspect(reader));
    expect(error.message).toContain('the disk went away');
  });
});

describe('zip layer', () => {
  const zip = makeZip([
    { name: 'small.txt', data: 'hello zip' },
    { name: 'stored.bin', data: Buffer.from('0123456789abcdef'), store: true },
    { name: 'zeros.bin', data: Buffer.alloc(8 * 1024 * 1024) },
  ]);

  it('lists entries and reads one, a prefix, and a stored entry by random access', async () => {
    const archive = await openZip(bufferReader(zip));
    try {
      expect(archive.entries.map((e) => [e.name, e.uncompressedSize, e.compressionMethod])).toEqual([
        ['small.txt', 9, 8],
        ['stored.bin', 16, 0],
        ['zeros.bin', 8 * 1024 * 1024, 8],
      ]);
      expect(await archive.readText(archive.get('small.txt')!)).toBe('hello zip');
      expect((await archive.read(archive.get('zeros.bin')!, { prefix: 100 })).length).toBe(100);
      const stored = await archive.storedReader(archive.get('stored.bin')!);
      expect((await stored!.read(10, 6)).toString()).toBe('abcdef');
      expect(await archive.storedReader(archive.get('small.txt')!)).toBeNull();
    } finally {
      await archive.close();
    }
  });

  it('reads a range deep inside a deflated entry without keeping what comes before', async () => {
    const data = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4) data.writeUInt32LE(i, i);
    const archive = await openZip(bufferReader(makeZip([{ name: 'counting.bin', data }, { name: 'stored.bin', data: Buffer.from('0123456789'), store: true }])));
    try {
      const entry = archive.get('counting.bin')!;
      expect((await archive.readRange(entry, 2_500_000, 16)).equals(data.subarray(2_500_000, 2_500_016))).toBe(true);
      expect((await archive.readRange(entry, 0, 8)).equals(data.subarray(0, 8))).toBe(true);
      expect((await archive.readRange(archive.get('stored.bin')!, 3, 4)).toString()).toBe('3456');
      await expect(archive.readRange(entry, data.length - 4, 8)).rejects.toMatchObject({ code: 'truncated' });
    } finally {
      await archive.close();
    }
  });

  it('refuses to inflate past the limit, calling an absurd ratio a zip bomb', async () => {
    const archive = await openZip(bufferReader(zip));
    try {
      const bomb = await failureOf(archive.read(archive.get('zeros.bin')!, { maxBytes: 1024 * 1024 }));
      expect(bomb.code).toBe('zip_bomb');
      expect(bomb.message).toContain('"zeros.bin" declares 8388608 bytes, more than the 1048576 this parser reads (a zip bomb?)');
      const plain = await failureOf(archive.read(archive.get('small.txt')!, { maxBytes: 4 }));
      expect(plain.code).toBe('limit_exceeded');
    } finally {
      await archive.close();
    }
  });

  it('catches an entry that inflates to more than it declares', async () => {
    // Patch the declared uncompressed size of zeros.bin (central directory) down to 100 bytes.
    const lying = Buffer.from(zip);
    const central = lying.indexOf(Buffer.from('zeros.bin'), lying.length - 200) - 46;
    lying.writeUInt32LE(100, central + 24);
    const archive = await openZip(bufferReader(lying));
    try {
      const error = await failureOf(archive.read(archive.get('zeros.bin')!));
      expect(error.code).toBe('corrupt_zip');
    } finally {
      await archive.close();
    }
  });

  it('refuses more entries than allowed', async () => {
    const many = makeZip(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    const error = await failureOf(openZip(bufferReader(many), { maxEntries: 10 }));
    expect(error.code).toBe('zip_bomb');
    expect(error.message).toBe('The zip archive declares 20 entries, more than the 10 allowed');
  });

  it.each([
    ['without its end record', 'corrupt_zip', (z: Buffer) => z.subarray(0, z.length - 10)],
    ['cut in its central directory', 'truncated', (z: Buffer) => Buffer.concat([z.subarray(0, z.length - 60), z.subarray(z.length - 22)])],
    ['with a damaged central header', 'corrupt_zip', (z: Buffer) => { const c = Buffer.from(z); c.writeUInt32LE(0xdeadbeef, c.length - 22 - 46 - 9); return c; }],
  ])('refuses an archive %s (%s)', async (_what, code, damage) => {
    const error = await failureOf(inspect(damage(zip)));
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(20);
  });
});

describe('file descriptors', () => {
  it('closes the file on success and on every kind of failure', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const files = {
        empty: Buffer.alloc(0),
        text: Buffer.from('nothing to see'),
        zip: makeZip([{ name: 'a.txt', data: 'a' }]),
        truncatedZip: makeZip([{ name: 'a.txt', data: 'a' }]).subarray(0, 30),
      };
      for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, name), data);
      const before = readdirSync('/proc/self/fd').length;
      for (let round = 0; round < 20; round++) {
        for (const name of Object.keys(files)) await inspect(path.join(dir, name)).catch(() => undefined);
      }
      expect(readdirSync('/proc/self/fd').length).toBeLessThanOrEqual(before);
    } finally {
      cleanup();
    }
  });
});

describe('the result type', () => {
  it('is a union told apart by format, so details type-check after a check of format', async () => {
    const info = await inspect(fixture('apps/android.apk'));
    if (info.format !== 'apk') throw new Error(`expected an apk, got ${info.format}`);
    // Compiles only because `format === 'apk'` narrowed `details` to ApkDetails.
    expect(info.details.permissions[0]).toBe('android.permission.ACCESS_NETWORK_STATE');
    expect(info.details.minSdk).toBe(14);
  });
});

describe('JSON shape', () => {
  it('turns camelCase keys into snake_case, but keeps the keys of verbatim maps', () => {
    expect(snakeCase('minOsVersion')).toBe('min_os_version');
    expect(snakeCase('bundleId')).toBe('bundle_id');
    expect(snakeCase('sha256Fingerprint')).toBe('sha256_fingerprint');
    expect(
      toWire({
        releaseVersion: '1.0',
        details: { urlSchemes: ['x'], entitlements: { 'get-task-allow': true, keepMe: 1 }, infoPlist: { CFBundleName: 'A' } },
        icon: Buffer.from('png'),
      }),
    ).toEqual({ release_version: '1.0', details: { url_schemes: ['x'], entitlements: { 'get-task-allow': true, keepMe: 1 }, info_plist: { CFBundleName: 'A' } } });
  });
});

describe('fileReader', () => {
  it('answers every read like the bytes on disk, across its cache blocks and beyond them', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const data = Buffer.alloc(300 * 1024);
      for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 8)) & 0xff;
      const file = path.join(dir, 'data.bin');
      writeFileSync(file, data);
      const reader = await fileReader(file);
      try {
        const cases: [number, number][] = [
          [0, 10],
          [65530, 12],
          [65536, 65536],
          [10, 200 * 1024],
          [data.length - 5, 5],
          [131071, 2],
          [0, 0],
        ];
        let seed = 1;
        for (let i = 0; i < 200; i++) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const offset = seed % data.length;
          cases.push([offset, Math.min(data.length - offset, (seed >> 8) % 70000)]);
        }
        for (const [offset, length] of cases) expect((await reader.read(offset, length)).equals(data.subarray(offset, offset + length)), `${offset}+${length}`).toBe(true);
        await expect(reader.read(data.length - 4, 5)).rejects.toMatchObject({ code: 'truncated' });
      } finally {
        await reader.close();
      }
    } finally {
      cleanup();
    }
  });
});
