// A small tar reader (ustar, with GNU long names and PAX `path` records), written here rather than
// taken from npm: Zealot's archives are plain `tar -cf` output, and we need two things a streaming
// library does not give together: an index of an uncompressed tar's members by byte offset (the
// backup archive itself: `database.sql.gz` is then read in place, never copied) and a streaming,
// path-checked extraction of a gzipped one (`uploads.tar.gz`). It stays under 200 lines.
import { createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZealotSourceError } from './types.ts';

const BLOCK = 512;

export interface TarHeader {
  name: string;
  size: number;
  /** '0' (or '\0') file, '5' directory, 'L' GNU long name, 'x'/'g' PAX, others skipped. */
  type: string;
}

export interface TarMember {
  offset: number;
  size: number;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function octal(block: Buffer, start: number, length: number): number {
  if ((block[start]! & 0x80) !== 0) {
    // GNU base-256 for sizes of 8 GiB and more.
    let value = 0;
    for (let at = start + 1; at < start + length; at++) value = value * 256 + block[at]!;
    return value;
  }
  const text = field(block, start, length).trim();
  return text === '' ? 0 : parseInt(text, 8);
}

/** A 512-byte header, or null for an end-of-archive (all-zero) block; throws on a damaged one. */
export function parseHeader(block: Buffer): TarHeader | null {
  if (block.every((byte) => byte === 0)) return null;
  let sum = 0;
  for (let at = 0; at < BLOCK; at++) sum += at >= 148 && at < 156 ? 0x20 : block[at]!;
  if (sum !== octal(block, 148, 8)) throw new ZealotSourceError('backup_invalid', 'This is not a tar archive, or it is damaged (a header checksum is wrong)');
  // POSIX ustar keeps a name prefix at 345; GNU tar's own format ("ustar  ") keeps times there.
  const prefix = block.subarray(257, 263).toString('latin1') === 'ustar\0' ? field(block, 345, 155) : '';
  const name = field(block, 0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size: octal(block, 124, 12), type: String.fromCharCode(block[156]!) || '0' };
}

/** The `path` of a PAX extended header's records, if it has one. */
function paxPath(data: Buffer): string | undefined {
  const text = data.toString('utf8');
  for (const record of text.split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1];
  }
  return undefined;
}

function padded(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

/** A member's name made safe: no leading `./` or `/`, no `..`; null for one that would leave the folder. */
export function safeMemberName(name: string): string | null {
  const normalized = path.posix.normalize(name.replace(/^(\.\/|\/)+/, ''));
  if (normalized === '.' || normalized.startsWith('../') || normalized === '..' || normalized.includes('\0')) return null;
  return normalized.replace(/\/$/, '');
}

/** The regular files of an uncompressed tar on disk, by name, with where their bytes start. */
export async function indexTar(file: string): Promise<Map<string, TarMember>> {
  const handle = await open(file, 'r');
  try {
    const { size: total } = await handle.stat();
    const members = new Map<string, TarMember>();
    const block = Buffer.alloc(BLOCK);
    let offset = 0;
    let longName: string | undefined;
    while (offset + BLOCK <= total) {
      await handle.read(block, 0, BLOCK, offset);
      const header = parseHeader(block);
      if (!header) break;
      const dataAt = offset + BLOCK;
      if (dataAt + header.size > total) throw new ZealotSourceError('backup_invalid', `The archive is cut short inside ${header.name}`);
      if (header.type === 'L' || header.type === 'x') {
        const data = Buffer.alloc(header.size);
        await handle.read(data, 0, header.size, dataAt);
        longName = header.type === 'L' ? field(data, 0, header.size) : paxPath(data);
      } else if (header.type === '0' || header.type === '\0' || header.type === '7') {
        const name = safeMemberName(longName ?? header.name);
        if (name) members.set(name, { offset: dataAt, size: header.size });
        longName = undefined;
      } else if (header.type !== 'g' && header.type !== 'K') longName = undefined;
      offset = dataAt + padded(header.size);
    }
    return members;
  } finally {
    await handle.close();
  }
}

/** Bytes read off an async iterator, a few at a time or passed along in pieces. */
class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private ended = false;
  private readonly source: AsyncIterator<Buffer>;
  constructor(source: AsyncIterator<Buffer>) {
    this.source = source;
  }

  private async fill(wanted: number): Promise<void> {
    while (this.length < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Exactly `count` bytes, or null when the input ends first. */
  async read(count: number): Promise<Buffer | null> {
    await this.fill(count);
    if (this.length < count) return null;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = all.length > count ? [all.subarray(count)] : [];
    this.length -= count;
    return all.subarray(0, count);
  }

  /** The next `count` bytes as they come, without holding them. */
  async *pieces(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      await this.fill(1);
      const head = this.chunks.shift();
      if (!head) throw new ZealotSourceError('backup_invalid', 'The uploads archive is cut short');
      const piece = head.subarray(0, left);
      if (head.length > left) this.chunks.unshift(head.subarray(left));
      this.length -= piece.length;
      left -= piece.length;
      yield piece;
    }
  }
}

/** Extracts a tar stream's regular files under `dest` (names checked; links and devices skipped); the count written. */
export async function extractTar(input: AsyncIterable<Buffer>, dest: string): Promise<number> {
  const reader = new ByteReader(input[Symbol.asyncIterator]());
  let written = 0;
  let longName: string | undefined;
  for (;;) {
    const block = await reader.read(BLOCK);
    const header = block && parseHeader(block);
    if (!header) return written;
    const isFile = header.type === '0' || header.type === '\0' || header.type === '7';
    if (header.type === 'L' || header.type === 'x') {
      const data = (await reader.read(padded(header.size))) ?? Buffer.alloc(0);
      longName = header.type === 'L' ? field(data, 0, header.size) : paxPath(data.subarray(0, header.size));
      continue;
    }
    const name = isFile ? safeMemberName(longName ?? header.name) : null;
    if (header.type !== 'g' && header.type !== 'K') longName = undefined;
    if (name) {
      const target = path.join(dest, name);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(Readable.from(reader.pieces(header.size)), createWriteStream(target));
      written++;
    } else for await (const _ of reader.pieces(header.size));
    await reader.read(padded(header.size) - header.size);
  }
}
