// A VP8 key-frame decoder (RFC 6386), for lossy WebP icons. WebP stores one intra frame:
//   +0 3-byte frame tag: bit 0 inter-frame flag (0 = key frame), bits 1–3 version,
//      bit 4 show frame, bits 5–23 size of the first partition
//   +3 start code 9d 01 2a   +6 u16 width (14 bits + 2 scale bits)   +8 u16 height
//   +10 first partition: frame header and every macroblock's modes (boolean-coded)
//   then 3-byte sizes of all token partitions but the last, then the token partitions
//   (coefficients; macroblock row r uses partition r mod count).
// Reconstruction is intra prediction plus the inverse DCT/WHT of dequantized coefficients,
// then the loop filter over the whole frame; intra prediction reads unfiltered pixels.
// The steps live in vp8/, one file per part of the RFC: bool-decoder.ts (section 7),
// header.ts (9, 19.2), modes.ts (11, 19.3), coefficients.ts (13), predict.ts (12),
// transform.ts (14), loop-filter.ts (15) and tables.ts (the RFC's tables).
import { Residuals } from './vp8/coefficients.ts';
import { readFrameHeader } from './vp8/header.ts';
import type { FrameHeader } from './vp8/header.ts';
import { loopFilter } from './vp8/loop-filter.ts';
import type { FilterInfo } from './vp8/loop-filter.ts';
import { ModeReader } from './vp8/modes.ts';
import type { MacroblockHeader } from './vp8/modes.ts';
import { Plane } from './vp8/plane.ts';
import { predictBlock, predictSubblock } from './vp8/predict.ts';
import { addTransform } from './vp8/transform.ts';
import { corrupt } from './webp/limits.ts';

export interface Vp8Frame {
  width: number;
  height: number;
  /** The visible frame as RGBA (alpha 255), chroma upsampled by pixel replication. */
  toRgba(): Uint8Array;
}

interface Planes {
  Y: Plane;
  U: Plane;
  V: Plane;
}

/** Sections 12 and 14: prediction plus the inverse transforms of macroblock (mbX, mbY). */
function reconstruct(p: Planes, mb: MacroblockHeader, bmodes: Uint8Array, coeffs: Int16Array, mbX: number, mbY: number): void {
  const { Y, U, V } = p;
  const x0 = mbX * 16;
  const y0 = mbY * 16;
  if (mb.i4x4) {
    for (let b = 0; b < 16; b++) {
      const bx = x0 + (b & 3) * 4;
      const by = y0 + (b >> 2) * 4;
      predictSubblock(Y, bx, by, bmodes[b]!, (b & 3) === 3 && b > 3 ? Y.at(x0 + 16, y0 - 1) : Y.at(bx + 4, by - 1));
      addTransform(coeffs, b * 16, Y, bx, by);
    }
  } else {
    predictBlock(Y, x0, y0, 16, mb.ymode, mbX, mbY);
    for (let b = 0; b < 16; b++) addTransform(coeffs, b * 16, Y, x0 + (b & 3) * 4, y0 + (b >> 2) * 4);
  }
  for (const [plane, offset] of [
    [U, 256],
    [V, 320],
  ] as const) {
    predictBlock(plane, mbX * 8, mbY * 8, 8, mb.uvmode, mbX, mbY);
    for (let b = 0; b < 4; b++) addTransform(coeffs, offset + b * 16, plane, mbX * 8 + (b & 1) * 4, mbY * 8 + (b >> 1) * 4);
  }
}

/** Decodes every macroblock in raster order into the planes; answers each one's loop-filter strength. */
function decodeMacroblocks(header: FrameHeader, p: Planes, mbw: number, mbh: number): FilterInfo[] {
  const { br, partitions, quants, filters } = header;
  const modes = new ModeReader(mbw);
  const residuals = new Residuals(header.probs, mbw);
  const coeffs = new Int16Array(384);
  const mbFilters: FilterInfo[] = [];
  for (let mbY = 0; mbY < mbh; mbY++) {
    modes.startRow();
    residuals.startRow();
    const tokens = partitions[mbY & (partitions.length - 1)]!;
    for (let mbX = 0; mbX < mbw; mbX++) {
      const mb = modes.read(br, header, mbX);
      coeffs.fill(0);
      let nonZero = false;
      if (!mb.skip) nonZero = residuals.read(tokens, mbX, mb.i4x4, quants[mb.segment]!, coeffs);
      else residuals.skip(mbX, mb.i4x4);
      if (br.overrun > 2 || tokens.overrun > 2) throw corrupt(`the VP8 data ends inside macroblock (${mbX}, ${mbY})`);
      const info = filters[mb.segment]![mb.i4x4 ? 1 : 0]!;
      mbFilters.push({ ...info, inner: info.inner || nonZero });
      reconstruct(p, mb, modes.bmodes, coeffs, mbX, mbY);
    }
    // The rightmost macroblock's above-right pixels: the last pixel of this row, repeated.
    const last = p.Y.at(mbw * 16 - 1, mbY * 16 + 15);
    p.Y.data.fill(p.Y.data[last]!, last + 1, last + 5);
  }
  return mbFilters;
}

// BT.601 YUV to RGB in 14-bit fixed point with 6 fractional bits kept, as libwebp computes it,
// so the pixels match what Android and dwebp show.
const mulHi = (v: number, coeff: number) => (v * coeff) >> 8;
const yuvClip = (v: number) => (v < 0 ? 0 : v >= 256 << 6 ? 255 : v >> 6);

/** The visible frame as RGBA, chroma upsampled by pixel replication. */
function toRgba({ Y, U, V }: Planes, width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const luma = Y.data[Y.at(x, y)]!;
      const u = U.data[U.at(x >> 1, y >> 1)]!;
      const v = V.data[V.at(x >> 1, y >> 1)]!;
      const o = (y * width + x) * 4;
      rgba[o] = yuvClip(mulHi(luma, 19077) + mulHi(v, 26149) - 14234);
      rgba[o + 1] = yuvClip(mulHi(luma, 19077) - mulHi(u, 6419) - mulHi(v, 13320) + 8708);
      rgba[o + 2] = yuvClip(mulHi(luma, 19077) + mulHi(u, 33050) - 17685);
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

export function decodeVp8(buf: Uint8Array, start: number, end: number): Vp8Frame {
  const header = readFrameHeader(buf, start, end);
  const { width, height } = header;
  const mbw = (width + 15) >> 4;
  const mbh = (height + 15) >> 4;
  const planes = { Y: new Plane(mbw * 16, mbh * 16, 4), U: new Plane(mbw * 8, mbh * 8, 0), V: new Plane(mbw * 8, mbh * 8, 0) };
  const mbFilters = decodeMacroblocks(header, planes, mbw, mbh);
  if (header.filterLevel > 0) loopFilter(planes.Y, planes.U, planes.V, mbw, mbh, mbFilters, header.simpleFilter);
  return { width, height, toRgba: () => toRgba(planes, width, height) };
}
