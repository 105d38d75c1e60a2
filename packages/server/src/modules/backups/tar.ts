// A minimal POSIX ustar writer and reader for backup archives: regular files only, names of at
// most 100 bytes (the archive layout never needs more), sizes in octal or, from 8 GiB, in the GNU
// base-256 form. The reader trusts nothing: every header checksum, size and offset is checked
// against the file before use, so a truncated or damaged archive is an error, never a hang.
//
// Header block (512 bytes), offsets in bytes:
//   0 name[100]  100 mode[8]  108 uid[8]  116 gid[8]  124 size[12]  136 mtime[12]
//   148 chksum[8] (octal sum of all header bytes, the field counted as spaces)
//   156 typeflag ('0' or NUL: regular file)  157 linkname[100]  257 magic "ustar\0"  263 version "00"
//   265 uname[32]  297 gname[32]  329 devmajor[8]  337 devminor[8]  345 prefix[155]
// Data follows, padded with NULs to a 512 multiple; the archive ends with two zero blocks.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { BackupArchiveError } from './archive-types.ts';

export const BLOCK = 512;
const OCTAL_SIZE_LIMIT = 8 ** 11;

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function writeSize(block: Buffer, size: number): void {
  if (size < OCTAL_SIZE_LIMIT) return writeOctal(block, 124, 12, size);
  block[124] = 0x80;
  let rest = BigInt(size);
  for (let i = 135; i > 124; i -= 1) {
    block[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function headerChecksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

export function tarHeader(name: string, size: number, mtimeSeconds: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`Tar entry name "${name}" is longer than 100 bytes`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeSize(block, size);
  writeOctal(block, 136, 12, Math.floor(mtimeSeconds));
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  block.write(headerChecksum(block).toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return block;
}

export function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

export const TAR_END = Buffer.alloc(BLOCK * 2);

export interface TarEntry {
  name: string;
  size: number;
  /** Byte offset of the entry's data in the archive. */
  offset: number;
}

function readSize(block: Buffer): number {
  if ((block[124]! & 0x80) !== 0) {
    let value = 0n;
    for (let i = 125; i < 136; i += 1) value = (value << 8n) | BigInt(block[i]!);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new BackupArchiveError('backup_corrupt', 'A tar header has an impossible size.');
    return Number(value);
  }
  return parseOctal(block.subarray(124, 136), 'size');
}

function parseOctal(field: Buffer, what: string): number {
  const text = field.toString('ascii').replace(/[\0 ]+$/u, '').replace(/^ +/u, '');
  if (!/^[0-7]*$/u.test(text)) throw new BackupArchiveError('backup_corrupt', `A tar header's ${what} field is not octal ("${text}").`);
  return text === '' ? 0 : parseInt(text, 8);
}

function isZero(block: Buffer): boolean {
  return block.every((byte) => byte === 0);
}

async function readBlock(handle: FileHandle, position: number, fileSize: number): Promise<Buffer> {
  if (position + BLOCK > fileSize) {
    throw new BackupArchiveError('backup_truncated', `The archive ends at byte ${fileSize}, inside a tar header at ${position}: it is truncated.`);
  }
  const block = Buffer.alloc(BLOCK);
  await handle.read(block, 0, BLOCK, position);
  return block;
}

function parseHeader(block: Buffer, position: number): { name: string; size: number } {
  const stored = parseOctal(block.subarray(148, 156), 'checksum');
  if (stored !== headerChecksum(block)) {
    throw new BackupArchiveError('backup_corrupt', `The tar header at byte ${position} is damaged (its checksum does not match).`);
  }
  const type = String.fromCharCode(block[156]!);
  const nameEnd = block.indexOf(0, 0);
  const name = block.subarray(0, nameEnd === -1 || nameEnd > 100 ? 100 : nameEnd).toString('utf8');
  const prefixEnd = block.indexOf(0, 345);
  const prefix = block.subarray(345, prefixEnd === -1 || prefixEnd > 500 ? 500 : prefixEnd).toString('utf8');
  if (type !== '0' && type !== '\0') {
    throw new BackupArchiveError('backup_bad_entry', `The archive entry "${name}" is not a regular file (tar type "${type}"); a Tarmac backup holds only files.`);
  }
  return { name: prefix ? `${prefix}/${name}` : name, size: readSize(block) };
}

/** Lists every entry of a ustar file, checking each header and that the data and end blocks are all there. */
export async function listTar(path: string): Promise<TarEntry[]> {
  const handle = await open(path, 'r');
  try {
    const fileSize = (await handle.stat()).size;
    const entries: TarEntry[] = [];
    let position = 0;
    for (;;) {
      const block = await readBlock(handle, position, fileSize);
      if (isZero(block)) {
        const next = await readBlock(handle, position + BLOCK, fileSize);
        if (!isZero(next)) throw new BackupArchiveError('backup_corrupt', `The tar archive has a zero block at byte ${position} followed by data.`);
        return entries;
      }
      const { name, size } = parseHeader(block, position);
      const offset = position + BLOCK;
      if (offset + size > fileSize) {
        throw new BackupArchiveError('backup_truncated', `The archive entry "${name}" needs ${size} bytes but the file ends ${fileSize - offset} bytes in: it is truncated.`);
      }
      entries.push({ name, size, offset });
      position = offset + Math.ceil(size / BLOCK) * BLOCK;
      if (entries.length > 10_000_000) throw new BackupArchiveError('backup_corrupt', 'The archive has more entries than any Tarmac backup.');
    }
  } finally {
    await handle.close();
  }
}
