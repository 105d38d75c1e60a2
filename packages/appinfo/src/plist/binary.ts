// Binary property lists: "bplist00", objects, an offset table, then a 32-byte trailer:
//   +0  5 bytes unused
//   +5  1 byte  sort version
//   +6  1 byte  size of each offset-table entry (1, 2, 4 or 8)
//   +7  1 byte  size of each object reference (1, 2, 4 or 8)
//   +8  8 bytes number of objects
//   +16 8 bytes index of the top object
//   +24 8 bytes offset of the offset table
// Each object starts with a marker byte: high nibble the type, low nibble a size (0xF: an
// integer object follows with the real size). Object references are checked for range and
// for cycles; every failure is bad_plist, truncated or (a limit) limit_exceeded.
import { AppInfoError } from '../errors.ts';
import { bad, newDict, setKey } from './limits.ts';
import type { Budget, PlistValue } from './limits.ts';

/** Seconds between the Unix epoch and Apple's reference date, 2001-01-01T00:00:00Z. */
const APPLE_EPOCH_SECONDS = 978_307_200;

/** An unsigned big-endian integer of 1–8 bytes, clamped to MAX_SAFE_INTEGER (then out of any range we check). */
function readUInt(data: Buffer, offset: number, size: number): number {
  if (size <= 6) return data.readUIntBE(offset, size);
  let value = 0n;
  for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(data[offset + i]!);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

const safe = (value: bigint): number | bigint =>
  value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;

interface Trailer {
  offsetSize: number;
  refSize: number;
  count: number;
  top: number;
  table: number;
}

function readTrailer(data: Buffer): Trailer {
  if (data.length < 8 || data.toString('latin1', 0, 8) !== 'bplist00') {
    throw bad(`only binary property lists of version 00 are supported; this one starts with "${data.toString('latin1', 0, 8)}"`);
  }
  if (data.length < 8 + 1 + 32) {
    throw new AppInfoError('truncated', `The binary property list is ${data.length} bytes, too short for a header, an object and the 32-byte trailer`);
  }
  const trailer = data.length - 32;
  const offsetSize = data[trailer + 6]!;
  const refSize = data[trailer + 7]!;
  const numObjects = data.readBigUInt64BE(trailer + 8);
  const topObject = data.readBigUInt64BE(trailer + 16);
  const tableOffset = data.readBigUInt64BE(trailer + 24);
  if (![1, 2, 4, 8].includes(offsetSize) || ![1, 2, 4, 8].includes(refSize)) {
    throw bad(`its trailer gives offset size ${offsetSize} and reference size ${refSize}; both must be 1, 2, 4 or 8 (truncated or corrupt?)`);
  }
  if (numObjects === 0n || numObjects > BigInt(data.length)) throw bad(`its trailer declares ${numObjects} objects in a ${data.length}-byte file`);
  if (topObject >= numObjects) throw bad(`its top object ${topObject} is outside the ${numObjects} objects`);
  const count = Number(numObjects);
  if (tableOffset < 8n || tableOffset + BigInt(count * offsetSize) > BigInt(trailer)) {
    throw bad(`its offset table (${count} entries of ${offsetSize} bytes at ${tableOffset}) lies outside the file`);
  }
  return { offsetSize, refSize, count, top: Number(topObject), table: Number(tableOffset) };
}

class BinaryPlistReader {
  readonly data: Buffer;
  readonly budget: Budget;
  readonly t: Trailer;
  /** The object area ends where the offset table starts. */
  readonly objectEnd: number;
  /** Indices of the containers being read; meeting one again means the plist refers to itself. */
  readonly active = new Set<number>();

  constructor(data: Buffer, budget: Budget) {
    this.data = data;
    this.budget = budget;
    this.t = readTrailer(data);
    this.objectEnd = this.t.table;
  }

  offsetOf(index: number): number {
    const offset = readUInt(this.data, this.t.table + index * this.t.offsetSize, this.t.offsetSize);
    if (offset < 8 || offset >= this.objectEnd) throw bad(`object ${index} starts at byte ${offset}, outside the object area (8–${this.objectEnd})`);
    return offset;
  }

  need(offset: number, length: number, what: string): void {
    if (length < 0 || offset + length > this.objectEnd) {
      throw bad(`${what} at byte ${offset} (${length} bytes) runs past the object area, which ends at ${this.objectEnd}`);
    }
  }

  /** The size in the marker's low nibble, or the integer object that follows for 0xF. */
  sizeOf(marker: number, offset: number): { size: number; start: number } {
    const nibble = marker & 0x0f;
    if (nibble !== 0x0f) return { size: nibble, start: offset + 1 };
    this.need(offset + 1, 1, 'a length');
    const intMarker = this.data[offset + 1]!;
    if (intMarker >> 4 !== 0x1) throw bad(`the length of the object at byte ${offset} is not an integer (marker 0x${intMarker.toString(16)})`);
    const bytes = 1 << (intMarker & 0x0f);
    if (bytes > 8) throw bad(`the length of the object at byte ${offset} is a ${bytes}-byte integer`);
    this.need(offset + 2, bytes, 'a length');
    return { size: readUInt(this.data, offset + 2, bytes), start: offset + 2 + bytes };
  }

  refAt(offset: number): number {
    const ref = readUInt(this.data, offset, this.t.refSize);
    if (ref >= this.t.count) throw bad(`an object reference ${ref} points outside the ${this.t.count} objects`);
    return ref;
  }

  object(index: number, depth: number): PlistValue {
    this.budget.item();
    const offset = this.offsetOf(index);
    const marker = this.data[offset]!;
    switch (marker >> 4) {
      case 0x0:
        if (marker === 0x08) return false;
        if (marker === 0x09) return true;
        throw bad(`object ${index} has marker 0x${marker.toString(16).padStart(2, '0')} (null or fill), which has no property-list value`);
      case 0x1:
        return this.integer(index, marker, offset);
      case 0x2:
      case 0x3:
        return this.realOrDate(index, marker, offset);
      case 0x4:
      case 0x5:
      case 0x6:
        return this.bytes(marker, offset);
      case 0x8: {
        // A keyed-archiver UID; shown the way plutil prints it.
        const bytes = (marker & 0x0f) + 1;
        this.need(offset + 1, bytes, 'a UID');
        const uid = newDict();
        setKey(uid, 'CF$UID', readUInt(this.data, offset + 1, Math.min(bytes, 8)));
        return uid;
      }
      case 0xa:
      case 0xc:
        return this.array(index, marker, offset, depth);
      case 0xd:
        return this.dict(index, marker, offset, depth);
      default:
        throw bad(`object ${index} has the unknown marker 0x${marker.toString(16).padStart(2, '0')}`);
    }
  }

  integer(index: number, marker: number, offset: number): number | bigint {
    const bytes = 1 << (marker & 0x0f);
    this.need(offset + 1, bytes, 'an integer');
    if (bytes <= 4) return this.data.readUIntBE(offset + 1, bytes);
    if (bytes === 8) return safe(this.data.readBigInt64BE(offset + 1));
    if (bytes === 16) {
      // 128-bit integers carry unsigned 64-bit values; the high half is zero.
      const value = (this.data.readBigUInt64BE(offset + 1) << 64n) | this.data.readBigUInt64BE(offset + 9);
      return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
    }
    throw bad(`object ${index} is an integer of ${bytes} bytes`);
  }

  realOrDate(index: number, marker: number, offset: number): number | Date {
    if (marker >> 4 === 0x2) {
      const bytes = 1 << (marker & 0x0f);
      this.need(offset + 1, bytes, 'a real');
      if (bytes === 4) return this.data.readFloatBE(offset + 1);
      if (bytes === 8) return this.data.readDoubleBE(offset + 1);
      throw bad(`object ${index} is a real of ${bytes} bytes`);
    }
    if (marker !== 0x33) throw bad(`object ${index} has the unknown date marker 0x${marker.toString(16)}`);
    this.need(offset + 1, 8, 'a date');
    const seconds = this.data.readDoubleBE(offset + 1);
    const date = new Date((seconds + APPLE_EPOCH_SECONDS) * 1000);
    if (Number.isNaN(date.getTime())) throw bad(`object ${index} is a date out of range`);
    return date;
  }

  /** Data (0x4), an ASCII string (0x5) or a UTF-16 string (0x6). */
  bytes(marker: number, offset: number): Buffer | string {
    const { size, start } = this.sizeOf(marker, offset);
    const type = marker >> 4;
    this.budget.length(size, type === 0x4 ? 'data value' : 'string');
    if (type === 0x4) {
      this.need(start, size, 'a data value');
      return Buffer.from(this.data.subarray(start, start + size));
    }
    if (type === 0x5) {
      this.need(start, size, 'a string');
      return this.data.toString('latin1', start, start + size);
    }
    this.need(start, size * 2, 'a UTF-16 string');
    const swapped = Buffer.from(this.data.subarray(start, start + size * 2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }

  enter(index: number, depth: number): void {
    this.budget.depth(depth + 1);
    if (this.active.has(index)) throw bad(`object ${index} contains itself (a reference cycle)`);
    this.active.add(index);
  }

  array(index: number, marker: number, offset: number, depth: number): PlistValue[] {
    const { size, start } = this.sizeOf(marker, offset);
    this.need(start, size * this.t.refSize, 'an array');
    this.enter(index, depth);
    const list: PlistValue[] = [];
    for (let i = 0; i < size; i++) list.push(this.object(this.refAt(start + i * this.t.refSize), depth + 1));
    this.active.delete(index);
    return list;
  }

  dict(index: number, marker: number, offset: number, depth: number): Record<string, PlistValue> {
    const { size, start } = this.sizeOf(marker, offset);
    const refSize = this.t.refSize;
    this.need(start, size * 2 * refSize, 'a dictionary');
    this.enter(index, depth);
    const dict = newDict();
    for (let i = 0; i < size; i++) {
      const key = this.object(this.refAt(start + i * refSize), depth + 1);
      if (typeof key !== 'string') throw bad(`a key of the dictionary at object ${index} is not a string`);
      if (this.budget.limits.refuseDuplicateKeys && Object.hasOwn(dict, key)) {
        throw bad(`the key "${key.slice(0, 60)}" appears twice in one dictionary`);
      }
      setKey(dict, key, this.object(this.refAt(start + (size + i) * refSize), depth + 1));
    }
    this.active.delete(index);
    return dict;
  }
}

/** Reads a bplist00 document. */
export function parseBinaryPlist(data: Buffer, budget: Budget): PlistValue {
  const reader = new BinaryPlistReader(data, budget);
  return reader.object(reader.t.top, 0);
}
