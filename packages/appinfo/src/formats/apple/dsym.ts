// Zipped dSYM debug-symbol bundles, as Xcode and CI upload them: one or many `X.dSYM`
// folders, at the top of the archive or inside a folder (an xcarchive's dSYMs/). A bundle is
//   X.dSYM/Contents/Info.plist                     CFBundleIdentifier com.apple.xcode.dsym.<app id>, versions
//   X.dSYM/Contents/Resources/DWARF/<object>       a Mach-O (file type dsym), thin or fat
// Crash reporters match symbols by each slice's LC_UUID, so every slice of every object is
// listed with its UUID, architecture and size. Only the Mach-O headers are read, never the
// DWARF sections.
import { AppInfoError } from '../../errors.ts';
import type { InfoOf, Platform } from '../../types.ts';
import type { ZipArchive, ZipEntry } from '../../zip/zip.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import type { MachOSlice } from './macho.ts';
import { parseMachOEntry } from './macho.ts';
import { parsePlist, plistDict, plistString } from '../../plist/index.ts';

export interface DsymSlice {
  /** LC_UUID, lowercase and dashed: what crash reports reference. */
  uuid: string | null;
  arch: string;
  cpuType: number;
  /** The slice's size (the whole object for a thin file). */
  size: number;
}

export interface DsymObject {
  /** The object's file name: the executable or framework it describes. */
  name: string;
  path: string;
  /** Uncompressed size of the DWARF file. */
  size: number;
  slices: DsymSlice[];
}

export interface DsymBundle {
  /** The bundle folder inside the zip. */
  path: string;
  /** The bundle folder's name: "iOS.app.dSYM". */
  name: string;
  /** The app's bundle id (the dSYM's CFBundleIdentifier without com.apple.xcode.dsym.). */
  bundleId: string | null;
  releaseVersion: string | null;
  buildVersion: string | null;
  objects: DsymObject[];
}

export interface DsymDetails {
  bundles: DsymBundle[];
}

export type DsymInfo = InfoOf<'dsym', DsymDetails>;

/** An xcarchive of a large app has a few hundred (one per framework); more is not a dSYM upload. */
const MAX_BUNDLES = 1000;
const MAX_OBJECTS = 2000;
const MAX_INFO_PLIST_BYTES = 1024 * 1024;
const DSYM_ID_PREFIX = 'com.apple.xcode.dsym.';

/** The `.dSYM` folder an entry lies in (at most three folders down), or null. */
const BUNDLE = /^((?:[^/]+\/){0,3}?[^/]+\.dsym)\//i;

function isJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('._'));
}

function bundleOf(name: string): string | null {
  if (isJunk(name)) return null;
  return BUNDLE.exec(name)?.[1] ?? null;
}

const IOS_FAMILY = new Set(['ios', 'iossimulator', 'tvos', 'tvossimulator', 'watchos', 'watchossimulator', 'visionos', 'visionossimulator']);

/** The slices' platform (from LC_BUILD_VERSION); without one, 32-bit ARM is iOS and Intel macOS. */
function platformOf(slices: MachOSlice[]): Platform {
  const named = slices.find((s) => s.platform !== null)?.platform;
  if (named) return IOS_FAMILY.has(named) ? 'ios' : 'macos';
  if (slices.length > 0 && slices.every((s) => s.arch === 'x86_64' || s.arch === 'x86_64h' || s.arch === 'i386')) return 'macos';
  return 'ios';
}

export async function parseDsym(zip: ZipArchive, size: number): Promise<Parsed<DsymInfo>> {
  // Group entries by bundle, in archive order.
  const groups = new Map<string, ZipEntry[]>();
  for (const entry of zip.entries) {
    const bundle = bundleOf(entry.name);
    if (bundle === null) continue;
    let list = groups.get(bundle);
    if (!list) {
      if (groups.size >= MAX_BUNDLES) throw new AppInfoError('limit_exceeded', `The zip holds more than ${MAX_BUNDLES} .dSYM bundles; split the upload`);
      list = [];
      groups.set(bundle, list);
    }
    list.push(entry);
  }
  if (groups.size === 0) throw new AppInfoError('missing_entry', 'No .dSYM bundle in the zip; zip the X.dSYM folders Xcode writes (at the top or inside one folder)');

  const bundles: DsymBundle[] = [];
  const allSlices: MachOSlice[] = [];
  let objectCount = 0;
  for (const [path, entries] of groups) {
    const inner = (entry: ZipEntry) => entry.name.slice(path.length + 1);
    const plistEntry = entries.find((e) => !e.isDirectory && inner(e).toLowerCase() === 'contents/info.plist');
    let bundleId: string | null = null;
    let releaseVersion: string | null = null;
    let buildVersion: string | null = null;
    if (plistEntry) {
      const plist = plistDict(parsePlist(await zip.read(plistEntry, { maxBytes: MAX_INFO_PLIST_BYTES })), plistEntry.name);
      const id = plistString(plist, 'CFBundleIdentifier');
      bundleId = id !== null && id.startsWith(DSYM_ID_PREFIX) ? id.slice(DSYM_ID_PREFIX.length) : id;
      releaseVersion = plistString(plist, 'CFBundleShortVersionString');
      buildVersion = plistString(plist, 'CFBundleVersion');
    }
    const objects: DsymObject[] = [];
    for (const entry of entries) {
      if (entry.isDirectory) continue;
      const match = /^contents\/resources\/dwarf\/([^/]+)$/i.exec(inner(entry));
      if (!match) continue;
      if (++objectCount > MAX_OBJECTS) throw new AppInfoError('limit_exceeded', `The zip holds more than ${MAX_OBJECTS} DWARF files; split the upload`);
      const machO = await parseMachOEntry(zip, entry);
      allSlices.push(...machO.slices);
      objects.push({
        name: match[1]!,
        path: entry.name,
        size: entry.uncompressedSize,
        slices: machO.slices.map((s) => ({ uuid: s.uuid, arch: s.arch, cpuType: s.cpuType, size: s.size })),
      });
    }
    bundles.push({ path, name: path.split('/').pop()!, bundleId, releaseVersion, buildVersion, objects });
  }
  if (objectCount === 0) {
    throw new AppInfoError(
      'missing_entry',
      `The dSYM bundle ${bundles.map((b) => `"${b.path}"`).slice(0, 3).join(', ')} holds no Contents/Resources/DWARF/<object> file, so there are no debug symbols to read; zip the complete .dSYM folder`,
    );
  }

  const first = bundles.find((b) => b.objects.length > 0)!;
  const info: DsymInfo = {
    format: 'dsym',
    platform: platformOf(allSlices),
    device: 'unknown',
    name: first.objects[0]!.name,
    displayName: null,
    bundleId: first.bundleId,
    releaseVersion: first.releaseVersion,
    buildVersion: first.buildVersion,
    minOsVersion: allSlices.find((s) => s.minOs !== null)?.minOs ?? null,
    size,
    archs: [...new Set(allSlices.map((s) => s.arch))],
    icons: [],
    details: { bundles },
  };
  return { info };
}

export const dsymParser: FormatParser = {
  format: 'dsym',
  container: 'zip',
  match: (ctx: ParseContext) => ctx.zip !== null && ctx.zip.entries.some((entry) => bundleOf(entry.name) !== null),
  parse: (ctx: ParseContext) => parseDsym(ctx.zip!, ctx.reader.size),
};
