// Every supported format, most specific first (an .aab also holds an AndroidManifest.xml
// under base/, a HarmonyOS .app holds .hap files, an ipa holds plists …). Add a format by
// adding its parser here; the CLI help, the README and the format-list test read this list.
import type { FormatParser } from './parser.ts';

export const parsers: FormatParser[] = [
  // zip-based
  // raw
];
