// The alpha plane of a lossy WebP ("ALPH" chunk): raw or lossless-coded, then unfiltered.
import { corrupt } from './limits.ts';
import { decodeImageStream } from './lossless.ts';
import { BitReader } from './prefix-codes.ts';
import { clamp255 } from './transforms.ts';

/**
 * An "ALPH" chunk: +0 u8 (bits 0–1 compression: 0 raw, 1 lossless; bits 2–3 filter: none,
 * horizontal, vertical, gradient; bits 4–5 preprocessing), then the plane. A lossless plane is
 * an image stream without header whose green channel is the alpha.
 */
export function decodeAlpha(buf: Uint8Array, start: number, end: number, width: number, height: number): Uint8Array {
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
