// A VP8 key-frame decoder (RFC 6386), for lossy WebP icons. WebP stores one intra frame:
//   +0 3-byte frame tag: bit 0 inter-frame flag (0 = key frame), bits 1–3 version,
//      bit 4 show frame, bits 5–23 size of the first partition
//   +3 start code 9d 01 2a   +6 u16 width (14 bits + 2 scale bits)   +8 u16 height
//   +10 first partition: frame header and every macroblock's modes (boolean-coded)
//   then 3-byte sizes of all token partitions but the last, then the token partitions
//   (coefficients; macroblock row r uses partition r mod count).
// Reconstruction is intra prediction plus the inverse DCT/WHT of dequantized coefficients,
// then the loop filter over the whole frame; intra prediction reads unfiltered pixels.
// Tables are the ones the RFC defines (sections 9.9, 11.5, 13.4, 13.5 and 14.1).
import { AppInfoError } from '../../errors.ts';

/**
 * Icons are at most a few hundred pixels a side (Play Store icons 512); this bounds the memory
 * (about 10 bytes a pixel) and time (about 0.15 s a megapixel) a hostile image can cost.
 */
export const MAX_WEBP_PIXELS = 2048 * 2048;

function corrupt(detail: string): AppInfoError {
  return new AppInfoError('corrupt_file', `The WebP image is corrupt: ${detail}`);
}

/** RFC 6386 section 7: the boolean entropy decoder. Past its end it reads zeros and counts them. */
class BoolDecoder {
  readonly #buf: Uint8Array;
  #pos: number;
  readonly #end: number;
  #value = 0;
  #range = 255;
  #bitCount = 0;
  overrun = 0;

  constructor(buf: Uint8Array, start: number, end: number) {
    this.#buf = buf;
    this.#pos = start;
    this.#end = end;
    this.#value = (this.#byte() << 8) | this.#byte();
  }

  #byte(): number {
    if (this.#pos < this.#end) return this.#buf[this.#pos++]!;
    this.overrun++;
    return 0;
  }

  bit(probability: number): number {
    const split = 1 + (((this.#range - 1) * probability) >> 8);
    const bigSplit = split << 8;
    let bit: number;
    if (this.#value >= bigSplit) {
      bit = 1;
      this.#range -= split;
      this.#value -= bigSplit;
    } else {
      bit = 0;
      this.#range = split;
    }
    while (this.#range < 128) {
      this.#value <<= 1;
      this.#range <<= 1;
      if (++this.#bitCount === 8) {
        this.#bitCount = 0;
        this.#value |= this.#byte();
      }
    }
    return bit;
  }

  literal(bits: number): number {
    let value = 0;
    while (bits-- > 0) value = (value << 1) | this.bit(128);
    return value;
  }

  /** A magnitude of `bits` bits followed by a sign bit. */
  signed(bits: number): number {
    const value = this.literal(bits);
    return this.bit(128) ? -value : value;
  }
}

// Section 13.5: default token probabilities [block type][band][context][11].
// prettier-ignore
const DEFAULT_COEFF_PROBS = [
  128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128,
  253, 136, 254, 255, 228, 219, 128, 128, 128, 128, 128, 189, 129, 242, 255, 227, 213, 255, 219, 128, 128, 128, 106, 126, 227, 252, 214, 209, 255, 255, 128, 128, 128,
  1, 98, 248, 255, 236, 226, 255, 255, 128, 128, 128, 181, 133, 238, 254, 221, 234, 255, 154, 128, 128, 128, 78, 134, 202, 247, 198, 180, 255, 219, 128, 128, 128,
  1, 185, 249, 255, 243, 255, 128, 128, 128, 128, 128, 184, 150, 247, 255, 236, 224, 128, 128, 128, 128, 128, 77, 110, 216, 255, 236, 230, 128, 128, 128, 128, 128,
  1, 101, 251, 255, 241, 255, 128, 128, 128, 128, 128, 170, 139, 241, 252, 236, 209, 255, 255, 128, 128, 128, 37, 116, 196, 243, 228, 255, 255, 255, 128, 128, 128,
  1, 204, 254, 255, 245, 255, 128, 128, 128, 128, 128, 207, 160, 250, 255, 238, 128, 128, 128, 128, 128, 128, 102, 103, 231, 255, 211, 171, 128, 128, 128, 128, 128,
  1, 152, 252, 255, 240, 255, 128, 128, 128, 128, 128, 177, 135, 243, 255, 234, 225, 128, 128, 128, 128, 128, 80, 129, 211, 255, 194, 224, 128, 128, 128, 128, 128,
  1, 1, 255, 128, 128, 128, 128, 128, 128, 128, 128, 246, 1, 255, 128, 128, 128, 128, 128, 128, 128, 128, 255, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128,
  198, 35, 237, 223, 193, 187, 162, 160, 145, 155, 62, 131, 45, 198, 221, 172, 176, 220, 157, 252, 221, 1, 68, 47, 146, 208, 149, 167, 221, 162, 255, 223, 128,
  1, 149, 241, 255, 221, 224, 255, 255, 128, 128, 128, 184, 141, 234, 253, 222, 220, 255, 199, 128, 128, 128, 81, 99, 181, 242, 176, 190, 249, 202, 255, 255, 128,
  1, 129, 232, 253, 214, 197, 242, 196, 255, 255, 128, 99, 121, 210, 250, 201, 198, 255, 202, 128, 128, 128, 23, 91, 163, 242, 170, 187, 247, 210, 255, 255, 128,
  1, 200, 246, 255, 234, 255, 128, 128, 128, 128, 128, 109, 178, 241, 255, 231, 245, 255, 255, 128, 128, 128, 44, 130, 201, 253, 205, 192, 255, 255, 128, 128, 128,
  1, 132, 239, 251, 219, 209, 255, 165, 128, 128, 128, 94, 136, 225, 251, 218, 190, 255, 255, 128, 128, 128, 22, 100, 174, 245, 186, 161, 255, 199, 128, 128, 128,
  1, 182, 249, 255, 232, 235, 128, 128, 128, 128, 128, 124, 143, 241, 255, 227, 234, 128, 128, 128, 128, 128, 35, 77, 181, 251, 193, 211, 255, 205, 128, 128, 128,
  1, 157, 247, 255, 236, 231, 255, 255, 128, 128, 128, 121, 141, 235, 255, 225, 227, 255, 255, 128, 128, 128, 45, 99, 188, 251, 195, 217, 255, 224, 128, 128, 128,
  1, 1, 251, 255, 213, 255, 128, 128, 128, 128, 128, 203, 1, 248, 255, 255, 128, 128, 128, 128, 128, 128, 137, 1, 177, 255, 224, 255, 128, 128, 128, 128, 128,
  253, 9, 248, 251, 207, 208, 255, 192, 128, 128, 128, 175, 13, 224, 243, 193, 185, 249, 198, 255, 255, 128, 73, 17, 171, 221, 161, 179, 236, 167, 255, 234, 128,
  1, 95, 247, 253, 212, 183, 255, 255, 128, 128, 128, 239, 90, 244, 250, 211, 209, 255, 255, 128, 128, 128, 155, 77, 195, 248, 188, 195, 255, 255, 128, 128, 128,
  1, 24, 239, 251, 218, 219, 255, 205, 128, 128, 128, 201, 51, 219, 255, 196, 186, 128, 128, 128, 128, 128, 69, 46, 190, 239, 201, 218, 255, 228, 128, 128, 128,
  1, 191, 251, 255, 255, 128, 128, 128, 128, 128, 128, 223, 165, 249, 255, 213, 255, 128, 128, 128, 128, 128, 141, 124, 248, 255, 255, 128, 128, 128, 128, 128, 128,
  1, 16, 248, 255, 255, 128, 128, 128, 128, 128, 128, 190, 36, 230, 255, 236, 255, 128, 128, 128, 128, 128, 149, 1, 255, 128, 128, 128, 128, 128, 128, 128, 128,
  1, 226, 255, 128, 128, 128, 128, 128, 128, 128, 128, 247, 192, 255, 128, 128, 128, 128, 128, 128, 128, 128, 240, 128, 255, 128, 128, 128, 128, 128, 128, 128, 128,
  1, 134, 252, 255, 255, 128, 128, 128, 128, 128, 128, 213, 62, 250, 255, 255, 128, 128, 128, 128, 128, 128, 55, 93, 255, 128, 128, 128, 128, 128, 128, 128, 128,
  128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128,
  202, 24, 213, 235, 186, 191, 220, 160, 240, 175, 255, 126, 38, 182, 232, 169, 184, 228, 174, 255, 187, 128, 61, 46, 138, 219, 151, 178, 240, 170, 255, 216, 128,
  1, 112, 230, 250, 199, 191, 247, 159, 255, 255, 128, 166, 109, 228, 252, 211, 215, 255, 174, 128, 128, 128, 39, 77, 162, 232, 172, 180, 245, 178, 255, 255, 128,
  1, 52, 220, 246, 198, 199, 249, 220, 255, 255, 128, 124, 74, 191, 243, 183, 193, 250, 221, 255, 255, 128, 24, 71, 130, 219, 154, 170, 243, 182, 255, 255, 128,
  1, 182, 225, 249, 219, 240, 255, 224, 128, 128, 128, 149, 150, 226, 252, 216, 205, 255, 171, 128, 128, 128, 28, 108, 170, 242, 183, 194, 254, 223, 255, 255, 128,
  1, 81, 230, 252, 204, 203, 255, 192, 128, 128, 128, 123, 102, 209, 247, 188, 196, 255, 233, 128, 128, 128, 20, 95, 153, 243, 164, 173, 255, 203, 128, 128, 128,
  1, 222, 248, 255, 216, 213, 128, 128, 128, 128, 128, 168, 175, 246, 252, 235, 205, 255, 255, 128, 128, 128, 47, 116, 215, 255, 211, 212, 255, 255, 128, 128, 128,
  1, 121, 236, 253, 212, 214, 255, 255, 128, 128, 128, 141, 84, 213, 252, 201, 202, 255, 219, 128, 128, 128, 42, 80, 160, 240, 162, 185, 255, 205, 128, 128, 128,
  1, 1, 255, 128, 128, 128, 128, 128, 128, 128, 128, 244, 1, 255, 128, 128, 128, 128, 128, 128, 128, 128, 238, 1, 255, 128, 128, 128, 128, 128, 128, 128, 128,
];

// Section 13.4: the probability that each token probability is updated in the frame header.
// prettier-ignore
const COEFF_UPDATE_PROBS = [
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  176, 246, 255, 255, 255, 255, 255, 255, 255, 255, 255, 223, 241, 252, 255, 255, 255, 255, 255, 255, 255, 255, 249, 253, 253, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 244, 252, 255, 255, 255, 255, 255, 255, 255, 255, 234, 254, 254, 255, 255, 255, 255, 255, 255, 255, 255, 253, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 246, 254, 255, 255, 255, 255, 255, 255, 255, 255, 239, 253, 254, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 248, 254, 255, 255, 255, 255, 255, 255, 255, 255, 251, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 253, 254, 255, 255, 255, 255, 255, 255, 255, 255, 251, 254, 254, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 254, 253, 255, 254, 255, 255, 255, 255, 255, 255, 250, 255, 254, 255, 254, 255, 255, 255, 255, 255, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  217, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 225, 252, 241, 253, 255, 255, 254, 255, 255, 255, 255, 234, 250, 241, 250, 253, 255, 253, 254, 255, 255, 255,
  255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 223, 254, 254, 255, 255, 255, 255, 255, 255, 255, 255, 238, 253, 254, 254, 255, 255, 255, 255, 255, 255, 255,
  255, 248, 254, 255, 255, 255, 255, 255, 255, 255, 255, 249, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 253, 255, 255, 255, 255, 255, 255, 255, 255, 255, 247, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 253, 254, 255, 255, 255, 255, 255, 255, 255, 255, 252, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 254, 254, 255, 255, 255, 255, 255, 255, 255, 255, 253, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 254, 253, 255, 255, 255, 255, 255, 255, 255, 255, 250, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  186, 251, 250, 255, 255, 255, 255, 255, 255, 255, 255, 234, 251, 244, 254, 255, 255, 255, 255, 255, 255, 255, 251, 251, 243, 253, 254, 255, 254, 255, 255, 255, 255,
  255, 253, 254, 255, 255, 255, 255, 255, 255, 255, 255, 236, 253, 254, 255, 255, 255, 255, 255, 255, 255, 255, 251, 253, 253, 254, 254, 255, 255, 255, 255, 255, 255,
  255, 254, 254, 255, 255, 255, 255, 255, 255, 255, 255, 254, 254, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  248, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 250, 254, 252, 254, 255, 255, 255, 255, 255, 255, 255, 248, 254, 249, 253, 255, 255, 255, 255, 255, 255, 255,
  255, 253, 253, 255, 255, 255, 255, 255, 255, 255, 255, 246, 253, 253, 255, 255, 255, 255, 255, 255, 255, 255, 252, 254, 251, 254, 254, 255, 255, 255, 255, 255, 255,
  255, 254, 252, 255, 255, 255, 255, 255, 255, 255, 255, 248, 254, 253, 255, 255, 255, 255, 255, 255, 255, 255, 253, 255, 254, 254, 255, 255, 255, 255, 255, 255, 255,
  255, 251, 254, 255, 255, 255, 255, 255, 255, 255, 255, 245, 251, 254, 255, 255, 255, 255, 255, 255, 255, 255, 253, 253, 254, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 251, 253, 255, 255, 255, 255, 255, 255, 255, 255, 252, 253, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 252, 255, 255, 255, 255, 255, 255, 255, 255, 255, 249, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 253, 255, 255, 255, 255, 255, 255, 255, 255, 250, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
];

// Section 11.5: sub-block mode probabilities [above mode][left mode][9], with the modes
// numbered DC, TM, VE, HE, RD, VR, LD, VL, HD, HU (the order of the tree below).
// prettier-ignore
const BMODE_PROBS = [
  231, 120, 48, 89, 115, 113, 120, 152, 112, 152, 179, 64, 126, 170, 118, 46, 70, 95, 175, 69, 143, 80, 85, 82, 72, 155, 103, 56, 58, 10, 171, 218, 189, 17, 13, 152,
  114, 26, 17, 163, 44, 195, 21, 10, 173, 121, 24, 80, 195, 26, 62, 44, 64, 85, 144, 71, 10, 38, 171, 213, 144, 34, 26, 170, 46, 55, 19, 136, 160, 33, 206, 71,
  63, 20, 8, 114, 114, 208, 12, 9, 226, 81, 40, 11, 96, 182, 84, 29, 16, 36, 134, 183, 89, 137, 98, 101, 106, 165, 148, 72, 187, 100, 130, 157, 111, 32, 75, 80,
  66, 102, 167, 99, 74, 62, 40, 234, 128, 41, 53, 9, 178, 241, 141, 26, 8, 107, 74, 43, 26, 146, 73, 166, 49, 23, 157, 65, 38, 105, 160, 51, 52, 31, 115, 128,
  104, 79, 12, 27, 217, 255, 87, 17, 7, 87, 68, 71, 44, 114, 51, 15, 186, 23, 47, 41, 14, 110, 182, 183, 21, 17, 194, 66, 45, 25, 102, 197, 189, 23, 18, 22,
  88, 88, 147, 150, 42, 46, 45, 196, 205, 43, 97, 183, 117, 85, 38, 35, 179, 61, 39, 53, 200, 87, 26, 21, 43, 232, 171, 56, 34, 51, 104, 114, 102, 29, 93, 77,
  39, 28, 85, 171, 58, 165, 90, 98, 64, 34, 22, 116, 206, 23, 34, 43, 166, 73, 107, 54, 32, 26, 51, 1, 81, 43, 31, 68, 25, 106, 22, 64, 171, 36, 225, 114,
  34, 19, 21, 102, 132, 188, 16, 76, 124, 62, 18, 78, 95, 85, 57, 50, 48, 51, 193, 101, 35, 159, 215, 111, 89, 46, 111, 60, 148, 31, 172, 219, 228, 21, 18, 111,
  112, 113, 77, 85, 179, 255, 38, 120, 114, 40, 42, 1, 196, 245, 209, 10, 25, 109, 88, 43, 29, 140, 166, 213, 37, 43, 154, 61, 63, 30, 155, 67, 45, 68, 1, 209,
  100, 80, 8, 43, 154, 1, 51, 26, 71, 142, 78, 78, 16, 255, 128, 34, 197, 171, 41, 40, 5, 102, 211, 183, 4, 1, 221, 51, 50, 17, 168, 209, 192, 23, 25, 82,
  138, 31, 36, 171, 27, 166, 38, 44, 229, 67, 87, 58, 169, 82, 115, 26, 59, 179, 63, 59, 90, 180, 59, 166, 93, 73, 154, 40, 40, 21, 116, 143, 209, 34, 39, 175,
  47, 15, 16, 183, 34, 223, 49, 45, 183, 46, 17, 33, 183, 6, 98, 15, 32, 183, 57, 46, 22, 24, 128, 1, 54, 17, 37, 65, 32, 73, 115, 28, 128, 23, 128, 205,
  40, 3, 9, 115, 51, 192, 18, 6, 223, 87, 37, 9, 115, 59, 77, 64, 21, 47, 104, 55, 44, 218, 9, 54, 53, 130, 226, 64, 90, 70, 205, 40, 41, 23, 26, 57,
  54, 57, 112, 184, 5, 41, 38, 166, 213, 30, 34, 26, 133, 152, 116, 10, 32, 134, 39, 19, 53, 221, 26, 114, 32, 73, 255, 31, 9, 65, 234, 2, 15, 1, 118, 73,
  75, 32, 12, 51, 192, 255, 160, 43, 51, 88, 31, 35, 67, 102, 85, 55, 186, 85, 56, 21, 23, 111, 59, 205, 45, 37, 192, 55, 38, 70, 124, 73, 102, 1, 34, 98,
  125, 98, 42, 88, 104, 85, 117, 175, 82, 95, 84, 53, 89, 128, 100, 113, 101, 45, 75, 79, 123, 47, 51, 128, 81, 171, 1, 57, 17, 5, 71, 102, 57, 53, 41, 49,
  38, 33, 13, 121, 57, 73, 26, 1, 85, 41, 10, 67, 138, 77, 110, 90, 47, 114, 115, 21, 2, 10, 102, 255, 166, 23, 6, 101, 29, 16, 10, 85, 128, 101, 196, 26,
  57, 18, 10, 102, 102, 213, 34, 20, 43, 117, 20, 15, 36, 163, 128, 68, 1, 26, 102, 61, 71, 37, 34, 53, 31, 243, 192, 69, 60, 71, 38, 73, 119, 28, 222, 37,
  68, 45, 128, 34, 1, 47, 11, 245, 171, 62, 17, 19, 70, 146, 85, 55, 62, 70, 37, 43, 37, 154, 100, 163, 85, 160, 1, 63, 9, 92, 136, 28, 64, 32, 201, 85,
  75, 15, 9, 9, 64, 255, 184, 119, 16, 86, 6, 28, 5, 64, 255, 25, 248, 1, 56, 8, 17, 132, 137, 255, 55, 116, 128, 58, 15, 20, 82, 135, 57, 26, 121, 40,
  164, 50, 31, 137, 154, 133, 25, 35, 218, 51, 103, 44, 131, 131, 123, 31, 6, 158, 86, 40, 64, 135, 148, 224, 45, 183, 128, 22, 26, 17, 131, 240, 154, 14, 1, 209,
  45, 16, 21, 91, 64, 222, 7, 1, 197, 56, 21, 39, 155, 60, 138, 23, 102, 213, 83, 12, 13, 54, 192, 255, 68, 47, 28, 85, 26, 85, 85, 128, 128, 32, 146, 171,
  18, 11, 7, 63, 144, 171, 4, 4, 246, 35, 27, 10, 146, 174, 171, 12, 26, 128, 190, 80, 35, 99, 180, 80, 126, 54, 45, 85, 126, 47, 87, 176, 51, 41, 20, 32,
  101, 75, 128, 139, 118, 146, 116, 128, 85, 56, 41, 15, 176, 236, 85, 37, 9, 62, 71, 30, 17, 119, 118, 255, 17, 18, 138, 101, 38, 60, 138, 55, 70, 43, 26, 142,
  146, 36, 19, 30, 171, 255, 97, 27, 20, 138, 45, 61, 62, 219, 1, 81, 188, 64, 32, 41, 20, 117, 151, 142, 20, 21, 163, 112, 19, 12, 61, 195, 128, 48, 4, 24,
];

// Section 14.1: quantizer step sizes by index.
// prettier-ignore
const DC_TABLE = [
  4, 5, 6, 7, 8, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17, 17, 18, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 25, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 37,
  38, 39, 40, 41, 42, 43, 44, 45, 46, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76,
  76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 93, 95, 96, 98, 100, 101, 102, 104, 106, 108, 110, 112, 114, 116, 118, 122, 124, 126, 128, 130, 132,
  134, 136, 138, 140, 143, 145, 148, 151, 154, 157,
];
// prettier-ignore
const AC_TABLE = [
  4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45,
  46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 108, 110,
  112, 114, 116, 119, 122, 125, 128, 131, 134, 137, 140, 143, 146, 149, 152, 155, 158, 161, 164, 167, 170, 173, 177, 181, 185, 189, 193, 197, 201, 205, 209, 213,
  217, 221, 225, 229, 234, 239, 245, 249, 254, 259, 264, 269, 274, 279, 284,
];

/** Coefficient position n → raster index in the 4×4 block (section 13). */
const ZIGZAG = [0, 1, 4, 8, 5, 2, 3, 6, 9, 12, 13, 10, 7, 11, 14, 15];
/** Coefficient position n → probability band (section 13.3); entry 16 is a sentinel. */
const BANDS = [0, 1, 2, 3, 6, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 0];
/** Extra-bit probabilities of DCT_CAT3 … DCT_CAT6 (section 13.2). */
const CAT_PROBS = [
  [173, 148, 140],
  [176, 155, 140, 135],
  [180, 157, 141, 134, 130],
  [254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129],
];

// Intra modes. 16×16 and chroma use DC, TM, V, H (0–3), numbered like the matching sub-block modes.
const DC_PRED = 0;
const TM_PRED = 1;
const V_PRED = 2;
const H_PRED = 3;
const B_RD_PRED = 4;
const B_VR_PRED = 5;
const B_LD_PRED = 6;
const B_VL_PRED = 7;
const B_HD_PRED = 8;
const B_HU_PRED = 9;

const clip255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
const clip = (v: number, max: number) => (v < 0 ? 0 : v > max ? max : v);

interface Quant {
  y1: [number, number];
  y2: [number, number];
  uv: [number, number];
}

interface FilterInfo {
  /** Edge limit for sub-block edges (macroblock edges add 4); 0 = no filtering. */
  limit: number;
  interior: number;
  hevThreshold: number;
  inner: boolean;
}

/** A plane with a one-pixel border above and to the left (127 above, 129 left, as the RFC sets them). */
class Plane {
  readonly stride: number;
  readonly data: Uint8Array;
  constructor(width: number, height: number, rightPad: number) {
    this.stride = width + 1 + rightPad;
    this.data = new Uint8Array(this.stride * (height + 1));
    this.data.fill(127, 0, this.stride);
    for (let y = 1; y <= height; y++) this.data[y * this.stride] = 129;
  }
  /** Offset of pixel (x, y); x and y may be -1 for the border. */
  at(x: number, y: number): number {
    return (y + 1) * this.stride + x + 1;
  }
}

export interface Vp8Frame {
  width: number;
  height: number;
  /** The visible frame as RGBA (alpha 255), chroma upsampled by pixel replication. */
  toRgba(): Uint8Array;
}

export function decodeVp8(buf: Uint8Array, start: number, end: number): Vp8Frame {
  if (end - start < 10) throw corrupt('the VP8 frame header is cut short');
  const tag = buf[start]! | (buf[start + 1]! << 8) | (buf[start + 2]! << 16);
  if (tag & 1) throw corrupt('the VP8 frame is not a key frame');
  if (((tag >> 1) & 7) > 3) throw corrupt(`unknown VP8 version ${(tag >> 1) & 7}`);
  const firstSize = tag >>> 5;
  if (buf[start + 3] !== 0x9d || buf[start + 4] !== 0x01 || buf[start + 5] !== 0x2a) throw corrupt('the VP8 start code is missing');
  const width = (buf[start + 6]! | (buf[start + 7]! << 8)) & 0x3fff;
  const height = (buf[start + 8]! | (buf[start + 9]! << 8)) & 0x3fff;
  if (width === 0 || height === 0) throw corrupt('the VP8 frame has no pixels');
  if (width * height > MAX_WEBP_PIXELS) throw new AppInfoError('limit_exceeded', `The WebP image is ${width}×${height} pixels, more than the ${MAX_WEBP_PIXELS} decoded`);
  const firstStart = start + 10;
  if (firstSize > end - firstStart) throw corrupt(`the first partition declares ${firstSize} bytes, but only ${end - firstStart} remain`);
  const br = new BoolDecoder(buf, firstStart, firstStart + firstSize);

  // Frame header (section 9.2–9.11, 19.2).
  br.literal(2); // color space, clamping type: always 0 in WebP
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
  const simpleFilter = br.literal(1) === 1;
  const filterLevel = br.literal(6);
  const sharpness = br.literal(3);
  const refDelta = [0, 0, 0, 0];
  const modeDelta = [0, 0, 0, 0];
  const useLfDelta = br.literal(1) === 1;
  if (useLfDelta && br.literal(1)) {
    for (let i = 0; i < 4; i++) if (br.literal(1)) refDelta[i] = br.signed(6);
    for (let i = 0; i < 4; i++) if (br.literal(1)) modeDelta[i] = br.signed(6);
  }

  // Token partitions: count, then 3-byte sizes of all but the last.
  const partitionCount = 1 << br.literal(2);
  const sizesStart = firstStart + firstSize;
  let partStart = sizesStart + 3 * (partitionCount - 1);
  if (partStart > end) throw corrupt('the token partition sizes are cut short');
  const partitions: BoolDecoder[] = [];
  for (let p = 0; p < partitionCount; p++) {
    const size = p < partitionCount - 1 ? buf[sizesStart + 3 * p]! | (buf[sizesStart + 3 * p + 1]! << 8) | (buf[sizesStart + 3 * p + 2]! << 16) : end - partStart;
    if (size > end - partStart) throw corrupt(`token partition ${p} declares ${size} bytes, but only ${end - partStart} remain`);
    partitions.push(new BoolDecoder(buf, partStart, partStart + size));
    partStart += size;
  }

  // Quantizers (section 9.6, 14.1), per segment.
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

  br.literal(1); // refresh entropy probabilities: meaningless for a single frame
  const probs = new Uint8Array(DEFAULT_COEFF_PROBS.length);
  for (let i = 0; i < probs.length; i++) probs[i] = br.bit(COEFF_UPDATE_PROBS[i]!) ? br.literal(8) : DEFAULT_COEFF_PROBS[i]!;
  const useSkip = br.literal(1) === 1;
  const skipProb = useSkip ? br.literal(8) : 0;

  // Loop filter strengths per segment and per "is 4×4" (section 15.1 and 9.6).
  const filters: FilterInfo[][] = [];
  for (let s = 0; s < 4; s++) {
    let base = filterLevel;
    if (segment.use) base = segment.filter[s]! + (segment.absolute ? 0 : filterLevel);
    const pair: FilterInfo[] = [];
    for (const i4x4 of [0, 1]) {
      let level = base;
      if (useLfDelta) {
        level += refDelta[0]!;
        if (i4x4) level += modeDelta[0]!;
      }
      level = clip(level, 63);
      let interior = level;
      if (sharpness > 0) {
        interior >>= sharpness > 4 ? 2 : 1;
        if (interior > 9 - sharpness) interior = 9 - sharpness;
      }
      if (interior < 1) interior = 1;
      pair.push({ limit: level > 0 ? 2 * level + interior : 0, interior, hevThreshold: level >= 40 ? 2 : level >= 15 ? 1 : 0, inner: i4x4 === 1 });
    }
    filters.push(pair);
  }

  const mbw = (width + 15) >> 4;
  const mbh = (height + 15) >> 4;
  const Y = new Plane(mbw * 16, mbh * 16, 4);
  const U = new Plane(mbw * 8, mbh * 8, 0);
  const V = new Plane(mbw * 8, mbh * 8, 0);

  // Contexts: sub-block modes above/left, and whether neighbouring blocks had coefficients.
  const modesTop = new Uint8Array(4 * mbw);
  const modesLeft = new Uint8Array(4);
  const nzTopY = new Uint8Array(4 * mbw);
  const nzTopU = new Uint8Array(2 * mbw);
  const nzTopV = new Uint8Array(2 * mbw);
  const nzTopDc = new Uint8Array(mbw);
  const nzLeftY = new Uint8Array(4);
  const nzLeftU = new Uint8Array(2);
  const nzLeftV = new Uint8Array(2);
  let nzLeftDc: number;
  const coeffs = new Int16Array(384);
  const dc = new Int16Array(16);
  const mbFilters: FilterInfo[] = [];
  const bmodes = new Uint8Array(16);

  /** Section 13: one block's tokens; answers the position after the last one decoded. */
  const readCoefficients = (tokens: BoolDecoder, type: number, ctx: number, dq: [number, number], first: number, out: Int16Array, at: number): number => {
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
  };

  for (let mbY = 0; mbY < mbh; mbY++) {
    modesLeft.fill(DC_PRED);
    nzLeftY.fill(0);
    nzLeftU.fill(0);
    nzLeftV.fill(0);
    nzLeftDc = 0;
    const tokens = partitions[mbY & (partitionCount - 1)]!;
    for (let mbX = 0; mbX < mbw; mbX++) {
      // Macroblock header (section 19.3).
      const seg = segment.updateMap ? (!br.bit(segment.probs[0]!) ? br.bit(segment.probs[1]!) : 2 + br.bit(segment.probs[2]!)) : 0;
      const skip = useSkip ? br.bit(skipProb) === 1 : false;
      const i4x4 = !br.bit(145);
      let ymode = DC_PRED;
      if (!i4x4) {
        ymode = br.bit(156) ? (br.bit(128) ? TM_PRED : H_PRED) : br.bit(163) ? V_PRED : DC_PRED;
        modesTop.fill(ymode, mbX * 4, mbX * 4 + 4);
        modesLeft.fill(ymode);
      } else {
        for (let y = 0; y < 4; y++) {
          let mode = modesLeft[y]!;
          for (let x = 0; x < 4; x++) {
            const p = (modesTop[mbX * 4 + x]! * 10 + mode) * 9;
            const bit = (i: number) => br.bit(BMODE_PROBS[p + i]!);
            mode = !bit(0)
              ? DC_PRED
              : !bit(1)
                ? TM_PRED
                : !bit(2)
                  ? V_PRED
                  : !bit(3)
                    ? !bit(4)
                      ? H_PRED
                      : !bit(5)
                        ? B_RD_PRED
                        : B_VR_PRED
                    : !bit(6)
                      ? B_LD_PRED
                      : !bit(7)
                        ? B_VL_PRED
                        : !bit(8)
                          ? B_HD_PRED
                          : B_HU_PRED;
            modesTop[mbX * 4 + x] = mode;
            bmodes[y * 4 + x] = mode;
          }
          modesLeft[y] = mode;
        }
      }
      const uvmode = !br.bit(142) ? DC_PRED : !br.bit(114) ? V_PRED : br.bit(183) ? TM_PRED : H_PRED;

      // Residuals (section 13).
      coeffs.fill(0);
      let nonZero = false;
      const q = quants[seg]!;
      if (!skip) {
        let first = 0;
        let yType = 3;
        if (!i4x4) {
          dc.fill(0);
          const nz = readCoefficients(tokens, 1, nzTopDc[mbX]! + nzLeftDc, q.y2, 0, dc, 0);
          nzTopDc[mbX] = nzLeftDc = nz > 0 ? 1 : 0;
          inverseWht(dc, coeffs, nz > 1);
          first = 1;
          yType = 0;
        }
        for (let y = 0; y < 4; y++) {
          for (let x = 0; x < 4; x++) {
            const block = (y * 4 + x) * 16;
            const nz = readCoefficients(tokens, yType, nzTopY[mbX * 4 + x]! + nzLeftY[y]!, q.y1, first, coeffs, block);
            nzTopY[mbX * 4 + x] = nzLeftY[y] = nz > first ? 1 : 0;
            if (nz > 1 || coeffs[block] !== 0) nonZero = true;
          }
        }
        for (const [top, left, offset] of [
          [nzTopU, nzLeftU, 256],
          [nzTopV, nzLeftV, 320],
        ] as const) {
          for (let y = 0; y < 2; y++) {
            for (let x = 0; x < 2; x++) {
              const block = offset + (y * 2 + x) * 16;
              const nz = readCoefficients(tokens, 2, top[mbX * 2 + x]! + left[y]!, q.uv, 0, coeffs, block);
              top[mbX * 2 + x] = left[y] = nz > 0 ? 1 : 0;
              if (nz > 1 || coeffs[block] !== 0) nonZero = true;
            }
          }
        }
      } else {
        nzTopY.fill(0, mbX * 4, mbX * 4 + 4);
        nzLeftY.fill(0);
        nzTopU.fill(0, mbX * 2, mbX * 2 + 2);
        nzTopV.fill(0, mbX * 2, mbX * 2 + 2);
        nzLeftU.fill(0);
        nzLeftV.fill(0);
        if (!i4x4) nzTopDc[mbX] = nzLeftDc = 0;
      }
      if (br.overrun > 2 || tokens.overrun > 2) throw corrupt(`the VP8 data ends inside macroblock (${mbX}, ${mbY})`);
      const info = filters[seg]![i4x4 ? 1 : 0]!;
      mbFilters.push({ ...info, inner: info.inner || nonZero });

      // Reconstruction (sections 12 and 14).
      const x0 = mbX * 16;
      const y0 = mbY * 16;
      if (i4x4) {
        for (let b = 0; b < 16; b++) {
          const bx = x0 + (b & 3) * 4;
          const by = y0 + (b >> 2) * 4;
          predictSubblock(Y, bx, by, bmodes[b]!, (b & 3) === 3 && b > 3 ? Y.at(x0 + 16, y0 - 1) : Y.at(bx + 4, by - 1));
          addTransform(coeffs, b * 16, Y, bx, by);
        }
      } else {
        predictBlock(Y, x0, y0, 16, ymode, mbX, mbY);
        for (let b = 0; b < 16; b++) addTransform(coeffs, b * 16, Y, x0 + (b & 3) * 4, y0 + (b >> 2) * 4);
      }
      for (const [plane, offset] of [
        [U, 256],
        [V, 320],
      ] as const) {
        predictBlock(plane, mbX * 8, mbY * 8, 8, uvmode, mbX, mbY);
        for (let b = 0; b < 4; b++) addTransform(coeffs, offset + b * 16, plane, mbX * 8 + (b & 1) * 4, mbY * 8 + (b >> 1) * 4);
      }
    }
    // The rightmost macroblock's above-right pixels: the last pixel of this row, repeated.
    const last = Y.at(mbw * 16 - 1, mbY * 16 + 15);
    Y.data.fill(Y.data[last]!, last + 1, last + 5);
  }

  if (filterLevel > 0) loopFilter(Y, U, V, mbw, mbh, mbFilters, simpleFilter);

  return {
    width,
    height,
    toRgba() {
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
    },
  };
}

// BT.601 YUV to RGB in 14-bit fixed point with 6 fractional bits kept, as libwebp computes it,
// so the pixels match what Android and dwebp show.
const mulHi = (v: number, coeff: number) => (v * coeff) >> 8;
const yuvClip = (v: number) => (v < 0 ? 0 : v >= 256 << 6 ? 255 : v >> 6);

/** Section 14.3: the inverse Walsh-Hadamard transform of the Y2 block into each Y block's DC. */
function inverseWht(input: Int16Array, coeffs: Int16Array, full: boolean): void {
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
function addTransform(coeffs: Int16Array, at: number, plane: Plane, x: number, y: number): void {
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

/** Section 12.2: a 16×16 luma or 8×8 chroma prediction. DC without a neighbour uses the other, or 128. */
function predictBlock(plane: Plane, x0: number, y0: number, size: number, mode: number, mbX: number, mbY: number): void {
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

const avg2 = (a: number, b: number) => (a + b + 1) >> 1;
const avg3 = (a: number, b: number, c: number) => (a + 2 * b + c + 2) >> 2;

/**
 * Section 12.3: one 4×4 sub-block prediction. `aboveRight` is the offset of the 4 pixels
 * above and to the right (for the right column below the first row, the macroblock's own).
 */
function predictSubblock(plane: Plane, x: number, y: number, mode: number, aboveRight: number): void {
  const d = plane.data;
  const stride = plane.stride;
  const top = plane.at(x, y - 1);
  const A = [d[top]!, d[top + 1]!, d[top + 2]!, d[top + 3]!, d[aboveRight]!, d[aboveRight + 1]!, d[aboveRight + 2]!, d[aboveRight + 3]!];
  const P = d[top - 1]!;
  const left = plane.at(x - 1, y);
  const L = [d[left]!, d[left + stride]!, d[left + 2 * stride]!, d[left + 3 * stride]!];
  // Edge pixels from bottom-left, up through the corner, to the top-right: E[4] is the corner.
  const E = [L[3]!, L[2]!, L[1]!, L[0]!, P, A[0]!, A[1]!, A[2]!, A[3]!];
  const B = new Uint8Array(16);
  const set = (r: number, c: number, v: number) => (B[r * 4 + c] = v);
  switch (mode) {
    case DC_PRED: {
      let sum = 4;
      for (let i = 0; i < 4; i++) sum += A[i]! + L[i]!;
      B.fill(sum >> 3);
      break;
    }
    case TM_PRED:
      for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) set(r, c, clip255(L[r]! + A[c]! - P));
      break;
    case V_PRED:
      for (let c = 0; c < 4; c++) {
        const v = avg3(c === 0 ? P : A[c - 1]!, A[c]!, A[c + 1]!);
        for (let r = 0; r < 4; r++) set(r, c, v);
      }
      break;
    case H_PRED: {
      const rows = [avg3(P, L[0]!, L[1]!), avg3(L[0]!, L[1]!, L[2]!), avg3(L[1]!, L[2]!, L[3]!), avg3(L[2]!, L[3]!, L[3]!)];
      for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) set(r, c, rows[r]!);
      break;
    }
    case B_LD_PRED:
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) {
          const i = r + c;
          set(r, c, i < 6 ? avg3(A[i]!, A[i + 1]!, A[i + 2]!) : avg3(A[6]!, A[7]!, A[7]!));
        }
      }
      break;
    case B_RD_PRED:
      for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) set(r, c, avg3(E[3 - r + c]!, E[4 - r + c]!, E[5 - r + c]!));
      break;
    case B_VR_PRED:
      set(3, 0, avg3(E[1]!, E[2]!, E[3]!));
      set(2, 0, avg3(E[2]!, E[3]!, E[4]!));
      set(3, 1, avg3(E[3]!, E[4]!, E[5]!));
      set(1, 0, avg3(E[3]!, E[4]!, E[5]!));
      set(2, 1, avg2(E[4]!, E[5]!));
      set(0, 0, avg2(E[4]!, E[5]!));
      set(3, 2, avg3(E[4]!, E[5]!, E[6]!));
      set(1, 1, avg3(E[4]!, E[5]!, E[6]!));
      set(2, 2, avg2(E[5]!, E[6]!));
      set(0, 1, avg2(E[5]!, E[6]!));
      set(3, 3, avg3(E[5]!, E[6]!, E[7]!));
      set(1, 2, avg3(E[5]!, E[6]!, E[7]!));
      set(2, 3, avg2(E[6]!, E[7]!));
      set(0, 2, avg2(E[6]!, E[7]!));
      set(1, 3, avg3(E[6]!, E[7]!, E[8]!));
      set(0, 3, avg2(E[7]!, E[8]!));
      break;
    case B_VL_PRED:
      set(0, 0, avg2(A[0]!, A[1]!));
      set(1, 0, avg3(A[0]!, A[1]!, A[2]!));
      set(2, 0, avg2(A[1]!, A[2]!));
      set(0, 1, avg2(A[1]!, A[2]!));
      set(1, 1, avg3(A[1]!, A[2]!, A[3]!));
      set(3, 0, avg3(A[1]!, A[2]!, A[3]!));
      set(2, 1, avg2(A[2]!, A[3]!));
      set(0, 2, avg2(A[2]!, A[3]!));
      set(3, 1, avg3(A[2]!, A[3]!, A[4]!));
      set(1, 2, avg3(A[2]!, A[3]!, A[4]!));
      set(2, 2, avg2(A[3]!, A[4]!));
      set(0, 3, avg2(A[3]!, A[4]!));
      set(3, 2, avg3(A[3]!, A[4]!, A[5]!));
      set(1, 3, avg3(A[3]!, A[4]!, A[5]!));
      set(2, 3, avg3(A[4]!, A[5]!, A[6]!));
      set(3, 3, avg3(A[5]!, A[6]!, A[7]!));
      break;
    case B_HD_PRED:
      set(3, 0, avg2(E[0]!, E[1]!));
      set(3, 1, avg3(E[0]!, E[1]!, E[2]!));
      set(2, 0, avg2(E[1]!, E[2]!));
      set(3, 2, avg2(E[1]!, E[2]!));
      set(2, 1, avg3(E[1]!, E[2]!, E[3]!));
      set(3, 3, avg3(E[1]!, E[2]!, E[3]!));
      set(2, 2, avg2(E[2]!, E[3]!));
      set(1, 0, avg2(E[2]!, E[3]!));
      set(2, 3, avg3(E[2]!, E[3]!, E[4]!));
      set(1, 1, avg3(E[2]!, E[3]!, E[4]!));
      set(1, 2, avg2(E[3]!, E[4]!));
      set(0, 0, avg2(E[3]!, E[4]!));
      set(1, 3, avg3(E[3]!, E[4]!, E[5]!));
      set(0, 1, avg3(E[3]!, E[4]!, E[5]!));
      set(0, 2, avg3(E[4]!, E[5]!, E[6]!));
      set(0, 3, avg3(E[5]!, E[6]!, E[7]!));
      break;
    default: // B_HU_PRED
      set(0, 0, avg2(L[0]!, L[1]!));
      set(0, 1, avg3(L[0]!, L[1]!, L[2]!));
      set(0, 2, avg2(L[1]!, L[2]!));
      set(1, 0, avg2(L[1]!, L[2]!));
      set(0, 3, avg3(L[1]!, L[2]!, L[3]!));
      set(1, 1, avg3(L[1]!, L[2]!, L[3]!));
      set(1, 2, avg2(L[2]!, L[3]!));
      set(2, 0, avg2(L[2]!, L[3]!));
      set(1, 3, avg3(L[2]!, L[3]!, L[3]!));
      set(2, 1, avg3(L[2]!, L[3]!, L[3]!));
      set(2, 2, L[3]!);
      set(2, 3, L[3]!);
      set(3, 0, L[3]!);
      set(3, 1, L[3]!);
      set(3, 2, L[3]!);
      set(3, 3, L[3]!);
  }
  for (let r = 0; r < 4; r++) d.set(B.subarray(r * 4, r * 4 + 4), plane.at(x, y + r));
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
  const p3 = d[at - 4 * step]!;
  const p2 = d[at - 3 * step]!;
  const p1 = d[at - 2 * step]!;
  const p0 = d[at - step]!;
  const q0 = d[at]!;
  const q1 = d[at + step]!;
  const q2 = d[at + 2 * step]!;
  const q3 = d[at + 3 * step]!;
  return (
    Math.abs(p3 - p2) <= interior &&
    Math.abs(p2 - p1) <= interior &&
    Math.abs(p1 - p0) <= interior &&
    Math.abs(q3 - q2) <= interior &&
    Math.abs(q2 - q1) <= interior &&
    Math.abs(q1 - q0) <= interior
  );
}

function highVariance(d: Uint8Array, at: number, step: number, threshold: number): boolean {
  return Math.abs(d[at - 2 * step]! - d[at - step]!) > threshold || Math.abs(d[at + step]! - d[at]!) > threshold;
}

function edge(d: Uint8Array, at: number, step: number, pitch: number, length: number, limit: number, f: FilterInfo, macroblockEdge: boolean): void {
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

function loopFilter(Y: Plane, U: Plane, V: Plane, mbw: number, mbh: number, infos: FilterInfo[], simple: boolean): void {
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
