// The connection a backup run reads through, so the archive is one consistent snapshot and a
// long run does not hold the server's writer. SQLite: a read-only connection of its own on the
// same file (WAL lets the server keep writing), one read transaction for the run, closed after.
// PostgreSQL: a read-only repeatable-read transaction on one pooled connection.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { SqliteBooleanPlugin } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';

export async function withBackupReader<T>(config: DatabaseConfig, db: Db, read: (reader: Db) => Promise<T>): Promise<T> {
  if (config.engine === 'postgres') {
    return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
  }
  if (config.filename === ':memory:' || config.filename === '') return read(db);
  const connection = new SQLite(config.filename, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const reader = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }), plugins: [new SqliteBooleanPlugin()] });
  try {
    return await reader.transaction().execute(read);
  } finally {
    await reader.destroy();
  }
}
