// WebP lossless (VP8L) bit reading and prefix codes (the lossless bitstream specification,
// sections 3.7 and 6.2): a least-significant-bit-first reader, canonical prefix codes built
// from code lengths (complete codes only, as libwebp requires), and the "simple" and "normal"
// ways a code's lengths are stored.
import { corrupt } from './limits.ts';

/** Reads bits least significant first, as VP8L packs them. Past the end it reads zeros and flags it. */
export class BitReader {
  readonly #buf: Uint8Array;
  #pos: number;
  readonly #end: number;
  overrun = false;

  constructor(buf: Uint8Array, start: number, end: number) {
    this.#buf = buf;
    this.#pos = start * 8;
    this.#end = end * 8;
  }

  bit(): number {
    if (this.#pos >= this.#end) {
      this.overrun = true;
      return 0;
    }
    const b = (this.#buf[this.#pos >>> 3]! >>> (this.#pos & 7)) & 1;
    this.#pos++;
    return b;
  }

  bits(n: number): number {
    let value = 0;
    let shift = 0;
    while (n > 0) {
      if (this.#pos >= this.#end) {
        this.overrun = true;
        return value;
      }
      const offset = this.#pos & 7;
      const take = Math.min(8 - offset, n);
      value += ((this.#buf[this.#pos >>> 3]! >>> offset) & ((1 << take) - 1)) * 2 ** shift;
      shift += take;
      n -= take;
      this.#pos += take;
    }
    return value;
  }
}

/** A canonical prefix code, decoded one bit at a time (codes are at most 15 bits). */
export interface PrefixCode {
  /** The only symbol when the code has one (it then takes no bits). */
  single: number;
  /** Number of codes of each length 0..15. */
  counts: Uint16Array;
  /** Symbols ordered by code length, then value. */
  symbols: Uint16Array;
}

function buildCode(lengths: Uint8Array): PrefixCode {
  const counts = new Uint16Array(16);
  let used = 0;
  let last = -1;
  for (let s = 0; s < lengths.length; s++) {
    if (lengths[s]) {
      counts[lengths[s]!]!++;
      used++;
      last = s;
    }
  }
  if (used === 0) throw corrupt('a prefix code has no symbol');
  if (used === 1) return { single: last, counts, symbols: new Uint16Array(0) };
  // The lengths must describe a complete code (Kraft sum exactly 1), as libwebp requires.
  let left = 1;
  for (let len = 1; len < 16; len++) {
    left = left * 2 - counts[len]!;
    if (left < 0) throw corrupt('a prefix code is over-subscribed');
  }
  if (left !== 0) throw corrupt('a prefix code is incomplete');
  const offsets = new Uint16Array(16);
  for (let len = 1; len < 15; len++) offsets[len + 1] = offsets[len]! + counts[len]!;
  const symbols = new Uint16Array(used);
  for (let s = 0; s < lengths.length; s++) if (lengths[s]) symbols[offsets[lengths[s]!]!++] = s;
  return { single: -1, counts, symbols };
}

export function readSymbol(code: PrefixCode, br: BitReader): number {
  if (code.single >= 0) return code.single;
  // The first bit read is the code's most significant one (as in DEFLATE).
  let value = 0;
  let first = 0;
  let index = 0;
  for (let len = 1; len < 16; len++) {
    value |= br.bit();
    const count = code.counts[len]!;
    if (value - first < count) return code.symbols[index + value - first]!;
    index += count;
    first = (first + count) << 1;
    value <<= 1;
  }
  throw corrupt('a prefix code matches no symbol');
}

const CODE_LENGTH_ORDER = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/** One prefix code of `alphabet` symbols: "simple" (1–2 symbols) or "normal" (code-length coded). */
export function readCode(br: BitReader, alphabet: number): PrefixCode {
  const lengths = new Uint8Array(alphabet);
  if (br.bit()) {
    const count = br.bit() + 1;
    const first = br.bits(br.bit() ? 8 : 1);
    if (first >= alphabet) throw corrupt(`a simple prefix code names symbol ${first} of ${alphabet}`);
    lengths[first] = 1;
    if (count === 2) {
      const second = br.bits(8);
      if (second >= alphabet) throw corrupt(`a simple prefix code names symbol ${second} of ${alphabet}`);
      lengths[second] = 1;
    }
    return buildCode(lengths);
  }
  const codeLengthLengths = new Uint8Array(19);
  const n = br.bits(4) + 4;
  for (let i = 0; i < n; i++) codeLengthLengths[CODE_LENGTH_ORDER[i]!] = br.bits(3);
  const lengthCode = buildCode(codeLengthLengths);
  let maxSymbol = alphabet;
  if (br.bit()) {
    maxSymbol = 2 + br.bits(2 + 2 * br.bits(3));
    if (maxSymbol > alphabet) throw corrupt(`a prefix code declares ${maxSymbol} code lengths for ${alphabet} symbols`);
  }
  let previous = 8;
  let symbol = 0;
  while (symbol < alphabet) {
    if (maxSymbol-- === 0) break;
    const length = readSymbol(lengthCode, br);
    if (length < 16) {
      lengths[symbol++] = length;
      if (length) previous = length;
      continue;
    }
    // 16: repeat the previous length 3–6 times; 17: 3–10 zeros; 18: 11–138 zeros.
    const repeat = length === 16 ? 3 + br.bits(2) : length === 17 ? 3 + br.bits(3) : 11 + br.bits(7);
    if (symbol + repeat > alphabet) throw corrupt('code lengths run past the alphabet');
    lengths.fill(length === 16 ? previous : 0, symbol, symbol + repeat);
    symbol += repeat;
    if (br.overrun) break;
  }
  if (br.overrun) throw corrupt('the lossless bitstream ends inside a prefix code');
  return buildCode(lengths);
}
