// RFC 6386 section 7: the boolean entropy decoder every VP8 partition is coded with.

/** RFC 6386 section 7: the boolean entropy decoder. Past its end it reads zeros and counts them. */
export class BoolDecoder {
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
