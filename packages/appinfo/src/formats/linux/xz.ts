// A small .xz decoder (LZMA2 filter only), because Node's zlib has no xz and Debian's
// dpkg-deb compresses control.tar with xz by default. It decodes a whole, in-memory stream
// with a cap on the output, which is all the parsers need (a control.tar, a squashfs block).
//
// .xz stream (all sizes little-endian unless noted):
//   header   @0 FD 37 7A 58 5A 00, @6 u8 0, @7 u8 check type (0 none, 1 CRC32, 4 CRC64,
//            10 SHA-256), @8 u32 CRC32 of the two flag bytes
//   blocks   header: u8 size (real size = (n + 1) × 4; 0 here means the index starts),
//            u8 flags (bits 0–1 filter count − 1, bit 6 compressed size present, bit 7
//            uncompressed size present), the sizes as varints, per filter: varint id, varint
//            property size, properties; zero padding; u32 CRC32 of the header.
//            Then the filter's data, zero padding to 4 bytes, and the check of the output.
//   index, footer (not needed to decode; not read)
// LZMA2 chunks: control byte 0x00 end; 0x01 / 0x02 an uncompressed chunk (with / without a
//   dictionary reset) of u16 BE + 1 bytes; 0x80–0xFF an LZMA chunk: bits 5–6 reset level
//   (0 none, 1 state, 2 state + new properties, 3 everything), unpacked size
//   ((c & 0x1F) << 16) + u16 BE + 1, packed size u16 BE + 1, a properties byte when the
//   level is ≥ 2 (lc + lp·9 + pb·45), then the range-coded data.
// The LZMA decoder below follows the published LZMA specification (the reference decoder in
// the LZMA SDK): 12 states, literal coding with lc/lp context bits, lengths 2–273 through a
// choice/low/mid/high coder, distances through 64 slots, special bit trees and 4 align bits.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { AppInfoError } from '../../errors.ts';

const MAGIC = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]);

function bad(message: string): never {
  throw new AppInfoError('corrupt_file', `The xz-compressed data is corrupt: ${message}`);
}

export function isXz(bytes: Buffer): boolean {
  return bytes.length >= 6 && bytes.subarray(0, 6).equals(MAGIC);
}

// CRC-64/XZ (ECMA-182, reflected), as two 32-bit halves to stay off BigInt in the loop.
let crc64Lo: Uint32Array | null = null;
let crc64Hi: Uint32Array | null = null;
function crc64(data: Uint8Array): { lo: number; hi: number } {
  if (!crc64Lo || !crc64Hi) {
    crc64Lo = new Uint32Array(256);
    crc64Hi = new Uint32Array(256);
    const polyLo = 0xd7870f42;
    const polyHi = 0xc96c5795;
    for (let i = 0; i < 256; i++) {
      let lo = i;
      let hi = 0;
      for (let k = 0; k < 8; k++) {
        const carry = lo & 1;
        lo = ((lo >>> 1) | ((hi & 1) << 31)) >>> 0;
        hi = hi >>> 1;
        if (carry) {
          lo = (lo ^ polyLo) >>> 0;
          hi = (hi ^ polyHi) >>> 0;
        }
      }
      crc64Lo[i] = lo;
      crc64Hi[i] = hi;
    }
  }
  let lo = 0xffffffff;
  let hi = 0xffffffff;
  for (let i = 0; i < data.length; i++) {
    const index = (lo ^ data[i]!) & 0xff;
    lo = (((lo >>> 8) | (hi << 24)) ^ crc64Lo[index]!) >>> 0;
    hi = ((hi >>> 8) ^ crc64Hi[index]!) >>> 0;
  }
  return { lo: (lo ^ 0xffffffff) >>> 0, hi: (hi ^ 0xffffffff) >>> 0 };
}

/** Growable output that doubles as the LZMA dictionary (the whole output stays addressable). */
class Output {
  buf: Uint8Array;
  pos = 0;
  readonly max: number;
  constructor(max: number) {
    this.max = max;
    this.buf = new Uint8Array(Math.min(max, 64 * 1024));
  }
  ensure(extra: number): void {
    const need = this.pos + extra;
    if (need > this.max) throw new AppInfoError('limit_exceeded', `The xz-compressed data expands to more than ${this.max} bytes; refusing to decompress it`);
    if (need <= this.buf.length) return;
    const next = new Uint8Array(Math.min(this.max, Math.max(need, this.buf.length * 2)));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }
}

const NUM_STATES = 12;
const MATCH_MIN_LEN = 2;

class LenCoder {
  choice = new Uint16Array(2);
  low = new Uint16Array(16 << 3);
  mid = new Uint16Array(16 << 3);
  high = new Uint16Array(256);
  reset(): void {
    this.choice.fill(1024);
    this.low.fill(1024);
    this.mid.fill(1024);
    this.high.fill(1024);
  }
}

class Lzma {
  // Range decoder.
  input: Buffer = Buffer.alloc(0);
  inPos = 0;
  inEnd = 0;
  range = 0;
  code = 0;
  // Model.
  lc = 0;
  lp = 0;
  pb = 0;
  state = 0;
  reps = [0, 0, 0, 0];
  /** A match length still to copy when the previous chunk ended mid-match. */
  pending = 0;
  literal = new Uint16Array(0x300 << 4);
  isMatch = new Uint16Array(NUM_STATES << 4);
  isRep = new Uint16Array(NUM_STATES);
  isRepG0 = new Uint16Array(NUM_STATES);
  isRepG1 = new Uint16Array(NUM_STATES);
  isRepG2 = new Uint16Array(NUM_STATES);
  isRep0Long = new Uint16Array(NUM_STATES << 4);
  posSlot = new Uint16Array(4 << 6);
  specPos = new Uint16Array(115);
  align = new Uint16Array(16);
  lenCoder = new LenCoder();
  repLenCoder = new LenCoder();

  setProperties(props: number): void {
    if (props >= 9 * 5 * 5) bad(`LZMA properties byte ${props} is out of range`);
    this.lc = props % 9;
    this.lp = Math.floor(props / 9) % 5;
    this.pb = Math.floor(props / 45);
    if (this.lc + this.lp > 4) bad('LZMA2 requires lc + lp ≤ 4');
  }

  resetState(): void {
    const size = 0x300 << (this.lc + this.lp);
    if (this.literal.length !== size) this.literal = new Uint16Array(size);
    const all = [this.literal, this.isMatch, this.isRep, this.isRepG0, this.isRepG1, this.isRepG2, this.isRep0Long];
    for (const probs of [...all, this.posSlot, this.specPos, this.align]) probs.fill(1024);
    this.lenCoder.reset();
    this.repLenCoder.reset();
    this.state = 0;
    this.reps = [0, 0, 0, 0];
    this.pending = 0;
  }

  initRange(input: Buffer, start: number, end: number): void {
    if (end - start < 5) bad('an LZMA chunk is shorter than its range coder header');
    if (input[start] !== 0) bad('an LZMA chunk does not start with a zero byte');
    this.input = input;
    this.code = input.readUInt32BE(start + 1);
    this.range = 0xffffffff;
    this.inPos = start + 5;
    this.inEnd = end;
  }

  normalize(): void {
    if (this.range < 0x1000000) {
      if (this.inPos >= this.inEnd) bad('an LZMA chunk ends before its data');
      this.range = (this.range << 8) >>> 0;
      this.code = ((this.code << 8) | this.input[this.inPos++]!) >>> 0;
    }
  }

  bit(probs: Uint16Array, index: number): number {
    this.normalize();
    const p = probs[index]!;
    const bound = (this.range >>> 11) * p;
    if (this.code < bound) {
      this.range = bound;
      probs[index] = p + ((2048 - p) >>> 5);
      return 0;
    }
    this.range = (this.range - bound) >>> 0;
    this.code = (this.code - bound) >>> 0;
    probs[index] = p - (p >>> 5);
    return 1;
  }

  bitTree(probs: Uint16Array, base: number, bits: number): number {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) | this.bit(probs, base + m);
    return m - (1 << bits);
  }

  reverseBitTree(probs: Uint16Array, base: number, bits: number): number {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < bits; i++) {
      const bit = this.bit(probs, base + m);
      m = (m << 1) | bit;
      symbol |= bit << i;
    }
    return symbol;
  }

  directBits(count: number): number {
    let result = 0;
    for (let i = 0; i < count; i++) {
      this.normalize();
      this.range = this.range >>> 1;
      let bit = 0;
      if (this.code >= this.range) {
        this.code = (this.code - this.range) >>> 0;
        bit = 1;
      }
      result = ((result << 1) | bit) >>> 0;
    }
    return result;
  }

  length(coder: LenCoder, posState: number): number {
    if (this.bit(coder.choice, 0) === 0) return this.bitTree(coder.low, posState << 3, 3);
    if (this.bit(coder.choice, 1) === 0) return 8 + this.bitTree(coder.mid, posState << 3, 3);
    return 16 + this.bitTree(coder.high, 0, 8);
  }

  distance(len: number): number {
    const lenState = Math.min(len, 3);
    const slot = this.bitTree(this.posSlot, lenState << 6, 6);
    if (slot < 4) return slot;
    const directCount = (slot >>> 1) - 1;
    let dist = ((2 | (slot & 1)) << directCount) >>> 0;
    if (slot < 14) return (dist + this.reverseBitTree(this.specPos, dist - slot - 1, directCount)) >>> 0;
    dist = (dist + ((this.directBits(directCount - 4) << 4) >>> 0)) >>> 0;
    return (dist + this.reverseBitTree(this.align, 0, 4)) >>> 0;
  }

  /** Decodes until `out` has grown by `size` bytes; `dictStart` is where the dictionary began. */
  decode(out: Output, size: number, dictStart: number): void {
    const end = out.pos + size;
    out.ensure(size);
    const buf = out.buf;
    const pbMask = (1 << this.pb) - 1;
    const lpMask = (1 << this.lp) - 1;
    const copy = (distance: number, len: number): number => {
      if (distance >= out.pos - dictStart) bad(`a match reaches ${distance + 1} bytes back, before the start of the dictionary`);
      const n = Math.min(len, end - out.pos);
      for (let i = 0; i < n; i++) {
        buf[out.pos] = buf[out.pos - distance - 1]!;
        out.pos++;
      }
      return len - n;
    };
    if (this.pending > 0) this.pending = copy(this.reps[0]!, this.pending);
    while (out.pos < end) {
      const posState = (out.pos - dictStart) & pbMask;
      const state = this.state;
      if (this.bit(this.isMatch, (state << 4) + posState) === 0) {
        const prev = out.pos > dictStart ? buf[out.pos - 1]! : 0;
        const base = 0x300 * ((((out.pos - dictStart) & lpMask) << this.lc) + (prev >>> (8 - this.lc)));
        let symbol = 1;
        if (state >= 7) {
          let matchByte = buf[out.pos - this.reps[0]! - 1] ?? 0;
          while (symbol < 0x100) {
            const matchBit = (matchByte >>> 7) & 1;
            matchByte <<= 1;
            const bit = this.bit(this.literal, base + ((1 + matchBit) << 8) + symbol);
            symbol = (symbol << 1) | bit;
            if (matchBit !== bit) break;
          }
        }
        while (symbol < 0x100) symbol = (symbol << 1) | this.bit(this.literal, base + symbol);
        buf[out.pos++] = symbol & 0xff;
        this.state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      let len: number;
      if (this.bit(this.isRep, state) === 0) {
        len = this.length(this.lenCoder, posState);
        this.state = state < 7 ? 7 : 10;
        const dist = this.distance(len);
        if (dist === 0xffffffff) bad('an end marker inside an LZMA2 chunk');
        this.reps = [dist, this.reps[0]!, this.reps[1]!, this.reps[2]!];
      } else {
        if (this.bit(this.isRepG0, state) === 0) {
          if (this.bit(this.isRep0Long, (state << 4) + posState) === 0) {
            this.state = state < 7 ? 9 : 11;
            this.pending = copy(this.reps[0]!, 1);
            continue;
          }
        } else {
          let dist: number;
          if (this.bit(this.isRepG1, state) === 0) {
            dist = this.reps[1]!;
          } else {
            if (this.bit(this.isRepG2, state) === 0) {
              dist = this.reps[2]!;
            } else {
              dist = this.reps[3]!;
              this.reps[3] = this.reps[2]!;
            }
            this.reps[2] = this.reps[1]!;
          }
          this.reps[1] = this.reps[0]!;
          this.reps[0] = dist;
        }
        len = this.length(this.repLenCoder, posState);
        this.state = state < 7 ? 8 : 11;
      }
      this.pending = copy(this.reps[0]!, len + MATCH_MIN_LEN);
    }
  }
}

function decodeLzma2(input: Buffer, start: number, end: number, out: Output): number {
  const lzma = new Lzma();
  let at = start;
  let dictStart = out.pos;
  let needProps = true;
  for (;;) {
    if (at >= end) bad('the LZMA2 data ends without its end marker');
    const control = input[at++]!;
    if (control === 0x00) return at;
    if (control === 0x01 || control === 0x02) {
      if (at + 2 > end) bad('an uncompressed LZMA2 chunk header is cut off');
      const size = input.readUInt16BE(at) + 1;
      at += 2;
      if (at + size > end) bad('an uncompressed LZMA2 chunk runs past the data');
      if (control === 0x01) dictStart = out.pos;
      out.ensure(size);
      out.buf.set(input.subarray(at, at + size), out.pos);
      out.pos += size;
      at += size;
      continue;
    }
    if (control < 0x80) bad(`invalid LZMA2 control byte 0x${control.toString(16)}`);
    if (at + 4 > end) bad('an LZMA2 chunk header is cut off');
    const unpacked = ((control & 0x1f) << 16) + input.readUInt16BE(at) + 1;
    const packed = input.readUInt16BE(at + 2) + 1;
    at += 4;
    const reset = (control >>> 5) & 3;
    if (reset === 3) dictStart = out.pos;
    if (reset >= 2) {
      if (at >= end) bad('an LZMA2 chunk header is cut off');
      lzma.setProperties(input[at++]!);
      needProps = false;
    } else if (needProps) {
      bad('the first LZMA chunk does not set its properties');
    }
    if (reset >= 1) lzma.resetState();
    if (at + packed > end) bad('an LZMA2 chunk runs past the data');
    lzma.initRange(input, at, at + packed);
    lzma.decode(out, unpacked, dictStart);
    at += packed;
  }
}

function varint(input: Buffer, at: number, end: number): { value: number; next: number } {
  let value = 0;
  for (let i = 0; i < 9; i++) {
    if (at + i >= end) bad('a block header is cut off');
    const byte = input[at + i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) return { value, next: at + i + 1 };
  }
  bad('a variable-length integer is too long');
}

const CHECK_SIZES: Record<number, number> = { 0: 0, 1: 4, 4: 8, 10: 32 };

/** Decompresses a complete .xz stream held in memory, producing at most `maxOutput` bytes. */
export function xzDecompress(input: Buffer, maxOutput: number): Buffer {
  if (!isXz(input)) bad('the xz magic bytes are missing');
  if (input.length < 12) bad('the stream header is cut off');
  const checkType = input[7]! & 0x0f;
  if (input[6] !== 0 || (crc32(input.subarray(6, 8)) >>> 0) !== input.readUInt32LE(8)) bad('the stream header fails its CRC-32 check');
  const checkSize = CHECK_SIZES[checkType] ?? 4 << Math.floor((checkType - 1) / 3);
  const out = new Output(maxOutput);
  let at = 12;
  for (let block = 0; ; block++) {
    if (at >= input.length) bad('the stream ends before its index');
    if (input[at] === 0) break; // the index: every block has been decoded
    const headerSize = (input[at]! + 1) * 4;
    const headerEnd = at + headerSize;
    if (headerEnd > input.length) bad(`block ${block}'s header is cut off`);
    if ((crc32(input.subarray(at, headerEnd - 4)) >>> 0) !== input.readUInt32LE(headerEnd - 4)) bad(`block ${block}'s header fails its CRC-32 check`);
    const flags = input[at + 1]!;
    if (flags & 0x3c) bad(`block ${block} has reserved flags set`);
    let p = at + 2;
    if (flags & 0x40) p = varint(input, p, headerEnd - 4).next;
    if (flags & 0x80) p = varint(input, p, headerEnd - 4).next;
    const filterCount = (flags & 3) + 1;
    let dictProps = -1;
    for (let f = 0; f < filterCount; f++) {
      const id = varint(input, p, headerEnd - 4);
      const propsSize = varint(input, id.next, headerEnd - 4);
      if (id.value !== 0x21) {
        throw new AppInfoError('corrupt_file', `The xz data uses filter 0x${id.value.toString(16)}; only plain LZMA2 (what dpkg, rpm and mksquashfs write) is supported`);
      }
      dictProps = input[propsSize.next] ?? -1;
      p = propsSize.next + propsSize.value;
    }
    if (dictProps < 0 || dictProps > 40) bad(`block ${block} has no valid LZMA2 dictionary size`);
    const outStart = out.pos;
    at = decodeLzma2(input, headerEnd, input.length, out);
    while (at % 4 !== 0) {
      if (input[at] !== 0) bad(`block ${block}'s padding is not zero`);
      at++;
    }
    if (at + checkSize > input.length) bad(`block ${block}'s check is cut off`);
    const produced = out.buf.subarray(outStart, out.pos);
    const check = input.subarray(at, at + checkSize);
    if (checkType === 1 && (crc32(produced) >>> 0) !== check.readUInt32LE(0)) bad(`block ${block} fails its CRC-32 check`);
    if (checkType === 4) {
      const { lo, hi } = crc64(produced);
      if (lo !== check.readUInt32LE(0) || hi !== check.readUInt32LE(4)) bad(`block ${block} fails its CRC-64 check`);
    }
    if (checkType === 10 && !createHash('sha256').update(produced).digest().equals(check)) bad(`block ${block} fails its SHA-256 check`);
    at += checkSize;
  }
  return Buffer.from(out.buf.buffer, out.buf.byteOffset, out.pos);
}
