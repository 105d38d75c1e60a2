// The backup.due job: it queues one scheduled run per enabled plan and slot, none for a disabled
// plan, none for a cron minute that does not match, and none for a slot that began before the plan was saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { queueDueBackups } from '../src/modules/backups/due.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
});
afterAll(() => server.close());

const HOUR = 3_600_000;

async function newPlan(name: string, schedule: string, enabled = true): Promise<number> {
  const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
    method: 'POST', token: admin.token,
    json: {
      name, enabled, schedule, include_database: true, app_ids: null, include_debug_files: false, destination: 'local', keep_count: 2, notify_url: null,
    },
  });
  expect(plan.status).toBe(201);
  return plan.body.id;
}

function due(atMs: number) {
  const log = { info() {}, warn() {}, error() {} };
  return queueDueBackups({ database: server.database, queue: server.services.jobs, clock: fixedClock(new Date(atMs)), log });
}

async function scheduledRuns(planId: number) {
  return server.database.db.selectFrom('backup_runs').select(['id', 'trigger', 'state']).where('plan_id', '=', planId).execute();
}

describe('backup.due', () => {
  it('queues one run per slot of an enabled plan, and none for a disabled one', async () => {
    const hourly = await newPlan('hourly', 'every 1h');
    const off = await newPlan('off', 'every 1h', false);
    const later = Math.floor(Date.now() / HOUR) * HOUR + 2 * HOUR + 60_000;

    expect(await due(later)).toHaveLength(1);
    expect(await due(later + 60_000)).toEqual([]);
    expect(await due(later + HOUR)).toHaveLength(1);
    const runs = await scheduledRuns(hourly);
    expect(runs).toEqual([
      expect.objectContaining({ trigger: 'schedule', state: 'queued' }),
      expect.objectContaining({ trigger: 'schedule', state: 'queued' }),
    ]);
    expect(await scheduledRuns(off)).toEqual([]);
  });

  it('fires a cron plan only in its minute, and skips the slot the plan was saved in', async () => {
    await server.database.db.deleteFrom('backup_runs').execute();
    await server.database.db.deleteFrom('backup_plans').execute();
    const cron = await newPlan('at quarter past', '15 * * * *');
    const nextHour = Math.floor(Date.now() / HOUR) * HOUR + HOUR;
    expect(await due(nextHour + 16 * 60_000)).toEqual([]);
    expect(await due(nextHour + 15 * 60_000 + 30_000)).toHaveLength(1);
    expect(await scheduledRuns(cron)).toHaveLength(1);

    const fresh = await newPlan('every six hours', 'every 6h');
    expect(await due(Date.now() + 1000)).toEqual([]);
    expect(await scheduledRuns(fresh)).toEqual([]);
  });
});
