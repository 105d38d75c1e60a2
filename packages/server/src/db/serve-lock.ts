// SQLite serves one instance (docs/scaling.md): a second `tarmac serve` on the same database file
// would keep its own version-check cache, attempt counts and job schedule beside the first, each
// unaware of the other's writes. So `tarmac serve` holds an exclusive lock on a file beside the
// database (`<database>-serve.lock`) while it runs, and a second one refuses to start. The lock is
// SQLite's own (a connection holding BEGIN EXCLUSIVE): the operating system drops it with the
// process, kill -9 included, so a crash never leaves a stale lock. CLI commands take no lock.
import SQLite from 'better-sqlite3';

export class SecondInstanceError extends Error {}

/** Holds the serve lock of the SQLite database `filename` until release(); throws SecondInstanceError when another process holds it. */
export function holdServeLock(filename: string): { release(): void } {
  if (filename === ':memory:' || filename === '') return { release: () => undefined };
  const lockFile = `${filename}-serve.lock`;
  const connection = new SQLite(lockFile, { timeout: 0 });
  try {
    connection.pragma('journal_mode = DELETE');
    connection.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    connection.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new SecondInstanceError(
      `Another Tarmac server is running on the SQLite database ${filename} (it holds ${lockFile}). ` +
        'SQLite serves one instance; to run several, use PostgreSQL (DATABASE_URL) and shared storage: see docs/scaling.md.',
    );
  }
  return {
    release() {
      if (!connection.open) return;
      connection.exec('ROLLBACK');
      connection.close();
    },
  };
}
