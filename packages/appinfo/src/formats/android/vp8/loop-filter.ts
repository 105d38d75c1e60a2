// The VP8 loop filter (RFC 6386 section 15): the edge tests, the edge filters and the pass over the frame.
import { clip255 } from './plane.ts';
import type { Plane } from './plane.ts';

export interface FilterInfo {
  /** Edge limit for sub-block edges (macroblock edges add 4); 0 = no filtering. */
  limit: number;
  interior: number;
  hevThreshold: number;
  inner: boolean;
}


// Section 15: the loop filter, applied after the whole frame is reconstructed, macroblock by
// macroblock in raster order: left edge, inner vertical edges, top edge, inner horizontal edges.
// `at` is the first pixel past the edge (q0); `step` crosses the edge, `pitch` runs along it.

const sclamp = (v: number) => (v < -128 ? -128 : v > 127 ? 127 : v);
const sclamp16 = (v: number) => (v < -16 ? -16 : v > 15 ? 15 : v);

/** Adjusts p0 and q0 (the simple filter, and the normal one at high edge variance). */
function filter2(d: Uint8Array, at: number, step: number): void {
  const p1 = d[at - 2 * step]!;
  const p0 = d[at - step]!;
  const q0 = d[at]!;
  const q1 = d[at + step]!;
  const a = 3 * (q0 - p0) + sclamp(p1 - q1);
  d[at - step] = clip255(p0 + sclamp16((a + 3) >> 3));
  d[at] = clip255(q0 - sclamp16((a + 4) >> 3));
}

/** Sub-block edges at low variance: p1..q1 move. */
function filter4(d: Uint8Array, at: number, step: number): void {
  const p1 = d[at - 2 * step]!;
  const p0 = d[at - step]!;
  const q0 = d[at]!;
  const q1 = d[at + step]!;
  const a = 3 * (q0 - p0);
  const a1 = sclamp16((a + 4) >> 3);
  const a2 = sclamp16((a + 3) >> 3);
  const a3 = (a1 + 1) >> 1;
  d[at - 2 * step] = clip255(p1 + a3);
  d[at - step] = clip255(p0 + a2);
  d[at] = clip255(q0 - a1);
  d[at + step] = clip255(q1 - a3);
}

/** Macroblock edges at low variance: p2..q2 move, weighted 27, 18, 9 / 128. */
function filter6(d: Uint8Array, at: number, step: number): void {
  const p2 = d[at - 3 * step]!;
  const p1 = d[at - 2 * step]!;
  const p0 = d[at - step]!;
  const q0 = d[at]!;
  const q1 = d[at + step]!;
  const q2 = d[at + 2 * step]!;
  const a = sclamp(3 * (q0 - p0) + sclamp(p1 - q1));
  const a1 = (27 * a + 63) >> 7;
  const a2 = (18 * a + 63) >> 7;
  const a3 = (9 * a + 63) >> 7;
  d[at - 3 * step] = clip255(p2 + a3);
  d[at - 2 * step] = clip255(p1 + a2);
  d[at - step] = clip255(p0 + a1);
  d[at] = clip255(q0 - a1);
  d[at + step] = clip255(q1 - a2);
  d[at + 2 * step] = clip255(q2 - a3);
}

/** The edge test: 2·|p0−q0| + |p1−q1|/2 ≤ limit, written as 4·|p0−q0| + |p1−q1| ≤ 2·limit + 1. */
function needsFilter(d: Uint8Array, at: number, step: number, limit2: number): boolean {
  return 4 * Math.abs(d[at - step]! - d[at]!) + Math.abs(d[at - 2 * step]! - d[at + step]!) <= limit2;
}

function needsFilterNormal(d: Uint8Array, at: number, step: number, limit2: number, interior: number): boolean {
  if (!needsFilter(d, at, step, limit2)) return false;
  // |p1−p0|, |p2−p1|, |p3−p2| and the same on the q side, each at most `interior`.
  for (let k = 1; k < 4; k++) {
    if (Math.abs(d[at - (k + 1) * step]! - d[at - k * step]!) > interior) return false;
    if (Math.abs(d[at + k * step]! - d[at + (k - 1) * step]!) > interior) return false;
  }
  return true;
}

function highVariance(d: Uint8Array, at: number, step: number, threshold: number): boolean {
  return Math.abs(d[at - 2 * step]! - d[at - step]!) > threshold || Math.abs(d[at + step]! - d[at]!) > threshold;
}

function edge(
  d: Uint8Array,
  at: number,
  step: number,
  pitch: number,
  length: number,
  limit: number,
  f: FilterInfo,
  macroblockEdge: boolean,
): void {
  const limit2 = 2 * limit + 1;
  for (let i = 0; i < length; i++, at += pitch) {
    if (!needsFilterNormal(d, at, step, limit2, f.interior)) continue;
    if (highVariance(d, at, step, f.hevThreshold)) filter2(d, at, step);
    else if (macroblockEdge) filter6(d, at, step);
    else filter4(d, at, step);
  }
}

function simpleEdge(d: Uint8Array, at: number, step: number, pitch: number, limit: number): void {
  const limit2 = 2 * limit + 1;
  for (let i = 0; i < 16; i++, at += pitch) if (needsFilter(d, at, step, limit2)) filter2(d, at, step);
}

export function loopFilter(Y: Plane, U: Plane, V: Plane, mbw: number, mbh: number, infos: FilterInfo[], simple: boolean): void {
  for (let mbY = 0; mbY < mbh; mbY++) {
    for (let mbX = 0; mbX < mbw; mbX++) {
      const f = infos[mbY * mbw + mbX]!;
      if (f.limit === 0) continue;
      const ys = Y.stride;
      const y0 = Y.at(mbX * 16, mbY * 16);
      if (simple) {
        if (mbX > 0) simpleEdge(Y.data, y0, 1, ys, f.limit + 4);
        if (f.inner) for (let i = 4; i < 16; i += 4) simpleEdge(Y.data, y0 + i, 1, ys, f.limit);
        if (mbY > 0) simpleEdge(Y.data, y0, ys, 1, f.limit + 4);
        if (f.inner) for (let i = 4; i < 16; i += 4) simpleEdge(Y.data, y0 + i * ys, ys, 1, f.limit);
        continue;
      }
      const cs = U.stride;
      const c0 = U.at(mbX * 8, mbY * 8);
      if (mbX > 0) {
        edge(Y.data, y0, 1, ys, 16, f.limit + 4, f, true);
        edge(U.data, c0, 1, cs, 8, f.limit + 4, f, true);
        edge(V.data, c0, 1, cs, 8, f.limit + 4, f, true);
      }
      if (f.inner) {
        for (let i = 4; i < 16; i += 4) edge(Y.data, y0 + i, 1, ys, 16, f.limit, f, false);
        edge(U.data, c0 + 4, 1, cs, 8, f.limit, f, false);
        edge(V.data, c0 + 4, 1, cs, 8, f.limit, f, false);
      }
      if (mbY > 0) {
        edge(Y.data, y0, ys, 1, 16, f.limit + 4, f, true);
        edge(U.data, c0, cs, 1, 8, f.limit + 4, f, true);
        edge(V.data, c0, cs, 1, 8, f.limit + 4, f, true);
      }
      if (f.inner) {
        for (let i = 4; i < 16; i += 4) edge(Y.data, y0 + i * ys, ys, 1, 16, f.limit, f, false);
        edge(U.data, c0 + 4 * cs, cs, 1, 8, f.limit, f, false);
        edge(V.data, c0 + 4 * cs, cs, 1, 8, f.limit, f, false);
      }
    }
  }
}
