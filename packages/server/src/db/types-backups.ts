// The tables of backups (modules/backups): the plans administrators make and their runs.
import type { ColumnType, Generated } from 'kysely';
import type { Flag, Timestamp } from './column-types.ts';

export interface BackupPlansTable {
  id: Generated<number>;
  name: string;
  enabled: Flag;
  /** jobs/schedule.ts syntax (`every 6h`, or a cron line in UTC); null runs only on demand. */
  schedule: string | null;
  include_database: Flag;
  /** JSON array of app ids, or null for every app. */
  app_ids: string | null;
  include_debug_files: Flag;
  /** local or s3. */
  destination: string;
  /** How many archives of the plan to keep (at least 1). */
  keep_count: number;
  /** Where a failure is POSTed, besides the mail to administrators. */
  notify_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BackupRunsTable {
  id: Generated<number>;
  plan_id: number | null;
  plan_name: string;
  /** manual or schedule. */
  trigger: string;
  /** queued, running, done or failed. */
  state: string;
  stage: string | null;
  percent: number;
  error: string | null;
  destination: string;
  archive_key: string | null;
  size: ColumnType<number | string | null, number | null | undefined, number | null>;
  sha256: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Refreshed every 20 s while restoring; maintenance mode ignores a restore silent for 2 minutes. */
  heartbeat_at: Timestamp | null;
}

/** A restore started from /admin/backups: the archive checked, its dry-run report, its progress. */
export interface RestoresTable {
  id: Generated<number>;
  /** The backup run whose archive this is. */
  run_id: number | null;
  file_name: string;
  size: number | string | null;
  /** checking → ready | failed; ready → restoring → done | failed. */
  state: 'checking' | 'ready' | 'restoring' | 'done' | 'failed';
  stage: string | null;
  percent: number;
  /** The dry-run report (JSON of RestoreReport, mode replace). */
  report: string | null;
  error_code: string | null;
  error: string | null;
  created_by: string;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Refreshed every 20 s while restoring; maintenance mode ignores a restore silent for 2 minutes. */
  heartbeat_at: Timestamp | null;
}
