// Android App Bundle (.aab): the upload format of Google Play. A zip of modules (base/ and
// feature modules) whose manifest (base/manifest/AndroidManifest.xml) and resource table
// (base/resources.pb) are aapt2 protocol buffers instead of binary XML; resources live under
// base/res/, native libraries under base/lib/<abi>/, and the bundle is JAR-signed (META-INF).
import { AppInfoError } from '../../errors.ts';
import type { InfoOf } from '../../types.ts';
import type { FormatParser, Parsed } from '../parser.ts';
import { parseProtoXml, ProtoTable } from './aapt2-proto.ts';
import type { AndroidDetails } from './details.ts';
import { androidResult, nativeAbis } from './details.ts';
import type { PackageFiles } from './icons.ts';
import { readManifest } from './manifest.ts';

export type AabDetails = AndroidDetails;
export type AabInfo = InfoOf<'aab', AabDetails>;

const MANIFEST = 'base/manifest/AndroidManifest.xml';
const TABLE = 'base/resources.pb';
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
const MAX_TABLE_BYTES = 128 * 1024 * 1024;

export const aabParser: FormatParser = {
  format: 'aab',
  container: 'zip',
  match(ctx) {
    return ctx.zip!.get(MANIFEST) !== undefined;
  },
  async parse(ctx): Promise<Parsed<AabInfo>> {
    const zip = ctx.zip!;
    const root = parseProtoXml(await zip.read(zip.get(MANIFEST)!, { maxBytes: MAX_MANIFEST_BYTES }), MANIFEST);
    if (root.name !== 'manifest') {
      throw new AppInfoError('bad_xml', `${MANIFEST} has root element <${root.name}>, expected <manifest>`);
    }
    const tableEntry = zip.get(TABLE);
    const table = tableEntry ? new ProtoTable(await zip.read(tableEntry, { maxBytes: MAX_TABLE_BYTES }), TABLE) : null;
    const manifest = readManifest(root, table);
    const pkg: PackageFiles = { zip, table, entryName: (path) => `base/${path}`, parseXml: parseProtoXml };
    const abis = nativeAbis(zip.entries.map((e) => e.name), /^[^/]+\/lib\/([^/]+)\/[^/]+\.so$/);
    const result = await androidResult(ctx.reader, manifest, pkg, abis);
    return { info: { format: 'aab', ...result.base, details: result.details }, loadIcon: result.loadIcon };
  },
};
