// The one error the parsers throw. `code` is stable (tests and the server match on it);
// `message` is a sentence the person who uploaded the file can act on.

export type AppInfoErrorCode =
  /** The file is empty. */
  | 'empty_file'
  /** No supported format matched the content. */
  | 'unknown_format'
  /** The file ends before a structure it declares. */
  | 'truncated'
  /** A zip archive whose structures are inconsistent. */
  | 'corrupt_zip'
  /** Too many entries, too much decompressed data, or an absurd compression ratio. */
  | 'zip_bomb'
  /** A value or structure exceeds a safety limit (size, depth, count). */
  | 'limit_exceeded'
  /** A format was recognised but an entry it needs is missing. */
  | 'missing_entry'
  /** A property list (XML or binary) that does not parse. */
  | 'bad_plist'
  /** An XML document (plain or Android binary XML) that does not parse. */
  | 'bad_xml'
  /** A structure of the format itself is invalid. */
  | 'corrupt_file'
  /** A provisioning profile without a readable signed plist. */
  | 'bad_provisioning_profile'
  /** Reading the file from disk failed. */
  | 'io_error';

export class AppInfoError extends Error {
  readonly code: AppInfoErrorCode;
  constructor(code: AppInfoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppInfoError';
    this.code = code;
  }
}

export function isAppInfoError(error: unknown): error is AppInfoError {
  return error instanceof AppInfoError;
}

/** Throws `truncated` unless [offset, offset + length) lies inside a buffer of `size` bytes. */
export function assertRange(what: string, offset: number, length: number, size: number): void {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > size) {
    throw new AppInfoError('truncated', `${what} at byte ${offset} (${length} bytes) lies outside the ${size} bytes available; the file is truncated or corrupt`);
  }
}
