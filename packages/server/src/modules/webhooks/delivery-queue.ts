// The job that posts a delivery, and how its attempts are queued: one job per attempt, keyed
// `webhook:<delivery id>:<attempt>`, so queuing an attempt twice queues it once.
import type { EnqueueOptions } from '../../jobs/types.ts';

export const DELIVER_JOB = 'webhook.deliver';

export function deliverOptions(deliveryId: string, attempt: number, runAt?: Date): EnqueueOptions {
  return { dedupeKey: `webhook:${deliveryId}:${attempt}`, ...(runAt ? { runAt } : {}) };
}
