// The shapes shared by the two encodings of an Android package: an .apk stores its manifest
// and layouts as binary XML (axml.ts) and its resources in resources.arsc (arsc.ts); an .aab
// stores both as aapt2 protocol buffers (aapt2-proto.ts). Both decode into these types, so
// the manifest reading (manifest.ts) and the icon choice (icons.ts) are written once.

/** A typed value, as Android's Res_value or aapt2's Item holds it. */
export type ResValue =
  | { kind: 'string'; value: string }
  /** A file inside the package (aab FileReference); in an apk a file is a string "res/…". */
  | { kind: 'file'; path: string }
  /** `@0x7f0c0000`: another resource. */
  | { kind: 'reference'; id: number }
  /** `?0x7f040001`: a theme attribute, which cannot be resolved without a theme. */
  | { kind: 'attribute'; id: number }
  | { kind: 'int'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'float'; value: number }
  /** A bag (style, array, plural …): a compound value the parsers do not need. */
  | { kind: 'compound' }
  /** Dimensions, fractions, colours, @null and anything else, kept as Android's type and data. */
  | { kind: 'other'; type: number; data: number };

export interface XmlAttribute {
  /** Namespace URI, or null. */
  namespace: string | null;
  name: string;
  /** The android: attribute's resource id (0x0101xxxx) when the file records it. */
  resourceId: number | null;
  value: ResValue;
}

export interface XmlElement {
  namespace: string | null;
  name: string;
  attributes: XmlAttribute[];
  children: XmlElement[];
}

export const ANDROID_NS = 'http://schemas.android.com/apk/res/android';

/** One configuration a resource value applies to (only what the parsers use). */
export interface ResConfig {
  /** BCP 47 tag (zh-CN, es-419, sr-Latn), or null for the default. */
  locale: string | null;
  /** Screen density in dpi: 0 default, 120 ldpi … 640 xxxhdpi, 0xfffe anydpi, 0xffff nodpi. */
  density: number;
  /** Minimum API level qualifier (-v26), 0 when none. */
  sdkVersion: number;
  /** True when the configuration has qualifiers besides locale, density and API level (night, land, sw600dp …). */
  otherQualifiers: boolean;
}

export interface ResEntryValue {
  config: ResConfig;
  value: ResValue;
}

/** The few questions the manifest and icon readers ask a resource table. */
export interface ResourceTable {
  /** Every value of the resource across configurations, in table order; [] when unknown. */
  values(id: number): ResEntryValue[];
  /** "type/name" (mipmap/ic_launcher), or null. */
  name(id: number): string | null;
  /** Ids of resources with this entry name in any of these types (mipmap, drawable). */
  idsNamed(name: string, types: readonly string[]): number[];
}

/** Density names as Android's resource qualifiers spell them. */
export function densityName(dpi: number): string | null {
  switch (dpi) {
    case 0:
      return null;
    case 120:
      return 'ldpi';
    case 160:
      return 'mdpi';
    case 213:
      return 'tvdpi';
    case 240:
      return 'hdpi';
    case 320:
      return 'xhdpi';
    case 480:
      return 'xxhdpi';
    case 640:
      return 'xxxhdpi';
    case 0xfffe:
      return 'anydpi';
    case 0xffff:
      return 'nodpi';
    default:
      return `${dpi}dpi`;
  }
}

/** `@0x7f0c0000`, as aapt prints references. */
export function refString(id: number): string {
  return `@0x${(id >>> 0).toString(16).padStart(8, '0')}`;
}
