// The archive and compression pieces Linux packages are made of: ar (the .deb wrapper),
// tar (control.tar), and gzip / xz / zstd with output caps. All in memory over small,
// capped inputs; the large payloads (data.tar, the rpm payload) are never read.
import { gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import { xzDecompress } from './xz.ts';

export type Compression = 'gzip' | 'xz' | 'zstd' | 'none';

/** Decompresses `data` with `compression`, producing at most `max` bytes. */
export function decompress(data: Buffer, compression: Compression | 'zlib', max: number, what: string): Buffer {
  try {
    switch (compression) {
      case 'none':
        return data;
      case 'xz':
        return xzDecompress(data, max);
      case 'gzip':
        return gunzipSync(data, { maxOutputLength: max });
      case 'zlib':
        return inflateSync(data, { maxOutputLength: max });
      case 'zstd':
        return zstdDecompressSync(data, { maxOutputLength: max });
    }
  } catch (error) {
    if (error instanceof AppInfoError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new AppInfoError('limit_exceeded', `${what} decompresses to more than ${max} bytes; refusing to read it`, { cause: error });
    }
    throw new AppInfoError('corrupt_file', `${what} does not decompress (${compression}): ${(error as Error).message}`, { cause: error });
  }
}

export interface ArMember {
  name: string;
  /** Offset of the member's data in the file. */
  offset: number;
  size: number;
}

export const AR_MAGIC = Buffer.from('!<arch>\n', 'latin1');
const MAX_AR_MEMBERS = 64;

/**
 * Lists an ar archive's members from their headers alone (the data is skipped, not read).
 * Header (60 bytes, ASCII): @0 name[16] (GNU style ends in "/"), @16 mtime[12], @28 uid[6],
 * @34 gid[6], @40 mode[8], @48 size[10] (decimal), @58 "`\n"; data follows, padded to even.
 */
export async function listAr(reader: RandomAccessReader, what: string): Promise<ArMember[]> {
  const members: ArMember[] = [];
  let at = 8;
  while (at < reader.size) {
    if (members.length >= MAX_AR_MEMBERS) throw new AppInfoError('corrupt_file', `The ${what} holds more than ${MAX_AR_MEMBERS} ar members`);
    if (at + 60 > reader.size) {
      // A lone padding byte at the end is allowed.
      if (reader.size - at === 1) break;
      throw new AppInfoError('truncated', `The ${what} is truncated: an ar member header at byte ${at} is cut off`);
    }
    const header = await reader.read(at, 60);
    if (header[58] !== 0x60 || header[59] !== 0x0a) {
      throw new AppInfoError('corrupt_file', `The ${what} is corrupt: the ar member header at byte ${at} lacks its "\`\\n" terminator`);
    }
    const sizeText = header.toString('latin1', 48, 58).trim();
    if (!/^\d{1,10}$/.test(sizeText)) throw new AppInfoError('corrupt_file', `The ${what} is corrupt: ar member size "${sizeText}" at byte ${at + 48} is not a number`);
    const size = Number(sizeText);
    const name = header.toString('latin1', 0, 16).trim().replace(/\/$/, '');
    if (at + 60 + size > reader.size) {
      throw new AppInfoError('truncated', `The ${what} is truncated: ar member "${name}" declares ${size} bytes at byte ${at + 60}, past the end of the ${reader.size}-byte file`);
    }
    members.push({ name, offset: at + 60, size });
    at += 60 + size + (size & 1);
  }
  return members;
}

export interface TarEntry {
  name: string;
  /** '0' file, '5' directory, '2' symlink … */
  type: string;
  size: number;
  data: Buffer;
}

const MAX_TAR_ENTRIES = 10_000;

function octal(header: Buffer, offset: number, length: number, what: string): number {
  // Base-256 (GNU) when the high bit of the first byte is set.
  if (header[offset]! & 0x80) {
    let value = header[offset]! & 0x7f;
    for (let i = 1; i < length; i++) value = value * 256 + header[offset + i]!;
    if (!Number.isSafeInteger(value)) throw new AppInfoError('corrupt_file', `The tar archive is corrupt: ${what} is too large`);
    return value;
  }
  const text = header.toString('latin1', offset, offset + length).replace(/\0.*$/s, '').trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw new AppInfoError('corrupt_file', `The tar archive is corrupt: ${what} "${text}" is not an octal number`);
  return parseInt(text, 8);
}

function cString(header: Buffer, offset: number, length: number): string {
  return header.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');
}

/**
 * Parses a whole tar archive held in memory. Header (512 bytes): @0 name[100], @100 mode,
 * @108 uid, @116 gid, @124 size[12] (octal), @136 mtime, @148 checksum[8], @156 type,
 * @157 link name, @257 "ustar", @345 prefix[155] (ustar). GNU 'L' entries carry the next
 * entry's long name; pax 'x' entries may carry a "path" record.
 */
export function parseTar(data: Buffer, what: string): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  let longName: string | null = null;
  while (at + 512 <= data.length) {
    const header = data.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break; // end-of-archive blocks
    if (entries.length >= MAX_TAR_ENTRIES) throw new AppInfoError('corrupt_file', `The ${what} holds more than ${MAX_TAR_ENTRIES} entries`);
    const stored = octal(header, 148, 8, 'a header checksum');
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    if (sum !== stored) throw new AppInfoError('corrupt_file', `The ${what} is corrupt: the tar header at byte ${at} fails its checksum`);
    const size = octal(header, 124, 12, 'an entry size');
    const type = String.fromCharCode(header[156]! || 0x30);
    const start = at + 512;
    if (start + size > data.length) {
      throw new AppInfoError('truncated', `The ${what} is truncated: tar entry "${cString(header, 0, 100)}" declares ${size} bytes at byte ${start}, past the end of the ${data.length}-byte archive`);
    }
    const body = data.subarray(start, start + size);
    at = start + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = cString(body, 0, body.length);
      continue;
    }
    if (type === 'x') {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
      if (path) longName = path;
      continue;
    }
    if (type === 'g') continue;
    const prefix = header.toString('latin1', 257, 262) === 'ustar' ? cString(header, 345, 155) : '';
    const name = longName ?? (prefix ? `${prefix}/${cString(header, 0, 100)}` : cString(header, 0, 100));
    longName = null;
    entries.push({ name, type, size, data: body });
  }
  return entries;
}
