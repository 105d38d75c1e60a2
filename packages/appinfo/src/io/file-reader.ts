// The Node-only adapter: a file on disk, read with positioned reads (no streaming of the
// whole file, no extraction).
import { open } from 'node:fs/promises';
import { AppInfoError } from '../errors.ts';
import type { RandomAccessReader } from './reader.ts';

export async function fileReader(path: string): Promise<RandomAccessReader> {
  let handle;
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
  return {
    size,
    async read(offset, length) {
      if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > size) {
        throw new AppInfoError('truncated', `tried to read ${length} bytes at offset ${offset} of a ${size}-byte file; the file is truncated or corrupt`);
      }
      const buffer = Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const { bytesRead } = await handle.read(buffer, done, length - done, offset + done);
        if (bytesRead === 0) throw new AppInfoError('truncated', `the file ended at byte ${offset + done}, before the ${length} bytes needed at ${offset}`);
        done += bytesRead;
      }
      return buffer;
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
}
