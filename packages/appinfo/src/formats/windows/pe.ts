// Windows Portable Executables (.exe, .dll): headers, section table, and from the resource
// tree the version resource (VS_VERSIONINFO) and the first icon group. Everything is read
// with random access; a multi-gigabyte installer costs a few kilobytes of reads.
//
// DOS header:      'MZ' @0, e_lfanew u32 @0x3C → the PE header
// PE header:       'PE\0\0' @0, then the COFF file header (20 bytes) @4:
//   @0 u16 machine, @2 u16 section count, @4 u32 timestamp, @8 u32 symbol table,
//   @12 u32 symbol count, @16 u16 optional header size, @18 u16 characteristics (0x2000 DLL)
// Optional header @24 (offsets for PE32 / PE32+):
//   @0 u16 magic 0x10B / 0x20B, @40 u16 major OS version, @42 minor, @48 u16 major
//   subsystem version, @50 minor, @68 u16 subsystem, @92 / @108 u32 data directory count,
//   @96 / @112 data directories (8 bytes each: RVA, size): 2 resources, 4 certificates
//   (a file offset, not an RVA), 14 CLR runtime header (.NET)
// Section header (40 bytes): @0 name[8], @8 virtual size, @12 virtual address,
//   @16 raw size, @20 raw offset, @36 characteristics
// Resource directory (16 bytes): @12 u16 named entry count, @14 u16 id entry count, then
//   8-byte entries: @0 u32 name (high bit: offset of a UTF-16 name; else an id), @4 u32
//   offset (high bit: a subdirectory; else a 16-byte data entry: @0 RVA, @4 size, @8 code
//   page), all offsets relative to the start of the resource directory. Three levels:
//   type (3 RT_ICON, 14 RT_GROUP_ICON, 16 RT_VERSION, 24 RT_MANIFEST), name, language.
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import type { IconRef, InfoOf } from '../../types.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import { iconImageSize, iconImageToPng } from './ico.ts';

const MAX_SECTIONS = 96; // the Windows loader's own limit
const MAX_RESOURCE_ENTRIES = 4096;
const MAX_VERSION_BYTES = 256 * 1024;
const MAX_ICON_BYTES = 4 * 1024 * 1024;
const MAX_MANIFEST_BYTES = 256 * 1024;
const MAX_ICONS_LISTED = 64;

const RT_ICON = 3;
const RT_GROUP_ICON = 14;
const RT_VERSION = 16;
const RT_MANIFEST = 24;

const MACHINES: Record<number, string> = {
  0x014c: 'x86',
  0x8664: 'x86_64',
  0xaa64: 'arm64',
  0x01c0: 'arm',
  0x01c4: 'arm', // ARMv7 Thumb-2 (ARMNT)
  0xa641: 'arm64ec',
  0x0200: 'ia64',
  0x5064: 'riscv64',
};

const SUBSYSTEMS: Record<number, string> = {
  1: 'native',
  2: 'windows_gui',
  3: 'windows_cui',
  5: 'os2_cui',
  7: 'posix_cui',
  9: 'windows_ce_gui',
  10: 'efi_application',
  11: 'efi_boot_service_driver',
  12: 'efi_runtime_driver',
  13: 'efi_rom',
  14: 'xbox',
  16: 'windows_boot_application',
};

export interface PeSection {
  name: string;
  virtualAddress: number;
  virtualSize: number;
  rawOffset: number;
  rawSize: number;
}

export interface ExeDetails {
  /** COFF machine number and its name. */
  machine: number;
  arch: string | null;
  /** 'PE32' (32-bit) or 'PE32+' (64-bit). */
  peType: 'PE32' | 'PE32+';
  subsystem: string | null;
  subsystemVersion: string;
  osVersion: string;
  /** The link timestamp, or null when zero (reproducible builds write 0 or a hash). */
  timestamp: string | null;
  isDll: boolean;
  /** A .NET assembly (it has a CLR runtime header). */
  dotnet: boolean;
  /** It carries an Authenticode certificate table (not verified). */
  signed: boolean;
  /** 'upx' when the sections are UPX0/UPX1 (the code is compressed; resources stay readable). */
  packer: 'upx' | null;
  sections: PeSection[];
  /** VS_FIXEDFILEINFO versions, "1.2.3.4". */
  fileVersion: string | null;
  productVersion: string | null;
  /** The language/code page of the string table read, e.g. "040904b0". */
  versionLanguage: string | null;
  /** The StringFileInfo table verbatim. */
  versionStrings: Record<string, string>;
  companyName: string | null;
  fileDescription: string | null;
  productName: string | null;
  originalFilename: string | null;
  internalName: string | null;
  legalCopyright: string | null;
  /** From the embedded application manifest (RT_MANIFEST), when there is one. */
  requestedExecutionLevel: string | null;
}

export type ExeInfo = InfoOf<'exe', ExeDetails>;

function truncated(what: string): never {
  throw new AppInfoError('truncated', `The Windows executable is truncated: ${what}`);
}
function corrupt(what: string): never {
  throw new AppInfoError('corrupt_file', `The Windows executable is corrupt: ${what}`);
}

async function readAt(reader: RandomAccessReader, offset: number, length: number, what: string): Promise<Buffer> {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset + length > reader.size) {
    truncated(`${what} (${length} bytes at byte ${offset}) lies past the end of the ${reader.size}-byte file`);
  }
  return reader.read(offset, length);
}

function version(ms: number, ls: number): string {
  return `${ms >>> 16}.${ms & 0xffff}.${ls >>> 16}.${ls & 0xffff}`;
}

interface Headers {
  machine: number;
  timestamp: number;
  characteristics: number;
  peType: 'PE32' | 'PE32+';
  subsystem: number;
  subsystemVersion: string;
  osVersion: string;
  directories: { rva: number; size: number }[];
  sections: PeSection[];
}

async function readHeaders(reader: RandomAccessReader): Promise<Headers> {
  const dos = await readAt(reader, 0, 64, 'the DOS header');
  if (dos.toString('latin1', 0, 2) !== 'MZ') corrupt('it does not start with "MZ"');
  const peOffset = dos.readUInt32LE(0x3c);
  const pe = await readAt(reader, peOffset, 24, 'the PE header');
  if (pe.readUInt32LE(0) !== 0x00004550) {
    corrupt(`expected the "PE\\0\\0" signature at byte ${peOffset} (named by e_lfanew), found ${pe.subarray(0, 4).toString('hex')}; an MS-DOS program or not a PE file`);
  }
  const machine = pe.readUInt16LE(4);
  const sectionCount = pe.readUInt16LE(6);
  const timestamp = pe.readUInt32LE(8);
  const optionalSize = pe.readUInt16LE(20);
  const characteristics = pe.readUInt16LE(22);
  if (sectionCount > MAX_SECTIONS) corrupt(`it declares ${sectionCount} sections, more than the ${MAX_SECTIONS} Windows loads`);
  if (optionalSize < 72) corrupt(`the optional header is ${optionalSize} bytes, too short for a Windows image`);
  const optional = await readAt(reader, peOffset + 24, optionalSize, 'the optional header');
  const magic = optional.readUInt16LE(0);
  if (magic !== 0x10b && magic !== 0x20b) corrupt(`optional header magic 0x${magic.toString(16)} (expected 0x10b or 0x20b)`);
  const wide = magic === 0x20b;
  const countAt = wide ? 108 : 92;
  const directories: { rva: number; size: number }[] = [];
  if (optionalSize >= countAt + 4) {
    const count = Math.min(optional.readUInt32LE(countAt), 16, Math.floor((optionalSize - countAt - 4) / 8));
    for (let i = 0; i < count; i++) {
      directories.push({ rva: optional.readUInt32LE(countAt + 4 + i * 8), size: optional.readUInt32LE(countAt + 8 + i * 8) });
    }
  }
  const table = await readAt(reader, peOffset + 24 + optionalSize, sectionCount * 40, `the section table (${sectionCount} sections)`);
  const sections: PeSection[] = [];
  for (let i = 0; i < sectionCount; i++) {
    const at = i * 40;
    sections.push({
      name: table.toString('utf8', at, at + 8).replace(/\0.*$/s, ''),
      virtualSize: table.readUInt32LE(at + 8),
      virtualAddress: table.readUInt32LE(at + 12),
      rawSize: table.readUInt32LE(at + 16),
      rawOffset: table.readUInt32LE(at + 20),
    });
  }
  return {
    machine,
    timestamp,
    characteristics,
    peType: wide ? 'PE32+' : 'PE32',
    subsystem: optional.readUInt16LE(68),
    osVersion: `${optional.readUInt16LE(40)}.${optional.readUInt16LE(42)}`,
    subsystemVersion: `${optional.readUInt16LE(48)}.${optional.readUInt16LE(50)}`,
    directories,
    sections,
  };
}

/** File offset of an RVA, through the section whose raw data holds it. */
function rvaToOffset(sections: PeSection[], rva: number, length: number, what: string): number {
  for (const s of sections) {
    if (rva >= s.virtualAddress && rva + length <= s.virtualAddress + Math.max(s.virtualSize, s.rawSize)) {
      if (rva + length > s.virtualAddress + s.rawSize) corrupt(`${what} at RVA 0x${rva.toString(16)} lies in the uninitialised part of section ${s.name}`);
      return s.rawOffset + (rva - s.virtualAddress);
    }
  }
  corrupt(`${what} at RVA 0x${rva.toString(16)} (${length} bytes) lies in no section`);
}

interface ResourceData {
  rva: number;
  size: number;
}

interface ResourceLeaf {
  type: number;
  id: number | string;
  language: number;
  data: ResourceData;
}

/**
 * Walks the three-level resource tree for the wanted types only. Guards: every directory
 * offset is visited once (a subdirectory pointing back at the root is a loop), the entry
 * total is capped, and the depth is fixed at three.
 */
async function walkResources(reader: RandomAccessReader, headers: Headers, wanted: Set<number>): Promise<ResourceLeaf[]> {
  const dir = headers.directories[2];
  if (!dir || dir.rva === 0 || dir.size === 0) return [];
  const base = rvaToOffset(headers.sections, dir.rva, 16, 'the resource directory');
  const visited = new Set<number>();
  let seen = 0;
  const leaves: ResourceLeaf[] = [];

  async function directory(offset: number): Promise<{ name: number | string; offset: number; isDir: boolean }[]> {
    if (visited.has(offset)) corrupt(`the resource directory at offset ${offset} is reached twice (a loop in the resource tree)`);
    visited.add(offset);
    const header = await readAt(reader, base + offset, 16, 'a resource directory');
    const count = header.readUInt16LE(12) + header.readUInt16LE(14);
    seen += count;
    if (seen > MAX_RESOURCE_ENTRIES) corrupt(`the resource tree has more than ${MAX_RESOURCE_ENTRIES} entries`);
    const raw = await readAt(reader, base + offset + 16, count * 8, `the ${count} entries of a resource directory`);
    const entries: { name: number | string; offset: number; isDir: boolean }[] = [];
    for (let i = 0; i < count; i++) {
      const nameField = raw.readUInt32LE(i * 8);
      const target = raw.readUInt32LE(i * 8 + 4);
      let name: number | string = nameField & 0xffff;
      if (nameField & 0x80000000) {
        // A named entry: u16 length in characters, then UTF-16LE text.
        const at = base + (nameField & 0x7fffffff);
        const length = (await readAt(reader, at, 2, 'a resource name')).readUInt16LE(0);
        name = (await readAt(reader, at + 2, Math.min(length, 256) * 2, 'a resource name')).toString('utf16le');
      }
      entries.push({ name, offset: target & 0x7fffffff, isDir: (target & 0x80000000) !== 0 });
    }
    return entries;
  }

  for (const typeEntry of await directory(0)) {
    if (typeof typeEntry.name !== 'number' || !wanted.has(typeEntry.name) || !typeEntry.isDir) continue;
    for (const nameEntry of await directory(typeEntry.offset)) {
      if (!nameEntry.isDir) continue;
      for (const langEntry of await directory(nameEntry.offset)) {
        if (langEntry.isDir) corrupt('a resource tree deeper than type/name/language');
        const data = await readAt(reader, base + langEntry.offset, 16, 'a resource data entry');
        leaves.push({
          type: typeEntry.name,
          id: nameEntry.name,
          language: typeof langEntry.name === 'number' ? langEntry.name : 0,
          data: { rva: data.readUInt32LE(0), size: data.readUInt32LE(4) },
        });
      }
    }
  }
  return leaves;
}

async function readResource(reader: RandomAccessReader, headers: Headers, data: ResourceData, max: number, what: string): Promise<Buffer> {
  if (data.size > max) corrupt(`${what} declares ${data.size} bytes, more than the ${max} read`);
  const offset = rvaToOffset(headers.sections, data.rva, data.size, what);
  return readAt(reader, offset, data.size, what);
}

interface VersionBlock {
  key: string;
  type: number;
  value: Buffer;
  children: VersionBlock[];
}

/**
 * One VS_VERSIONINFO-style block: @0 u16 length (whole block), @2 u16 value length (in
 * WCHARs for text values, bytes for binary), @4 u16 type (1 text, 0 binary), @6 the
 * NUL-terminated UTF-16 key, padding to 4 bytes, the value, padding, then child blocks.
 */
function parseVersionBlock(buf: Buffer, offset: number, limit: number, depth: number): { block: VersionBlock; end: number } {
  if (offset + 6 > limit) corrupt(`a version block at byte ${offset} runs past its parent`);
  const length = buf.readUInt16LE(offset);
  const valueLength = buf.readUInt16LE(offset + 2);
  const type = buf.readUInt16LE(offset + 4);
  const end = offset + length;
  if (length < 6 || end > limit) corrupt(`a version block at byte ${offset} declares ${length} bytes, past its parent's end`);
  let at = offset + 6;
  let keyEnd = at;
  while (keyEnd + 1 < end && buf.readUInt16LE(keyEnd) !== 0) keyEnd += 2;
  const key = buf.toString('utf16le', at, keyEnd);
  at = (keyEnd + 2 + 3) & ~3;
  // Blocks nest four deep: VS_VERSION_INFO → StringFileInfo/VarFileInfo → StringTable/Var →
  // String. A String's text value counts WCHARs, but many writers get the count wrong, so
  // a leaf takes the bytes up to its block's end (cut at the first NUL by the caller).
  const leaf = depth >= 3;
  const valueBytes = type === 1 ? valueLength * 2 : valueLength;
  const value = buf.subarray(Math.min(at, end), leaf ? end : Math.min(at + valueBytes, end));
  const children: VersionBlock[] = [];
  if (!leaf) {
    let child = (at + valueBytes + 3) & ~3;
    while (child + 6 <= end && children.length < 512) {
      if (buf.readUInt16LE(child) === 0) break;
      const parsed = parseVersionBlock(buf, child, end, depth + 1);
      children.push(parsed.block);
      child = (parsed.end + 3) & ~3;
    }
  }
  return { block: { key, type, value, children }, end };
}

interface VersionInfo {
  fileVersion: string | null;
  productVersion: string | null;
  language: string | null;
  strings: Record<string, string>;
}

export function parseVersionInfo(buf: Buffer): VersionInfo {
  const { block: root } = parseVersionBlock(buf, 0, buf.length, 0);
  if (root.key !== 'VS_VERSION_INFO') corrupt(`the version resource starts with key "${root.key.slice(0, 40)}", not VS_VERSION_INFO`);
  let fileVersion: string | null = null;
  let productVersion: string | null = null;
  // VS_FIXEDFILEINFO: @0 signature 0xFEEF04BD, @4 struct version, @8/@12 file version MS/LS,
  // @16/@20 product version MS/LS, @24 flags mask, @28 flags, @32 OS, @36 type, @40 subtype.
  if (root.value.length >= 24 && root.value.readUInt32LE(0) === 0xfeef04bd) {
    fileVersion = version(root.value.readUInt32LE(8), root.value.readUInt32LE(12));
    productVersion = version(root.value.readUInt32LE(16), root.value.readUInt32LE(20));
  }
  const strings: Record<string, string> = {};
  let language: string | null = null;
  const table = root.children.find((c) => c.key === 'StringFileInfo')?.children[0];
  if (table) {
    language = table.key;
    for (const entry of table.children) {
      const text = entry.value.toString('utf16le');
      const nul = text.indexOf('\0');
      strings[entry.key] = nul < 0 ? text : text.slice(0, nul);
    }
  }
  return { fileVersion, productVersion, language, strings };
}

/** The executable's icons: the first group's images, biggest first. */
interface IconChoice {
  refs: IconRef[];
  best: ResourceLeaf | null;
}

async function chooseIcons(reader: RandomAccessReader, headers: Headers, leaves: ResourceLeaf[]): Promise<IconChoice> {
  const group = leaves.find((l) => l.type === RT_GROUP_ICON);
  if (!group) return { refs: [], best: null };
  // GRPICONDIR: @0 reserved, @2 type (1), @4 u16 count, then 14-byte entries: @0 width
  // (0 = 256), @1 height, @2 colours, @3 reserved, @4 planes, @6 u16 bit count, @8 u32
  // bytes, @12 u16 the RT_ICON id.
  const dir = await readResource(reader, headers, group.data, 64 * 1024, 'the icon group resource');
  if (dir.length < 6) corrupt('the icon group resource is shorter than its header');
  const count = Math.min(dir.readUInt16LE(4), Math.floor((dir.length - 6) / 14));
  const images = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 14;
    images.push({ width: dir[at] || 256, height: dir[at + 1] || 256, bits: dir.readUInt16LE(at + 6), id: dir.readUInt16LE(at + 12) });
  }
  images.sort((a, b) => b.width * b.height - a.width * a.height || b.bits - a.bits);
  const refs: IconRef[] = [];
  let best: ResourceLeaf | null = null;
  for (const image of images.slice(0, MAX_ICONS_LISTED)) {
    const leaf = leaves.find((l) => l.type === RT_ICON && l.id === image.id);
    if (!leaf) continue;
    best ??= leaf;
    const head = leaf.data.size >= 24 ? await readResource(reader, headers, { rva: leaf.data.rva, size: 24 }, 24, `icon ${image.id}`) : null;
    const size = head ? iconImageSize(head) : null;
    refs.push({ path: `RT_ICON/${image.id}`, width: size?.width ?? image.width, height: size?.height ?? image.height, kind: size?.kind ?? 'unknown' });
  }
  return { refs, best };
}

function manifestExecutionLevel(text: string): string | null {
  return /<(?:\w+:)?requestedExecutionLevel\b[^>]*\blevel\s*=\s*["']([^"']{1,64})["']/.exec(text)?.[1] ?? null;
}

export async function parsePe(reader: RandomAccessReader): Promise<Parsed> {
  const headers = await readHeaders(reader);
  const leaves = await walkResources(reader, headers, new Set([RT_ICON, RT_GROUP_ICON, RT_VERSION, RT_MANIFEST]));

  let versionInfo: VersionInfo = { fileVersion: null, productVersion: null, language: null, strings: {} };
  const versionLeaf = leaves.find((l) => l.type === RT_VERSION);
  if (versionLeaf) versionInfo = parseVersionInfo(await readResource(reader, headers, versionLeaf.data, MAX_VERSION_BYTES, 'the version resource'));

  let requestedExecutionLevel: string | null = null;
  const manifestLeaf = leaves.find((l) => l.type === RT_MANIFEST);
  if (manifestLeaf && manifestLeaf.data.size <= MAX_MANIFEST_BYTES) {
    const text = (await readResource(reader, headers, manifestLeaf.data, MAX_MANIFEST_BYTES, 'the application manifest')).toString('utf8');
    requestedExecutionLevel = manifestExecutionLevel(text);
  }

  const icons = await chooseIcons(reader, headers, leaves);
  const strings = versionInfo.strings;
  // CompanyName, FileDescription, FileVersion, ProductName, ProductVersion, OriginalFilename,
  // InternalName and LegalCopyright get their own fields; every key stays in versionStrings.
  const pick = (key: string) => {
    const value = strings[key]?.trim();
    return value ? value : null;
  };
  const originalBase = pick('OriginalFilename')?.replace(/\.(exe|dll)$/i, '') ?? null;
  const name = pick('ProductName') ?? pick('FileDescription') ?? originalBase;
  const sectionNames = new Set(headers.sections.map((s) => s.name));
  const arch = MACHINES[headers.machine] ?? null;

  const info: ExeInfo = {
    format: 'exe',
    platform: 'windows',
    device: 'desktop',
    name,
    displayName: pick('FileDescription') ?? name,
    bundleId: null,
    releaseVersion: pick('ProductVersion') ?? pick('FileVersion') ?? versionInfo.productVersion,
    buildVersion: null,
    minOsVersion: headers.subsystemVersion,
    size: reader.size,
    archs: arch ? [arch] : [],
    icons: icons.refs,
    details: {
      machine: headers.machine,
      arch,
      peType: headers.peType,
      subsystem: SUBSYSTEMS[headers.subsystem] ?? null,
      subsystemVersion: headers.subsystemVersion,
      osVersion: headers.osVersion,
      timestamp: headers.timestamp === 0 ? null : new Date(headers.timestamp * 1000).toISOString(),
      isDll: (headers.characteristics & 0x2000) !== 0,
      dotnet: (headers.directories[14]?.size ?? 0) > 0,
      signed: (headers.directories[4]?.size ?? 0) > 0,
      packer: sectionNames.has('UPX0') && sectionNames.has('UPX1') ? 'upx' : null,
      sections: headers.sections,
      fileVersion: versionInfo.fileVersion,
      productVersion: versionInfo.productVersion,
      versionLanguage: versionInfo.language,
      versionStrings: strings,
      companyName: pick('CompanyName'),
      fileDescription: pick('FileDescription'),
      productName: pick('ProductName'),
      originalFilename: pick('OriginalFilename'),
      internalName: pick('InternalName'),
      legalCopyright: pick('LegalCopyright'),
      requestedExecutionLevel,
    },
  };
  const best = icons.best;
  return {
    info,
    loadIcon: best ? async () => iconImageToPng(await readResource(reader, headers, best.data, MAX_ICON_BYTES, 'the icon image')) : undefined,
  };
}

export const exeParser: FormatParser = {
  format: 'exe',
  container: 'raw',
  // 'MZ' alone: a PE whose header is cut off still deserves a "truncated" answer.
  match: (ctx) => ctx.head.length >= 2 && ctx.head[0] === 0x4d && ctx.head[1] === 0x5a,
  parse: (ctx: ParseContext) => parsePe(ctx.reader),
};
