// What the Zealot importer (issue 17) reads, behind one interface whatever the installation is:
// a live Zealot PostgreSQL plus its uploads folder (postgres.ts), or a Zealot backup archive
// (backup.ts). The importer sees tables as plain objects with values already converted
// (values.ts), in key order, batch by batch, and upload files by kind; never SQL, tar or gzip.
import type { Readable } from 'node:stream';
import { CodedError } from '../../../shared/coded-error.ts';

/** A Zealot schema generation, from the migrations it ran (versions.ts). */
export type ZealotMajor = 4 | 5 | 6;

export interface ZealotVersion {
  major: ZealotMajor;
  /** The newest migration this install ran (`20250320170907`). */
  latestMigration: string;
  /** Migrations newer than the newest Zealot release Tarmac knows: read what is there, warn. */
  unknownMigrations: string[];
}

/** One column as this install has it: its name and its PostgreSQL type (`character varying`, `integer[]`…). */
export interface ZealotColumn {
  name: string;
  type: string;
}

/** A row, its values converted once (values.ts): numbers, booleans, ISO timestamps, parsed JSON, arrays. */
export type ZealotRow = Record<string, ZealotValue>;
export type ZealotValue = string | number | boolean | null | ZealotValue[] | { [key: string]: unknown };

export interface RowsOptions {
  /** Resume after this id (tables with an `id`). */
  afterId?: number;
  /** Resume after this key, in keyColumns() order (the join tables without an `id`). */
  afterKey?: readonly number[];
  /** Rows read per query or page; never more are held at once. Default 1000. */
  batchSize?: number;
}

/** An upload's kind: a release's package (`releases.file`), its icon (`releases.icon`), a debug file's zip. */
export type ZealotFileKind = 'build' | 'icon' | 'debug_file';

/**
 * A file as Zealot laid it out under `public/uploads`. `open()` gives its bytes (opened only when
 * called, so listing thousands of files holds no descriptor); `missing` says why there is none.
 */
export type ZealotFile =
  | {
      status: 'found';
      path: string;
      size: number;
      open(): Readable;
      /** Removes the upload from Zealot's folder (`--move`, once its copy is verified). */
      remove?(): Promise<void>;
    }
  | { status: 'missing'; path: string | null; reason: string };

export interface ZealotSource {
  /** The schema generation; throws ZealotSourceError (`not_zealot`, `version_unknown`) for anything else. */
  version(): Promise<ZealotVersion>;
  /** The columns this install's table has, in table order; [] for a table it does not have. */
  columns(table: string): Promise<ZealotColumn[]>;
  /** `['id']`, or for a join table without one its two `*_id` columns: the order rows() follows. */
  keyColumns(table: string): Promise<string[]>;
  /**
   * The table's rows in key order, fetched in batches (a table of 100k releases is never held
   * in memory), resumable after an id or key. Rows of a join table are unique on their key.
   */
  rows(table: string, options?: RowsOptions): AsyncIterable<ZealotRow>;
  /** How many rows rows() gives for the table (for progress); 0 for a table the install does not have. */
  count(table: string): Promise<number>;
  /** The upload a row names: `build`/`icon` take a `releases` row, `debug_file` a `debug_files` row. */
  file(kind: ZealotFileKind, row: ZealotRow): Promise<ZealotFile>;
  /** Ends the snapshot or connection and removes scratch files. */
  close(): Promise<void>;
}

export type ZealotSourceErrorCode =
  | 'not_zealot'
  | 'version_unknown'
  | 'table_unknown'
  | 'uploads_not_zealot'
  | 'backup_invalid'
  | 'backup_checksum';

/** A source that cannot be read as a Zealot installation; the message names what is missing or wrong. */
export class ZealotSourceError extends CodedError<ZealotSourceErrorCode> {}

/** The tables every Zealot 4.0 and later has; a database without one of them is not Zealot's. */
export const CORE_TABLES = ['schema_migrations', 'users', 'apps', 'schemes', 'channels', 'releases'] as const;
