// iOS app archives (.ipa): a zip holding Payload/<Name>.app/. We read the app's Info.plist,
// the main executable's Mach-O headers (architectures, encryption), embedded.mobileprovision,
// the Info.plist of each app extension and framework, and the headers of the icon files —
// nothing else, so a multi-gigabyte ipa costs a few entries.
import { AppInfoError } from '../../errors.ts';
import { noIdentity } from '../../types.ts';
import type { BundleFields, Device, IconRef, InfoOf } from '../../types.ts';
import type { ZipArchive, ZipEntry } from '../../zip/zip.ts';
import type { FormatParser } from '../parser.ts';
import { cgbiToPng, isCgbi, pngDimensions } from './cgbi.ts';
import type { MachOInfo } from './macho.ts';
import { parseMachOEntry } from './macho.ts';
import type { PlistValue } from '../../plist/index.ts';
import { parsePlist, plistDict, plistDicts, plistString, plistStrings, plistSubDict, plistToJson } from '../../plist/index.ts';
import type { ProvisioningProfile } from './provisioning.ts';
import { MAX_PROFILE_BYTES, parseProvisioningProfile } from './provisioning.ts';

/** Info.plists are a few KiB; one past this is refused. */
const MAX_INFO_PLIST_BYTES = 4 * 1024 * 1024;
/** Extensions and frameworks read, each; an app with more is reported with the first ones. */
const MAX_BUNDLES = 200;
/** Icon files whose headers are read. */
const MAX_ICON_CANDIDATES = 32;
const MAX_ICON_BYTES = 16 * 1024 * 1024;
/** Bytes that hold a PNG's IHDR even behind a CgBI chunk. */
const PNG_HEADER_BYTES = 40;

export interface IpaBundle extends BundleFields {
  /** The bundle's folder inside the archive, e.g. Payload/App.app/PlugIns/Share.appex. */
  path: string;
  executable: string | null;
}

export interface IpaExtension extends IpaBundle {
  /** NSExtension.NSExtensionPointIdentifier (com.apple.share-services …) or EXAppExtensionAttributes.EXExtensionPointIdentifier. */
  extensionPoint: string | null;
}

/**
 * An entry of the app's Frameworks folder, listed as the app-info gem lists them (every child
 * of Frameworks/): a .framework folder with or without its Info.plist or binary, or a file
 * such as an old Swift runtime's libswiftCore.dylib. Without an Info.plist the bundle fields
 * are null.
 */
export interface IpaFramework extends IpaBundle {
  /** The folder's or file's own name: "Kit.framework", "libswiftCore.dylib". */
  fileName: string;
  /** A file directly in Frameworks/ (a .dylib), not a folder. */
  lib: boolean;
  /** For a folder: it holds its executable (CFBundleExecutable, else the folder's stem). */
  hasBinary: boolean;
}

export interface IpaUrlType {
  name: string | null;
  role: string | null;
  schemes: string[];
}

export interface IpaDetails {
  /** Payload/<Name>.app */
  appPath: string;
  executable: string | null;
  /** DTPlatformName: iphoneos, appletvos … */
  platformName: string | null;
  platformVersion: string | null;
  platformBuild: string | null;
  /** DTSDKName: iphoneos17.0 … */
  sdkName: string | null;
  sdkBuild: string | null;
  /** DTXcode: 1500 … */
  xcode: string | null;
  xcodeBuild: string | null;
  compiler: string | null;
  buildMachineOsBuild: string | null;
  supportedPlatforms: string[];
  /** UIDeviceFamily: 1 iPhone, 2 iPad, 3 Apple TV, 4 Watch, 6 Mac (Catalyst), 7 Vision. */
  deviceFamily: number[];
  /** Every scheme of CFBundleURLTypes. */
  urlSchemes: string[];
  urlTypes: IpaUrlType[];
  /** LSApplicationQueriesSchemes. */
  querySchemes: string[];
  /** UIBackgroundModes. */
  backgroundModes: string[];
  /** UIRequiredDeviceCapabilities (an array, or the keys set to true in its dictionary form). */
  requiredDeviceCapabilities: string[];
  /** App Store (FairPlay) encryption of the main executable; null when the Mach-O does not say. */
  encrypted: boolean | null;
  /** _CodeSignature/CodeResources is present. */
  codeSigned: boolean;
  machO: MachOInfo | null;
  provisioningProfile: ProvisioningProfile | null;
  extensions: IpaExtension[];
  frameworks: IpaFramework[];
  /** The Info.plist as written (dates as ISO strings, data as base64). */
  infoPlist: Record<string, unknown>;
}

export type IpaInfo = InfoOf<'ipa', IpaDetails>;

/** Payload/<Name>.app/… — the shape that makes a zip an ipa. */
const APP_ENTRY = /^Payload\/[^/]+\.app\//;

function withPath<T>(path: string, action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof AppInfoError) throw new AppInfoError(error.code, `In "${path}": ${error.message}`, { cause: error });
    throw error;
  }
}

async function readPlist(zip: ZipArchive, entry: ZipEntry, maxBytes: number): Promise<Record<string, PlistValue>> {
  let data: Buffer;
  try {
    data = await zip.read(entry, { maxBytes });
  } catch (error) {
    if (error instanceof AppInfoError) throw new AppInfoError(error.code, `In "${entry.name}": ${error.message}`, { cause: error });
    throw error;
  }
  return withPath(entry.name, () => plistDict(parsePlist(data), 'The Info.plist'));
}

function bundleOf(path: string, plist: Record<string, PlistValue>): IpaBundle {
  return {
    path,
    name: plistString(plist, 'CFBundleName'),
    displayName: plistString(plist, 'CFBundleDisplayName'),
    bundleId: plistString(plist, 'CFBundleIdentifier'),
    releaseVersion: plistString(plist, 'CFBundleShortVersionString'),
    buildVersion: plistString(plist, 'CFBundleVersion'),
    minOsVersion: plistString(plist, 'MinimumOSVersion'),
    executable: plistString(plist, 'CFBundleExecutable'),
  };
}

/** The Info.plist entries of bundles one level below `folder` with the given extension. */
function bundlePlists(zip: ZipArchive, folder: string, extension: string): ZipEntry[] {
  const found: ZipEntry[] = [];
  for (const entry of zip.entries) {
    if (!entry.name.startsWith(folder) || !entry.name.endsWith('/Info.plist')) continue;
    const bundle = entry.name.slice(folder.length, -'/Info.plist'.length);
    if (bundle.endsWith(extension) && !bundle.includes('/')) found.push(entry);
    if (found.length >= MAX_BUNDLES) break;
  }
  return found;
}

function emptyBundle(path: string): IpaBundle {
  return { path, ...noIdentity(), executable: null };
}

/** Every child of the Frameworks folder, sorted by name: folders (whatever they hold) and files. */
function frameworkChildren(zip: ZipArchive, folder: string): { path: string; fileName: string; lib: boolean }[] {
  const children = new Map<string, boolean>();
  for (const entry of zip.entries) {
    if (!entry.name.startsWith(folder)) continue;
    const rest = entry.name.slice(folder.length);
    const slash = rest.indexOf('/');
    const fileName = slash < 0 ? rest : rest.slice(0, slash);
    if (fileName === '' || fileName.startsWith('._') || fileName === '.DS_Store') continue;
    const lib = slash < 0;
    if (!children.has(fileName)) {
      if (children.size >= MAX_BUNDLES) continue;
      children.set(fileName, lib);
    } else if (!lib) children.set(fileName, false);
  }
  return [...children]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([fileName, lib]) => ({ path: folder + fileName, fileName, lib }));
}

function deviceOf(families: number[], platformName: string | null): Device {
  const has = (n: number) => families.includes(n);
  if (has(1) && has(2)) return 'universal';
  if (has(1)) return 'iphone';
  if (has(2)) return 'ipad';
  if (has(3) || platformName === 'appletvos') return 'appletv';
  if (has(4) || platformName === 'watchos') return 'watch';
  if (has(7) || platformName === 'xros') return 'vision';
  // Without UIDeviceFamily, iOS treats the app as iPhone-only.
  return 'iphone';
}

function deviceFamilies(plist: Record<string, PlistValue>): number[] {
  const value = plist['UIDeviceFamily'];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const out: number[] = [];
  for (const item of list) {
    const n = typeof item === 'number' ? item : typeof item === 'string' ? Number.parseInt(item, 10) : Number.NaN;
    if (Number.isInteger(n) && !out.includes(n)) out.push(n);
  }
  return out;
}

function requiredCapabilities(plist: Record<string, PlistValue>): string[] {
  const dict = plistSubDict(plist, 'UIRequiredDeviceCapabilities');
  if (dict) return Object.entries(dict).filter(([, v]) => v === true).map(([k]) => k);
  return plistStrings(plist, 'UIRequiredDeviceCapabilities');
}

/** Base names of the icon files the Info.plist declares (CFBundleIcons, CFBundleIcons~ipad, CFBundleIconFiles, CFBundleIconFile). */
function iconNames(plist: Record<string, PlistValue>): string[] {
  const names: string[] = [];
  for (const key of ['CFBundleIcons', 'CFBundleIcons~ipad']) {
    const primary = plistSubDict(plistSubDict(plist, key) ?? {}, 'CFBundlePrimaryIcon');
    if (!primary) continue;
    names.push(...plistStrings(primary, 'CFBundleIconFiles'));
    const name = plistString(primary, 'CFBundleIconName');
    if (name) names.push(name);
  }
  names.push(...plistStrings(plist, 'CFBundleIconFiles'));
  const single = plistString(plist, 'CFBundleIconFile');
  if (single) names.push(single);
  return [...new Set(names.map((n) => n.replace(/\.png$/i, '')).filter((n) => n.length > 0))];
}

/** Icon files directly in the app folder that match the declared names (Icon-60@2x.png, AppIcon60x60@2x~ipad.png …). */
function iconEntries(zip: ZipArchive, appPath: string, names: string[]): ZipEntry[] {
  const suffix = /^(@\d(\.\d+)?x)?(~(ipad|iphone))?\.png$/i;
  const out: ZipEntry[] = [];
  for (const entry of zip.entries) {
    if (!entry.name.startsWith(appPath) || entry.isDirectory) continue;
    const file = entry.name.slice(appPath.length);
    if (file.includes('/') || !/\.png$/i.test(file)) continue;
    const matches = names.length > 0 ? names.some((name) => file.startsWith(name) && suffix.test(file.slice(name.length))) : /^(AppIcon|Icon)[^/]*\.png$/i.test(file);
    if (matches) out.push(entry);
    if (out.length >= MAX_ICON_CANDIDATES) break;
  }
  return out;
}

async function iconRef(zip: ZipArchive, entry: ZipEntry): Promise<IconRef> {
  let head: Buffer | null = null;
  try {
    head = await zip.read(entry, { prefix: PNG_HEADER_BYTES });
  } catch (error) {
    if (!(error instanceof AppInfoError)) throw error;
  }
  const size = head ? pngDimensions(head) : null;
  return { path: entry.name, width: size?.width ?? null, height: size?.height ?? null, kind: head && isCgbi(head) ? 'cgbi' : 'png' };
}

/** The app's embedded.mobileprovision, or null when it has none. */
async function readProfile(zip: ZipArchive, appPath: string): Promise<ProvisioningProfile | null> {
  const profileEntry = zip.get(`${appPath}embedded.mobileprovision`);
  if (!profileEntry) return null;
  const bytes = await zip.read(profileEntry, { maxBytes: MAX_PROFILE_BYTES });
  return withPath(profileEntry.name, () => parseProvisioningProfile(bytes));
}

/** The app extensions in PlugIns/ and Extensions/. */
async function readExtensions(zip: ZipArchive, appPath: string): Promise<IpaExtension[]> {
  const extensions: IpaExtension[] = [];
  for (const folder of ['PlugIns/', 'Extensions/']) {
    for (const entry of bundlePlists(zip, appPath + folder, '.appex')) {
      const sub = await readPlist(zip, entry, MAX_INFO_PLIST_BYTES);
      const nsExtension = plistSubDict(sub, 'NSExtension') ?? {};
      const exAttributes = plistSubDict(sub, 'EXAppExtensionAttributes') ?? {};
      extensions.push({
        ...bundleOf(entry.name.slice(0, -'/Info.plist'.length), sub),
        extensionPoint: plistString(nsExtension, 'NSExtensionPointIdentifier') ?? plistString(exAttributes, 'EXExtensionPointIdentifier'),
      });
    }
  }
  return extensions;
}

/** Every child of the app's Frameworks/ folder, with its Info.plist's fields when it has one. */
async function readFrameworks(zip: ZipArchive, appPath: string): Promise<IpaFramework[]> {
  const frameworks: IpaFramework[] = [];
  for (const child of frameworkChildren(zip, `${appPath}Frameworks/`)) {
    const plistEntry = child.lib ? undefined : zip.get(`${child.path}/Info.plist`);
    const bundle = plistEntry ? bundleOf(child.path, await readPlist(zip, plistEntry, MAX_INFO_PLIST_BYTES)) : emptyBundle(child.path);
    const named = bundle.executable && !bundle.executable.includes('/') ? bundle.executable : child.fileName.replace(/\.framework$/, '');
    const binary = child.lib ? null : named;
    const hasBinary = binary !== null && zip.get(`${child.path}/${binary}`) !== undefined;
    frameworks.push({ ...bundle, fileName: child.fileName, lib: child.lib, hasBinary });
  }
  return frameworks;
}

/** The largest icon that decodes, as a standard PNG; an icon that does not decode gives way to the next. */
async function largestIcon(zip: ZipArchive, icons: IconRef[]): Promise<Buffer | null> {
  const ranked = [...icons].sort((a, b) => (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0));
  for (const icon of ranked) {
    const entry = zip.get(icon.path);
    if (!entry) continue;
    try {
      return cgbiToPng(await zip.read(entry, { maxBytes: MAX_ICON_BYTES }));
    } catch (error) {
      if (!(error instanceof AppInfoError)) throw error;
    }
  }
  return null;
}

export const ipaParser: FormatParser = {
  format: 'ipa',
  container: 'zip',
  match: (ctx) => ctx.zip !== null && ctx.zip.entries.some((entry) => APP_ENTRY.test(entry.name)),
  async parse(ctx) {
    const zip = ctx.zip!;
    const plistEntry = zip.entries.find((entry) => /^Payload\/[^/]+\.app\/Info\.plist$/.test(entry.name));
    if (!plistEntry) {
      const app = zip.entries.find((entry) => APP_ENTRY.test(entry.name))!.name.split('/').slice(0, 2).join('/');
      throw new AppInfoError('missing_entry', `The ipa holds ${app}/ but no ${app}/Info.plist, which every iOS app bundle has; the archive is incomplete`);
    }
    const appPath = plistEntry.name.slice(0, -'Info.plist'.length);
    const plist = await readPlist(zip, plistEntry, MAX_INFO_PLIST_BYTES);

    const executable = plistString(plist, 'CFBundleExecutable');
    const exeEntry = executable && !executable.includes('/') ? zip.get(appPath + executable) : undefined;
    const machO = exeEntry && !exeEntry.isDirectory ? await parseMachOEntry(zip, exeEntry) : null;
    const archs = [...new Set(machO?.slices.map((slice) => slice.arch) ?? [])];
    const cryptFlags = machO?.slices.map((slice) => slice.encrypted).filter((flag) => flag !== null) ?? [];
    const encrypted = cryptFlags.length === 0 ? null : cryptFlags.some(Boolean);

    const provisioningProfile = await readProfile(zip, appPath);
    const extensions = await readExtensions(zip, appPath);
    const frameworks = await readFrameworks(zip, appPath);

    const urlTypes: IpaUrlType[] = plistDicts(plist, 'CFBundleURLTypes').map((type) => ({
      name: plistString(type, 'CFBundleURLName'),
      role: plistString(type, 'CFBundleTypeRole'),
      schemes: plistStrings(type, 'CFBundleURLSchemes'),
    }));

    const icons: IconRef[] = [];
    for (const entry of iconEntries(zip, appPath, iconNames(plist))) icons.push(await iconRef(zip, entry));
    const families = deviceFamilies(plist);
    const platformName = plistString(plist, 'DTPlatformName');

    const info: IpaInfo = {
      format: 'ipa',
      platform: 'ios',
      device: deviceOf(families, platformName),
      name: plistString(plist, 'CFBundleName'),
      displayName: plistString(plist, 'CFBundleDisplayName'),
      bundleId: plistString(plist, 'CFBundleIdentifier'),
      releaseVersion: plistString(plist, 'CFBundleShortVersionString'),
      buildVersion: plistString(plist, 'CFBundleVersion'),
      minOsVersion: plistString(plist, 'MinimumOSVersion') ?? machO?.slices.find((slice) => slice.minOs)?.minOs ?? null,
      size: ctx.reader.size,
      archs,
      icons,
      details: {
        appPath: appPath.slice(0, -1),
        executable,
        platformName,
        platformVersion: plistString(plist, 'DTPlatformVersion'),
        platformBuild: plistString(plist, 'DTPlatformBuild'),
        sdkName: plistString(plist, 'DTSDKName'),
        sdkBuild: plistString(plist, 'DTSDKBuild'),
        xcode: plistString(plist, 'DTXcode'),
        xcodeBuild: plistString(plist, 'DTXcodeBuild'),
        compiler: plistString(plist, 'DTCompiler'),
        buildMachineOsBuild: plistString(plist, 'BuildMachineOSBuild'),
        supportedPlatforms: plistStrings(plist, 'CFBundleSupportedPlatforms'),
        deviceFamily: families,
        urlSchemes: [...new Set(urlTypes.flatMap((type) => type.schemes))],
        urlTypes,
        querySchemes: plistStrings(plist, 'LSApplicationQueriesSchemes'),
        backgroundModes: plistStrings(plist, 'UIBackgroundModes'),
        requiredDeviceCapabilities: requiredCapabilities(plist),
        encrypted,
        codeSigned: zip.get(`${appPath}_CodeSignature/CodeResources`) !== undefined,
        machO,
        provisioningProfile,
        extensions,
        frameworks,
        infoPlist: plistToJson(plist) as Record<string, unknown>,
      },
    };

    return {
      info,
      loadIcon: () => largestIcon(zip, icons),
    };
  },
};
