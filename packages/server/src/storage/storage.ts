// Where build files, icons and debug files live. Keys are made by the server (random ids
// and fixed names), never from what a client sent. Two implementations: the local disk
// (local.ts) and an S3 bucket (s3.ts); index.ts picks one from the configuration.
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
}

/** An object as a listing answers it. */
export interface ListedObject {
  key: string;
  size: number;
  /** When it was written (ms since the epoch). */
  modifiedMs: number;
}

export interface Storage {
  /** A directory for files being received, on the same file system as the store. */
  readonly tempDir: string;
  /**
   * Makes a finished temporary file durable under `key` (moved, not copied, when possible).
   * On return the object is on stable storage; the temp file is gone.
   */
  putFile(key: string, tempPath: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /** The object's bytes, or a range of them (inclusive end, as HTTP ranges). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<StoredObject | null>;
  /** The object's absolute path on this machine; only local storage has one (a proxy sends it: TARMAC_DOWNLOAD_ACCEL). */
  localPath?(key: string): string;
  /** Every object whose key starts with `prefix` (e.g. `releases/`), in pages as the store answers them. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Only on a store that hands downloads to the client (S3 with TARMAC_S3_DOWNLOADS=redirect):
   * a short-lived URL of the object, answered with these Content-Disposition and Content-Type headers.
   */
  downloadUrl?(key: string, answer: { contentDisposition: string; contentType: string }): Promise<string>;
}

export class StorageError extends Error {}
