// Reads an AndroidManifest.xml, already decoded into elements (from binary XML in an .apk or
// protobuf in an .aab), with the package's resource table to resolve references such as the
// label @0x7f0f001b. Android's own rules are followed where tools depend on them: attributes
// are matched by their android: resource id first (obfuscated apps blank their names),
// component names starting with "." or without a dot are prefixed with the package name.
import type { Device } from '../../types.ts';
import type { ResEntryValue, ResourceTable, ResValue, XmlAttribute, XmlElement } from './model.ts';
import { ANDROID_NS } from './model.ts';

/** android: attribute resource ids (frameworks/base/core/res/res/values/public.xml). */
const ATTR_IDS: Record<string, number> = {
  label: 0x01010001,
  icon: 0x01010002,
  name: 0x01010003,
  permission: 0x01010006,
  debuggable: 0x0101000f,
  exported: 0x01010010,
  authorities: 0x01010018,
  mimeType: 0x01010026,
  scheme: 0x01010027,
  host: 0x01010028,
  port: 0x01010029,
  path: 0x0101002a,
  pathPrefix: 0x0101002b,
  pathPattern: 0x0101002c,
  drawable: 0x01010199,
  targetActivity: 0x01010202,
  minSdkVersion: 0x0101020c,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  targetSdkVersion: 0x01010270,
  maxSdkVersion: 0x01010271,
  testOnly: 0x01010272,
  glEsVersion: 0x01010281,
  smallScreens: 0x01010284,
  normalScreens: 0x01010285,
  largeScreens: 0x01010286,
  required: 0x0101028e,
  installLocation: 0x010102b7,
  xlargeScreens: 0x010102bf,
  requiresSmallestWidthDp: 0x01010364,
  usesCleartextTraffic: 0x010104ec,
  roundIcon: 0x0101052c,
  compileSdkVersion: 0x01010572,
  compileSdkVersionCodename: 0x01010573,
};

export interface AndroidIntentData {
  scheme?: string;
  host?: string;
  port?: string;
  path?: string;
  pathPrefix?: string;
  pathPattern?: string;
  pathSuffix?: string;
  pathAdvancedPattern?: string;
  mimeType?: string;
}

export interface AndroidIntentFilter {
  actions: string[];
  categories: string[];
  data: AndroidIntentData[];
}

export interface AndroidComponent {
  /** Fully qualified class name. */
  name: string;
  /** android:exported as declared; null when the manifest leaves it to the platform default. */
  exported: boolean | null;
  /** The permission a caller needs, or null. */
  permission: string | null;
  intentFilters: AndroidIntentFilter[];
  /** activity-alias only: the activity it stands for. */
  targetActivity?: string | null;
  /** provider only: its content authorities. */
  authorities?: string[];
}

export interface AndroidFeature {
  /** android.hardware.bluetooth …; null for a uses-feature that only states an OpenGL ES version. */
  name: string | null;
  /** android:required, true unless the manifest says false. */
  required: boolean;
  /** OpenGL ES version ("2.0") when declared. */
  glEsVersion?: string;
}

export interface AndroidDeepLink {
  /** The activity (or alias) that handles the links. */
  activity: string;
  schemes: string[];
  hosts: string[];
  /** path, pathPrefix, pathPattern … values, as written. */
  paths: string[];
}

export interface AndroidManifest {
  packageName: string | null;
  versionCode: number | null;
  versionName: string | null;
  /** minSdkVersion as written: an API level ("14") or a preview codename. */
  minSdkRaw: string | null;
  minSdk: number | null;
  targetSdk: number | null;
  maxSdk: number | null;
  /** compileSdkVersion, when the build tools recorded it (AGP 4.1+). */
  compileSdk: number | null;
  compileSdkCodename: string | null;
  /** The application label in the default configuration. */
  label: string | null;
  /** Every localized value of the label: { default: …, 'zh-CN': … }. */
  labels: Record<string, string>;
  /** android:icon and android:roundIcon as written (a reference, or a path in rare builds). */
  iconValue: ResValue | null;
  roundIconValue: ResValue | null;
  /** uses-permission names, in manifest order. */
  permissions: string[];
  features: AndroidFeature[];
  activities: AndroidComponent[];
  activityAliases: AndroidComponent[];
  services: AndroidComponent[];
  receivers: AndroidComponent[];
  providers: AndroidComponent[];
  /** The activity with MAIN + LAUNCHER (or LEANBACK_LAUNCHER), or null. */
  launcherActivity: string | null;
  /** Intent filters with VIEW + BROWSABLE: schemes, hosts and paths the app opens. */
  deepLinks: AndroidDeepLink[];
  device: Device;
  debuggable: boolean;
  testOnly: boolean;
  /** android:usesCleartextTraffic as declared; null when left to the platform default. */
  usesCleartextTraffic: boolean | null;
  /** auto, internalOnly or preferExternal; null when not declared (internalOnly applies). */
  installLocation: string | null;
}

/** Follows references at most this deep (a → b → c …); a cycle stops here. */
const MAX_REFERENCE_DEPTH = 8;

function attribute(el: XmlElement, name: string, namespaced = true): XmlAttribute | undefined {
  const id = namespaced ? ATTR_IDS[name] : undefined;
  if (id !== undefined) {
    const byId = el.attributes.find((a) => a.resourceId === id);
    if (byId) return byId;
  }
  const inNamespace = (a: (typeof el.attributes)[number]) =>
    namespaced ? a.namespace === ANDROID_NS || (a.namespace === null && a.resourceId === null) : a.namespace === null;
  return el.attributes.find((a) => a.name === name && inNamespace(a));
}

/** The entry Android picks without a device: no locale, no other qualifier, else the first. */
function defaultEntry(entries: ResEntryValue[]): ResEntryValue | undefined {
  return entries.find((e) => !e.config.locale && !e.config.otherQualifiers) ?? entries.find((e) => !e.config.locale) ?? entries[0];
}

/** A value with references followed to their default value. */
export function resolveValue(value: ResValue | undefined, table: ResourceTable | null, depth = 0): ResValue | undefined {
  if (!value || value.kind !== 'reference') return value;
  if (!table || depth >= MAX_REFERENCE_DEPTH) return undefined;
  return resolveValue(defaultEntry(table.values(value.id))?.value, table, depth + 1);
}

function asString(value: ResValue | undefined): string | null {
  switch (value?.kind) {
    case 'string':
      return value.value;
    case 'file':
      return value.path;
    case 'int':
    case 'float':
      return String(value.value);
    case 'bool':
      return value.value ? 'true' : 'false';
    default:
      return null;
  }
}

function asInt(value: ResValue | undefined): number | null {
  if (value?.kind === 'int') return value.value;
  if (value?.kind === 'string' && /^-?\d+$/.test(value.value.trim())) return Number(value.value.trim());
  return null;
}

function asBool(value: ResValue | undefined): boolean | null {
  if (value?.kind === 'bool') return value.value;
  if (value?.kind === 'int') return value.value !== 0;
  if (value?.kind === 'string') return value.value === 'true' ? true : value.value === 'false' ? false : null;
  return null;
}

/** Every locale's value of a string attribute: { default, 'zh-CN', … }, the default first. */
function localized(value: ResValue | undefined, table: ResourceTable | null): Record<string, string> {
  if (!value) return {};
  if (value.kind !== 'reference') {
    const s = asString(value);
    return s === null ? {} : { default: s };
  }
  if (!table) return {};
  const entries = table.values(value.id);
  // Plain configurations first, so a locale's value is not taken from its night or -land variant.
  const ordered = [...entries.filter((e) => !e.config.otherQualifiers), ...entries.filter((e) => e.config.otherQualifiers)];
  const found = new Map<string, string>();
  for (const entry of ordered) {
    const key = entry.config.locale ?? 'default';
    if (found.has(key)) continue;
    const s = asString(resolveValue(entry.value, table, 1));
    if (s !== null) found.set(key, s);
  }
  const out: Record<string, string> = {};
  const def = found.get('default');
  if (def !== undefined) out.default = def;
  for (const [key, s] of found) if (key !== 'default') out[key] = s;
  return out;
}

/** Android's rule for component class names: ".Foo" and "Foo" live in the package. */
function className(pkg: string | null, name: string): string {
  if (!pkg) return name;
  if (name.startsWith('.')) return pkg + name;
  if (!name.includes('.')) return `${pkg}.${name}`;
  return name;
}

function children(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name && !c.namespace);
}

const INSTALL_LOCATIONS = ['auto', 'internalOnly', 'preferExternal'];

/** Reads the manifest's root element; `table` resolves references (null when the package has none). */
export function readManifest(root: XmlElement, table: ResourceTable | null): AndroidManifest {
  const str = (el: XmlElement, name: string, namespaced = true) => asString(resolveValue(attribute(el, name, namespaced)?.value, table));
  const int = (el: XmlElement, name: string) => asInt(resolveValue(attribute(el, name)?.value, table));
  const bool = (el: XmlElement, name: string) => asBool(resolveValue(attribute(el, name)?.value, table));

  const packageName = str(root, 'package', false);
  const usesSdk = children(root, 'uses-sdk')[0];
  const minSdkRaw = usesSdk ? str(usesSdk, 'minSdkVersion') : null;
  const application = children(root, 'application')[0];

  const permissions: string[] = [];
  for (const tag of ['uses-permission', 'uses-permission-sdk-23', 'uses-permission-sdk-m']) {
    for (const el of children(root, tag)) {
      const name = str(el, 'name');
      if (name && !permissions.includes(name)) permissions.push(name);
    }
  }

  const features: AndroidFeature[] = children(root, 'uses-feature').map((el) => {
    const feature: AndroidFeature = { name: str(el, 'name'), required: bool(el, 'required') ?? true };
    const gl = int(el, 'glEsVersion');
    if (gl !== null && gl > 0) feature.glEsVersion = `${gl >>> 16}.${gl & 0xffff}`;
    return feature;
  });

  const intentFilters = (el: XmlElement): AndroidIntentFilter[] =>
    children(el, 'intent-filter').map((filter) => ({
      actions: children(filter, 'action').map((a) => str(a, 'name')).filter((s): s is string => s !== null),
      categories: children(filter, 'category').map((c) => str(c, 'name')).filter((s): s is string => s !== null),
      data: children(filter, 'data').map((d) => {
        const data: AndroidIntentData = {};
        for (const key of ['scheme', 'host', 'port', 'path', 'pathPrefix', 'pathPattern', 'pathSuffix', 'pathAdvancedPattern', 'mimeType'] as const) {
          const value = str(d, key);
          if (value !== null) data[key] = value;
        }
        return data;
      }),
    }));

  const component = (el: XmlElement): AndroidComponent => ({
    name: className(packageName, str(el, 'name') ?? ''),
    exported: bool(el, 'exported'),
    permission: str(el, 'permission'),
    intentFilters: intentFilters(el),
  });
  const list = (tag: string) => (application ? children(application, tag).map(component) : []);
  const activities = list('activity');
  const activityAliases = application
    ? children(application, 'activity-alias').map((el) => {
        const target = str(el, 'targetActivity');
        return { ...component(el), targetActivity: target === null ? null : className(packageName, target) };
      })
    : [];
  const providers = application
    ? children(application, 'provider').map((el) => ({
        ...component(el),
        authorities: (str(el, 'authorities') ?? '').split(';').filter(Boolean),
      }))
    : [];

  const all = [...activities, ...activityAliases];
  const has = (c: AndroidComponent, action: string, category: string) =>
    c.intentFilters.some((f) => f.actions.includes(action) && f.categories.includes(category));
  const launcher = all.find((c) => has(c, 'android.intent.action.MAIN', 'android.intent.category.LAUNCHER'));
  const leanbackLauncher = all.find((c) => has(c, 'android.intent.action.MAIN', 'android.intent.category.LEANBACK_LAUNCHER'));

  const deepLinks: AndroidDeepLink[] = [];
  for (const c of all) {
    for (const f of c.intentFilters) {
      if (!f.actions.includes('android.intent.action.VIEW') || !f.categories.includes('android.intent.category.BROWSABLE')) continue;
      const pick = (keys: (keyof AndroidIntentData)[]) => [
        ...new Set(f.data.flatMap((d) => keys.map((k) => d[k]).filter((v): v is string => v !== undefined))),
      ];
      deepLinks.push({ activity: c.name, schemes: pick(['scheme']), hosts: pick(['host']), paths: pick(['path', 'pathPrefix', 'pathPattern', 'pathSuffix', 'pathAdvancedPattern']) });
    }
  }

  const label = application ? attribute(application, 'label')?.value : undefined;
  const labels = localized(label, table);
  const installLocation = int(root, 'installLocation');

  return {
    packageName,
    versionCode: int(root, 'versionCode'),
    versionName: str(root, 'versionName'),
    minSdkRaw,
    minSdk: usesSdk ? int(usesSdk, 'minSdkVersion') : null,
    targetSdk: usesSdk ? int(usesSdk, 'targetSdkVersion') : null,
    maxSdk: usesSdk ? int(usesSdk, 'maxSdkVersion') : null,
    compileSdk: int(root, 'compileSdkVersion'),
    compileSdkCodename: str(root, 'compileSdkVersionCodename'),
    label: labels.default ?? Object.values(labels)[0] ?? null,
    labels,
    iconValue: (application && attribute(application, 'icon')?.value) ?? null,
    roundIconValue: (application && attribute(application, 'roundIcon')?.value) ?? null,
    permissions,
    features,
    activities,
    activityAliases,
    services: list('service'),
    receivers: list('receiver'),
    providers,
    launcherActivity: (launcher ?? leanbackLauncher)?.name ?? null,
    deepLinks,
    device: deviceClass(root, features, launcher !== undefined, leanbackLauncher !== undefined, int, bool),
    debuggable: (application && bool(application, 'debuggable')) ?? false,
    testOnly: (application && bool(application, 'testOnly')) ?? false,
    usesCleartextTraffic: application ? bool(application, 'usesCleartextTraffic') : null,
    installLocation: installLocation === null ? null : (INSTALL_LOCATIONS[installLocation] ?? String(installLocation)),
  };
}

/**
 * What kind of device the app is built for. A feature the app only optionally uses
 * (required="false") means it also runs elsewhere, so it does not decide the class.
 *   watch       uses-feature android.hardware.type.watch
 *   television  uses-feature android.software.leanback required, or only a LEANBACK_LAUNCHER
 *   automotive  uses-feature android.hardware.type.automotive
 *   tablet      supports-screens turns small and normal screens off, or requires sw ≥ 600dp
 *   phone       everything else
 */
function deviceClass(
  root: XmlElement,
  features: AndroidFeature[],
  launcher: boolean,
  leanbackLauncher: boolean,
  int: (el: XmlElement, name: string) => number | null,
  bool: (el: XmlElement, name: string) => boolean | null,
): Device {
  const required = (name: string) => features.some((f) => f.name === name && f.required);
  if (required('android.hardware.type.watch')) return 'watch';
  if (required('android.hardware.type.automotive')) return 'automotive';
  if (required('android.software.leanback') || (leanbackLauncher && !launcher)) return 'television';
  const screens = children(root, 'supports-screens')[0];
  if (screens) {
    const flag = (name: string) => bool(screens, name);
    const smallestWidth = int(screens, 'requiresSmallestWidthDp');
    if (smallestWidth !== null && smallestWidth >= 600) return 'tablet';
    if (flag('smallScreens') === false && flag('normalScreens') === false && (flag('largeScreens') !== false || flag('xlargeScreens') !== false)) return 'tablet';
  }
  return 'phone';
}
