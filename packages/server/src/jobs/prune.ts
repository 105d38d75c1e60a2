// The `jobs.prune` job (hourly): finished jobs are kept a week for the admin screen, then go.
// Failed jobs stay until an admin retries or discards them. Failed attempts that have left their
// window go too (auth/shared-attempts.ts: the table the instances share on PostgreSQL).
import { isoFromNow } from '../clock.ts';
import { pruneAttemptFailures } from '../auth/shared-attempts.ts';
import type { JobDeps } from './deps.ts';

export const DONE_KEEP_MS = 7 * 24 * 60 * 60_000;

export async function pruneJobs(_payload: unknown, _context: unknown, { database, clock }: JobDeps): Promise<void> {
  const before = isoFromNow(clock, -DONE_KEEP_MS);
  await database.db.deleteFrom('jobs').where('state', '=', 'done').where('finished_at', '<', before).execute();
  await pruneAttemptFailures(database.db, clock.nowMs());
}
