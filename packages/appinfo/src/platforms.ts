// The file name endings of each platform's builds, as people name them: what an upload dialog
// offers in its file picker and checks before sending. Detection itself is by content
// (inspect.ts), so this table is a courtesy to the person choosing a file, not a rule the parsers
// follow. Zipped bundles (a macOS .app, a Windows app folder) travel as .zip.
import type { Platform } from './types.ts';

export const PLATFORM_EXTENSIONS: Readonly<Record<Platform, readonly string[]>> = {
  ios: ['.ipa'],
  android: ['.apk', '.aab'],
  harmonyos: ['.hap', '.app'],
  macos: ['.dmg', '.pkg', '.zip'],
  windows: ['.exe', '.msi', '.msix', '.zip'],
  linux: ['.deb', '.rpm', '.appimage'],
};
