// A read-only, random-access reader for OLE compound files ([MS-CFB]), the container of
// .msi installers: a little FAT file system of fixed-size sectors. Only the FAT sectors a
// stream's chain crosses are read, so opening a 2 GB installer reads a few kilobytes.
//
// Header (512 bytes, little-endian):
//   @0x00 8 bytes   signature D0 CF 11 E0 A1 B1 1A E1
//   @0x1A u16       major version (3: 512-byte sectors, 4: 4096-byte sectors)
//   @0x1C u16       byte order mark 0xFFFE
//   @0x1E u16       sector shift (9 or 12)
//   @0x20 u16       mini sector shift (6: 64-byte mini sectors)
//   @0x2C u32       number of FAT sectors
//   @0x30 u32       first directory sector
//   @0x38 u32       mini stream cutoff (4096: smaller streams live in the mini stream)
//   @0x3C u32       first mini FAT sector, @0x40 u32 number of mini FAT sectors
//   @0x44 u32       first DIFAT sector, @0x48 u32 number of DIFAT sectors
//   @0x4C 109 × u32 the first FAT sector numbers (the rest are in the DIFAT chain)
// Sector n starts at byte (n + 1) × sector size. FAT entry n is the sector after n in its
// chain: 0xFFFFFFFE ends a chain, 0xFFFFFFFF is free, 0xFFFFFFFD marks a FAT sector.
// Directory entry (128 bytes): @0 name (UTF-16, 64 bytes), @64 u16 name length in bytes
//   (with the NUL), @66 u8 type (1 storage, 2 stream, 5 root), @68/@72/@76 left, right and
//   child ids of the red-black tree, @116 u32 start sector, @120 u64 size (v3: low 32 bits).
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';

export const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const END_OF_CHAIN = 0xfffffffe;
const MAX_REGULAR_SECTOR = 0xfffffffa;
const MAX_DIRECTORY_ENTRIES = 100_000;

export interface CfbEntry {
  id: number;
  name: string;
  /** 1 storage, 2 stream, 5 root. */
  type: number;
  start: number;
  size: number;
  left: number;
  right: number;
  child: number;
}

export interface CompoundFile {
  /** Every directory entry, in directory order. */
  entries: CfbEntry[];
  /** The streams directly inside the root storage. */
  rootStreams(): CfbEntry[];
  /** A stream's bytes; more than `max` is an error. */
  readStream(entry: CfbEntry, max: number): Promise<Buffer>;
}

function corrupt(message: string): never {
  throw new AppInfoError('corrupt_file', `The compound file (MSI) is corrupt: ${message}`);
}

export async function openCompoundFile(reader: RandomAccessReader): Promise<CompoundFile> {
  if (reader.size < 512) throw new AppInfoError('truncated', `The compound file is ${reader.size} bytes, shorter than its 512-byte header`);
  const header = await reader.read(0, 512);
  if (!header.subarray(0, 8).equals(CFB_SIGNATURE)) corrupt('the signature is missing');
  if (header.readUInt16LE(0x1c) !== 0xfffe) corrupt(`byte order mark 0x${header.readUInt16LE(0x1c).toString(16)} (expected 0xfffe)`);
  const sectorShift = header.readUInt16LE(0x1e);
  const miniShift = header.readUInt16LE(0x20);
  if (sectorShift !== 9 && sectorShift !== 12) corrupt(`sector shift ${sectorShift} (expected 9 or 12)`);
  if (miniShift !== 6) corrupt(`mini sector shift ${miniShift} (expected 6)`);
  const sectorSize = 1 << sectorShift;
  const perSector = sectorSize / 4;
  const sectorCount = Math.ceil(reader.size / sectorSize);
  const fatCount = header.readUInt32LE(0x2c);
  const firstDirectory = header.readUInt32LE(0x30);
  const miniCutoff = header.readUInt32LE(0x38);
  const firstMiniFat = header.readUInt32LE(0x3c);
  const miniFatCount = header.readUInt32LE(0x40);
  let difatSector = header.readUInt32LE(0x44);
  const difatCount = header.readUInt32LE(0x48);
  // A FAT sector maps perSector sectors; more FAT sectors than the file could need is a lie.
  if (fatCount > Math.ceil(sectorCount / perSector) + 1) corrupt(`it declares ${fatCount} FAT sectors for a file of ${sectorCount} sectors`);
  if (difatCount > fatCount) corrupt(`it declares ${difatCount} DIFAT sectors for ${fatCount} FAT sectors`);

  async function sector(n: number, what: string): Promise<Buffer> {
    if (n > MAX_REGULAR_SECTOR) corrupt(`${what} is said to be in sector 0x${n.toString(16)}, a reserved marker`);
    if ((n + 1) * sectorSize >= reader.size) {
      throw new AppInfoError('truncated', `The compound file is truncated: ${what} is in sector ${n}, past the end of the ${reader.size}-byte file`);
    }
    const offset = (n + 1) * sectorSize;
    // The last sector may be short when a writer did not pad the file.
    const data = await reader.read(offset, Math.min(sectorSize, reader.size - offset));
    return data.length === sectorSize ? data : Buffer.concat([data, Buffer.alloc(sectorSize - data.length)]);
  }

  // The FAT sector list: 109 in the header, the rest in the DIFAT chain (each DIFAT sector
  // holds perSector - 1 numbers and then the next DIFAT sector).
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) fatSectors.push(header.readUInt32LE(0x4c + i * 4));
  for (let d = 0; d < difatCount && fatSectors.length < fatCount; d++) {
    const data = await sector(difatSector, 'the DIFAT');
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatCount; i++) fatSectors.push(data.readUInt32LE(i * 4));
    difatSector = data.readUInt32LE((perSector - 1) * 4);
  }

  const fatCache = new Map<number, Buffer>();
  async function next(n: number): Promise<number> {
    const index = Math.floor(n / perSector);
    if (index >= fatSectors.length) corrupt(`sector ${n} is beyond the FAT`);
    let data = fatCache.get(index);
    if (!data) {
      data = await sector(fatSectors[index]!, 'the FAT');
      fatCache.set(index, data);
    }
    return data.readUInt32LE((n % perSector) * 4);
  }

  /** The sector numbers of a chain, at most enough for `bytes` (a loop or lie is caught). */
  async function chain(start: number, bytes: number, what: string): Promise<number[]> {
    const limit = Math.min(Math.ceil(bytes / sectorSize), sectorCount);
    const sectors: number[] = [];
    const seen = new Set<number>();
    for (let n = start; n !== END_OF_CHAIN && sectors.length < limit; n = await next(n)) {
      if (n > MAX_REGULAR_SECTOR) corrupt(`the chain of ${what} holds the special value 0x${n.toString(16)}`);
      if ((n + 1) * sectorSize >= reader.size) {
        throw new AppInfoError('truncated', `The compound file is truncated: ${what} is in sector ${n}, past the end of the ${reader.size}-byte file`);
      }
      if (seen.has(n)) corrupt(`the chain of ${what} loops back to sector ${n}`);
      seen.add(n);
      sectors.push(n);
    }
    return sectors;
  }

  async function readChain(start: number, size: number, what: string): Promise<Buffer> {
    const sectors = await chain(start, size, what);
    if (sectors.length * sectorSize < size) corrupt(`${what} needs ${size} bytes but its chain holds ${sectors.length * sectorSize}`);
    const parts: Buffer[] = [];
    for (const n of sectors) parts.push(await sector(n, what));
    return Buffer.concat(parts).subarray(0, size);
  }

  // The directory chain has no recorded length; read it up to the entry cap.
  const directorySectors = await chain(firstDirectory, (MAX_DIRECTORY_ENTRIES * 128), 'the directory');
  const entries: CfbEntry[] = [];
  for (const n of directorySectors) {
    const data = await sector(n, 'the directory');
    for (let at = 0; at + 128 <= sectorSize; at += 128) {
      const nameLength = Math.min(data.readUInt16LE(at + 64), 64);
      const type = data[at + 66]!;
      entries.push({
        id: entries.length,
        name: data.toString('utf16le', at, at + Math.max(0, nameLength - 2)),
        type,
        left: data.readUInt32LE(at + 68),
        right: data.readUInt32LE(at + 72),
        child: data.readUInt32LE(at + 76),
        start: data.readUInt32LE(at + 116),
        // Version 3 files may leave garbage in the high half of the size.
        size: sectorShift === 9 ? data.readUInt32LE(at + 120) : data.readUInt32LE(at + 120) + data.readUInt32LE(at + 124) * 2 ** 32,
      });
    }
  }
  const root = entries[0];
  if (!root || root.type !== 5) corrupt('the first directory entry is not the root storage');

  let miniFat: Buffer | null = null;
  let miniStream: CfbEntry | null = null;

  async function readStream(entry: CfbEntry, max: number): Promise<Buffer> {
    if (entry.size > max) throw new AppInfoError('limit_exceeded', `The stream "${entry.name}" is ${entry.size} bytes, more than the ${max} read`);
    if (entry.size === 0) return Buffer.alloc(0);
    if (entry.size >= miniCutoff) return readChain(entry.start, entry.size, `stream "${entry.name}"`);
    // Small streams live in 64-byte mini sectors inside the root's "mini stream", chained by
    // the mini FAT.
    miniFat ??= await readChain(firstMiniFat, miniFatCount * sectorSize, 'the mini FAT');
    miniStream ??= root!;
    const miniSectors: number[] = [];
    const limit = Math.ceil(entry.size / 64);
    for (let m = entry.start; m !== END_OF_CHAIN; ) {
      if (miniSectors.length >= limit) break;
      if (m * 4 + 4 > miniFat.length) corrupt(`mini sector ${m} of stream "${entry.name}" is beyond the mini FAT`);
      miniSectors.push(m);
      m = miniFat.readUInt32LE(m * 4);
    }
    if (miniSectors.length < limit) corrupt(`stream "${entry.name}" needs ${limit} mini sectors but its chain has ${miniSectors.length}`);
    const container = await chain(miniStream.start, miniStream.size, 'the mini stream');
    const out = Buffer.alloc(entry.size);
    for (let i = 0; i < miniSectors.length; i++) {
      const offset = miniSectors[i]! * 64;
      const host = container[Math.floor(offset / sectorSize)];
      if (host === undefined) corrupt(`mini sector ${miniSectors[i]} lies outside the mini stream`);
      const data = await sector(host, `stream "${entry.name}"`);
      data.copy(out, i * 64, offset % sectorSize, (offset % sectorSize) + Math.min(64, entry.size - i * 64));
    }
    return out;
  }

  function rootStreams(): CfbEntry[] {
    // Walk the red-black tree under the root's child, iteratively, each entry once.
    const out: CfbEntry[] = [];
    const seen = new Set<number>();
    const stack = [root!.child];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (id >= entries.length || seen.has(id)) continue;
      seen.add(id);
      const entry = entries[id]!;
      if (entry.type === 2) out.push(entry);
      stack.push(entry.left, entry.right);
    }
    return out;
  }

  return { entries, rootStreams, readStream };
}
