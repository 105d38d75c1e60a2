// A minimal read-only squashfs 4.0 reader: enough to list the root directory and read a few
// small files (an AppImage's .desktop entry and icon). Reads only the metadata blocks and
// data blocks on the way; every offset, size and count is checked.
//
// Superblock (96 bytes, little-endian):
//   @0 "hsqs", @4 u32 inode count, @8 u32 mtime, @12 u32 block size, @16 u32 fragment count,
//   @20 u16 compressor (1 gzip, 2 lzma, 3 lzo, 4 xz, 5 lz4, 6 zstd), @22 u16 block log,
//   @24 u16 flags, @26 u16 id count, @28 u16 major (4), @30 u16 minor, @32 u64 root inode
//   reference, @40 u64 bytes used, @48 id table, @56 xattr table, @64 inode table,
//   @72 directory table, @80 fragment table, @88 export table (u64 offsets).
// Metadata block: u16 header (low 15 bits: stored size; bit 15 set: not compressed), then
//   at most 8 KiB once decompressed. An inode reference is (block offset from the inode
//   table << 16) | offset inside the decompressed block.
// Inode header (16 bytes): @0 u16 type (1 dir, 2 file, 3 symlink, 8 ext dir, 9 ext file,
//   10 ext symlink), @2 mode, @4 uid index, @6 gid index, @8 mtime, @12 inode number.
//   dir:  @16 u32 block start, @20 links, @24 u16 size + 3, @26 u16 offset, @28 parent
//   xdir: @16 links, @20 u32 size + 3, @24 u32 block start, @28 parent, @32 u16 index
//         count, @34 u16 offset, @36 xattr
//   file: @16 u32 blocks start, @20 u32 fragment (0xFFFFFFFF none), @24 u32 offset in the
//         fragment, @28 u32 size, @32 u32 block sizes…
//   xfile: @16 u64 blocks start, @24 u64 size, @32 u64 sparse, @40 links, @44 u32 fragment,
//         @48 u32 offset, @52 xattr, @56 u32 block sizes…
//   symlink: @16 links, @20 u32 target size, @24 target
// Directory listing: headers { u32 count − 1, u32 inode block start, i32 inode number }
//   each followed by entries { u16 offset, i16 inode number delta, u16 type,
//   u16 name size − 1, name }.
// Data block sizes: bit 24 set means stored uncompressed; 0 is a sparse (zero) block.
// Fragment table: u64 pointers to metadata blocks of 16-byte entries { u64 start,
//   u32 size (same bit 24 rule), u32 unused }.
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import type { Compression } from './archive.ts';
import { decompress } from './archive.ts';

export const SQUASHFS_MAGIC = 'hsqs';
const COMPRESSORS: Record<number, string> = { 1: 'gzip', 2: 'lzma', 3: 'lzo', 4: 'xz', 5: 'lz4', 6: 'zstd' };
const SUPPORTED: Record<string, Compression | 'zlib'> = { gzip: 'zlib', xz: 'xz', zstd: 'zstd' };
const METADATA_SIZE = 8192;
const MAX_LISTING_BYTES = 1024 * 1024;
const MAX_ENTRIES = 100_000;

export interface SquashfsEntry {
  name: string;
  /** 1 dir, 2 file, 3 symlink (basic types as listed in directories). */
  type: number;
  inode: bigint;
}

export interface Squashfs {
  /** gzip, xz, zstd, lzma, lzo, lz4. */
  compression: string;
  /** Whether this reader can decompress it. */
  readable: boolean;
  blockSize: number;
  inodeCount: number;
  bytesUsed: number;
  listRoot(): Promise<SquashfsEntry[]>;
  /** A regular file's bytes (following one symlink level); more than `max` is an error. */
  readFile(entry: SquashfsEntry, max: number): Promise<Buffer>;
  find(entries: SquashfsEntry[], name: string): SquashfsEntry | undefined;
}

function corrupt(message: string): never {
  throw new AppInfoError('corrupt_file', `The squashfs image inside the file is corrupt: ${message}`);
}

export async function openSquashfs(reader: RandomAccessReader, base: number): Promise<Squashfs> {
  if (base + 96 > reader.size) throw new AppInfoError('truncated', `The squashfs superblock at byte ${base} is cut off (the file is ${reader.size} bytes)`);
  const sb = await reader.read(base, 96);
  if (sb.toString('latin1', 0, 4) !== SQUASHFS_MAGIC) corrupt(`no "hsqs" superblock at byte ${base}`);
  const major = sb.readUInt16LE(28);
  if (major !== 4) corrupt(`squashfs version ${major}.${sb.readUInt16LE(30)} (only 4.x is read)`);
  const blockSize = sb.readUInt32LE(12);
  if (blockSize < 4096 || blockSize > 1024 * 1024 || (blockSize & (blockSize - 1)) !== 0) corrupt(`block size ${blockSize}`);
  const compression = COMPRESSORS[sb.readUInt16LE(20)] ?? `unknown(${sb.readUInt16LE(20)})`;
  const codec = SUPPORTED[compression];
  const u64 = (at: number) => Number(sb.readBigUInt64LE(at));
  const bytesUsed = u64(40);
  const inodeTable = u64(64);
  const directoryTable = u64(72);
  const fragmentTable = u64(80);
  const rootRef = sb.readBigUInt64LE(32);
  if (base + bytesUsed > reader.size) {
    throw new AppInfoError('truncated', `The squashfs image needs ${bytesUsed} bytes from byte ${base}, past the end of the ${reader.size}-byte file`);
  }
  const limit = bytesUsed;
  const inflate = (data: Buffer, max: number, what: string): Buffer => {
    if (!codec) corrupt(`${compression} compression is not supported`);
    return decompress(data, codec, max, `A squashfs ${what}`);
  };

  const metadataCache = new Map<number, { data: Buffer; next: number }>();
  async function metadataBlock(at: number): Promise<{ data: Buffer; next: number }> {
    const cached = metadataCache.get(at);
    if (cached) return cached;
    if (metadataCache.size > 4096) corrupt('too many metadata blocks read');
    if (at < 0 || at + 2 > limit) corrupt(`a metadata block at ${at} lies outside the image`);
    const header = (await reader.read(base + at, 2)).readUInt16LE(0);
    const size = header & 0x7fff;
    if (size === 0 || at + 2 + size > limit) corrupt(`a metadata block at ${at} declares ${size} bytes`);
    const raw = await reader.read(base + at + 2, size);
    const data = header & 0x8000 ? raw : inflate(raw, METADATA_SIZE, 'metadata block');
    const block = { data, next: at + 2 + size };
    metadataCache.set(at, block);
    return block;
  }

  /** `length` bytes of metadata starting at `offset` inside the block at `start`. */
  async function readMetadata(start: number, offset: number, length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let have = 0;
    let at = start;
    let skip = offset;
    while (have < length) {
      const block = await metadataBlock(at);
      if (skip > block.data.length) corrupt(`offset ${skip} is past a ${block.data.length}-byte metadata block`);
      const piece = block.data.subarray(skip, skip + (length - have));
      parts.push(piece);
      have += piece.length;
      skip = 0;
      at = block.next;
      if (have < length && piece.length === 0 && block.data.length === 0) corrupt('an empty metadata block');
    }
    return Buffer.concat(parts);
  }

  async function inode(ref: bigint): Promise<{ type: number; body: (length: number) => Promise<Buffer> }> {
    const block = Number(ref >> 16n);
    const offset = Number(ref & 0xffffn);
    const start = inodeTable + block;
    const header = await readMetadata(start, offset, 16);
    return { type: header.readUInt16LE(0), body: (length) => readMetadata(start, offset, 16 + length) };
  }

  async function listDirectory(ref: bigint): Promise<SquashfsEntry[]> {
    const node = await inode(ref);
    let blockStart: number;
    let size: number;
    let offset: number;
    if (node.type === 1) {
      const b = await node.body(16);
      blockStart = b.readUInt32LE(16);
      size = b.readUInt16LE(24);
      offset = b.readUInt16LE(26);
    } else if (node.type === 8) {
      const b = await node.body(24);
      size = b.readUInt32LE(20);
      blockStart = b.readUInt32LE(24);
      offset = b.readUInt16LE(34);
    } else {
      corrupt(`the root inode has type ${node.type}, not a directory`);
    }
    // The stored size counts 3 bytes for the implicit "." and ".." entries.
    const length = size - 3;
    if (length <= 0) return [];
    if (length > MAX_LISTING_BYTES) corrupt(`the root directory listing is ${length} bytes`);
    const data = await readMetadata(directoryTable + blockStart, offset, length);
    const entries: SquashfsEntry[] = [];
    let at = 0;
    while (at + 12 <= data.length) {
      const count = data.readUInt32LE(at) + 1;
      const inodeBlock = data.readUInt32LE(at + 4);
      at += 12;
      if (count > 256) corrupt(`a directory header declares ${count} entries (at most 256)`);
      for (let i = 0; i < count; i++) {
        if (at + 8 > data.length) corrupt('a directory entry is cut off');
        const inodeOffset = data.readUInt16LE(at);
        const type = data.readUInt16LE(at + 4);
        const nameLength = data.readUInt16LE(at + 6) + 1;
        if (at + 8 + nameLength > data.length) corrupt('a directory entry name is cut off');
        const name = data.toString('utf8', at + 8, at + 8 + nameLength);
        at += 8 + nameLength;
        entries.push({ name, type, inode: (BigInt(inodeBlock) << 16n) | BigInt(inodeOffset) });
        if (entries.length > MAX_ENTRIES) corrupt(`the root directory has more than ${MAX_ENTRIES} entries`);
      }
    }
    return entries;
  }

  async function fragment(index: number): Promise<{ start: number; size: number }> {
    const pointerAt = fragmentTable + Math.floor(index / 512) * 8;
    if (pointerAt + 8 > limit) corrupt(`fragment ${index} is beyond the fragment table`);
    const pointer = Number((await reader.read(base + pointerAt, 8)).readBigUInt64LE(0));
    const entry = await readMetadata(pointer, (index % 512) * 16, 16);
    return { start: Number(entry.readBigUInt64LE(0)), size: entry.readUInt32LE(8) };
  }

  async function dataBlock(start: number, sizeField: number, what: string): Promise<Buffer> {
    const stored = (sizeField & 0x1000000) !== 0;
    const size = sizeField & 0xffffff;
    if (size === 0) return Buffer.alloc(blockSize); // a sparse block
    if (size > blockSize + 1024 || start + size > limit) corrupt(`a data block of ${what} (${size} bytes at ${start}) lies outside the image`);
    const raw = await reader.read(base + start, size);
    return stored ? raw : inflate(raw, blockSize, `data block of ${what}`);
  }

  async function readFile(entry: SquashfsEntry, max: number, depth = 0): Promise<Buffer> {
    const node = await inode(entry.inode);
    if (node.type === 3 || node.type === 10) {
      if (depth > 0) corrupt(`"${entry.name}" is a symlink to a symlink`);
      const b = await node.body(8);
      const targetLength = b.readUInt32LE(20);
      if (targetLength > 4096) corrupt(`symlink "${entry.name}" has a ${targetLength}-byte target`);
      const target = (await node.body(8 + targetLength)).toString('utf8', 24, 24 + targetLength).replace(/^\.\//, '');
      const found = (await listRoot()).find((e) => e.name === target);
      if (!found) throw new AppInfoError('missing_entry', `The AppImage's "${entry.name}" links to "${target}", which is not in its root directory`);
      return readFile(found, max, depth + 1);
    }
    let blocksStart: number;
    let size: number;
    let fragmentIndex: number;
    let fragmentOffset: number;
    let sizesAt: number;
    if (node.type === 2) {
      const b = await node.body(16);
      blocksStart = b.readUInt32LE(16);
      fragmentIndex = b.readUInt32LE(20);
      fragmentOffset = b.readUInt32LE(24);
      size = b.readUInt32LE(28);
      sizesAt = 32;
    } else if (node.type === 9) {
      const b = await node.body(40);
      blocksStart = Number(b.readBigUInt64LE(16));
      size = Number(b.readBigUInt64LE(24));
      fragmentIndex = b.readUInt32LE(44);
      fragmentOffset = b.readUInt32LE(48);
      sizesAt = 56;
    } else {
      corrupt(`"${entry.name}" has inode type ${node.type}, not a file`);
    }
    if (size > max) throw new AppInfoError('limit_exceeded', `The AppImage's "${entry.name}" is ${size} bytes, more than the ${max} read`);
    const hasFragment = fragmentIndex !== 0xffffffff;
    const blockCount = hasFragment ? Math.floor(size / blockSize) : Math.ceil(size / blockSize);
    const sizes = await node.body(sizesAt - 16 + blockCount * 4);
    const parts: Buffer[] = [];
    let at = blocksStart;
    for (let i = 0; i < blockCount; i++) {
      const field = sizes.readUInt32LE(sizesAt + i * 4);
      parts.push(await dataBlock(at, field, `"${entry.name}"`));
      at += field & 0xffffff;
    }
    if (hasFragment) {
      const frag = await fragment(fragmentIndex);
      const data = await dataBlock(frag.start, frag.size, 'a fragment');
      const tail = size - blockCount * blockSize;
      if (fragmentOffset + tail > data.length) corrupt(`the tail of "${entry.name}" lies outside its fragment`);
      parts.push(data.subarray(fragmentOffset, fragmentOffset + tail));
    }
    const out = Buffer.concat(parts);
    if (out.length < size) corrupt(`"${entry.name}" holds ${out.length} bytes, not the ${size} it declares`);
    return out.subarray(0, size);
  }

  let rootListing: Promise<SquashfsEntry[]> | null = null;
  function listRoot(): Promise<SquashfsEntry[]> {
    rootListing ??= listDirectory(rootRef);
    return rootListing;
  }

  return {
    compression,
    readable: codec !== undefined,
    blockSize,
    inodeCount: sb.readUInt32LE(4),
    bytesUsed,
    listRoot,
    readFile: (entry, max) => readFile(entry, max),
    find: (entries, name) => entries.find((e) => e.name === name),
  };
}
