// Reads a streamed multipart upload from the raw request (multipart.ts parses it): text fields
// into memory (at most 200 fields of at most 1 MiB), the one file part copied into a few 2 MiB
// blocks that a worker thread writes to a temporary file (O_DIRECT where the file system
// allows) while it computes the SHA-256 of the same memory. Memory stays flat whatever the
// file size: when every block is on its way to the disk, the request is not read
// (backpressure from the disk to the socket).
//
// The temporary file is this module's until receiveUpload() returns: on any failure (too
// large, client gone, disk error, a refusal from beforeFile) it is removed before the error
// propagates. Once returned, the caller removes it (ReceivedUpload.discard()). While it
// exists it is a live temp file (storage/temp-files.ts): the sweeper leaves it alone, and it
// is removed if the process exits first.
import { constants as fsConstants, writeSync } from 'node:fs';
import { open, mkdir, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { getCompileCacheDir } from 'node:module';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { AppError, PayloadTooLargeError, ValidationError } from '../../errors.ts';
import { assertStorableText } from '../../http/text-input.ts';
import { releaseTempFile, tempFilePath } from '../../storage/temp-files.ts';
import type { HashWorkerReply, HashWorkerRequest } from './hash-worker.ts';
import { boundaryOf, MultipartError, MultipartParser } from './multipart.ts';

export interface ReceivedFile {
  /** The temporary file, in the storage's temp directory. */
  path: string;
  size: number;
  /** SHA-256 of the bytes, lowercase hex. */
  sha256: string;
  /** The file name the client sent, as sent (it may hold a path). */
  filename: string;
}

export interface ReceivedUpload {
  /** Every known text field as sent, "" included: the caller decides what empty means. */
  fields: Record<string, string>;
  file: ReceivedFile | null;
  /** Removes the temporary file; safe to call more than once. */
  discard(): Promise<void>;
}

export interface ReceiveOptions {
  tempDir: string;
  maxBytes: number;
  /** Text fields to keep; others are read and dropped. */
  fieldNames: ReadonlySet<string>;
  /** The name of the file part. */
  fileField: string;
  /**
   * Runs when the file part begins, with the fields sent before it: it may refuse the upload
   * (throw) before a byte of the file is stored.
   */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
  /** Runs for each kept text field as it arrives (the upload routes read `token` at once); may refuse (throw). */
  onField?: (name: string, value: string) => Promise<void>;
  /**
   * While `active()` answers true (the caller is not known yet), the body may carry at most
   * `maxBytes` before the file part; more is refused with `error()`. This bounds what an
   * anonymous client makes the server hold.
   */
  unknownCaller?: { maxBytes: number; active(): boolean; error(): Error };
  /** Aborts the transfer (the client went away). */
  signal?: AbortSignal;
}

const CONNECTION_CLOSED = 'ended before the upload was complete (the connection closed)';

/**
 * The file goes to disk in blocks of BLOCK_BYTES, up to BLOCKS of them in flight at once: the
 * socket's 64 KiB chunks are copied into the current block on this thread, and a full block
 * goes to the hash worker, which writes it (O_DIRECT, on the thread pool) while it computes
 * the SHA-256, then hands it back. BLOCKS × BLOCK_BYTES is about the most one upload holds.
 *
 * Measured on the benchmark's VM (2 cores, a virtio disk that writes ~2 GB/s, one request at
 * a time: 4 MiB writes took 1.8 ms each one at a time, 7.9 ms each four at a time), 1 GiB
 * uploads over loopback, each layout against the others in the same runs:
 * - 2 MiB × 4, 4 MiB × 4 and 1 MiB × 8 came out even (within the machine's noise); 4 MiB × 2
 *   (the former layout) was ~10% slower, the disk idling while both blocks waited for the
 *   hash. Smaller writes cost CPU per request (1 GiB as 1 MiB writes: ~0.16 CPU-s of kernel
 *   time, as 4 MiB writes: ~0.10); 2 MiB × 4 holds as little memory as the former layout.
 * - Buffered writes (the page cache, then the fsync the store needs) took ~4 s for 1 GiB:
 *   the write-back to this disk is slow. O_DIRECT stays.
 * - With 1 MiB WriteStream writes a 1 GiB upload ran at a seventh of the socket's speed.
 */
const BLOCK_BYTES = 2 * 1024 * 1024;
const BLOCKS = 4;

/**
 * Each socket read arrives as a fresh 64 KiB Buffer (Node's HTTP parser copies the body out of
 * its read buffer) whose memory, outside the V8 heap, is freed only when a garbage collection
 * finds its wrapper dead; at loopback speed that is over 2 GiB per second, and V8 let several
 * hundred MiB pile up. Once a chunk's events are handled nothing refers to it any more (the
 * parser copies what it keeps), so its memory is released at once by detaching its
 * ArrayBuffer: the next read then reuses the same, cache-warm memory. Measured against the
 * former remedy (a minor collection every 16 MiB): peak RSS 228-233 MiB instead of 246-254
 * over three 1 GiB uploads, and ~10% faster. The wrappers themselves still pile up in the
 * young generation: a minor collection every COLLECT_EVERY_BYTES (a 0.5 ms pause) keeps them
 * from growing it (without: 242-245 MiB).
 */
function releaseChunk(chunk: Buffer): void {
  // A slice of a larger buffer (not what the parser makes, but possible) is left to the GC.
  if (chunk.byteOffset !== 0 || chunk.buffer.byteLength !== chunk.length) return;
  try {
    (chunk.buffer as ArrayBuffer).transfer(0);
  } catch {
    // Not detachable: the GC frees it.
  }
}

const COLLECT_EVERY_BYTES = 64 * 1024 * 1024;

/**
 * V8's `gc` function, asked for a minor collection. The process turns on --expose-gc where it
 * starts (bin/tarmac.js, main.ts), and only contexts made afterwards get the function, so it is
 * read from a new context, once, on the first upload. Without the flag (an app built inside a
 * test runner) no collection is made: uploads work the same, only their memory peaks higher.
 */
let collector: (() => void) | undefined;
function collectYoungGeneration(): void {
  if (!collector) {
    // Without the flag the name is not defined at all: asked with typeof, not read.
    type Gc = (options?: { type: 'minor' | 'major' }) => void;
    const gc = runInNewContext('typeof gc === "function" ? gc : undefined') as Gc | undefined;
    collector = gc ? () => gc({ type: 'minor' }) : () => undefined;
  }
  collector();
}

export const MISSING_FILE = 'is required: send the package as a multipart/form-data file part named "file"';

/** Parser and stream errors, as answers a person can act on. */
function translate(error: unknown, options: ReceiveOptions): unknown {
  if (error instanceof AppError) return error;
  // The client is gone (the stream then fails with "aborted", ECONNRESET or a premature close):
  // nobody reads this answer, but the log does, as a client error rather than a server fault.
  const code = (error as { code?: unknown }).code;
  if (options.signal?.aborted || code === 'ECONNRESET' || code === 'ABORT_ERR' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new ValidationError({ body: [CONNECTION_CLOSED] });
  }
  if (error instanceof MultipartError) {
    switch (error.code) {
      case 'TOO_MANY_FILES':
        return new ValidationError({ [options.fileField]: ['was sent more than once: send exactly one file part'] });
      case 'TOO_MANY_FIELDS':
        return new PayloadTooLargeError(`The form has too many parts: send the file and at most ${MAX_FIELDS} text fields`);
      case 'FILE_TOO_LARGE':
        return tooLarge(options.maxBytes);
      case 'MALFORMED':
        if (error.message === 'Unsupported Content-Type') return new ValidationError({ [options.fileField]: [MISSING_FILE] });
        return new ValidationError({ body: [`is not well-formed multipart/form-data (${error.message})`] });
    }
  }
  return error;
}

/** The most text fields a form may carry besides its file, and the most bytes in one. */
const MAX_FIELDS = 200;
const MAX_FIELD_BYTES = 1024 * 1024;

export function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The file is larger than the ${maxBytes}-byte upload limit (TARMAC_MAX_UPLOAD_BYTES)`);
}

/**
 * One worker for the process: it receives each full block (its memory transferred, not
 * copied), starts writing it to the file on the thread pool, updates the upload's SHA-256
 * from it meanwhile, and once both are done transfers the memory back.
 *
 * Why this layout (measured, 1 GiB over loopback on 2 cores): SHA-256 costs ~0.57 s of one
 * core (SHA-NI), receiving about half that, so hashing runs on its own thread; hashing on
 * this thread instead was ~15% slower. The blocks used to be SharedArrayBuffers, written from
 * this thread while the worker hashed the same memory: copying into shared memory is slower
 * (V8 copies it with relaxed atomics), and each block cost this thread a write request and two
 * promises more; the upload (curl + server) took 1.8-2.1 CPU-s against 1.5-1.6 now. Handing
 * the worker the socket's chunks themselves (transferred, no copy into blocks) was slower
 * again: many small messages, and the worker still has to copy them into aligned blocks.
 *
 * The worker's code is hash-worker.ts, linted and type-checked like the rest; it starts on the
 * first upload, so a server that takes none never loads it.
 */
const HASH_WORKER_URL = new URL('./hash-worker.ts', import.meta.url);

/**
 * Node's compile cache, which the process turns on at start (bin/tarmac.js, main.ts), is this
 * thread's: a worker uses it only through NODE_COMPILE_CACHE. Without it the worker would load
 * Node's TypeScript stripper (~20 MB) to read hash-worker.ts on every start.
 */
function workerEnv(): NodeJS.ProcessEnv {
  const cacheDir = getCompileCacheDir();
  return cacheDir ? { ...process.env, NODE_COMPILE_CACHE: path.dirname(cacheDir) } : process.env;
}

/** A request before call() gives it its key. */
type WithoutKey<T> = T extends unknown ? Omit<T, 'key'> : never;

class HashWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (reply: HashWorkerReply) => void; reject: (error: unknown) => void }>();
  private nextKey = 0;
  private nextJob = 0;

  job(): number {
    return this.nextJob++;
  }

  private call(message: WithoutKey<HashWorkerRequest>, transfer: ArrayBuffer[] = []): Promise<HashWorkerReply> {
    if (!this.worker) {
      const worker = new Worker(HASH_WORKER_URL, { env: workerEnv() });
      worker.unref();
      worker.on('message', (reply: HashWorkerReply) => {
        const waiting = this.pending.get(reply.key);
        this.pending.delete(reply.key);
        if (this.pending.size === 0) worker.unref();
        waiting?.resolve(reply);
      });
      worker.on('error', (error) => {
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
        this.worker = null;
      });
      this.worker = worker;
    }
    const key = this.nextKey++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(key, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, key }, transfer);
    });
  }

  /**
   * Writes `length` bytes of the block at `offset` in its buffer to `fd` at `position`
   * (`writeLength` bytes: O_DIRECT writes whole sectors) and adds them to the job's hash.
   * The buffer is transferred: it is unusable until the answer gives it back.
   */
  async block(
    job: number,
    fd: number,
    buffer: ArrayBuffer,
    offset: number,
    length: number,
    writeLength: number,
    position: number,
  ): Promise<ArrayBuffer> {
    const reply = await this.call({ op: 'block', job, fd, buffer, offset, length, writeLength, position }, [buffer]);
    if (reply.error) throw Object.assign(new Error(reply.error), { buffer: reply.buffer });
    return reply.buffer!;
  }

  async digest(job: number): Promise<string> {
    return (await this.call({ op: 'digest', job })).hex ?? '';
  }

  drop(job: number): void {
    const request: HashWorkerRequest = { op: 'drop', job, key: -1 };
    if (this.worker) this.worker.postMessage(request);
  }
}

const hashWorker = new HashWorker();

const ALIGN = 4096;

/**
 * The offset in `raw` at which O_DIRECT writes to `fd` are accepted (the memory address must
 * be aligned, which JavaScript cannot see), found by trial; -1 if none is. A transferred
 * ArrayBuffer keeps its memory, so the offset holds when the worker hands it back.
 */
function directOffset(fd: number, raw: Buffer, position: number, only?: number): number {
  for (let offset = only ?? 0; offset < (only === undefined ? ALIGN : only + 1); offset += 16) {
    try {
      writeSync(fd, raw, offset, ALIGN, position);
      return offset;
    } catch {
      // EINVAL: not aligned
    }
  }
  return -1;
}

/** A block's memory: `buffer` whole (what is transferred), the block at `offset` in it. */
interface Block {
  buffer: ArrayBuffer;
  offset: number;
  bytes: Buffer;
}

function blockAt(buffer: ArrayBuffer, offset: number): Block {
  return { buffer, offset, bytes: Buffer.from(buffer, offset, BLOCK_BYTES) };
}

/**
 * Blocks finished uploads gave back, for the next ones (at most BLOCKS kept): memory made once
 * rather than per upload, which would linger until a full garbage collection (a 1 GiB upload
 * grew the process by its blocks each time).
 */
const spareBlocks: Block[] = [];

/**
 * A block for a file open on `fd` (O_DIRECT if `direct`): a spare one or new memory (plain, not
 * pooled, with room to align the block in it: its own ArrayBuffer, so it can be transferred).
 * The trial writes land at `position`, where the block will go. Null if no offset is aligned.
 */
function takeBlock(fd: number, direct: boolean, position: number): Block | null {
  const spare = spareBlocks.pop();
  if (spare && (!direct || directOffset(fd, Buffer.from(spare.buffer), position, spare.offset) === spare.offset)) return spare;
  const raw = Buffer.allocUnsafeSlow(BLOCK_BYTES + ALIGN);
  const offset = direct ? directOffset(fd, raw, position) : 0;
  return offset >= 0 ? blockAt(raw.buffer, offset) : null;
}

function giveBackBlocks(blocks: Block[]): void {
  while (blocks.length > 0 && spareBlocks.length < BLOCKS) spareBlocks.push(blocks.pop()!);
  blocks.length = 0;
}

/**
 * Writes the file part in blocks, SHA-256 and size on the way. The file is opened with
 * O_DIRECT where the file system allows it: the blocks go to the disk without passing through
 * the page cache, which costs the kernel little CPU and leaves the later fsync little to do.
 */
class BlockWriter {
  private readonly job = hashWorker.job();
  private readonly free: Block[] = [];
  /** Blocks made so far: up to BLOCKS, as the file grows (a small file needs one). */
  private made = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private current: Block | null = null;
  private filled = 0;
  private position = 0;
  private failure: Error | null = null;
  private readonly handle: FileHandle;
  private readonly direct: boolean;
  size = 0;

  private constructor(handle: FileHandle, first: Block, direct: boolean) {
    this.handle = handle;
    this.free.push(first);
    this.made = 1;
    this.direct = direct;
  }

  static async open(target: string): Promise<{ writer: BlockWriter; handle: FileHandle }> {
    const O_DIRECT = fsConstants.O_DIRECT;
    if (O_DIRECT) {
      let handle: FileHandle | null = null;
      try {
        handle = await open(target, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | O_DIRECT, 0o600);
      } catch {
        // The file system refuses O_DIRECT (tmpfs): buffered writes below.
      }
      if (handle) {
        const first = takeBlock(handle.fd, true, 0);
        if (first) {
          await handle.truncate(0);
          return { writer: new BlockWriter(handle, first, true), handle };
        }
        await handle.close();
        await rm(target, { force: true });
      }
    }
    const handle = await open(target, 'wx', 0o600);
    return { writer: new BlockWriter(handle, takeBlock(handle.fd, false, 0)!, false), handle };
  }

  /** Resolves at once unless every block is on its way to the disk (backpressure). */
  async write(data: Buffer): Promise<void> {
    this.size += data.length;
    let offset = 0;
    while (offset < data.length) {
      if (!this.current) this.current = await this.take();
      const n = data.copy(this.current.bytes, this.filled, offset);
      this.filled += n;
      offset += n;
      if (this.filled === BLOCK_BYTES) this.flush();
    }
  }

  /** Writes what is left and waits for every write; answers the SHA-256. */
  async finish(): Promise<string> {
    if (this.current && this.filled > 0) this.flush();
    await this.settle();
    if (this.failure) throw this.failure;
    if (this.current) this.free.push(this.current);
    this.current = null;
    giveBackBlocks(this.free);
    // O_DIRECT wrote whole 4 KiB sectors: cut the file to its size.
    if (this.direct) await this.handle.truncate(this.size);
    return hashWorker.digest(this.job);
  }

  /** Waits for the writes in flight, failed or not (before the file is closed and removed). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** After settle(), on failure: the hash is dropped, the blocks kept for other uploads. */
  abandon(): void {
    hashWorker.drop(this.job);
    if (this.current) this.free.push(this.current);
    this.current = null;
    giveBackBlocks(this.free);
  }

  private async take(): Promise<Block> {
    if (this.free.length === 0 && this.made < BLOCKS && !this.failure) {
      // The trial writes land where this block will go (past every write in flight, and
      // overwritten by the block itself or cut by the final truncate).
      const block = takeBlock(this.handle.fd, this.direct, this.position);
      if (block) {
        this.made++;
        return block;
      }
    }
    while (this.free.length === 0 && !this.failure) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
    return this.free.pop()!;
  }

  private flush(): void {
    const block = this.current!;
    const length = this.filled;
    this.current = null;
    this.filled = 0;
    const position = this.position;
    this.position += length;
    const writeLength = this.direct ? Math.ceil(length / ALIGN) * ALIGN : length;
    const back = (buffer: ArrayBuffer) => this.free.push(blockAt(buffer, block.offset));
    const written = hashWorker.block(this.job, this.handle.fd, block.buffer, block.offset, length, writeLength, position);
    const done: Promise<unknown> = written.then(back, (error: unknown) => {
      const buffer = (error as { buffer?: ArrayBuffer }).buffer;
      if (buffer) back(buffer);
      this.failure ??= error instanceof Error ? error : new Error(String(error));
    });
    const tracked: Promise<unknown> = done.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }
}

/**
 * Reads the multipart body of `request` (the raw request, its body unread). Not multipart →
 * 422 naming the file field.
 */
export async function receiveUpload(request: IncomingMessage, options: ReceiveOptions): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let tempPath: string | null = null;
  const discard = async () => {
    if (!tempPath) return;
    await rm(tempPath, { force: true });
    releaseTempFile(tempPath);
  };

  let handle: FileHandle | null = null;
  let writer: BlockWriter | null = null;
  let filename = '';
  try {
    // A declared length no acceptable form reaches (the file's limit, every field at its limit,
    // and room for the parts' headers) is refused before a byte of the body is read.
    const declared = Number(request.headers['content-length']);
    if (declared > options.maxBytes + MAX_FIELDS * (MAX_FIELD_BYTES + 1024) + 64 * 1024) throw tooLarge(options.maxBytes);
    const parser = new MultipartParser(boundaryOf(request.headers['content-type']), {
      maxFields: MAX_FIELDS,
      maxFieldBytes: MAX_FIELD_BYTES,
      maxFiles: 1,
      maxFileBytes: options.maxBytes,
    });
    // 'file' while the file part is being stored, 'skip' while another file part goes by.
    let inFile: 'file' | 'skip' | null = null;
    let sinceCollect = 0;
    // Body bytes read before the file part, counted while the caller is unknown.
    let preambleBytes: number | null = options.unknownCaller ? 0 : null;
    for await (const chunk of request.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      if (options.signal?.aborted) throw options.signal.reason;
      sinceCollect += chunk.length;
      if (sinceCollect >= COLLECT_EVERY_BYTES) {
        sinceCollect = 0;
        collectYoungGeneration();
      }
      for (const event of parser.push(chunk)) {
        switch (event.type) {
          case 'field':
            if (!options.fieldNames.has(event.name)) break;
            if (event.truncated) throw new ValidationError({ [event.name]: ['is too long (maximum is 1 MiB)'] });
            assertStorableText(event.name, event.value);
            fields[event.name] = event.value;
            if (options.onField) await options.onField(event.name, event.value);
            break;
          case 'fileStart':
            if (event.name !== options.fileField) {
              // Not ours: read it to the end (nothing is kept) so the parts after it arrive.
              inFile = 'skip';
              break;
            }
            if (options.beforeFile) await options.beforeFile({ ...fields });
            preambleBytes = null;
            await mkdir(options.tempDir, { recursive: true });
            tempPath = tempFilePath(options.tempDir, 'upload');
            ({ writer, handle } = await BlockWriter.open(tempPath));
            filename = event.filename;
            inFile = 'file';
            break;
          case 'fileData':
            if (inFile === 'file') await writer!.write(event.data);
            break;
          case 'fileEnd':
            if (inFile === 'file') {
              const sha256 = await writer!.finish();
              await handle!.close();
              handle = null;
              file = { path: tempPath!, size: writer!.size, sha256, filename };
            }
            inFile = null;
            break;
        }
      }
      if (preambleBytes !== null) {
        preambleBytes += chunk.length;
        if (preambleBytes > options.unknownCaller!.maxBytes && options.unknownCaller!.active()) throw options.unknownCaller!.error();
      }
      releaseChunk(chunk);
      if (parser.finished) break;
    }
    if (options.signal?.aborted) throw options.signal.reason;
    if (!parser.finished && !request.complete) throw new ValidationError({ body: [CONNECTION_CLOSED] });
    parser.end();
    // Whatever follows the final delimiter (an epilogue) is read and dropped.
    if (!request.complete) request.resume();
  } catch (error) {
    if (writer) {
      await writer.settle();
      writer.abandon();
    }
    if (handle) await handle.close().catch(() => {});
    await discard();
    throw translate(error, options);
  }
  return { fields, file, discard };
}
