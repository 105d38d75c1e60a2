// Android's resource chunk format, shared by binary XML (axml.ts) and resources.arsc
// (arsc.ts): chunk headers, string pools and typed values (Res_value). Layouts follow
// frameworks/base/libs/androidfw/include/androidfw/ResourceTypes.h. Every offset is checked
// against the chunk it belongs to; a lie raises AppInfoError through the caller's `fail`.
import { AppInfoError } from '../../errors.ts';
import type { AppInfoErrorCode } from '../../errors.ts';
import type { ResValue } from './model.ts';

export const RES_STRING_POOL_TYPE = 0x0001;
export const RES_TABLE_TYPE = 0x0002;
export const RES_XML_TYPE = 0x0003;

/** Raises an AppInfoError about one file: `code` for structure errors, 'truncated' for short data. */
export interface Failer {
  /** Names the file in messages (AndroidManifest.xml, resources.arsc, res/uF.xml). */
  file: string;
  /** Code for an invalid structure: bad_xml for binary XML, corrupt_file for resources.arsc. */
  code: AppInfoErrorCode;
}

export function fail(f: Failer, message: string): AppInfoError {
  return new AppInfoError(f.code, `${f.file} is corrupt: ${message}`);
}

export function truncated(f: Failer, message: string): AppInfoError {
  return new AppInfoError('truncated', `${f.file} is truncated: ${message}`);
}

/**
 * ResChunk_header, 8 bytes at `offset`:
 *   +0 u16 type, +2 u16 header size, +4 u32 total chunk size (header included)
 * Checked: the header fits in [offset, end), header size ≥ 8 and ≤ size, and the chunk ends by `end`
 * (the end of its parent, itself checked against the data).
 */
export function chunkAt(
  buf: Buffer,
  offset: number,
  end: number,
  f: Failer,
  what: string,
): { type: number; headerSize: number; size: number } {
  // Called for chunks inside a parent whose own size was checked against the data, so a
  // chunk that overruns it is a lying size (corrupt), not a short file.
  if (offset + 8 > end) throw fail(f, `${what} header at byte ${offset} needs 8 bytes, but its parent ends at byte ${end}`);
  const type = buf.readUInt16LE(offset);
  const headerSize = buf.readUInt16LE(offset + 2);
  const size = buf.readUInt32LE(offset + 4);
  if (headerSize < 8 || headerSize > size) {
    throw fail(f, `${what} at byte ${offset} (type 0x${type.toString(16)}) has header size ${headerSize} for a chunk of ${size} bytes`);
  }
  if (offset + size > end) {
    throw fail(f, `${what} at byte ${offset} (type 0x${type.toString(16)}) declares ${size} bytes, but only ${end - offset} remain in its parent`);
  }
  return { type, headerSize, size };
}

const UTF8_FLAG = 0x100;

/**
 * A ResStringPool chunk, decoded lazily (a resources.arsc pool can hold 100 000 strings;
 * the parsers read a few dozen):
 *   +8  u32 stringCount     +12 u32 styleCount     +16 u32 flags (0x100 UTF-8, else UTF-16)
 *   +20 u32 stringsStart    +24 u32 stylesStart    (both from the chunk's start)
 *   at headerSize: u32 string offsets[stringCount], then u32 style offsets[styleCount]
 * A UTF-8 string is: UTF-16 length (1 or 2 bytes), UTF-8 byte length (1 or 2 bytes; a high
 * bit on the first byte means 2), the bytes, NUL. A UTF-16 string is: u16 length (a high bit
 * means one more u16), the code units, a NUL unit.
 */
export class StringPool {
  readonly count: number;
  readonly #buf: Buffer;
  readonly #offsets: number;
  readonly #strings: number;
  readonly #stringsEnd: number;
  readonly #utf8: boolean;
  readonly #cache = new Map<number, string>();
  readonly #f: Failer;

  constructor(buf: Buffer, start: number, headerSize: number, size: number, f: Failer) {
    this.#buf = buf;
    this.#f = f;
    if (headerSize < 28) throw fail(f, `the string pool at byte ${start} has a ${headerSize}-byte header; 28 expected`);
    const count = buf.readUInt32LE(start + 8);
    const styleCount = buf.readUInt32LE(start + 12);
    const flags = buf.readUInt32LE(start + 16);
    const stringsStart = buf.readUInt32LE(start + 20);
    const stylesStart = buf.readUInt32LE(start + 24);
    // Each string needs a 4-byte offset inside the chunk: this bounds an absurd count
    // before anything is allocated for it.
    if (count > (size - headerSize) / 4 || styleCount > (size - headerSize) / 4 || (count + styleCount) * 4 > size - headerSize) {
      throw fail(f, `the string pool at byte ${start} declares ${count} strings and ${styleCount} styles, more than its ${size} bytes can index`);
    }
    if (count > 0 && (stringsStart < headerSize || stringsStart >= size)) {
      throw fail(f, `the string pool at byte ${start} puts its string data at ${stringsStart}, outside its ${size} bytes`);
    }
    this.count = count;
    this.#offsets = start + headerSize;
    this.#strings = start + stringsStart;
    this.#stringsEnd = start + (styleCount > 0 && stylesStart > stringsStart && stylesStart <= size ? stylesStart : size);
    this.#utf8 = (flags & UTF8_FLAG) !== 0;
  }

  /** String `index`; throws when the index is outside the pool or the string outside the chunk. */
  get(index: number): string {
    const cached = this.#cache.get(index);
    if (cached !== undefined) return cached;
    if (!Number.isInteger(index) || index < 0 || index >= this.count) {
      throw fail(this.#f, `a value refers to string #${index}, but the string pool holds ${this.count}`);
    }
    const buf = this.#buf;
    const end = this.#stringsEnd;
    let pos = this.#strings + buf.readUInt32LE(this.#offsets + index * 4);
    const outside = () => fail(this.#f, `string #${index} lies outside its string pool (which ends at byte ${end})`);
    let value: string;
    if (this.#utf8) {
      // A 1- or 2-byte length: the UTF-16 length first (skipped), then the UTF-8 byte length.
      const length8 = (): number => {
        if (pos >= end) throw outside();
        const long = (buf[pos]! & 0x80) !== 0;
        if (long && pos + 1 >= end) throw outside();
        const n = long ? ((buf[pos]! & 0x7f) << 8) | buf[pos + 1]! : buf[pos]!;
        pos += long ? 2 : 1;
        return n;
      };
      length8();
      const bytes = length8();
      if (pos + bytes > end) throw outside();
      value = buf.toString('utf8', pos, pos + bytes);
      this.#cache.set(index, value);
      return value;
    }
    if (pos + 2 > end) throw outside();
    let length = buf.readUInt16LE(pos);
    pos += 2;
    if (length & 0x8000) {
      if (pos + 2 > end) throw outside();
      length = ((length & 0x7fff) << 16) | buf.readUInt16LE(pos);
      pos += 2;
    }
    if (pos + length * 2 > end) throw outside();
    value = buf.toString('utf16le', pos, pos + length * 2);
    this.#cache.set(index, value);
    return value;
  }

  /** String `index`, or null for the "no string" index 0xffffffff. */
  optional(index: number): string | null {
    return index === 0xffffffff ? null : this.get(index);
  }
}

// Res_value data types.
const TYPE_NULL = 0x00;
const TYPE_REFERENCE = 0x01;
const TYPE_ATTRIBUTE = 0x02;
const TYPE_STRING = 0x03;
const TYPE_FLOAT = 0x04;
const TYPE_DYNAMIC_REFERENCE = 0x07;
const TYPE_DYNAMIC_ATTRIBUTE = 0x08;
const TYPE_INT_DEC = 0x10;
const TYPE_INT_HEX = 0x11;
const TYPE_INT_BOOLEAN = 0x12;

/**
 * A Res_value (u16 size, u8 res0, u8 dataType, u32 data) as a ResValue; strings index `pool`.
 * `raw` is the attribute's raw string (binary XML keeps both), preferred for strings.
 */
export function resValue(dataType: number, data: number, pool: StringPool, raw: string | null = null): ResValue {
  switch (dataType) {
    case TYPE_STRING:
      return { kind: 'string', value: raw ?? pool.get(data) };
    case TYPE_REFERENCE:
    case TYPE_DYNAMIC_REFERENCE:
      return data === 0 ? { kind: 'other', type: TYPE_NULL, data: 0 } : { kind: 'reference', id: data >>> 0 };
    case TYPE_ATTRIBUTE:
    case TYPE_DYNAMIC_ATTRIBUTE:
      return { kind: 'attribute', id: data >>> 0 };
    case TYPE_INT_DEC:
    case TYPE_INT_HEX:
      return { kind: 'int', value: data | 0 };
    case TYPE_INT_BOOLEAN:
      return { kind: 'bool', value: data !== 0 };
    case TYPE_FLOAT: {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(data >>> 0);
      return { kind: 'float', value: b.readFloatLE(0) };
    }
    default:
      if (raw !== null) return { kind: 'string', value: raw };
      return { kind: 'other', type: dataType, data: data >>> 0 };
  }
}
