// Random access to a deflated zip entry through one inflated window: a read inside the window
// is answered from it; a miss re-inflates the entry from its start (deflate has no random
// access) up to a new window, so memory stays at one window whatever the entry's size. Where
// the new window starts and how long it is, and when to give up, is the caller's policy.
import { AppInfoError } from '../errors.ts';
import type { RandomAccessReader } from '../io/reader.ts';
import type { ZipArchive, ZipEntry } from './zip.ts';

/** Called on each miss for bytes [offset, end): may throw (a limit); answers the window to inflate. */
export type WindowPlan = (offset: number, end: number) => { start: number; length: number };

export function inflatedWindowReader(zip: ZipArchive, entry: ZipEntry, plan: WindowPlan): RandomAccessReader {
  let windowStart = 0;
  let windowData: Buffer = Buffer.alloc(0);
  const size = entry.uncompressedSize;
  return {
    size,
    async read(offset, length) {
      const end = offset + length;
      if (!Number.isSafeInteger(end) || offset < 0 || length < 0 || end > size) {
        throw new AppInfoError(
          'truncated',
          `tried to read ${length} bytes at offset ${offset} of the ${size}-byte entry "${entry.name}"; it is truncated or corrupt`,
        );
      }
      const inWindow = offset >= windowStart && end <= windowStart + windowData.length;
      if (inWindow) return windowData.subarray(offset - windowStart, end - windowStart);
      const window = plan(offset, end);
      windowData = await zip.readRange(entry, window.start, window.length);
      windowStart = window.start;
      return windowData.subarray(offset - window.start, end - window.start);
    },
    close: () => Promise.resolve(),
  };
}
