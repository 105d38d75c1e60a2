// resources.arsc, the compiled resource table of an .apk. Only the chunk layout is walked
// up front (packages, type chunks and their configurations); an entry is decoded when a
// resource id is asked for, so a 20 MB table costs one pass over its chunk headers.
//
// ResTable_header        +0 chunk header (type 0x0002)   +8 u32 package count
//   global string pool   (values of type string index it)
//   ResTable_package     +0 chunk header (type 0x0200)   +8 u32 id   +12 u16 name[128]
//                        +268 u32 typeStrings   +272 u32 lastPublicType
//                        +276 u32 keyStrings    +280 u32 lastPublicKey   (+284 u32 typeIdOffset)
//     type string pool   type names, index = type id - 1
//     key string pool    entry names
//     ResTable_typeSpec  0x0202: +8 u8 id, +9 u8 0, +10 u16 types count, +12 u32 entryCount, flags[]
//     ResTable_type      0x0201: +8 u8 id, +9 u8 flags (1 sparse, 2 16-bit offsets), +10 u16 0,
//                        +12 u32 entryCount, +16 u32 entriesStart, +20 ResTable_config
//                        then entry offsets at header size: u32[entryCount] (0xffffffff none),
//                        or u16[entryCount] × 4 (0xffff none), or sparse {u16 index, u16 offset/4}
import { AppInfoError } from '../../errors.ts';
import type { Failer } from './chunks.ts';
import { chunkAt, fail, RES_STRING_POOL_TYPE, RES_TABLE_TYPE, resValue, StringPool, truncated } from './chunks.ts';
import type { ResConfig, ResEntryValue, ResourceTable, ResValue } from './model.ts';

const RES_TABLE_PACKAGE_TYPE = 0x0200;
const RES_TABLE_TYPE_TYPE = 0x0201;
const RES_TABLE_TYPE_SPEC_TYPE = 0x0202;

const FLAG_SPARSE = 0x01;
const FLAG_OFFSET16 = 0x02;

const ENTRY_FLAG_COMPLEX = 0x0001;
const ENTRY_FLAG_COMPACT = 0x0008;

/** Real tables have a few packages and a few thousand type chunks. */
const MAX_PACKAGES = 256;
const MAX_TYPE_CHUNKS = 100_000;

interface TypeChunk {
  /** Byte offset of the chunk. */
  start: number;
  headerSize: number;
  size: number;
  flags: number;
  entryCount: number;
  entriesStart: number;
  config: ResConfig;
}

interface Package {
  id: number;
  name: string;
  typeNames: StringPool | null;
  keys: StringPool | null;
  /** Type chunks by type id. */
  types: Map<number, TypeChunk[]>;
}

/**
 * ResTable_config (only the fields read here; `size` says how many the file has):
 *   +0 u32 size   +4 u16 mcc   +6 u16 mnc   +8 char language[2]   +10 char country[2]
 *   +12 u8 orientation   +13 u8 touchscreen   +14 u16 density
 *   +16 u8 keyboard, navigation, inputFlags, pad   +20 u16 screenWidth, screenHeight
 *   +24 u16 sdkVersion   +26 u16 minorVersion   +28 u8 screenLayout   +29 u8 uiMode
 *   +30 u16 smallestScreenWidthDp   +32 u16 screenWidthDp, screenHeightDp
 *   +36 char localeScript[4]   +40 char localeVariant[8]   +48 u8 screenLayout2, colorMode
 */
export function readConfig(buf: Buffer, at: number, limit: number, f: Failer): ResConfig {
  if (at + 4 > limit) throw fail(f, `a type chunk's configuration at byte ${at} lies outside its chunk`);
  const size = buf.readUInt32LE(at);
  if (size < 4 || at + size > limit) throw fail(f, `a configuration at byte ${at} declares ${size} bytes, outside its chunk`);
  // Fields past the declared size are zero (older files have shorter configurations).
  const u8 = (off: number) => (off < size ? buf[at + off]! : 0);
  const u16 = (off: number) => (off + 2 <= size ? buf.readUInt16LE(at + off) : 0);
  const u32 = (off: number) => (off + 4 <= size ? buf.readUInt32LE(at + off) : 0);
  const language = unpackLocalePart(u8(8), u8(9), 0x61);
  const region = unpackLocalePart(u8(10), u8(11), 0x30);
  let script = '';
  for (let i = 36; i < 40; i++) if (u8(i)) script += String.fromCharCode(u8(i));
  let locale: string | null = null;
  if (language) {
    locale = language;
    if (script) locale += `-${script}`;
    if (region) locale += `-${region}`;
  }
  const otherQualifiers =
    u32(4) !== 0 || // mcc, mnc
    u8(12) !== 0 || // orientation
    u8(13) !== 0 || // touchscreen
    u32(16) !== 0 || // keyboard, navigation, input flags
    u32(20) !== 0 || // screen size
    u8(28) !== 0 || // screen layout (size, long, direction)
    u8(29) !== 0 || // ui mode (night, car, television …)
    u16(30) !== 0 || // smallest width
    u32(32) !== 0 || // width and height in dp
    u16(48) !== 0; // round, colour mode
  return { locale, density: u16(14), sdkVersion: u16(24), otherQualifiers };
}

/**
 * Android packs a 3-letter language or region in two bytes when the first has its high bit
 * set: three 5-bit values added to `base` ('a' for languages, '0' for regions).
 */
function unpackLocalePart(b0: number, b1: number, base: number): string {
  if (b0 === 0) return '';
  if (b0 & 0x80) {
    const first = b1 & 0x1f;
    const second = ((b1 & 0xe0) >> 5) | ((b0 & 0x03) << 3);
    const third = (b0 & 0x7c) >> 2;
    return String.fromCharCode(first + base, second + base, third + base);
  }
  return String.fromCharCode(b0) + (b1 ? String.fromCharCode(b1) : '');
}

export class ArscTable implements ResourceTable {
  readonly #buf: Buffer;
  readonly #f: Failer;
  readonly #strings: StringPool;
  readonly #packages = new Map<number, Package>();

  constructor(buf: Buffer, file = 'resources.arsc') {
    this.#buf = buf;
    const f: Failer = { file, code: 'corrupt_file' };
    this.#f = f;
    if (buf.length < 12 || buf.readUInt16LE(0) !== RES_TABLE_TYPE) {
      throw new AppInfoError('corrupt_file', `${file} is not a resource table: it starts with type 0x${buf.length >= 2 ? buf.readUInt16LE(0).toString(16) : '??'}, expected 0x0002`);
    }
    const declared = buf.readUInt32LE(4);
    if (declared > buf.length) throw truncated(f, `its header declares ${declared} bytes, but it holds ${buf.length}`);
    const table = chunkAt(buf, 0, buf.length, f, 'the table header');
    let strings: StringPool | null = null;
    let typeChunks = 0;
    let pos = table.headerSize;
    while (pos < table.size) {
      const chunk = chunkAt(buf, pos, table.size, f, 'a table chunk');
      if (chunk.type === RES_STRING_POOL_TYPE && !strings) {
        strings = new StringPool(buf, pos, chunk.headerSize, chunk.size, f);
      } else if (chunk.type === RES_TABLE_PACKAGE_TYPE) {
        if (this.#packages.size >= MAX_PACKAGES) throw new AppInfoError('limit_exceeded', `${file} holds more than ${MAX_PACKAGES} packages`);
        typeChunks = this.#readPackage(pos, chunk.headerSize, chunk.size, typeChunks);
      }
      pos += chunk.size;
    }
    if (!strings) throw fail(f, 'it has no global string pool');
    this.#strings = strings;
  }

  #readPackage(start: number, headerSize: number, size: number, typeChunks: number): number {
    const buf = this.#buf;
    const f = this.#f;
    if (headerSize < 284) throw fail(f, `the package at byte ${start} has a ${headerSize}-byte header; at least 284 expected`);
    const id = buf.readUInt32LE(start + 8);
    let name = buf.toString('utf16le', start + 12, start + 12 + 256);
    const nul = name.indexOf('\0');
    if (nul >= 0) name = name.slice(0, nul);
    const typeStringsAt = buf.readUInt32LE(start + 268);
    const keyStringsAt = buf.readUInt32LE(start + 276);
    const pkg: Package = { id, name, typeNames: null, keys: null, types: new Map() };
    const end = start + size;
    let pos = start + headerSize;
    const pools: StringPool[] = [];
    while (pos < end) {
      const chunk = chunkAt(buf, pos, end, f, `a chunk of package ${name}`);
      if (chunk.type === RES_STRING_POOL_TYPE) {
        const pool = new StringPool(buf, pos, chunk.headerSize, chunk.size, f);
        if (pos - start === typeStringsAt) pkg.typeNames = pool;
        else if (pos - start === keyStringsAt) pkg.keys = pool;
        pools.push(pool);
      } else if (chunk.type === RES_TABLE_TYPE_TYPE) {
        if (++typeChunks > MAX_TYPE_CHUNKS) throw new AppInfoError('limit_exceeded', `${f.file} holds more than ${MAX_TYPE_CHUNKS} type chunks`);
        const type = this.#readType(pos, chunk.headerSize, chunk.size);
        const list = pkg.types.get(type.id);
        if (list) list.push(type.chunk);
        else pkg.types.set(type.id, [type.chunk]);
      } else if (chunk.type === RES_TABLE_TYPE_SPEC_TYPE) {
        // Spec chunks hold visibility flags only; nothing to resolve a value.
      }
      pos += chunk.size;
    }
    // Files whose header offsets disagree with the layout still put the pools first.
    pkg.typeNames ??= pools[0] ?? null;
    pkg.keys ??= pools[1] ?? null;
    if (!this.#packages.has(id)) this.#packages.set(id, pkg);
    return typeChunks;
  }

  #readType(start: number, headerSize: number, size: number): { id: number; chunk: TypeChunk } {
    const buf = this.#buf;
    const f = this.#f;
    if (headerSize < 20 + 4) throw fail(f, `the type chunk at byte ${start} has a ${headerSize}-byte header; at least 24 expected`);
    const id = buf[start + 8]!;
    const flags = buf[start + 9]!;
    const entryCount = buf.readUInt32LE(start + 12);
    const entriesStart = buf.readUInt32LE(start + 16);
    if (id === 0) throw fail(f, `the type chunk at byte ${start} has type id 0`);
    const offsetSize = flags & (FLAG_SPARSE | FLAG_OFFSET16) ? (flags & FLAG_SPARSE ? 4 : 2) : 4;
    if (entryCount > (size - headerSize) / offsetSize || entriesStart > size || entriesStart < headerSize + entryCount * offsetSize) {
      throw fail(f, `the type chunk at byte ${start} declares ${entryCount} entries starting at ${entriesStart}, which do not fit in its ${size} bytes`);
    }
    const config = readConfig(buf, start + 20, start + headerSize, f);
    return { id, chunk: { start, headerSize, size, flags, entryCount, entriesStart, config } };
  }

  /** Byte offset of entry `index` of a type chunk, or -1 when the chunk has none. */
  #entryOffset(chunk: TypeChunk, index: number): number {
    const buf = this.#buf;
    const table = chunk.start + chunk.headerSize;
    let offset: number;
    if (chunk.flags & FLAG_SPARSE) {
      // Sorted {u16 entry index, u16 offset / 4} pairs: binary search.
      let lo = 0;
      let hi = chunk.entryCount - 1;
      offset = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const at = buf.readUInt16LE(table + mid * 4);
        if (at === index) {
          offset = buf.readUInt16LE(table + mid * 4 + 2) * 4;
          break;
        }
        if (at < index) lo = mid + 1;
        else hi = mid - 1;
      }
      if (offset < 0) return -1;
    } else {
      if (index >= chunk.entryCount) return -1;
      if (chunk.flags & FLAG_OFFSET16) {
        const raw = buf.readUInt16LE(table + index * 2);
        if (raw === 0xffff) return -1;
        offset = raw * 4;
      } else {
        const raw = buf.readUInt32LE(table + index * 4);
        if (raw === 0xffffffff) return -1;
        offset = raw;
      }
    }
    const at = chunk.start + chunk.entriesStart + offset;
    if (at + 8 > chunk.start + chunk.size) {
      throw fail(this.#f, `entry ${index} of the type chunk at byte ${chunk.start} lies outside the chunk`);
    }
    return at;
  }

  /**
   * ResTable_entry at `at`:  +0 u16 size, +2 u16 flags (1 complex, 8 compact), +4 u32 key index
   * then, when simple, a Res_value at +size: u16 size, u8 0, u8 type, u32 data. A compact entry
   * (Android 14) is 8 bytes: u16 key, u16 flags with the value type in the high byte, u32 data.
   */
  #entryValue(chunk: TypeChunk, at: number): { key: number; value: ResValue } {
    const buf = this.#buf;
    const size = buf.readUInt16LE(at);
    const flags = buf.readUInt16LE(at + 2);
    if (flags & ENTRY_FLAG_COMPACT) {
      return { key: size, value: resValue(flags >> 8, buf.readUInt32LE(at + 4), this.#strings) };
    }
    const key = buf.readUInt32LE(at + 4);
    if (flags & ENTRY_FLAG_COMPLEX) return { key, value: { kind: 'compound' } };
    if (size < 8 || at + size + 8 > chunk.start + chunk.size) {
      throw fail(this.#f, `the entry at byte ${at} declares a ${size}-byte header whose value lies outside its chunk`);
    }
    return { key, value: resValue(buf[at + size + 3]!, buf.readUInt32LE(at + size + 4), this.#strings) };
  }

  /** The package's type chunks for a resource id, or null. */
  #typeChunks(id: number): { pkg: Package; chunks: TypeChunk[] } | null {
    const pkg = this.#packages.get(id >>> 24);
    const chunks = pkg?.types.get((id >>> 16) & 0xff);
    return pkg && chunks ? { pkg, chunks } : null;
  }

  values(id: number): ResEntryValue[] {
    const found = this.#typeChunks(id);
    if (!found) return [];
    const index = id & 0xffff;
    const out: ResEntryValue[] = [];
    for (const chunk of found.chunks) {
      const at = this.#entryOffset(chunk, index);
      if (at < 0) continue;
      out.push({ config: chunk.config, value: this.#entryValue(chunk, at).value });
    }
    return out;
  }

  name(id: number): string | null {
    const found = this.#typeChunks(id);
    if (!found) return null;
    const typeName = found.pkg.typeNames?.get(((id >>> 16) & 0xff) - 1) ?? null;
    for (const chunk of found.chunks) {
      const at = this.#entryOffset(chunk, id & 0xffff);
      if (at < 0) continue;
      const key = this.#entryValue(chunk, at).key;
      const entry = found.pkg.keys?.get(key) ?? null;
      return typeName && entry ? `${typeName}/${entry}` : null;
    }
    return null;
  }

  idsNamed(name: string, types: readonly string[]): number[] {
    const ids = new Set<number>();
    for (const pkg of this.#packages.values()) {
      if (!pkg.typeNames || !pkg.keys) continue;
      for (const [typeId, chunks] of pkg.types) {
        if (typeId > pkg.typeNames.count || !types.includes(pkg.typeNames.get(typeId - 1))) continue;
        for (const chunk of chunks) {
          for (const index of this.#entryIndices(chunk)) {
            const id = ((pkg.id << 24) | (typeId << 16) | index) >>> 0;
            if (ids.has(id)) continue;
            const at = this.#entryOffset(chunk, index);
            if (at >= 0 && pkg.keys.get(this.#entryValue(chunk, at).key) === name) ids.add(id);
          }
        }
      }
    }
    return [...ids];
  }

  /** The entry indices a type chunk may hold (bounded by its checked entry count). */
  *#entryIndices(chunk: TypeChunk): Generator<number> {
    const table = chunk.start + chunk.headerSize;
    for (let i = 0; i < chunk.entryCount; i++) {
      yield chunk.flags & FLAG_SPARSE ? this.#buf.readUInt16LE(table + i * 4) : i;
    }
  }
}
