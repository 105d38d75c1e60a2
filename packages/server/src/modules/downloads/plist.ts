// The iOS over-the-air install manifest, written with @tarmac/appinfo's plist writer: every
// string is escaped and characters XML 1.0 cannot carry are dropped, so a release's names and
// versions, whatever they hold, always give a plist iOS and plistutil read.
import { plistXml } from '@tarmac/appinfo';
import type { PlistNode } from '@tarmac/appinfo';

export interface InstallManifest {
  /** Absolute URL of the .ipa (the download URL, with a grant for a protected channel). */
  packageUrl: string;
  /** Absolute URL of the icon (PNG), or null when the package had none. */
  iconUrl: string | null;
  bundleId: string;
  bundleVersion: string;
  title: string;
}

/**
 * What `itms-services://?action=download-manifest&url=…` fetches: one item whose assets are
 * the package and, when there is an icon, the images iOS shows while installing.
 */
export function installManifestXml(manifest: InstallManifest): string {
  const assets: PlistNode[] = [{ kind: 'software-package', url: manifest.packageUrl }];
  if (manifest.iconUrl !== null) {
    assets.push({ kind: 'display-image', 'needs-shine': false, url: manifest.iconUrl });
    assets.push({ kind: 'full-size-image', 'needs-shine': false, url: manifest.iconUrl });
  }
  return plistXml({
    items: [
      {
        assets,
        metadata: {
          'bundle-identifier': manifest.bundleId,
          'bundle-version': manifest.bundleVersion,
          kind: 'software',
          title: manifest.title,
        },
      },
    ],
  });
}

/** The body of a manifest request that fails: a plist with the reason, which iOS shows nowhere but people reading it do. */
export function errorPlistXml(message: string): string {
  return plistXml({ error: message });
}
