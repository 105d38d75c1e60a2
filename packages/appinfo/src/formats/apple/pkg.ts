// macOS installer packages (.pkg): xar archives. A small header, a zlib-compressed XML table
// of contents naming every file with its place in the heap that follows, then the heap.
//
//   header (big-endian): magic 'xar!'(0) header size(4, u16) version(6, u16)
//     TOC compressed length(8, u64) TOC uncompressed length(16, u64) checksum algorithm(24, u32)
//   TOC: zlib stream at [header size, + compressed length)
//   heap: starts right after the TOC; a file's <data><offset> is relative to it
//
// A product archive (productbuild) holds `Distribution` (title, product id and version,
// pkg-refs, allowed OS versions, host architectures) and one `<name>.pkg/PackageInfo` per
// component; a component package (pkgbuild) holds `PackageInfo` at the top. Those small
// XML files are read from the heap; the payloads (cpio archives) never are. A signed package
// carries its certificate chain in the TOC's <signature><KeyInfo>.
import { inflateSync, gunzipSync } from 'node:zlib';
import { certificateNames as readCertificateNames } from '../../crypto/x509.ts';
import { AppInfoError, assertRange } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import type { InfoOf } from '../../types.ts';
import { attribute, childElements, firstChild, localName, parseXml, textContent } from '../../xml/xml.ts';
import type { XmlElement } from '../../xml/xml.ts';
import type { FormatParser, ParseContext, Parsed } from '../parser.ts';

export interface PkgComponent {
  /** PackageInfo's path in the archive. */
  path: string;
  identifier: string | null;
  version: string | null;
  installLocation: string | null;
  /** Apps the component installs: <bundle id CFBundleShortVersionString CFBundleVersion path>. */
  bundles: { id: string | null; path: string | null; releaseVersion: string | null; buildVersion: string | null }[];
}

export interface PkgDetails {
  /** product (productbuild, has Distribution) or component (pkgbuild). */
  kind: 'product' | 'component' | 'unknown';
  xarVersion: number;
  headerSize: number;
  tocCompressedLength: number;
  tocLength: number;
  /** none, sha1, md5, or the algorithm named in the header. */
  checksum: string;
  /** Paths of the archive's files, in TOC order (at most MAX_LISTED). */
  files: string[];
  fileCount: number;
  /** Distribution's <title>. */
  title: string | null;
  /** Distribution's <product id version>, or the first pkg-ref. */
  productId: string | null;
  productVersion: string | null;
  /** Distribution's pkg-refs with a version. */
  packageRefs: { id: string; version: string | null }[];
  components: PkgComponent[];
  /** Whether the TOC carries a signature, and the certificate chain's common names (signer first). */
  signed: boolean;
  signer: string | null;
  certificates: string[];
}

export type PkgInfo = InfoOf<'pkg', PkgDetails>;

const MAX_TOC_BYTES = 16 * 1024 * 1024;
const MAX_XML_FILE_BYTES = 1024 * 1024;
const MAX_FILES = 100_000;
const MAX_LISTED = 1000;
const MAX_COMPONENTS = 16;
const CHECKSUMS: Record<number, string> = { 0: 'none', 1: 'sha1', 2: 'md5' };

// The TOC, Distribution and PackageInfo are read with the package's safe XML parser; its
// errors are prefixed with the file they come from.

const XML_LIMITS = { maxDepth: 64, maxNodes: 1_000_000, maxLength: MAX_TOC_BYTES };

function readXml(bytes: Buffer, what: string): XmlElement {
  try {
    return parseXml(bytes, XML_LIMITS);
  } catch (error) {
    if (error instanceof AppInfoError) throw new AppInfoError(error.code, `${what}: ${error.message}`, { cause: error });
    throw error;
  }
}

function child(element: XmlElement | null | undefined, name: string): XmlElement | null {
  return element ? firstChild(element, name) : null;
}

function text(element: XmlElement | null): string | null {
  return element ? textContent(element).trim() : null;
}

/** Depth-first search for elements named `name` (the parser bounds depth and count). */
function descendants(element: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of childElements(element)) {
    if (localName(c.name) === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------------

interface XarFile {
  path: string;
  type: string;
  /** Heap range and encoding, for regular files. */
  offset: number | null;
  length: number | null;
  size: number | null;
  encoding: string | null;
}

function numberText(element: XmlElement | null): number | null {
  const value = text(element);
  if (!value || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/** Flattens the TOC's nested <file> elements into paths. */
function listFiles(toc: XmlElement): XarFile[] {
  const files: XarFile[] = [];
  const walk = (parent: XmlElement, prefix: string) => {
    for (const file of childElements(parent, 'file')) {
      if (files.length >= MAX_FILES) throw new AppInfoError('limit_exceeded', `The package lists more than ${MAX_FILES} files; refusing to read it`);
      const name = text(child(file, 'name')) ?? '';
      const path = prefix + name;
      const data = child(file, 'data');
      const encoding = child(data, 'encoding');
      files.push({
        path,
        type: text(child(file, 'type')) ?? 'file',
        offset: numberText(child(data, 'offset')),
        length: numberText(child(data, 'length')),
        size: numberText(child(data, 'size')),
        encoding: encoding ? attribute(encoding, 'style') : null,
      });
      walk(file, `${path}/`);
    }
  };
  walk(toc, '');
  return files;
}

function certificateNames(signature: XmlElement | null): string[] {
  if (!signature) return [];
  const names: string[] = [];
  for (const element of descendants(signature, 'X509Certificate').slice(0, 8)) {
    try {
      const der = Buffer.from(textContent(element).replace(/\s+/g, ''), 'base64');
      const cn = readCertificateNames(der).subject.find((a) => a.oid === '2.5.4.3');
      if (cn) names.push(cn.value);
    } catch {
      // A certificate that does not parse is skipped; the package is still identified.
    }
  }
  return names;
}

/** zlib's answer when maxOutputLength is reached. */
function isTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
}

interface XarHeader {
  headerSize: number;
  xarVersion: number;
  tocCompressedLength: number;
  tocLength: number;
  checksum: string;
}

/** The 28-byte xar header (and, for checksum algorithm 3, the name that follows it). */
async function readXarHeader(reader: RandomAccessReader): Promise<XarHeader> {
  const header = await reader.read(0, Math.min(28, reader.size));
  if (header.length < 28 || header.toString('latin1', 0, 4) !== 'xar!') {
    throw new AppInfoError('truncated', `The pkg (xar) header needs 28 bytes starting with "xar!", but the file has ${reader.size} bytes`);
  }
  const headerSize = header.readUInt16BE(4);
  const xarVersion = header.readUInt16BE(6);
  const compressed = header.readBigUInt64BE(8);
  const uncompressed = header.readBigUInt64BE(16);
  const checksumAlgorithm = header.readUInt32BE(24);
  if (headerSize < 28) throw new AppInfoError('corrupt_file', `The pkg (xar) header declares a size of ${headerSize} bytes; at least 28 are expected`);
  if (compressed > BigInt(MAX_TOC_BYTES) || uncompressed > BigInt(MAX_TOC_BYTES)) {
    throw new AppInfoError(
      'limit_exceeded',
      `The pkg's table of contents declares ${compressed} compressed and ${uncompressed} uncompressed bytes, more than the ${MAX_TOC_BYTES} allowed`,
    );
  }
  const tocCompressedLength = Number(compressed);
  assertRange("The pkg's table of contents", headerSize, tocCompressedLength, reader.size);
  let checksum = CHECKSUMS[checksumAlgorithm] ?? 'other';
  if (checksumAlgorithm === 3 && headerSize > 28) {
    // Algorithm 3 names itself in the rest of the header, NUL-terminated.
    const rest = await reader.read(28, headerSize - 28);
    checksum = rest.toString('latin1').split('\0')[0]!.slice(0, 64) || 'other';
  }
  return { headerSize, xarVersion, tocCompressedLength, tocLength: Number(uncompressed), checksum };
}

/** The table of contents: zlib-compressed XML, <xar><toc>…</toc></xar>. */
async function readToc(reader: RandomAccessReader, header: XarHeader): Promise<XmlElement> {
  let tocBytes: Buffer;
  try {
    tocBytes = inflateSync(await reader.read(header.headerSize, header.tocCompressedLength), { maxOutputLength: MAX_TOC_BYTES });
  } catch (error) {
    if (error instanceof AppInfoError) throw error;
    if (isTooLarge(error)) {
      throw new AppInfoError('limit_exceeded', `The pkg's table of contents inflates to more than ${MAX_TOC_BYTES} bytes; refusing to read it (a zip bomb?)`, {
        cause: error,
      });
    }
    throw new AppInfoError('corrupt_file', `The pkg's table of contents does not inflate (${(error as Error).message}); the file is corrupt`, { cause: error });
  }
  if (tocBytes.length !== header.tocLength) {
    throw new AppInfoError(
      'corrupt_file',
      `The pkg's table of contents inflates to ${tocBytes.length} bytes, not the ${header.tocLength} its header declares; the file is corrupt`,
    );
  }
  const xar = readXml(tocBytes, "The pkg's table of contents");
  const toc = child(xar, 'toc');
  if (xar.name !== 'xar' || !toc) throw new AppInfoError('corrupt_file', `The pkg's table of contents should be <xar><toc>…, found <${xar.name}>`);
  return toc;
}

/** Reads a small XML file from the heap, inflating it when the TOC says it is compressed; null when it is too large or not zlib. */
async function readXmlFile(reader: RandomAccessReader, heapStart: number, file: XarFile): Promise<XmlElement | null> {
  if (file.offset === null || file.length === null || file.length > MAX_XML_FILE_BYTES) return null;
  assertRange(`The pkg file "${file.path}"`, heapStart + file.offset, file.length, reader.size);
  const raw = await reader.read(heapStart + file.offset, file.length);
  let bytes: Buffer;
  const encoding = file.encoding ?? 'application/octet-stream';
  const limit = { maxOutputLength: MAX_XML_FILE_BYTES };
  try {
    // xar's "application/x-gzip" is a zlib stream; accept real gzip too.
    if (encoding === 'application/x-gzip') bytes = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw, limit) : inflateSync(raw, limit);
    else if (encoding === 'application/octet-stream') bytes = raw;
    else return null; // bzip2, lzma, xz: not worth a dependency for a title and a version
  } catch (error) {
    if (isTooLarge(error)) {
      throw new AppInfoError('limit_exceeded', `The pkg file "${file.path}" inflates to more than ${MAX_XML_FILE_BYTES} bytes; refusing to read it`, { cause: error });
    }
    throw new AppInfoError('corrupt_file', `The pkg file "${file.path}" does not inflate (${(error as Error).message}); the file is corrupt`, { cause: error });
  }
  return readXml(bytes, `The pkg file "${file.path}"`);
}

/** The component packages' PackageInfo files (at the top, or one folder down in a product archive). */
async function readComponents(reader: RandomAccessReader, heapStart: number, files: XarFile[]): Promise<PkgComponent[]> {
  const components: PkgComponent[] = [];
  const packageInfos = files.filter((f) => f.type === 'file' && (f.path === 'PackageInfo' || /^[^/]+\/PackageInfo$/.test(f.path)));
  for (const file of packageInfos.slice(0, MAX_COMPONENTS)) {
    const info = await readXmlFile(reader, heapStart, file);
    if (!info || info.name !== 'pkg-info') continue;
    const bundles = childElements(info, 'bundle')
      .slice(0, 100)
      .map((b) => ({
        id: attribute(b, 'id'),
        path: attribute(b, 'path'),
        releaseVersion: attribute(b, 'CFBundleShortVersionString'),
        buildVersion: attribute(b, 'CFBundleVersion'),
      }));
    components.push({
      path: file.path,
      identifier: attribute(info, 'identifier'),
      version: attribute(info, 'version'),
      installLocation: attribute(info, 'install-location'),
      bundles,
    });
  }
  return components;
}

/** What a product archive's Distribution says: its product, package references, minimum OS and architectures. */
function readDistribution(distribution: XmlElement | null) {
  const product = child(distribution, 'product');
  const packageRefs = distribution
    ? descendants(distribution, 'pkg-ref')
        .filter((ref) => attribute(ref, 'id') && attribute(ref, 'version'))
        .slice(0, 100)
        .map((ref) => ({ id: attribute(ref, 'id')!, version: attribute(ref, 'version') }))
    : [];
  const osVersion = distribution ? descendants(distribution, 'os-version').map((v) => attribute(v, 'min')).find((min) => min) : undefined;
  const options = child(distribution, 'options');
  const hostArchitectures = options ? attribute(options, 'hostArchitectures') : null;
  return {
    packageRefs,
    osVersion: osVersion ?? null,
    archs: hostArchitectures ? hostArchitectures.split(',').map((a) => a.trim()).filter(Boolean) : [],
    productId: (product && attribute(product, 'id')) ?? packageRefs[0]?.id ?? null,
    productVersion: (product && attribute(product, 'version')) ?? packageRefs[0]?.version ?? null,
    title: text(child(distribution, 'title')) || null,
  };
}

export async function parsePkg(reader: RandomAccessReader): Promise<Parsed<PkgInfo>> {
  const header = await readXarHeader(reader);
  const toc = await readToc(reader, header);
  const files = listFiles(toc);
  const heapStart = header.headerSize + header.tocCompressedLength;
  const distributionFile = files.find((f) => f.path === 'Distribution' && f.type === 'file');
  const distribution = distributionFile ? await readXmlFile(reader, heapStart, distributionFile) : null;
  const components = await readComponents(reader, heapStart, files);
  const { packageRefs, osVersion, archs, productId, productVersion, title } = readDistribution(distribution);
  const firstComponent = components[0];
  const firstBundle = components.flatMap((c) => c.bundles)[0];
  const signatureElement = child(toc, 'signature') ?? child(toc, 'x-signature');
  const certificates = certificateNames(signatureElement);

  const info: PkgInfo = {
    format: 'pkg',
    platform: 'macos',
    device: 'mac',
    name: title,
    displayName: title,
    bundleId: productId ?? firstComponent?.identifier ?? null,
    releaseVersion: productVersion ?? firstComponent?.version ?? null,
    buildVersion: firstBundle?.buildVersion ?? null,
    minOsVersion: osVersion,
    size: reader.size,
    archs,
    icons: [],
    details: {
      kind: distributionFile ? 'product' : firstComponent ? 'component' : 'unknown',
      xarVersion: header.xarVersion,
      headerSize: header.headerSize,
      tocCompressedLength: header.tocCompressedLength,
      tocLength: header.tocLength,
      checksum: header.checksum,
      files: files.slice(0, MAX_LISTED).map((f) => f.path),
      fileCount: files.length,
      title,
      productId,
      productVersion,
      packageRefs,
      components,
      signed: signatureElement !== null,
      signer: certificates[0] ?? null,
      certificates,
    },
  };
  return { info };
}

export const pkgParser: FormatParser = {
  format: 'pkg',
  container: 'raw',
  match: (ctx: ParseContext) => ctx.head.length >= 4 && ctx.head.toString('latin1', 0, 4) === 'xar!',
  parse: (ctx: ParseContext) => parsePkg(ctx.reader),
};
