// QR code parameters. The size, theme and format come from Zealot's optional path segments
// (`…/qrcode/<size>/<theme>.<png|svg>`) and from the query (`size`, `theme`, `fg`, `bg`,
// `format`, `margin`), the query winning. Anything unreadable is refused with a sentence
// naming the parameter, the value and what is accepted.

export type QrFormat = 'png' | 'svg';

export interface QrOptions {
  /** Pixels per module. */
  scale: number;
  /** Quiet zone around the code, in modules. */
  margin: number;
  /** Module colour, #rrggbb or #rrggbbaa. */
  fg: string;
  /** Background colour, #rrggbb or #rrggbbaa. */
  bg: string;
  format: QrFormat;
}

/** Pixels per module for the named sizes. */
export const QR_SIZES = { xs: 2, sm: 3, md: 5, lg: 8, xl: 12 } as const;
export const QR_THEMES = {
  light: { fg: '#1b1f24', bg: '#ffffff' },
  dark: { fg: '#e6e8eb', bg: '#181c21' },
} as const;
export const QR_SCALE_MAX = 20;
export const QR_MARGIN_MAX = 16;
export const QR_DEFAULTS: QrOptions = { scale: QR_SIZES.md, margin: 4, ...QR_THEMES.light, format: 'png' };

export type QrParseResult = { ok: true; options: QrOptions } | { ok: false; error: string };

export interface QrPathParams {
  /** The `.:format` of `qrcode.<format>`. */
  format?: string;
  /** `…/qrcode/<size>[.<format>]` */
  size?: string;
  /** `…/qrcode/<size>/<theme>[.<format>]` */
  theme?: string;
}

class QrParamError extends Error {}

const quote = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** `lg.png` → { name: 'lg', format: 'png' }; no recognised suffix leaves the segment whole. */
function splitSuffix(segment: string): { name: string; format?: string } {
  const match = /^(.*)\.(png|svg)$/i.exec(segment);
  return match ? { name: match[1]!, format: match[2]!.toLowerCase() } : { name: segment };
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new QrParamError(`${name} was given more than once; give it once`);
  return value;
}

function readFormat(value: string, source: string): QrFormat {
  const format = value.toLowerCase();
  if (format !== 'png' && format !== 'svg') throw new QrParamError(`${source} must be png or svg (got ${quote(value)})`);
  return format;
}

function readScale(value: string): number {
  const named = QR_SIZES[value.toLowerCase() as keyof typeof QR_SIZES];
  if (named !== undefined) return named;
  if (/^\d{1,3}$/.test(value)) {
    const scale = Number(value);
    if (scale >= 1 && scale <= QR_SCALE_MAX) return scale;
  }
  throw new QrParamError(`size must be one of xs, sm, md, lg, xl, or pixels per module from 1 to ${QR_SCALE_MAX} (got ${quote(value)})`);
}

function readTheme(value: string): { fg: string; bg: string } {
  const theme = QR_THEMES[value.toLowerCase() as keyof typeof QR_THEMES];
  if (!theme) throw new QrParamError(`theme must be light or dark (got ${quote(value)})`);
  return theme;
}

function readColour(value: string, name: string): string {
  const hex = value.replace(/^#/, '');
  if (!/^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(hex)) {
    throw new QrParamError(`${name} must be a hex colour such as 1b1f24 or #1b1f24 (3, 6 or 8 digits; got ${quote(value)})`);
  }
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return `#${full.toLowerCase()}`;
}

function readMargin(value: string): number {
  if (/^\d{1,3}$/.test(value) && Number(value) <= QR_MARGIN_MAX) return Number(value);
  throw new QrParamError(`margin must be a whole number of modules from 0 to ${QR_MARGIN_MAX} (got ${quote(value)})`);
}

export function parseQrParams(path: QrPathParams, query: Record<string, unknown> = {}): QrParseResult {
  try {
    const options: QrOptions = { ...QR_DEFAULTS };
    if (path.format !== undefined) options.format = readFormat(path.format, 'the file suffix');
    if (path.size !== undefined) {
      const { name, format } = path.theme === undefined ? splitSuffix(path.size) : { name: path.size };
      options.scale = readScale(name);
      if (format) options.format = format as QrFormat;
    }
    if (path.theme !== undefined) {
      const { name, format } = splitSuffix(path.theme);
      Object.assign(options, readTheme(name));
      if (format) options.format = format as QrFormat;
    }
    const size = single(query, 'size');
    if (size !== undefined) options.scale = readScale(size);
    const theme = single(query, 'theme');
    if (theme !== undefined) Object.assign(options, readTheme(theme));
    const fg = single(query, 'fg');
    if (fg !== undefined) options.fg = readColour(fg, 'fg');
    const bg = single(query, 'bg');
    if (bg !== undefined) options.bg = readColour(bg, 'bg');
    const format = single(query, 'format');
    if (format !== undefined) options.format = readFormat(format, 'format');
    const margin = single(query, 'margin');
    if (margin !== undefined) options.margin = readMargin(margin);
    if (options.fg.slice(0, 7) === options.bg.slice(0, 7)) throw new QrParamError('fg and bg are the same colour: no scanner could read the code');
    return { ok: true, options };
  } catch (error) {
    if (error instanceof QrParamError) return { ok: false, error: `Bad QR code parameter: ${error.message}` };
    throw error;
  }
}
