// The `backup.due` job (every minute; the queue fires it once per minute across instances): queues
// a `backup.run` for each enabled plan whose schedule has a slot now. A plan runs once per slot
// (a scheduled run already made at or after the slot's start is enough), and a slot that began
// before the plan was last saved is skipped, so saving a plan does not start a backup at once.
import type { JobDeps } from '../../jobs/deps.ts';
import type { JobContext, JobPayload } from '../../jobs/types.ts';
import { parseSchedule } from '../../jobs/schedule.ts';

export async function backupDue(_payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  await queueDueBackups(deps);
}

/** Queues the due runs; answers their ids. */
export async function queueDueBackups(deps: Pick<JobDeps, 'database' | 'queue' | 'clock' | 'log'>): Promise<number[]> {
  const { db } = deps.database;
  const nowMs = deps.clock.nowMs();
  const plans = await db.selectFrom('backup_plans').selectAll().where('schedule', 'is not', null).execute();
  const queued: number[] = [];
  for (const plan of plans) {
    if (!plan.enabled || !plan.schedule) continue;
    let slot: number | null;
    try {
      slot = parseSchedule(plan.schedule).slotAt(nowMs);
    } catch (error) {
      deps.log.warn({ err: error, planId: plan.id }, 'Backup plan with a schedule that no longer parses');
      continue;
    }
    if (slot === null || slot < Date.parse(plan.updated_at)) continue;
    const slotIso = new Date(slot).toISOString();
    const made = await db.selectFrom('backup_runs').select('id').where('plan_id', '=', plan.id).where('trigger', '=', 'schedule')
      .where('created_at', '>=', slotIso).executeTakeFirst();
    if (made) continue;
    const run = await db.insertInto('backup_runs').values({
      plan_id: plan.id, plan_name: plan.name, trigger: 'schedule', state: 'queued', stage: null, percent: 0,
      destination: plan.destination, created_at: deps.clock.now(),
    }).returning('id').executeTakeFirstOrThrow();
    await deps.queue.enqueue('backup.run', { run_id: run.id }, { maxAttempts: 1, dedupeKey: `backup.run:${plan.id}:${slot}` });
    queued.push(run.id);
  }
  return queued;
}
