// WebP images, as modern Android builds ship their launcher icons (Gradle converts PNGs to
// lossy WebP with an alpha plane). The decoder follows Google's specifications: the RIFF
// container and the lossless bitstream ("WebP Lossless Bitstream Specification", VP8L) in webp/,
// the lossy key frame (RFC 6386, VP8) in vp8.ts. Every read is bounds-checked; a bad image
// raises AppInfoError('corrupt_file'), and icon loading treats that as "no icon".
//
// Container: +0 "RIFF"  +4 u32 size of what follows  +8 "WEBP"  +12 chunks, each
//   u32 fourcc, u32 payload size, payload (padded to an even size). The image is one of
//   "VP8 " lossy, "VP8L" lossless, or "VP8X" (+0 u8 flags, +4 u24 width-1, +7 u24 height-1)
//   followed by optional "ALPH" (alpha plane for a lossy image) and the "VP8 "/"VP8L" chunk.
import { AppInfoError } from '../../errors.ts';
import { encodePng } from '../../image/png.ts';
import { decodeVp8 } from './vp8.ts';
import { decodeAlpha } from './webp/alpha.ts';
import { corrupt } from './webp/limits.ts';
import { decodeLossless } from './webp/lossless.ts';

export { MAX_WEBP_PIXELS } from './webp/limits.ts';

export interface DecodedImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, straight (not premultiplied) alpha. */
  rgba: Uint8Array;
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
