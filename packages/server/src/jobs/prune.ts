// The `jobs.prune` job (hourly): finished jobs are kept a week for the admin screen, then go.
// Failed jobs stay until an admin retries or discards them.
import { isoFromNow } from '../clock.ts';
import type { JobDeps } from './deps.ts';

export const DONE_KEEP_MS = 7 * 24 * 60 * 60_000;

export async function pruneJobs(_payload: unknown, _context: unknown, { database, clock }: JobDeps): Promise<void> {
  const before = isoFromNow(clock, -DONE_KEEP_MS);
  await database.db.deleteFrom('jobs').where('state', '=', 'done').where('finished_at', '<', before).execute();
}
