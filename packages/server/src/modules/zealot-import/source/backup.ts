// A Zealot backup archive (`{time}_{date}[_{version}]_zealot_backup.tar`, lib/zealot/backup in
// Zealot) read without Zealot and without a PostgreSQL: the tar is indexed in place, its
// `database.sql.gz` (a `pg_dump --clean`) is decompressed and parsed once into a scratch SQLite
// file (scratch.ts), and its `uploads.tar.gz` is unpacked to the scratch folder the first time a
// file is asked for (or an already-unpacked folder is given with `uploads`).
// Why the COPY blocks are read directly rather than loaded into a scratch PostgreSQL: a Tarmac on
// SQLite has no PostgreSQL to load into, and one code path for both targets is one to test;
// `psql` would also run whatever SQL the dump holds, where this reader only ever takes column
// lists and COPY rows out of it. A `.sha256` beside the archive (Zealot writes one) is checked.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { parseDump } from './copy.ts';
import { appIdResolver, keyColumnsOf, startKey } from './fns.ts';
import { ScratchStore } from './scratch.ts';
import { extractTar, indexTar, type TarMember } from './tar.ts';
import { checkCoreTables, detectVersion } from './versions.ts';
import { checkUploadsFolder, findUpload } from './uploads.ts';
import { ZealotSourceError, type ZealotSource } from './types.ts';

export const DATABASE_MEMBER = 'database.sql.gz';
export const UPLOADS_MEMBER = 'uploads.tar.gz';

export interface BackupOptions {
  /** Where the scratch files go (a new folder inside it, removed by close()); the system's temp folder by default. */
  scratchDir?: string;
  /** An already-unpacked uploads folder to read files from instead of the archive's uploads.tar.gz. */
  uploads?: string;
}

export interface BackupSource extends ZealotSource {
  /** `verified` when a .sha256 beside the archive matched; `absent` when there was none. */
  readonly checksum: 'verified' | 'absent';
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Checks the archive against the `.sha256` beside it, if there is one. */
export async function verifyChecksum(file: string): Promise<'verified' | 'absent'> {
  const sidecar = `${file}.sha256`;
  if (!(await exists(sidecar))) return 'absent';
  const expected = (await readFile(sidecar, 'utf8')).trim().split(/\s+/)[0]!.toLowerCase();
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  const actual = hash.digest('hex');
  if (actual !== expected) {
    throw new ZealotSourceError('backup_checksum', `${path.basename(file)} does not match ${path.basename(sidecar)} (SHA-256 ${actual}, expected ${expected})`);
  }
  return 'verified';
}

function memberStream(file: string, member: TarMember): NodeJS.ReadableStream {
  const raw = createReadStream(file, { start: member.offset, end: member.offset + member.size - 1 });
  const gunzip = createGunzip();
  raw.on('error', (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

function gzipError(member: string, error: unknown): Error {
  if (error instanceof ZealotSourceError) return error;
  const code = (error as { code?: unknown }).code;
  const problem = typeof code === 'string' && code.startsWith('Z_') ? 'is not readable gzip data' : 'could not be read';
  return new ZealotSourceError('backup_invalid', `${member} in the backup ${problem} (${(error as Error).message})`);
}

async function indexArchive(file: string): Promise<Map<string, TarMember>> {
  if (!(await exists(file))) throw new ZealotSourceError('backup_invalid', `The backup archive ${file} does not exist`);
  const members = await indexTar(file);
  if (!members.has(DATABASE_MEMBER)) {
    throw new ZealotSourceError('backup_invalid', `${path.basename(file)} is not a Zealot backup: it holds no ${DATABASE_MEMBER}`);
  }
  return members;
}

/** Opens a Zealot backup archive; refuses one that is damaged, not Zealot's, or from a Zealot before 4.0. */
export async function openBackup(file: string, options: BackupOptions = {}): Promise<BackupSource> {
  const checksum = await verifyChecksum(file);
  const members = await indexArchive(file);
  if (options.uploads !== undefined) await checkUploadsFolder(options.uploads);
  const scratch = await mkdtemp(path.join(options.scratchDir ?? tmpdir(), 'tarmac-zealot-'));
  const store = new ScratchStore(path.join(scratch, 'tables.db'));
  try {
    await store.ingest(parseDump(memberStream(file, members.get(DATABASE_MEMBER)!) as AsyncIterable<Buffer>));
  } catch (error) {
    store.close();
    await rm(scratch, { recursive: true, force: true });
    throw gzipError(DATABASE_MEMBER, error);
  }
  return backupSource({ file, members, options, scratch, store, checksum });
}

interface Opened {
  file: string;
  members: Map<string, TarMember>;
  options: BackupOptions;
  scratch: string;
  store: ScratchStore;
  checksum: 'verified' | 'absent';
}

function backupSource({ file, members, options, scratch, store, checksum }: Opened): BackupSource {
  let uploads: Promise<string | null> | undefined;
  const unpackUploads = async (): Promise<string | null> => {
    if (options.uploads !== undefined) return options.uploads;
    const member = members.get(UPLOADS_MEMBER);
    if (!member) return null;
    const dir = path.join(scratch, 'uploads');
    try {
      await extractTar(memberStream(file, member) as AsyncIterable<Buffer>, dir);
    } catch (error) {
      throw gzipError(UPLOADS_MEMBER, error);
    }
    return dir;
  };
  const source: BackupSource = {
    checksum,
    async version() {
      const tables = store.tableNames();
      checkCoreTables(tables);
      const versions: string[] = [];
      for await (const row of store.rows('schema_migrations', undefined, 1000)) versions.push(typeof row.version === 'string' ? row.version : '');
      return detectVersion(versions);
    },
    async columns(table) {
      return store.columns(table);
    },
    async keyColumns(table) {
      return keyColumnsOf(store.columns(table));
    },
    async *rows(table, rowOptions = {}) {
      if (!store.tableNames().has(table)) throw new ZealotSourceError('table_unknown', `The backup has no table ${table}`);
      yield* store.rows(table, startKey(keyColumnsOf(store.columns(table)), rowOptions), rowOptions.batchSize ?? 1000);
    },
    async count(table) {
      return store.count(table);
    },
    async file(kind, row) {
      uploads ??= unpackUploads();
      const dir = await uploads;
      if (dir === null) return { status: 'missing', path: null, reason: `the backup holds no ${UPLOADS_MEMBER}` };
      return findUpload(dir, kind, row, await appIdOf(kind, row));
    },
    async close() {
      store.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
  const appIdOf = appIdResolver((table) => (store.tableNames().has(table) ? store.rows(table, undefined, 1000) : emptyRows()));
  return source;
}

async function* emptyRows(): AsyncGenerator<never> {}
