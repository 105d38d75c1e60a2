// Running the Zealot importer in tests: into a TestServer's database, with the webhooks sealing the
// server's own config gives, and the report's counts in a form a test compares whole.
import { createStorage } from '../../src/storage/index.ts';
import { createSecretBox } from '../../src/webhooks/secrets.ts';
import type { ImportReport, TableCounts } from '../../src/modules/zealot-import/report.ts';
import { runZealotImport } from '../../src/modules/zealot-import/run.ts';
import { openZealotSource } from '../../src/modules/zealot-import/source/open.ts';
import { debugFilesStep } from '../../src/modules/zealot-import/steps/debug-files.ts';
import { STEPS } from '../../src/modules/zealot-import/steps/index.ts';
import { releasesStep } from '../../src/modules/zealot-import/steps/releases.ts';
import type { TestServer } from './server.ts';
import type { ZealotInstallation } from './zealot/installation.ts';

/** Every step but the files' (releases and debug files, tested in steps/releases.test.ts). */
export const ROW_STEPS = STEPS.filter((step) => step !== releasesStep && step !== debugFilesStep);

/**
 * Sets up Tarmac's GitLab sign-in provider, which the installations' one Zealot sign-in (user_providers: gitlab, uid 42)
 * needs to be imported as an identity rather than wait for it.
 */
export function addGitLabProvider(server: TestServer, slug = 'gitlab', name = 'GitLab') {
  const at = new Date().toISOString();
  return server.services.signInProvidersRepository.insert({
    slug, kind: 'gitlab', name, enabled: true, allow_sign_up: false,
    settings: JSON.stringify({ client_id: 'tarmac', allowed_organizations: [], admin_organizations: [] }),
    secret: null, source: 'ui', position: 0, created_at: at, updated_at: at,
  });
}

/** A table's counts with nothing in them (spread and override). */
export const NONE = { imported: 0, merged: 0, skipped: 0, refused: 0, already: 0 };

export async function importInto(
  server: TestServer,
  zealot: ZealotInstallation,
  options: { dryRun?: boolean; signal?: AbortSignal; progress?: (line: string) => void; withoutSealing?: boolean; backup?: string } = {},
): Promise<ImportReport> {
  const where = options.backup ? { backup: options.backup } : { databaseUrl: zealot.databaseUrl, uploads: zealot.uploadsDir };
  const source = await openZealotSource(where);
  try {
    const { config } = server;
    return await runZealotImport({
      db: server.database.db, engine: server.database.engine, storage: createStorage(config, { error() {} }), source,
      options: { dryRun: options.dryRun ?? false, move: false, settingsFromEnvironment: config.settingsFromEnvironment },
      progress: options.progress ?? (() => {}), signal: options.signal,
      steps: ROW_STEPS,
      webhooks: options.withoutSealing
        ? undefined
        : { box: createSecretBox(config.secretKey), policy: { allowPrivate: false, allowAddresses: [] } },
    });
  } finally {
    await source.close();
  }
}

export function counts(report: ImportReport): Record<string, Omit<TableCounts, 'total'>> {
  return Object.fromEntries([...report.tables].map(([table, { total: _total, ...rest }]) => [table, rest]));
}

/** What a second run reports: every row of every table 'already'. */
export function alreadyCounts(first: ImportReport): Record<string, Omit<TableCounts, 'total'>> {
  return Object.fromEntries([...first.tables].map(([table, { total }]) => [table, { ...NONE, already: total }]));
}

export const TABLES = [
  'users', 'api_tokens', 'apps', 'collaborators', 'schemes', 'channels', 'devices', 'webhooks', 'webhook_channels', 'settings',
] as const;

export async function tarmacCounts(server: TestServer): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

