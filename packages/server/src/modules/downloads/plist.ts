// A tiny XML property list writer, and the iOS over-the-air install manifest built with it.
// Every string is escaped, and characters XML 1.0 cannot carry at all (most control
// characters, lone surrogates, U+FFFE/U+FFFF) are dropped, so a release's names and versions,
// whatever they hold, always give a plist iOS and plistutil read.

export type PlistNode = string | number | boolean | PlistNode[] | { readonly [key: string]: PlistNode };

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for an XML element's content. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function write(node: PlistNode, indent: string, out: string[]): void {
  const inner = `${indent}\t`;
  if (typeof node === 'string') out.push(`${indent}<string>${xmlText(node)}</string>`);
  else if (typeof node === 'boolean') out.push(`${indent}<${node ? 'true' : 'false'}/>`);
  else if (typeof node === 'number') {
    if (!Number.isFinite(node)) throw new RangeError(`a plist number must be finite, got ${node}`);
    out.push(Number.isInteger(node) ? `${indent}<integer>${node}</integer>` : `${indent}<real>${node}</real>`);
  } else if (Array.isArray(node)) {
    out.push(`${indent}<array>`);
    for (const item of node) write(item, inner, out);
    out.push(`${indent}</array>`);
  } else {
    out.push(`${indent}<dict>`);
    for (const [key, value] of Object.entries(node)) {
      out.push(`${inner}<key>${xmlText(key)}</key>`);
      write(value, inner, out);
    }
    out.push(`${indent}</dict>`);
  }
}

/** The value as an XML property list document (Apple's DOCTYPE, tab indentation). */
export function plistXml(root: PlistNode): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
  ];
  write(root, '', out);
  out.push('</plist>', '');
  return out.join('\n');
}

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
