// Pure helpers of debug files: what a parsed dSYM or Proguard zip becomes (the rows crash
// reports are matched by), UUID normalisation, the refusal sentences for files that are not
// debug files, the download name and the signed, expiring download links. No I/O.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { systemClock } from '../../clock.ts';
import type { Clock } from '../../clock.ts';
import type { AppInfo, DsymInfo, Format, ProguardInfo } from '@tarmac/appinfo';
import { originalName } from '../downloads/fns.ts';
import { bundleIdMatches, storageFileName } from '../uploads/fns.ts';

export type DebugFileCategory = 'dsym' | 'proguard';

/** Zealot's names for the categories, as the API answers them. */
export const CATEGORY_NAMES: Record<DebugFileCategory, 'dSYM' | 'Proguard'> = { dsym: 'dSYM', proguard: 'Proguard' };

/** The channel platforms each kind of debug file belongs to. */
export const CATEGORY_DEVICE_TYPES: Record<DebugFileCategory, readonly string[]> = { dsym: ['ios', 'macos'], proguard: ['android'] };

/** Platforms debug files are kept for. */
export const DEBUG_FILE_DEVICE_TYPES = ['ios', 'android', 'macos'] as const;

/** The version columns' size. */
export const VERSION_MAX = 255;
/** Longest UUID text accepted as input (32 hex digits, dashes and braces allowed). */
export const UUID_INPUT_MAX = 64;

/** The lifetime of a signed download link (the 302 target and `file_url`). */
export const DOWNLOAD_LINK_TTL_SECONDS = 15 * 60;

/** One row of debug_file_entries, before it is written. */
export interface EntryPlan {
  uuid: string | null;
  altUuid: string | null;
  arch: string;
  object: string | null;
  bundleId: string | null;
  bundleName: string | null;
  main: boolean;
  size: number;
  files: { name: string; size: number }[] | null;
}

/** What a parsed zip becomes: the file's own columns and its entries. */
export interface DebugFilePlan {
  category: DebugFileCategory;
  /** The main object's name (dSYM) or the package name (Proguard). */
  name: string | null;
  bundleId: string | null;
  /** Versions read from the file (dSYM Info.plist, the Proguard zip's AndroidManifest.xml). */
  releaseVersion: string | null;
  buildVersion: string | null;
  entries: EntryPlan[];
}

/** Where a debug file's zip goes: `debug-files/{uuid}/{name}` (the upload and the Zealot import; `id` as releaseStorageKeys's). */
export function debugFileStorageKey(displayName: string, category: DebugFileCategory, id: string = randomUUID()): string {
  return `debug-files/${id}/${storageFileName(displayName, category)}`;
}

/** The debug_file_entries rows of a plan (without debug_file_id), as the upload and the Zealot import write them. */
export function entryValues(entries: EntryPlan[], timestamp: string) {
  return entries.map((entry) => ({
    uuid: entry.uuid,
    alt_uuid: entry.altUuid,
    arch: entry.arch,
    object: entry.object,
    bundle_id: entry.bundleId,
    bundle_name: entry.bundleName,
    main: entry.main,
    size: entry.size,
    files: entry.files === null ? null : JSON.stringify(entry.files),
    created_at: timestamp,
  }));
}

/**
 * `EA9BBF2D-BFDD-3CE0-85B2-1CBE7152FCA5`, `ea9bbf2dbfdd3ce085b21cbe7152fca5` or with braces →
 * `ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5`; null for anything that is not 32 hex digits.
 */
export function normalizeUuid(value: string): string | null {
  const hex = value.trim().replace(/^\{|\}$/g, '').replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type DsymBundle = DsymInfo['details']['bundles'][number];

/**
 * The bundle that is the app itself, whose objects are "main" (the others are extensions,
 * frameworks, watch apps): the one matching the channel's bundle id rule when it names one;
 * else, among `.app.dSYM` bundles, the shortest bundle id (an extension's id extends its
 * app's: com.example.App.widget); else the first bundle with objects.
 */
export function mainBundle(bundles: DsymBundle[], channelBundleId: string): DsymBundle | undefined {
  const withObjects = bundles.filter((b) => b.objects.length > 0);
  if (channelBundleId !== '*') {
    const matching = withObjects.find((b) => bundleIdMatches(channelBundleId, b.bundleId));
    if (matching) return matching;
  }
  const apps = withObjects.filter((b) => /\.app\.dsym$/i.test(b.name));
  if (apps.length > 0) {
    return [...apps].sort((a, b) => (a.bundleId ?? '\uffff').length - (b.bundleId ?? '\uffff').length)[0];
  }
  return withObjects[0];
}

export function planDsym(info: DsymInfo, channelBundleId: string): DebugFilePlan {
  const bundles = info.details.bundles;
  const main = mainBundle(bundles, channelBundleId);
  const entries: EntryPlan[] = [];
  for (const bundle of bundles) {
    for (const object of bundle.objects) {
      for (const slice of object.slices) {
        entries.push({
          uuid: slice.uuid === null ? null : normalizeUuid(slice.uuid),
          altUuid: null,
          arch: slice.arch.slice(0, 32),
          object: object.name.slice(0, 255),
          bundleId: bundle.bundleId?.slice(0, 255) ?? null,
          bundleName: bundle.name.slice(0, 255),
          main: bundle === main,
          size: slice.size,
          files: null,
        });
      }
    }
  }
  const versioned = main?.releaseVersion || main?.buildVersion ? main : bundles.find((b) => b.releaseVersion || b.buildVersion);
  return {
    category: 'dsym',
    name: main?.objects[0]?.name.slice(0, 255) ?? info.name,
    bundleId: main?.bundleId?.slice(0, 255) ?? null,
    releaseVersion: versioned?.releaseVersion ?? null,
    buildVersion: versioned?.buildVersion ?? null,
    entries,
  };
}

export function planProguard(info: ProguardInfo): DebugFilePlan {
  const details = info.details;
  const packageName = details.package?.slice(0, 255) ?? null;
  return {
    category: 'proguard',
    name: packageName,
    bundleId: packageName,
    releaseVersion: details.versionName,
    buildVersion: details.versionCode,
    entries: [
      {
        uuid: normalizeUuid(details.debugId),
        altUuid: normalizeUuid(details.zealotId),
        arch: 'proguard',
        object: packageName,
        bundleId: packageName,
        bundleName: null,
        main: true,
        size: details.mappingSize,
        files: details.files,
      },
    ],
  };
}

/** What each other format is, for the sentence refusing it. */
const FORMAT_DESCRIPTIONS: Record<Exclude<Format, 'dsym' | 'proguard'>, string> = {
  ipa: 'an iOS app (ipa)',
  apk: 'an Android app (apk)',
  aab: 'an Android App Bundle (aab)',
  hap: 'a HarmonyOS package (hap)',
  harmony_app: 'a HarmonyOS app',
  macos_app: 'a zipped macOS app',
  dmg: 'a macOS disk image (dmg)',
  pkg: 'a macOS installer package (pkg)',
  exe: 'a Windows program (exe)',
  windows_app: 'a zipped Windows app folder',
  msix: 'a Windows MSIX package',
  msi: 'a Windows installer (msi)',
  deb: 'a Debian package (deb)',
  rpm: 'an RPM package',
  appimage: 'a Linux AppImage',
  mobileprovision: 'a provisioning profile',
};

export const WHAT_TO_SEND =
  'send a zip of the .dSYM folders Xcode writes (iOS, macOS) or of the mapping.txt R8/Proguard writes, with the AndroidManifest.xml (Android)';

/** The sentence for a file the parser read as something else than a debug file. */
export function notADebugFile(format: Format): string {
  const what = FORMAT_DESCRIPTIONS[format as keyof typeof FORMAT_DESCRIPTIONS] ?? `a ${format} file`;
  const builds = format === 'mobileprovision' ? '' : ' (builds go to POST /api/apps/upload)';
  return `is ${what}, not a debug file${builds}: ${WHAT_TO_SEND}`;
}

/**
 * The sentence for a file the parser could not place. For a zip it says what the zip holds
 * (the parser ends its message with "it is empty" or "it holds N entries such as …").
 */
export function unknownDebugFile(parserMessage: string): string {
  if (parserMessage.startsWith('A zip archive')) {
    const found = parserMessage.slice(parserMessage.lastIndexOf('; ') + 2);
    return `is a zip archive, but neither a dSYM (no X.dSYM/Contents/Resources/DWARF/<object> inside) nor a Proguard mapping (no mapping.txt inside): ${found}; ${WHAT_TO_SEND}`;
  }
  const head = /starts with bytes ([0-9a-f ]+)/.exec(parserMessage)?.[1];
  return `is not a zip archive${head ? ` (it starts with bytes ${head})` : ''}: debug files are uploaded as zips; ${WHAT_TO_SEND}`;
}

/** The parsed file as a debug file plan, or the sentence saying why it is not one. */
export function planOf(info: AppInfo, channelBundleId: string): DebugFilePlan | string {
  if (info.format === 'dsym') return planDsym(info, channelBundleId);
  if (info.format === 'proguard') return planProguard(info);
  return notADebugFile(info.format);
}

/** A name part reduced to characters safe in a file name and a URL; '' when nothing is left. */
function namePart(value: string | null, max = 48): string {
  if (value === null) return '';
  return value
    .replace(/[^A-Za-z0-9.+-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, max)
    .replace(/[-.]+$/, '');
}

const DOWNLOAD_NAME_MAX = 180;

/**
 * Zealot's download name `<app>_<device>_<release>_<build>_<file name>` (parts that are
 * unknown left out), always ending in .zip; only the uploaded name when that is too long.
 */
export function debugFileDownloadName(file: {
  id: number;
  appName: string;
  deviceType: string;
  releaseVersion: string | null;
  buildVersion: string | null;
  fileName: string;
}): string {
  let base = originalName(file.fileName) ?? `debug-file-${file.id}.zip`;
  if (!/\.zip$/i.test(base)) base += '.zip';
  const parts = [namePart(file.appName), namePart(file.deviceType), namePart(file.releaseVersion), namePart(file.buildVersion)].filter((p) => p !== '');
  const name = [...parts, base].join('_');
  return [...name].length <= DOWNLOAD_NAME_MAX ? name : base;
}

/** What a signed link binds: the file, and its content (a new file under a reused id does not open). */
export interface SignedFile {
  id: number;
  checksum: string;
}

export interface DownloadSigner {
  /** `expires` (unix seconds) and `signature` for a link that opens the file until then. */
  sign(file: SignedFile, nowMs?: number): { expires: number; signature: string };
  verify(file: SignedFile, expires: unknown, signature: unknown, nowMs?: number): boolean;
}

/** HMAC-SHA256 (the server's secret key) over the file id, its checksum and the expiry. */
/** Links that expire `ttlSeconds` after the clock's now (app.ts gives the server's clock). */
export function createDownloadSigner(
  secretKey: string,
  ttlSeconds = DOWNLOAD_LINK_TTL_SECONDS,
  clock: Clock = systemClock,
): DownloadSigner {
  const mac = (file: SignedFile, expires: number) =>
    createHmac('sha256', secretKey).update(`tarmac-debug-file\0${file.id}\0${file.checksum}\0${expires}`).digest('base64url');
  return {
    sign(file, nowMs = clock.nowMs()) {
      const expires = Math.floor(nowMs / 1000) + ttlSeconds;
      return { expires, signature: mac(file, expires) };
    },
    verify(file, expires, signature, nowMs = clock.nowMs()) {
      if (typeof expires !== 'string' || typeof signature !== 'string') return false;
      if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
      const at = Number(expires);
      if (at * 1000 <= nowMs) return false;
      const expected = Buffer.from(mac(file, at));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
