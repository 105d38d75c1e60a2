import { Migrator } from 'kysely/migration';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import { createDatabase } from './index.ts';
import type { DatabaseHandle } from './index.ts';
import { migrations } from './migrations/index.ts';

export interface MigrationOutcome {
  applied: string[];
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationOutcome> {
  const migrator = new Migrator({
    db: handle.db,
    provider: {
      getMigrations: () =>
        Promise.resolve(
          Object.fromEntries(
            Object.entries(migrations).map(([name, module]) => [name, { up: (db: Kysely<unknown>) => module.up(db, handle.engine) }]),
          ),
        ),
    },
    migrationTableName: 'tarmac_migrations',
    migrationLockTableName: 'tarmac_migrations_lock',
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`, { cause: error });
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

/** Opens the configured database, brings it to the latest migration, runs `work` on it and closes it (the `tarmac` commands). */
export async function withMigratedDatabase<T>(config: DatabaseConfig, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = createDatabase(config);
  try {
    await migrateToLatest(database);
    return await work(database);
  } finally {
    await database.close();
  }
}
