// Apple's "CgBI" PNG, which Xcode writes into iOS apps (pngcrush -iphone): a PNG with an
// extra CgBI chunk first, image data deflated without the zlib header, pixels in BGRA order
// and colours premultiplied by alpha. Browsers and image libraries cannot show it; we turn
// it into a standard RGBA PNG. A normal PNG passes through untouched.
//
// PNG layout: 8-byte signature, then chunks of
//   +0 length (u32 BE)   +4 type (4 ASCII)   +8 data (length bytes)   +8+length CRC (u32 BE)
// IHDR data: +0 width (u32)  +4 height (u32)  +8 bit depth  +9 colour type  +10 compression
//            +11 filter method  +12 interlace method
import { inflateRawSync, inflateSync } from 'node:zlib';
import { AppInfoError } from '../../errors.ts';
import { encodePng, isPng } from '../../image/png.ts';

/** Icons are at most 1024×1024; anything past this is refused rather than allocated. */
export const MAX_CGBI_PIXELS = 4096 * 4096;
/** More chunks than this is not an icon. */
const MAX_CHUNKS = 10_000;

function corrupt(message: string): AppInfoError {
  return new AppInfoError('corrupt_file', `The icon is not a readable PNG: ${message}`);
}

interface Chunk {
  type: string;
  data: Buffer;
}

function chunks(png: Buffer): Chunk[] {
  const list: Chunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    if (offset + 12 > png.length) throw corrupt(`a chunk header at byte ${offset} runs past the end (${png.length} bytes)`);
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (offset + 12 + length > png.length) throw corrupt(`the ${type} chunk at byte ${offset} declares ${length} bytes, past the end of the file`);
    list.push({ type, data: png.subarray(offset + 8, offset + 8 + length) });
    if (list.length > MAX_CHUNKS) throw corrupt(`more than ${MAX_CHUNKS} chunks`);
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  return list;
}

/** True when the PNG carries Apple's CgBI chunk (first after the signature). */
export function isCgbi(bytes: Buffer): boolean {
  return isPng(bytes) && bytes.length >= 16 && bytes.toString('latin1', 12, 16) === 'CgBI';
}

/** Width and height of a PNG or CgBI PNG from its IHDR, or null when the header is not there. */
export function pngDimensions(bytes: Buffer): { width: number; height: number } | null {
  if (!isPng(bytes)) return null;
  // CgBI: signature (8) + CgBI chunk (12 + 4 data) puts IHDR at 24 instead of 8.
  const ihdr = isCgbi(bytes) ? 24 : 8;
  if (bytes.length < ihdr + 16 || bytes.toString('latin1', ihdr + 4, ihdr + 8) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(ihdr + 8), height: bytes.readUInt32BE(ihdr + 12) };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** Undoes the PNG row filters in place and returns the bare pixel rows. */
function unfilter(raw: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) {
      const value = raw[src + x]!;
      const left = x >= bpp ? out[row + x - bpp]! : 0;
      const up = y > 0 ? out[prev + x]! : 0;
      const upLeft = y > 0 && x >= bpp ? out[prev + x - bpp]! : 0;
      let result: number;
      switch (filter) {
        case 0:
          result = value;
          break;
        case 1:
          result = value + left;
          break;
        case 2:
          result = value + up;
          break;
        case 3:
          result = value + ((left + up) >> 1);
          break;
        case 4:
          result = value + paeth(left, up, upLeft);
          break;
        default:
          throw corrupt(`row ${y} uses filter type ${filter}; PNG defines 0–4`);
      }
      out[row + x] = result & 0xff;
    }
  }
  return out;
}

/**
 * A standard PNG from an Apple CgBI PNG (or the same bytes when it is a normal PNG).
 * Supports what Xcode writes: 8-bit RGBA or RGB, not interlaced.
 */
export function cgbiToPng(bytes: Buffer): Buffer {
  if (!isPng(bytes)) throw corrupt('it does not start with the PNG signature');
  if (!isCgbi(bytes)) return bytes;
  const list = chunks(bytes);
  const ihdr = list.find((c) => c.type === 'IHDR');
  if (!ihdr || ihdr.data.length < 13) throw corrupt('its IHDR chunk is missing or short');
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  const depth = ihdr.data[8]!;
  const colour = ihdr.data[9]!;
  const interlace = ihdr.data[12]!;
  if (width === 0 || height === 0 || width * height > MAX_CGBI_PIXELS) {
    throw new AppInfoError('limit_exceeded', `The icon declares ${width}×${height} pixels; at most ${MAX_CGBI_PIXELS} are decoded`);
  }
  if (depth !== 8 || (colour !== 6 && colour !== 2)) throw corrupt(`bit depth ${depth} with colour type ${colour}; a CgBI icon is 8-bit RGBA or RGB`);
  if (interlace !== 0) throw corrupt('it is interlaced, which CgBI icons never are');
  const bpp = colour === 6 ? 4 : 3;
  const expected = (width * bpp + 1) * height;
  const compressed = Buffer.concat(list.filter((c) => c.type === 'IDAT').map((c) => c.data));
  if (compressed.length === 0) throw corrupt('it has no IDAT image data');

  // Xcode writes raw deflate; some converters keep the zlib header. Try both.
  let raw: Buffer | null = null;
  let failure = '';
  for (const inflate of [inflateRawSync, inflateSync]) {
    try {
      const out = inflate(compressed, { maxOutputLength: expected + 1 });
      if (out.length === expected) {
        raw = out;
        break;
      }
      failure = `its image data inflates to ${out.length} bytes where ${width}×${height} pixels need ${expected}`;
    } catch (error) {
      failure ||= `its image data does not inflate (${(error as Error).message})`;
    }
  }
  if (!raw) throw corrupt(failure);
  const pixels = unfilter(raw, width, height, bpp);

  // BGRA (or BGR) premultiplied → RGBA straight alpha.
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0, o = 0; o < rgba.length; i += bpp, o += 4) {
    const b = pixels[i]!;
    const g = pixels[i + 1]!;
    const r = pixels[i + 2]!;
    const a = bpp === 4 ? pixels[i + 3]! : 255;
    if (a === 0 || a === 255) {
      rgba[o] = r;
      rgba[o + 1] = g;
      rgba[o + 2] = b;
    } else {
      rgba[o] = Math.min(255, Math.round((r * 255) / a));
      rgba[o + 1] = Math.min(255, Math.round((g * 255) / a));
      rgba[o + 2] = Math.min(255, Math.round((b * 255) / a));
    }
    rgba[o + 3] = a;
  }
  return encodePng(width, height, rgba);
}
