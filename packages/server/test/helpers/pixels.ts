// A QR code as the browser drew it: an element screenshot read back through a canvas in a blank
// page of the same context, so a test sees the pixels a phone's camera would (dark modules on a
// light quiet zone, or an inverted code), whatever CSS, filters or colour scheme did to it.
import type { Locator } from 'playwright-core';

export interface QrPixels {
  /** The share of dark pixels (a QR code has roughly half). */
  dark: number;
  /** Whether the middle of each edge (the quiet zone; corners may be rounded) is light. */
  edgesLight: boolean;
}

export async function qrPixels(code: Locator): Promise<QrPixels> {
  const png = (await code.screenshot()).toString('base64');
  const blank = await code.page().context().newPage();
  try {
    // Source text: this package's TypeScript has no DOM library.
    const source = `new Promise((resolve) => { const image = new Image(); image.onload = () => {
      const canvas = document.createElement('canvas'); canvas.width = image.width; canvas.height = image.height;
      const context = canvas.getContext('2d'); context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const light = (x, y) => { const i = (y * image.width + x) * 4; return data[i] + data[i + 1] + data[i + 2] > 600; };
      let dark = 0; for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 150) dark++;
      const w = image.width - 3, h = image.height - 3, x = image.width >> 1, y = image.height >> 1;
      resolve({ dark: dark / (data.length / 4), edgesLight: light(2, y) && light(w, y) && light(x, 2) && light(x, h) });
    }; image.src = 'data:image/png;base64,${png}'; })`;
    return await blank.evaluate<QrPixels>(source);
  } finally {
    await blank.close();
  }
}
