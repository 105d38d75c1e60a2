// Apple icon files (.icns): a header, then typed elements, each one image at one size.
//   header:  magic 'icns'(0) total length(4, u32 BE, header included)
//   element: type(0, 4 ASCII chars) length(4, u32 BE, these 8 bytes included) data(8)
// Modern elements (ic07–ic14, icp4–icp6, ic04/ic05) hold a PNG or a JPEG 2000 file; the
// classic ones hold 24-bit RGB, PackBits-style compressed per channel (is32, il32, ih32,
// it32) with an 8-bit alpha mask in a separate element (s8mk, l8mk, h8mk, t8mk), and
// ic04/ic05 may hold 'ARGB' + the same compression over four channels. We pick the largest
// PNG; with none, the largest classic image decoded to RGBA and encoded as PNG. JPEG 2000
// elements are listed but not decoded.
import { AppInfoError } from '../../errors.ts';
import { encodePng, isPng, pngSize } from '../../image/png.ts';

export interface IcnsElement {
  /** The four-character type: ic07, it32, t8mk … */
  type: string;
  /** Offset of the element's data (after its 8-byte header) in the file. */
  offset: number;
  /** Length of the element's data. */
  length: number;
  /** png, jpeg2000, rgb, argb, mask or other. */
  kind: string;
  /** Pixel size when known (from the PNG header or the type). */
  width: number | null;
  height: number | null;
}

/** More elements than this is not a real icon file (Xcode writes about ten). */
export const MAX_ICNS_ELEMENTS = 256;
/** Largest .icns read (a full 1024×1024 set is a few MiB). */
export const MAX_ICNS_BYTES = 32 * 1024 * 1024;

/** Pixel sizes of the types with a fixed size. */
const TYPE_SIZES: Record<string, number> = {
  is32: 16, s8mk: 16, il32: 32, l8mk: 32, ih32: 48, h8mk: 48, it32: 128, t8mk: 128,
  icp4: 16, icp5: 32, icp6: 64, ic04: 16, ic05: 32, ic07: 128, ic08: 256, ic09: 512, ic10: 1024,
  ic11: 32, ic12: 64, ic13: 256, ic14: 512, icsb: 18, icsB: 36, sb24: 24, SB24: 48,
};
/** Classic RGB elements and the mask element that goes with each. */
const RGB_MASKS: Record<string, string> = { is32: 's8mk', il32: 'l8mk', ih32: 'h8mk', it32: 't8mk' };
/** Types that may hold 'ARGB' + four compressed channels instead of a PNG. */
const ARGB_TYPES = new Set(['ic04', 'ic05', 'icp4', 'icp5']);
const JP2_SIGNATURE = Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]);
const J2K_CODESTREAM = Buffer.from([0xff, 0x4f, 0xff, 0x51]);

export function isIcns(head: Buffer): boolean {
  return head.length >= 8 && head.toString('latin1', 0, 4) === 'icns';
}

function classify(type: string, data: Buffer): string {
  if (isPng(data)) return 'png';
  if (data.subarray(0, 12).equals(JP2_SIGNATURE) || data.subarray(0, 4).equals(J2K_CODESTREAM)) return 'jpeg2000';
  if (ARGB_TYPES.has(type) && data.length >= 4 && data.toString('latin1', 0, 4) === 'ARGB') return 'argb';
  if (RGB_MASKS[type] !== undefined) return 'rgb';
  if (type.endsWith('8mk')) return 'mask';
  return 'other';
}

/** Lists the elements of an .icns file, checking every length against the data. */
export function parseIcns(data: Buffer): IcnsElement[] {
  if (!isIcns(data)) {
    throw new AppInfoError('corrupt_file', `Not an .icns icon file: expected the magic "icns", found bytes ${data.subarray(0, 4).toString('hex') || '(none)'}`);
  }
  const total = data.readUInt32BE(4);
  if (total < 8 || total > data.length) {
    throw new AppInfoError(total > data.length ? 'truncated' : 'corrupt_file', `The .icns header declares ${total} bytes but the file has ${data.length}; it is truncated or corrupt`);
  }
  const elements: IcnsElement[] = [];
  let at = 8;
  while (at < total) {
    if (elements.length >= MAX_ICNS_ELEMENTS) {
      throw new AppInfoError('limit_exceeded', `The .icns file holds more than ${MAX_ICNS_ELEMENTS} elements; refusing to read it`);
    }
    if (at + 8 > total) throw new AppInfoError('truncated', `The .icns element header at byte ${at} needs 8 bytes but only ${total - at} remain; the file is truncated`);
    const type = data.toString('latin1', at, at + 4);
    const length = data.readUInt32BE(at + 4);
    // A length below 8 would make the loop stand still (0) or step backwards.
    if (length < 8 || at + length > total) {
      throw new AppInfoError('corrupt_file', `The .icns element "${type}" at byte ${at} declares ${length} bytes, but ${total - at} remain (and at least 8 are needed); the file is corrupt`);
    }
    const body = data.subarray(at + 8, at + length);
    const kind = classify(type, body);
    const png = kind === 'png' ? pngSize(body) : null;
    const fixed = TYPE_SIZES[type] ?? null;
    elements.push({ type, offset: at + 8, length: length - 8, kind, width: png?.width ?? fixed, height: png?.height ?? fixed });
    at += length;
  }
  return elements;
}

/**
 * Unpacks Apple's icon RLE: a control byte n < 0x80 copies the next n + 1 bytes; n ≥ 0x80
 * repeats the next byte n − 125 times. Fills exactly `out.length` bytes or throws.
 */
function unpackBits(source: Buffer, start: number, out: Uint8Array, what: string): number {
  let at = start;
  let filled = 0;
  while (filled < out.length) {
    if (at >= source.length) throw new AppInfoError('corrupt_file', `The .icns ${what} image data ends after ${filled} of ${out.length} pixels; the file is corrupt`);
    const control = source[at++]!;
    if (control < 0x80) {
      const count = control + 1;
      if (at + count > source.length || filled + count > out.length) throw new AppInfoError('corrupt_file', `The .icns ${what} image data overruns its ${out.length} pixels; the file is corrupt`);
      out.set(source.subarray(at, at + count), filled);
      at += count;
      filled += count;
    } else {
      const count = control - 125;
      if (at >= source.length || filled + count > out.length) throw new AppInfoError('corrupt_file', `The .icns ${what} image data overruns its ${out.length} pixels; the file is corrupt`);
      out.fill(source[at++]!, filled, filled + count);
      filled += count;
    }
  }
  return at;
}

/** Decodes a classic RGB (or 'ARGB') element to RGBA; `mask` supplies alpha for RGB. */
function decodeClassic(element: IcnsElement, data: Buffer, mask: Buffer | null): Buffer {
  const side = element.width ?? 0;
  const pixels = side * side;
  const body = data.subarray(element.offset, element.offset + element.length);
  const planes = [new Uint8Array(pixels), new Uint8Array(pixels), new Uint8Array(pixels), new Uint8Array(pixels)];
  planes[0]!.fill(255);
  if (element.kind === 'argb') {
    let at = 4;
    for (const plane of planes) at = unpackBits(body, at, plane, element.type);
  } else if (body.length === pixels * 4) {
    // Uncompressed: one pad byte then R, G, B per pixel.
    for (let i = 0; i < pixels; i++) for (let c = 1; c < 4; c++) planes[c]![i] = body[i * 4 + c]!;
  } else {
    // it32 data starts with four zero bytes before the compressed channels.
    let at = element.type === 'it32' ? 4 : 0;
    for (let c = 1; c < 4; c++) at = unpackBits(body, at, planes[c]!, element.type);
  }
  if (element.kind === 'rgb' && mask && mask.length === pixels) planes[0]!.set(mask);
  const rgba = Buffer.alloc(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    rgba[i * 4] = planes[1]![i]!;
    rgba[i * 4 + 1] = planes[2]![i]!;
    rgba[i * 4 + 2] = planes[3]![i]!;
    rgba[i * 4 + 3] = planes[0]![i]!;
  }
  return rgba;
}

/** The largest PNG element, the largest decodable classic image as PNG, or null. */
export function icnsToPng(data: Buffer): Buffer | null {
  const elements = parseIcns(data);
  const area = (e: IcnsElement) => (e.width ?? 0) * (e.height ?? 0);
  const pngs = elements.filter((e) => e.kind === 'png').sort((a, b) => area(b) - area(a));
  const best = pngs[0];
  if (best) return Buffer.from(data.subarray(best.offset, best.offset + best.length));
  const classic = elements.filter((e) => (e.kind === 'rgb' || e.kind === 'argb') && e.width !== null).sort((a, b) => area(b) - area(a));
  const pick = classic[0];
  if (!pick) return null;
  const maskType = RGB_MASKS[pick.type];
  const maskElement = maskType === undefined ? undefined : elements.find((e) => e.type === maskType);
  const mask = maskElement ? data.subarray(maskElement.offset, maskElement.offset + maskElement.length) : null;
  return encodePng(pick.width!, pick.width!, decodeClassic(pick, data, mask));
}

/** The largest image's size, for an IconRef (null when no element has a known size). */
export function icnsLargestSize(elements: IcnsElement[]): { width: number; height: number } | null {
  let best: { width: number; height: number } | null = null;
  for (const e of elements) {
    if (e.kind === 'mask' || e.kind === 'other' || e.width === null || e.height === null) continue;
    if (!best || e.width * e.height > best.width * best.height) best = { width: e.width, height: e.height };
  }
  return best;
}
