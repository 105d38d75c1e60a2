// Zip archives through yauzl, over our random-access reader: the central directory is read,
// then only the entries a parser asks for, each inflated with a byte limit. Nothing is
// extracted; a zip bomb costs at most the limit.
import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { AppInfoError } from '../errors.ts';
import type { RandomAccessReader } from '../io/reader.ts';
import { sliceReader } from '../io/reader.ts';

export interface ZipLimits {
  /** More entries than this is treated as a zip bomb. */
  maxEntries: number;
  /** Default cap on the bytes one read may inflate. */
  maxEntryBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 200_000, maxEntryBytes: 64 * 1024 * 1024 };

/** Above this ratio an entry that is also larger than the read limit is called a bomb. */
const BOMB_RATIO = 1000;
const CHUNK = 256 * 1024;
/**
 * A deflated entry up to this size (compressed) is read in one piece and inflated at once, not
 * streamed through zlib's thread pool in 16 KiB chunks: an ipa's plists and profile parse ~25%
 * faster with a fraction of the garbage (bench/appinfo.ts). Larger entries stream.
 */
const INFLATE_AT_ONCE_BYTES = 1024 * 1024;

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflate. */
  compressionMethod: number;
  isDirectory: boolean;
  readonly raw: yauzl.Entry;
}

export interface ReadOptions {
  /** Fail with limit_exceeded (or zip_bomb) above this many inflated bytes. */
  maxBytes?: number;
  /** Read only the first `prefix` bytes and stop (a Mach-O header, a magic number). */
  prefix?: number;
}

export interface ZipArchive {
  readonly entries: readonly ZipEntry[];
  get(name: string): ZipEntry | undefined;
  read(entry: ZipEntry, options?: ReadOptions): Promise<Buffer>;
  /**
   * Bytes [offset, offset + length) of an entry's inflated content. A deflated entry is
   * inflated from its start, discarding what comes before `offset`, so memory holds only
   * `length` bytes however far in the range lies.
   */
  readRange(entry: ZipEntry, offset: number, length: number): Promise<Buffer>;
  readText(entry: ZipEntry, options?: ReadOptions): Promise<string>;
  /** Random access inside a stored (uncompressed) entry, or null when it is compressed. */
  storedReader(entry: ZipEntry): Promise<RandomAccessReader | null>;
  close(): Promise<void>;
}

class ReaderAdapter extends yauzl.RandomAccessReader {
  readonly #reader: RandomAccessReader;
  constructor(reader: RandomAccessReader) {
    super();
    this.#reader = reader;
  }
  /**
   * yauzl reads the central directory with two small reads per entry; its default read()
   * builds a stream pair for each. Answering directly from our reader (and its block cache)
   * makes listing a 700-entry apk about ten times cheaper.
   */
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ): void {
    const reader = this.#reader;
    // A reader that throws synchronously must still reach yauzl's callback, or it waits forever.
    Promise.resolve()
      .then(() => reader.read(position, length))
      .then(
        (chunk) => {
          chunk.copy(buffer, offset);
          callback(null, chunk.length);
        },
        (error: unknown) => callback(error as Error),
      );
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const reader = this.#reader;
    let position = start;
    return new Readable({
      read() {
        if (position >= end) {
          this.push(null);
          return;
        }
        const length = Math.min(CHUNK, end - position);
        Promise.resolve()
          .then(() => reader.read(position, length))
          .then(
            (chunk) => {
              position += length;
              this.push(chunk);
            },
            (error: unknown) => this.destroy(error as Error),
          );
      },
    });
  }
}

function zipError(error: unknown): AppInfoError {
  if (error instanceof AppInfoError) return error;
  const message = (error as Error).message ?? String(error);
  if (/end of central directory record signature not found/i.test(message)) {
    return new AppInfoError('corrupt_zip', 'Not a complete zip archive: its end-of-central-directory record is missing (the file is truncated or not a zip)', { cause: error });
  }
  return new AppInfoError('corrupt_zip', `The zip archive is corrupt: ${message}`, { cause: error });
}

function collect(
  stream: Readable,
  name: string,
  declared: number,
  options: ReadOptions,
  defaultMax: number,
  compressed: number,
): Promise<Buffer> {
  const max = options.prefix ?? options.maxBytes ?? defaultMax;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (error: Error | null, value?: Buffer) => {
      if (settled) return;
      settled = true;
      stream.destroy();
      if (error) reject(error);
      else resolve(value!);
    };
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (options.prefix !== undefined) {
        chunks.push(chunk);
        if (total >= options.prefix) finish(null, Buffer.concat(chunks).subarray(0, options.prefix));
        return;
      }
      if (total > max) {
        const bomb = compressed > 0 && declared / compressed > BOMB_RATIO;
        finish(
          new AppInfoError(
            bomb ? 'zip_bomb' : 'limit_exceeded',
            `The zip entry "${name}" inflates to more than ${max} bytes${bomb ? ` from ${compressed} compressed bytes (a zip bomb?)` : ''}; refusing to read it`,
          ),
        );
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', (error) => finish(zipError(error)));
    stream.on('end', () => finish(null, Buffer.concat(chunks)));
  });
}

export async function openZip(reader: RandomAccessReader, limits: Partial<ZipLimits> = {}): Promise<ZipArchive> {
  const { maxEntries, maxEntryBytes } = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const adapter = new ReaderAdapter(reader);
  let zipfile: yauzl.ZipFile;
  try {
    zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromRandomAccessReader(
        adapter,
        reader.size,
        { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false },
        (error, zip) => (error ? reject(error) : resolve(zip)),
      ),
    );
  } catch (error) {
    throw zipError(error);
  }
  if (zipfile.entryCount > maxEntries) {
    zipfile.close();
    throw new AppInfoError('zip_bomb', `The zip archive declares ${zipfile.entryCount} entries, more than the ${maxEntries} allowed`);
  }

  const entries: ZipEntry[] = await new Promise((resolve, reject) => {
    const list: ZipEntry[] = [];
    zipfile.on('entry', (entry: yauzl.Entry) => {
      // yauzl's entry holds a dozen fields and buffers more than reading it needs; an apk
      // lists ~1000 of them and keeps them for the whole parse, which made V8 grow its young
      // generation (bench/appinfo.ts: peak RSS). Only what openReadStream and the readers use stays.
      const raw = Object.assign(Object.create(yauzl.Entry.prototype) as yauzl.Entry, {
        fileName: entry.fileName,
        generalPurposeBitFlag: entry.generalPurposeBitFlag,
        compressionMethod: entry.compressionMethod,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        relativeOffsetOfLocalHeader: entry.relativeOffsetOfLocalHeader,
        crc32: entry.crc32,
      });
      list.push({
        name: entry.fileName,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        compressionMethod: entry.compressionMethod,
        isDirectory: entry.fileName.endsWith('/'),
        raw,
      });
      zipfile.readEntry();
    });
    zipfile.on('end', () => resolve(list));
    zipfile.on('error', (error) => reject(zipError(error)));
    zipfile.readEntry();
  });
  const byName = new Map(entries.map((entry) => [entry.name, entry]));

  async function openStream(entry: ZipEntry): Promise<Readable> {
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new AppInfoError('corrupt_zip', `The zip entry "${entry.name}" uses compression method ${entry.compressionMethod}; only stored and deflate are supported`);
    }
    return new Promise((resolve, reject) =>
      zipfile.openReadStream(entry.raw, (error, stream) => (error ? reject(zipError(error)) : resolve(stream))),
    );
  }

  async function read(entry: ZipEntry, options: ReadOptions = {}): Promise<Buffer> {
    const max = options.maxBytes ?? maxEntryBytes;
    if (options.prefix === undefined && entry.uncompressedSize > max) {
      const bomb = entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > BOMB_RATIO;
      throw new AppInfoError(
        bomb ? 'zip_bomb' : 'limit_exceeded',
        `The zip entry "${entry.name}" declares ${entry.uncompressedSize} bytes, more than the ${max} this parser reads${bomb ? ' (a zip bomb?)' : ''}`,
      );
    }
    // A stored entry is read in one piece straight from the file: no stream, no chunks to
    // join (resources.arsc, which apps must store uncompressed, is often hundreds of KiB).
    const stored = entry.uncompressedSize === entry.compressedSize ? await storedReader(entry) : null;
    if (stored) return stored.read(0, Math.min(entry.uncompressedSize, options.prefix ?? entry.uncompressedSize));
    if (options.prefix === undefined && inflatesAtOnce(entry)) return inflateAtOnce(entry);
    const stream = await openStream(entry);
    return collect(stream, entry.name, entry.uncompressedSize, options, max, entry.compressedSize);
  }

  function inflatesAtOnce(entry: ZipEntry): boolean {
    return entry.compressionMethod === 8 && entry.compressedSize <= INFLATE_AT_ONCE_BYTES && !(entry.raw.generalPurposeBitFlag & 1);
  }

  const inflatedEntries = new Map<ZipEntry, Promise<Buffer>>();

  /** A deflated entry of at most INFLATE_AT_ONCE_BYTES, which must inflate to exactly its declared size. */
  async function inflateAtOnce(entry: ZipEntry): Promise<Buffer> {
    const compressed = await reader.read(await dataOffset(entry), entry.compressedSize);
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(compressed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      const tooLong = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      throw new AppInfoError(
        'corrupt_zip',
        tooLong
          ? `The zip entry "${entry.name}" inflates to more than the ${entry.uncompressedSize} bytes its header declares`
          : `The zip entry "${entry.name}" does not inflate: ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (inflated.length !== entry.uncompressedSize) {
      throw new AppInfoError('corrupt_zip', `The zip entry "${entry.name}" inflates to ${inflated.length} bytes, not the ${entry.uncompressedSize} its header declares`);
    }
    return inflated;
  }

  /** Where an entry's data starts: after its local header, whose name and extra field lengths may differ from the central directory's. */
  async function dataOffset(entry: ZipEntry): Promise<number> {
    // Local file header: signature(4) version(2) flags(2) method(2) time(2) date(2) crc(4)
    // csize(4) usize(4) name length(2) extra length(2), then name and extra, then the data.
    const header = await reader.read(entry.raw.relativeOffsetOfLocalHeader, 30);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new AppInfoError('corrupt_zip', `The local header of "${entry.name}" is missing`);
    return entry.raw.relativeOffsetOfLocalHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  }

  async function readRange(entry: ZipEntry, offset: number, length: number): Promise<Buffer> {
    const inRange = Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0;
    if (!inRange || offset + length > entry.uncompressedSize) {
      throw new AppInfoError('truncated', `tried to read ${length} bytes at offset ${offset} of the ${entry.uncompressedSize}-byte entry "${entry.name}"; it is truncated or corrupt`);
    }
    const stored = await storedReader(entry);
    if (stored) return stored.read(offset, length);
    if (inflatesAtOnce(entry) && entry.uncompressedSize <= INFLATE_AT_ONCE_BYTES * 4) {
      // A small deflated entry read in ranges (a Mach-O's headers, then its signature) is
      // inflated once and kept until the archive closes, instead of re-inflated per range.
      let whole = inflatedEntries.get(entry);
      if (!whole) inflatedEntries.set(entry, (whole = inflateAtOnce(entry)));
      return Buffer.from((await whole).subarray(offset, offset + length));
    }
    const stream = await openStream(entry);
    return new Promise((resolve, reject) => {
      const out = Buffer.alloc(length);
      let position = 0;
      let filled = 0;
      let settled = false;
      const finish = (error: Error | null) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        if (error) reject(error);
        else if (filled < length) reject(new AppInfoError('truncated', `The zip entry "${entry.name}" ends before byte ${offset + length}; it is truncated`));
        else resolve(out);
      };
      stream.on('data', (chunk: Buffer) => {
        const chunkEnd = position + chunk.length;
        if (chunkEnd > offset && position < offset + length) {
          const from = Math.max(0, offset - position);
          const to = Math.min(chunk.length, offset + length - position);
          chunk.copy(out, position + from - offset, from, to);
          filled += to - from;
        }
        position = chunkEnd;
        if (filled >= length) finish(null);
      });
      stream.on('error', (error) => finish(zipError(error)));
      stream.on('end', () => finish(null));
    });
  }

  async function storedReader(entry: ZipEntry): Promise<RandomAccessReader | null> {
    if (entry.compressionMethod !== 0 || entry.raw.generalPurposeBitFlag & 1) return null;
    return sliceReader(reader, await dataOffset(entry), entry.compressedSize);
  }

  return {
    entries,
    get: (name) => byName.get(name),
    read,
    readRange,
    storedReader,
    async readText(entry, options) {
      return (await read(entry, options)).toString('utf8');
    },
    close: () =>
      new Promise<void>((resolve) => {
        inflatedEntries.clear();
        zipfile.close();
        resolve();
      }),
  };
}

/** True when the first bytes are a zip local file header or an empty archive's EOCD. */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}
