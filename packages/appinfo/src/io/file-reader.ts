// The Node-only adapter: a file on disk, read with positioned reads (no streaming of the
// whole file, no extraction).
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { AppInfoError } from '../errors.ts';
import type { RandomAccessReader } from './reader.ts';
import { releaseBuffer } from './reader.ts';

const BLOCK = 64 * 1024;
const MAX_BLOCKS = 16;

export async function fileReader(path: string): Promise<RandomAccessReader> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new AppInfoError('io_error', `Cannot open ${path}: ${reason}`, { cause: error });
  }
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    throw new AppInfoError('io_error', `Cannot read ${path}: not a regular file`);
  }
  const size = stat.size;
  let closed = false;
  // Parsers make many small reads close together (zip headers, plist and Mach-O headers);
  // each positioned read is a thread-pool round trip. Small reads are served from a few
  // cached blocks, so memory stays bounded (BLOCK × MAX_BLOCKS) whatever the file size.
  const cache = new Map<number, Promise<Buffer>>();

  async function readRaw(offset: number, length: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(buffer, done, length - done, offset + done);
      if (bytesRead === 0) throw new AppInfoError('truncated', `the file ended at byte ${offset + done}, before the ${length} bytes needed at ${offset}`);
      done += bytesRead;
    }
    return buffer;
  }

  function block(index: number): Promise<Buffer> {
    let cached = cache.get(index);
    if (cached) {
      // Refresh its place in the LRU order.
      cache.delete(index);
    } else {
      const start = index * BLOCK;
      cached = readRaw(start, Math.min(BLOCK, size - start));
      cached.catch(() => cache.delete(index));
    }
    cache.set(index, cached);
    if (cache.size > MAX_BLOCKS) cache.delete(cache.keys().next().value!);
    return cached;
  }

  return {
    size,
    async read(offset, length) {
      if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > size) {
        throw new AppInfoError('truncated', `tried to read ${length} bytes at offset ${offset} of a ${size}-byte file; the file is truncated or corrupt`);
      }
      if (length > BLOCK) return readRaw(offset, length);
      const first = Math.floor(offset / BLOCK);
      const last = Math.floor((offset + length - 1) / BLOCK);
      if (length === 0) return Buffer.alloc(0);
      if (first === last) {
        const data = await block(first);
        return Buffer.from(data.subarray(offset - first * BLOCK, offset - first * BLOCK + length));
      }
      const [a, b] = await Promise.all([block(first), block(last)]);
      return Buffer.concat([a.subarray(offset - first * BLOCK), b.subarray(0, offset + length - last * BLOCK)]);
    },
    async close() {
      if (closed) return;
      closed = true;
      // Every read answered a copy of its blocks, so their memory can go now (releaseBuffer).
      const blocks = await Promise.allSettled(cache.values());
      cache.clear();
      for (const block of blocks) if (block.status === 'fulfilled') releaseBuffer(block.value);
      await handle.close();
    },
  };
}
