// WebP images, as modern Android builds ship their launcher icons (Gradle converts PNGs to
// lossy WebP with an alpha plane). The decoder follows Google's specifications: the RIFF
// container and the lossless bitstream ("WebP Lossless Bitstream Specification", VP8L) here,
// the lossy key frame (RFC 6386, VP8) in vp8.ts. Every read is bounds-checked; a bad image
// raises AppInfoError('corrupt_file'), and icon loading treats that as "no icon".
//
// Container: +0 "RIFF"  +4 u32 size of what follows  +8 "WEBP"  +12 chunks, each
//   u32 fourcc, u32 payload size, payload (padded to an even size). The image is one of
//   "VP8 " lossy, "VP8L" lossless, or "VP8X" (+0 u8 flags, +4 u24 width-1, +7 u24 height-1)
//   followed by optional "ALPH" (alpha plane for a lossy image) and the "VP8 "/"VP8L" chunk.
import { AppInfoError } from '../../errors.ts';
import { encodePng } from '../../image/png.ts';
import { decodeVp8, MAX_WEBP_PIXELS } from './vp8.ts';

export { MAX_WEBP_PIXELS };

export interface DecodedImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, straight (not premultiplied) alpha. */
  rgba: Uint8Array;
}

function corrupt(detail: string): AppInfoError {
  return new AppInfoError('corrupt_file', `The WebP image is corrupt: ${detail}`);
}

/** Width and height from a WebP file's first 30 bytes, or null when it is not WebP. */
export function webpSize(head: Buffer): { width: number; height: number } | null {
  if (head.length < 30 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') return null;
  const fourcc = head.toString('latin1', 12, 16);
  if (fourcc === 'VP8X') {
    // +20 u8 flags, 3 reserved, +24 u24 canvas width - 1, +27 u24 canvas height - 1
    return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  }
  if (fourcc === 'VP8 ') {
    // +20 3-byte frame tag, +23 start code 9d 01 2a, +26 u16 width (14 bits), +28 u16 height
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return null;
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  if (fourcc === 'VP8L') {
    // +20 signature 0x2f, then 14 bits width - 1, 14 bits height - 1 (least significant bit first)
    if (head[20] !== 0x2f) return null;
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// Lossless (VP8L)

/** Reads bits least significant first, as VP8L packs them. Past the end it reads zeros and flags it. */
class BitReader {
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
interface PrefixCode {
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

function readSymbol(code: PrefixCode, br: BitReader): number {
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
function readCode(br: BitReader, alphabet: number): PrefixCode {
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

/** VP8L's prefix coding of LZ77 lengths and distances: short values directly, longer with extra bits. */
function prefixValue(prefix: number, br: BitReader): number {
  if (prefix < 4) return prefix + 1;
  const extra = (prefix - 2) >> 1;
  const offset = (2 + (prefix & 1)) * 2 ** extra;
  return offset + br.bits(extra) + 1;
}

/**
 * Distance codes 1–120 name nearby pixels in two dimensions; each byte is (dy << 4) | (8 - dx)
 * (table from the lossless bitstream specification, "LZ77 backward reference").
 */
const CODE_TO_PLANE = [
  0x18, 0x07, 0x17, 0x19, 0x28, 0x06, 0x27, 0x29, 0x16, 0x1a, 0x26, 0x2a, 0x38, 0x05, 0x37, 0x39, 0x15, 0x1b, 0x36, 0x3a, 0x25, 0x2b, 0x48, 0x04,
  0x47, 0x49, 0x14, 0x1c, 0x35, 0x3b, 0x46, 0x4a, 0x24, 0x2c, 0x58, 0x45, 0x4b, 0x34, 0x3c, 0x03, 0x57, 0x59, 0x13, 0x1d, 0x56, 0x5a, 0x23, 0x2d,
  0x44, 0x4c, 0x55, 0x5b, 0x33, 0x3d, 0x68, 0x02, 0x67, 0x69, 0x12, 0x1e, 0x66, 0x6a, 0x22, 0x2e, 0x54, 0x5c, 0x43, 0x4d, 0x65, 0x6b, 0x32, 0x3e,
  0x78, 0x01, 0x77, 0x79, 0x53, 0x5d, 0x11, 0x1f, 0x64, 0x6c, 0x42, 0x4e, 0x76, 0x7a, 0x21, 0x2f, 0x75, 0x7b, 0x31, 0x3f, 0x63, 0x6d, 0x52, 0x5e,
  0x00, 0x74, 0x7c, 0x41, 0x4f, 0x10, 0x20, 0x62, 0x6e, 0x30, 0x73, 0x7d, 0x51, 0x5f, 0x40, 0x72, 0x7e, 0x61, 0x6f, 0x50, 0x71, 0x7f, 0x60, 0x70,
];

function planeDistance(width: number, code: number): number {
  if (code > 120) return code - 120;
  const entry = CODE_TO_PLANE[code - 1]!;
  const distance = (entry >> 4) * width + (8 - (entry & 0xf));
  return distance >= 1 ? distance : 1;
}

interface Transform {
  type: number;
  /** Image width when the transform was read (color indexing narrows what follows). */
  width: number;
  bits: number;
  data: Uint32Array;
}

const ceilShift = (n: number, bits: number) => Math.ceil(n / 2 ** bits);

/** Adds two ARGB pixels channel by channel, modulo 256. */
function addPixels(a: number, b: number): number {
  return ((((a & 0xff00ff00) + (b & 0xff00ff00)) & 0xff00ff00) | (((a & 0x00ff00ff) + (b & 0x00ff00ff)) & 0x00ff00ff)) >>> 0;
}

/** Channel-wise floor((a + b) / 2). */
function average2(a: number, b: number): number {
  return ((((a ^ b) & 0xfefefefe) >>> 1) + (a & b)) >>> 0;
}

const channel = (p: number, shift: number) => (p >>> shift) & 0xff;
const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

function select(left: number, top: number, topLeft: number): number {
  let toTop = 0;
  let toLeft = 0;
  for (let s = 0; s < 32; s += 8) {
    toTop += Math.abs(channel(top, s) - channel(topLeft, s));
    toLeft += Math.abs(channel(left, s) - channel(topLeft, s));
  }
  // Distances of the gradient estimate L + T - TL to L and to T.
  return toTop < toLeft ? left : top;
}

function clampAddSubtractFull(a: number, b: number, c: number): number {
  let out = 0;
  for (let s = 0; s < 32; s += 8) out += clamp255(channel(a, s) + channel(b, s) - channel(c, s)) * 2 ** s;
  return out;
}

function clampAddSubtractHalf(a: number, b: number): number {
  let out = 0;
  for (let s = 0; s < 32; s += 8) {
    const x = channel(a, s);
    out += clamp255(x + Math.trunc((x - channel(b, s)) / 2)) * 2 ** s;
  }
  return out;
}

function predict(mode: number, left: number, top: number, topLeft: number, topRight: number): number {
  switch (mode) {
    case 1:
      return left;
    case 2:
      return top;
    case 3:
      return topRight;
    case 4:
      return topLeft;
    case 5:
      return average2(average2(left, topRight), top);
    case 6:
      return average2(left, topLeft);
    case 7:
      return average2(left, top);
    case 8:
      return average2(topLeft, top);
    case 9:
      return average2(top, topRight);
    case 10:
      return average2(average2(left, topLeft), average2(top, topRight));
    case 11:
      return select(left, top, topLeft);
    case 12:
      return clampAddSubtractFull(left, top, topLeft);
    case 13:
      return clampAddSubtractHalf(average2(left, top), topLeft);
    default:
      return 0xff000000; // 0, and 14–15 which encoders never write
  }
}

const int8 = (v: number) => (v << 24) >> 24;

/** Undoes one transform in place (or, for color indexing, into a wider image). */
function inverseTransform(t: Transform, pixels: Uint32Array, height: number): Uint32Array {
  const width = t.width;
  switch (t.type) {
    case 0: {
      // Predictor: each pixel was stored as the difference from a prediction of its neighbours.
      const blocksWide = ceilShift(width, t.bits);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = y * width + x;
          let prediction: number;
          if (y === 0) prediction = x === 0 ? 0xff000000 : pixels[i - 1]!;
          else if (x === 0) prediction = pixels[i - width]!;
          else {
            const mode = (t.data[(y >> t.bits) * blocksWide + (x >> t.bits)]! >> 8) & 0xf;
            prediction = predict(mode, pixels[i - 1]!, pixels[i - width]!, pixels[i - width - 1]!, pixels[i - width + 1]!);
          }
          pixels[i] = addPixels(pixels[i]!, prediction);
        }
      }
      return pixels;
    }
    case 1: {
      // Color transform: red and blue were decorrelated from green (and blue from red).
      const blocksWide = ceilShift(width, t.bits);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = y * width + x;
          const m = t.data[(y >> t.bits) * blocksWide + (x >> t.bits)]!;
          const greenToRed = int8(m & 0xff);
          const greenToBlue = int8((m >> 8) & 0xff);
          const redToBlue = int8((m >> 16) & 0xff);
          const p = pixels[i]!;
          const green = int8((p >> 8) & 0xff);
          const red = (((p >> 16) & 0xff) + ((greenToRed * green) >> 5)) & 0xff;
          let blue = ((p & 0xff) + ((greenToBlue * green) >> 5)) & 0xff;
          blue = (blue + ((redToBlue * int8(red)) >> 5)) & 0xff;
          pixels[i] = ((p & 0xff00ff00) | (red << 16) | blue) >>> 0;
        }
      }
      return pixels;
    }
    case 2: {
      // Subtract green: green was subtracted from red and blue.
      for (let i = 0; i < pixels.length; i++) {
        const p = pixels[i]!;
        const green = (p >> 8) & 0xff;
        pixels[i] = ((p & 0xff00ff00) | ((((p >> 16) + green) & 0xff) << 16) | (((p & 0xff) + green) & 0xff)) >>> 0;
      }
      return pixels;
    }
    default: {
      // Color indexing: green holds palette indices, several per pixel when the palette is small.
      const perPixel = 1 << t.bits;
      const indexBits = 8 >> t.bits;
      const packedWidth = ceilShift(width, t.bits);
      const out = new Uint32Array(width * height);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const packed = (pixels[y * packedWidth + (x >> t.bits)]! >> 8) & 0xff;
          const index = (packed >> ((x & (perPixel - 1)) * indexBits)) & ((1 << indexBits) - 1);
          out[y * width + x] = index < t.data.length ? t.data[index]! : 0;
        }
      }
      return out;
    }
  }
}

/**
 * An image stream (spec section 5): transforms (top level only), color cache, meta prefix
 * codes (top level only), prefix code groups, then the LZ77-coded pixels.
 */
function decodeImageStream(br: BitReader, xsize: number, ysize: number, topLevel: boolean): Uint32Array {
  if (xsize * ysize > MAX_WEBP_PIXELS) throw new AppInfoError('limit_exceeded', `The WebP image is ${xsize}×${ysize} pixels, more than the ${MAX_WEBP_PIXELS} decoded`);
  const transforms: Transform[] = [];
  let width = xsize;
  if (topLevel) {
    let seen = 0;
    while (br.bit()) {
      const type = br.bits(2);
      if (seen & (1 << type)) throw corrupt(`transform ${type} appears twice`);
      seen |= 1 << type;
      if (type === 0 || type === 1) {
        const bits = br.bits(3) + 2;
        transforms.push({ type, width, bits, data: decodeImageStream(br, ceilShift(width, bits), ceilShift(ysize, bits), false) });
      } else if (type === 2) {
        transforms.push({ type, width, bits: 0, data: new Uint32Array(0) });
      } else {
        const colors = br.bits(8) + 1;
        const palette = decodeImageStream(br, colors, 1, false);
        // The palette is stored as differences from the previous entry.
        for (let i = 1; i < colors; i++) palette[i] = addPixels(palette[i]!, palette[i - 1]!);
        const bits = colors > 16 ? 0 : colors > 4 ? 1 : colors > 2 ? 2 : 3;
        transforms.push({ type, width, bits, data: palette });
        width = ceilShift(width, bits);
      }
      if (br.overrun) throw corrupt('the lossless bitstream ends inside a transform');
    }
  }

  let cacheBits = 0;
  if (br.bit()) {
    cacheBits = br.bits(4);
    if (cacheBits < 1 || cacheBits > 11) throw corrupt(`color cache of ${cacheBits} bits (1–11 allowed)`);
  }
  let meta: Uint32Array | null = null;
  let metaBits = 0;
  let metaWidth = 0;
  let groupCount = 1;
  if (topLevel && br.bit()) {
    metaBits = br.bits(3) + 2;
    metaWidth = ceilShift(width, metaBits);
    meta = decodeImageStream(br, metaWidth, ceilShift(ysize, metaBits), false);
    for (const p of meta) groupCount = Math.max(groupCount, ((p >> 8) & 0xffff) + 1);
  }
  const cacheSize = cacheBits ? 1 << cacheBits : 0;
  const groups: PrefixCode[][] = [];
  for (let g = 0; g < groupCount; g++) {
    groups.push([readCode(br, 256 + 24 + cacheSize), readCode(br, 256), readCode(br, 256), readCode(br, 256), readCode(br, 40)]);
  }

  const total = width * ysize;
  let pixels: Uint32Array = new Uint32Array(total);
  const cache = cacheBits ? new Uint32Array(cacheSize) : null;
  let cached = 0;
  let pos = 0;
  while (pos < total) {
    const x = pos % width;
    const y = (pos - x) / width;
    const group = meta ? groups[(meta[(y >> metaBits) * metaWidth + (x >> metaBits)]! >> 8) & 0xffff]! : groups[0]!;
    const symbol = readSymbol(group[0]!, br);
    if (symbol < 256) {
      const red = readSymbol(group[1]!, br);
      const blue = readSymbol(group[2]!, br);
      const alpha = readSymbol(group[3]!, br);
      pixels[pos++] = ((alpha << 24) | (red << 16) | (symbol << 8) | blue) >>> 0;
    } else if (symbol < 256 + 24) {
      const length = prefixValue(symbol - 256, br);
      const distance = planeDistance(width, prefixValue(readSymbol(group[4]!, br), br));
      if (distance > pos || length > total - pos) throw corrupt(`a backward reference (distance ${distance}, length ${length}) at pixel ${pos} leaves the image`);
      for (let i = 0; i < length; i++, pos++) pixels[pos] = pixels[pos - distance]!;
    } else {
      const key = symbol - 280;
      if (!cache || key >= cache.length) throw corrupt(`color cache index ${key} without such a cache`);
      while (cached < pos) {
        const p = pixels[cached++]!;
        cache[Math.imul(p, 0x1e35a7bd) >>> (32 - cacheBits)] = p;
      }
      pixels[pos++] = cache[key]!;
    }
    if (cache) {
      while (cached < pos) {
        const p = pixels[cached++]!;
        cache[Math.imul(p, 0x1e35a7bd) >>> (32 - cacheBits)] = p;
      }
    }
    if (br.overrun) throw corrupt('the lossless bitstream ends before its last pixel');
  }
  for (let i = transforms.length - 1; i >= 0; i--) pixels = inverseTransform(transforms[i]!, pixels, ysize);
  return pixels;
}

/** A "VP8L" chunk: +0 signature 0x2f, 14 bits width-1, 14 bits height-1, 1 bit alpha, 3 bits version 0. */
function decodeLossless(buf: Uint8Array, start: number, end: number): DecodedImage {
  if (end - start < 5 || buf[start] !== 0x2f) throw corrupt('the lossless chunk lacks its 0x2f signature');
  const br = new BitReader(buf, start + 1, end);
  const width = br.bits(14) + 1;
  const height = br.bits(14) + 1;
  br.bit();
  if (br.bits(3) !== 0) throw corrupt('unknown lossless bitstream version');
  const argb = decodeImageStream(br, width, height, true);
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < argb.length; i++) {
    const p = argb[i]!;
    rgba[i * 4] = (p >>> 16) & 0xff;
    rgba[i * 4 + 1] = (p >>> 8) & 0xff;
    rgba[i * 4 + 2] = p & 0xff;
    rgba[i * 4 + 3] = p >>> 24;
  }
  return { width, height, rgba };
}

/**
 * An "ALPH" chunk: +0 u8 (bits 0–1 compression: 0 raw, 1 lossless; bits 2–3 filter: none,
 * horizontal, vertical, gradient; bits 4–5 preprocessing), then the plane. A lossless plane is
 * an image stream without header whose green channel is the alpha.
 */
function decodeAlpha(buf: Uint8Array, start: number, end: number, width: number, height: number): Uint8Array {
  if (end - start < 1) throw corrupt('empty alpha chunk');
  const header = buf[start]!;
  const compression = header & 3;
  const filter = (header >> 2) & 3;
  const alpha = new Uint8Array(width * height);
  if (compression === 0) {
    if (end - start - 1 < alpha.length) throw corrupt(`the raw alpha plane holds ${end - start - 1} bytes for ${alpha.length} pixels`);
    alpha.set(buf.subarray(start + 1, start + 1 + alpha.length));
  } else if (compression === 1) {
    const argb = decodeImageStream(new BitReader(buf, start + 1, end), width, height, true);
    for (let i = 0; i < alpha.length; i++) alpha[i] = (argb[i]! >> 8) & 0xff;
  } else {
    throw corrupt(`unknown alpha compression ${compression}`);
  }
  if (filter === 0) return alpha;
  // Unfilter: each value was stored as the difference from its left, top or gradient predictor;
  // the first row always predicts from the left, the first column from the top.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let predictor: number;
      if (x === 0 && y === 0) predictor = 0;
      else if (y === 0) predictor = alpha[i - 1]!;
      else if (x === 0) predictor = alpha[i - width]!;
      else if (filter === 1) predictor = alpha[i - 1]!;
      else if (filter === 2) predictor = alpha[i - width]!;
      else predictor = clamp255(alpha[i - 1]! + alpha[i - width]! - alpha[i - width - 1]!);
      alpha[i] = (alpha[i]! + predictor) & 0xff;
    }
  }
  return alpha;
}

// ---------------------------------------------------------------------------------------
// Container

/** Decodes a still WebP image (lossy, lossless, or lossy with alpha). Animations are refused. */
export function decodeWebp(data: Uint8Array): DecodedImage {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < 20 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') {
    throw corrupt('it does not start with RIFF…WEBP');
  }
  const riffEnd = 8 + buf.readUInt32LE(4);
  if (riffEnd > buf.length) throw new AppInfoError('truncated', `The WebP image is truncated: its header declares ${riffEnd} bytes, the file holds ${buf.length}`);
  const chunks = new Map<string, { start: number; end: number }>();
  let pos = 12;
  while (pos + 8 <= riffEnd && chunks.size < 64) {
    const fourcc = buf.toString('latin1', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    if (size > riffEnd - pos - 8) throw corrupt(`chunk "${fourcc}" declares ${size} bytes, but only ${riffEnd - pos - 8} remain`);
    if (!chunks.has(fourcc)) chunks.set(fourcc, { start: pos + 8, end: pos + 8 + size });
    pos += 8 + size + (size & 1);
  }
  if (chunks.has('ANIM') || chunks.has('ANMF')) throw corrupt('animated WebP is not decoded');
  const lossless = chunks.get('VP8L');
  if (lossless) return decodeLossless(buf, lossless.start, lossless.end);
  const lossy = chunks.get('VP8 ');
  if (!lossy) throw corrupt('it holds no VP8 or VP8L image chunk');
  const frame = decodeVp8(buf, lossy.start, lossy.end);
  const { width, height } = frame;
  const alphaChunk = chunks.get('ALPH');
  const alpha = alphaChunk ? decodeAlpha(buf, alphaChunk.start, alphaChunk.end, width, height) : null;
  const rgba = frame.toRgba();
  if (alpha) for (let i = 0; i < alpha.length; i++) rgba[i * 4 + 3] = alpha[i]!;
  return { width, height, rgba };
}

/** Decodes a WebP image to a standard PNG, or null when it cannot be decoded. */
export function decodeWebpToPng(data: Uint8Array): Buffer | null {
  try {
    const image = decodeWebp(data);
    return encodePng(image.width, image.height, image.rgba);
  } catch (error) {
    if (error instanceof AppInfoError) return null;
    throw error;
  }
}
