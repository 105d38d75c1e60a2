// Mach-O executables, libraries and dSYM companions: the fat header (if any), then each
// slice's mach_header and load commands — never the code itself. From the load commands we
// take the UUID (LC_UUID: what crash reporters match symbols by), the platform and minimum
// OS (LC_BUILD_VERSION or the older LC_VERSION_MIN_*), and whether the App Store encryption
// is on (LC_ENCRYPTION_INFO cryptid). Layouts from <mach-o/loader.h> and <mach-o/fat.h>.
// A slice's code signature (LC_CODE_SIGNATURE) is read by code-signature.ts.
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import { sliceReader } from '../../io/reader.ts';
import { inflatedWindowReader } from '../../zip/window-reader.ts';
import type { ZipArchive, ZipEntry } from '../../zip/zip.ts';

export interface MachOSlice {
  /** arm64, arm64e, armv7, armv7s, armv7k, arm64_32, x86_64, x86_64h, i386 … */
  arch: string;
  cpuType: number;
  /** The subtype without its capability bits (the top byte). */
  cpuSubtype: number;
  /** Where the slice starts in the file (0 for a thin file). */
  offset: number;
  /** The slice's size (the whole file for a thin one). */
  size: number;
  /** execute, dylib, bundle, dsym, object … (unknown when the header could not be read). */
  fileType: string;
  /** LC_UUID, lowercase and dashed. */
  uuid: string | null;
  /** macos, ios, tvos, watchos, maccatalyst, iossimulator, visionos … */
  platform: string | null;
  minOs: string | null;
  sdk: string | null;
  /** LC_ENCRYPTION_INFO(_64) cryptid ≠ 0; null when the slice has no such command. */
  encrypted: boolean | null;
}

export interface MachOInfo {
  fat: boolean;
  slices: MachOSlice[];
}

const MH_MAGIC = 0xfeedface;
const MH_MAGIC_64 = 0xfeedfacf;
const MH_CIGAM = 0xcefaedfe;
const MH_CIGAM_64 = 0xcffaedfe;
const FAT_MAGIC = 0xcafebabe;
const FAT_MAGIC_64 = 0xcafebabf;

/** More slices than this is not a real fat file (Apple ships at most a handful). It also
 * tells a fat header from a Java class file, which shares 0xCAFEBABE: there the next word
 * is the class version (major ≥ 45). */
export const MAX_FAT_ARCHS = 32;
/** Load commands are a few KiB in practice; a header declaring more is lying. */
export const MAX_LOAD_COMMAND_BYTES = 16 * 1024 * 1024;
/** A deflated zip entry is inflated from its start up to a slice's load commands; past this
 * many bytes the slice is reported from its fat_arch entry alone (arch, offset, size). */
export const MAX_INFLATED_PREFIX = 256 * 1024 * 1024;
/** Bytes kept per inflated window: a header and its load commands usually fit in one. */
const WINDOW = 1024 * 1024;

const CPU_ARCH_ABI64 = 0x01000000;
const CPU_ARCH_ABI64_32 = 0x02000000;
const CPU_TYPE_X86 = 7;
const CPU_TYPE_ARM = 12;
const CPU_TYPE_POWERPC = 18;
const KNOWN_CPU_FAMILIES = new Set([1, 6, 7, 10, 11, 12, 13, 14, 15, 18]);

const ARM_SUBTYPES: Record<number, string> = { 5: 'armv4t', 6: 'armv6', 7: 'armv5', 8: 'xscale', 9: 'armv7', 10: 'armv7f', 11: 'armv7s', 12: 'armv7k', 13: 'armv8', 14: 'armv6m', 15: 'armv7m', 16: 'armv7em' };

const FILE_TYPES: Record<number, string> = {
  1: 'object',
  2: 'execute',
  3: 'fvmlib',
  4: 'core',
  5: 'preload',
  6: 'dylib',
  7: 'dylinker',
  8: 'bundle',
  9: 'dylib_stub',
  10: 'dsym',
  11: 'kext_bundle',
  12: 'fileset',
};

/** LC_BUILD_VERSION platform numbers (PLATFORM_* in <mach-o/loader.h>). */
const PLATFORMS: Record<number, string> = {
  1: 'macos',
  2: 'ios',
  3: 'tvos',
  4: 'watchos',
  5: 'bridgeos',
  6: 'maccatalyst',
  7: 'iossimulator',
  8: 'tvossimulator',
  9: 'watchossimulator',
  10: 'driverkit',
  11: 'visionos',
  12: 'visionossimulator',
};

const LC_ENCRYPTION_INFO = 0x21;
const LC_ENCRYPTION_INFO_64 = 0x2c;
const LC_UUID = 0x1b;
const LC_BUILD_VERSION = 0x32;
/** LC_VERSION_MIN_* → the platform each implies. */
const VERSION_MIN: Record<number, string> = { 0x24: 'macos', 0x25: 'ios', 0x2f: 'tvos', 0x30: 'watchos' };

/** The conventional name of a CPU type and subtype, as lipo and Xcode print them. */
export function archName(cpuType: number, cpuSubtype: number): string {
  const sub = cpuSubtype & 0x00ffffff;
  switch (cpuType) {
    case CPU_TYPE_X86:
      return 'i386';
    case CPU_TYPE_X86 | CPU_ARCH_ABI64:
      return sub === 8 ? 'x86_64h' : 'x86_64';
    case CPU_TYPE_ARM:
      return ARM_SUBTYPES[sub] ?? 'arm';
    case CPU_TYPE_ARM | CPU_ARCH_ABI64:
      return sub === 2 ? 'arm64e' : 'arm64';
    case CPU_TYPE_ARM | CPU_ARCH_ABI64_32:
      return 'arm64_32';
    case CPU_TYPE_POWERPC:
      return 'ppc';
    case CPU_TYPE_POWERPC | CPU_ARCH_ABI64:
      return 'ppc64';
    default:
      return `cpu_${cpuType >>> 0}_${sub}`;
  }
}

function isKnownCpu(cpuType: number): boolean {
  const family = cpuType & 0x00ffffff;
  const abi = cpuType & 0xff000000;
  return KNOWN_CPU_FAMILIES.has(family) && (abi === 0 || abi === CPU_ARCH_ABI64 || abi === CPU_ARCH_ABI64_32);
}

/**
 * True when `head` starts a Mach-O file: a thin header (32 or 64 bit, either byte order) or a
 * fat header with a plausible arch count and, when its first entry is in `head`, a known CPU
 * and an offset past the header. A Java class file (also 0xCAFEBABE) fails the count test.
 */
export function isMachO(head: Buffer): boolean {
  if (head.length < 8) return false;
  const magic = head.readUInt32BE(0);
  if (magic === MH_MAGIC || magic === MH_MAGIC_64 || magic === MH_CIGAM || magic === MH_CIGAM_64) return true;
  if (magic !== FAT_MAGIC && magic !== FAT_MAGIC_64) return false;
  const count = head.readUInt32BE(4);
  if (count < 1 || count > MAX_FAT_ARCHS) return false;
  const entrySize = magic === FAT_MAGIC_64 ? 32 : 20;
  if (head.length < 8 + entrySize) return true;
  const cpuType = head.readUInt32BE(8);
  const offset = magic === FAT_MAGIC_64 ? Number(head.readBigUInt64BE(16)) : head.readUInt32BE(16);
  return isKnownCpu(cpuType) && offset >= 8 + count * entrySize;
}

/** 0xXXXXYYZZ → "X.Y" or "X.Y.Z" (the nibble-packed versions of LC_BUILD_VERSION). */
function version(packed: number): string {
  const major = packed >>> 16;
  const minor = (packed >>> 8) & 0xff;
  const patch = packed & 0xff;
  return patch === 0 ? `${major}.${minor}` : `${major}.${minor}.${patch}`;
}

function uuidString(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Reads [offset, offset + length), naming the structure in the error when it is past the end. */
async function readPart(reader: RandomAccessReader, what: string, offset: number, length: number): Promise<Buffer> {
  if (offset + length > reader.size) {
    throw new AppInfoError('truncated', `Bytes ${offset}–${offset + length} (the Mach-O's ${what}) lie past the end of the ${reader.size}-byte file; it is truncated`);
  }
  const bytes = await reader.read(offset, length);
  if (bytes.length < length) {
    throw new AppInfoError('truncated', `The Mach-O's ${what} (bytes ${offset}–${offset + length}) could be read only up to byte ${offset + bytes.length}; it is truncated`);
  }
  return bytes;
}

/** A thin image's header and its load-command bytes, checked against the slice. */
export interface Header {
  u32: (buf: Buffer, at: number) => number;
  cpuType: number;
  cpuSubtype: number;
  fileTypeCode: number;
  ncmds: number;
  sizeofcmds: number;
  commands: Buffer;
}

export async function readHeader(reader: RandomAccessReader, where: string): Promise<Header> {
  // mach_header(_64): magic(0) cputype(4) cpusubtype(8) filetype(12) ncmds(16) sizeofcmds(20)
  // flags(24), then reserved(28) in the 64-bit form; load commands follow at 28 or 32.
  const magicBE = (await readPart(reader, `header${where}`, 0, 4)).readUInt32BE(0);
  let le: boolean;
  let is64: boolean;
  if (magicBE === MH_MAGIC || magicBE === MH_MAGIC_64) {
    le = false;
    is64 = magicBE === MH_MAGIC_64;
  } else if (magicBE === MH_CIGAM || magicBE === MH_CIGAM_64) {
    le = true;
    is64 = magicBE === MH_CIGAM_64;
  } else {
    throw new AppInfoError('corrupt_file', `Expected a Mach-O header${where} (magic feedface or feedfacf, either byte order), found bytes ${magicBE.toString(16).padStart(8, '0')}`);
  }
  const u32 = (buf: Buffer, at: number) => (le ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const headerSize = is64 ? 32 : 28;
  const head = await readPart(reader, `header${where}`, 0, headerSize);
  const ncmds = u32(head, 16);
  const sizeofcmds = u32(head, 20);
  if (sizeofcmds > MAX_LOAD_COMMAND_BYTES) {
    throw new AppInfoError('limit_exceeded', `The Mach-O header${where} declares ${sizeofcmds} bytes of load commands, more than the ${MAX_LOAD_COMMAND_BYTES} allowed; the file is corrupt`);
  }
  // Each load command is at least 8 bytes (cmd, cmdsize), so ncmds cannot exceed this.
  if (ncmds > sizeofcmds / 8) {
    throw new AppInfoError('corrupt_file', `The Mach-O header${where} declares ${ncmds} load commands in ${sizeofcmds} bytes, which cannot hold them; the file is corrupt`);
  }
  const commands = await readPart(reader, `load commands${where}`, headerSize, sizeofcmds);
  const cpuSubtype = u32(head, 8) & 0x00ffffff;
  return { u32, cpuType: u32(head, 4) | 0, cpuSubtype, fileTypeCode: u32(head, 12), ncmds, sizeofcmds, commands };
}

/** Each load command as (cmd, body), checking that every one fits in sizeofcmds. */
export function* loadCommands(header: Header, where: string): Generator<{ cmd: number; body: Buffer }> {
  const { u32, ncmds, sizeofcmds, commands } = header;
  let at = 0;
  for (let i = 0; i < ncmds; i++) {
    // load_command: cmd(0) cmdsize(4), then the command's own fields.
    if (at + 8 > sizeofcmds) {
      throw new AppInfoError('corrupt_file', `Mach-O load command ${i + 1} of ${ncmds}${where} starts at byte ${at}, past the ${sizeofcmds} bytes of load commands declared; the file is corrupt`);
    }
    const cmd = u32(commands, at) & 0x7fffffff; // the top bit is LC_REQ_DYLD
    const cmdsize = u32(commands, at + 4);
    if (cmdsize < 8 || at + cmdsize > sizeofcmds) {
      throw new AppInfoError('corrupt_file', `Mach-O load command ${i + 1} of ${ncmds}${where} declares ${cmdsize} bytes, which does not fit the ${sizeofcmds - at} bytes left; the file is corrupt`);
    }
    yield { cmd, body: commands.subarray(at, at + cmdsize) };
    at += cmdsize;
  }
}

/** One thin Mach-O image: the reader spans exactly the slice. */
async function parseSlice(reader: RandomAccessReader, offset: number, where: string): Promise<MachOSlice> {
  const header = await readHeader(reader, where);
  const { u32 } = header;
  const slice: MachOSlice = {
    arch: archName(header.cpuType, header.cpuSubtype),
    cpuType: header.cpuType,
    cpuSubtype: header.cpuSubtype,
    offset,
    size: reader.size,
    fileType: FILE_TYPES[header.fileTypeCode] ?? `unknown_${header.fileTypeCode}`,
    uuid: null,
    platform: null,
    minOs: null,
    sdk: null,
    encrypted: null,
  };
  // A zippered binary has two LC_BUILD_VERSIONs (macos, then maccatalyst): the first is the
  // platform it was built for. LC_BUILD_VERSION wins over the older LC_VERSION_MIN_*.
  let fromBuildVersion = false;
  for (const { cmd, body } of loadCommands(header, where)) {
    if (cmd === LC_UUID && body.length >= 24) {
      // uuid_command: cmd cmdsize uuid[16](8)
      slice.uuid = uuidString(body.subarray(8, 24));
    } else if (cmd === LC_BUILD_VERSION && body.length >= 24 && !fromBuildVersion) {
      // build_version_command: cmd cmdsize platform(8) minos(12) sdk(16) ntools(20)
      const platform = u32(body, 8);
      slice.platform = PLATFORMS[platform] ?? `unknown_${platform}`;
      slice.minOs = version(u32(body, 12));
      const sdk = u32(body, 16);
      slice.sdk = sdk === 0 ? null : version(sdk);
      fromBuildVersion = true;
    } else if (VERSION_MIN[cmd] !== undefined && body.length >= 16 && !fromBuildVersion) {
      // version_min_command: cmd cmdsize version(8) sdk(12)
      slice.platform = VERSION_MIN[cmd];
      slice.minOs = version(u32(body, 8));
      const sdk = u32(body, 12);
      slice.sdk = sdk === 0 ? null : version(sdk);
    } else if ((cmd === LC_ENCRYPTION_INFO || cmd === LC_ENCRYPTION_INFO_64) && body.length >= 20) {
      // encryption_info_command(_64): cmd cmdsize cryptoff(8) cryptsize(12) cryptid(16)
      slice.encrypted = slice.encrypted === true || u32(body, 16) !== 0;
    }
  }
  return slice;
}

/** A fat slice's identity from its fat_arch entry alone, when its header is out of reach. */
function sliceFromFatArch(cpuType: number, cpuSubtype: number, offset: number, size: number): MachOSlice {
  const sub = cpuSubtype & 0x00ffffff;
  return { arch: archName(cpuType, sub), cpuType, cpuSubtype: sub, offset, size, fileType: 'unknown', uuid: null, platform: null, minOs: null, sdk: null, encrypted: null };
}

/** Thrown by the growing prefix reader when a slice lies past MAX_INFLATED_PREFIX. */
class PrefixLimit extends AppInfoError {}

/** Parses a Mach-O file, thin or fat, reading only headers and load commands. */
export async function parseMachO(reader: RandomAccessReader): Promise<MachOInfo> {
  const start = await readPart(reader, 'header', 0, 8);
  const magic = start.readUInt32BE(0);
  if (magic !== FAT_MAGIC && magic !== FAT_MAGIC_64) {
    return { fat: false, slices: [await parseSlice(reader, 0, '')] };
  }
  // fat_header (big-endian): magic(0) nfat_arch(4); then nfat_arch entries of
  // fat_arch:    cputype(0) cpusubtype(4) offset(8) size(12) align(16)            = 20 bytes
  // fat_arch_64: cputype(0) cpusubtype(4) offset(8, u64) size(16, u64) align(24) reserved(28) = 32
  const is64 = magic === FAT_MAGIC_64;
  const count = start.readUInt32BE(4);
  if (count === 0) throw new AppInfoError('corrupt_file', 'The fat Mach-O header declares no architectures; the file is corrupt');
  if (count > MAX_FAT_ARCHS) {
    throw new AppInfoError('limit_exceeded', `The fat Mach-O header declares ${count} architectures, more than the ${MAX_FAT_ARCHS} allowed; the file is corrupt or not a Mach-O`);
  }
  const entrySize = is64 ? 32 : 20;
  const tableEnd = 8 + count * entrySize;
  const table = await readPart(reader, 'fat header', 8, count * entrySize);
  const entries: { cpuType: number; cpuSubtype: number; offset: number; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * entrySize;
    const cpuType = table.readUInt32BE(at) | 0;
    const cpuSubtype = table.readUInt32BE(at + 4);
    const offset = is64 ? Number(table.readBigUInt64BE(at + 8)) : table.readUInt32BE(at + 8);
    const size = is64 ? Number(table.readBigUInt64BE(at + 16)) : table.readUInt32BE(at + 12);
    if (offset < tableEnd || !Number.isSafeInteger(offset + size) || offset + size > reader.size) {
      throw new AppInfoError(
        offset < tableEnd ? 'corrupt_file' : 'truncated',
        `Fat Mach-O slice ${i + 1} (${archName(cpuType, cpuSubtype)}) declares bytes ${offset}–${offset + size}, outside the ${tableEnd}–${reader.size} the file holds after its header; the file is truncated or corrupt`,
      );
    }
    entries.push({ cpuType, cpuSubtype, offset, size });
  }
  const sorted = [...entries].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (current.offset < previous.offset + previous.size) {
      throw new AppInfoError('corrupt_file', `Fat Mach-O slices ${archName(previous.cpuType, previous.cpuSubtype)} and ${archName(current.cpuType, current.cpuSubtype)} overlap (bytes ${previous.offset}–${previous.offset + previous.size} and ${current.offset}–${current.offset + current.size}); the file is corrupt`);
    }
  }
  const slices: MachOSlice[] = [];
  for (const entry of entries) {
    const where = ` of the ${archName(entry.cpuType, entry.cpuSubtype)} slice at byte ${entry.offset}`;
    try {
      slices.push(await parseSlice(sliceReader(reader, entry.offset, entry.size), entry.offset, where));
    } catch (error) {
      if (!(error instanceof PrefixLimit)) throw error;
      slices.push(sliceFromFatArch(entry.cpuType, entry.cpuSubtype, entry.offset, entry.size));
    }
  }
  return { fat: true, slices };
}

/**
 * A reader over a deflated zip entry. Each read that misses the current window inflates the
 * entry from its start, discarding bytes up to the offset, and keeps a window of at least
 * WINDOW bytes: memory stays at one window whatever the entry's size. Reads past
 * MAX_INFLATED_PREFIX are refused, which bounds the time spent inflating.
 */
function prefixReader(zip: ZipArchive, entry: ZipEntry): RandomAccessReader {
  const size = entry.uncompressedSize;
  return inflatedWindowReader(zip, entry, (offset, end) => {
    if (end > MAX_INFLATED_PREFIX) {
      throw new PrefixLimit('limit_exceeded', `Reading the Mach-O headers of "${entry.name}" would inflate more than ${MAX_INFLATED_PREFIX} bytes`);
    }
    return { start: offset, length: Math.min(size - offset, Math.max(end - offset, WINDOW)) };
  });
}

/**
 * Random access to a Mach-O inside a zip: direct when the entry is stored; when deflated,
 * through an inflated prefix that grows as needed up to MAX_INFLATED_PREFIX bytes (reads past
 * that throw limit_exceeded). `inflated` says which, so callers can skip far reads.
 */
export async function machOEntryReader(zip: ZipArchive, entry: ZipEntry): Promise<{ reader: RandomAccessReader; inflated: boolean }> {
  const stored = await zip.storedReader(entry);
  return stored ? { reader: stored, inflated: false } : { reader: prefixReader(zip, entry), inflated: true };
}

/** Parses a Mach-O inside a zip: random access when stored, a bounded inflated prefix otherwise. */
export async function parseMachOEntry(zip: ZipArchive, entry: ZipEntry): Promise<MachOInfo> {
  if (entry.uncompressedSize === 0) throw new AppInfoError('corrupt_file', `The Mach-O "${entry.name}" is empty (0 bytes)`);
  const { reader } = await machOEntryReader(zip, entry);
  try {
    return await parseMachO(reader);
  } catch (error) {
    if (error instanceof AppInfoError) {
      throw new AppInfoError(error.code, `In "${entry.name}": ${error.message}`, { cause: error });
    }
    throw error;
  }
}
