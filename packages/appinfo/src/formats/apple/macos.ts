// A zipped macOS application: `<Name>.app/Contents/…` at the top of the archive or one
// folder down. Read: Contents/Info.plist, the executable's Mach-O headers (archs, min OS)
// and its code signature when that is cheap (identity, team, entitlements),
// Contents/embedded.provisionprofile when present, and the .icns icon on request.
//
//   X.app/Contents/Info.plist                  bundle id, versions, LSMinimumSystemVersion …
//   X.app/Contents/MacOS/<CFBundleExecutable>  the Mach-O
//   X.app/Contents/_CodeSignature/CodeResources  present once the bundle is code signed
//   X.app/Contents/_MASReceipt/receipt         present in apps installed from the Mac App Store
//   X.app/Contents/embedded.provisionprofile   Developer ID / App Store / development profile
//   X.app/Contents/Resources/<CFBundleIconFile>.icns
import { AppInfoError } from '../../errors.ts';
import type { IconRef, InfoOf } from '../../types.ts';
import type { ZipArchive, ZipEntry } from '../../zip/zip.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import { MAX_ICNS_BYTES, icnsLargestSize, icnsToPng, parseIcns } from './icns.ts';
import { findCodeSignature, parseCodeSignature } from './code-signature.ts';
import type { CodeSignature } from './code-signature.ts';
import type { MachOInfo } from './macho.ts';
import { machOEntryReader, parseMachOEntry } from './macho.ts';
import { parsePlist, plistDict, plistString, plistToJson } from '../../plist/index.ts';
import type { ProvisioningProfile } from './provisioning.ts';
import { MAX_PROFILE_BYTES, parseProvisioningProfile } from './provisioning.ts';

/** Info.plists are a few KiB; a large one with many document types stays under this. */
const MAX_INFO_PLIST_BYTES = 4 * 1024 * 1024;
/** A deflated executable is inflated up to its code signature only within this many bytes. */
const MAX_SIGNATURE_INFLATE = 64 * 1024 * 1024;

/** `Name.app/Contents/Info.plist`, or `Folder/Name.app/Contents/Info.plist`. */
const INFO_PLIST = /^(?:([^/]+)\/)?([^/]+\.app)\/Contents\/Info\.plist$/;

export interface MacosSigning {
  /** The identity of the signing certificate ("Apple Development: …", "Developer ID Application: …"); null when ad-hoc or not read. */
  identity: string | null;
  teamId: string | null;
  /** The code directory's identifier. */
  identifier: string | null;
  adhoc: boolean;
  hardenedRuntime: boolean;
  /** The certificate chain, signer first (codesign's Authority= lines). */
  authorities: string[];
}

export interface MacosAppDetails {
  /** The .app folder inside the zip: "GuiApp.app" or "Folder/GuiApp.app". */
  bundlePath: string;
  executable: string | null;
  /** LSApplicationCategoryType: public.app-category.developer-tools … */
  category: string | null;
  copyright: string | null;
  /** CFBundleIconFile / CFBundleIconName as written. */
  iconFile: string | null;
  iconName: string | null;
  /** The bundle carries a code signature (_CodeSignature/CodeResources or LC_CODE_SIGNATURE). */
  signed: boolean;
  /** The executable's signature, when it could be read cheaply; null when unsigned or out of reach. */
  signing: MacosSigning | null;
  /**
   * How the build is distributed, as Zealot (through the app-info gem) classifies macOS apps:
   * app_store with a Mac App Store receipt, release with an embedded provisioning profile,
   * debug otherwise.
   */
  releaseType: 'app_store' | 'release' | 'debug';
  provisioningProfile: ProvisioningProfile | null;
  /** Entitlements from the code signature, verbatim. */
  entitlements: Record<string, unknown> | null;
  /** The executable's Mach-O slices. */
  machO: MachOInfo | null;
  /** Names of bundled frameworks (Contents/Frameworks/*.framework) and plug-ins (Contents/PlugIns/*). */
  frameworks: string[];
  plugins: string[];
  infoPlist: unknown;
}

export type MacosAppInfo = InfoOf<'macos_app', MacosAppDetails>;

function isJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('._'));
}

/** The shallowest `X.app/Contents/Info.plist` in the archive. */
function findInfoPlist(zip: ZipArchive): { entry: ZipEntry; bundlePath: string } | null {
  let best: { entry: ZipEntry; bundlePath: string; depth: number } | null = null;
  for (const entry of zip.entries) {
    if (entry.isDirectory || isJunk(entry.name)) continue;
    const match = INFO_PLIST.exec(entry.name);
    if (!match) continue;
    const depth = match[1] === undefined ? 0 : 1;
    if (!best || depth < best.depth) best = { entry, bundlePath: match[1] === undefined ? match[2]! : `${match[1]}/${match[2]}`, depth };
  }
  return best && { entry: best.entry, bundlePath: best.bundlePath };
}

/** Immediate children of `folder` whose names end in one of `suffixes`. */
function childBundles(zip: ZipArchive, folder: string, suffixes: string[]): string[] {
  const names = new Set<string>();
  for (const entry of zip.entries) {
    if (!entry.name.startsWith(folder)) continue;
    const child = entry.name.slice(folder.length).split('/')[0]!;
    if (suffixes.some((suffix) => child.endsWith(suffix)) && names.size < 1000) names.add(child);
  }
  return [...names].sort();
}

/**
 * The code signature of the executable's first slice (every slice is signed by the same
 * identity). A signature that is out of cheap reach or does not parse is left unread (null):
 * it does not make the app itself unreadable.
 */
async function readSigning(zip: ZipArchive, entry: ZipEntry, machO: MachOInfo): Promise<CodeSignature | null> {
  const slice = [...machO.slices].sort((a, b) => a.offset - b.offset)[0];
  if (!slice) return null;
  try {
    const { reader, inflated } = await machOEntryReader(zip, entry);
    const location = await findCodeSignature(reader, slice);
    if (!location) return null;
    // A deflated executable must be inflated up to its signature (the end of its first
    // slice); past this bound that is no longer cheap.
    if (inflated && location.offset + location.size > MAX_SIGNATURE_INFLATE) return null;
    return parseCodeSignature(await reader.read(location.offset, location.size));
  } catch (error) {
    if (error instanceof AppInfoError) return null;
    throw error;
  }
}

function entitlementsOf(signature: CodeSignature | null): Record<string, unknown> | null {
  if (!signature?.entitlements) return null;
  try {
    const value = parsePlist(signature.entitlements);
    return plistToJson(plistDict(value, 'The entitlements')) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof AppInfoError) return null;
    throw error;
  }
}

export async function parseMacosApp(zip: ZipArchive, size: number): Promise<Parsed<MacosAppInfo>> {
  const found = findInfoPlist(zip);
  if (!found) throw new AppInfoError('missing_entry', 'No <Name>.app/Contents/Info.plist in the zip; a macOS app must be zipped with its .app folder at the top or one folder down');
  const { entry, bundlePath } = found;
  const contents = `${bundlePath}/Contents/`;
  const plist = plistDict(parsePlist(await zip.read(entry, { maxBytes: MAX_INFO_PLIST_BYTES })), `${entry.name}`);

  const executable = plistString(plist, 'CFBundleExecutable');
  let machO: MachOInfo | null = null;
  let signature: CodeSignature | null = null;
  const executableEntry = executable && !executable.includes('/') ? zip.get(`${contents}MacOS/${executable}`) : undefined;
  if (executableEntry) {
    machO = await parseMachOEntry(zip, executableEntry);
    signature = await readSigning(zip, executableEntry, machO);
  }

  let provisioningProfile: ProvisioningProfile | null = null;
  const profileEntry = zip.get(`${contents}embedded.provisionprofile`);
  if (profileEntry) provisioningProfile = parseProvisioningProfile(await zip.read(profileEntry, { maxBytes: MAX_PROFILE_BYTES }));

  const iconFile = plistString(plist, 'CFBundleIconFile');
  const iconCandidates = [
    ...(iconFile && !iconFile.includes('/') ? [iconFile.toLowerCase().endsWith('.icns') ? iconFile : `${iconFile}.icns`] : []),
    'AppIcon.icns',
  ].map((name) => `${contents}Resources/${name}`);
  const iconEntry = iconCandidates.map((name) => zip.get(name)).find((e) => e !== undefined && e.uncompressedSize <= MAX_ICNS_BYTES);
  const icons: IconRef[] = [];
  if (iconEntry) {
    let dimensions: { width: number; height: number } | null = null;
    try {
      dimensions = icnsLargestSize(parseIcns(await zip.read(iconEntry, { maxBytes: MAX_ICNS_BYTES })));
    } catch (error) {
      // A broken icon is reported without a size; it does not make the app unreadable.
      if (!(error instanceof AppInfoError)) throw error;
    }
    icons.push({ path: iconEntry.name, width: dimensions?.width ?? null, height: dimensions?.height ?? null, kind: 'icns' });
  }

  const signed = zip.get(`${contents}_CodeSignature/CodeResources`) !== undefined || signature !== null;
  const releaseType = zip.get(`${contents}_MASReceipt/receipt`) ? 'app_store' : provisioningProfile ? 'release' : 'debug';
  const slices = machO?.slices ?? [];
  const info: MacosAppInfo = {
    format: 'macos_app',
    platform: 'macos',
    device: 'mac',
    name: plistString(plist, 'CFBundleName'),
    displayName: plistString(plist, 'CFBundleDisplayName') ?? plistString(plist, 'CFBundleName'),
    bundleId: plistString(plist, 'CFBundleIdentifier'),
    releaseVersion: plistString(plist, 'CFBundleShortVersionString'),
    buildVersion: plistString(plist, 'CFBundleVersion'),
    minOsVersion: plistString(plist, 'LSMinimumSystemVersion') ?? slices.find((s) => s.minOs)?.minOs ?? null,
    size,
    archs: [...new Set(slices.map((s) => s.arch))],
    icons,
    details: {
      bundlePath,
      executable,
      category: plistString(plist, 'LSApplicationCategoryType'),
      copyright: plistString(plist, 'NSHumanReadableCopyright'),
      iconFile,
      iconName: plistString(plist, 'CFBundleIconName'),
      signed,
      signing: signature && {
        identity: signature.identity,
        teamId: signature.teamId,
        identifier: signature.identifier,
        adhoc: signature.adhoc,
        hardenedRuntime: signature.hardenedRuntime,
        authorities: signature.authorities,
      },
      releaseType,
      provisioningProfile,
      entitlements: entitlementsOf(signature),
      machO,
      frameworks: childBundles(zip, `${contents}Frameworks/`, ['.framework', '.dylib']),
      plugins: childBundles(zip, `${contents}PlugIns/`, ['.appex', '.plugin', '.bundle']),
      infoPlist: plistToJson(plist),
    },
  };
  return {
    info,
    loadIcon: async () => {
      if (!iconEntry) return null;
      try {
        return icnsToPng(await zip.read(iconEntry, { maxBytes: MAX_ICNS_BYTES }));
      } catch (error) {
        // A corrupt .icns means no icon, not an unreadable app.
        if (error instanceof AppInfoError) return null;
        throw error;
      }
    },
  };
}

export const macosAppParser: FormatParser = {
  format: 'macos_app',
  container: 'zip',
  match: (ctx: ParseContext) => ctx.zip !== null && findInfoPlist(ctx.zip) !== null,
  parse: (ctx: ParseContext) => parseMacosApp(ctx.zip!, ctx.reader.size),
};
