// The daily `audit.prune` job: lines older than TARMAC_AUDIT_RETENTION_DAYS go.
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import { createAuditRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60_000;

export async function pruneAuditLog(_payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const before = new Date(deps.clock.nowMs() - deps.config.auditRetentionDays * DAY_MS).toISOString();
  const removed = await createAuditRepository(deps.database.db).deleteBefore(before);
  if (removed > 0) deps.log.info({ removed, before }, 'Old audit log lines removed');
}
