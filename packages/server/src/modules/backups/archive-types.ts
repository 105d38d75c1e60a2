// The backup archive's contract, shared by the archive writer (archive.ts), the verifier and
// restore (restore.ts), and the backup configurations, job, API and screens built on top.
//
// An archive is ONE uncompressed POSIX ustar file (see tar.ts) holding, in this order:
//   tables/NNN-<table>.jsonl   one entry per table, in dependency order (parents first); one JSON
//                              object per line, engine-neutral: timestamps are ISO-8601 text, flags
//                              are JSON booleans, ids are numbers. NNN is the position (000, 001, …).
//   files/NNNNNN               one entry per stored object (release packages, icons, debug files);
//                              its storage key is in the manifest, never in the entry name, so a
//                              key can neither be too long for ustar nor climb out of a directory.
//   manifest.json              BackupManifest below (written last: it carries every checksum).
//   manifest.sha256            the SHA-256 of manifest.json, hex: a flipped byte in the manifest is
//                              caught before it is trusted.
// Any other entry name (`../x`, `/etc/passwd`, a link, a directory) makes the archive invalid.
import { CodedError } from '../../shared/coded-error.ts';
import type { Db, Engine } from '../../db/index.ts';
import type { Storage } from '../../storage/storage.ts';

/** The archive layout version this Tarmac writes; it restores this one and every older one. */
export const BACKUP_FORMAT_VERSION = 1;

/** What a backup holds. `apps: number[]` keeps only those apps (their schemes, channels, releases, files). */
export interface BackupScope {
  database: boolean;
  apps: 'all' | number[];
  debugFiles: boolean;
}

export type BackupStage = 'prepare' | 'database' | 'files' | 'pack' | 'verify' | 'done';

export interface BackupProgress {
  stage: BackupStage;
  /** 0–100, only ever goes up within one call. */
  percent: number;
  detail?: string;
}

export type OnBackupProgress = (progress: BackupProgress) => void;

export interface BackupTableEntry {
  name: string;
  /** Entry name inside the archive (tables/NNN-name.jsonl). */
  entry: string;
  rows: number;
  bytes: number;
  sha256: string;
}

export interface BackupFileEntry {
  /** The storage key the object is restored under. */
  key: string;
  /** Entry name inside the archive (files/NNNNNN). */
  entry: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  /** Always "tarmac-backup": tells a Tarmac backup from any other tar file. */
  kind: 'tarmac-backup';
  formatVersion: number;
  tarmac: { version: string; vcsRef: string };
  /** ISO-8601. */
  createdAt: string;
  sourceEngine: Engine;
  /** Names of the migrations applied to the source database when it was backed up, in order. */
  migrations: string[];
  scope: BackupScope;
  /**
   * sha256(sha256(TARMAC_SECRET_KEY)), hex: tells whether sealed secrets (webhook secrets, sign-in
   * provider secrets, TOTP secrets) will open on the restoring instance. Never the key itself.
   */
  secretKeyFingerprint: string;
  /** Tables left out on purpose (queue, per-instance and throwaway state); see docs/backups.md. */
  excludedTables: string[];
  tables: BackupTableEntry[];
  files: BackupFileEntry[];
}

/** What writeBackup and restore need from the running instance. */
export interface BackupSource {
  db: Db;
  engine: Engine;
  storage: Storage;
  version: { version: string; vcsRef: string };
  /** TARMAC_SECRET_KEY, used only to compute the fingerprint. */
  secretKey: string;
}

export type RestoreMode = 'empty' | 'replace';

export interface RestoreTarget {
  db: Db;
  engine: Engine;
  storage: Storage;
  secretKey: string;
}

export interface RestoreReport {
  mode: RestoreMode;
  manifest: BackupManifest;
  /** Rows per table the restore writes (from the manifest) and the rows it replaces (current counts). */
  tables: { name: string; rows: number; replacesRows: number }[];
  files: { count: number; bytes: number };
  /** Why the restore will not (or did not) run; empty when it may. */
  refusals: string[];
  /** Things the user should know that do not stop the restore (e.g. a different secret key). */
  warnings: string[];
  /** Migrations this Tarmac has that the archive does not: they run after the rows are loaded. */
  migrationsToRun: string[];
  /** True once restoreBackup has committed. */
  applied: boolean;
}

export type BackupArchiveErrorCode =
  | 'backup_truncated'
  | 'backup_corrupt'
  | 'backup_checksum_mismatch'
  | 'backup_not_tarmac'
  | 'backup_too_new'
  | 'backup_bad_entry'
  | 'backup_refused';

/** An archive that cannot be trusted or restored; the message names what was expected and found. */
export class BackupArchiveError extends CodedError<BackupArchiveErrorCode> {}
