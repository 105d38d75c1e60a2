// The storage sweeps as scheduled jobs (jobs/handlers.ts), so administrators see them, change
// their schedule and run them now (/admin/jobs, Schedules):
// - storage.temp-sweep: the temp folder of the machine that runs the job. Every process also
//   sweeps its own on a timer (temp-files.ts startTempSweeper): the temp folder is per machine,
//   and on PostgreSQL a job runs on one instance only.
// - storage.orphan-sweep: objects under releases/, icons/ and debug-files/ that no row
//   references (a crash between storing a file and writing its row, a delete that failed
//   halfway), older than a grace so an upload in flight is never touched. Other prefixes
//   (backups …) are never looked at. `{ "dry_run": true }` in the payload only counts.
import type { JobDeps } from '../jobs/deps.ts';
import type { JobPayload } from '../jobs/types.ts';
import type { Db } from '../db/index.ts';
import { sweepTempDir } from './temp-files.ts';

/** The prefixes whose objects a row must reference (modules/uploads/fns.ts, modules/debug-files/fns.ts). */
export const ORPHAN_PREFIXES = ['releases/', 'icons/', 'debug-files/'] as const;
/** Objects younger than this are left alone (an upload stores its file before its row). */
export const ORPHAN_GRACE_MS = 24 * 60 * 60_000;
const BATCH = 500;

export async function sweepTempJob(_payload: JobPayload, _context: unknown, { storage, log }: JobDeps): Promise<{ removed: number }> {
  const removed = await sweepTempDir(storage.tempDir);
  if (removed.length > 0) log.info({ tempDir: storage.tempDir, files: removed }, `Removed ${removed.length} temporary file(s) left by interrupted uploads`);
  return { removed: removed.length };
}

/** The keys of `keys` some row references. */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const releases = await db
    .selectFrom('releases')
    .select(['file_key', 'icon_key'])
    .where((eb) => eb.or([eb('file_key', 'in', keys), eb('icon_key', 'in', keys)]))
    .execute();
  for (const row of releases) {
    found.add(row.file_key);
    if (row.icon_key) found.add(row.icon_key);
  }
  const debugFiles = await db.selectFrom('debug_files').select('file_key').where('file_key', 'in', keys).execute();
  for (const row of debugFiles) found.add(row.file_key);
  return found;
}

export interface OrphanSweepResult {
  dry_run: boolean;
  scanned: number;
  /** Younger than the grace: not looked at. */
  recent: number;
  orphans: number;
  deleted: number;
  deleted_bytes: number;
}

export function sweepOrphansJob(payload: JobPayload, _context: unknown, deps: JobDeps): Promise<OrphanSweepResult> {
  return sweepOrphans(deps, { dryRun: payload.dry_run === true, graceMs: ORPHAN_GRACE_MS });
}

/** Removes (or with dryRun only counts) the objects under ORPHAN_PREFIXES older than graceMs that no row references. */
export async function sweepOrphans(
  { database, storage, clock, log }: Pick<JobDeps, 'database' | 'storage' | 'clock' | 'log'>,
  { dryRun, graceMs }: { dryRun: boolean; graceMs: number },
): Promise<OrphanSweepResult> {
  const before = clock.nowMs() - graceMs;
  const result: OrphanSweepResult = { dry_run: dryRun, scanned: 0, recent: 0, orphans: 0, deleted: 0, deleted_bytes: 0 };
  let batch: { key: string; size: number }[] = [];
  const settle = async () => {
    if (batch.length === 0) return;
    const kept = await referenced(database.db, batch.map((object) => object.key));
    for (const object of batch) {
      if (kept.has(object.key)) continue;
      result.orphans += 1;
      if (dryRun) continue;
      await storage.delete(object.key);
      result.deleted += 1;
      result.deleted_bytes += object.size;
    }
    batch = [];
  };
  for (const prefix of ORPHAN_PREFIXES) {
    for await (const object of storage.list(prefix)) {
      result.scanned += 1;
      if (object.modifiedMs > before) {
        result.recent += 1;
        continue;
      }
      batch.push(object);
      if (batch.length >= BATCH) await settle();
    }
  }
  await settle();
  if (result.orphans > 0) log.info({ ...result }, dryRun ? `Found ${result.orphans} orphaned stored file(s)` : `Removed ${result.deleted} orphaned stored file(s)`);
  return result;
}
