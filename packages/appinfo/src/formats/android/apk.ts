// Android .apk: a zip with a binary AndroidManifest.xml at its root, resources.arsc beside it,
// native libraries under lib/<abi>/ and signatures in META-INF and the APK Signing Block.
import { AppInfoError } from '../../errors.ts';
import { releaseBuffer } from '../../io/reader.ts';
import type { InfoOf } from '../../types.ts';
import type { FormatParser, Parsed } from '../parser.ts';
import { ArscTable } from './arsc.ts';
import { parseAxml } from './axml.ts';
import type { AndroidDetails } from './details.ts';
import { androidResult, nativeAbis } from './details.ts';
import type { PackageFiles } from './icons.ts';
import { readManifest } from './manifest.ts';

export type ApkDetails = AndroidDetails;
export type ApkInfo = InfoOf<'apk', ApkDetails>;

/** The largest manifests (thousands of components) are a few hundred KiB. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
/** Big games ship resource tables of tens of MiB. */
const MAX_TABLE_BYTES = 128 * 1024 * 1024;

export const apkParser: FormatParser = {
  format: 'apk',
  container: 'zip',
  match(ctx) {
    const zip = ctx.zip!;
    if (!zip.get('AndroidManifest.xml')) return false;
    // A Proguard mapping zip may carry a manifest for its package name; an APK has code or resources.
    return !zip.get('mapping.txt') || zip.get('classes.dex') !== undefined || zip.get('resources.arsc') !== undefined;
  },
  async parse(ctx): Promise<Parsed<ApkInfo>> {
    const zip = ctx.zip!;
    const manifestEntry = zip.get('AndroidManifest.xml')!;
    const root = parseAxml(await zip.read(manifestEntry, { maxBytes: MAX_MANIFEST_BYTES }), 'AndroidManifest.xml');
    if (root.name !== 'manifest') {
      throw new AppInfoError('bad_xml', `AndroidManifest.xml has root element <${root.name}>, expected <manifest>`);
    }
    const tableEntry = zip.get('resources.arsc');
    const tableBytes = tableEntry ? await zip.read(tableEntry, { maxBytes: MAX_TABLE_BYTES }) : null;
    const table = tableBytes ? new ArscTable(tableBytes) : null;
    const manifest = readManifest(root, table);
    const pkg: PackageFiles = { zip, table, entryName: (path) => path, parseXml: parseAxml };
    const abis = nativeAbis(zip.entries.map((e) => e.name), /^lib\/([^/]+)\/[^/]+\.so$/);
    const result = await androidResult(ctx.reader, manifest, pkg, abis);
    return {
      info: { format: 'apk', ...result.base, details: result.details },
      loadIcon: result.loadIcon,
      release: () => tableBytes && releaseBuffer(tableBytes),
    };
  },
};
