// What the WebP decoders (lossless here, lossy in ../vp8/) share: the pixel limit and the error.
import { AppInfoError } from '../../../errors.ts';

/**
 * Icons are at most a few hundred pixels a side (Play Store icons 512); this bounds the memory
 * (about 10 bytes a pixel) and time (about 0.15 s a megapixel) a hostile image can cost.
 */
export const MAX_WEBP_PIXELS = 2048 * 2048;

export function corrupt(detail: string): AppInfoError {
  return new AppInfoError('corrupt_file', `The WebP image is corrupt: ${detail}`);
}

/** Refuses an image of more than MAX_WEBP_PIXELS. */
export function checkPixels(width: number, height: number): void {
  if (width * height > MAX_WEBP_PIXELS) {
    throw new AppInfoError('limit_exceeded', `The WebP image is ${width}×${height} pixels, more than the ${MAX_WEBP_PIXELS} decoded`);
  }
}
