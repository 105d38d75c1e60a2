// Pure helpers of the download routes: the file name a download gets, its Content-Type and
// Content-Disposition, and the HTTP Range and validator rules (RFC 9110 §13–14). No I/O.
import type { Format } from '@tarmac/appinfo';
import type { DownloadFilenameType } from '../../db/types.ts';
import { packageExtension } from '../uploads/fns.ts';

/**
 * Content types by extension (lowercase). `.ipa` keeps the type Zealot registers
 * (application/vnd.iphone) and `.apk` Android's own, which installers and updaters look for;
 * formats without a registered type (aab, hap, HarmonyOS app, pkg) are plain octet streams.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.apk': 'application/vnd.android.package-archive',
  '.ipa': 'application/vnd.iphone',
  '.aab': 'application/octet-stream',
  '.hap': 'application/octet-stream',
  '.app': 'application/octet-stream',
  '.dmg': 'application/x-apple-diskimage',
  '.pkg': 'application/octet-stream',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.msix': 'application/msix',
  '.deb': 'application/vnd.debian.binary-package',
  '.rpm': 'application/x-rpm',
  '.appimage': 'application/vnd.appimage',
  '.zip': 'application/zip',
};

export const OCTET_STREAM = 'application/octet-stream';

/** The extension of a file name, with its dot, as written (`.AppImage`), or '' when it has none. */
export function extensionOf(name: string): string {
  const match = /(\.[A-Za-z0-9]{1,16})$/.exec(name);
  return match && match.index > 0 ? match[1]! : '';
}

/** The Content-Type for a file name, by its extension; octet-stream for anything unknown. */
export function contentTypeFor(name: string): string {
  return CONTENT_TYPES[extensionOf(name).toLowerCase()] ?? OCTET_STREAM;
}

/** What a download's name is made from: the release row's columns and its channel. */
export interface FilenameSource {
  id: number;
  channelSlug: string;
  filenameType: DownloadFilenameType;
  /** The name the upload was sent with (already a base name without control characters). */
  fileName: string;
  format: string;
  releaseVersion: string | null;
  buildVersion: string | null;
  /** ISO 8601 upload time. */
  createdAt: string;
}

/**
 * Longest download name, in characters and in UTF-8 bytes (file systems take 255 bytes); the
 * extension is kept when cutting. A version_datetime name always fits (parts are ASCII, PART_MAX each).
 */
export const DOWNLOAD_NAME_MAX = 180;
export const DOWNLOAD_NAME_MAX_BYTES = 240;
/** Longest slug or version inside a version_datetime name. */
const PART_MAX = 48;

/** `YYYYmmddHHMM` in UTC, as Zealot's names; '' for an unreadable time. */
export function compactTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}`;
}

/** A slug or version reduced to characters safe in any file name and URL; '' when nothing is left. */
function namePart(value: string | null): string {
  if (value === null) return '';
  const safe = value
    .replace(/[^A-Za-z0-9.+-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, PART_MAX)
    .replace(/[-.]+$/, '');
  return safe;
}

/** The extension a download gets: the uploaded name's when it is a package extension we know, else the format's. */
function downloadExtension(source: FilenameSource): string {
  const sent = extensionOf(source.fileName);
  if (sent !== '' && CONTENT_TYPES[sent.toLowerCase()] !== undefined) return sent;
  // The row's format comes from the parser; an unknown one (an older row) keeps the sent extension.
  const ext = packageExtension(source.format as Format) as string | undefined;
  return ext ? `.${ext}` : sent;
}

/**
 * Characters removed from any name: control and format characters (bidi overrides could show
 * `exe.jpg` for `gpj.exe`), line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** Characters Windows refuses in file names; browsers replace them inconsistently. */
const WINDOWS_RESERVED = /[<>:"/\\|?*]/g;

/** Cuts a name to DOWNLOAD_NAME_MAX characters and DOWNLOAD_NAME_MAX_BYTES bytes, keeping its extension. */
function clipName(name: string): string {
  const chars = [...name];
  if (chars.length <= DOWNLOAD_NAME_MAX && Buffer.byteLength(name) <= DOWNLOAD_NAME_MAX_BYTES) return name;
  const extension = extensionOf(name);
  let bytesLeft = DOWNLOAD_NAME_MAX_BYTES - extension.length;
  const kept: string[] = [];
  for (const c of chars.slice(0, Math.min(chars.length - extension.length, DOWNLOAD_NAME_MAX - extension.length))) {
    bytesLeft -= Buffer.byteLength(c);
    if (bytesLeft < 0) break;
    kept.push(c);
  }
  return kept.join('').replace(/[ .]+$/, '') + extension;
}

/** Zealot's default: `<slug>_<release_version>_<build_version>_<YYYYmmddHHMM><ext>`, parts that are unknown left out. */
export function versionDatetimeName(source: FilenameSource): string {
  const parts = [
    namePart(source.channelSlug),
    namePart(source.releaseVersion),
    namePart(source.buildVersion),
    compactTimestamp(source.createdAt),
  ].filter((part) => part !== '');
  const stem = parts.length > 0 ? parts.join('_') : `release-${source.id}`;
  return clipName(stem + downloadExtension(source));
}

/** The uploaded file's base name, made safe; null when nothing usable is left. */
export function originalName(fileName: string): string | null {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(INVISIBLE, '').replace(WINDOWS_RESERVED, '_').trim().replace(/^[ .]+|[ .]+$/g, '');
  if (clean === '' || /^_+$/.test(clean)) return null;
  return clipName(clean);
}

/** The name a download is saved under, per the channel's download_filename_type. */
export function downloadFilename(source: FilenameSource): string {
  if (source.filenameType === 'original_filename') return originalName(source.fileName) ?? versionDatetimeName(source);
  return versionDatetimeName(source);
}

/** RFC 8187 attr-char: everything else in an ext-value is percent-encoded. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<the name>` (RFC 6266): old
 * clients read the quoted ASCII form, every current browser the UTF-8 one. The fallback
 * keeps printable ASCII but quotes, backslashes and percent signs (some browsers decode
 * `%xx` in it); anything else becomes `_`.
 */
export function contentDisposition(name: string): string {
  const clean = name.replace(INVISIBLE, '');
  const fallback = [...clean].map((c) => (/^[\x20-\x7e]$/.test(c) && c !== '"' && c !== '\\' && c !== '%' ? c : '_')).join('') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(clean || 'download')}`;
}

/** What to send for a Range header. */
export type RangeDecision = { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range (`bytes=0-99`, open `bytes=100-`, suffix `bytes=-500`) is served as 206.
 * No header, another unit, a malformed header or several ranges: the whole file (a server
 * may ignore Range; multipart/byteranges is not worth it for packages). A range starting at
 * or past the end, or an empty suffix: 416.
 */
export function parseRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const specs = match[1]!.split(',').map((spec) => spec.trim()).filter((spec) => spec !== '');
  if (specs.length !== 1) return { kind: 'whole' };
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'whole' };
  if (spec[1] === '') {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const last = spec[2] === '' ? undefined : Number(spec[2]);
  if (last !== undefined && last < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === undefined ? size - 1 : Math.min(last, size - 1) };
}

/** The strong ETag of a stored file: its SHA-256. */
export function etagOf(checksum: string): string {
  return `"${checksum}"`;
}

/**
 * Whether a Range applies under If-Range: always without one; with an entity tag, only the
 * same strong tag; with a date, only the file's own Last-Modified (else the whole file).
 */
export function ifRangeAllows(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}

/** Whether If-None-Match names this file's tag (weak comparison, `*` too): answer 304. */
export function noneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** A route's `:id`: a positive safe integer, or undefined. */
export function parseReleaseId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && Number.isSafeInteger(id) ? id : undefined;
}
