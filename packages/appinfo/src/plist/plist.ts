// Apple property lists, XML and binary (bplist00), parsed without dependencies and with
// limits: a plist comes from an uploaded file, so nesting depth, the number of values and
// string lengths are capped, and a binary plist's object references are checked for range
// and cycles. Every failure is an AppInfoError('bad_plist') or, for a safety limit,
// AppInfoError('limit_exceeded').
import { AppInfoError } from '../errors.ts';

export type PlistValue = string | number | bigint | boolean | Date | Buffer | PlistValue[] | { [key: string]: PlistValue };

export interface PlistOptions {
  /** Deepest nesting of arrays and dictionaries (default 64). */
  maxDepth?: number;
  /** Most values in the whole plist, counting every array element and dictionary entry (default 1,000,000). */
  maxItems?: number;
  /** Longest string or data value, in characters or bytes (default 16 MiB). */
  maxStringLength?: number;
  /** Refuse a dictionary that names a key twice (default false: the last one wins, as CoreFoundation does). */
  refuseDuplicateKeys?: boolean;
}

type Limits = Required<PlistOptions>;

const DEFAULTS: Limits = { maxDepth: 64, maxItems: 1_000_000, maxStringLength: 16 * 1024 * 1024, refuseDuplicateKeys: false };

/** Seconds between the Unix epoch and Apple's reference date, 2001-01-01T00:00:00Z. */
const APPLE_EPOCH_SECONDS = 978_307_200;

function bad(message: string): AppInfoError {
  return new AppInfoError('bad_plist', `The property list is invalid: ${message}`);
}

/** A dictionary that accepts any key ("__proto__" included) as an own property. */
function newDict(): Record<string, PlistValue> {
  return {};
}

function setKey(dict: Record<string, PlistValue>, key: string, value: PlistValue): void {
  Object.defineProperty(dict, key, { value, enumerable: true, writable: true, configurable: true });
}

class Budget {
  readonly limits: Limits;
  items = 0;
  constructor(limits: Limits) {
    this.limits = limits;
  }
  item(): void {
    this.items++;
    if (this.items > this.limits.maxItems) {
      throw new AppInfoError('limit_exceeded', `The property list holds more than ${this.limits.maxItems} values; refusing to read it (a plist bomb?)`);
    }
  }
  depth(depth: number): void {
    if (depth > this.limits.maxDepth) {
      throw new AppInfoError('limit_exceeded', `The property list nests arrays and dictionaries more than ${this.limits.maxDepth} levels deep; refusing to read it`);
    }
  }
  length(length: number, what: string): void {
    if (length > this.limits.maxStringLength) {
      throw new AppInfoError('limit_exceeded', `A ${what} in the property list is ${length} long, more than the ${this.limits.maxStringLength} allowed`);
    }
  }
}

/** Parses an XML or binary property list. */
export function parsePlist(data: Buffer, options: PlistOptions = {}): PlistValue {
  const limits: Limits = {
    maxDepth: options.maxDepth ?? DEFAULTS.maxDepth,
    maxItems: options.maxItems ?? DEFAULTS.maxItems,
    maxStringLength: options.maxStringLength ?? DEFAULTS.maxStringLength,
    refuseDuplicateKeys: options.refuseDuplicateKeys ?? DEFAULTS.refuseDuplicateKeys,
  };
  const budget = new Budget(limits);
  if (data.length === 0) throw bad('it is empty (0 bytes)');
  if (data.length >= 6 && data.toString('latin1', 0, 6) === 'bplist') return parseBinary(data, budget);
  return parseXml(decodeText(data), budget);
}

/** True when the bytes start like a binary or XML property list. */
export function looksLikePlist(head: Buffer): boolean {
  if (head.length >= 8 && head.toString('latin1', 0, 8) === 'bplist00') return true;
  const text = head.toString('utf8', 0, Math.min(head.length, 512)).replace(/^\uFEFF/, '').trimStart();
  return text.startsWith('<?xml') || text.startsWith('<!DOCTYPE plist') || text.startsWith('<plist');
}

// ---------------------------------------------------------------------------------------
// XML

function decodeText(data: Buffer): string {
  // UTF-16 with a byte-order mark is legal XML and CoreFoundation reads it.
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return data.toString('utf16le', 2);
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) {
    const swapped = Buffer.from(data.subarray(2, 2 + ((data.length - 2) & ~1)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = data.toString('utf8');
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]{1,16});/g, (match, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      if (!Number.isInteger(code) || code < 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw bad(`the character reference ${match} is not a valid character`);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[name];
    if (value === undefined) throw bad(`the entity ${match} is not one XML defines (&lt; &gt; &amp; &quot; &apos;)`);
    return value;
  });
}

class XmlReader {
  readonly text: string;
  readonly budget: Budget;
  pos = 0;
  constructor(text: string, budget: Budget) {
    this.text = text;
    this.budget = budget;
  }

  /** "line N" for an error message; counted only when an error is built. */
  where(pos = this.pos): string {
    let line = 1;
    for (let i = this.text.indexOf('\n'); i >= 0 && i < pos; i = this.text.indexOf('\n', i + 1)) line++;
    return `line ${line}`;
  }

  /** Skips whitespace, comments, processing instructions and the DOCTYPE. */
  skipMisc(): void {
    const text = this.text;
    for (;;) {
      while (this.pos < text.length && /\s/.test(text[this.pos]!)) this.pos++;
      if (text.startsWith('<!--', this.pos)) {
        const end = text.indexOf('-->', this.pos + 4);
        if (end < 0) throw bad(`a comment at ${this.where()} is never closed`);
        this.pos = end + 3;
      } else if (text.startsWith('<?', this.pos)) {
        const end = text.indexOf('?>', this.pos + 2);
        if (end < 0) throw bad(`a processing instruction at ${this.where()} is never closed`);
        this.pos = end + 2;
      } else if (text.startsWith('<!DOCTYPE', this.pos)) {
        // The plist DOCTYPE has no internal subset; one with "[" could define entities, which
        // we refuse rather than expand (billion laughs).
        const end = text.indexOf('>', this.pos);
        if (end < 0) throw bad(`the DOCTYPE at ${this.where()} is never closed`);
        if (text.slice(this.pos, end).includes('[')) throw bad('its DOCTYPE declares its own entities, which a property list never needs');
        this.pos = end + 1;
      } else {
        return;
      }
    }
  }

  /** Reads a start tag at pos: its name, and whether it is self-closing (<true/>). */
  startTag(): { name: string; empty: boolean } {
    const text = this.text;
    if (text[this.pos] !== '<') {
      const found = text.slice(this.pos, this.pos + 20);
      throw bad(found.length === 0 ? 'it ends before its last value (truncated?)' : `expected a tag at ${this.where()}, found "${found}"`);
    }
    const end = text.indexOf('>', this.pos);
    if (end < 0) throw bad(`a tag at ${this.where()} is never closed (truncated?)`);
    const inner = text.slice(this.pos + 1, end);
    const match = /^([A-Za-z_][\w.-]*)(?:\s[^>]*?)?(\/?)$/.exec(inner);
    if (!match) throw bad(`expected a start tag at ${this.where()}, found "<${inner.slice(0, 30)}>"`);
    this.pos = end + 1;
    return { name: match[1]!, empty: match[2] === '/' };
  }

  endTag(name: string): void {
    this.skipMisc();
    const close = `</${name}`;
    if (!this.text.startsWith(close, this.pos)) {
      const found = this.text.slice(this.pos, this.pos + 30);
      throw bad(found.length === 0 ? `it ends before </${name}> (truncated?)` : `expected </${name}> at ${this.where()}, found "${found}"`);
    }
    const end = this.text.indexOf('>', this.pos);
    if (end < 0 || this.text.slice(this.pos + close.length, end).trim() !== '') throw bad(`the end tag </${name}> at ${this.where()} is malformed`);
    this.pos = end + 1;
  }

  /** The text content up to </name>, with entities decoded and CDATA sections kept verbatim. */
  textContent(name: string, what: string): string {
    const text = this.text;
    let out = '';
    for (;;) {
      const lt = text.indexOf('<', this.pos);
      if (lt < 0) throw bad(`a <${name}> at ${this.where()} is never closed (truncated?)`);
      out += decodeEntities(text.slice(this.pos, lt));
      this.pos = lt;
      if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) throw bad(`a CDATA section at ${this.where()} is never closed`);
        out += text.slice(lt + 9, end);
        this.pos = end + 3;
      } else if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) throw bad(`a comment at ${this.where()} is never closed`);
        this.pos = end + 3;
      } else if (text.startsWith('</', lt)) {
        this.endTag(name);
        this.budget.length(out.length, what);
        return out;
      } else {
        throw bad(`a <${name}> at ${this.where()} contains markup; only text is allowed there`);
      }
      this.budget.length(out.length, what);
    }
  }

  value(depth: number): PlistValue {
    this.skipMisc();
    const start = this.pos;
    const { name, empty } = this.startTag();
    const at = (): string => this.where(start);
    this.budget.item();
    switch (name) {
      case 'dict': {
        this.budget.depth(depth + 1);
        const dict = newDict();
        if (empty) return dict;
        for (;;) {
          this.skipMisc();
          if (this.text.startsWith('</', this.pos)) {
            this.endTag('dict');
            return dict;
          }
          const key = this.startTag();
          if (key.name !== 'key') throw bad(`a <dict> at ${at()} holds a <${key.name}> where a <key> belongs`);
          const keyText = key.empty ? '' : this.textContent('key', 'key');
          this.skipMisc();
          if (this.text.startsWith('</', this.pos)) throw bad(`the key "${keyText.slice(0, 60)}" at ${this.where()} has no value`);
          if (this.budget.limits.refuseDuplicateKeys && Object.hasOwn(dict, keyText)) {
            throw bad(`the key "${keyText.slice(0, 60)}" at ${this.where()} appears twice in one <dict>`);
          }
          setKey(dict, keyText, this.value(depth + 1));
        }
      }
      case 'array': {
        this.budget.depth(depth + 1);
        const list: PlistValue[] = [];
        if (empty) return list;
        for (;;) {
          this.skipMisc();
          if (this.text.startsWith('</', this.pos)) {
            this.endTag('array');
            return list;
          }
          list.push(this.value(depth + 1));
        }
      }
      case 'string':
        return empty ? '' : this.textContent('string', 'string');
      case 'key':
        throw bad(`a <key> at ${at()} stands outside a <dict>`);
      case 'true':
      case 'false':
        if (!empty) this.endTag(name);
        return name === 'true';
      case 'integer':
        return parseInteger(empty ? '' : this.textContent('integer', 'integer'), at);
      case 'real':
        return parseReal(empty ? '' : this.textContent('real', 'real'), at);
      case 'date':
        return parseDate(empty ? '' : this.textContent('date', 'date'), at);
      case 'data':
        return parseData(empty ? '' : this.textContent('data', 'data'), at, this.budget);
      default:
        throw bad(`<${name}> at ${at()} is not a property-list element (dict, array, key, string, integer, real, true, false, date, data)`);
    }
  }
}

function parseInteger(raw: string, at: () => string): number | bigint {
  const text = raw.trim();
  const match = /^([+-]?)(?:0x([0-9a-fA-F]{1,32})|([0-9]{1,40}))$/.exec(text);
  if (!match) throw bad(`<integer> at ${at()} holds "${text.slice(0, 40)}", which is not an integer`);
  let value = match[2] !== undefined ? BigInt(`0x${match[2]}`) : BigInt(match[3]!);
  if (match[1] === '-') value = -value;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

function parseReal(raw: string, at: () => string): number {
  const text = raw.trim();
  const lower = text.toLowerCase();
  if (lower === 'nan') return Number.NaN;
  if (/^[+]?inf(inity)?$/.test(lower)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/.test(lower)) return Number.NEGATIVE_INFINITY;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw bad(`<real> at ${at()} holds "${text.slice(0, 40)}", which is not a number`);
  return Number(text);
}

function parseDate(raw: string, at: () => string): Date {
  const text = raw.trim();
  // Apple writes YYYY-MM-DDTHH:MM:SSZ; CoreFoundation also reads shorter prefixes.
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.\d+)?)?)?)?)?)?Z?$/.exec(text);
  if (!match) throw bad(`<date> at ${at()} holds "${text.slice(0, 40)}", which is not an ISO 8601 date`);
  const [, y, mo = '1', d = '1', h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Date.UTC(2000, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  date.setUTCFullYear(Number(y)); // Date.UTC maps years 0–99 to 1900–1999
  if (Number.isNaN(date.getTime())) throw bad(`<date> at ${at()} holds "${text}", which is not a valid date`);
  return date;
}

function parseData(raw: string, at: () => string, budget: Budget): Buffer {
  const text = raw.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw bad(`<data> at ${at()} is not base64`);
  const bytes = Buffer.from(text, 'base64');
  budget.length(bytes.length, 'data value');
  return bytes;
}

function parseXml(text: string, budget: Budget): PlistValue {
  const reader = new XmlReader(text, budget);
  reader.skipMisc();
  if (reader.pos >= text.length) throw bad('it holds no XML element');
  // <plist version="1.0"> wraps the value; CoreFoundation also accepts a bare value.
  const save = reader.pos;
  const root = reader.startTag();
  let value: PlistValue;
  if (root.name === 'plist') {
    if (root.empty) throw bad('<plist> is empty');
    value = reader.value(0);
    reader.endTag('plist');
  } else {
    reader.pos = save;
    value = reader.value(0);
  }
  reader.skipMisc();
  if (reader.pos < text.length) throw bad(`unexpected content after the root value at ${reader.where()}`);
  return value;
}

// ---------------------------------------------------------------------------------------
// Binary: "bplist00", objects, an offset table, then a 32-byte trailer:
//   +0  5 bytes unused
//   +5  1 byte  sort version
//   +6  1 byte  size of each offset-table entry (1, 2, 4 or 8)
//   +7  1 byte  size of each object reference (1, 2, 4 or 8)
//   +8  8 bytes number of objects
//   +16 8 bytes index of the top object
//   +24 8 bytes offset of the offset table
// Each object starts with a marker byte: high nibble the type, low nibble a size (0xF: an
// integer object follows with the real size).

/** An unsigned big-endian integer of 1–8 bytes, clamped to MAX_SAFE_INTEGER (then out of any range we check). */
function readUInt(data: Buffer, offset: number, size: number): number {
  if (size <= 6) return data.readUIntBE(offset, size);
  let value = 0n;
  for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(data[offset + i]!);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

function parseBinary(data: Buffer, budget: Budget): PlistValue {
  if (data.length < 8 || data.toString('latin1', 0, 8) !== 'bplist00') {
    throw bad(`only binary property lists of version 00 are supported; this one starts with "${data.toString('latin1', 0, 8)}"`);
  }
  if (data.length < 8 + 1 + 32) throw new AppInfoError('truncated', `The binary property list is ${data.length} bytes, too short for a header, an object and the 32-byte trailer`);
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
  const table = Number(tableOffset);
  const objectEnd = table;

  const offsetOf = (index: number): number => {
    const offset = readUInt(data, table + index * offsetSize, offsetSize);
    if (offset < 8 || offset >= objectEnd) throw bad(`object ${index} starts at byte ${offset}, outside the object area (8–${objectEnd})`);
    return offset;
  };

  const need = (offset: number, length: number, what: string): void => {
    if (length < 0 || offset + length > objectEnd) throw bad(`${what} at byte ${offset} (${length} bytes) runs past the object area, which ends at ${objectEnd}`);
  };

  /** The size in the marker's low nibble, or the integer object that follows for 0xF. */
  const sizeOf = (marker: number, offset: number): { size: number; start: number } => {
    const nibble = marker & 0x0f;
    if (nibble !== 0x0f) return { size: nibble, start: offset + 1 };
    need(offset + 1, 1, 'a length');
    const intMarker = data[offset + 1]!;
    if (intMarker >> 4 !== 0x1) throw bad(`the length of the object at byte ${offset} is not an integer (marker 0x${intMarker.toString(16)})`);
    const bytes = 1 << (intMarker & 0x0f);
    if (bytes > 8) throw bad(`the length of the object at byte ${offset} is a ${bytes}-byte integer`);
    need(offset + 2, bytes, 'a length');
    return { size: readUInt(data, offset + 2, bytes), start: offset + 2 + bytes };
  };

  const refAt = (offset: number): number => {
    const ref = readUInt(data, offset, refSize);
    if (ref >= count) throw bad(`an object reference ${ref} points outside the ${count} objects`);
    return ref;
  };

  // Indices of the containers being read; meeting one again means the plist refers to itself.
  const active = new Set<number>();

  const object = (index: number, depth: number): PlistValue => {
    budget.item();
    const offset = offsetOf(index);
    const marker = data[offset]!;
    const type = marker >> 4;
    switch (type) {
      case 0x0:
        if (marker === 0x08) return false;
        if (marker === 0x09) return true;
        throw bad(`object ${index} has marker 0x${marker.toString(16).padStart(2, '0')} (null or fill), which has no property-list value`);
      case 0x1: {
        const bytes = 1 << (marker & 0x0f);
        need(offset + 1, bytes, 'an integer');
        if (bytes <= 4) return data.readUIntBE(offset + 1, bytes);
        if (bytes === 8) {
          const value = data.readBigInt64BE(offset + 1);
          return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
        }
        if (bytes === 16) {
          // 128-bit integers carry unsigned 64-bit values; the high half is zero.
          const value = (data.readBigUInt64BE(offset + 1) << 64n) | data.readBigUInt64BE(offset + 9);
          return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
        }
        throw bad(`object ${index} is an integer of ${bytes} bytes`);
      }
      case 0x2: {
        const bytes = 1 << (marker & 0x0f);
        need(offset + 1, bytes, 'a real');
        if (bytes === 4) return data.readFloatBE(offset + 1);
        if (bytes === 8) return data.readDoubleBE(offset + 1);
        throw bad(`object ${index} is a real of ${bytes} bytes`);
      }
      case 0x3: {
        if (marker !== 0x33) throw bad(`object ${index} has the unknown date marker 0x${marker.toString(16)}`);
        need(offset + 1, 8, 'a date');
        const seconds = data.readDoubleBE(offset + 1);
        const date = new Date((seconds + APPLE_EPOCH_SECONDS) * 1000);
        if (Number.isNaN(date.getTime())) throw bad(`object ${index} is a date out of range`);
        return date;
      }
      case 0x4: {
        const { size, start } = sizeOf(marker, offset);
        budget.length(size, 'data value');
        need(start, size, 'a data value');
        return Buffer.from(data.subarray(start, start + size));
      }
      case 0x5: {
        const { size, start } = sizeOf(marker, offset);
        budget.length(size, 'string');
        need(start, size, 'a string');
        return data.toString('latin1', start, start + size);
      }
      case 0x6: {
        const { size, start } = sizeOf(marker, offset);
        budget.length(size, 'string');
        need(start, size * 2, 'a UTF-16 string');
        const swapped = Buffer.from(data.subarray(start, start + size * 2));
        swapped.swap16();
        return swapped.toString('utf16le');
      }
      case 0x8: {
        // A keyed-archiver UID; shown the way plutil prints it.
        const bytes = (marker & 0x0f) + 1;
        need(offset + 1, bytes, 'a UID');
        const uid = newDict();
        setKey(uid, 'CF$UID', readUInt(data, offset + 1, Math.min(bytes, 8)));
        return uid;
      }
      case 0xa:
      case 0xc: {
        const { size, start } = sizeOf(marker, offset);
        need(start, size * refSize, 'an array');
        budget.depth(depth + 1);
        if (active.has(index)) throw bad(`object ${index} contains itself (a reference cycle)`);
        active.add(index);
        const list: PlistValue[] = [];
        for (let i = 0; i < size; i++) list.push(object(refAt(start + i * refSize), depth + 1));
        active.delete(index);
        return list;
      }
      case 0xd: {
        const { size, start } = sizeOf(marker, offset);
        need(start, size * 2 * refSize, 'a dictionary');
        budget.depth(depth + 1);
        if (active.has(index)) throw bad(`object ${index} contains itself (a reference cycle)`);
        active.add(index);
        const dict = newDict();
        for (let i = 0; i < size; i++) {
          const keyRef = refAt(start + i * refSize);
          const key = object(keyRef, depth + 1);
          if (typeof key !== 'string') throw bad(`a key of the dictionary at object ${index} is not a string`);
          if (budget.limits.refuseDuplicateKeys && Object.hasOwn(dict, key)) {
            throw bad(`the key "${key.slice(0, 60)}" appears twice in one dictionary`);
          }
          setKey(dict, key, object(refAt(start + (size + i) * refSize), depth + 1));
        }
        active.delete(index);
        return dict;
      }
      default:
        throw bad(`object ${index} has the unknown marker 0x${marker.toString(16).padStart(2, '0')}`);
    }
  };

  return object(Number(topObject), 0);
}

// ---------------------------------------------------------------------------------------
// Typed getters, so callers stay short.

function isDict(value: PlistValue | undefined): value is Record<string, PlistValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value) && !(value instanceof Date);
}

function own(dict: Record<string, PlistValue>, key: string): PlistValue | undefined {
  return Object.prototype.hasOwnProperty.call(dict, key) ? dict[key] : undefined;
}

/** The value as a dictionary; throws bad_plist naming `what` when it is something else. */
export function plistDict(value: PlistValue, what: string): Record<string, PlistValue> {
  if (!isDict(value)) throw new AppInfoError('bad_plist', `${what} is not a dictionary (found ${describe(value)})`);
  return value;
}

function describe(value: PlistValue): string {
  if (Array.isArray(value)) return 'an array';
  if (Buffer.isBuffer(value)) return 'data';
  if (value instanceof Date) return 'a date';
  return `a ${typeof value}`;
}

/** A string value (numbers are given as their decimal text, as some Info.plists write versions as integers); null otherwise. */
export function plistString(dict: Record<string, PlistValue>, key: string): string | null {
  const value = own(dict, key);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

export function plistBool(dict: Record<string, PlistValue>, key: string): boolean | null {
  const value = own(dict, key);
  return typeof value === 'boolean' ? value : null;
}

export function plistNumber(dict: Record<string, PlistValue>, key: string): number | null {
  const value = own(dict, key);
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return null;
}

export function plistDate(dict: Record<string, PlistValue>, key: string): Date | null {
  const value = own(dict, key);
  return value instanceof Date ? value : null;
}

export function plistData(dict: Record<string, PlistValue>, key: string): Buffer | null {
  const value = own(dict, key);
  return Buffer.isBuffer(value) ? value : null;
}

export function plistArray(dict: Record<string, PlistValue>, key: string): PlistValue[] {
  const value = own(dict, key);
  return Array.isArray(value) ? value : [];
}

/** The strings of an array value (other elements skipped); [] when absent. */
export function plistStrings(dict: Record<string, PlistValue>, key: string): string[] {
  return plistArray(dict, key).filter((item): item is string => typeof item === 'string');
}

/** The dictionaries of an array value (other elements skipped); [] when absent. */
export function plistDicts(dict: Record<string, PlistValue>, key: string): Record<string, PlistValue>[] {
  return plistArray(dict, key).filter(isDict);
}

/** A nested dictionary; null when absent or of another type. */
export function plistSubDict(dict: Record<string, PlistValue>, key: string): Record<string, PlistValue> | null {
  const value = own(dict, key);
  return isDict(value) ? value : null;
}

/** A JSON-safe copy (dates as ISO strings, data as base64, bigints as decimal strings), for `details`. */
export function plistToJson(value: PlistValue): unknown {
  if (Array.isArray(value)) return value.map(plistToJson);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (isDict(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      Object.defineProperty(out, key, { value: plistToJson(inner), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
