// Every supported format, most specific first (an .aab also holds an AndroidManifest.xml
// under base/, a HarmonyOS .app holds .hap files, an ipa holds plists …). Add a format by
// adding its parser here; the CLI help, the README and the format-list test read this list.
import { dmgParser } from './apple/dmg.ts';
import { dsymParser } from './apple/dsym.ts';
import { aabParser } from './android/aab.ts';
import { apkParser } from './android/apk.ts';
import { ipaParser } from './apple/ipa.ts';
import { macosAppParser } from './apple/macos.ts';
import { mobileprovisionParser } from './apple/mobileprovision.ts';
import { pkgParser } from './apple/pkg.ts';
import { harmonyAppParser } from './harmony/app.ts';
import { hapParser } from './harmony/hap.ts';
import { appImageParser } from './linux/appimage.ts';
import { debParser } from './linux/deb.ts';
import { rpmParser } from './linux/rpm.ts';
import { proguardParser } from './proguard.ts';
import { msiParser } from './windows/msi.ts';
import { msixParser } from './windows/msix.ts';
import { exeParser } from './windows/pe.ts';
import { windowsAppParser } from './windows/folder.ts';
import type { FormatParser } from './parser.ts';

export const parsers: FormatParser[] = [
  // zip-based
  ipaParser,
  macosAppParser,
  dsymParser,
  harmonyAppParser,
  hapParser,
  msixParser,
  proguardParser,
  aabParser,
  apkParser,
  // a zip of a Windows app's folder: any zip with an .exe at its top that nothing above claimed
  windowsAppParser,
  // raw
  mobileprovisionParser,
  pkgParser,
  dmgParser,
  exeParser,
  msiParser,
  debParser,
  rpmParser,
  appImageParser,
];
