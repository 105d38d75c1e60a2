// RFC 6386 sections 9 and 19.2: a key frame's header. The 10-byte frame tag and start code,
// then, boolean-coded in the first partition, segmentation, the loop filter's settings, the
// token partitions' count (their sizes follow the first partition), the quantizers and the
// coefficient probabilities. What it yields, per segment, are dequantization factors and
// loop-filter strengths.
import { checkPixels, corrupt } from '../webp/limits.ts';
import { BoolDecoder } from './bool-decoder.ts';
import type { FilterInfo } from './loop-filter.ts';
import { clip } from './plane.ts';
import { AC_TABLE, COEFF_UPDATE_PROBS, DC_TABLE, DEFAULT_COEFF_PROBS } from './tables.ts';

/** Dequantization factors (DC, AC) of the three block kinds. */
export interface Quant {
  y1: [number, number];
  y2: [number, number];
  uv: [number, number];
}

interface Segmentation {
  use: boolean;
  updateMap: boolean;
  absolute: boolean;
  quantizer: number[];
  filter: number[];
  probs: number[];
}

export interface FrameHeader {
  width: number;
  height: number;
  /** The first partition, positioned at the first macroblock header. */
  br: BoolDecoder;
  /** The token partitions; macroblock row r uses partition r mod count. */
  partitions: BoolDecoder[];
  segment: Segmentation;
  quants: Quant[];
  probs: Uint8Array;
  /** The probability of the per-macroblock skip flag, or null when no flag is coded. */
  skipProb: number | null;
  /** Per segment: [16×16 or chroma-only, 4×4] loop-filter strengths. */
  filters: FilterInfo[][];
  filterLevel: number;
  simpleFilter: boolean;
}

function readSegmentation(br: BoolDecoder): Segmentation {
  const segment = { use: false, updateMap: false, absolute: false, quantizer: [0, 0, 0, 0], filter: [0, 0, 0, 0], probs: [255, 255, 255] };
  if (br.literal(1)) {
    segment.use = true;
    segment.updateMap = br.literal(1) === 1;
    if (br.literal(1)) {
      segment.absolute = br.literal(1) === 1;
      for (let s = 0; s < 4; s++) segment.quantizer[s] = br.literal(1) ? br.signed(7) : 0;
      for (let s = 0; s < 4; s++) segment.filter[s] = br.literal(1) ? br.signed(6) : 0;
    }
    if (segment.updateMap) for (let i = 0; i < 3; i++) segment.probs[i] = br.literal(1) ? br.literal(8) : 255;
  }
  return segment;
}

/** Token partitions: count, then 3-byte sizes of all but the last. */
function readPartitions(buf: Uint8Array, br: BoolDecoder, sizesStart: number, end: number): BoolDecoder[] {
  const partitionCount = 1 << br.literal(2);
  let partStart = sizesStart + 3 * (partitionCount - 1);
  if (partStart > end) throw corrupt('the token partition sizes are cut short');
  const partitions: BoolDecoder[] = [];
  for (let p = 0; p < partitionCount; p++) {
    const at = sizesStart + 3 * p;
    const size = p < partitionCount - 1 ? buf[at]! | (buf[at + 1]! << 8) | (buf[at + 2]! << 16) : end - partStart;
    if (size > end - partStart) throw corrupt(`token partition ${p} declares ${size} bytes, but only ${end - partStart} remain`);
    partitions.push(new BoolDecoder(buf, partStart, partStart + size));
    partStart += size;
  }
  return partitions;
}

/** Quantizers (sections 9.6 and 14.1), per segment. */
function readQuantizers(br: BoolDecoder, segment: Segmentation): Quant[] {
  const baseQ = br.literal(7);
  const deltas = [0, 0, 0, 0, 0].map(() => (br.literal(1) ? br.signed(4) : 0));
  const [dqY1Dc, dqY2Dc, dqY2Ac, dqUvDc, dqUvAc] = deltas as [number, number, number, number, number];
  const quants: Quant[] = [];
  for (let s = 0; s < 4; s++) {
    let q = baseQ;
    if (segment.use) q = segment.quantizer[s]! + (segment.absolute ? 0 : baseQ);
    const y2Ac = Math.floor((AC_TABLE[clip(q + dqY2Ac, 127)]! * 155) / 100);
    quants.push({
      y1: [DC_TABLE[clip(q + dqY1Dc, 127)]!, AC_TABLE[clip(q, 127)]!],
      y2: [DC_TABLE[clip(q + dqY2Dc, 127)]! * 2, y2Ac < 8 ? 8 : y2Ac],
      uv: [DC_TABLE[clip(q + dqUvDc, 117)]!, AC_TABLE[clip(q + dqUvAc, 127)]!],
    });
  }
  return quants;
}

interface FilterSettings {
  level: number;
  sharpness: number;
  useLfDelta: boolean;
  refDelta: number[];
  modeDelta: number[];
}

function readFilterSettings(br: BoolDecoder): FilterSettings {
  const level = br.literal(6);
  const sharpness = br.literal(3);
  const refDelta = [0, 0, 0, 0];
  const modeDelta = [0, 0, 0, 0];
  const useLfDelta = br.literal(1) === 1;
  if (useLfDelta && br.literal(1)) {
    for (let i = 0; i < 4; i++) if (br.literal(1)) refDelta[i] = br.signed(6);
    for (let i = 0; i < 4; i++) if (br.literal(1)) modeDelta[i] = br.signed(6);
  }
  return { level, sharpness, useLfDelta, refDelta, modeDelta };
}

/** Loop filter strengths per segment and per "is 4×4" (sections 15.1 and 9.6). */
function filterStrengths(f: FilterSettings, segment: Segmentation): FilterInfo[][] {
  const filters: FilterInfo[][] = [];
  for (let s = 0; s < 4; s++) {
    let base = f.level;
    if (segment.use) base = segment.filter[s]! + (segment.absolute ? 0 : f.level);
    const pair: FilterInfo[] = [];
    for (const i4x4 of [0, 1]) {
      let level = base;
      if (f.useLfDelta) {
        level += f.refDelta[0]!;
        if (i4x4) level += f.modeDelta[0]!;
      }
      level = clip(level, 63);
      let interior = level;
      if (f.sharpness > 0) {
        interior >>= f.sharpness > 4 ? 2 : 1;
        if (interior > 9 - f.sharpness) interior = 9 - f.sharpness;
      }
      if (interior < 1) interior = 1;
      const hevThreshold = level >= 40 ? 2 : level >= 15 ? 1 : 0;
      pair.push({ limit: level > 0 ? 2 * level + interior : 0, interior, hevThreshold, inner: i4x4 === 1 });
    }
    filters.push(pair);
  }
  return filters;
}

/** The frame tag, start code and size (section 9.1); answers the first partition's start and size. */
function readFrameTag(buf: Uint8Array, start: number, end: number): { width: number; height: number; firstSize: number } {
  if (end - start < 10) throw corrupt('the VP8 frame header is cut short');
  const tag = buf[start]! | (buf[start + 1]! << 8) | (buf[start + 2]! << 16);
  if (tag & 1) throw corrupt('the VP8 frame is not a key frame');
  if (((tag >> 1) & 7) > 3) throw corrupt(`unknown VP8 version ${(tag >> 1) & 7}`);
  const firstSize = tag >>> 5;
  if (buf[start + 3] !== 0x9d || buf[start + 4] !== 0x01 || buf[start + 5] !== 0x2a) throw corrupt('the VP8 start code is missing');
  const width = (buf[start + 6]! | (buf[start + 7]! << 8)) & 0x3fff;
  const height = (buf[start + 8]! | (buf[start + 9]! << 8)) & 0x3fff;
  if (width === 0 || height === 0) throw corrupt('the VP8 frame has no pixels');
  checkPixels(width, height);
  if (firstSize > end - start - 10) throw corrupt(`the first partition declares ${firstSize} bytes, but only ${end - start - 10} remain`);
  return { width, height, firstSize };
}

/** Reads the frame header of the VP8 frame in buf[start, end). */
export function readFrameHeader(buf: Uint8Array, start: number, end: number): FrameHeader {
  const { width, height, firstSize } = readFrameTag(buf, start, end);
  const firstStart = start + 10;
  const br = new BoolDecoder(buf, firstStart, firstStart + firstSize);
  br.literal(2); // color space, clamping type: always 0 in WebP
  const segment = readSegmentation(br);
  const simpleFilter = br.literal(1) === 1;
  const filter = readFilterSettings(br);
  const partitions = readPartitions(buf, br, firstStart + firstSize, end);
  const quants = readQuantizers(br, segment);
  br.literal(1); // refresh entropy probabilities: meaningless for a single frame
  const probs = new Uint8Array(DEFAULT_COEFF_PROBS.length);
  for (let i = 0; i < probs.length; i++) probs[i] = br.bit(COEFF_UPDATE_PROBS[i]!) ? br.literal(8) : DEFAULT_COEFF_PROBS[i]!;
  const skipProb = br.literal(1) === 1 ? br.literal(8) : null;
  const filters = filterStrengths(filter, segment);
  return { width, height, br, partitions, segment, quants, probs, skipProb, filters, filterLevel: filter.level, simpleFilter };
}
