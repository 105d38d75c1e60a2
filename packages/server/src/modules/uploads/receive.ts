// Reads a streamed multipart upload: text fields into memory (bounded by the multipart limits
// of the upload scope: 200 fields of at most 1 MiB), the one file part piped into a temporary
// file while its SHA-256 and size are computed. Memory stays flat whatever the file size: the
// pipeline moves one chunk at a time, with backpressure from the disk to the socket.
//
// The temporary file is this module's until receiveUpload() returns: on any failure (too
// large, client gone, disk error, a refusal from beforeFile) it is removed before the error
// propagates. Once returned, the caller removes it (ReceivedUpload.discard()).
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { AppError, PayloadTooLargeError, ValidationError } from '../../errors.ts';

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
 * The temp file's write buffer. While one write is on the disk, the chunks arriving behind it
 * gather (up to this much) and go down in one writev: with Node's default (16 KiB, so one
 * 64 KiB write at a time) a 1 GiB upload spent 2.7 s writing here, 1.7 s with this. It is
 * also about the most one upload holds in memory.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

export const MISSING_FILE = 'is required: send the package as a multipart/form-data file part named "file"';

/** Errors @fastify/multipart raises while parsing, as answers a person can act on. */
function translate(error: unknown, options: ReceiveOptions): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  // The client is gone (the stream then fails with "aborted", ECONNRESET or a premature close):
  // nobody reads this answer, but the log does, as a client error rather than a server fault.
  if (options.signal?.aborted || code === 'ECONNRESET') return new ValidationError({ body: [CONNECTION_CLOSED] });
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ValidationError({ [options.fileField]: [MISSING_FILE] });
    case 'FST_FILES_LIMIT':
      return new ValidationError({ [options.fileField]: ['was sent more than once: send exactly one file part'] });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new PayloadTooLargeError('The form has too many parts: send the file and at most 200 text fields');
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(options.maxBytes);
    case 'FST_PROTO_VIOLATION':
      return new ValidationError({ body: ['has a field whose name is not allowed'] });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new ValidationError({ body: ['has a part declared application/json that is not valid JSON'] });
    case 'ABORT_ERR':
    case 'FST_MP_PREMATURE_CLOSE':
      return new ValidationError({ body: [CONNECTION_CLOSED] });
    default:
      // busboy's own sentences for a body that is not well-formed multipart.
      if (error instanceof Error && /Boundary not found|Boundary required|Unexpected end of multipart|terminated early|needle cannot|Unsupported Content-Type/i.test(error.message)) {
        const reason = /needle cannot/.test(error.message) ? 'its boundary is longer than 256 characters' : error.message;
        return new ValidationError({ body: [`is not well-formed multipart/form-data (${reason})`] });
      }
      return error;
  }
}

export function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The file is larger than the ${maxBytes}-byte upload limit (TARMAC_MAX_UPLOAD_BYTES)`);
}

/** Streams a file part to `target`, hashing and counting on the way. */
async function streamToFile(part: MultipartFile, target: string, options: ReceiveOptions): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const output = createWriteStream(target, { flags: 'wx', mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES });
  try {
    await pipeline(part.file, meter, output, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    // The file is opened asynchronously: wait until it is closed, or removing it could come
    // first and the open recreate it afterwards.
    if (!output.closed) await once(output, 'close');
    throw error;
  }
  // The multipart limit cuts the stream at maxBytes and marks it truncated.
  if (part.file.truncated) throw tooLarge(options.maxBytes);
  return { size, sha256: hash.digest('hex') };
}

export async function receiveUpload(parts: () => AsyncIterable<Multipart>, options: ReceiveOptions): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let tempPath: string | null = null;
  const discard = async () => {
    if (tempPath) await rm(tempPath, { force: true });
  };

  try {
    for await (const part of parts()) {
      if (part.type === 'field') {
        if (!options.fieldNames.has(part.fieldname)) continue;
        if (part.valueTruncated) throw new ValidationError({ [part.fieldname]: ['is too long (maximum is 1 MiB)'] });
        // A part sent as application/json arrives parsed; keep its text.
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      if (part.fieldname !== options.fileField) {
        // Not ours: read it to the end (nothing is kept) so the parts after it arrive.
        part.file.resume();
        continue;
      }
      if (options.beforeFile) await options.beforeFile({ ...fields });
      await mkdir(options.tempDir, { recursive: true });
      tempPath = path.join(options.tempDir, `upload-${randomUUID()}`);
      const { size, sha256 } = await streamToFile(part, tempPath, options);
      file = { path: tempPath, size, sha256, filename: part.filename };
    }
  } catch (error) {
    await discard();
    throw translate(error, options);
  }
  return { fields, file, discard };
}
