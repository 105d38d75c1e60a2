// RFC 6386 section 12: intra prediction, of a whole 16×16 luma or 8×8 chroma block (12.2) and
// of a 4×4 luma sub-block (12.3). Prediction reads the unfiltered pixels already decoded.
import { DC_PRED, H_PRED, TM_PRED, V_PRED } from './tables.ts';
import { clip255 } from './plane.ts';
import type { Plane } from './plane.ts';

/** Section 12.2: a 16×16 luma or 8×8 chroma prediction. DC without a neighbour uses the other, or 128. */
export function predictBlock(plane: Plane, x0: number, y0: number, size: number, mode: number, mbX: number, mbY: number): void {
  const data = plane.data;
  const stride = plane.stride;
  const top = plane.at(x0, y0 - 1);
  const left = plane.at(x0 - 1, y0);
  const shift = size === 16 ? 4 : 3;
  for (let r = 0; r < size; r++) {
    const row = plane.at(x0, y0 + r);
    if (mode === DC_PRED && r === 0) {
      let sum = 0;
      let count = 0;
      if (mbY > 0) for (let c = 0; c < size; c++, count++) sum += data[top + c]!;
      if (mbX > 0) for (let c = 0; c < size; c++, count++) sum += data[left + c * stride]!;
      const value = count === 0 ? 128 : count === size ? (sum + (size >> 1)) >> shift : (sum + size) >> (shift + 1);
      for (let rr = 0; rr < size; rr++) data.fill(value, plane.at(x0, y0 + rr), plane.at(x0, y0 + rr) + size);
      return;
    }
    for (let c = 0; c < size; c++) {
      if (mode === V_PRED) data[row + c] = data[top + c]!;
      else if (mode === H_PRED) data[row + c] = data[left + r * stride]!;
      else data[row + c] = clip255(data[left + r * stride]! + data[top + c]! - data[top - 1]!);
    }
  }
}

// Every sub-block mode but DC and TM smooths the edge pixels around the block: each of the 16
// pixels is avg2(e[i], e[i + 1]) or avg3(e[i - 1], e[i], e[i + 1]) of the edge
//   e = L3 L3 L2 L1 L0 P A0 A1 A2 A3 A4 A5 A6 A7 A7
// (L the left column from the bottom up, P the corner, A the row above and above-right; L3
// and A7 repeated where the RFC's formulas run past the end). A tap is AVG2 + i or AVG3 + i.
const AVG2 = 0x20;
const AVG3 = 0x30;
const a2 = (i: number) => AVG2 + i;
const a3 = (i: number) => AVG3 + i;
const L = (i: number) => 4 - i;
const A = (i: number) => 6 + i;

/** The 16 taps of each sub-block mode in raster order, from the RFC's formulas (section 12.3), indexed by mode. */
const TAPS: number[][] = [
  [], // DC_PRED
  [], // TM_PRED
  // V_PRED: avg3(A[c - 1], A[c], A[c + 1]), A[-1] being P
  [0, 1, 2, 3].flatMap(() => [0, 1, 2, 3].map((c) => a3(A(c)))),
  // H_PRED: avg3(L[r - 1], L[r], L[r + 1]), L[-1] being P and L[4] L[3]
  [0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map(() => a3(L(r)))),
  // B_RD_PRED: down-right, avg3 centred on the edge pixel r rows down and c right of the corner
  [0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((c) => a3(5 - r + c))),
  // B_VR_PRED
  [a2(5), a2(6), a2(7), a2(8), a3(5), a3(6), a3(7), a3(8), a3(4), a2(5), a2(6), a2(7), a3(3), a3(5), a3(6), a3(7)],
  // B_LD_PRED: down-left, avg3(A[r + c], A[r + c + 1], A[r + c + 2]), A[8] being A[7]
  [0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((c) => a3(A(r + c + 1)))),
  // B_VL_PRED
  [a2(6), a2(7), a2(8), a2(9), a3(7), a3(8), a3(9), a3(10), a2(7), a2(8), a2(9), a3(11), a3(8), a3(9), a3(10), a3(12)],
  // B_HD_PRED
  [a2(4), a3(5), a3(6), a3(7), a2(3), a3(4), a2(4), a3(5), a2(2), a3(3), a2(3), a3(4), a2(1), a3(2), a2(2), a3(3)],
  // B_HU_PRED: L[3] itself is avg2(L3, L3)
  [a2(3), a3(3), a2(2), a3(2), a2(2), a3(2), a2(1), a3(1), a2(1), a3(1), a2(0), a2(0), a2(0), a2(0), a2(0), a2(0)],
];
const TAP_TABLE = Uint8Array.from(TAPS.flatMap((taps) => (taps.length === 0 ? new Array<number>(16).fill(0) : taps)));
const edge = new Uint8Array(15);

/**
 * Section 12.3: one 4×4 sub-block prediction. `aboveRight` is the offset of the 4 pixels
 * above and to the right (for the right column below the first row, the macroblock's own).
 */
export function predictSubblock(plane: Plane, x: number, y: number, mode: number, aboveRight: number): void {
  const d = plane.data;
  const stride = plane.stride;
  const top = plane.at(x, y - 1);
  const left = plane.at(x - 1, y);
  const e = edge;
  for (let i = 0; i < 4; i++) {
    e[L(i)] = d[left + i * stride]!;
    e[A(i)] = d[top + i]!;
    e[A(4 + i)] = d[aboveRight + i]!;
  }
  e[0] = e[1]!;
  e[5] = d[top - 1]!;
  e[14] = e[13]!;
  if (mode === DC_PRED) {
    let sum = 4;
    for (let i = 0; i < 4; i++) sum += e[A(i)]! + e[L(i)]!;
    for (let r = 0; r < 4; r++) d.fill(sum >> 3, plane.at(x, y + r), plane.at(x, y + r) + 4);
    return;
  }
  for (let r = 0; r < 4; r++) {
    const row = plane.at(x, y + r);
    for (let c = 0; c < 4; c++) {
      if (mode === TM_PRED) {
        d[row + c] = clip255(e[L(r)]! + e[A(c)]! - e[5]);
        continue;
      }
      const tap = TAP_TABLE[mode * 16 + r * 4 + c]!;
      const i = tap & 0x0f;
      d[row + c] = tap < AVG3 ? (e[i]! + e[i + 1]! + 1) >> 1 : (e[i - 1]! + 2 * e[i]! + e[i + 1]! + 2) >> 2;
    }
  }
}
