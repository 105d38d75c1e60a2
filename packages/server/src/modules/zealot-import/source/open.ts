// Opening a Zealot installation by what the operator gave: `--database-url` (with `--uploads`),
// or `--backup FILE_zealot_backup.tar`. Heavy parts (pg, better-sqlite3, zlib) load only here.
import type { ZealotSource } from './types.ts';

export type { ZealotSource, ZealotVersion, ZealotColumn, ZealotRow, ZealotFile, ZealotFileKind, RowsOptions } from './types.ts';
export { ZealotSourceError } from './types.ts';

export type SourceOptions =
  | { databaseUrl: string; uploads?: string }
  | { backup: string; uploads?: string; scratchDir?: string };

export async function openZealotSource(options: SourceOptions): Promise<ZealotSource> {
  if ('backup' in options) {
    const { openBackup } = await import('./backup.ts');
    return openBackup(options.backup, { uploads: options.uploads, scratchDir: options.scratchDir });
  }
  const { openPostgres } = await import('./postgres.ts');
  return openPostgres({ databaseUrl: options.databaseUrl, uploads: options.uploads });
}
