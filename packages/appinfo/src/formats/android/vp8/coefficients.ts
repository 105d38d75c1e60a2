// RFC 6386 section 13: the DCT/WHT coefficient tokens of a macroblock, dequantized, with the
// "had coefficients" contexts of the blocks above and to the left.
import type { BoolDecoder } from './bool-decoder.ts';
import type { Quant } from './header.ts';
import { BANDS, CAT_PROBS, ZIGZAG } from './tables.ts';
import { inverseWht } from './transform.ts';

/** One block's tokens; answers the position after the last one decoded. */
function readCoefficients(
  tokens: BoolDecoder,
  probs: Uint8Array,
  type: number,
  ctx: number,
  dq: [number, number],
  first: number,
  out: Int16Array,
  at: number,
): number {
  const base = type * 264; // 8 bands × 3 contexts × 11 probabilities
  let p = base + BANDS[first]! * 33 + ctx * 11;
  let n = first;
  for (; n < 16; n++) {
    if (!tokens.bit(probs[p]!)) return n; // end of block
    while (!tokens.bit(probs[p + 1]!)) {
      // DCT_0: no end-of-block check follows a zero.
      if (++n === 16) return 16;
      p = base + BANDS[n]! * 33;
    }
    let value: number;
    let next: number;
    if (!tokens.bit(probs[p + 2]!)) {
      value = 1;
      next = 1;
    } else {
      next = 2;
      if (!tokens.bit(probs[p + 3]!)) {
        value = !tokens.bit(probs[p + 4]!) ? 2 : 3 + tokens.bit(probs[p + 5]!);
      } else if (!tokens.bit(probs[p + 6]!)) {
        value = !tokens.bit(probs[p + 7]!) ? 5 + tokens.bit(159) : 7 + 2 * tokens.bit(165) + tokens.bit(145);
      } else {
        const bit1 = tokens.bit(probs[p + 8]!);
        const bit0 = tokens.bit(probs[p + 9 + bit1]!);
        const cat = 2 * bit1 + bit0;
        value = 0;
        for (const prob of CAT_PROBS[cat]!) value = value * 2 + tokens.bit(prob);
        value += 3 + (8 << cat);
      }
    }
    out[at + ZIGZAG[n]!] = (tokens.bit(128) ? -value : value) * dq[n > 0 ? 1 : 0];
    p = base + BANDS[n + 1]! * 33 + next * 11;
  }
  return 16;
}

/** The residuals of each macroblock in turn: contexts above (per column) and left (per row). */
export class Residuals {
  readonly probs: Uint8Array;
  readonly nzTopY: Uint8Array;
  readonly nzTopU: Uint8Array;
  readonly nzTopV: Uint8Array;
  readonly nzTopDc: Uint8Array;
  readonly nzLeftY = new Uint8Array(4);
  readonly nzLeftU = new Uint8Array(2);
  readonly nzLeftV = new Uint8Array(2);
  nzLeftDc = 0;
  /** The Y2 block's coefficients (16×16 prediction only). */
  readonly dc = new Int16Array(16);

  constructor(probs: Uint8Array, mbw: number) {
    this.probs = probs;
    this.nzTopY = new Uint8Array(4 * mbw);
    this.nzTopU = new Uint8Array(2 * mbw);
    this.nzTopV = new Uint8Array(2 * mbw);
    this.nzTopDc = new Uint8Array(mbw);
  }

  startRow(): void {
    this.nzLeftY.fill(0);
    this.nzLeftU.fill(0);
    this.nzLeftV.fill(0);
    this.nzLeftDc = 0;
  }

  /**
   * Reads the macroblock at column mbX into coeffs (16 Y blocks, then 4 U, then 4 V, 16 each),
   * with the Y2 block's inverse WHT as the Y blocks' DC when `i4x4` is false. Answers whether any block has more than a DC.
   */
  read(tokens: BoolDecoder, mbX: number, i4x4: boolean, q: Quant, coeffs: Int16Array): boolean {
    const probs = this.probs;
    let nonZero = false;
    let first = 0;
    let yType = 3;
    if (!i4x4) {
      this.dc.fill(0);
      const nz = readCoefficients(tokens, probs, 1, this.nzTopDc[mbX]! + this.nzLeftDc, q.y2, 0, this.dc, 0);
      this.nzTopDc[mbX] = this.nzLeftDc = nz > 0 ? 1 : 0;
      inverseWht(this.dc, coeffs, nz > 1);
      first = 1;
      yType = 0;
    }
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++) {
        const block = (y * 4 + x) * 16;
        const nz = readCoefficients(tokens, probs, yType, this.nzTopY[mbX * 4 + x]! + this.nzLeftY[y]!, q.y1, first, coeffs, block);
        this.nzTopY[mbX * 4 + x] = this.nzLeftY[y] = nz > first ? 1 : 0;
        if (nz > 1 || coeffs[block] !== 0) nonZero = true;
      }
    }
    for (const [top, left, offset] of [
      [this.nzTopU, this.nzLeftU, 256],
      [this.nzTopV, this.nzLeftV, 320],
    ] as const) {
      for (let y = 0; y < 2; y++) {
        for (let x = 0; x < 2; x++) {
          const block = offset + (y * 2 + x) * 16;
          const nz = readCoefficients(tokens, probs, 2, top[mbX * 2 + x]! + left[y]!, q.uv, 0, coeffs, block);
          top[mbX * 2 + x] = left[y] = nz > 0 ? 1 : 0;
          if (nz > 1 || coeffs[block] !== 0) nonZero = true;
        }
      }
    }
    return nonZero;
  }

  /** A skipped macroblock: no coefficients, and none for its neighbours' contexts. */
  skip(mbX: number, i4x4: boolean): void {
    this.nzTopY.fill(0, mbX * 4, mbX * 4 + 4);
    this.nzLeftY.fill(0);
    this.nzTopU.fill(0, mbX * 2, mbX * 2 + 2);
    this.nzTopV.fill(0, mbX * 2, mbX * 2 + 2);
    this.nzLeftU.fill(0);
    this.nzLeftV.fill(0);
    if (!i4x4) this.nzTopDc[mbX] = this.nzLeftDc = 0;
  }
}
