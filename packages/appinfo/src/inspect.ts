// The entry point: open the input, detect the format by content (never by file name), and
// hand it to that format's parser. Every failure is an AppInfoError with a code.
import { AppInfoError } from './errors.ts';
import { fileReader } from './io/file-reader.ts';
import type { RandomAccessReader } from './io/reader.ts';
import { bufferReader } from './io/reader.ts';
import { parsers } from './formats/index.ts';
import type { ParseContext, Parsed } from './formats/parser.ts';
import type { AppInfo } from './formats/types.ts';
import type { InspectOptions } from './types.ts';
import { looksLikeZip, openZip } from './zip/zip.ts';
import type { ZipArchive } from './zip/zip.ts';

export type Input = string | Uint8Array | RandomAccessReader;

const HEAD_BYTES = 64 * 1024;

function isReader(input: Input): input is RandomAccessReader {
  return typeof input === 'object' && !(input instanceof Uint8Array) && typeof (input).read === 'function';
}

async function openInput(input: Input): Promise<{ reader: RandomAccessReader; owned: boolean }> {
  if (typeof input === 'string') return { reader: await fileReader(input), owned: true };
  if (input instanceof Uint8Array) return { reader: bufferReader(input), owned: true };
  if (isReader(input)) return { reader: input, owned: false };
  throw new TypeError('inspect() takes a file path, a Buffer or a RandomAccessReader');
}

function hex(bytes: Buffer): string {
  return [...bytes.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

function describeZip(zip: ZipArchive): string {
  const names = zip.entries.filter((e) => !e.isDirectory).slice(0, 5).map((e) => `"${e.name}"`);
  return zip.entries.length === 0 ? 'it is empty' : `it holds ${zip.entries.length} entries such as ${names.join(', ')}`;
}

async function detectAndParse(reader: RandomAccessReader, options: InspectOptions): Promise<Parsed & { zip: ZipArchive | null }> {
  if (reader.size === 0) throw new AppInfoError('empty_file', 'The file is empty (0 bytes)');
  const head = await reader.read(0, Math.min(HEAD_BYTES, reader.size));
  let zip: ZipArchive | null = null;
  if (looksLikeZip(head)) {
    zip = await openZip(reader, { maxEntries: options.maxEntries, maxEntryBytes: options.maxEntryBytes });
  }
  const ctx: ParseContext = { reader, head, zip };
  try {
    for (const parser of parsers) {
      if ((parser.container === 'zip') !== (zip !== null)) continue;
      if (await parser.match(ctx)) return { ...(await parser.parse(ctx)), zip };
    }
  } catch (error) {
    await zip?.close();
    throw error;
  }
  await zip?.close();
  if (zip) {
    throw new AppInfoError(
      'unknown_format',
      `A zip archive, but not a package Tarmac knows: no Payload/*.app (ipa), AndroidManifest.xml (apk), base/manifest (aab), module.json (hap), *.app/Contents/Info.plist (macOS), AppxManifest.xml (msix), an .exe at the top or in its one folder (zipped Windows app), *.dSYM (dSYM) or mapping.txt (Proguard) inside; ${describeZip(zip)}`,
    );
  }
  throw new AppInfoError(
    'unknown_format',
    `Not a supported app or debug file: it starts with bytes ${hex(head)}, which match no ipa, apk, aab, hap, app, dmg, pkg, exe, msix, msi, deb, rpm, AppImage, dSYM, Proguard or provisioning profile`,
  );
}

/**
 * Reads an app package or debug file and answers what it is. Reads only the bytes needed:
 * the zip central directory and a few entries, or a file's headers.
 */
export async function inspect(input: Input, options: InspectOptions = {}): Promise<AppInfo & { icon?: Buffer | null }> {
  const { reader, owned } = await openInput(input);
  try {
    const parsed = await detectAndParse(reader, options);
    try {
      // Each registered parser returns its own format's member of the union.
      const info = parsed.info as AppInfo;
      if (!options.icon) return info;
      const icon = parsed.loadIcon ? await parsed.loadIcon() : null;
      return { ...info, icon };
    } finally {
      parsed.release?.();
      await parsed.zip?.close();
    }
  } catch (error) {
    if (error instanceof AppInfoError) throw error;
    if (error instanceof RangeError) {
      throw new AppInfoError('corrupt_file', `The file is corrupt: a structure points outside its data (${error.message})`, { cause: error });
    }
    throw error;
  } finally {
    if (owned) await reader.close();
  }
}

/** The best icon of a package as a standard PNG, or null when it has none that can be decoded. */
export async function inspectIcon(input: Input, options: InspectOptions = {}): Promise<Buffer | null> {
  return (await inspect(input, { ...options, icon: true })).icon ?? null;
}
