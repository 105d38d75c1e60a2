// Proguard / R8 mapping zips: a zip holding a `mapping.txt` (anywhere), optionally the app's
// AndroidManifest.xml (for package and versions) and R.txt, seeds.txt, usage.txt …
//
// The mapping is identified the way crash reporters do: Sentry's debug id is a UUID v5 of
// the mapping file's bytes in the namespace UUIDv5(DNS, "guardsquare.com"); Zealot (through
// the app-info gem) stores the same kind of UUID with namespace UUIDv5(DNS, "icyleaf.com").
// Both are computed, so a lookup by either finds the file. The mapping can be hundreds of
// megabytes: it is streamed through the hashes straight from the archive, never held whole.
import { createHash } from 'node:crypto';
import { createInflateRaw, crc32 } from 'node:zlib';
import { AppInfoError } from '../errors.ts';
import type { InfoOf } from '../types.ts';
import { attribute, parseXml } from '../xml/xml.ts';
import type { ZipArchive, ZipEntry } from '../zip/zip.ts';
import type { RandomAccessReader } from '../io/reader.ts';
import type { FormatParser, ParseContext } from './parser.ts';

/** The RFC 4122 DNS namespace. */
export const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new TypeError(`not a UUID: ${uuid}`);
  return Buffer.from(hex, 'hex');
}

function formatUuid(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** UUID v5 (SHA-1, RFC 4122 §4.3) of `name` in `namespace`. */
export function uuidv5(namespace: string, name: string | Uint8Array): string {
  return formatUuid(createHash('sha1').update(uuidBytes(namespace)).update(name).digest());
}

/** Sentry's namespace for Proguard debug ids. */
export const SENTRY_PROGUARD_NAMESPACE = uuidv5(DNS_NAMESPACE, 'guardsquare.com');
/** The app-info gem's (Zealot's) namespace. */
export const ZEALOT_PROGUARD_NAMESPACE = uuidv5(DNS_NAMESPACE, 'icyleaf.com');

/** The biggest mapping file hashed (it is streamed, so this bounds time, not memory). */
const MAX_MAPPING_BYTES = 2 * 1024 * 1024 * 1024;
/** Deflate cannot expand beyond ~1032:1; a claimed ratio above this is a bomb. */
const MAX_RATIO = 1100;
const CHUNK = 1024 * 1024;
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const MAX_FILES_LISTED = 1000;

export interface ProguardDetails {
  /** Path of the mapping file inside the zip. */
  mappingPath: string;
  /** Its uncompressed size in bytes. */
  mappingSize: number;
  /** Sentry's debug id: UUIDv5(UUIDv5(DNS, "guardsquare.com"), mapping bytes). */
  debugId: string;
  /** Zealot's id: UUIDv5(UUIDv5(DNS, "icyleaf.com"), mapping bytes). */
  zealotId: string;
  /** Every file in the zip (at most 1000 listed). */
  files: { name: string; size: number }[];
  /** 'xml' (read), 'binary' (Android binary XML, not read) or null when there is none. */
  manifest: 'xml' | 'binary' | null;
  package: string | null;
  versionName: string | null;
  versionCode: string | null;
}

export type ProguardInfo = InfoOf<'proguard', ProguardDetails>;

function findMapping(zip: ZipArchive): ZipEntry | undefined {
  const candidates = zip.entries.filter((e) => !e.isDirectory && (e.name === 'mapping.txt' || e.name.endsWith('/mapping.txt')));
  // The shallowest wins: "mapping.txt" before "outputs/mapping/release/mapping.txt".
  return candidates.sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];
}

/**
 * Streams an entry's bytes to `onChunk` straight from the archive (stored or deflate),
 * checking the declared size and CRC-32, with bounded memory whatever its size.
 */
export async function streamZipEntry(
  reader: RandomAccessReader,
  entry: ZipEntry,
  maxBytes: number,
  onChunk: (chunk: Buffer) => void,
): Promise<number> {
  const raw = entry.raw;
  if (raw.generalPurposeBitFlag & 1) throw new AppInfoError('corrupt_zip', `The zip entry "${entry.name}" is encrypted; it cannot be read`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new AppInfoError('corrupt_zip', `The zip entry "${entry.name}" uses compression method ${entry.compressionMethod}; only stored and deflate are supported`);
  }
  if (entry.uncompressedSize > maxBytes) {
    throw new AppInfoError('limit_exceeded', `The zip entry "${entry.name}" declares ${entry.uncompressedSize} bytes, more than the ${maxBytes} read`);
  }
  if (entry.compressionMethod === 8 && entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > MAX_RATIO) {
    throw new AppInfoError('zip_bomb', `The zip entry "${entry.name}" claims ${entry.uncompressedSize} bytes from ${entry.compressedSize} compressed bytes, more than deflate can produce`);
  }
  // Local file header (30 bytes): signature 0x04034b50 @0, version @4, flags @6, method @8,
  // time @10, date @12, crc @14, sizes @18/@22 (may be zero with a data descriptor), name
  // length @26, extra length @28; the data follows the name and extra field.
  const header = await reader.read(raw.relativeOffsetOfLocalHeader, 30);
  if (header.readUInt32LE(0) !== 0x04034b50) throw new AppInfoError('corrupt_zip', `The local header of zip entry "${entry.name}" is missing`);
  const dataOffset = raw.relativeOffsetOfLocalHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataOffset + entry.compressedSize > reader.size) {
    throw new AppInfoError('truncated', `The zip entry "${entry.name}" needs ${entry.compressedSize} bytes at ${dataOffset}, past the end of the ${reader.size}-byte file`);
  }
  let total = 0;
  let crc = 0;
  const emit = (chunk: Buffer) => {
    total += chunk.length;
    if (total > entry.uncompressedSize) {
      throw new AppInfoError('corrupt_zip', `The zip entry "${entry.name}" inflates to more than the ${entry.uncompressedSize} bytes it declares`);
    }
    crc = crc32(chunk, crc);
    onChunk(chunk);
  };
  if (entry.compressionMethod === 0) {
    for (let at = 0; at < entry.compressedSize; at += CHUNK) {
      emit(await reader.read(dataOffset + at, Math.min(CHUNK, entry.compressedSize - at)));
    }
  } else {
    const inflate = createInflateRaw();
    const done = new Promise<void>((resolve, reject) => {
      inflate.on('data', (chunk: Buffer) => {
        try {
          emit(chunk);
        } catch (error) {
          inflate.destroy(error as Error);
        }
      });
      inflate.on('end', resolve);
      inflate.on('error', reject);
    });
    done.catch(() => undefined); // observed below; avoids an unhandled rejection meanwhile
    try {
      for (let at = 0; at < entry.compressedSize; at += CHUNK) {
        const chunk = await reader.read(dataOffset + at, Math.min(CHUNK, entry.compressedSize - at));
        if (inflate.destroyed) break;
        // Respect backpressure so at most a few chunks are ever in memory.
        if (!inflate.write(chunk)) await new Promise<void>((resolve) => inflate.once('drain', resolve).once('close', resolve));
      }
      inflate.end();
      await done;
    } catch (error) {
      inflate.destroy();
      if (error instanceof AppInfoError) throw error;
      throw new AppInfoError('corrupt_zip', `The zip entry "${entry.name}" does not inflate: ${(error as Error).message}`, { cause: error });
    }
  }
  if (total !== entry.uncompressedSize) {
    throw new AppInfoError('corrupt_zip', `The zip entry "${entry.name}" holds ${total} bytes, not the ${entry.uncompressedSize} it declares`);
  }
  if (crc >>> 0 !== raw.crc32 >>> 0) {
    throw new AppInfoError('corrupt_zip', `The zip entry "${entry.name}" fails its CRC-32 check; the archive is corrupt`);
  }
  return total;
}

function readManifest(bytes: Buffer): { manifest: 'xml' | 'binary'; package: string | null; versionName: string | null; versionCode: string | null } {
  // Android binary XML starts with chunk type RES_XML_TYPE (0x0003) and header size 8.
  if (bytes.length >= 4 && bytes.readUInt16LE(0) === 0x0003 && bytes.readUInt16LE(2) === 0x0008) {
    return { manifest: 'binary', package: null, versionName: null, versionCode: null };
  }
  const root = parseXml(bytes, { maxDepth: 64 });
  if (root.name !== 'manifest') {
    throw new AppInfoError('bad_xml', `The AndroidManifest.xml in the Proguard zip has root element <${root.name}>, not <manifest>`);
  }
  return { manifest: 'xml', package: attribute(root, 'package'), versionName: attribute(root, 'versionName'), versionCode: attribute(root, 'versionCode') };
}

export const proguardParser: FormatParser = {
  format: 'proguard',
  container: 'zip',
  // An apk or aab that happens to carry a mapping.txt is still an app, not a mapping zip.
  match: (ctx) => {
    const zip = ctx.zip!;
    return findMapping(zip) !== undefined && !zip.get('classes.dex') && !zip.get('resources.arsc') && !zip.get('base/manifest/AndroidManifest.xml');
  },
  async parse(ctx: ParseContext) {
    const zip = ctx.zip!;
    const mapping = findMapping(zip)!;
    const sentry = createHash('sha1').update(uuidBytes(SENTRY_PROGUARD_NAMESPACE));
    const zealot = createHash('sha1').update(uuidBytes(ZEALOT_PROGUARD_NAMESPACE));
    const mappingSize = await streamZipEntry(ctx.reader, mapping, MAX_MAPPING_BYTES, (chunk) => {
      sentry.update(chunk);
      zealot.update(chunk);
    });

    const manifestEntry = zip.entries
      .filter((e) => !e.isDirectory && (e.name === 'AndroidManifest.xml' || e.name.endsWith('/AndroidManifest.xml')))
      .sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];
    const manifest = manifestEntry
      ? readManifest(await zip.read(manifestEntry, { maxBytes: MAX_MANIFEST_BYTES }))
      : { manifest: null, package: null, versionName: null, versionCode: null };

    const info: ProguardInfo = {
      format: 'proguard',
      platform: 'android',
      device: 'unknown',
      name: manifest.package,
      displayName: null,
      bundleId: manifest.package,
      releaseVersion: manifest.versionName,
      buildVersion: manifest.versionCode,
      minOsVersion: null,
      size: ctx.reader.size,
      archs: [],
      icons: [],
      details: {
        mappingPath: mapping.name,
        mappingSize,
        debugId: formatUuid(sentry.digest()),
        zealotId: formatUuid(zealot.digest()),
        files: zip.entries
          .filter((e) => !e.isDirectory)
          .slice(0, MAX_FILES_LISTED)
          .map((e) => ({ name: e.name, size: e.uncompressedSize })),
        ...manifest,
      },
    };
    return { info };
  },
};
