// What every import step is given (run.ts builds it) and the shape of a step. A step reads one
// Zealot table (or a few that belong together) through the source, decides per row, writes the
// row and its map entry in one transaction, and tells the report and the progress line.
import type { Kysely, Transaction } from 'kysely';
import type { SettingsFromEnvironment } from '../../config-settings.ts';
import type { Engine } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import type { Storage } from '../../storage/storage.ts';
import type { UrlPolicy } from '../webhooks/input.ts';
import type { SecretBox } from '../../webhooks/secrets.ts';
import type { ImportMap } from './map.ts';
import type { ImportReport } from './report.ts';
import type { ZealotSource, ZealotVersion } from './source/types.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

export interface ImportOptions {
  /** Decide and report everything, write nothing (no row, no file). */
  dryRun: boolean;
  /** Remove each Zealot upload once its copy is verified in Tarmac's storage (`--move`). */
  move: boolean;
  /** The language of an imported user whose Zealot has none (4.x): TARMAC_DEFAULT_LOCALE; default 'en'. */
  defaultLocale?: 'en' | 'zh-CN';
  /** Settings Tarmac's environment holds (config.settingsFromEnvironment): kept, never imported over. */
  settingsFromEnvironment?: SettingsFromEnvironment;
}

/** What sealing and checking a web hook's URL takes, as the webhooks module does it (config's secret key and URL policy). */
export interface WebhookSealing {
  box: SecretBox;
  policy: UrlPolicy;
}

/** Raised when the operator interrupted the run; what was committed stays, the next run resumes. */
export class ImportInterrupted extends Error {
  constructor() {
    super('The import was interrupted; run the same command again to resume where it stopped.');
  }
}

export interface ImportContext {
  source: ZealotSource;
  version: ZealotVersion;
  /** Tarmac's database: in a dry run, one transaction rolled back at the end. */
  db: Executor;
  engine: Engine;
  storage: Storage;
  map: ImportMap;
  report: ImportReport;
  options: ImportOptions;
  /** Runs `work` in a transaction of its own (a dry run: inside the run's one transaction). */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T>;
  /** One line for the operator: per table `users 3/4`, per file with bytes. */
  progress(line: string): void;
  /** The time written into created/updated columns Zealot did not fill. */
  now(): string;
  /** Raised between rows when the operator interrupts (SIGINT/SIGTERM): the step stops after the row it is on. */
  signal?: AbortSignal;
  /** Web hooks are imported only with it (their URLs are sealed); without it each hook is skipped, reported. */
  webhooks?: WebhookSealing;
}

export interface ImportStep {
  /** The Zealot tables the step reads, for the report's order and the dry run's counts. */
  tables: readonly string[];
  run(context: ImportContext): Promise<void>;
}
