// QR codes as PNG or SVG (the `qrcode` package, error correction M), and the inline SVG the
// install pages embed. A code depends only on its text and options, so the page's codes are
// kept in a small cache. The package loads with the first code drawn, not at start.
import type QRCodeModule from 'qrcode';
import { escapeHtml } from '../../pages/html.ts';
import type { QrOptions } from './fns.ts';

export interface RenderedQr {
  body: Buffer | string;
  contentType: string;
}

let qrcodeModule: Promise<typeof QRCodeModule> | undefined;
function qrcode(): Promise<typeof QRCodeModule> {
  qrcodeModule ??= import('qrcode').then((loaded) => loaded.default);
  return qrcodeModule;
}

/** A code as SVG markup, dark on white whatever the page's colour scheme (scanners read that best). */
export async function qrSvgMarkup(text: string): Promise<string> {
  const QRCode = await qrcode();
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

export async function renderQr(text: string, options: QrOptions): Promise<RenderedQr> {
  const QRCode = await qrcode();
  const common = { errorCorrectionLevel: 'M' as const, margin: options.margin, scale: options.scale, color: { dark: options.fg, light: options.bg } };
  if (options.format === 'svg') {
    const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size;
    const svg = await QRCode.toString(text, { ...common, type: 'svg', width: (modules + 2 * options.margin) * options.scale });
    return { body: svg, contentType: 'image/svg+xml; charset=utf-8' };
  }
  return { body: await QRCode.toBuffer(text, { ...common, type: 'png' }), contentType: 'image/png' };
}

const CACHE_MAX = 256;
const pageCodes = new Map<string, string>();

/**
 * The code of a page's URL as inline SVG markup (qrSvgMarkup), labelled for screen readers.
 */
export async function inlineQrSvg(text: string, label: string): Promise<string> {
  const key = `${label}\0${text}`;
  let svg = pageCodes.get(key);
  if (svg === undefined) {
    const rendered = await qrSvgMarkup(text);
    svg = rendered.replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" class="qr" `);
    if (pageCodes.size >= CACHE_MAX) pageCodes.delete(pageCodes.keys().next().value!);
    pageCodes.set(key, svg);
  }
  return svg;
}
