// RFC 6386 sections 11 and 19.3: each macroblock's header in the first partition, its segment,
// skip flag and intra modes (16×16 or sixteen 4×4 luma modes, then the chroma mode), the 4×4
// modes coded in the context of the modes above and to the left.
import type { BoolDecoder } from './bool-decoder.ts';
import type { FrameHeader } from './header.ts';
import { B_HD_PRED, B_HU_PRED, B_LD_PRED, B_RD_PRED, B_VL_PRED, B_VR_PRED, BMODE_PROBS, DC_PRED, H_PRED, TM_PRED, V_PRED } from './tables.ts';

export interface MacroblockHeader {
  segment: number;
  skip: boolean;
  i4x4: boolean;
  /** The 16×16 luma mode (DC_PRED when i4x4). */
  ymode: number;
  uvmode: number;
}

/** Section 11.2's sub-block mode tree. */
function readSubblockMode(br: BoolDecoder, p: number): number {
  const bit = (i: number) => br.bit(BMODE_PROBS[p + i]!);
  if (!bit(0)) return DC_PRED;
  if (!bit(1)) return TM_PRED;
  if (!bit(2)) return V_PRED;
  if (!bit(3)) return !bit(4) ? H_PRED : !bit(5) ? B_RD_PRED : B_VR_PRED;
  if (!bit(6)) return B_LD_PRED;
  if (!bit(7)) return B_VL_PRED;
  return !bit(8) ? B_HD_PRED : B_HU_PRED;
}

export class ModeReader {
  readonly #modesTop: Uint8Array;
  readonly #modesLeft = new Uint8Array(4);
  /** The 16 sub-block modes of the last macroblock read, in raster order. */
  readonly bmodes = new Uint8Array(16);

  constructor(mbw: number) {
    this.#modesTop = new Uint8Array(4 * mbw);
  }

  startRow(): void {
    this.#modesLeft.fill(DC_PRED);
  }

  read(br: BoolDecoder, header: FrameHeader, mbX: number): MacroblockHeader {
    const { segment: seg, skipProb } = header;
    const segment = seg.updateMap ? (!br.bit(seg.probs[0]!) ? br.bit(seg.probs[1]!) : 2 + br.bit(seg.probs[2]!)) : 0;
    const skip = skipProb !== null ? br.bit(skipProb) === 1 : false;
    const i4x4 = !br.bit(145);
    let ymode = DC_PRED;
    if (!i4x4) {
      ymode = br.bit(156) ? (br.bit(128) ? TM_PRED : H_PRED) : br.bit(163) ? V_PRED : DC_PRED;
      this.#modesTop.fill(ymode, mbX * 4, mbX * 4 + 4);
      this.#modesLeft.fill(ymode);
    } else {
      for (let y = 0; y < 4; y++) {
        let mode = this.#modesLeft[y]!;
        for (let x = 0; x < 4; x++) {
          mode = readSubblockMode(br, (this.#modesTop[mbX * 4 + x]! * 10 + mode) * 9);
          this.#modesTop[mbX * 4 + x] = mode;
          this.bmodes[y * 4 + x] = mode;
        }
        this.#modesLeft[y] = mode;
      }
    }
    const uvmode = !br.bit(142) ? DC_PRED : !br.bit(114) ? V_PRED : br.bit(183) ? TM_PRED : H_PRED;
    return { segment, skip, i4x4, ymode, uvmode };
  }
}
