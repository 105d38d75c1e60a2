// A decoded VP8 plane (Y, U or V) with the border intra prediction reads, and the clamps the
// reconstruction shares.

export const clip255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
export const clip = (v: number, max: number) => (v < 0 ? 0 : v > max ? max : v);

/** A plane with a one-pixel border above and to the left (127 above, 129 left, as the RFC sets them). */
export class Plane {
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
