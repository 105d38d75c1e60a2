// Writes and verifies backup archives (layout in archive-types.ts). Everything streams: a table
// goes row by row to a JSON Lines temp file, then into the archive; a stored object goes from
// Storage.read straight into the archive. The archive is written beside its final path and renamed
// only once complete and verified, so a crash leaves no half archive under the real name.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open, rename, rm } from 'node:fs/promises';

import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { migrations } from '../../db/migrations/index.ts';
import { BACKUP_FORMAT_VERSION, BackupArchiveError } from './archive-types.ts';
import type { BackupFileEntry, BackupManifest, BackupScope, BackupSource, BackupTableEntry, OnBackupProgress } from './archive-types.ts';
import { EXCLUDED_TABLES, readFileKeys, readTableRows, tablesInScope } from './tables.ts';
import { TAR_END, listTar, padding, tarHeader } from './tar.ts';
import type { TarEntry } from './tar.ts';

const MANIFEST = 'manifest.json';
const MANIFEST_SUM = 'manifest.sha256';
const ENTRY_NAME = /^(tables\/\d{3}-[a-z_]+\.jsonl|files\/\d{6,})$/u;
const MANIFEST_LIMIT = 512 * 1024 * 1024;

/** sha256(sha256(key)), hex: tells keys apart without revealing them. */
export function secretKeyFingerprint(secretKey: string): string {
  const inner = createHash('sha256').update(secretKey).digest();
  return createHash('sha256').update(inner).digest('hex');
}

/** Names of the migrations applied to this database, in order. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from tarmac_migrations order by name`.execute(db);
  return rows.map((row) => row.name);
}

class ArchiveWriter {
  readonly handle: FileHandle;
  readonly mtime = Math.floor(Date.now() / 1000);

  constructor(handle: FileHandle) {
    this.handle = handle;
  }

  async write(data: Buffer): Promise<void> {
    let done = 0;
    while (done < data.length) done += (await this.handle.write(data, done, data.length - done)).bytesWritten;
  }

  /** Appends an entry whose size is known, streaming its bytes; returns their sha256. */
  async addStream(name: string, size: number, source: Readable): Promise<string> {
    await this.write(tarHeader(name, size, this.mtime));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`"${name}" changed while it was backed up: expected ${size} bytes, read ${written}.`);
    await this.write(padding(size));
    return hash.digest('hex');
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    await this.write(tarHeader(name, data.length, this.mtime));
    await this.write(data);
    await this.write(padding(data.length));
  }
}

async function dumpTable(db: Db, table: ReturnType<typeof tablesInScope>[number], scope: BackupScope, tempPath: string) {
  const handle = await open(tempPath, 'w');
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  let lines: string[] = [];
  const flush = async () => {
    const data = Buffer.from(lines.join(''), 'utf8');
    hash.update(data);
    bytes += data.length;
    await handle.write(data);
    lines = [];
  };
  try {
    for await (const row of readTableRows(db, table, scope)) {
      lines.push(`${JSON.stringify(row)}\n`);
      rows += 1;
      if (lines.length >= 500) await flush();
    }
    await flush();
  } finally {
    await handle.close();
  }
  return { rows, bytes, sha256: hash.digest('hex') };
}

/**
 * Writes a backup of `scope` to `outPath`: tables, then files, then the manifest; verifies the
 * result, then renames it into place. Returns the manifest.
 */
export async function writeBackup(
  source: BackupSource,
  scope: BackupScope,
  outPath: string,
  onProgress: OnBackupProgress = () => {},
): Promise<BackupManifest> {
  onProgress({ stage: 'prepare', percent: 0 });
  const suffix = `.partial-${randomBytes(6).toString('hex')}`;
  const partPath = `${outPath}${suffix}`;
  const tablePath = `${outPath}${suffix}.table`;
  const handle = await open(partPath, 'wx');
  try {
    const writer = new ArchiveWriter(handle);
    const tables: BackupTableEntry[] = [];
    const chosen = tablesInScope(scope);
    for (const [index, table] of chosen.entries()) {
      onProgress({ stage: 'database', percent: Math.round((index / Math.max(chosen.length, 1)) * 40), detail: table.name });
      const dumped = await dumpTable(source.db, table, scope, tablePath);
      const entry = `tables/${String(index).padStart(3, '0')}-${table.name}.jsonl`;
      await writer.addStream(entry, dumped.bytes, createReadStream(tablePath));
      tables.push({ name: table.name, entry, ...dumped });
    }
    await rm(tablePath, { force: true });
    const files: BackupFileEntry[] = [];
    for await (const key of readFileKeys(source.db, scope)) {
      const stat = await source.storage.stat(key);
      if (!stat) continue;
      onProgress({ stage: 'files', percent: 40 + Math.min(45, files.length), detail: key });
      const entry = `files/${String(files.length).padStart(6, '0')}`;
      const sha256 = await writer.addStream(entry, stat.size, await source.storage.read(key));
      files.push({ key, entry, size: stat.size, sha256 });
    }
    onProgress({ stage: 'pack', percent: 88 });
    const manifest: BackupManifest = {
      kind: 'tarmac-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      tarmac: { version: source.version.version, vcsRef: source.version.vcsRef },
      createdAt: new Date().toISOString(),
      sourceEngine: source.engine,
      migrations: await appliedMigrations(source.db),
      scope,
      secretKeyFingerprint: secretKeyFingerprint(source.secretKey),
      excludedTables: EXCLUDED_TABLES,
      tables,
      files,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
    await writer.addBuffer(MANIFEST, manifestBytes);
    await writer.addBuffer(MANIFEST_SUM, Buffer.from(`${createHash('sha256').update(manifestBytes).digest('hex')}\n`));
    await writer.write(TAR_END);
    await handle.sync();
    await handle.close();
    onProgress({ stage: 'verify', percent: 90 });
    await verifyBackup(partPath);
    await rename(partPath, outPath);
    onProgress({ stage: 'done', percent: 100 });
    return manifest;
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(partPath, { force: true });
    await rm(tablePath, { force: true });
    throw error;
  }
}

async function sha256Of(archive: string, entry: TarEntry): Promise<string> {
  const hash = createHash('sha256');
  if (entry.size === 0) return hash.digest('hex');
  const stream = createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 });
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readEntry(archive: string, entry: TarEntry): Promise<Buffer> {
  const handle = await open(archive, 'r');
  try {
    const data = Buffer.alloc(entry.size);
    await handle.read(data, 0, entry.size, entry.offset);
    return data;
  } finally {
    await handle.close();
  }
}

function checkManifestShape(manifest: BackupManifest): void {
  if (manifest?.kind !== 'tarmac-backup') throw new BackupArchiveError('backup_not_tarmac', 'The archive\'s manifest is not a Tarmac backup manifest.');
  const lists = [manifest.tables, manifest.files, manifest.migrations];
  if (!Number.isInteger(manifest.formatVersion) || !lists.every((list) => Array.isArray(list))) {
    throw new BackupArchiveError('backup_corrupt', 'The archive\'s manifest lacks its format version, tables, files or migrations.');
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    const found = manifest.formatVersion;
    throw new BackupArchiveError('backup_too_new', `The archive has format ${found}; this Tarmac reads up to ${BACKUP_FORMAT_VERSION}. Upgrade Tarmac.`);
  }
  const known = new Set(Object.keys(migrations));
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupArchiveError('backup_too_new', `The archive was made by a newer Tarmac (migration "${unknown[0]}" is unknown here). Upgrade Tarmac to restore it.`);
  }
}

async function readManifest(archive: string, byName: Map<string, TarEntry>): Promise<BackupManifest> {
  const manifestEntry = byName.get(MANIFEST);
  const sumEntry = byName.get(MANIFEST_SUM);
  if (!manifestEntry || !sumEntry) {
    throw new BackupArchiveError('backup_not_tarmac', 'The file is a tar archive but has no Tarmac backup manifest (manifest.json, manifest.sha256).');
  }
  if (manifestEntry.size > MANIFEST_LIMIT || sumEntry.size > 200) throw new BackupArchiveError('backup_corrupt', 'The archive\'s manifest is implausibly large.');
  const manifestBytes = await readEntry(archive, manifestEntry);
  const expected = (await readEntry(archive, sumEntry)).toString('ascii').trim();
  const found = createHash('sha256').update(manifestBytes).digest('hex');
  if (expected !== found) {
    throw new BackupArchiveError('backup_checksum_mismatch', `The archive's manifest is damaged: its SHA-256 is ${found}, manifest.sha256 says ${expected}.`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupArchiveError('backup_corrupt', 'The archive\'s manifest is not valid JSON.');
  }
  checkManifestShape(manifest);
  return manifest;
}

/**
 * Checks the whole archive: every tar header, every entry name, the manifest's own checksum, and
 * the size and SHA-256 of every table and file it lists. Throws BackupArchiveError; changes nothing.
 */
export async function verifyBackup(archive: string, onProgress: OnBackupProgress = () => {}): Promise<BackupManifest> {
  const entries = await listTar(archive);
  const byName = new Map<string, TarEntry>();
  for (const entry of entries) {
    if (entry.name !== MANIFEST && entry.name !== MANIFEST_SUM && !ENTRY_NAME.test(entry.name)) {
      throw new BackupArchiveError('backup_bad_entry', `The archive holds an entry named "${entry.name}", which no Tarmac backup has; it is refused.`);
    }
    if (byName.has(entry.name)) throw new BackupArchiveError('backup_bad_entry', `The archive holds "${entry.name}" twice.`);
    byName.set(entry.name, entry);
  }
  const manifest = await readManifest(archive, byName);
  const listed = [...manifest.tables.map((t) => ({ entry: t.entry, size: t.bytes, sha256: t.sha256 })), ...manifest.files];
  if (listed.length + 2 !== entries.length) {
    throw new BackupArchiveError('backup_corrupt', `The archive holds ${entries.length - 2} data entries but its manifest lists ${listed.length}.`);
  }
  for (const [index, item] of listed.entries()) {
    const entry = byName.get(item.entry);
    if (!entry) throw new BackupArchiveError('backup_truncated', `The archive lacks "${item.entry}", which its manifest lists.`);
    onProgress({ stage: 'verify', percent: Math.round((index / Math.max(listed.length, 1)) * 100), detail: item.entry });
    if (entry.size !== item.size) {
      throw new BackupArchiveError('backup_checksum_mismatch', `"${item.entry}" has ${entry.size} bytes; the manifest says ${item.size}.`);
    }
    const found = await sha256Of(archive, entry);
    if (found !== item.sha256) {
      throw new BackupArchiveError('backup_checksum_mismatch', `"${item.entry}" is damaged: its SHA-256 is ${found}, the manifest says ${item.sha256}.`);
    }
  }
  return manifest;
}

