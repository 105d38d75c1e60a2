// Windows icon images (an RT_ICON resource, or one image of an .ico file) to a standard PNG.
// Since Vista an icon image is either a complete PNG (passed through) or a DIB: a
// BITMAPINFOHEADER, a palette for ≤ 8 bits per pixel, the XOR (colour) bitmap and a 1-bit
// AND (transparency) mask, both stored bottom-up with rows padded to 4 bytes. The header's
// height counts both bitmaps, so it is twice the icon's height.
//
// BITMAPINFOHEADER (little-endian):
//   @0  u32 header size (40; 108 or 124 for the V4/V5 headers, which extend it)
//   @4  i32 width
//   @8  i32 height (XOR + AND, so 2 × the icon height)
//   @12 u16 planes (1)
//   @14 u16 bits per pixel: 1, 4, 8 (palette), 24 (BGR), 32 (BGRA)
//   @16 u32 compression: 0 BI_RGB, 3 BI_BITFIELDS (32-bit with masks; treated as BGRA)
//   @20 u32 image size, @24/@28 resolution, @32 u32 colours used (0 = 2^bpp), @36 important
import { AppInfoError } from '../../errors.ts';
import { encodePng, isPng } from '../../image/png.ts';

/** Largest side accepted for a DIB icon (Windows icons are at most 256; be lenient). */
const MAX_SIDE = 1024;

function bad(message: string): never {
  throw new AppInfoError('corrupt_file', `The Windows icon image is corrupt: ${message}`);
}

/** Width and height of an icon image (PNG or DIB), or null when it is neither. */
export function iconImageSize(bytes: Buffer): { width: number; height: number; kind: 'png' | 'bmp' } | null {
  if (isPng(bytes) && bytes.length >= 24) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), kind: 'png' };
  if (bytes.length >= 16 && [40, 108, 124].includes(bytes.readUInt32LE(0))) {
    return { width: Math.abs(bytes.readInt32LE(4)), height: Math.abs(bytes.readInt32LE(8)) / 2, kind: 'bmp' };
  }
  return null;
}

/** Converts one icon image to PNG bytes. */
export function iconImageToPng(bytes: Buffer): Buffer {
  if (isPng(bytes)) return bytes;
  if (bytes.length < 40) bad(`${bytes.length} bytes is too short for a bitmap header`);
  const headerSize = bytes.readUInt32LE(0);
  if (headerSize !== 40 && headerSize !== 108 && headerSize !== 124) bad(`bitmap header size ${headerSize} (expected 40, 108 or 124)`);
  const width = bytes.readInt32LE(4);
  const doubleHeight = bytes.readInt32LE(8);
  const bpp = bytes.readUInt16LE(14);
  const compression = bytes.readUInt32LE(16);
  const colorsUsed = bytes.readUInt32LE(32);
  // A negative height would mean top-down; icons are always bottom-up, so refuse it.
  if (width <= 0 || width > MAX_SIDE || doubleHeight <= 0 || doubleHeight > 2 * MAX_SIDE) bad(`size ${width}×${doubleHeight / 2}`);
  const height = Math.max(1, Math.floor(doubleHeight / 2));
  if (![1, 4, 8, 24, 32].includes(bpp)) bad(`${bpp} bits per pixel (expected 1, 4, 8, 24 or 32)`);
  if (compression !== 0 && !(compression === 3 && bpp === 32)) bad(`compression ${compression} (only uncompressed bitmaps are used in icons)`);

  let offset = headerSize;
  const paletteSize = bpp <= 8 ? (colorsUsed > 0 && colorsUsed <= 1 << bpp ? colorsUsed : 1 << bpp) : 0;
  if (compression === 3 && headerSize === 40) offset += 12; // the three BI_BITFIELDS masks
  const palette = offset;
  offset += paletteSize * 4;
  const xorStride = Math.ceil((width * bpp) / 32) * 4;
  const andStride = Math.ceil(width / 32) * 4;
  const xorStart = offset;
  const andStart = xorStart + xorStride * height;
  if (andStart > bytes.length) bad(`the colour bitmap needs ${andStart} bytes but the image has ${bytes.length}`);
  // Some 32-bit icons omit the AND mask; it only matters when there is no alpha.
  const hasMask = andStart + andStride * height <= bytes.length;

  const rgba = new Uint8Array(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = xorStart + (height - 1 - y) * xorStride;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let b: number, g: number, r: number, a = 255;
      if (bpp === 32) {
        const p = row + x * 4;
        b = bytes[p]!;
        g = bytes[p + 1]!;
        r = bytes[p + 2]!;
        a = bytes[p + 3]!;
        if (a !== 0) anyAlpha = true;
      } else if (bpp === 24) {
        const p = row + x * 3;
        b = bytes[p]!;
        g = bytes[p + 1]!;
        r = bytes[p + 2]!;
      } else {
        const bitOffset = x * bpp;
        const byte = bytes[row + (bitOffset >> 3)]!;
        const index = (byte >> (8 - bpp - (bitOffset & 7))) & ((1 << bpp) - 1);
        if (index >= paletteSize) bad(`palette index ${index} beyond its ${paletteSize} colours`);
        const p = palette + index * 4;
        b = bytes[p]!;
        g = bytes[p + 1]!;
        r = bytes[p + 2]!;
      }
      rgba[out] = r;
      rgba[out + 1] = g;
      rgba[out + 2] = b;
      rgba[out + 3] = a;
    }
  }
  // Below 32 bits, and for 32-bit icons whose alpha channel is all zero (drawn before
  // alpha existed), transparency comes from the AND mask: a set bit is transparent.
  if ((bpp < 32 || !anyAlpha) && hasMask) {
    for (let y = 0; y < height; y++) {
      const row = andStart + (height - 1 - y) * andStride;
      for (let x = 0; x < width; x++) {
        const transparent = (bytes[row + (x >> 3)]! >> (7 - (x & 7))) & 1;
        rgba[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
      }
    }
  } else if (bpp === 32 && !anyAlpha) {
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  }
  return encodePng(width, height, rgba);
}

