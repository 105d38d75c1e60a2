// Where backup archives are kept: a plan's destination. `local` is a directory on this machine
// (TARMAC_BACKUP_DIR, default <TARMAC_DATA_DIR>/backups); `s3` is a bucket (config.backupS3: the
// TARMAC_BACKUP_S3_* bucket, else TARMAC_STORAGE=s3's under `backups/`), through the same client as
// build files (storage/s3.ts: its SDK loads on first use, its failures are a 503). An archive is
// always written to a local temporary file first (`tempDir`), then put. A run remembers its
// destination, so its archive is found where it was written even after the plan changed.
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';
import type { JobLog } from '../../jobs/deps.ts';
import { createS3Storage } from '../../storage/s3.ts';

export type BackupDestination = 'local' | 's3';

export interface BackupStore {
  readonly destination: BackupDestination;
  /** Where an archive is written before `put`: the same file system as a local store (a rename). */
  readonly tempDir: string;
  /** Stores the finished file `file` under `key`; the file is gone afterwards. */
  put(key: string, file: string): Promise<void>;
  /** Stores a small text (the `.sha256` sidecar) under `key`. */
  putText(key: string, text: string): Promise<void>;
  /** The stored bytes, or a range of them (inclusive end, as HTTP ranges); ENOENT when missing. */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The size of the stored object, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the key; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key. */
  list(): AsyncIterable<string>;
}

/** Why an `s3` plan cannot be stored: shown as the plan's 422 and as a run's error. */
export const S3_NOT_CONFIGURED = 'No S3 bucket is configured for backups: set TARMAC_BACKUP_S3_BUCKET (or TARMAC_STORAGE=s3)';

export type BackupStoreConfig = Pick<Config, 'backupS3' | 'backupDir' | 'dataDir'>;

/** The key of a run's archive: letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export function archiveKey(planName: string, runId: number, nowIso: string): string {
  const name = planName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 80) || 'backup';
  return `${name}-${runId}-${nowIso.replace(/[:.]/g, '-')}.tar`;
}

function checkKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key)) throw new Error(`Invalid backup key "${key}"`);
  return key;
}

export function createLocalBackupStore(dir: string): BackupStore {
  const at = (key: string) => path.join(dir, checkKey(key));
  return {
    destination: 'local',
    tempDir: dir,
    async put(key, file) {
      await mkdir(dir, { recursive: true });
      try {
        await rename(file, at(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(file, at(key));
        await rm(file, { force: true });
      }
    },
    async putText(key, text) {
      await mkdir(dir, { recursive: true });
      await writeFile(at(key), text);
    },
    async open(key, range) {
      const file = at(key);
      await stat(file);
      const stream = createReadStream(file, range);
      await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
      return stream;
    },
    async stat(key) {
      try {
        const info = await stat(at(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(at(key), { force: true });
    },
    async *list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names.sort()) if (!name.startsWith('.')) yield name;
    },
  };
}

export function createS3BackupStore(config: BackupStoreConfig, log: Pick<JobLog, 'error'>): BackupStore {
  if (config.backupS3 === null) throw new Error(S3_NOT_CONFIGURED);
  const storage = createS3Storage(config.backupS3, config.dataDir, log);
  return {
    destination: 's3',
    tempDir: storage.tempDir,
    put: async (key, file) => {
      await storage.putFile(checkKey(key), file);
      await rm(file, { force: true });
    },
    putText: (key, text) => storage.putBuffer(checkKey(key), Buffer.from(text, 'utf8')),
    open: (key, range) => storage.read(checkKey(key), range),
    stat: (key) => storage.stat(checkKey(key)),
    remove: (key) => storage.delete(checkKey(key)),
    async *list() {
      for await (const object of storage.list('')) yield object.key;
    },
  };
}

/** The store of a destination; an `s3` one throws S3_NOT_CONFIGURED without a backup bucket. */
export function backupStore(
  destination: string,
  config: BackupStoreConfig,
  log: Pick<JobLog, 'error'>,
): BackupStore {
  return destination === 's3' ? createS3BackupStore(config, log) : createLocalBackupStore(config.backupDir);
}

/** Copies a stored archive to the local file `file` (a restore reads it from there). */
export async function fetchArchiveToFile(store: BackupStore, key: string, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await pipeline(await store.open(key), createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}
