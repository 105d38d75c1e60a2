// What `inspect` answers. Every result shares the base fields; `details` is specific to the
// format. TypeScript names are camelCase; the CLI and the server turn them into snake_case
// (see wire.ts), except inside maps copied verbatim from the file (entitlements, plist
// dictionaries, package control fields), whose keys are the file's own.

export type Platform = 'ios' | 'android' | 'harmonyos' | 'macos' | 'windows' | 'linux';

export type Device =
  | 'iphone'
  | 'ipad'
  | 'universal'
  | 'appletv'
  | 'watch'
  | 'vision'
  | 'mac'
  | 'phone'
  | 'tablet'
  | 'television'
  | 'automotive'
  | '2in1'
  | 'wearable'
  | 'car'
  | 'desktop'
  | 'unknown';

export type Format =
  | 'ipa'
  | 'apk'
  | 'aab'
  | 'hap'
  | 'harmony_app'
  | 'macos_app'
  | 'dmg'
  | 'pkg'
  | 'exe'
  | 'windows_app'
  | 'msix'
  | 'msi'
  | 'deb'
  | 'rpm'
  | 'appimage'
  | 'dsym'
  | 'proguard'
  | 'mobileprovision';

/** An icon the package holds (not decoded). */
export interface IconRef {
  /** Path inside the package, or a resource name. */
  path: string;
  /** Pixel size when known. */
  width: number | null;
  height: number | null;
  /** png, webp, icns, ico, xml (adaptive icon), cgbi (Apple's optimised PNG), bmp … */
  kind: string;
}

export interface BaseInfo {
  format: Format;
  platform: Platform;
  device: Device;
  /** Internal or bundle name (CFBundleName, the Android label, the module name …). */
  name: string | null;
  /** What users see under the icon, when the format says. */
  displayName: string | null;
  /** iOS bundle id, Android package name, HarmonyOS bundle name, Windows identity, Linux package. */
  bundleId: string | null;
  /** The user-facing version (CFBundleShortVersionString, versionName …). */
  releaseVersion: string | null;
  /** The build number (CFBundleVersion, versionCode …). */
  buildVersion: string | null;
  minOsVersion: string | null;
  /** File size in bytes. */
  size: number;
  /** CPU architectures: arm64, armv7, x86_64, arm64-v8a … */
  archs: string[];
  icons: IconRef[];
}

/** A result for format F with its details D. */
export type InfoOf<F extends Format, D> = BaseInfo & { format: F; details: D };

/** The identity fields every bundle-like thing has (an app, an ipa's extensions and frameworks). */
export type BundleFields = Pick<BaseInfo, 'name' | 'displayName' | 'bundleId' | 'releaseVersion' | 'buildVersion' | 'minOsVersion'>;

/** A result with no identity, no architectures and no icons yet, for a parser to spread and fill. */
export function bareInfo<F extends Format>(format: F, platform: Platform, device: Device, size: number): BaseInfo & { format: F } {
  return { format, platform, device, ...noIdentity(), size, archs: [], icons: [] };
}

/** Bundle fields all null: a bundle whose Info.plist is missing, or a format that names nothing. */
export function noIdentity(): BundleFields {
  return { name: null, displayName: null, bundleId: null, releaseVersion: null, buildVersion: null, minOsVersion: null };
}

export interface InspectOptions {
  /** Also load the best icon, converted to a standard PNG, into `icon`. */
  icon?: boolean;
  /** Zip safety limits. */
  maxEntries?: number;
  maxEntryBytes?: number;
}
