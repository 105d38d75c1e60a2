// `tarmac storage migrate --to s3|local`: copies every object the database references (each
// release's package and icon, each debug file's zip) from one store to the other.
// Each copy is verified by SHA-256: a package's and a debug file's against the checksum their row
// keeps (taken when they were uploaded), an icon's (no stored checksum) against the hash of the
// source's bytes; the target's bytes are read back and hashed, so what is counted as copied is
// known to be there whole. Resumable: an object already at the target with the right SHA-256 is
// skipped, and a write is atomic in both stores (a rename on disk, a multipart upload completing
// on S3), so an interrupted run leaves nothing half-written. The source is deleted only with
// --delete-source, and only once every object is verified at the target.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Storage } from './storage.ts';
import { releaseTempFile, tempFilePath } from './temp-files.ts';

/** One object to move: its key and, when its row keeps one, the SHA-256 its bytes must have. */
export interface ReferencedObject {
  key: string;
  sha256: string | null;
}

export type MigrateOutcome = 'copied' | 'present' | 'mismatch' | 'missing' | 'failed';

export interface MigrateReport {
  total: number;
  bytes: number;
  counts: Record<MigrateOutcome, number>;
  /** One line per object that did not make it, for the operator. */
  problems: string[];
  /** Source objects removed (--delete-source). */
  deleted: number;
}

/** Every object the database references, each key once, packages first. */
export async function referencedObjects(db: Kysely<Database>): Promise<ReferencedObject[]> {
  // A release imported without its file (file_missing) has no object to move: its key was never written.
  const releases = await db.selectFrom('releases').select(['file_key', 'checksum', 'icon_key']).where('file_missing', 'is', null).orderBy('id').execute();
  const debugFiles = await db.selectFrom('debug_files').select(['file_key', 'checksum']).orderBy('id').execute();
  const objects = new Map<string, ReferencedObject>();
  for (const row of releases) objects.set(row.file_key, { key: row.file_key, sha256: row.checksum.toLowerCase() });
  for (const row of debugFiles) objects.set(row.file_key, { key: row.file_key, sha256: row.checksum.toLowerCase() });
  for (const { icon_key: key } of releases) if (key && !objects.has(key)) objects.set(key, { key, sha256: null });
  return [...objects.values()];
}

/** The SHA-256 (hex) of a stored object, read back from the store. */
export async function sha256Of(storage: Pick<Storage, 'read'>, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Copies one object through a local temp file, hashing the source's bytes on the way. */
async function copy(from: Storage, to: Storage, key: string): Promise<{ sha256: string; size: number }> {
  await mkdir(to.tempDir, { recursive: true });
  const temp = tempFilePath(to.tempDir, 'migrate');
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(await from.read(key), hashing, createWriteStream(temp));
    const copied = { sha256: hash.digest('hex'), size };
    await to.putFile(key, temp);
    return copied;
  } finally {
    await unlink(temp).catch(() => undefined);
    releaseTempFile(temp);
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

interface Options {
  from: Storage;
  to: Storage;
  objects: ReferencedObject[];
  deleteSource: boolean;
  /** A progress line per object. */
  progress: (line: string) => void;
}

/** Moves one object; answers what happened and, for a problem, the line that says so. */
type Moved = { outcome: MigrateOutcome; size: number; problem?: string };

async function migrateOne(from: Storage, to: Storage, object: ReferencedObject): Promise<Moved> {
  const { key } = object;
  const there = await to.stat(key);
  const source = await from.stat(key);
  if (there && (source === null || there.size === source.size)) {
    // An icon whose source is gone cannot be compared: its copy at the target stands.
    if (object.sha256 === null && source === null) return { outcome: 'present', size: there.size };
    const expected = object.sha256 ?? (await sha256Of(from, key));
    if ((await sha256Of(to, key)) === expected) return { outcome: 'present', size: there.size };
  }
  if (!source) {
    const problem = `${key}: not in the source store${there ? ' (and the copy at the target differs)' : ''}`;
    return { outcome: 'missing', size: 0, problem };
  }
  let copied: { sha256: string; size: number };
  try {
    copied = await copy(from, to, key);
  } catch (error) {
    if (isMissing(error)) return { outcome: 'missing', size: 0, problem: `${key}: not in the source store` };
    return { outcome: 'failed', size: 0, problem: `${key}: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (object.sha256 !== null && copied.sha256 !== object.sha256) {
    await to.delete(key);
    const problem = `${key}: checksum mismatch: the source's bytes hash to ${copied.sha256}, the database says ${object.sha256}`;
    return { outcome: 'mismatch', size: 0, problem };
  }
  const written = await sha256Of(to, key);
  if (written !== copied.sha256) {
    await to.delete(key);
    const problem = `${key}: checksum mismatch at the target after writing (${written}, expected ${copied.sha256})`;
    return { outcome: 'mismatch', size: 0, problem };
  }
  return { outcome: 'copied', size: copied.size };
}

export async function migrateObjects({ from, to, objects, deleteSource, progress }: Options): Promise<MigrateReport> {
  const report: MigrateReport = {
    total: objects.length,
    bytes: 0,
    counts: { copied: 0, present: 0, mismatch: 0, missing: 0, failed: 0 },
    problems: [],
    deleted: 0,
  };
  for (const [index, object] of objects.entries()) {
    const result = await migrateOne(from, to, object);
    report.counts[result.outcome] += 1;
    report.bytes += result.size;
    if (result.problem) report.problems.push(result.problem);
    const label = result.outcome === 'present' ? 'already there' : result.outcome;
    progress(`${index + 1}/${objects.length}, ${formatBytes(report.bytes)}: ${label} ${result.problem ?? object.key}`);
  }
  if (deleteSource && report.problems.length === 0) {
    for (const object of objects) {
      await from.delete(object.key);
      report.deleted += 1;
    }
  }
  return report;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
