// Version comparison, as Zealot does it, and its sortable encoding (`version_key`).
//
// The rule (docs/versions.md has it with examples):
//   1. A value is cut to its first VERSION_INPUT_MAX characters. A value with no ASCII digit
//      is junk: lower than every version, junk values ordered by the bytes of their UTF-8
//      (the first JUNK_BYTES_MAX bytes). null counts as "".
//   2. Otherwise the value is reduced to the first match of Zealot's pattern
//      `((\d+\.?)+)(([-_\.]?\w+)*\d*)?` ("android-1.2.3" → "1.2.3", "v1.2" → "1.2").
//   3. RubyGems Gem::Version: every "-" becomes ".pre."; the segments are the runs of digits
//      (numbers) and of ASCII letters (strings); "_" separates like "." (Ruby refuses it; we
//      do not throw). Only the first SEGMENTS_MAX segments count.
//   4. Canonical form: trailing zeros are dropped from the numbers before the first string,
//      and from the end ("1.0" == "1", "1.0.a" == "1.a").
//   5. Compare segment by segment, a missing segment counting as 0: numbers numerically (no
//      size limit), strings by byte order, a string below any number ("1.a" < "1" and
//      "1.0.beta" < "1.0.rc" < "1.0").
//
// versionKey() encodes a (release_version, build_version) pair as ASCII text whose byte order
// is that order: release first, then build. ASCII keeps JavaScript's `<` (UTF-16 units),
// SQLite's BINARY collation and PostgreSQL's "C" collation (UTF-8 bytes) in agreement.
//
// Layout of one encoded version:
//   junk:     '#' hex(utf8 bytes, lowercase) '$'
//   version:  token* END
//   token:    a string segment:  chr(STRING_BASE + k) letters '$'
//             a number segment:  chr(NUMBER_BASE + (SEGMENTS_MAX - 1 - k)) ddd digits
//             where k is how many zero segments precede it (zeros are not written: a
//             missing segment is a zero, so a zero's order depends on what follows it) and
//             ddd is the digit count, three decimal digits, of a number without leading zeros.
// A key is encoded(release) '!' encoded(build).
//
// Why these orders: with zeros folded into the next token, comparing (k, x) tokens as
// Gem::Version compares padded segments gives: string tokens (by k ascending, then text)
// < END < number tokens (by k descending, then value). Junk starts with '#', below all. Each
// encoded version is prefix-free (a key never stops in the middle of a token), so the
// separator is only ever compared with itself and marks where the build part starts.

/** Characters of a value that count; the rest is ignored. The version columns hold 255. */
export const VERSION_INPUT_MAX = 255;
/** Segments that count; later ones are ignored. */
export const SEGMENTS_MAX = 32;
/** UTF-8 bytes of a junk value (no digits) that count. */
export const JUNK_BYTES_MAX = 128;
/** version_key is varchar(1024); keys stay below this. */
export const VERSION_KEY_MAX = 1024;

/** Separates the release part from the build part of a key; appears nowhere else. */
export const KEY_SEPARATOR = '!';
const JUNK = '#';
const TERMINATOR = '$';
const STRING_BASE = 0x25; // '%' … 'D' for k = 0 … 31
const END = 'E';
const NUMBER_BASE = 0x46; // 'F' … 'e' for k = 31 … 0
/** Above every first character of an encoded version: "any build of this release". */
const ABOVE_ALL = '~';

/** Zealot's pattern, taken as is; only what follows `(\d+\.?)+` is optional, so it never backtracks far. */
const ZEALOT_PATTERN = /((\d+\.?)+)(([-_.]?\w+)*\d*)?/;
const SEGMENT_PATTERN = /[0-9]+|[a-z]+/gi;
const HAS_DIGIT = /[0-9]/;

/** A number segment: its digits without leading zeros ("0" for zero). */
type Segment = { number: string } | { string: string };

export type ParsedVersion = { kind: 'junk'; bytes: Buffer } | { kind: 'version'; segments: Segment[] };

function isZero(segment: Segment): boolean {
  return 'number' in segment && segment.number === '0';
}

function dropTrailingZeros(segments: Segment[]): Segment[] {
  let end = segments.length;
  while (end > 0 && isZero(segments[end - 1]!)) end -= 1;
  return segments.slice(0, end);
}

/** A value reduced to what comparison looks at: junk bytes, or canonical segments. */
export function parseVersion(value: string | null): ParsedVersion {
  const text = (value ?? '').slice(0, VERSION_INPUT_MAX);
  const match = HAS_DIGIT.test(text) ? ZEALOT_PATTERN.exec(text) : null;
  if (!match) return { kind: 'junk', bytes: Buffer.from(text, 'utf8').subarray(0, JUNK_BYTES_MAX) };
  const raw = (match[0].replaceAll('-', '.pre.').match(SEGMENT_PATTERN) ?? []).slice(0, SEGMENTS_MAX);
  const segments: Segment[] = raw.map((part) => (/^[0-9]/.test(part) ? { number: part.replace(/^0+(?=.)/, '') } : { string: part }));
  const firstString = segments.findIndex((segment) => 'string' in segment);
  const split = firstString === -1 ? segments.length : firstString;
  return { kind: 'version', segments: [...dropTrailingZeros(segments.slice(0, split)), ...dropTrailingZeros(segments.slice(split))] };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareSegment(a: Segment, b: Segment): number {
  if ('number' in a && 'number' in b) return a.number.length - b.number.length || compareText(a.number, b.number);
  if ('string' in a && 'string' in b) return compareText(a.string, b.string);
  return 'string' in a ? -1 : 1;
}

function compareParsed(a: ParsedVersion, b: ParsedVersion): number {
  if (a.kind === 'junk') return b.kind === 'junk' ? Buffer.compare(a.bytes, b.bytes) : -1;
  if (b.kind === 'junk') return 1;
  const zero: Segment = { number: '0' };
  const length = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i += 1) {
    const order = compareSegment(a.segments[i] ?? zero, b.segments[i] ?? zero);
    if (order !== 0) return order;
  }
  return 0;
}

/** Negative, zero or positive as `a` is older than, the same as, or newer than `b`. Never throws. */
export function compareVersions(a: string | null, b: string | null): number {
  return Math.sign(compareParsed(parseVersion(a), parseVersion(b)));
}

/** One value's encoding; see the layout at the top of this file. */
export function encodeVersion(value: string | null): string {
  const parsed = parseVersion(value);
  if (parsed.kind === 'junk') return JUNK + parsed.bytes.toString('hex') + TERMINATOR;
  let out = '';
  let zeros = 0;
  for (const segment of parsed.segments) {
    if (isZero(segment)) {
      zeros += 1;
    } else if ('string' in segment) {
      out += String.fromCharCode(STRING_BASE + zeros) + segment.string + TERMINATOR;
      zeros = 0;
    } else {
      out += String.fromCharCode(NUMBER_BASE + (SEGMENTS_MAX - 1 - zeros)) + String(segment.number.length).padStart(3, '0') + segment.number;
      zeros = 0;
    }
  }
  // Canonical segments never end in a zero, so no zeros are left over here.
  return out + END;
}

/**
 * The sortable key of a release: byte order of keys equals the order "release_version
 * first, then build_version", each by compareVersions.
 */
export function versionKey(releaseVersion: string | null, buildVersion: string | null): string {
  return encodeVersion(releaseVersion) + KEY_SEPARATOR + encodeVersion(buildVersion);
}

/** Above the key of every release whose release_version equals `releaseVersion`, below every newer one. */
export function releaseOnlyKey(releaseVersion: string | null): string {
  return encodeVersion(releaseVersion) + KEY_SEPARATOR + ABOVE_ALL;
}
