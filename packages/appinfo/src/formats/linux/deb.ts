// Debian packages (.deb): an ar archive of `debian-binary` ("2.0\n"), `control.tar[.gz|.xz|
// .zst]` and `data.tar.*`. Only control.tar is read (it is small); data.tar, the payload,
// is listed by name and size and never decompressed.
//
// The `control` file is deb822: "Field: value" lines, continuation lines starting with a
// space or tab. Fields are kept verbatim under `control` (continuation lines included).
// Architecture keeps Debian's names (amd64, arm64, i386, armhf …), as apt and dpkg show
// them; "all" (architecture-independent) lists no architecture, like an apk without native
// code.
import { AppInfoError } from '../../errors.ts';
import type { InfoOf } from '../../types.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';
import type { Compression } from './archive.ts';
import { AR_MAGIC, decompress, listAr, parseTar } from './archive.ts';

const MAX_CONTROL_TAR_BYTES = 16 * 1024 * 1024;
const MAX_CONTROL_TAR_EXPANDED = 64 * 1024 * 1024;
const MAX_CONTROL_FIELDS = 1000;

const SUFFIXES: Record<string, Compression> = { '': 'none', '.gz': 'gzip', '.xz': 'xz', '.zst': 'zstd' };

export interface DebDetails {
  /** The control file's fields, verbatim. */
  control: Record<string, string>;
  package: string | null;
  version: string | null;
  architecture: string | null;
  maintainer: string | null;
  description: string | null;
  depends: string | null;
  /** Installed-Size, in KiB as Debian counts it. */
  installedSize: number | null;
  section: string | null;
  priority: string | null;
  homepage: string | null;
  /** The debian-binary format version ("2.0"). */
  formatVersion: string;
  controlCompression: Compression;
  /** The payload member as named (data.tar.xz …), with its compressed size. */
  dataMember: string | null;
  dataSize: number | null;
  /** Files in control.tar (control, md5sums, postinst …). */
  controlFiles: string[];
}

export type DebInfo = InfoOf<'deb', DebDetails>;

/** Parses deb822 paragraphs' first paragraph into a map of verbatim field values. */
export function parseControl(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let current: string | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (Object.keys(fields).length > 0) break; // the end of the first paragraph
      continue;
    }
    if (line.startsWith('#')) continue;
    if ((line.startsWith(' ') || line.startsWith('\t')) && current !== null) {
      fields[current] += `\n${line}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new AppInfoError('corrupt_file', `The package's control file has a line that is not "Field: value": ${JSON.stringify(line.slice(0, 80))}`);
    current = line.slice(0, colon);
    if (Object.keys(fields).length >= MAX_CONTROL_FIELDS) throw new AppInfoError('limit_exceeded', `The package's control file has more than ${MAX_CONTROL_FIELDS} fields`);
    fields[current] = line.slice(colon + 1).trim();
  }
  return fields;
}

export async function parseDeb(ctx: ParseContext): Promise<Parsed> {
  const members = await listAr(ctx.reader, 'Debian package');
  const first = members[0];
  if (!first || first.name !== 'debian-binary') {
    throw new AppInfoError('corrupt_file', `An ar archive, but not a Debian package: its first member is ${first ? `"${first.name}"` : 'missing'}, not "debian-binary"`);
  }
  const formatVersion = (await ctx.reader.read(first.offset, Math.min(first.size, 16))).toString('latin1').trim();
  if (!/^2\.\d+$/.test(formatVersion)) throw new AppInfoError('corrupt_file', `The Debian package format is "${formatVersion}"; only 2.x is supported`);

  const controlMember = members.find((m) => m.name.startsWith('control.tar'));
  if (!controlMember) throw new AppInfoError('missing_entry', 'The Debian package has no control.tar member');
  const suffix = controlMember.name.slice('control.tar'.length);
  const compression = SUFFIXES[suffix];
  if (compression === undefined) {
    throw new AppInfoError('corrupt_file', `The Debian package's control archive is "${controlMember.name}"; only control.tar, control.tar.gz, control.tar.xz and control.tar.zst are supported`);
  }
  if (controlMember.size > MAX_CONTROL_TAR_BYTES) {
    throw new AppInfoError('limit_exceeded', `The Debian package's ${controlMember.name} is ${controlMember.size} bytes, more than the ${MAX_CONTROL_TAR_BYTES} read`);
  }
  const compressed = await ctx.reader.read(controlMember.offset, controlMember.size);
  const tar = parseTar(decompress(compressed, compression, MAX_CONTROL_TAR_EXPANDED, `The Debian package's ${controlMember.name}`), controlMember.name);
  const files = tar.filter((e) => e.type === '0' || e.type === '7');
  const controlFile = files.find((e) => e.name.replace(/^\.\//, '') === 'control');
  if (!controlFile) throw new AppInfoError('missing_entry', `The Debian package's ${controlMember.name} has no control file`);
  const control = parseControl(controlFile.data.toString('utf8'));
  const field = (name: string) => control[name] ?? null;

  const dataMember = members.find((m) => m.name.startsWith('data.tar')) ?? null;
  const architecture = field('Architecture');
  const description = field('Description');
  const summary = description?.split('\n')[0]?.trim() || null;
  const installedSize = field('Installed-Size');

  const info: DebInfo = {
    format: 'deb',
    platform: 'linux',
    device: 'desktop',
    name: field('Package'),
    displayName: summary,
    bundleId: field('Package'),
    // The full Debian version (epoch:upstream-revision), as dpkg compares it.
    releaseVersion: field('Version'),
    buildVersion: null,
    minOsVersion: null,
    size: ctx.reader.size,
    archs: architecture && architecture !== 'all' ? architecture.split(/\s+/) : [],
    icons: [],
    details: {
      control,
      package: field('Package'),
      version: field('Version'),
      architecture,
      maintainer: field('Maintainer'),
      description,
      depends: field('Depends'),
      installedSize: installedSize && /^\d+$/.test(installedSize) ? Number(installedSize) : null,
      section: field('Section'),
      priority: field('Priority'),
      homepage: field('Homepage'),
      formatVersion,
      controlCompression: compression,
      dataMember: dataMember?.name ?? null,
      dataSize: dataMember?.size ?? null,
      controlFiles: files.map((e) => e.name.replace(/^\.\//, '')),
    },
  };
  return { info };
}

export const debParser: FormatParser = {
  format: 'deb',
  container: 'raw',
  match: (ctx) => ctx.head.length >= 8 && ctx.head.subarray(0, 8).equals(AR_MAGIC),
  parse: parseDeb,
};
