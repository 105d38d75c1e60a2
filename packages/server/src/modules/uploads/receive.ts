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
//
// The pieces: block-writer.ts (the blocks to disk), hash-worker-client.ts (the worker that
// writes and hashes them), chunk-memory.ts (the socket chunks' memory), receive-limits.ts
// (the fields' limits and the answers to a bad form or a broken stream).
import { mkdir, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { fieldIssue, tooLong, ValidationError } from '../../errors.ts';
import { assertStorableText } from '../../http/text-input.ts';
import { widenYoungGeneration } from '../../gc.ts';
import { releaseTempFile, tempFilePath } from '../../storage/temp-files.ts';
import { BlockWriter } from './block-writer.ts';
import { collectYoungGeneration, COLLECT_EVERY_BYTES, releaseChunk } from './chunk-memory.ts';
import { boundaryOf, MultipartParser } from './multipart.ts';
import type { MultipartEvent } from './multipart.ts';
import { CONNECTION_CLOSED, MAX_FIELD_BYTES, MAX_FIELDS, refuseDeclaredLength, translate } from './receive-limits.ts';

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

/** One upload being read: what the parser's events have made so far. */
interface Reception {
  readonly options: ReceiveOptions;
  readonly fields: Record<string, string>;
  file: ReceivedFile | null;
  tempPath: string | null;
  handle: FileHandle | null;
  writer: BlockWriter | null;
  filename: string;
  /** 'file' while the file part is being stored, 'skip' while another file part goes by. */
  inFile: 'file' | 'skip' | null;
  /** Body bytes read before the file part, counted while the caller is unknown. */
  preambleBytes: number | null;
}

/** A text field: kept if known (and storable), then shown to onField. */
async function onFieldPart(state: Reception, event: Extract<MultipartEvent, { type: 'field' }>): Promise<void> {
  const { options } = state;
  if (!options.fieldNames.has(event.name)) return;
  if (event.truncated) throw new ValidationError({ [event.name]: [tooLong(1, 'MiB')] });
  assertStorableText(event.name, event.value);
  state.fields[event.name] = event.value;
  if (options.onField) await options.onField(event.name, event.value);
}

/** A file part begins: ours is written to a new temporary file once beforeFile lets it. */
async function onFileStart(state: Reception, event: Extract<MultipartEvent, { type: 'fileStart' }>): Promise<void> {
  const { options } = state;
  if (event.name !== options.fileField) {
    // Not ours: read it to the end (nothing is kept) so the parts after it arrive.
    state.inFile = 'skip';
    return;
  }
  if (options.beforeFile) await options.beforeFile({ ...state.fields });
  state.preambleBytes = null;
  await mkdir(options.tempDir, { recursive: true });
  state.tempPath = tempFilePath(options.tempDir, 'upload');
  ({ writer: state.writer, handle: state.handle } = await BlockWriter.open(state.tempPath));
  state.filename = event.filename;
  state.inFile = 'file';
}

/** The file part ends: ours is complete on disk, with its size and SHA-256. */
async function onFileEnd(state: Reception): Promise<void> {
  if (state.inFile === 'file') {
    const writer = state.writer!;
    const sha256 = await writer.finish();
    await state.handle!.close();
    state.handle = null;
    state.file = { path: state.tempPath!, size: writer.size, sha256, filename: state.filename };
  }
  state.inFile = null;
}

/** Every event of one chunk, in order; the file's data (the hot path) goes straight to the writer. */
async function onEvents(state: Reception, events: MultipartEvent[]): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'fileData':
        if (state.inFile === 'file') await state.writer!.write(event.data);
        break;
      case 'field':
        await onFieldPart(state, event);
        break;
      case 'fileStart':
        await onFileStart(state, event);
        break;
      case 'fileEnd':
        await onFileEnd(state);
        break;
    }
  }
}

/** Reads the body to its final delimiter, handing each chunk's events on (the part before the file bounded). */
async function readBody(request: IncomingMessage, parser: MultipartParser, state: Reception): Promise<void> {
  const { options } = state;
  let sinceCollect = 0;
  for await (const chunk of request.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    if (options.signal?.aborted) throw options.signal.reason;
    sinceCollect += chunk.length;
    if (sinceCollect >= COLLECT_EVERY_BYTES) {
      sinceCollect = 0;
      collectYoungGeneration();
    }
    await onEvents(state, parser.push(chunk));
    if (state.preambleBytes !== null) {
      state.preambleBytes += chunk.length;
      if (state.preambleBytes > options.unknownCaller!.maxBytes && options.unknownCaller!.active()) throw options.unknownCaller!.error();
    }
    releaseChunk(chunk);
    if (parser.finished) break;
  }
  if (options.signal?.aborted) throw options.signal.reason;
  if (!parser.finished && !request.complete) throw new ValidationError({ body: [fieldIssue('connection_closed', CONNECTION_CLOSED)] });
  parser.end();
  // Whatever follows the final delimiter (an epilogue) is read and dropped.
  if (!request.complete) request.resume();
}

/**
 * Reads the multipart body of `request` (the raw request, its body unread). Not multipart →
 * 422 naming the file field.
 */
export async function receiveUpload(request: IncomingMessage, options: ReceiveOptions): Promise<ReceivedUpload> {
  const state: Reception = {
    options, fields: {}, file: null, tempPath: null, handle: null, writer: null, filename: '', inFile: null,
    preambleBytes: options.unknownCaller ? 0 : null,
  };
  const discard = async () => {
    if (!state.tempPath) return;
    await rm(state.tempPath, { force: true });
    releaseTempFile(state.tempPath);
  };
  const narrow = widenYoungGeneration();
  try {
    refuseDeclaredLength(request.headers['content-length'], options.maxBytes);
    const parser = new MultipartParser(boundaryOf(request.headers['content-type']), {
      maxFields: MAX_FIELDS,
      maxFieldBytes: MAX_FIELD_BYTES,
      maxFiles: 1,
      maxFileBytes: options.maxBytes,
    });
    await readBody(request, parser, state);
  } catch (error) {
    if (state.writer) {
      await state.writer.settle();
      state.writer.abandon();
    }
    if (state.handle) await state.handle.close().catch(() => {});
    await discard();
    throw translate(error, options);
  } finally {
    narrow();
  }
  return { fields: state.fields, file: state.file, discard };
}
