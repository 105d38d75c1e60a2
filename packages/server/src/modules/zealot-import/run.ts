// `tarmac import zealot`: runs the steps over a Zealot source into Tarmac's database and storage.
// A real run commits row by row (each row with its map entry), so an interruption loses at most
// the row in hand and the next run resumes there. A dry run does everything inside one
// transaction that is rolled back, each row under a savepoint, and copies no file: its report is
// what the real run would do.
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { formatBytes } from '../../storage/migrate.ts';
import type { Storage } from '../../storage/storage.ts';
import { ImportInterrupted } from './context.ts';
import type { Executor, ImportContext, ImportOptions, ImportStep, WebhookSealing } from './context.ts';
import { createImportMap } from './map.ts';
import { createImportReport } from './report.ts';
import type { ImportReport } from './report.ts';
import type { ZealotSource } from './source/types.ts';
import { STEPS } from './steps/index.ts';

export interface RunInput {
  db: Kysely<Database>;
  engine: Engine;
  storage: Storage;
  source: ZealotSource;
  options: ImportOptions;
  progress: (line: string) => void;
  signal?: AbortSignal;
  now?: () => string;
  /** The steps to run; all of them by default (tests pass a few). */
  steps?: readonly ImportStep[];
  /** Seals web hook URLs as the webhooks module does (config's secret key and URL policy); without it hooks are skipped. */
  webhooks?: WebhookSealing;
}

// Steps raise it between rows; it lives in context.ts so they need not import this file (a cycle).
export { ImportInterrupted };

async function runSteps(context: ImportContext, steps: readonly ImportStep[]): Promise<void> {
  for (const step of steps) {
    for (const table of step.tables) context.report.expect(table, await context.source.count(table));
    if (context.signal?.aborted) throw new ImportInterrupted();
    await step.run(context);
  }
}

export async function runZealotImport(input: RunInput): Promise<ImportReport> {
  const { db, engine, storage, source, options, progress, signal } = input;
  const now = input.now ?? (() => new Date().toISOString());
  const version = await source.version();
  const report = createImportReport();
  if (version.unknownMigrations.length > 0) {
    report.warn(`This Zealot ran migrations newer than the newest Zealot Tarmac knows (${version.unknownMigrations.join(', ')}): columns they added are not imported.`);
  }
  const steps = input.steps ?? STEPS;
  const base = { source, version, engine, storage, report, options, progress, now, signal, webhooks: input.webhooks };

  if (!options.dryRun) {
    const context: ImportContext = {
      ...base,
      db,
      map: createImportMap(db, now),
      transaction: (work) => db.transaction().execute(work),
    };
    await runSteps(context, steps);
    return report;
  }

  const trx = await db.startTransaction().execute();
  let savepoints = 0;
  const context: ImportContext = {
    ...base,
    db: trx,
    map: createImportMap(trx, now),
    async transaction<T>(work: (executor: Executor) => Promise<T>): Promise<T> {
      const name = `row_${++savepoints}`;
      const point = await trx.savepoint(name).execute();
      try {
        const result = await work(point);
        await point.releaseSavepoint(name).execute();
        return result;
      } catch (error) {
        await point.rollbackToSavepoint(name).execute();
        throw error;
      }
    },
  };
  try {
    await runSteps(context, steps);
  } finally {
    await trx.rollback().execute();
  }
  return report;
}

/** The report as the CLI prints it: a table of counts, then one line per row not simply imported. */
export function formatReport(report: ImportReport, dryRun: boolean): string {
  const out: string[] = [dryRun ? 'Dry run: nothing was written. What the import would do:' : 'Import finished:'];
  const width = Math.max(5, ...[...report.tables.keys()].map((name) => name.length));
  out.push(`  ${'table'.padEnd(width)}  total  imported  merged  skipped  refused  already`);
  for (const [table, c] of report.tables) {
    const widths = [5, 8, 6, 7, 7, 7];
    const cells = [c.total, c.imported, c.merged, c.skipped, c.refused, c.already].map((n, i) => String(n).padStart(widths[i]!));
    out.push(`  ${table.padEnd(width)}  ${cells.join('  ')}`);
  }
  const f = report.files;
  out.push(`  files: ${f.copied} copied, ${f.present} already there, ${f.missing} missing, ${formatBytes(f.bytes)}`);
  for (const warning of report.warnings) out.push(`warning: ${warning}`);
  for (const line of report.lines) out.push(`  ${line.table} ${line.id}: ${line.outcome}: ${line.reason}`);
  return out.join('\n') + '\n';
}
