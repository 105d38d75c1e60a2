// Reads a streamed multipart upload from the raw request (multipart.ts parses it): text fields
// into memory (at most 200 fields of at most 1 MiB), the one file part copied into a few 8 MiB
// blocks that go to a temporary file in large writes (O_DIRECT where the file system allows)
// while a worker thread computes the SHA-256 from the same shared memory. Memory stays flat
// whatever the file size: when every block is on its way to the disk, the request is not read
// (backpressure from the disk to the socket).
//
// The temporary file is this module's until receiveUpload() returns: on any failure (too
// large, client gone, disk error, a refusal from beforeFile) it is removed before the error
// propagates. Once returned, the caller removes it (ReceivedUpload.discard()).
import { randomUUID } from 'node:crypto';
import { constants as fsConstants, writeSync } from 'node:fs';
import { open, mkdir, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { AppError, PayloadTooLargeError, ValidationError } from '../../errors.ts';
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
  /** Aborts the transfer (the client went away). */
  signal?: AbortSignal;
}

const CONNECTION_CLOSED = 'ended before the upload was complete (the connection closed)';

/**
 * The file goes to disk in blocks of this size, up to BLOCKS of them in flight at once: the
 * socket's 64 KiB chunks are copied into the current block, and a full block is written with
 * one pwrite on the thread pool while the next fills. With 1 MiB writes through a WriteStream
 * a 1 GiB upload ran at a seventh of the socket's speed. BLOCKS × BLOCK_BYTES is about the
 * most one upload holds in memory.
 */
const BLOCK_BYTES = 4 * 1024 * 1024;

/*
 * Each socket read arrives in a fresh 64 KiB Buffer whose memory lives outside the V8 heap
 * until a young-generation collection frees its small wrapper object; at loopback speed
 * that is several hundred MiB per second, and V8 lets it pile up before collecting. A minor
 * collection every COLLECT_EVERY_BYTES (about a millisecond each) keeps a 1 GiB upload's
 * peak memory flat.
 */
const COLLECT_EVERY_BYTES = 16 * 1024 * 1024;
const collectSocketBuffers: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as ((options?: { type: 'minor' | 'major' }) => void) | undefined;
  return gc ? () => gc({ type: 'minor' }) : () => undefined;
})();
const BLOCKS = 2;

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
        return new PayloadTooLargeError('The form has too many parts: send the file and at most 200 text fields');
      case 'FILE_TOO_LARGE':
        return tooLarge(options.maxBytes);
      case 'MALFORMED':
        if (error.message === 'Unsupported Content-Type') return new ValidationError({ [options.fileField]: [MISSING_FILE] });
        return new ValidationError({ body: [`is not well-formed multipart/form-data (${error.message})`] });
    }
  }
  return error;
}

export function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The file is larger than the ${maxBytes}-byte upload limit (TARMAC_MAX_UPLOAD_BYTES)`);
}

/**
 * SHA-256 off the main thread: one worker for the process, fed the blocks (shared memory, not
 * copied) as they go to the disk, so hashing overlaps the transfer on another core.
 */
const HASH_WORKER = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', (m) => {
  try {
    let hash = hashes.get(m.job);
    if (!hash) hashes.set(m.job, (hash = createHash('sha256')));
    if (m.op === 'update') {
      hash.update(new Uint8Array(m.buffer, m.offset, m.length));
      return parentPort.postMessage({ key: m.key });
    }
    hashes.delete(m.job);
    if (m.op === 'digest') parentPort.postMessage({ key: m.key, hex: hash.digest('hex') });
  } catch (error) {
    parentPort.postMessage({ key: m.key, error: String(error) });
  }
});
`;

class HashWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (hex: string) => void; reject: (error: unknown) => void }>();
  private nextKey = 0;
  private nextJob = 0;

  job(): number {
    return this.nextJob++;
  }

  private call(message: Record<string, unknown>): Promise<string> {
    if (!this.worker) {
      const worker = new Worker(HASH_WORKER, { eval: true });
      worker.unref();
      worker.on('message', (reply: { key: number; hex?: string; error?: string }) => {
        const waiting = this.pending.get(reply.key);
        this.pending.delete(reply.key);
        if (this.pending.size === 0) worker.unref();
        if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
        else waiting?.resolve(reply.hex ?? '');
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
      worker.postMessage({ ...message, key });
    });
  }

  /** Resolves once the worker has hashed the bytes (the memory may then be reused). */
  update(job: number, block: Buffer, length: number): Promise<unknown> {
    return this.call({ op: 'update', job, buffer: block.buffer, offset: block.byteOffset, length });
  }

  digest(job: number): Promise<string> {
    return this.call({ op: 'digest', job });
  }

  drop(job: number): void {
    if (this.worker) this.worker.postMessage({ op: 'drop', job, key: -1 });
  }
}

const hashWorker = new HashWorker();

const ALIGN = 4096;

/**
 * The offset in `raw` at which O_DIRECT writes to `fd` are accepted (the memory address must
 * be aligned, which JavaScript cannot see), found by trial; -1 if none is.
 */
function directOffset(fd: number, raw: Buffer): number {
  for (let offset = 0; offset < ALIGN; offset += 16) {
    try {
      writeSync(fd, raw, offset, ALIGN, 0);
      return offset;
    } catch {
      // EINVAL: not aligned
    }
  }
  return -1;
}

/**
 * Writes the file part in large blocks, SHA-256 and size on the way. The file is opened with
 * O_DIRECT where the file system allows it: the blocks go to the disk without passing through
 * the page cache, which costs the kernel little CPU and leaves the later fsync little to do.
 */
class BlockWriter {
  private readonly job = hashWorker.job();
  private readonly free: Buffer[];
  private readonly inFlight: Promise<unknown>[] = [];
  private current: Buffer | null = null;
  private filled = 0;
  private position = 0;
  private failure: Error | null = null;
  private readonly handle: FileHandle;
  private readonly direct: boolean;
  size = 0;

  private constructor(handle: FileHandle, blocks: Buffer[], direct: boolean) {
    this.handle = handle;
    this.free = blocks;
    this.direct = direct;
  }

  static async open(target: string): Promise<{ writer: BlockWriter; handle: FileHandle }> {
    const raws = Array.from({ length: BLOCKS }, () => Buffer.from(new SharedArrayBuffer(BLOCK_BYTES + ALIGN)));
    const O_DIRECT = fsConstants.O_DIRECT;
    if (O_DIRECT) {
      let handle: FileHandle | null = null;
      try {
        handle = await open(target, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | O_DIRECT, 0o600);
      } catch {
        // The file system refuses O_DIRECT (tmpfs): buffered writes below.
      }
      if (handle) {
        const offsets = raws.map((raw) => directOffset(handle.fd, raw));
        if (offsets.every((offset) => offset >= 0)) {
          await handle.truncate(0);
          const blocks = raws.map((raw, i) => raw.subarray(offsets[i], offsets[i]! + BLOCK_BYTES));
          return { writer: new BlockWriter(handle, blocks, true), handle };
        }
        await handle.close();
        await rm(target, { force: true });
      }
    }
    const handle = await open(target, 'wx', 0o600);
    return { writer: new BlockWriter(handle, raws.map((raw) => raw.subarray(0, BLOCK_BYTES)), false), handle };
  }

  /** Resolves at once unless every block is on its way to the disk (backpressure). */
  async write(data: Buffer): Promise<void> {
    this.size += data.length;
    let offset = 0;
    while (offset < data.length) {
      if (!this.current) this.current = await this.take();
      const n = data.copy(this.current, this.filled, offset);
      this.filled += n;
      offset += n;
      if (this.filled === this.current.length) this.flush();
    }
  }

  /** Writes what is left and waits for every write; answers the SHA-256. */
  async finish(): Promise<string> {
    if (this.current && this.filled > 0) this.flush();
    await this.settle();
    if (this.failure) throw this.failure;
    // O_DIRECT wrote whole 4 KiB sectors: cut the file to its size.
    if (this.direct) await this.handle.truncate(this.size);
    return hashWorker.digest(this.job);
  }

  /** Waits for the writes in flight, failed or not (before the file is closed and removed). */
  async settle(): Promise<void> {
    while (this.inFlight.length > 0) await Promise.allSettled([...this.inFlight]);
  }

  abandon(): void {
    hashWorker.drop(this.job);
  }

  private async take(): Promise<Buffer> {
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
    const done: Promise<unknown> = Promise.all([hashWorker.update(this.job, block, length), this.writeAll(block, writeLength, position)]).then(
      () => {
        void this.inFlight.splice(this.inFlight.indexOf(done), 1);
        this.free.push(block);
      },
      (error: unknown) => {
        void this.inFlight.splice(this.inFlight.indexOf(done), 1);
        this.failure ??= error instanceof Error ? error : new Error(String(error));
      },
    );
    this.inFlight.push(done);
  }

  private async writeAll(block: Buffer, length: number, position: number): Promise<void> {
    let written = 0;
    while (written < length) {
      const { bytesWritten } = await this.handle.write(block, written, length - written, position + written);
      written += bytesWritten;
    }
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
    if (tempPath) await rm(tempPath, { force: true });
  };

  let handle: FileHandle | null = null;
  let writer: BlockWriter | null = null;
  let filename = '';
  try {
    const parser = new MultipartParser(boundaryOf(request.headers['content-type']), {
      maxFields: 200,
      maxFieldBytes: 1024 * 1024,
      maxFiles: 1,
      maxFileBytes: options.maxBytes,
    });
    // 'file' while the file part is being stored, 'skip' while another file part goes by.
    let inFile: 'file' | 'skip' | null = null;
    let sinceCollect = 0;
    for await (const chunk of request.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      if (options.signal?.aborted) throw options.signal.reason;
      sinceCollect += chunk.length;
      if (sinceCollect >= COLLECT_EVERY_BYTES) {
        sinceCollect = 0;
        collectSocketBuffers();
      }
      for (const event of parser.push(chunk)) {
        switch (event.type) {
          case 'field':
            if (!options.fieldNames.has(event.name)) break;
            if (event.truncated) throw new ValidationError({ [event.name]: ['is too long (maximum is 1 MiB)'] });
            fields[event.name] = event.value;
            break;
          case 'fileStart':
            if (event.name !== options.fileField) {
              // Not ours: read it to the end (nothing is kept) so the parts after it arrive.
              inFile = 'skip';
              break;
            }
            if (options.beforeFile) await options.beforeFile({ ...fields });
            await mkdir(options.tempDir, { recursive: true });
            tempPath = path.join(options.tempDir, `upload-${randomUUID()}`);
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
