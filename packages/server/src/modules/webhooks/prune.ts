// The hourly `webhook.prune`: deliveries (and their attempts) older than TARMAC_WEBHOOK_LOG_DAYS go.
// Light on purpose: it runs every hour and loads none of the webhook library.
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import { createWebhooksRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60_000;

export async function pruneDeliveries(_payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const before = new Date(deps.clock.nowMs() - deps.config.webhook.logDays * DAY_MS).toISOString();
  const removed = await createWebhooksRepository(deps.database.db).pruneDeliveries(before);
  if (removed > 0) deps.log.info({ removed, before }, 'Old webhook deliveries removed');
}
