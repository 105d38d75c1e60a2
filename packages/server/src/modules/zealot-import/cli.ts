// `tarmac import zealot`: brings a Zealot installation into this Tarmac (run.ts does the work).
// Progress and the report go to stderr. The exit code: 0 when every row was handled (imported,
// merged, skipped or refused by rule, all in the report), 1 when the source cannot be read,
// 130 when interrupted (what was committed stays; the same command resumes).
import type { Config } from '../../config.ts';
import { createDatabase } from '../../db/index.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createStorage } from '../../storage/index.ts';
import { createSecretBox } from '../../webhooks/secrets.ts';
import type { ImportOptions } from './context.ts';
import { formatReport, ImportInterrupted, runZealotImport } from './run.ts';
import { openZealotSource } from './source/open.ts';
import type { SourceOptions } from './source/open.ts';
import { ZealotSourceError } from './source/types.ts';

export interface ImportZealotArgs {
  databaseUrl?: string;
  uploads?: string;
  backup?: string;
  dryRun: boolean;
  move: boolean;
}

/** Raised for options that do not make a run; the CLI prints it with its usage. */
export class ImportUsageError extends Error {}

export function sourceOptions(args: ImportZealotArgs): SourceOptions {
  if (args.databaseUrl !== undefined && args.backup !== undefined) {
    throw new ImportUsageError('Give either --database-url (a running Zealot) or --backup (a Zealot backup archive), not both');
  }
  if (args.backup !== undefined) return { backup: args.backup, uploads: args.uploads };
  if (args.databaseUrl === undefined) {
    throw new ImportUsageError('Give --database-url postgres://… (with --uploads) or --backup FILE_zealot_backup.tar');
  }
  if (!/^postgres(ql)?:\/\//.test(args.databaseUrl)) throw new ImportUsageError('--database-url must be a postgres:// URL of Zealot\'s database');
  if (args.uploads === undefined) {
    throw new ImportUsageError('--uploads is required with --database-url: Zealot\'s public/uploads folder (the zealot-uploads volume)');
  }
  return { databaseUrl: args.databaseUrl, uploads: args.uploads };
}

/**
 * The progress lines worth printing: every file line (it carries bytes), and of a table's `name n/N`
 * lines about a hundred, the last always, so a table of 100,000 users does not print 100,000 lines.
 */
export function progressPrinter(write: (line: string) => void): (line: string) => void {
  return (line) => {
    const match = /^\S+ (\d+)\/(\d+)$/.exec(line);
    if (match) {
      const [done, total] = [Number(match[1]), Number(match[2])];
      const every = Math.max(1, Math.floor(total / 100));
      if (done !== total && done % every !== 0) return;
    }
    write(line);
  };
}

/** Stops the run between rows on the first SIGINT/SIGTERM; a second one ends the process at once. */
function interruptions(write: (line: string) => void): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    write(`${name}: stopping after the row in hand (again to stop at once)…`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

export async function importZealot(config: Config, args: ImportZealotArgs, write: (line: string) => void): Promise<number> {
  const from = sourceOptions(args);
  const options: ImportOptions = {
    dryRun: args.dryRun, move: args.move, defaultLocale: config.defaultLocale, settingsFromEnvironment: config.settingsFromEnvironment,
  };
  // Web hook URLs are sealed and checked as the webhooks module does (the secret key, the URL policy).
  const webhooks = {
    box: createSecretBox(config.secretKey),
    policy: { allowPrivate: config.webhookAllowPrivate, allowAddresses: config.webhook.allowAddresses },
  };
  let source;
  try {
    source = await openZealotSource(from);
  } catch (error) {
    if (error instanceof ZealotSourceError) {
      write(`tarmac: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const database = createDatabase(config.database);
  const storage = createStorage(config, { error: (object, message) => write(`${message}: ${String((object as { err?: unknown }).err)}`) });
  const stop = interruptions(write);
  try {
    const version = await source.version();
    write(`Zealot ${version.major}.x (newest migration ${version.latestMigration}) into Tarmac on ${config.database.engine}` +
      `${options.dryRun ? ' (dry run: nothing is written)' : ''}.`);
    await migrateToLatest(database);
    const { db, engine } = database;
    const progress = progressPrinter(write);
    const report = await runZealotImport({ db, engine, storage, source, options, webhooks, progress, signal: stop.signal });
    write(formatReport(report, options.dryRun).trimEnd());
    if (!options.dryRun) {
      write('Administrators find this account in the web app under Admin → Zealot import (/admin/zealot-import).');
      write('Run the same command again at cut-over: it brings only what Zealot received since (docs/migrating-from-zealot.md).');
    }
    return 0;
  } catch (error) {
    if (error instanceof ImportInterrupted) {
      write(error.message);
      return 130;
    }
    if (error instanceof ZealotSourceError) {
      write(`tarmac: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    stop.dispose();
    await source.close();
    await database.close();
  }
}
