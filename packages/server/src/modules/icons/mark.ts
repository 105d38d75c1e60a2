// Tarmac's mark, defined once: a white "T" on a blue rounded square, legible at 16 px and on
// light and dark tabs alike (it brings its own background). From these shapes come the SVG,
// the PNGs (drawn here with 4×4 samples per pixel, encoded by @tarmac/appinfo) and the ICO
// that routes.ts serves from ./files; `node scripts/icons.ts` writes those files, and
// test/icons.test.ts draws them again and compares, so a changed shape cannot ship stale.
//   favicon.svg            the mark as SVG (modern browsers)
//   favicon.ico            16, 32 and 48 px PNG images in one ICO (browsers asking /favicon.ico)
//   apple-touch-icon.png   180 px, square and opaque (iOS rounds its corners itself)
//   icon-192.png, icon-512.png  the web manifest's icons
import path from 'node:path';
import { encodePng } from '@tarmac/appinfo';

export const ICONS_DIR = path.join(import.meta.dirname, 'files');

/** The mark's geometry on a 32-unit grid. */
const GRID = 32;
const CORNER = 7;
/** The T: its bar, then its stem, as [x, y, width, height]. */
const T_PARTS: [number, number, number, number][] = [
  [8, 7.5, 16, 4.5],
  [13.75, 7.5, 4.5, 17],
];
const BLUE = [0x1f, 0x6f, 0xeb] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${GRID} ${GRID}">
<rect width="${GRID}" height="${GRID}" rx="${CORNER}" fill="#1f6feb"/>
${T_PARTS.map(([x, y, w, h]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fff"/>`).join('\n')}
</svg>
`;

function inRoundedSquare(x: number, y: number, corner: number): boolean {
  if (x < 0 || y < 0 || x > GRID || y > GRID) return false;
  const cx = Math.min(Math.max(x, corner), GRID - corner);
  const cy = Math.min(Math.max(y, corner), GRID - corner);
  return (x - cx) ** 2 + (y - cy) ** 2 <= corner ** 2;
}

const inT = (x: number, y: number) => T_PARTS.some(([left, top, w, h]) => x >= left && x < left + w && y >= top && y < top + h);

/** RGBA pixels of the mark at `size` px, 4×4 samples per pixel; `square` fills the corners (apple-touch-icon). */
export function renderMark(size: number, square = false): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const SAMPLES = 4;
  const unit = GRID / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let alpha = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * unit;
          const y = (py + (sy + 0.5) / SAMPLES) * unit;
          if (!square && !inRoundedSquare(x, y, CORNER)) continue;
          alpha++;
          if (inT(x, y)) white++;
        }
      }
      const at = (py * size + px) * 4;
      const share = alpha === 0 ? 0 : white / alpha;
      for (let c = 0; c < 3; c++) pixels[at + c] = Math.round(BLUE[c]! + (WHITE[c]! - BLUE[c]!) * share);
      pixels[at + 3] = Math.round((alpha / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return pixels;
}

/** An ICO holding PNG images (ICONDIR, one 16-byte entry per image, then the images). */
export function encodeIco(images: { size: number; png: Buffer }[]): Buffer {
  const directory = Buffer.alloc(6 + 16 * images.length);
  directory.writeUInt16LE(0, 0);
  directory.writeUInt16LE(1, 2); // 1: icon
  directory.writeUInt16LE(images.length, 4);
  let offset = directory.length;
  images.forEach(({ size, png }, index) => {
    const at = 6 + 16 * index;
    directory.writeUInt8(size >= 256 ? 0 : size, at); // width; 0 means 256
    directory.writeUInt8(size >= 256 ? 0 : size, at + 1); // height
    directory.writeUInt16LE(1, at + 4); // colour planes
    directory.writeUInt16LE(32, at + 6); // bits per pixel
    directory.writeUInt32LE(png.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([directory, ...images.map((image) => image.png)]);
}

/** Every icon file by name. */
export function iconFiles(): Record<string, Buffer> {
  const png = (size: number, square = false) => encodePng(size, size, renderMark(size, square));
  return {
    'favicon.svg': Buffer.from(FAVICON_SVG),
    'favicon.ico': encodeIco([16, 32, 48].map((size) => ({ size, png: png(size) }))),
    'apple-touch-icon.png': png(180, true),
    'icon-192.png': png(192),
    'icon-512.png': png(512),
  };
}

