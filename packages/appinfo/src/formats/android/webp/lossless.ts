// The WebP lossless bitstream (VP8L, "WebP Lossless Bitstream Specification"): an image stream
// is transforms (top level only), a color cache, meta prefix codes (top level only), prefix code
// groups, then the pixels, each a literal ARGB, an LZ77 backward reference or a color-cache hit.
// Sub-images (transform data, the meta codes' entropy image, a palette) are image streams too.
import { checkPixels, corrupt } from './limits.ts';
import { planeDistance, prefixValue } from './lz77.ts';
import { BitReader, readCode, readSymbol } from './prefix-codes.ts';
import type { PrefixCode } from './prefix-codes.ts';
import { addPixels, ceilShift, inverseTransform } from './transforms.ts';
import type { Transform } from './transforms.ts';

/** Transforms as the top-level stream lists them; answers them and the coded image's width. */
function readTransforms(br: BitReader, xsize: number, ysize: number): { transforms: Transform[]; width: number } {
  const transforms: Transform[] = [];
  let width = xsize;
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
  return { transforms, width };
}

/** How the pixels are coded: the color cache's size and the prefix code group of each pixel block. */
interface Entropy {
  cacheBits: number;
  groups: PrefixCode[][];
  /** The entropy image (group index in green and red), or null for one group. */
  meta: Uint32Array | null;
  metaBits: number;
  metaWidth: number;
}

function readEntropy(br: BitReader, width: number, ysize: number, topLevel: boolean): Entropy {
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
  return { cacheBits, groups, meta, metaBits, metaWidth };
}

/** The pixels of a width × ysize image (section 5.2): literals, backward references and color-cache hits. */
function decodePixels(br: BitReader, width: number, ysize: number, entropy: Entropy): Uint32Array {
  const { cacheBits, groups, meta, metaBits, metaWidth } = entropy;
  const total = width * ysize;
  const pixels = new Uint32Array(total);
  // The color cache holds recent pixels by a hash; it is brought up to date lazily.
  const cache = cacheBits ? new Uint32Array(1 << cacheBits) : null;
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
      if (distance > pos || length > total - pos) {
        throw corrupt(`a backward reference (distance ${distance}, length ${length}) at pixel ${pos} leaves the image`);
      }
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
  return pixels;
}

/**
 * An image stream (spec section 5): transforms (top level only), color cache, meta prefix
 * codes (top level only), prefix code groups, then the LZ77-coded pixels.
 */
export function decodeImageStream(br: BitReader, xsize: number, ysize: number, topLevel: boolean): Uint32Array {
  checkPixels(xsize, ysize);
  const { transforms, width } = topLevel ? readTransforms(br, xsize, ysize) : { transforms: [], width: xsize };
  let pixels = decodePixels(br, width, ysize, readEntropy(br, width, ysize, topLevel));
  for (let i = transforms.length - 1; i >= 0; i--) pixels = inverseTransform(transforms[i]!, pixels, ysize);
  return pixels;
}

/** A "VP8L" chunk: +0 signature 0x2f, 14 bits width-1, 14 bits height-1, 1 bit alpha, 3 bits version 0. */
export function decodeLossless(buf: Uint8Array, start: number, end: number): { width: number; height: number; rgba: Uint8Array } {
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
