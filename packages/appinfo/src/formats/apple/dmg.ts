// Apple disk images (.dmg, UDIF). The file ends with a 512-byte 'koly' trailer (all fields
// big-endian) that locates an XML property list describing the image's partitions; the
// file system itself lies in compressed chunks we do not inflate, so the app inside is not
// read: a dmg is identified, with its layout, partitions and compression.
//
//   koly trailer (at size − 512):
//     0 signature 'koly'        4 version (4)            8 header size (512)     12 flags
//    16 running data fork offset (u64)                  24 data fork offset (u64)
//    32 data fork length (u64) 40 resource fork offset (u64)                    48 resource fork length (u64)
//    56 segment number         60 segment count         64 segment id (16-byte UUID)
//    80 data checksum type     84 data checksum size    88 data checksum (128)
//   216 XML plist offset (u64) 224 XML plist length (u64)                      232 reserved (120)
//   352 checksum type          356 checksum size        360 checksum (128)
//   488 image variant          492 sector count (u64)   500 reserved (12)
//
//   XML plist: { "resource-fork": { "blkx": [ { Name, ID, Attributes, Data: mish } … ] } }
//   mish (BLKXTable): 'mish'(0) version(4) first sector(8, u64) sector count(16, u64)
//     data offset(24, u64) buffers needed(32) block descriptors(36) reserved(40, 24)
//     checksum type(64) size(68) data(72, 128) chunk count(200), then chunks of 40 bytes:
//     type(0) comment(4) sector(8, u64) sector count(16, u64) offset(24, u64) length(32, u64)
// Encrypted images start with 'encrcdsa' and hide everything else.
import { AppInfoError, assertRange } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import { readTail } from '../../io/reader.ts';
import { bareInfo } from '../../types.ts';
import type { InfoOf } from '../../types.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import type { PlistValue } from '../../plist/index.ts';
import { parsePlist, plistData, plistDicts, plistString, plistSubDict } from '../../plist/index.ts';

export interface DmgPartition {
  /** "Protective Master Boot Record (MBR : 0)", "disk image (Apple_HFS : 4)" … */
  name: string | null;
  id: string | null;
  attributes: string | null;
  /** Sectors of 512 bytes. */
  sectorCount: number | null;
  /** Chunk encodings used: zlib, bzip2, lzfse, lzma, adc, raw, zero. */
  compression: string[];
}

export interface DmgDetails {
  encrypted: boolean;
  /** koly fields; null for an encrypted image. */
  version: number | null;
  flags: number | null;
  dataForkOffset: number | null;
  dataForkLength: number | null;
  resourceForkOffset: number | null;
  resourceForkLength: number | null;
  xmlOffset: number | null;
  xmlLength: number | null;
  segmentNumber: number | null;
  segmentCount: number | null;
  segmentId: string | null;
  imageVariant: number | null;
  sectorCount: number | null;
  /** The hdiutil format the chunk encodings imply: UDZO (zlib), UDBZ, ULFO, ULMO, UDCO, UDRO (none); null when unknown or mixed. */
  imageFormat: string | null;
  partitions: DmgPartition[];
}

export type DmgInfo = InfoOf<'dmg', DmgDetails>;

const KOLY_SIZE = 512;
/** The partition plist is a few KiB per partition; a lying length must not make us read gigabytes. */
const MAX_XML_BYTES = 16 * 1024 * 1024;
const MAX_PARTITIONS = 1024;

const CHUNK_TYPES: Record<number, string> = {
  0x00000000: 'zero',
  0x00000001: 'raw',
  0x00000002: 'zero',
  0x80000004: 'adc',
  0x80000005: 'zlib',
  0x80000006: 'bzip2',
  0x80000007: 'lzfse',
  0x80000008: 'lzma',
};
const FORMATS: Record<string, string> = { zlib: 'UDZO', bzip2: 'UDBZ', lzfse: 'ULFO', lzma: 'ULMO', adc: 'UDCO' };

function isEncryptedDmg(head: Buffer): boolean {
  return head.length >= 8 && head.toString('latin1', 0, 8) === 'encrcdsa';
}

async function hasKoly(reader: RandomAccessReader): Promise<boolean> {
  if (reader.size < KOLY_SIZE) return false;
  const { bytes } = await readTail(reader, KOLY_SIZE);
  return bytes.toString('latin1', 0, 4) === 'koly' && bytes.readUInt32BE(8) === KOLY_SIZE;
}

function u64(buf: Buffer, at: number, what: string): number {
  const value = buf.readBigUInt64BE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new AppInfoError('corrupt_file', `The dmg trailer's ${what} (${value}) is not a usable offset; the file is corrupt`);
  return Number(value);
}

function uuid(bytes: Buffer): string | null {
  if (bytes.every((b) => b === 0)) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The chunk encodings a mish table uses, and its sector count; tolerant of short tables. */
function readMish(data: Buffer | null): { sectorCount: number | null; compression: string[] } {
  if (!data || data.length < 204 || data.toString('latin1', 0, 4) !== 'mish') return { sectorCount: null, compression: [] };
  const sectors = data.readBigUInt64BE(16);
  const count = Math.min(data.readUInt32BE(200), Math.floor((data.length - 204) / 40));
  const kinds = new Set<string>();
  for (let i = 0; i < count; i++) {
    const type = data.readUInt32BE(204 + i * 40);
    if (type === 0x7ffffffe || type === 0xffffffff) continue; // comment, terminator
    kinds.add(CHUNK_TYPES[type] ?? `0x${type.toString(16)}`);
  }
  return { sectorCount: sectors > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(sectors), compression: [...kinds].sort() };
}

function partitionsOf(plist: PlistValue): DmgPartition[] {
  if (typeof plist !== 'object' || plist === null || Array.isArray(plist) || Buffer.isBuffer(plist) || plist instanceof Date) {
    throw new AppInfoError('bad_plist', 'The dmg partition property list is not a dictionary');
  }
  const blkx = plistDicts(plistSubDict(plist, 'resource-fork') ?? {}, 'blkx');
  if (blkx.length > MAX_PARTITIONS) throw new AppInfoError('limit_exceeded', `The dmg lists ${blkx.length} partitions, more than the ${MAX_PARTITIONS} allowed`);
  return blkx.map((entry) => ({
    name: plistString(entry, 'Name') ?? plistString(entry, 'CFName'),
    id: plistString(entry, 'ID'),
    attributes: plistString(entry, 'Attributes'),
    ...readMish(plistData(entry, 'Data')),
  }));
}

function imageFormatOf(partitions: DmgPartition[]): string | null {
  const compressed = new Set(partitions.flatMap((p) => p.compression).filter((c) => c !== 'raw' && c !== 'zero'));
  if (compressed.size === 0) return partitions.some((p) => p.compression.length > 0) ? 'UDRO' : null;
  if (compressed.size > 1) return null;
  return FORMATS[[...compressed][0]!] ?? null;
}

function nullDetails(encrypted: boolean): DmgDetails {
  return {
    encrypted,
    version: null,
    flags: null,
    dataForkOffset: null,
    dataForkLength: null,
    resourceForkOffset: null,
    resourceForkLength: null,
    xmlOffset: null,
    xmlLength: null,
    segmentNumber: null,
    segmentCount: null,
    segmentId: null,
    imageVariant: null,
    sectorCount: null,
    imageFormat: null,
    partitions: [],
  };
}

export async function parseDmg(reader: RandomAccessReader, head: Buffer): Promise<Parsed<DmgInfo>> {
  const base = bareInfo('dmg', 'macos', 'mac', reader.size);
  if (isEncryptedDmg(head)) return { info: { ...base, details: nullDetails(true) } };

  const { offset: kolyAt, bytes: koly } = await readTail(reader, KOLY_SIZE);
  if (koly.length < KOLY_SIZE || koly.toString('latin1', 0, 4) !== 'koly') {
    throw new AppInfoError('corrupt_file', `Not a dmg: its last ${KOLY_SIZE} bytes should start with "koly", found bytes ${koly.subarray(0, 4).toString('hex')}`);
  }
  const details = nullDetails(false);
  details.version = koly.readUInt32BE(4);
  details.flags = koly.readUInt32BE(12);
  details.dataForkOffset = u64(koly, 24, 'data fork offset');
  details.dataForkLength = u64(koly, 32, 'data fork length');
  details.resourceForkOffset = u64(koly, 40, 'resource fork offset');
  details.resourceForkLength = u64(koly, 48, 'resource fork length');
  details.segmentNumber = koly.readUInt32BE(56);
  details.segmentCount = koly.readUInt32BE(60);
  details.segmentId = uuid(koly.subarray(64, 80));
  details.xmlOffset = u64(koly, 216, 'XML plist offset');
  details.xmlLength = u64(koly, 224, 'XML plist length');
  details.imageVariant = koly.readUInt32BE(488);
  details.sectorCount = u64(koly, 492, 'sector count');
  assertRange('The dmg data fork', details.dataForkOffset, details.dataForkLength, kolyAt);

  if (details.xmlLength > 0) {
    if (details.xmlLength > MAX_XML_BYTES) {
      throw new AppInfoError('limit_exceeded', `The dmg declares a ${details.xmlLength}-byte partition list, more than the ${MAX_XML_BYTES} allowed; the file is corrupt`);
    }
    assertRange('The dmg partition list', details.xmlOffset, details.xmlLength, kolyAt);
    details.partitions = partitionsOf(parsePlist(await reader.read(details.xmlOffset, details.xmlLength)));
    details.imageFormat = imageFormatOf(details.partitions);
  }
  return { info: { ...base, details } };
}

export const dmgParser: FormatParser = {
  format: 'dmg',
  container: 'raw',
  match: async (ctx: ParseContext) => isEncryptedDmg(ctx.head) || (await hasKoly(ctx.reader)),
  parse: (ctx: ParseContext) => parseDmg(ctx.reader, ctx.head),
};
