// Copying one Zealot upload into Tarmac's storage, checked at both ends: the bytes are streamed
// into a temp file in storage's tempDir (hashed with SHA-256 and counted: the count must be the
// size Zealot's file has), then put under their key and read back from the store, whose SHA-256
// must be the one computed on the way in. A failure at any point leaves no stored object, and at
// most a temp file the sweeper (storage/temp-files.ts) removes; the row is written only after.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sha256Of } from '../../../storage/migrate.ts';
import { removeStoredFiles } from '../../../storage/remove.ts';
import type { Storage } from '../../../storage/storage.ts';
import { releaseTempFile, tempFilePath } from '../../../storage/temp-files.ts';
import { ImportInterrupted } from '../context.ts';
import type { Executor, ImportContext } from '../context.ts';
import type { MapEntry } from '../map.ts';
import type { ZealotFile, ZealotRow } from '../source/types.ts';

export type FoundFile = Extract<ZealotFile, { status: 'found' }>;

/** A Zealot upload received into a temp file: where, its SHA-256 and its size (and the digests Zealot kept: MD5, SHA-1). */
export interface ReceivedFile {
  path: string;
  sha256: string;
  size: number;
  md5: string;
  sha1: string;
}

/** A copy that failed its checks (short read, checksum read back differs). */
export class FileCopyError extends Error {}

/** Removes a temp file this process wrote (already moved into the store: nothing to do). */
export async function discardTemp(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
  releaseTempFile(file);
}

/** Streams the upload into a fresh temp file, hashing and counting; the count must be the source's size. */
export async function receiveFile(storage: Pick<Storage, 'tempDir'>, file: FoundFile): Promise<ReceivedFile> {
  await mkdir(storage.tempDir, { recursive: true });
  const temp = tempFilePath(storage.tempDir, 'zealot');
  const hashes = { sha256: createHash('sha256'), md5: createHash('md5'), sha1: createHash('sha1') };
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (const hash of Object.values(hashes)) hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(file.open(), hashing, createWriteStream(temp));
    if (size !== file.size) throw new FileCopyError(`read ${size} bytes of ${file.path}, which has ${file.size}: it changed while it was copied`);
    return { path: temp, size, sha256: hashes.sha256.digest('hex'), md5: hashes.md5.digest('hex'), sha1: hashes.sha1.digest('hex') };
  } catch (error) {
    await discardTemp(temp);
    throw error;
  }
}

/** Reads the stored object back: its SHA-256 must be `sha256`, else the object is removed and the copy fails. */
export async function verifyStored(storage: Pick<Storage, 'read' | 'delete'>, key: string, sha256: string): Promise<void> {
  const stored = await sha256Of(storage, key);
  if (stored !== sha256) {
    await removeStoredFiles(storage, [key]);
    throw new FileCopyError(`the copy stored as ${key} reads back with SHA-256 ${stored}, not ${sha256}`);
  }
}

/** Moves the temp file into the store under `key` and verifies the stored copy. */
export async function storeVerified(storage: Pick<Storage, 'putFile' | 'read' | 'delete'>, key: string, received: ReceivedFile): Promise<void> {
  try {
    await storage.putFile(key, received.path);
  } catch (error) {
    await discardTemp(received.path);
    await removeStoredFiles(storage, [key]);
    throw error;
  }
  releaseTempFile(received.path);
  await verifyStored(storage, key, received.sha256);
}

/** Writes a small file (an icon) and verifies it the same way. */
export async function storeBufferVerified(storage: Pick<Storage, 'putBuffer' | 'read' | 'delete'>, key: string, data: Buffer): Promise<void> {
  try {
    await storage.putBuffer(key, data);
  } catch (error) {
    await removeStoredFiles(storage, [key]);
    throw error;
  }
  await verifyStored(storage, key, createHash('sha256').update(data).digest('hex'));
}

/** The bytes of a small upload (Zealot's icon), or null when it is larger than `max`. */
export async function readSmall(file: FoundFile, max: number): Promise<Buffer | null> {
  if (file.size > max) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.open()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `--move`: removes Zealot's copies once the row that holds Tarmac's is committed. A file that
 * cannot be removed is a warning (the import of the row stands), never a failure of the row.
 */
export async function removeMoved(report: { warn(message: string): void }, what: string, files: (FoundFile | null)[]): Promise<void> {
  for (const file of files) {
    if (!file?.remove) continue;
    try {
      await file.remove();
    } catch (error) {
      report.warn(`${what} was imported, but Zealot's ${file.path} could not be removed (${(error as Error).message})`);
    }
  }
}

/**
 * A note when the file's digest is not the one Zealot recorded for it (debug_files.checksum: MD5;
 * metadata.checksum: SHA-1): the file changed after Zealot stored it. Null when they agree or
 * Zealot recorded none.
 */
export function checksumNote(recorded: unknown, actual: string, algorithm: 'MD5' | 'SHA-1'): string | null {
  if (typeof recorded !== 'string' || !/^[0-9a-f]+$/i.test(recorded.trim())) return null;
  if (recorded.trim().toLowerCase() === actual) return null;
  return `the file's ${algorithm} is ${actual}, not the ${recorded.trim().toLowerCase()} Zealot recorded: it changed after Zealot stored it`;
}

/**
 * The UUID in an imported file's key: derived from the Zealot row and the file's SHA-256, so a run
 * interrupted after storing the file and before writing its row finds that copy again.
 */
export function importKeyId(table: string, zealotId: number, sha256: string): string {
  const hex = createHash('sha256').update(`zealot:${table}:${zealotId}:${sha256}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Puts the received file under `key`: 'copied' (stored and verified); 'present' when an earlier,
 * interrupted run left this very copy there, no row holding it (read back: same SHA-256), so the
 * temp file is dropped; 'taken' when a row already holds the key (the caller picks another).
 */
export async function placeFile(
  storage: Pick<Storage, 'stat' | 'putFile' | 'read' | 'delete'>,
  key: string,
  received: ReceivedFile,
  held: (key: string) => Promise<boolean>,
): Promise<'copied' | 'present' | 'taken'> {
  const there = await storage.stat(key);
  if (there && (await held(key))) return 'taken';
  if (there && there.size === received.size && (await sha256Of(storage, key)) === received.sha256) {
    await discardTemp(received.path);
    return 'present';
  }
  await storeVerified(storage, key, received);
  return 'copied';
}

/** Whether a Tarmac row holds this storage key (a release's package or icon, a debug file's zip). */
export async function keyHeld(db: Executor, key: string): Promise<boolean> {
  const release = await db.selectFrom('releases').select('id').where((eb) => eb.or([eb('file_key', '=', key), eb('icon_key', '=', key)]))
    .executeTakeFirst();
  if (release) return true;
  return (await db.selectFrom('debug_files').select('id').where('file_key', '=', key).executeTakeFirst()) !== undefined;
}

/** Counts a stored file in the report: copied (with its bytes), or already there from an interrupted run. */
export function countFile(ctx: { report: { files: { copied: number; present: number; bytes: number } } }, present: boolean, size: number) {
  if (present) {
    ctx.report.files.present += 1;
    return;
  }
  ctx.report.files.copied += 1;
  ctx.report.files.bytes += size;
}

/**
 * The loop both file steps run: each row an earlier run did not handle is imported by `one`, which
 * answers the bytes it copied; a row already in the map is counted 'already'; a progress line
 * follows each row (`line` gets rows seen, the table's total and the bytes copied so far).
 */
export async function eachFileRow(
  ctx: ImportContext,
  table: string,
  one: (row: ZealotRow) => Promise<number>,
  line: (seen: number, total: number, copied: number) => string,
  again?: (row: ZealotRow, entry: MapEntry) => Promise<number | null>,
): Promise<void> {
  const total = ctx.report.counts(table).total;
  let seen = 0;
  let copied = 0;
  for await (const row of ctx.source.rows(table)) {
    if (ctx.signal?.aborted) throw new ImportInterrupted();
    seen += 1;
    const entry = await ctx.map.get(table, Number(row.id));
    if (!entry) copied += await one(row);
    else {
      // `again`: a row an earlier run handled that may have more to bring now (null: nothing to do).
      const more = again ? await again(row, entry) : null;
      if (more === null) ctx.report.row(table, Number(row.id), 'already');
      else copied += more;
    }
    ctx.progress(line(seen, total, copied));
  }
}
