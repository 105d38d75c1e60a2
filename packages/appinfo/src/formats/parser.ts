// The contract every format module implements. inspect.ts tries the registered parsers in
// order (src/formats/index.ts): zip-based ones against the archive's entry list, the others
// against the first bytes of the file.
import type { RandomAccessReader } from '../io/reader.ts';
import type { BaseInfo, Format } from '../types.ts';
import type { ZipArchive } from '../zip/zip.ts';

export interface ParseContext {
  reader: RandomAccessReader;
  /** The first bytes of the file (up to 64 KiB). */
  head: Buffer;
  /** The archive when the file is a zip; null otherwise. */
  zip: ZipArchive | null;
}

export interface Parsed<I extends BaseInfo = BaseInfo> {
  info: I;
  /** The best icon as a standard PNG, or null when the package has none that can be decoded. */
  loadIcon?: () => Promise<Buffer | null>;
  /**
   * Frees the memory the parse kept for loadIcon (a resource table), once the result and the
   * icon are made: a table is often hundreds of KiB outside the V8 heap, which a garbage
   * collection would free only much later (see releaseBuffer).
   */
  release?: () => void;
}

export interface FormatParser {
  format: Format;
  /** 'zip' parsers see ctx.zip (never null); 'raw' parsers see files that are not zips. */
  container: 'zip' | 'raw';
  /** Cheap: entry names or magic bytes. The first parser that matches parses the file. */
  match(ctx: ParseContext): boolean | Promise<boolean>;
  parse(ctx: ParseContext): Promise<Parsed>;
}
