// Windows Installer `.msi`: an OLE compound file (cfb.ts) holding a small relational
// database. Two things are read:
//   - the "\x05SummaryInformation" property set: title, subject (usually the product name),
//     author (the manufacturer), template ("x64;1033": platform and languages), revision
//     number (the package code), creating application, page count (minimum installer version);
//   - the Property table, through the string pool: ProductName, ProductVersion,
//     Manufacturer, ProductCode, UpgradeCode, ProductLanguage.
//
// Database streams have encoded names: each UTF-16 unit in 0x3800–0x47FF packs two
// characters of "0-9A-Za-z._" (low 6 bits first), 0x4800–0x483F packs one, and 0x4840
// prefixes a table ("!"). Tables are stored column by column; a string column holds
// 2-byte (or, when the pool says so, 3-byte) indexes into the string pool.
// _StringPool: u16 code page low, u16 code page high | 0x8000 (3-byte refs), then per string
//   { u16 length, u16 reference count }; a (0, n>0) pair means the next pair's length is a
//   32-bit value (low word first); (0, 0) is an unused id. _StringData: the bytes, in order.
// Property set stream ([MS-OLEPS]): @0 u16 byte order 0xFFFE, @2 version, @4 system id,
//   @8 CLSID, @24 u32 section count, @28 FMTID, @44 u32 section offset; section: @0 u32
//   size, @4 u32 property count, @8 { u32 id, u32 offset }…; a property: u32 type, value
//   (2 VT_I2, 3 VT_I4, 30 VT_LPSTR = u32 length + bytes in the set's code page, 64 FILETIME).
import { TextDecoder } from 'node:util';
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import type { InfoOf } from '../../types.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import type { CfbEntry, CompoundFile } from './cfb.ts';
import { CFB_SIGNATURE, openCompoundFile } from './cfb.ts';

const MAX_SUMMARY_BYTES = 256 * 1024;
const MAX_POOL_BYTES = 16 * 1024 * 1024;
const MAX_STRING_DATA_BYTES = 64 * 1024 * 1024;
const MAX_PROPERTY_TABLE_BYTES = 4 * 1024 * 1024;

const PLATFORMS: Record<string, string> = { intel: 'x86', x64: 'x86_64', amd64: 'x86_64', arm64: 'arm64', arm: 'arm', intel64: 'ia64' };

export interface MsiSummary {
  title: string | null;
  subject: string | null;
  author: string | null;
  keywords: string | null;
  comments: string | null;
  /** "x64;1033": the platform and the languages. */
  template: string | null;
  lastSavedBy: string | null;
  /** For an MSI, the package code (a GUID). */
  revisionNumber: string | null;
  createdAt: string | null;
  lastSavedAt: string | null;
  /** For an MSI, the minimum Windows Installer version × 100 (200 = 2.0). */
  pageCount: number | null;
  /** The tool that wrote the package. */
  creatingApplication: string | null;
  codePage: number | null;
}

export interface MsiDetails {
  summary: MsiSummary | null;
  /** Selected rows of the Property table (null when it could not be read). */
  productName: string | null;
  productVersion: string | null;
  manufacturer: string | null;
  productCode: string | null;
  upgradeCode: string | null;
  productLanguage: string | null;
  /** The whole Property table, verbatim (null when it could not be read). */
  msiProperties: Record<string, string> | null;
  /** Languages from the template (LCIDs). */
  languages: string[];
}

export type MsiInfo = InfoOf<'msi', MsiDetails>;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz._';

/** Decodes an MSI stream name (see the header comment); plain names pass through. */
export function decodeStreamName(name: string): string {
  let out = '';
  for (const ch of name) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x3800 && code < 0x4800) {
      const value = code - 0x3800;
      out += ALPHABET[value & 0x3f]! + ALPHABET[(value >> 6) & 0x3f]!;
    } else if (code >= 0x4800 && code < 0x4840) {
      out += ALPHABET[code - 0x4800]!;
    } else if (code === 0x4840) {
      out += '!';
    } else {
      out += ch;
    }
  }
  return out;
}

function decoderFor(codePage: number | null): TextDecoder {
  if (codePage === 65001) return new TextDecoder('utf-8');
  if (codePage !== null && codePage > 0) {
    try {
      return new TextDecoder(`windows-${codePage}`);
    } catch {
      // An unknown code page: fall through to Windows-1252, the common default.
    }
  }
  return new TextDecoder('windows-1252');
}

function corrupt(message: string): never {
  throw new AppInfoError('corrupt_file', `The MSI is corrupt: ${message}`);
}

export function parseSummaryInformation(data: Buffer): MsiSummary {
  if (data.length < 48 || data.readUInt16LE(0) !== 0xfffe) corrupt('the SummaryInformation stream has no property set header');
  const sectionOffset = data.readUInt32LE(44);
  if (sectionOffset + 8 > data.length) corrupt('the SummaryInformation section lies outside its stream');
  const count = data.readUInt32LE(sectionOffset + 4);
  if (count > 1000 || sectionOffset + 8 + count * 8 > data.length) corrupt(`the SummaryInformation section declares ${count} properties that do not fit`);
  const raw = new Map<number, { type: number; at: number }>();
  for (let i = 0; i < count; i++) {
    const id = data.readUInt32LE(sectionOffset + 8 + i * 8);
    const at = sectionOffset + data.readUInt32LE(sectionOffset + 12 + i * 8);
    if (at + 4 > data.length) corrupt(`property ${id} lies outside the SummaryInformation stream`);
    raw.set(id, { type: data.readUInt32LE(at), at: at + 4 });
  }
  const int = (id: number): number | null => {
    const p = raw.get(id);
    if (!p) return null;
    if (p.type === 2 && p.at + 2 <= data.length) return data.readInt16LE(p.at);
    if (p.type === 3 && p.at + 4 <= data.length) return data.readInt32LE(p.at);
    return null;
  };
  const codePage = int(1);
  const decoder = decoderFor(codePage === null ? null : codePage & 0xffff);
  const text = (id: number): string | null => {
    const p = raw.get(id);
    if (!p || (p.type !== 30 && p.type !== 31) || p.at + 4 > data.length) return null;
    const length = data.readUInt32LE(p.at);
    const bytes = p.type === 31 ? length * 2 : length;
    if (p.at + 4 + bytes > data.length) corrupt(`property ${id} runs past the SummaryInformation stream`);
    const value = p.type === 31 ? data.toString('utf16le', p.at + 4, p.at + 4 + bytes) : decoder.decode(data.subarray(p.at + 4, p.at + 4 + bytes));
    return value.replace(/\0+$/, '');
  };
  const time = (id: number): string | null => {
    const p = raw.get(id);
    if (!p || p.type !== 64 || p.at + 8 > data.length) return null;
    // FILETIME: 100-ns ticks since 1601-01-01.
    const ticks = data.readBigUInt64LE(p.at);
    if (ticks === 0n) return null;
    const ms = Number(ticks / 10_000n) - 11_644_473_600_000;
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  };
  return {
    title: text(2),
    subject: text(3),
    author: text(4),
    keywords: text(5),
    comments: text(6),
    template: text(7),
    lastSavedBy: text(8),
    revisionNumber: text(9),
    createdAt: time(12),
    lastSavedAt: time(13),
    pageCount: int(14),
    creatingApplication: text(18),
    codePage: codePage === null ? null : codePage & 0xffff,
  };
}

interface StringPool {
  strings: (string | null)[];
  refSize: 2 | 3;
}

function parseStringPool(pool: Buffer, data: Buffer): StringPool {
  if (pool.length < 4) return { strings: [null], refSize: 2 };
  const high = pool.readUInt16LE(2);
  const codePage = pool.readUInt16LE(0) | ((high & 0x7fff) << 16);
  const decoder = decoderFor(codePage);
  const count = Math.floor(pool.length / 4);
  const strings: (string | null)[] = [null];
  let offset = 0;
  for (let i = 1; i < count; ) {
    const length16 = pool.readUInt16LE(i * 4);
    const refs = pool.readUInt16LE(i * 4 + 2);
    if (length16 === 0 && refs === 0) {
      strings.push(null);
      i++;
      continue;
    }
    let length = length16;
    if (length16 === 0) {
      if ((i + 1) * 4 + 4 > pool.length) corrupt('the string pool ends inside a long-string entry');
      length = pool.readUInt16LE((i + 1) * 4) + pool.readUInt16LE((i + 1) * 4 + 2) * 0x10000;
      i += 2;
    } else {
      i += 1;
    }
    if (offset + length > data.length) corrupt(`string ${strings.length} (${length} bytes at ${offset}) runs past the ${data.length}-byte string data`);
    strings.push(decoder.decode(data.subarray(offset, offset + length)));
    offset += length;
  }
  return { strings, refSize: high & 0x8000 ? 3 : 2 };
}

async function readProperties(cfb: CompoundFile, streams: Map<string, CfbEntry>): Promise<Record<string, string> | null> {
  const poolEntry = streams.get('!_StringPool');
  const dataEntry = streams.get('!_StringData');
  const tableEntry = streams.get('!Property');
  if (!poolEntry || !dataEntry || !tableEntry) return null;
  const pool = parseStringPool(await cfb.readStream(poolEntry, MAX_POOL_BYTES), await cfb.readStream(dataEntry, MAX_STRING_DATA_BYTES));
  const table = await cfb.readStream(tableEntry, MAX_PROPERTY_TABLE_BYTES);
  // Property(s72 key), Value(l0): two string columns, stored one column after the other.
  const rowSize = pool.refSize * 2;
  if (table.length % rowSize !== 0) corrupt(`the Property table is ${table.length} bytes, not a whole number of ${rowSize}-byte rows`);
  const rows = table.length / rowSize;
  const ref = (at: number) => (pool.refSize === 3 ? table.readUIntLE(at, 3) : table.readUInt16LE(at));
  const out: Record<string, string> = {};
  for (let r = 0; r < rows; r++) {
    const key = pool.strings[ref(r * pool.refSize)];
    const value = pool.strings[ref(rows * pool.refSize + r * pool.refSize)];
    if (typeof key === 'string' && !Object.hasOwn(out, key)) out[key] = value ?? '';
  }
  return out;
}

export async function parseMsi(reader: RandomAccessReader): Promise<Parsed> {
  const cfb = await openCompoundFile(reader);
  const streams = new Map<string, CfbEntry>();
  for (const entry of cfb.rootStreams()) streams.set(decodeStreamName(entry.name), entry);
  const summaryEntry = streams.get('\u0005SummaryInformation');
  const summary = summaryEntry ? parseSummaryInformation(await cfb.readStream(summaryEntry, MAX_SUMMARY_BYTES)) : null;
  const properties = await readProperties(cfb, streams);
  const prop = (key: string) => (properties?.[key] ? properties[key] : null);

  const [platform, languageList] = (summary?.template ?? '').split(';');
  const arch = platform ? PLATFORMS[platform.trim().toLowerCase()] : undefined;
  const languages = (languageList ?? '').split(',').map((l) => l.trim()).filter((l) => l !== '');
  const productName = prop('ProductName') ?? summary?.subject ?? null;

  const info: MsiInfo = {
    format: 'msi',
    platform: 'windows',
    device: 'desktop',
    name: productName,
    displayName: productName,
    // The upgrade code stays the same across a product's versions, like a bundle id.
    bundleId: prop('UpgradeCode') ?? prop('ProductCode'),
    releaseVersion: prop('ProductVersion'),
    buildVersion: null,
    minOsVersion: null,
    size: reader.size,
    archs: arch ? [arch] : [],
    icons: [],
    details: {
      summary,
      productName: prop('ProductName'),
      productVersion: prop('ProductVersion'),
      manufacturer: prop('Manufacturer') ?? summary?.author ?? null,
      productCode: prop('ProductCode'),
      upgradeCode: prop('UpgradeCode'),
      productLanguage: prop('ProductLanguage'),
      msiProperties: properties,
      languages,
    },
  };
  return { info };
}

export const msiParser: FormatParser = {
  format: 'msi',
  container: 'raw',
  match: (ctx) => ctx.head.length >= 8 && ctx.head.subarray(0, 8).equals(CFB_SIGNATURE),
  parse: (ctx: ParseContext) => parseMsi(ctx.reader),
};
