// What an .apk and an .aab report: one result shape, built from the decoded manifest, the
// resource table, the package's native libraries and its signatures.
import type { RandomAccessReader } from '../../io/reader.ts';
import type { BaseInfo, Device } from '../../types.ts';
import type { AndroidIconResource, PackageFiles } from './icons.ts';
import { iconRefs, iconResources, loadBestIcon } from './icons.ts';
import type { AndroidManifest } from './manifest.ts';
import type { AndroidSigning } from './signing.ts';
import { readSigning } from './signing.ts';

/** The decoded manifest (less what only the parser needs), plus what the package's files say. */
export type AndroidDetails = Omit<AndroidManifest, 'minSdkRaw' | 'iconValue' | 'roundIconValue' | 'device'> & {
  /** android:icon and android:roundIcon, each with the file of every density. */
  iconResources: AndroidIconResource[];
  /** ABIs with native libraries (lib/<abi>/*.so); empty for pure Java/Kotlin apps. */
  nativeAbis: string[];
  signing: AndroidSigning;
};

/** Android's ABIs in the order aapt and the Play Console list them. */
const ABI_ORDER = ['arm64-v8a', 'armeabi-v7a', 'armeabi', 'x86_64', 'x86', 'riscv64', 'mips64', 'mips'];

/** ABIs from native library paths matching `pattern` (its group 1 is the ABI). */
export function nativeAbis(names: readonly string[], pattern: RegExp): string[] {
  const found = new Set<string>();
  for (const name of names) {
    const abi = pattern.exec(name)?.[1];
    if (abi) found.add(abi);
  }
  const rank = (abi: string) => (ABI_ORDER.includes(abi) ? ABI_ORDER.indexOf(abi) : ABI_ORDER.length);
  return [...found].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export interface AndroidResult {
  base: Omit<BaseInfo, 'format'> & { platform: 'android'; device: Device };
  details: AndroidDetails;
  loadIcon: () => Promise<Buffer | null>;
}

/** Builds the shared result from a decoded manifest and the package's files. */
export async function androidResult(
  reader: RandomAccessReader,
  manifest: AndroidManifest,
  pkg: PackageFiles,
  abis: string[],
): Promise<AndroidResult> {
  const resources = await iconResources(manifest.iconValue, manifest.roundIconValue, pkg);
  const signing = await readSigning(reader, pkg.zip);
  const details: AndroidDetails = {
    packageName: manifest.packageName,
    versionCode: manifest.versionCode,
    versionName: manifest.versionName,
    minSdk: manifest.minSdk,
    targetSdk: manifest.targetSdk,
    maxSdk: manifest.maxSdk,
    compileSdk: manifest.compileSdk,
    compileSdkCodename: manifest.compileSdkCodename,
    label: manifest.label,
    labels: manifest.labels,
    iconResources: resources,
    permissions: manifest.permissions,
    features: manifest.features,
    activities: manifest.activities,
    activityAliases: manifest.activityAliases,
    services: manifest.services,
    receivers: manifest.receivers,
    providers: manifest.providers,
    launcherActivity: manifest.launcherActivity,
    deepLinks: manifest.deepLinks,
    nativeAbis: abis,
    debuggable: manifest.debuggable,
    testOnly: manifest.testOnly,
    usesCleartextTraffic: manifest.usesCleartextTraffic,
    installLocation: manifest.installLocation,
    signing,
  };
  return {
    base: {
      platform: 'android',
      device: manifest.device,
      name: manifest.label,
      displayName: manifest.label,
      bundleId: manifest.packageName,
      releaseVersion: manifest.versionName,
      buildVersion: manifest.versionCode === null ? null : String(manifest.versionCode),
      minOsVersion: manifest.minSdkRaw,
      size: reader.size,
      archs: abis,
      icons: iconRefs(resources),
    },
    details,
    loadIcon: () => loadBestIcon(resources, pkg),
  };
}
