// WebP lossless transforms (specification section 4), undone after an image is decoded in the
// reverse of the order they were read: predictor (14 modes), color, subtract green and color
// indexing (a palette, several pixels packed per byte when it is small).

export interface Transform {
  type: number;
  /** Image width when the transform was read (color indexing narrows what follows). */
  width: number;
  bits: number;
  data: Uint32Array;
}

export const ceilShift = (n: number, bits: number) => Math.ceil(n / 2 ** bits);

/** Adds two ARGB pixels channel by channel, modulo 256. */
export function addPixels(a: number, b: number): number {
  return ((((a & 0xff00ff00) + (b & 0xff00ff00)) & 0xff00ff00) | (((a & 0x00ff00ff) + (b & 0x00ff00ff)) & 0x00ff00ff)) >>> 0;
}

/** Channel-wise floor((a + b) / 2). */
function average2(a: number, b: number): number {
  return ((((a ^ b) & 0xfefefefe) >>> 1) + (a & b)) >>> 0;
}

const channel = (p: number, shift: number) => (p >>> shift) & 0xff;
export const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

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
export function inverseTransform(t: Transform, pixels: Uint32Array, height: number): Uint32Array {
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
