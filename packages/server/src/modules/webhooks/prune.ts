// The hourly `webhook.prune`: deliveries (and their attempts) older than TARMAC_WEBHOOK_LOG_DAYS go,
// and stranded deliveries are settled: a retry or first attempt whose job was lost is queued again
// (the attempt's key and claim keep it to one post), and an attempt the process never finished
// recording (it stopped during the post) ends the delivery failed, not retried: it may have arrived,
// and a delivery is never posted twice. Light on purpose: it loads none of the webhook library.
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import { DELIVER_JOB, deliverOptions } from './delivery-queue.ts';
import { createWebhooksRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/** A retry this late, or a first attempt queued this long ago and not made, lost its job. */
const OVERDUE_MS = HOUR_MS;
/** An attempt taken without a record for this long was cut short (the longest wait between attempts is an hour). */
const STALE_MS = 6 * HOUR_MS;
export const INTERRUPTED = 'interrupted: Tarmac stopped during this attempt; not retried, as the post may have arrived';

export async function pruneDeliveries(_payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const now = deps.clock.nowMs();
  const repo = createWebhooksRepository(deps.database.db);
  const removed = await repo.pruneDeliveries(new Date(now - deps.config.webhook.logDays * DAY_MS).toISOString());
  if (removed > 0) deps.log.info({ removed }, 'Old webhook deliveries removed');
  const stranded = await repo.strandedDeliveries(new Date(now - OVERDUE_MS).toISOString(), new Date(now - STALE_MS).toISOString(), 500);
  for (const delivery of stranded) {
    const last = delivery.last_at === null ? null : Date.parse(String(delivery.last_at));
    const cutShort = delivery.attempts > Number(delivery.recorded) && delivery.next_attempt_at === null;
    if (cutShort && (last === null || last < now - STALE_MS)) {
      const at = deps.clock.now();
      const attempt = { delivery_id: delivery.id, number: delivery.attempts, at, duration_ms: 0, status: null, ok: false };
      await repo.insertAttempt({ ...attempt, error: INTERRUPTED, response_excerpt: '' });
      await repo.updateDelivery(delivery.id, { state: 'failed', finished_at: at });
    } else if (!cutShort) {
      const next = delivery.attempts + 1;
      await deps.queue.enqueue(DELIVER_JOB, { delivery_id: delivery.id, attempt: next }, deliverOptions(delivery.id, next));
    }
  }
  if (stranded.length > 0) deps.log.warn({ count: stranded.length }, 'Stranded webhook deliveries settled');
}
