// What a streamed upload may hold (its file's limit comes from the route, the text fields'
// limits are here) and the answers when a form breaks one, or the stream fails, that a person
// can act on.
import { AppError, fieldIssue, PayloadTooLargeError, ValidationError } from '../../errors.ts';
import { MultipartError } from './multipart.ts';

/** The most text fields a form may carry besides its file, and the most bytes in one. */
export const MAX_FIELDS = 200;
export const MAX_FIELD_BYTES = 1024 * 1024;

export const CONNECTION_CLOSED = 'ended before the upload was complete (the connection closed)';

export const MISSING_FILE = 'is required: send the package as a multipart/form-data file part named "file"';

function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The file is larger than the ${maxBytes}-byte upload limit (TARMAC_MAX_UPLOAD_BYTES)`, 'upload.too_large', {
    max_bytes: maxBytes,
  });
}

/**
 * A declared length no acceptable form reaches (the file's limit, every field at its limit,
 * and room for the parts' headers) is refused before a byte of the body is read.
 */
export function refuseDeclaredLength(contentLength: string | undefined, maxBytes: number): void {
  if (Number(contentLength) > maxBytes + MAX_FIELDS * (MAX_FIELD_BYTES + 1024) + 64 * 1024) throw tooLarge(maxBytes);
}

/** Parser and stream errors, as answers a person can act on. */
export function translate(error: unknown, options: { fileField: string; maxBytes: number; signal?: AbortSignal }): unknown {
  if (error instanceof AppError) return error;
  // The client is gone (the stream then fails with "aborted", ECONNRESET or a premature close):
  // nobody reads this answer, but the log does, as a client error rather than a server fault.
  const code = (error as { code?: unknown }).code;
  if (options.signal?.aborted || code === 'ECONNRESET' || code === 'ABORT_ERR' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new ValidationError({ body: [fieldIssue('connection_closed', CONNECTION_CLOSED)] });
  }
  if (error instanceof MultipartError) {
    switch (error.code) {
      case 'TOO_MANY_FILES':
        return new ValidationError({ [options.fileField]: [fieldIssue('file_sent_twice', 'was sent more than once: send exactly one file part')] });
      case 'TOO_MANY_FIELDS':
        return new PayloadTooLargeError(`The form has too many parts: send the file and at most ${MAX_FIELDS} text fields`, 'upload.too_many_parts', { max: MAX_FIELDS });
      case 'FILE_TOO_LARGE':
        return tooLarge(options.maxBytes);
      case 'MALFORMED':
        if (error.message === 'Unsupported Content-Type') return new ValidationError({ [options.fileField]: [fieldIssue('file_missing', MISSING_FILE)] });
        return new ValidationError({ body: [fieldIssue('multipart_malformed', `is not well-formed multipart/form-data (${error.message})`)] });
    }
  }
  return error;
}
