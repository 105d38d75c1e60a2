// The launcher icon of an Android package: every file android:icon and android:roundIcon
// resolve to (one per density, plus an adaptive-icon XML on API 26+), and the best one as a
// standard PNG. Adaptive icons are XML layers Android draws at run time; to hand back a
// bitmap the choice falls back, in order, to:
//   1. the icon's own bitmaps in other configurations (mipmap-xxxhdpi-v4/ic_launcher.png …),
//      the largest first, then the round icon's;
//   2. the adaptive icon's foreground layer when it is a bitmap;
//   3. any mipmap or drawable bitmap with the icon's resource name.
// PNGs are returned as they are; WebP (what modern Gradle builds ship) is decoded (webp.ts).
import { AppInfoError } from '../../errors.ts';
import type { IconRef } from '../../types.ts';
import { isPng, pngSize } from '../../image/png.ts';
import type { ZipArchive } from '../../zip/zip.ts';
import type { ResourceTable, ResValue, XmlElement } from './model.ts';
import { ANDROID_NS, densityName, refString } from './model.ts';
import { decodeWebpToPng, webpSize } from './webp.ts';

/** How a package stores its files: the zip, where resource paths live, how its XML is encoded. */
export interface PackageFiles {
  zip: ZipArchive;
  table: ResourceTable | null;
  /** The zip entry of a resource path ("res/uF.xml" in an apk, "base/res/…" in an aab). */
  entryName(path: string): string;
  /** Decodes a compiled XML resource (binary XML or protobuf XML). */
  parseXml(data: Buffer, file: string): XmlElement;
}

export interface AndroidIconFile {
  /** Path inside the package (as the resource table names it). */
  path: string;
  /** ldpi … xxxhdpi, anydpi, or null for the default configuration. */
  density: string | null;
  /** png, webp, xml (adaptive or vector), jpeg … */
  kind: string;
  width: number | null;
  height: number | null;
}

export interface AndroidIconResource {
  /** The manifest attribute: icon or roundIcon. */
  attribute: 'icon' | 'roundIcon';
  /** @0x7f0c0000, or null when the manifest names a file directly. */
  resource: string | null;
  /** type/name from the resource table (mipmap/ic_launcher), when known. */
  name: string | null;
  files: AndroidIconFile[];
}

const MAX_REFERENCE_DEPTH = 8;
/** An icon file larger than this is not an icon; it is skipped. */
const MAX_ICON_BYTES = 16 * 1024 * 1024;
/** Adaptive-icon XML is a few hundred bytes. */
const MAX_XML_BYTES = 1024 * 1024;

function kindOf(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return ext === 'jpg' ? 'jpeg' : ext || 'unknown';
}

/** More files than any real icon has (one per density, a few API levels). */
const MAX_ICON_FILES = 64;

/**
 * Every file a drawable value resolves to, with the configuration's density. Each resource is
 * expanded once, so a table whose entries reference each other cannot multiply the work.
 */
export function resolveFiles(
  value: ResValue | null | undefined,
  table: ResourceTable | null,
  density = 0,
  depth = 0,
  seen = new Set<number>(),
  out: { path: string; dpi: number }[] = [],
): { path: string; dpi: number }[] {
  if (!value || depth > MAX_REFERENCE_DEPTH || out.length >= MAX_ICON_FILES) return out;
  const add = (path: string) => {
    if (!out.some((o) => o.path === path)) out.push({ path, dpi: density });
  };
  if (value.kind === 'file') add(value.path);
  else if (value.kind === 'string' && value.value.startsWith('res/')) add(value.value);
  else if (value.kind === 'reference' && table && !seen.has(value.id)) {
    seen.add(value.id);
    for (const entry of table.values(value.id)) {
      if (entry.config.locale || entry.config.otherQualifiers) continue;
      resolveFiles(entry.value, table, entry.config.density || density, depth + 1, seen, out);
    }
  }
  return out;
}

/** Pixel size from the first bytes of a PNG or WebP file. */
function bitmapSize(head: Buffer): { width: number; height: number } | null {
  return pngSize(head) ?? webpSize(head);
}

async function describe(files: { path: string; dpi: number }[], pkg: PackageFiles): Promise<AndroidIconFile[]> {
  const out: AndroidIconFile[] = [];
  for (const file of files) {
    const kind = kindOf(file.path);
    let size: { width: number; height: number } | null = null;
    const entry = pkg.zip.get(pkg.entryName(file.path));
    if (entry && kind !== 'xml') {
      try {
        size = bitmapSize(await pkg.zip.read(entry, { prefix: 64 }));
      } catch (error) {
        // The size of a corrupt icon entry is unknown; the listing goes on.
        if (!(error instanceof AppInfoError)) throw error;
      }
    }
    out.push({ path: file.path, density: densityName(file.dpi), kind, width: size?.width ?? null, height: size?.height ?? null });
  }
  return out;
}

/** The files of android:icon and android:roundIcon, each described. */
export async function iconResources(icon: ResValue | null, roundIcon: ResValue | null, pkg: PackageFiles): Promise<AndroidIconResource[]> {
  const out: AndroidIconResource[] = [];
  for (const [attribute, value] of [['icon', icon], ['roundIcon', roundIcon]] as const) {
    if (!value) continue;
    const files = await describe(resolveFiles(value, pkg.table), pkg);
    const id = value.kind === 'reference' ? value.id : null;
    out.push({ attribute, resource: id === null ? null : refString(id), name: id === null ? null : (pkg.table?.name(id) ?? null), files });
  }
  return out;
}

/** The base result's icon list: every distinct file of the icon resources. */
export function iconRefs(resources: AndroidIconResource[]): IconRef[] {
  const refs: IconRef[] = [];
  for (const resource of resources) {
    for (const file of resource.files) {
      if (!refs.some((r) => r.path === file.path)) refs.push({ path: file.path, width: file.width, height: file.height, kind: file.kind });
    }
  }
  return refs;
}

const BITMAP_KINDS = new Set(['png', 'webp']);

function largestFirst(files: AndroidIconFile[]): AndroidIconFile[] {
  const area = (f: AndroidIconFile) => (f.width ?? 0) * (f.height ?? 0);
  return files.filter((f) => BITMAP_KINDS.has(f.kind) && !f.path.endsWith('.9.png')).sort((a, b) => area(b) - area(a));
}

/** The drawable layers of an adaptive-icon XML: foreground first, then background. */
function adaptiveLayers(root: XmlElement): ResValue[] {
  if (root.name !== 'adaptive-icon') return [];
  const layers: ResValue[] = [];
  for (const name of ['foreground', 'background']) {
    const layer = root.children.find((c) => c.name === name);
    const drawable = layer?.attributes.find((a) => a.resourceId === 0x01010199 || (a.name === 'drawable' && a.namespace === ANDROID_NS));
    if (drawable) layers.push(drawable.value);
  }
  return layers;
}

/** Reads a bitmap file and answers it as a standard PNG, or null when it cannot be decoded. */
async function toPng(file: AndroidIconFile, pkg: PackageFiles): Promise<Buffer | null> {
  const entry = pkg.zip.get(pkg.entryName(file.path));
  if (!entry || entry.uncompressedSize > MAX_ICON_BYTES) return null;
  let data: Buffer;
  try {
    data = await pkg.zip.read(entry, { maxBytes: MAX_ICON_BYTES });
  } catch (error) {
    // A corrupt icon entry costs this candidate, not the whole result.
    if (error instanceof AppInfoError) return null;
    throw error;
  }
  if (isPng(data)) return data;
  return decodeWebpToPng(data);
}

/** The best icon as a standard PNG, or null when the package has no bitmap that can be decoded. */
export async function loadBestIcon(resources: AndroidIconResource[], pkg: PackageFiles): Promise<Buffer | null> {
  const tried = new Set<string>();
  const attempt = async (files: AndroidIconFile[]): Promise<Buffer | null> => {
    for (const file of largestFirst(files)) {
      if (tried.has(file.path)) continue;
      tried.add(file.path);
      const png = await toPng(file, pkg);
      if (png) return png;
    }
    return null;
  };

  // 1. The icon's own bitmaps, then the round icon's.
  for (const resource of resources) {
    const png = await attempt(resource.files);
    if (png) return png;
  }
  // 2. Adaptive icons: the foreground layer's bitmaps.
  for (const resource of resources) {
    for (const xml of resource.files.filter((f) => f.kind === 'xml')) {
      const entry = pkg.zip.get(pkg.entryName(xml.path));
      if (!entry || entry.uncompressedSize > MAX_XML_BYTES) continue;
      let root: XmlElement;
      try {
        root = pkg.parseXml(await pkg.zip.read(entry, { maxBytes: MAX_XML_BYTES }), xml.path);
      } catch (error) {
        // A broken drawable costs the icon, not the whole result.
        if (error instanceof AppInfoError) continue;
        throw error;
      }
      for (const layer of adaptiveLayers(root).slice(0, 1)) {
        const png = await attempt(await describe(resolveFiles(layer, pkg.table), pkg));
        if (png) return png;
      }
    }
  }
  // 3. Any mipmap or drawable bitmap with the icon's name.
  for (const resource of resources) {
    const entryName = resource.name?.split('/')[1];
    if (!entryName || !pkg.table) continue;
    // A name is a mipmap and maybe a drawable; a table repeating it thousands of times is cut short.
    for (const id of pkg.table.idsNamed(entryName, ['mipmap', 'drawable']).slice(0, 8)) {
      const png = await attempt(await describe(resolveFiles({ kind: 'reference', id }, pkg.table), pkg));
      if (png) return png;
    }
  }
  return null;
}
