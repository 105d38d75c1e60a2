// The result of inspect(): one member per format, told apart by `format`, so
// `if (info.format === 'apk') info.details.permissions` type-checks.
import type { AabInfo } from './android/aab.ts';
import type { ApkInfo } from './android/apk.ts';
import type { DmgInfo } from './apple/dmg.ts';
import type { DsymInfo } from './apple/dsym.ts';
import type { IpaInfo } from './apple/ipa.ts';
import type { MacosAppInfo } from './apple/macos.ts';
import type { MobileProvisionInfo } from './apple/mobileprovision.ts';
import type { PkgInfo } from './apple/pkg.ts';
import type { HarmonyAppInfo } from './harmony/app.ts';
import type { HapInfo } from './harmony/hap.ts';
import type { AppImageInfo } from './linux/appimage.ts';
import type { DebInfo } from './linux/deb.ts';
import type { RpmInfo } from './linux/rpm.ts';
import type { ProguardInfo } from './proguard.ts';
import type { MsiInfo } from './windows/msi.ts';
import type { MsixInfo } from './windows/msix.ts';
import type { ExeInfo } from './windows/pe.ts';
import type { WindowsAppInfo } from './windows/folder.ts';

export type AppInfo =
  | IpaInfo
  | ApkInfo
  | AabInfo
  | HapInfo
  | HarmonyAppInfo
  | MacosAppInfo
  | DmgInfo
  | PkgInfo
  | ExeInfo
  | WindowsAppInfo
  | MsixInfo
  | MsiInfo
  | DebInfo
  | RpmInfo
  | AppImageInfo
  | DsymInfo
  | ProguardInfo
  | MobileProvisionInfo;

export type {
  AabInfo,
  ApkInfo,
  AppImageInfo,
  DebInfo,
  DmgInfo,
  DsymInfo,
  ExeInfo,
  HapInfo,
  HarmonyAppInfo,
  IpaInfo,
  MacosAppInfo,
  MobileProvisionInfo,
  MsiInfo,
  MsixInfo,
  PkgInfo,
  ProguardInfo,
  RpmInfo,
  WindowsAppInfo,
};
