// RFC 6386 section 14.3: the inverse transforms, the Walsh-Hadamard one of the Y2 block into
// each luma block's DC, and the inverse DCT of each 4×4 block added to its prediction.
import { clip255 } from './plane.ts';
import type { Plane } from './plane.ts';

/** Section 14.3: the inverse Walsh-Hadamard transform of the Y2 block into each Y block's DC. */
export function inverseWht(input: Int16Array, coeffs: Int16Array, full: boolean): void {
  if (!full) {
    const value = (input[0]! + 3) >> 3;
    for (let b = 0; b < 16; b++) coeffs[b * 16] = value;
    return;
  }
  const tmp = new Int32Array(16);
  for (let i = 0; i < 4; i++) {
    const a1 = input[i]! + input[12 + i]!;
    const b1 = input[4 + i]! + input[8 + i]!;
    const c1 = input[4 + i]! - input[8 + i]!;
    const d1 = input[i]! - input[12 + i]!;
    tmp[i] = a1 + b1;
    tmp[4 + i] = c1 + d1;
    tmp[8 + i] = a1 - b1;
    tmp[12 + i] = d1 - c1;
  }
  for (let i = 0; i < 4; i++) {
    const a1 = tmp[4 * i]! + tmp[4 * i + 3]!;
    const b1 = tmp[4 * i + 1]! + tmp[4 * i + 2]!;
    const c1 = tmp[4 * i + 1]! - tmp[4 * i + 2]!;
    const d1 = tmp[4 * i]! - tmp[4 * i + 3]!;
    coeffs[(4 * i) * 16] = (a1 + b1 + 3) >> 3;
    coeffs[(4 * i + 1) * 16] = (c1 + d1 + 3) >> 3;
    coeffs[(4 * i + 2) * 16] = (a1 - b1 + 3) >> 3;
    coeffs[(4 * i + 3) * 16] = (d1 - c1 + 3) >> 3;
  }
}

// Section 14.3: multiplications by sqrt(2)·cos(π/8) - 1 and sqrt(2)·sin(π/8) in 16-bit fixed point.
const mul1 = (a: number) => ((a * 20091) >> 16) + a;
const mul2 = (a: number) => (a * 35468) >> 16;

/** Adds the inverse DCT of the 16 coefficients at `at` to the 4×4 pixels at (x, y). */
export function addTransform(coeffs: Int16Array, at: number, plane: Plane, x: number, y: number): void {
  let any = false;
  for (let i = 0; i < 16; i++) if (coeffs[at + i] !== 0) any = true;
  if (!any) return;
  const tmp = new Int32Array(16);
  for (let i = 0; i < 4; i++) {
    // Vertical pass over column i.
    const i0 = coeffs[at + i]!;
    const i4 = coeffs[at + 4 + i]!;
    const i8 = coeffs[at + 8 + i]!;
    const i12 = coeffs[at + 12 + i]!;
    const a = i0 + i8;
    const b = i0 - i8;
    const c = mul2(i4) - mul1(i12);
    const d = mul1(i4) + mul2(i12);
    tmp[i] = a + d;
    tmp[4 + i] = b + c;
    tmp[8 + i] = b - c;
    tmp[12 + i] = a - d;
  }
  const data = plane.data;
  for (let r = 0; r < 4; r++) {
    // Horizontal pass over row r, rounded, added to the prediction.
    const t0 = tmp[4 * r]!;
    const t1 = tmp[4 * r + 1]!;
    const t2 = tmp[4 * r + 2]!;
    const t3 = tmp[4 * r + 3]!;
    const a = t0 + t2;
    const b = t0 - t2;
    const c = mul2(t1) - mul1(t3);
    const d = mul1(t1) + mul2(t3);
    const o = plane.at(x, y + r);
    data[o] = clip255(data[o]! + ((a + d + 4) >> 3));
    data[o + 1] = clip255(data[o + 1]! + ((b + c + 4) >> 3));
    data[o + 2] = clip255(data[o + 2]! + ((b - c + 4) >> 3));
    data[o + 3] = clip255(data[o + 3]! + ((a - d + 4) >> 3));
  }
}
