// AppImage: an ELF executable (the runtime) with the application's file system appended.
// The ELF identification bytes carry the AppImage magic: "AI" at @8 and the type at @10
// (1: an ISO 9660 image follows; 2: a squashfs image follows). For type 2 the squashfs
// starts where the ELF ends, i.e. right after its section header table
// (e_shoff + e_shentsize × e_shnum), which is how the AppImage runtime finds it.
//
// ELF header (fields used; 32-bit / 64-bit offsets):
//   @0 7F "ELF", @4 class (1 32-bit, 2 64-bit), @5 data (1 little-, 2 big-endian),
//   @18 u16 machine (3 x86, 40 arm, 62 x86_64, 183 aarch64, 243 riscv),
//   e_shoff @32 (u32) / @40 (u64), e_shentsize @46 / @58, e_shnum @48 / @60.
//
// From the squashfs root it reads the .desktop entry (name, version, icon name) and the
// icon (.DirIcon, or the Icon= name with .png). Squashfs compressed with gzip, xz or zstd
// is read; lzma, lzo and lz4 images are reported with `desktopEntry: null`.
import { AppInfoError } from '../../errors.ts';
import { isPng, pngSize } from '../../image/png.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import type { IconRef, InfoOf } from '../../types.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import type { Squashfs, SquashfsEntry } from './squashfs.ts';
import { openSquashfs } from './squashfs.ts';

const MAX_DESKTOP_BYTES = 1024 * 1024;
const MAX_ICON_BYTES = 16 * 1024 * 1024;

const MACHINES: Record<number, string> = { 3: 'x86', 40: 'arm', 62: 'x86_64', 183: 'arm64', 243: 'riscv64', 8: 'mips', 21: 'ppc64' };

export interface AppImageDetails {
  /** 1 (ISO 9660) or 2 (squashfs). */
  appImageType: 1 | 2;
  elfClass: 32 | 64;
  machine: number;
  /** Where the embedded file system starts. */
  payloadOffset: number;
  /** Squashfs facts (type 2), or null. */
  squashfs: { compression: string; blockSize: number; inodeCount: number; bytesUsed: number } | null;
  /** Name of the .desktop file in the image root. */
  desktopFile: string | null;
  /** The [Desktop Entry] group, verbatim (keys with locales like Name[de] included). */
  desktopEntry: Record<string, string> | null;
  categories: string[];
  exec: string | null;
  comment: string | null;
  /** The icon file read from the image root, when there is one. */
  iconFile: string | null;
}

export type AppImageInfo = InfoOf<'appimage', AppImageDetails>;

function corrupt(message: string): never {
  throw new AppInfoError('corrupt_file', `The AppImage is corrupt: ${message}`);
}

/** The [Desktop Entry] group of a freedesktop .desktop file, keys verbatim. */
export function parseDesktopEntry(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let inEntry = false;
  let count = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      if (inEntry) break;
      inEntry = line === '[Desktop Entry]';
      continue;
    }
    if (!inEntry) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    if (++count > 1000) throw new AppInfoError('limit_exceeded', 'The AppImage .desktop entry has more than 1000 keys');
    const key = line.slice(0, eq).trim();
    if (!Object.hasOwn(out, key)) out[key] = line.slice(eq + 1).trim();
  }
  return out;
}

interface Elf {
  elfClass: 32 | 64;
  machine: number;
  end: number;
}

function readElf(head: Buffer, size: number): Elf {
  if (head.length < 64) throw new AppInfoError('truncated', `The AppImage is ${size} bytes, too short for an ELF header`);
  const elfClass = head[4];
  const little = head[5] === 1;
  if (elfClass !== 1 && elfClass !== 2) corrupt(`ELF class ${elfClass} (expected 1 or 2)`);
  if (head[5] !== 1 && head[5] !== 2) corrupt(`ELF data encoding ${head[5]} (expected 1 or 2)`);
  const u16 = (at: number) => (little ? head.readUInt16LE(at) : head.readUInt16BE(at));
  const u32 = (at: number) => (little ? head.readUInt32LE(at) : head.readUInt32BE(at));
  const u64 = (at: number) => Number(little ? head.readBigUInt64LE(at) : head.readBigUInt64BE(at));
  const wide = elfClass === 2;
  const shoff = wide ? u64(40) : u32(32);
  const shentsize = u16(wide ? 58 : 46);
  const shnum = u16(wide ? 60 : 48);
  const end = shoff + shentsize * shnum;
  if (!Number.isSafeInteger(end) || end > size) {
    throw new AppInfoError('truncated', `The AppImage is truncated: its ELF section headers end at byte ${end}, past the end of the ${size}-byte file`);
  }
  return { elfClass: wide ? 64 : 32, machine: u16(18), end };
}

async function readIcon(
  fs: Squashfs,
  root: SquashfsEntry[],
  iconName: string | null,
): Promise<{ entry: SquashfsEntry; bytes: Buffer } | null> {
  const candidates = [fs.find(root, '.DirIcon'), iconName ? fs.find(root, `${iconName}.png`) : undefined, iconName ? fs.find(root, iconName) : undefined];
  for (const entry of candidates) {
    if (!entry) continue;
    const bytes = await fs.readFile(entry, MAX_ICON_BYTES);
    if (isPng(bytes)) return { entry, bytes };
  }
  return null;
}

export async function parseAppImage(reader: RandomAccessReader, head: Buffer): Promise<Parsed> {
  const elf = readElf(head, reader.size);
  const type = head[10] === 1 ? 1 : 2;
  const arch = MACHINES[elf.machine] ?? null;
  let fs: Squashfs | null = null;
  let desktopFile: string | null = null;
  let desktopEntry: Record<string, string> | null = null;
  let icon: { entry: SquashfsEntry; bytes: Buffer } | null = null;
  if (type === 2) {
    fs = await openSquashfs(reader, elf.end);
    if (fs.readable) {
      const root = await fs.listRoot();
      const desktop = root.filter((e) => e.name.endsWith('.desktop')).sort((a, b) => a.name.localeCompare(b.name))[0];
      if (desktop) {
        desktopFile = desktop.name;
        desktopEntry = parseDesktopEntry((await fs.readFile(desktop, MAX_DESKTOP_BYTES)).toString('utf8'));
      }
      icon = await readIcon(fs, root, desktopEntry?.Icon ?? null);
    }
  }
  const entry = (key: string) => desktopEntry?.[key] ?? null;
  const icons: IconRef[] = [];
  if (icon) {
    const dims = pngSize(icon.bytes);
    icons.push({ path: icon.entry.name, width: dims?.width ?? null, height: dims?.height ?? null, kind: 'png' });
  }
  const info: AppImageInfo = {
    format: 'appimage',
    platform: 'linux',
    device: 'desktop',
    name: entry('Name'),
    displayName: entry('Name'),
    // The desktop file's name is the application's id (reverse-DNS in AppStream terms).
    bundleId: desktopFile ? desktopFile.replace(/\.desktop$/, '') : null,
    releaseVersion: entry('X-AppImage-Version'),
    buildVersion: null,
    minOsVersion: null,
    size: reader.size,
    archs: arch ? [arch] : [],
    icons,
    details: {
      appImageType: type,
      elfClass: elf.elfClass,
      machine: elf.machine,
      payloadOffset: elf.end,
      squashfs: fs ? { compression: fs.compression, blockSize: fs.blockSize, inodeCount: fs.inodeCount, bytesUsed: fs.bytesUsed } : null,
      desktopFile,
      desktopEntry,
      categories: (entry('Categories') ?? '').split(';').filter((c) => c !== ''),
      exec: entry('Exec'),
      comment: entry('Comment'),
      iconFile: icon?.entry.name ?? null,
    },
  };
  const iconBytes = icon?.bytes ?? null;
  return { info, loadIcon: async () => iconBytes };
}

export const appImageParser: FormatParser = {
  format: 'appimage',
  container: 'raw',
  match: (ctx) =>
    ctx.head.length >= 11 &&
    ctx.head[0] === 0x7f &&
    ctx.head.toString('latin1', 1, 4) === 'ELF' &&
    ctx.head[8] === 0x41 &&
    ctx.head[9] === 0x49 &&
    (ctx.head[10] === 1 || ctx.head[10] === 2),
  parse: (ctx: ParseContext) => parseAppImage(ctx.reader, ctx.head),
};
