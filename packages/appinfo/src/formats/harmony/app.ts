// HarmonyOS `.app`: what AppGallery receives, a zip of one or more `.hap` modules (each a
// zip itself) plus a root `pack.info` naming them. The result reports the entry module's
// values (bundle, versions, label, icon) and lists every module.
import { AppInfoError } from '../../errors.ts';
import type { InfoOf } from '../../types.ts';
import { openZip } from '../../zip/zip.ts';
import type { ZipArchive, ZipEntry } from '../../zip/zip.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import type { HapDetails } from './hap.ts';
import { nestedReader, readHap, readJsonEntry } from './hap.ts';

/** A compressed inner .hap is inflated into memory up to this size (stored ones are not). */
const MAX_NESTED_HAP_BYTES = 256 * 1024 * 1024;
const MAX_MODULES = 256;

export interface HarmonyAppModule {
  /** The .hap file inside the .app. */
  path: string;
  size: number;
  /** From pack.info: the module name and type (entry, feature, shared). */
  name: string | null;
  moduleType: string | null;
  deviceTypes: string[];
}

export type HarmonyAppDetails = HapDetails & {
  /** The .hap whose values the result reports. */
  entryModule: string;
  modules: HarmonyAppModule[];
};

export type HarmonyAppInfo = InfoOf<'harmony_app', HarmonyAppDetails>;

function rootHaps(zip: ZipArchive): ZipEntry[] {
  return zip.entries.filter((e) => !e.isDirectory && !e.name.includes('/') && e.name.toLowerCase().endsWith('.hap'));
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

async function withEntryHap<T>(zip: ZipArchive, entry: ZipEntry, use: (inner: ZipArchive) => Promise<T>): Promise<T> {
  let inner: ZipArchive;
  try {
    inner = await openZip(await nestedReader(zip, entry, MAX_NESTED_HAP_BYTES));
  } catch (error) {
    if (error instanceof AppInfoError) {
      throw new AppInfoError(error.code, `The module ${entry.name} inside the .app is not a readable .hap: ${error.message}`, { cause: error });
    }
    throw error;
  }
  try {
    return await use(inner);
  } finally {
    await inner.close();
  }
}

export const harmonyAppParser: FormatParser = {
  format: 'harmony_app',
  container: 'zip',
  match: (ctx) => ctx.zip!.get('pack.info') !== undefined && ctx.zip!.get('module.json') === undefined && rootHaps(ctx.zip!).length > 0,
  async parse(ctx: ParseContext): Promise<Parsed> {
    const zip = ctx.zip!;
    const haps = rootHaps(zip);
    if (haps.length > MAX_MODULES) throw new AppInfoError('limit_exceeded', `The HarmonyOS .app holds ${haps.length} .hap modules, more than the ${MAX_MODULES} read`);
    const packInfo = await readJsonEntry(zip, zip.get('pack.info')!, 'packaging summary');
    const packages = (Array.isArray(packInfo.packages) ? packInfo.packages : []).filter(isObject);
    const describe = (entry: ZipEntry): HarmonyAppModule => {
      const base = entry.name.replace(/\.hap$/i, '');
      // pack.info names packages "entry-default"; the file may carry a "-signed" suffix.
      const listed = packages.find((p) => typeof p.name === 'string' && (p.name === base || base.startsWith(`${p.name}-`)));
      return {
        path: entry.name,
        size: entry.uncompressedSize,
        name: typeof listed?.name === 'string' ? listed.name : null,
        moduleType: typeof listed?.moduleType === 'string' ? listed.moduleType : null,
        deviceTypes: Array.isArray(listed?.deviceType) ? listed.deviceType.filter((d): d is string => typeof d === 'string') : [],
      };
    };
    const modules = haps.map(describe);
    const entryIndex = Math.max(0, modules.findIndex((m) => m.moduleType === 'entry'));
    const entryHap = haps[entryIndex]!;

    const hap = await withEntryHap(zip, entryHap, (innerZip) => readHap(innerZip, ctx.reader.size));
    const info: HarmonyAppInfo = {
      ...hap.info,
      format: 'harmony_app',
      details: { ...hap.info.details, entryModule: entryHap.name, modules },
    };
    // The inner archive is closed after each use; the icon reopens it (its central directory
    // is small) rather than keep it open for a caller that may never ask.
    return { info, loadIcon: () => withEntryHap(zip, entryHap, async (innerZip) => (await readHap(innerZip, ctx.reader.size)).loadIcon()) };
  },
};
