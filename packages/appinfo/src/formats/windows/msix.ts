// Windows `.msix` / `.appx` packages: a zip whose `AppxManifest.xml` describes the package
// (Identity, Properties, Dependencies, Applications, Capabilities). The XML is read with
// our safe parser (no DTDs, capped depth and size).
//
// Architecture names are Windows' ProcessorArchitecture values mapped to the names the other
// formats use: x64 → x86_64, x86, arm, arm64; "neutral" packages list no architecture.
// Logo paths are written with backslashes and resolved by the Windows resource system to
// files with qualifiers (Assets/StoreLogo.scale-200.png); the icon loader does the same.
import { AppInfoError } from '../../errors.ts';
import { pngSize } from '../../image/png.ts';
import type { Device, IconRef, InfoOf } from '../../types.ts';
import { attribute, childElements, findPath, firstChild, localName, parseXml, textContent } from '../../xml/xml.ts';
import type { XmlElement } from '../../xml/xml.ts';
import type { ZipArchive, ZipEntry } from '../../zip/zip.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';

const MANIFEST = 'AppxManifest.xml';
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const MAX_ICON_BYTES = 16 * 1024 * 1024;
const MAX_LIST = 1000;

const ARCHS: Record<string, string> = { x64: 'x86_64', x86: 'x86', arm: 'arm', arm64: 'arm64' };
const FAMILIES: Record<string, Device> = {
  'Windows.Desktop': 'desktop',
  'Windows.Universal': 'universal',
  'Windows.Mobile': 'phone',
  'Windows.Xbox': 'television',
  'Windows.Holographic': 'vision',
  'Windows.Team': 'desktop',
};

export interface MsixApplication {
  id: string | null;
  executable: string | null;
  entryPoint: string | null;
  displayName: string | null;
  description: string | null;
  /** Square150x150Logo and Square44x44Logo as written. */
  square150x150Logo: string | null;
  square44x44Logo: string | null;
}

export interface MsixDetails {
  identityName: string | null;
  /** The publisher's distinguished name, "CN=Contoso, O=Contoso, C=US". */
  publisher: string | null;
  /** Properties/DisplayName as written (may be an ms-resource: reference). */
  displayName: string | null;
  publisherDisplayName: string | null;
  version: string | null;
  /** As written: x64, x86, arm, arm64, neutral. */
  processorArchitecture: string | null;
  resourceId: string | null;
  description: string | null;
  /** Logo path as written in Properties (Assets\StoreLogo.png). */
  logo: string | null;
  targetDeviceFamilies: { name: string; minVersion: string | null; maxVersionTested: string | null }[];
  /** Package dependencies (framework packages such as Microsoft.VCLibs). */
  dependencies: { name: string; minVersion: string | null; publisher: string | null }[];
  capabilities: string[];
  languages: string[];
  applications: MsixApplication[];
}

export type MsixInfo = InfoOf<'msix', MsixDetails>;

/** Zip entry names are URL-encoded in AppX packages (space → %20); compare decoded. */
function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The zip entry for a logo path: the exact file, else the qualified variant with the biggest
 * scale or target size (Assets/StoreLogo.scale-200.png, Assets/Logo.targetsize-256.png).
 */
export function findLogoEntry(zip: ZipArchive, logo: string): ZipEntry | null {
  const wanted = logo.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
  const dot = wanted.lastIndexOf('.');
  const stem = dot > wanted.lastIndexOf('/') ? wanted.slice(0, dot) : wanted;
  const ext = dot > wanted.lastIndexOf('/') ? wanted.slice(dot) : '';
  let best: { entry: ZipEntry; score: number } | null = null;
  for (const entry of zip.entries) {
    if (entry.isDirectory) continue;
    const name = decodeName(entry.name).toLowerCase();
    if (name === wanted) return entry;
    if (!name.startsWith(stem + '.') || !name.endsWith(ext)) continue;
    // Qualifiers sit between the stem and the extension, separated by dots or underscores:
    // scale-200, targetsize-48_altform-unplated, contrast-black …
    const qualifiers = name.slice(stem.length + 1, name.length - ext.length);
    if (/contrast-/.test(qualifiers)) continue;
    const scale = Number(/scale-(\d+)/.exec(qualifiers)?.[1] ?? 0);
    const target = Number(/targetsize-(\d+)/.exec(qualifiers)?.[1] ?? 0);
    const score = scale * 10 + target * 10 + (qualifiers.includes('unplated') ? 0 : 1);
    if (!best || score > best.score) best = { entry, score };
  }
  return best?.entry ?? null;
}

function text(element: XmlElement | null): string | null {
  if (!element) return null;
  const value = textContent(element).trim();
  return value === '' ? null : value;
}

function readApplications(root: XmlElement): MsixApplication[] {
  const apps = findPath(root, 'Applications');
  return (apps ? childElements(apps, 'Application') : []).slice(0, MAX_LIST).map((app) => {
    const visual = firstChild(app, 'VisualElements');
    return {
      id: attribute(app, 'Id'),
      executable: attribute(app, 'Executable'),
      entryPoint: attribute(app, 'EntryPoint'),
      displayName: visual ? attribute(visual, 'DisplayName') : null,
      description: visual ? attribute(visual, 'Description') : null,
      square150x150Logo: visual ? attribute(visual, 'Square150x150Logo') : null,
      square44x44Logo: visual ? attribute(visual, 'Square44x44Logo') : null,
    };
  });
}

export async function readAppxManifest(zip: ZipArchive, entry: ZipEntry): Promise<MsixDetails> {
  const root = parseXml(await zip.read(entry, { maxBytes: MAX_MANIFEST_BYTES }), { maxDepth: 64 });
  if (localName(root.name) !== 'Package') {
    throw new AppInfoError('bad_xml', `The ${entry.name} has root element <${root.name}>, not <Package>; it is not an AppX manifest`);
  }
  const identity = firstChild(root, 'Identity');
  const properties = firstChild(root, 'Properties');
  const dependencies = firstChild(root, 'Dependencies');
  const capabilities = firstChild(root, 'Capabilities');
  const resources = firstChild(root, 'Resources');
  return {
    identityName: identity ? attribute(identity, 'Name') : null,
    publisher: identity ? attribute(identity, 'Publisher') : null,
    displayName: properties ? text(firstChild(properties, 'DisplayName')) : null,
    publisherDisplayName: properties ? text(firstChild(properties, 'PublisherDisplayName')) : null,
    version: identity ? attribute(identity, 'Version') : null,
    processorArchitecture: identity ? attribute(identity, 'ProcessorArchitecture') : null,
    resourceId: identity ? attribute(identity, 'ResourceId') : null,
    description: properties ? text(firstChild(properties, 'Description')) : null,
    logo: properties ? text(firstChild(properties, 'Logo')) : null,
    targetDeviceFamilies: (dependencies ? childElements(dependencies, 'TargetDeviceFamily') : []).slice(0, MAX_LIST).map((f) => ({
      name: attribute(f, 'Name') ?? '',
      minVersion: attribute(f, 'MinVersion'),
      maxVersionTested: attribute(f, 'MaxVersionTested'),
    })),
    dependencies: (dependencies ? childElements(dependencies, 'PackageDependency') : []).slice(0, MAX_LIST).map((d) => ({
      name: attribute(d, 'Name') ?? '',
      minVersion: attribute(d, 'MinVersion'),
      publisher: attribute(d, 'Publisher'),
    })),
    // Capability, uap:Capability, rescap:Capability, DeviceCapability … all carry a Name.
    capabilities: (capabilities ? childElements(capabilities) : [])
      .map((c) => attribute(c, 'Name'))
      .filter((n): n is string => n !== null)
      .slice(0, MAX_LIST),
    languages: (resources ? childElements(resources, 'Resource') : [])
      .map((r) => attribute(r, 'Language'))
      .filter((l): l is string => l !== null)
      .slice(0, MAX_LIST),
    applications: readApplications(root),
  };
}

/** `ms-resource:` strings point into resources.pri, which is not read; report them as null. */
function literal(value: string | null): string | null {
  return value && !value.startsWith('ms-resource:') ? value : null;
}

export const msixParser: FormatParser = {
  format: 'msix',
  container: 'zip',
  match: (ctx) => ctx.zip!.get(MANIFEST) !== undefined,
  async parse(ctx: ParseContext): Promise<Parsed> {
    const zip = ctx.zip!;
    const details = await readAppxManifest(zip, zip.get(MANIFEST)!);
    const logoEntry = details.logo ? findLogoEntry(zip, details.logo) : null;
    const icons: IconRef[] = [];
    if (logoEntry) {
      const dims = pngSize(await zip.read(logoEntry, { prefix: 24 }));
      icons.push({ path: logoEntry.name, width: dims?.width ?? null, height: dims?.height ?? null, kind: dims ? 'png' : (logoEntry.name.split('.').pop() ?? 'unknown') });
    }
    const arch = details.processorArchitecture?.toLowerCase() ?? null;
    const family = details.targetDeviceFamilies[0];
    const info: MsixInfo = {
      format: 'msix',
      platform: 'windows',
      device: family ? (FAMILIES[family.name] ?? 'unknown') : 'desktop',
      name: details.identityName,
      displayName: literal(details.displayName) ?? literal(details.applications[0]?.displayName ?? null),
      bundleId: details.identityName,
      releaseVersion: details.version,
      buildVersion: null,
      minOsVersion: family?.minVersion ?? null,
      size: ctx.reader.size,
      archs: arch && ARCHS[arch] ? [ARCHS[arch]] : [],
      icons,
      details,
    };
    return {
      info,
      async loadIcon() {
        if (!logoEntry) return null;
        const bytes = await zip.read(logoEntry, { maxBytes: MAX_ICON_BYTES });
        return pngSize(bytes) ? bytes : null;
      },
    };
  },
};

