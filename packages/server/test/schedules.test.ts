// Recurring jobs an administrator changes without a restart: the tick of both engines reads the
// override (scheduled_jobs) at every tick, so a new spec applies at once, a job turned off stops,
// and null goes back to the default. /api/admin/schedules lists every scheduled job kind with its
// next and last run, refuses a spec the parser refuses (422 with its message), records the change
// in the audit log, and runs a job now.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.ts';
import { forbiddenMessages } from '../src/auth/policy.ts';
import { JOB_KINDS } from '../src/jobs/handlers.ts';
import { parseSchedule } from '../src/jobs/schedule.ts';
import { writeOverride } from '../src/jobs/scheduled-jobs.ts';
import { openJobsDatabase, until } from './helpers/jobs.ts';
import type { JobsDatabase } from './helpers/jobs.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the tick follows the overrides', () => {
  let database: JobsDatabase;
  beforeAll(async () => {
    database = await openJobsDatabase();
  });
  afterAll(async () => database.close());

  it('applies a new spec at the next tick, stops when turned off, and goes back to the default', async () => {
    let nowMs = Date.parse('2026-06-01T10:00:30Z');
    const clock: Clock = { nowMs: () => nowMs, now: () => new Date(nowMs).toISOString() };
    const slots: string[] = [];
    const queue = database.queue({}, clock);
    queue.register('test.sweep', (payload) => Promise.resolve(void slots.push(String(payload.slot))));
    queue.schedule('test.sweep', '0 0 1 1 *'); // once a year: never during this test
    await queue.start();
    await sleep(300);
    expect(slots).toEqual([]);

    const db = database.handle.db;
    await writeOverride(db, 'test.sweep', { spec: 'every 1 m', enabled: true }, 'admin', clock.now());
    await until(() => slots.length === 1);
    expect(slots).toEqual(['2026-06-01T10:00:00.000Z']);
    nowMs += 60_000;
    await until(() => slots.length === 2);
    expect(slots[1]).toBe('2026-06-01T10:01:00.000Z');

    await writeOverride(db, 'test.sweep', { spec: 'every 1 m', enabled: false }, 'admin', clock.now());
    await sleep(200); // a tick in flight may still have read the old row
    nowMs += 60_000;
    await sleep(500);
    expect(slots).toHaveLength(2);

    await writeOverride(db, 'test.sweep', { spec: null, enabled: true }, 'admin', clock.now());
    nowMs += 60_000;
    await sleep(500);
    expect(slots).toHaveLength(2);
  });
});

describe('next runs of a spec', () => {
  it('answers the next slot of an interval and of a cron line', () => {
    const at = Date.parse('2026-06-01T10:00:30Z');
    expect(new Date(parseSchedule('every 5 m').nextAfter(at)!).toISOString()).toBe('2026-06-01T10:05:00.000Z');
    expect(new Date(parseSchedule('30 3 * * *').nextAfter(at)!).toISOString()).toBe('2026-06-02T03:30:00.000Z');
    expect(parseSchedule('0 0 31 2 *').nextAfter(at)).toBeNull();
  });
});

interface Schedule {
  name: string;
  default_spec: string;
  spec: string;
  custom: boolean;
  enabled: boolean;
  next_run_at: string | null;
  updated_by: string | null;
  last_run: {
    state: string; error: string | null; started_at: string; finished_at: string | null; result: Record<string, unknown> | null;
  } | null;
}

describe('/api/admin/schedules', () => {
  let server: TestServer;
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    server = await startServer({}, { runJobs: true });
    admin = await server.newUser({ role: 'admin' });
    member = await server.newUser();
  });
  afterAll(async () => server.close());

  const list = async () => {
    const res = await api<Schedule[]>(server, '/api/admin/schedules', { token: admin.token });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const put = (name: string, json: object) => api<Schedule>(server, `/api/admin/schedules/${name}`, { method: 'PUT', token: admin.token, json });

  it('refuses members before reading their input (403), and anonymous callers (401)', async () => {
    const routes = [
      ['GET', '/api/admin/schedules'],
      ['GET', '/api/admin/schedules/preview?spec=nope'],
      ['PUT', '/api/admin/schedules/jobs.prune'],
      ['POST', '/api/admin/schedules/NO%20SUCH/run'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await api(server, url, { method, token: member.token, json: method === 'PUT' ? { spec: 'bad' } : undefined });
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({ error: forbiddenMessages['jobs:manage'] });
      expect((await api(server, url, { method })).status).toBe(401);
    }
  });

  it('lists every job kind that has a schedule, with its default and next run', async () => {
    const schedules = await list();
    const expected = JOB_KINDS.filter((kind) => kind.schedule).map((kind) => [kind.name, kind.schedule]);
    expect(schedules.map((schedule) => [schedule.name, schedule.default_spec])).toEqual(expected);
    for (const schedule of schedules) {
      expect(schedule).toMatchObject({ spec: schedule.default_spec, custom: false, enabled: true });
      expect(Date.parse(schedule.next_run_at!)).toBeGreaterThan(Date.now() - 1000);
    }
  });

  it("changes a schedule, records it in the audit log, and refuses a spec the parser refuses (422 with its message)", async () => {
    const bad = await put('webhook.prune', { spec: 'every 5 fortnights' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('five-field cron line');
    for (const body of [{ spec: '61 * * * *' }, { enabled: 'yes' }, { spec: 'x'.repeat(129) }, { other: 1 }]) {
      expect((await put('webhook.prune', body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await put('no.such-job', { enabled: false })).status).toBe(404);

    const changed = await put('webhook.prune', { spec: '  15   4 * * * ' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ name: 'webhook.prune', spec: '15 4 * * *', custom: true, enabled: true, updated_by: admin.username });
    expect(changed.body.next_run_at).toMatch(/T04:15:00\.000Z$/);
    const off = await put('webhook.prune', { enabled: false });
    expect(off.body).toMatchObject({ spec: '15 4 * * *', enabled: false, next_run_at: null });
    const back = await put('webhook.prune', { spec: null, enabled: true });
    expect(back.body).toMatchObject({ spec: 'every 1 h', custom: false, enabled: true });
    expect((await list()).find((schedule) => schedule.name === 'webhook.prune')).toMatchObject({ spec: 'every 1 h', custom: false });

    const audit = await server.database.db.selectFrom('audit_events').selectAll().where('target_type', '=', 'schedule').orderBy('id').execute();
    expect(audit.map((row) => [row.action, row.target_id, row.actor_name])).toEqual([
      ['settings.update', 'webhook.prune', admin.username],
      ['settings.update', 'webhook.prune', admin.username],
      ['settings.update', 'webhook.prune', admin.username],
    ]);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ from: { spec: 'every 1 h', enabled: true }, to: { spec: '15 4 * * *', enabled: true } });
  });

  it("previews the next runs of a spec, or the parser's refusal", async () => {
    const ok = await api<{ valid: boolean; next_runs: string[] }>(server, '/api/admin/schedules/preview?spec=every%2010%20m', { token: admin.token });
    expect(ok.status).toBe(200);
    expect(ok.body.valid).toBe(true);
    expect(ok.body.next_runs).toHaveLength(3);
    expect(Date.parse(ok.body.next_runs[1]!) - Date.parse(ok.body.next_runs[0]!)).toBe(600_000);
    const bad = await api(server, '/api/admin/schedules/preview?spec=often', { token: admin.token });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ valid: false, next_runs: [], error: expect.stringContaining('five-field cron line') });
    expect((await api(server, '/api/admin/schedules/preview', { token: admin.token })).status).toBe(422);
  });

  it('runs a job now (202) and shows its last run', async () => {
    // The hourly prune ran once at start (its first slot): wait for it, so the run below is a new one.
    await until(async () => (await list()).find((schedule) => schedule.name === 'jobs.prune')?.last_run?.state === 'done');
    const asked = new Date().toISOString();
    const res = await api<{ job_id: string }>(server, '/api/admin/schedules/jobs.prune/run', { method: 'POST', token: admin.token });
    expect(res.status, res.text).toBe(202);
    expect(res.body.job_id).toMatch(/^\S+$/);
    expect((await api(server, '/api/admin/schedules/no.such/run', { method: 'POST', token: admin.token })).status).toBe(404);
    await until(async () => {
      const run = (await list()).find((schedule) => schedule.name === 'jobs.prune')?.last_run;
      return run?.state === 'done' && run.started_at >= asked;
    });
    const prune = (await list()).find((schedule) => schedule.name === 'jobs.prune')!;
    expect(prune.last_run).toMatchObject({ state: 'done', error: null, finished_at: expect.any(String) });
  });

  it('sweeps the temp folder when storage.temp-sweep runs now, and shows how many files went', async () => {
    const { tempDir } = server.services.storage;
    mkdirSync(tempDir, { recursive: true });
    const stale = path.join(tempDir, 'upload-left-behind.part');
    writeFileSync(stale, 'half an upload');
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    utimesSync(stale, old, old);
    const asked = new Date().toISOString();
    expect((await api(server, '/api/admin/schedules/storage.temp-sweep/run', { method: 'POST', token: admin.token })).status).toBe(202);
    let run: Schedule['last_run'] = null;
    await until(async () => {
      run = (await list()).find((schedule) => schedule.name === 'storage.temp-sweep')?.last_run ?? null;
      return run?.state === 'done' && run.started_at >= asked;
    });
    expect(run!.result).toMatchObject({ removed: expect.any(Number) });
    expect(Number(run!.result!.removed)).toBeGreaterThanOrEqual(1);
    expect(existsSync(stale)).toBe(false);
  });
});
