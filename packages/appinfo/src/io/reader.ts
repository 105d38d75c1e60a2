// Every parser reads through this tiny random-access interface, so a file on disk, a
// buffer in memory and an upload being written to storage are all read the same way, and
// only the bytes a parser asks for are ever read.
import { AppInfoError } from '../errors.ts';

export interface RandomAccessReader {
  /** Total size in bytes. */
  readonly size: number;
  /**
   * Exactly `length` bytes starting at `offset`. Throws AppInfoError('truncated') when the
   * range goes past the end.
   */
  read(offset: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

function rangeError(size: number, offset: number, length: number): AppInfoError | null {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > size) {
    return new AppInfoError('truncated', `tried to read ${length} bytes at offset ${offset} of a ${size}-byte file; the file is truncated or corrupt`);
  }
  return null;
}

function checkRange(size: number, offset: number, length: number): void {
  const error = rangeError(size, offset, length);
  if (error) throw error;
}

/**
 * Frees a buffer's memory now instead of at some later garbage collection, by detaching its
 * ArrayBuffer; only for a buffer this package allocated whole (Buffer.allocUnsafe of 4 KiB or
 * more) and that nothing reads any more. Buffers outside the V8 heap are freed only when a
 * collection finds their wrapper dead, and V8 lets tens of MiB of them pile up first: parsing an
 * apk twenty times grew a process by ~50 MB before (bench/appinfo.ts).
 */
export function releaseBuffer(buffer: Buffer): void {
  if (buffer.byteOffset !== 0 || buffer.buffer.byteLength !== buffer.length || buffer.length < 4096) return;
  try {
    (buffer.buffer as ArrayBuffer).transfer(0);
  } catch {
    // Not detachable (a pooled or external buffer): the garbage collector frees it.
  }
}

export function bufferReader(buffer: Uint8Array): RandomAccessReader {
  const data = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return {
    size: data.length,
    read(offset, length) {
      // Errors arrive as rejections, never as synchronous throws: callers chain .then().
      const error = rangeError(data.length, offset, length);
      if (error) return Promise.reject(error);
      return Promise.resolve(data.subarray(offset, offset + length));
    },
    close: () => Promise.resolve(),
  };
}

/** A reader over [offset, offset + size) of another reader: an entry stored uncompressed, a fat slice. */
export function sliceReader(parent: RandomAccessReader, offset: number, size: number): RandomAccessReader {
  checkRange(parent.size, offset, size);
  return {
    size,
    read(at, length) {
      const error = rangeError(size, at, length);
      if (error) return Promise.reject(error);
      return parent.read(offset + at, length);
    },
    close: () => Promise.resolve(),
  };
}

/** Reads at most `max` bytes from the end of the file (trailers: zip EOCD, dmg koly). */
export async function readTail(reader: RandomAccessReader, max: number): Promise<{ offset: number; bytes: Buffer }> {
  const length = Math.min(max, reader.size);
  const offset = reader.size - length;
  return { offset, bytes: await reader.read(offset, length) };
}
