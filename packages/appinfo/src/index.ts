// The package's entry point. It stays light: the parsers (~50 modules) load on the first
// inspect(), so a server that imports this package but has not yet received a file does not
// hold them (measured with bench/footprint.ts: ~10 MB of a server's idle RSS).
import type { Input } from './inspect.ts';
import type { AppInfo } from './formats/types.ts';
import type { InspectOptions } from './types.ts';

export type { Input } from './inspect.ts';
export { AppInfoError, isAppInfoError } from './errors.ts';
export type { AppInfoErrorCode } from './errors.ts';
export type { BaseInfo, Device, Format, IconRef, InfoOf, InspectOptions, Platform } from './types.ts';
export type * from './formats/types.ts';
export type { RandomAccessReader } from './io/reader.ts';
export { bufferReader } from './io/reader.ts';
export { fileReader } from './io/file-reader.ts';
export { toWire } from './wire.ts';
export { PLATFORM_EXTENSIONS } from './platforms.ts';
// The readers and the writer the server shares rather than copies (three small modules, so the
// entry point stays light): BER/DER for the device's signed answer to the UDID profile.
export * as der from './crypto/der.ts';
// Property lists: the reader (XML and binary, with limits) and the XML writer.
export { parsePlist } from './plist/index.ts';
export type { PlistOptions, PlistValue } from './plist/index.ts';
export { plistXml, xmlText } from './plist/writer.ts';
export type { PlistNode } from './plist/writer.ts';
// PNG: the encoder (the server draws its icons with it) and the signature and size check.
export { encodePng, pngSize } from './image/png.ts';

/**
 * Reads an app package or debug file and answers what it is. Reads only the bytes needed:
 * the zip central directory and a few entries, or a file's headers.
 */
export async function inspect(input: Input, options: InspectOptions = {}): Promise<AppInfo & { icon?: Buffer | null }> {
  return (await import('./inspect.ts')).inspect(input, options);
}

/** The best icon of a package as a standard PNG, or null when it has none that can be decoded. */
export async function inspectIcon(input: Input, options: InspectOptions = {}): Promise<Buffer | null> {
  return (await import('./inspect.ts')).inspectIcon(input, options);
}
