// What a parse leaves in memory (issue 11; bench/appinfo.ts measures it): importing the
// package loads no parser until the first inspect(), and the big buffers a parse allocates
// outside the V8 heap (the file reader's blocks, a resource table) are freed when it ends
// instead of piling up until a garbage collection, while everything the result holds stays.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inspect } from '../src/index.ts';
import { bufferReader, releaseBuffer } from '../src/io/reader.ts';
import { openZip } from '../src/zip/zip.ts';
import { failureOf, fixture, makeZip } from './helpers.ts';

const entry = pathToFileURL(path.join(import.meta.dirname, '../src/index.ts')).href;

describe('importing @tarmac/appinfo', () => {
  it('loads no parser until the first inspect()', () => {
    const script = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
      const appinfo = await import(${JSON.stringify(entry)});
      const before = loaded.filter((url) => url.includes('/src/formats/'));
      await appinfo.inspect(${JSON.stringify(fixture('apps/iphone.ipa'))});
      const after = loaded.filter((url) => url.includes('/src/formats/'));
      console.log(JSON.stringify({ before: before.length, after: after.length }));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ before: 0, after: expect.any(Number) });
    expect((JSON.parse(result.stdout) as { after: number }).after).toBeGreaterThan(10);
  });
});

describe('releaseBuffer', () => {
  it('frees a buffer that owns its memory at once, and leaves pooled slices and views alone', () => {
    const own = Buffer.allocUnsafe(64 * 1024);
    releaseBuffer(own);
    expect(own.buffer.byteLength).toBe(0);

    const pooled = Buffer.from('small');
    releaseBuffer(pooled);
    expect(pooled.toString()).toBe('small');

    const whole = Buffer.alloc(64 * 1024, 7);
    const view = whole.subarray(1024);
    releaseBuffer(view);
    expect(whole[0]).toBe(7);
  });
});

describe('inspect() after the parse released its buffers', () => {
  it('answers the same apk, icon included, from a path and from a buffer, parse after parse', async () => {
    const file = fixture('apps/android.apk');
    const first = await inspect(file, { icon: true });
    const fromBuffer = await inspect(readFileSync(file), { icon: true });
    const again = await inspect(file, { icon: true });
    expect(first.icon?.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(fromBuffer).toEqual(first);
    expect(again).toEqual(first);
    expect(JSON.stringify(first)).toContain('"format":"apk"');
  });
});

describe('a small deflated entry, inflated in one piece', () => {
  const text = 'Info.plist '.repeat(1000);
  const zip = makeZip([{ name: 'a.txt', data: text }, { name: 'b.bin', data: Buffer.alloc(5000, 1), store: true }]);
  /** The zip with a.txt's declared uncompressed size (central directory) set to `size`. */
  function declaring(size: number): Buffer {
    const lying = Buffer.from(zip);
    const central = lying.indexOf(Buffer.from('a.txt'), lying.length - 120) - 46;
    lying.writeUInt32LE(size, central + 24);
    return lying;
  }

  it('reads what was stored and what was deflated', async () => {
    const archive = await openZip(bufferReader(zip));
    expect((await archive.read(archive.get('a.txt')!)).toString()).toBe(text);
    expect(await archive.read(archive.get('b.bin')!)).toEqual(Buffer.alloc(5000, 1));
    // Ranges of a deflated entry (a Mach-O's headers, then its signature) come from one inflation.
    expect((await archive.readRange(archive.get('a.txt')!, 10_989, 10)).toString()).toBe('Info.plist');
    expect((await archive.readRange(archive.get('a.txt')!, 11, 5)).toString()).toBe('Info.');
    await archive.close();
  });

  it.each([
    ['more than it declares', text.length - 1, /"a\.txt" inflates to more than the 10999 bytes its header declares/],
    ['fewer bytes than it declares', text.length + 1, /"a\.txt" inflates to 11000 bytes, not the 11001 its header declares/],
  ])('refuses an entry that inflates to %s (corrupt_zip)', async (_what, size, message) => {
    const archive = await openZip(bufferReader(declaring(size)));
    const error = await failureOf(archive.read(archive.get('a.txt')!));
    expect(error.code).toBe('corrupt_zip');
    expect(error.message).toMatch(message);
    await archive.close();
  });

  it('refuses deflate data that does not inflate (corrupt_zip)', async () => {
    const broken = Buffer.from(zip);
    const data = broken.indexOf(Buffer.from('a.txt')) + 5;
    broken.fill(0xff, data, data + 8);
    const archive = await openZip(bufferReader(broken));
    const error = await failureOf(archive.read(archive.get('a.txt')!));
    expect(error.code).toBe('corrupt_zip');
    expect(error.message).toContain('"a.txt" does not inflate');
    await archive.close();
  });
});
