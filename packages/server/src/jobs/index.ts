// The job queue for the configured database: the embedded queue on SQLite, graphile-worker on
// PostgreSQL. Not loaded at startup in this slice (see docs/jobs.md).
import type { Clock } from '../clock.ts';
import type { DatabaseConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { PostgresJobQueue } from './postgres-engine.ts';
import { SqliteJobQueue } from './sqlite-engine.ts';
import type { SqliteJobQueueOptions } from './sqlite-engine.ts';
import type { JobQueue } from './types.ts';

export function createJobQueue(
  config: DatabaseConfig,
  database: DatabaseHandle,
  clock: Clock,
  options: SqliteJobQueueOptions = {},
): JobQueue {
  return config.engine === 'postgres'
    ? new PostgresJobQueue(database, config.connectionString, clock, options)
    : new SqliteJobQueue(database, clock, options);
}
