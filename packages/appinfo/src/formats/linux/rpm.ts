// RPM packages: a 96-byte lead, a signature header, the main header, then the compressed
// cpio payload (never read). The headers are tagged key/value stores.
//
// Lead (96 bytes): @0 ED AB EE DB, @4 u8 major, @5 u8 minor, @6 u16 type (0 binary,
//   1 source), @8 u16 arch, @10 name[66], @76 u16 OS, @78 u16 signature type (5).
// Header structure (big-endian), used twice:
//   @0 8E AD E8, @3 u8 version (1), @4 4 reserved bytes, @8 u32 index count N,
//   @12 u32 data store size S, then N × 16-byte index entries { u32 tag, u32 type,
//   u32 offset into the store, u32 count }, then the S-byte data store.
//   The signature header is padded to a multiple of 8 bytes; the main header follows.
// Types: 1 char, 2 int8, 3 int16, 4 int32, 5 int64, 6 string, 7 binary, 8 string array,
//   9 i18n string (one per locale; the first is the C locale).
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import type { InfoOf } from '../../types.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';

export const RPM_LEAD_MAGIC = Buffer.from([0xed, 0xab, 0xee, 0xdb]);
const HEADER_MAGIC = Buffer.from([0x8e, 0xad, 0xe8, 0x01]);
/** rpm itself refuses headers with more than 0xffff tags or a store over 256 MiB; we read less. */
const MAX_INDEX = 0xffff;
const MAX_STORE_BYTES = 32 * 1024 * 1024;
const MAX_ARRAY = 10_000;
const MAX_BINARY_SHOWN = 64;

/** The main-header tags reported under headerTags (file lists and changelogs are left out). */
const TAG_NAMES: Record<number, string> = {
  1000: 'NAME',
  1001: 'VERSION',
  1002: 'RELEASE',
  1003: 'EPOCH',
  1004: 'SUMMARY',
  1005: 'DESCRIPTION',
  1006: 'BUILDTIME',
  1007: 'BUILDHOST',
  1009: 'SIZE',
  1010: 'DISTRIBUTION',
  1011: 'VENDOR',
  1014: 'LICENSE',
  1015: 'PACKAGER',
  1016: 'GROUP',
  1020: 'URL',
  1021: 'OS',
  1022: 'ARCH',
  1044: 'SOURCERPM',
  1047: 'PROVIDENAME',
  1049: 'REQUIRENAME',
  1050: 'REQUIREVERSION',
  1054: 'CONFLICTNAME',
  1064: 'RPMVERSION',
  1090: 'OBSOLETENAME',
  1122: 'OPTFLAGS',
  1123: 'DISTURL',
  1124: 'PAYLOADFORMAT',
  1125: 'PAYLOADCOMPRESSOR',
  1126: 'PAYLOADFLAGS',
  1132: 'PLATFORM',
  1151: 'RECOMMENDNAME',
  1156: 'SUGGESTNAME',
  5009: 'LONGSIZE',
  5062: 'ENCODING',
  5092: 'PAYLOADDIGEST',
  5093: 'PAYLOADDIGESTALGO',
};

export type RpmTagValue = string | number | string[] | number[];

export interface RpmDetails {
  /** Typed tag values, by rpm's tag names (NAME, VERSION …), verbatim. */
  headerTags: Record<string, RpmTagValue>;
  name: string | null;
  version: string | null;
  release: string | null;
  epoch: number | null;
  arch: string | null;
  summary: string | null;
  description: string | null;
  license: string | null;
  url: string | null;
  vendor: string | null;
  group: string | null;
  /** Installed size in bytes. */
  installedSize: number | null;
  buildTime: string | null;
  buildHost: string | null;
  sourceRpm: string | null;
  /** cpio, and its compressor: gzip, xz, zstd … */
  payloadFormat: string | null;
  payloadCompressor: string | null;
  requires: string[];
  provides: string[];
  /** Lead version ("3.0") and package type. */
  leadVersion: string;
  packageType: 'binary' | 'source';
  /** The signature header carries an RSA/DSA/OpenPGP signature (not verified). */
  signed: boolean;
}

export type RpmInfo = InfoOf<'rpm', RpmDetails>;

interface Header {
  entries: Map<number, { type: number; offset: number; count: number }>;
  store: Buffer;
  /** Where the header ends in the file. */
  end: number;
}

function corrupt(message: string): never {
  throw new AppInfoError('corrupt_file', `The RPM package is corrupt: ${message}`);
}

async function readHeader(reader: RandomAccessReader, at: number, what: string): Promise<Header> {
  if (at + 16 > reader.size) throw new AppInfoError('truncated', `The RPM package is truncated: the ${what} at byte ${at} is cut off`);
  const intro = await reader.read(at, 16);
  if (!intro.subarray(0, 4).equals(HEADER_MAGIC)) corrupt(`the ${what} at byte ${at} does not start with 8E AD E8 01`);
  const count = intro.readUInt32BE(8);
  const storeSize = intro.readUInt32BE(12);
  if (count > MAX_INDEX) corrupt(`the ${what} declares ${count} tags, more than the ${MAX_INDEX} rpm allows`);
  if (storeSize > MAX_STORE_BYTES) {
    throw new AppInfoError('limit_exceeded', `The RPM ${what} declares a ${storeSize}-byte data store, more than the ${MAX_STORE_BYTES} read`);
  }
  const end = at + 16 + count * 16 + storeSize;
  if (end > reader.size) {
    throw new AppInfoError('truncated', `The RPM package is truncated: its ${what} needs ${count * 16 + storeSize} bytes after byte ${at + 16}, past the end of the ${reader.size}-byte file`);
  }
  const index = await reader.read(at + 16, count * 16);
  const store = await reader.read(at + 16 + count * 16, storeSize);
  const entries = new Map<number, { type: number; offset: number; count: number }>();
  for (let i = 0; i < count; i++) {
    const tag = index.readUInt32BE(i * 16);
    const type = index.readUInt32BE(i * 16 + 4);
    const offset = index.readUInt32BE(i * 16 + 8);
    const n = index.readUInt32BE(i * 16 + 12);
    if (offset > storeSize) corrupt(`tag ${tag} of the ${what} points at byte ${offset} of a ${storeSize}-byte store`);
    if (!entries.has(tag)) entries.set(tag, { type, offset, count: n });
  }
  return { entries, store, end };
}

const INT_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8 };

function tagValue(header: Header, tag: number): RpmTagValue | null {
  const entry = header.entries.get(tag);
  if (!entry) return null;
  const { store } = header;
  const { type, offset } = entry;
  const count = Math.min(entry.count, MAX_ARRAY);
  const size = INT_SIZES[type];
  if (size !== undefined) {
    if (offset + count * size > store.length) corrupt(`tag ${tag} (${count} × ${size} bytes at ${offset}) runs past the data store`);
    const values: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = offset + i * size;
      if (size === 1) values.push(store[at]!);
      else if (size === 2) values.push(store.readUInt16BE(at));
      else if (size === 4) values.push(store.readUInt32BE(at));
      else values.push(Number(store.readBigUInt64BE(at)));
    }
    return entry.count === 1 ? values[0]! : values;
  }
  if (type === 6 || type === 8 || type === 9) {
    const strings: string[] = [];
    let at = offset;
    const wanted = type === 6 ? 1 : count;
    for (let i = 0; i < wanted; i++) {
      const end = store.indexOf(0, at);
      if (end < 0) corrupt(`string tag ${tag} is not NUL-terminated inside the data store`);
      strings.push(store.toString('utf8', at, end));
      at = end + 1;
    }
    // An i18n string lists one value per locale; the first is the untranslated one.
    return type === 8 ? strings : (strings[0] ?? '');
  }
  if (type === 7) {
    if (offset + count > store.length) corrupt(`binary tag ${tag} runs past the data store`);
    return store.toString('hex', offset, offset + Math.min(count, MAX_BINARY_SHOWN));
  }
  return null;
}

export async function parseRpm(reader: RandomAccessReader): Promise<Parsed> {
  if (reader.size < 96) throw new AppInfoError('truncated', `The RPM package is truncated: ${reader.size} bytes, shorter than its 96-byte lead`);
  const lead = await reader.read(0, 96);
  if (!lead.subarray(0, 4).equals(RPM_LEAD_MAGIC)) corrupt('the lead magic ED AB EE DB is missing');
  const signature = await readHeader(reader, 96, 'signature header');
  const mainAt = Math.ceil(signature.end / 8) * 8;
  const header = await readHeader(reader, mainAt, 'main header');

  const headerTags: Record<string, RpmTagValue> = {};
  for (const [tag, name] of Object.entries(TAG_NAMES)) {
    const value = tagValue(header, Number(tag));
    if (value !== null) headerTags[name] = value;
  }
  const text = (name: string): string | null => {
    const value = headerTags[name];
    return typeof value === 'string' ? value : null;
  };
  const int = (name: string): number | null => {
    const value = headerTags[name];
    return typeof value === 'number' ? value : Array.isArray(value) && typeof value[0] === 'number' ? value[0] : null;
  };
  const list = (name: string): string[] => {
    const value = headerTags[name];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  };
  const arch = text('ARCH');
  const buildTime = int('BUILDTIME');
  // Signature tags: 267 DSA, 268 RSA, 1002 PGP, 1006 GPG (header + payload signatures).
  const signed = [267, 268, 1002, 1006].some((tag) => signature.entries.has(tag));

  const info: RpmInfo = {
    format: 'rpm',
    platform: 'linux',
    device: 'desktop',
    name: text('NAME'),
    displayName: text('SUMMARY'),
    bundleId: text('NAME'),
    releaseVersion: text('VERSION'),
    buildVersion: text('RELEASE'),
    minOsVersion: null,
    size: reader.size,
    // noarch packages carry no machine code, like "all" debs.
    archs: arch && arch !== 'noarch' ? [arch] : [],
    icons: [],
    details: {
      headerTags,
      name: text('NAME'),
      version: text('VERSION'),
      release: text('RELEASE'),
      epoch: int('EPOCH'),
      arch,
      summary: text('SUMMARY'),
      description: text('DESCRIPTION'),
      license: text('LICENSE'),
      url: text('URL'),
      vendor: text('VENDOR'),
      group: text('GROUP'),
      installedSize: int('LONGSIZE') ?? int('SIZE'),
      buildTime: buildTime === null ? null : new Date(buildTime * 1000).toISOString(),
      buildHost: text('BUILDHOST'),
      sourceRpm: text('SOURCERPM'),
      payloadFormat: text('PAYLOADFORMAT'),
      payloadCompressor: text('PAYLOADCOMPRESSOR'),
      requires: list('REQUIRENAME'),
      provides: list('PROVIDENAME'),
      leadVersion: `${lead[4]}.${lead[5]}`,
      packageType: lead.readUInt16BE(6) === 1 ? 'source' : 'binary',
      signed,
    },
  };
  return { info };
}

export const rpmParser: FormatParser = {
  format: 'rpm',
  container: 'raw',
  match: (ctx) => ctx.head.length >= 4 && ctx.head.subarray(0, 4).equals(RPM_LEAD_MAGIC),
  parse: (ctx: ParseContext) => parseRpm(ctx.reader),
};
