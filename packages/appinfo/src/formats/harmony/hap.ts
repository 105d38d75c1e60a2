// HarmonyOS (stage model) `.hap`: a zip holding `module.json` (the compiled module manifest,
// JSON), `pack.info` (JSON packaging summary), `resources.index` (the binary resource
// table, see resources-index.ts) and `resources/…` files.
//
// module.json names the label and icon symbolically (`$string:app_name`,
// `$media:app_icon`); they are resolved through resources.index. API levels are written
// as compatible-SDK numbers on HarmonyOS NEXT: 50000012 = release 5.0.0, API 12, encoded
// as major·10⁷ + minor·10⁵ + patch·10³ + api; older values (≤ 999) are the API level itself.
import { AppInfoError } from '../../errors.ts';
import { pngSize } from '../../image/png.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import { bufferReader } from '../../io/reader.ts';
import type { Device, IconRef, InfoOf } from '../../types.ts';
import type { ZipArchive, ZipEntry } from '../../zip/zip.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import type { ResourceTable } from './resources-index.ts';
import { parseResourceIndex, resolveResource, resourceValues } from './resources-index.ts';

const MAX_JSON_BYTES = 4 * 1024 * 1024;
const MAX_RESOURCE_INDEX_BYTES = 32 * 1024 * 1024;
const MAX_ICON_BYTES = 16 * 1024 * 1024;
const MAX_LIST = 1000;

export interface HarmonyAbility {
  name: string;
  label: string | null;
  icon: string | null;
  exported: boolean | null;
  /** Skill actions and entities, e.g. action.system.home / entity.system.home. */
  actions: string[];
  entities: string[];
}

export interface HarmonyModule {
  name: string | null;
  /** entry, feature, shared, har. */
  type: string | null;
  mainElement: string | null;
  deviceTypes: string[];
  installationFree: boolean | null;
  deliveryWithInstall: boolean | null;
  abilities: HarmonyAbility[];
  extensionAbilities: { name: string; type: string | null }[];
  requestPermissions: string[];
}

export interface HapDetails {
  bundleName: string | null;
  /** app, atomicService, shared. */
  bundleType: string | null;
  vendor: string | null;
  versionName: string | null;
  versionCode: number | null;
  /** API level (12) and the number as module.json writes it (50000012). */
  minApiVersion: number | null;
  minApiVersionRaw: number | null;
  targetApiVersion: number | null;
  targetApiVersionRaw: number | null;
  /** The OS release the minimum API belongs to ("5.0.0"), when the number encodes one. */
  minOsRelease: string | null;
  compileSdkVersion: string | null;
  compileSdkType: string | null;
  apiReleaseType: string | null;
  debug: boolean | null;
  /** The label and icon references as module.json writes them. */
  label: string | null;
  icon: string | null;
  /** The label in every configuration of resources.index ('' is the base one). */
  labels: Record<string, string>;
  /** The icon as resources.index resolves it (`entry/resources/base/media/app_icon.png`). */
  iconPath: string | null;
  /** Every device type the module declares; the base `device` is the first. */
  deviceTypes: string[];
  module: HarmonyModule;
  /** Packages listed in pack.info. */
  packages: { name: string; moduleType: string | null; deviceTypes: string[] }[];
  /** restool's version string from resources.index, or null when the hap has none. */
  resourceTableVersion: string | null;
}

export type HapInfo = InfoOf<'hap', HapDetails>;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function str(object: Json | undefined, key: string): string | null {
  const value = object?.[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}
function num(object: Json | undefined, key: string): number | null {
  const value = object?.[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}
function bool(object: Json | undefined, key: string): boolean | null {
  const value = object?.[key];
  return typeof value === 'boolean' ? value : null;
}
function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject).slice(0, MAX_LIST) : [];
}
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX_LIST) : [];
}

/** Reads a JSON entry with a size cap; a missing or malformed one is a clear error. */
export async function readJsonEntry(zip: ZipArchive, entry: ZipEntry, what: string): Promise<Json> {
  const text = await zip.readText(entry, { maxBytes: MAX_JSON_BYTES });
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (error) {
    throw new AppInfoError('corrupt_file', `The ${what} ${entry.name} is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  if (!isObject(value)) throw new AppInfoError('corrupt_file', `The ${what} ${entry.name} is not a JSON object`);
  return value;
}

/** 50000012 → { api: 12, release: '5.0.0' }; 9 → { api: 9, release: null }. */
export function decodeApiVersion(raw: number | null): { api: number | null; release: string | null } {
  if (raw === null || !Number.isSafeInteger(raw) || raw < 0) return { api: null, release: null };
  if (raw < 1000) return { api: raw, release: null };
  const major = Math.floor(raw / 10_000_000);
  const minor = Math.floor(raw / 100_000) % 100;
  const patch = Math.floor(raw / 1000) % 100;
  return { api: raw % 1000, release: `${major}.${minor}.${patch}` };
}

const DEVICES: Record<string, Device> = {
  default: 'phone',
  phone: 'phone',
  tablet: 'tablet',
  '2in1': '2in1',
  pc: '2in1',
  wearable: 'wearable',
  liteWearable: 'wearable',
  car: 'car',
  tv: 'television',
};

export function harmonyDevice(deviceTypes: string[]): Device {
  const first = deviceTypes[0];
  return first !== undefined ? (DEVICES[first] ?? 'unknown') : 'unknown';
}

function readModule(module: Json | undefined): HarmonyModule {
  return {
    name: str(module, 'name'),
    type: str(module, 'type'),
    mainElement: str(module, 'mainElement'),
    deviceTypes: strings(module?.deviceTypes),
    installationFree: bool(module, 'installationFree'),
    deliveryWithInstall: bool(module, 'deliveryWithInstall'),
    abilities: objects(module?.abilities).map((ability) => {
      const skills = objects(ability.skills);
      return {
        name: str(ability, 'name') ?? '',
        label: str(ability, 'label'),
        icon: str(ability, 'icon'),
        exported: bool(ability, 'exported'),
        actions: skills.flatMap((s) => strings(s.actions)),
        entities: skills.flatMap((s) => strings(s.entities)),
      };
    }),
    extensionAbilities: objects(module?.extensionAbilities).map((e) => ({ name: str(e, 'name') ?? '', type: str(e, 'type') })),
    requestPermissions: objects(module?.requestPermissions)
      .map((p) => str(p, 'name'))
      .filter((n): n is string => n !== null),
  };
}

function readPackages(packInfo: Json | null): HapDetails['packages'] {
  return objects(packInfo?.packages).map((p) => ({ name: str(p, 'name') ?? '', moduleType: str(p, 'moduleType'), deviceTypes: strings(p.deviceType) }));
}

/** The zip entry a resources.index path names: `entry/resources/base/…` → `resources/base/…`. */
function entryForResourcePath(zip: ZipArchive, path: string): ZipEntry | undefined {
  return zip.get(path) ?? zip.get(path.slice(path.indexOf('/') + 1)) ?? zip.get(path.replace(/^.*?\/resources\//, 'resources/'));
}

export interface HapReading {
  info: HapInfo;
  loadIcon: () => Promise<Buffer | null>;
}

/** Reads a hap's manifest, pack.info and resource table from its (already opened) zip. */
export async function readHap(zip: ZipArchive, size: number): Promise<HapReading> {
  const moduleEntry = zip.get('module.json');
  if (!moduleEntry) throw new AppInfoError('missing_entry', 'The HarmonyOS package has no module.json (only stage-model .hap files are supported)');
  const manifest = await readJsonEntry(zip, moduleEntry, 'module manifest');
  const app = isObject(manifest.app) ? manifest.app : undefined;
  const module = isObject(manifest.module) ? manifest.module : undefined;
  if (!app) throw new AppInfoError('corrupt_file', 'The module.json has no "app" object; it is not a HarmonyOS module manifest');

  const packEntry = zip.get('pack.info');
  const packInfo = packEntry ? await readJsonEntry(zip, packEntry, 'packaging summary') : null;

  let table: ResourceTable | null = null;
  const indexEntry = zip.get('resources.index');
  if (indexEntry) table = parseResourceIndex(await zip.read(indexEntry, { maxBytes: MAX_RESOURCE_INDEX_BYTES }));

  const label = str(app, 'label');
  const icon = str(app, 'icon');
  const labelEntry = table && label ? (resolveResource(table, label) ?? resolveResource(table, num(app, 'labelId') ?? -1)) : null;
  const iconEntry = table && icon ? (resolveResource(table, icon) ?? resolveResource(table, num(app, 'iconId') ?? -1)) : null;
  const bundleName = str(app, 'bundleName');
  // A label that is not a reference is the literal text.
  const name = labelEntry?.value ?? (label && !label.startsWith('$') ? label : bundleName);

  const min = decodeApiVersion(num(app, 'minAPIVersion'));
  const target = decodeApiVersion(num(app, 'targetAPIVersion'));
  const moduleInfo = readModule(module);

  const iconPath = iconEntry?.value ?? null;
  const icons: IconRef[] = [];
  const iconZipEntry = iconPath ? entryForResourcePath(zip, iconPath) : undefined;
  if (iconZipEntry) {
    const kind = iconZipEntry.name.split('.').pop()?.toLowerCase() ?? 'unknown';
    const dims = kind === 'png' ? pngSize(await zip.read(iconZipEntry, { prefix: 24 })) : null;
    icons.push({ path: iconZipEntry.name, width: dims?.width ?? null, height: dims?.height ?? null, kind });
  }

  const info: HapInfo = {
    format: 'hap',
    platform: 'harmonyos',
    device: harmonyDevice(moduleInfo.deviceTypes),
    name,
    displayName: name,
    bundleId: bundleName,
    releaseVersion: str(app, 'versionName'),
    buildVersion: str(app, 'versionCode'),
    minOsVersion: min.api === null ? null : String(min.api),
    size,
    // ArkTS bytecode is architecture-neutral; native libraries sit under libs/<abi>/.
    archs: [...new Set(zip.entries.map((e) => /^libs\/([^/]+)\/[^/]+\.so$/.exec(e.name)?.[1]).filter((a): a is string => a !== undefined))],
    icons,
    details: {
      bundleName,
      bundleType: str(app, 'bundleType'),
      vendor: str(app, 'vendor'),
      versionName: str(app, 'versionName'),
      versionCode: num(app, 'versionCode'),
      minApiVersion: min.api,
      minApiVersionRaw: num(app, 'minAPIVersion'),
      targetApiVersion: target.api,
      targetApiVersionRaw: num(app, 'targetAPIVersion'),
      minOsRelease: min.release,
      compileSdkVersion: str(app, 'compileSdkVersion'),
      compileSdkType: str(app, 'compileSdkType'),
      apiReleaseType: str(app, 'apiReleaseType'),
      debug: bool(app, 'debug'),
      label,
      icon,
      labels: table && label ? resourceValues(table, label) : {},
      iconPath,
      deviceTypes: moduleInfo.deviceTypes,
      module: moduleInfo,
      packages: readPackages(packInfo),
      resourceTableVersion: table?.version ?? null,
    },
  };

  async function loadIcon(): Promise<Buffer | null> {
    if (!iconZipEntry) return null;
    let entry: ZipEntry | undefined = iconZipEntry;
    // A layered icon is JSON naming a foreground and a background image; the foreground
    // is the recognisable part.
    if (entry.name.endsWith('.json') && table) {
      const layered = await readJsonEntry(zip, entry, 'layered icon');
      const layers = isObject(layered['layered-image']) ? layered['layered-image'] : undefined;
      const reference = str(layers, 'foreground') ?? str(layers, 'background');
      const resolved = reference ? resolveResource(table, reference) : null;
      entry = resolved ? entryForResourcePath(zip, resolved.value) : undefined;
      if (!entry) return null;
    }
    const bytes = await zip.read(entry, { maxBytes: MAX_ICON_BYTES });
    return pngSize(bytes) ? bytes : null;
  }

  return { info, loadIcon };
}

export const hapParser: FormatParser = {
  format: 'hap',
  container: 'zip',
  match: (ctx) => ctx.zip!.get('module.json') !== undefined,
  async parse(ctx: ParseContext): Promise<Parsed> {
    return readHap(ctx.zip!, ctx.reader.size);
  },
};

/** Opens a zip inside a zip (a .hap in a .app): random access when stored, else inflated with a cap. */
export async function nestedReader(zip: ZipArchive, entry: ZipEntry, maxBytes: number): Promise<RandomAccessReader> {
  const stored = await zip.storedReader(entry);
  if (stored) return stored;
  return bufferReader(await zip.read(entry, { maxBytes }));
}
