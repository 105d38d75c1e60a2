// A run's archive over HTTP: downloaded whole (bytes and sha256 as the run says) or by Range,
// deleted (file, sidecar and the run's archive_key; then 404 backups.archive_gone), both audited;
// archives written under TARMAC_BACKUP_DIR; a queued run cancelled, a finished one refused (409).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.ts';
import type { JobDeps } from '../src/jobs/deps.ts';
import type { JobContext } from '../src/jobs/types.ts';
import { runBackup } from '../src/modules/backups/jobs.ts';
import { runBackupToEnd, startBackupRun } from './helpers/backups.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

interface Run {
  id: number;
  state: string;
  archive_key: string | null;
  sha256: string | null;
  size: number | null;
  error: string | null;
}

const PLAN = {
  enabled: false, schedule: null, include_database: true, app_ids: null, include_debug_files: true,
  destination: 'local', keep_count: 5, notify_url: null,
};

async function makePlan(server: TestServer, admin: TestUser, name: string): Promise<number> {
  const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: { ...PLAN, name } });
  expect(plan.status).toBe(201);
  return plan.body.id;
}

describe('backup archives', () => {
  let server: TestServer;
  let admin: TestUser;
  const backupDir = mkdtempSync(path.join(tmpdir(), 'tarmac-backup-dir-'));
  beforeAll(async () => {
    server = await startServer({ TARMAC_BACKUP_DIR: backupDir }, { runJobs: true });
    admin = await server.newUser({ role: 'admin' });
  });
  afterAll(() => server.close());

  const runToEnd = (planId: number) => runBackupToEnd<Run>(server, admin, planId);

  it('writes under TARMAC_BACKUP_DIR, downloads whole and by Range, deletes, and audits both', async () => {
    const run = await runToEnd(await makePlan(server, admin, 'Download me'));
    expect(run.state).toBe('done');
    const file = path.join(backupDir, run.archive_key!);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(path.join(server.dataDir, 'backups', run.archive_key!))).toBe(false);

    const whole = await fetch(`${server.url}/api/admin/backups/runs/${run.id}/archive`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/x-tar');
    expect(whole.headers.get('content-disposition')).toContain(run.archive_key!);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(run.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(run.sha256);
    expect(bytes.equals(readFileSync(file))).toBe(true);

    const part = await fetch(`${server.url}/api/admin/backups/runs/${run.id}/archive`, {
      headers: { authorization: `Bearer ${admin.token}`, range: 'bytes=100-611' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-611/${run.size}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 612))).toBe(true);

    const past = await fetch(`${server.url}/api/admin/backups/runs/${run.id}/archive`, {
      headers: { authorization: `Bearer ${admin.token}`, range: `bytes=${run.size! + 10}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${run.size}`);
    expect(await past.text()).toContain(`${run.size} bytes`);

    const deleted = await api(server, `/api/admin/backups/runs/${run.id}/archive`, { method: 'DELETE', token: admin.token });
    expect(deleted.status).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.sha256`)).toBe(false);
    const after = await api<Run>(server, `/api/admin/backups/runs/${run.id}`, { token: admin.token });
    expect(after.body).toMatchObject({ state: 'done', archive_key: null });
    const gone = await api(server, `/api/admin/backups/runs/${run.id}/archive`, { token: admin.token });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('backups.archive_gone');
    const again = await api(server, `/api/admin/backups/runs/${run.id}/archive`, { method: 'DELETE', token: admin.token });
    expect(again.status).toBe(404);

    for (const action of ['backup.download', 'backup.delete']) {
      type Line = { target_type: string; target_id: string; actor_id: number; actor_via: string; details: { archive: string } };
      const events = await api<Line[]>(
        server, `/api/admin/audit-events?action=${action}&per_page=100`, { token: admin.token },
      );
      const mine = events.body.filter((event) => event.target_type === 'backup_run' && event.target_id === String(run.id));
      expect(mine.length, action).toBe(1);
      expect(mine[0]).toMatchObject({ actor_id: admin.id, actor_via: 'token', details: { archive: run.archive_key } });
    }
  });

  it('refuses to cancel a finished run (409 backups.run_finished) and a run that does not exist (404)', async () => {
    const run = await runToEnd(await makePlan(server, admin, 'Finished'));
    const refused = await api(server, `/api/admin/backups/runs/${run.id}/cancel`, { method: 'POST', token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('backups.run_finished');
    const missing = await api(server, '/api/admin/backups/runs/999999/cancel', { method: 'POST', token: admin.token });
    expect(missing.status).toBe(404);
  });
});

describe('cancelling a queued backup run', () => {
  let server: TestServer;
  let admin: TestUser;
  // No job runner: a run stays queued until cancelled.
  beforeAll(async () => {
    server = await startServer({}, { runJobs: false });
    admin = await server.newUser({ role: 'admin' });
  });
  afterAll(() => server.close());

  it('fails the queued run at once with "Cancelled", and it has no archive', async () => {
    const id = await startBackupRun(server, admin, await makePlan(server, admin, 'Never runs'));
    const cancelled = await api<Run>(server, `/api/admin/backups/runs/${id}/cancel`, { method: 'POST', token: admin.token });
    expect(cancelled.status).toBe(202);
    expect(cancelled.body).toMatchObject({ id, state: 'failed', error: 'Cancelled', archive_key: null });
    const download = await api(server, `/api/admin/backups/runs/${id}/archive`, { token: admin.token });
    expect(download.body.code).toBe('backups.archive_gone');
  });

  it('stops a running run at its next step when it is cancelled, and leaves no file behind', async () => {
    const id = await startBackupRun(server, admin, await makePlan(server, admin, 'Stopped midway'));
    // The cancel lands as the job takes the run: the mark service.cancelRun leaves on a running one.
    await server.database.db.updateTable('backup_runs').set({ error: 'Cancelled' }).where('id', '=', id).execute();
    const { storage, mailer, jobs } = server.services;
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const deps: JobDeps = { config: server.config, database: server.database, queue: jobs, clock: systemClock, mailer, storage, log };
    await runBackup({ run_id: id }, {} as JobContext, deps);
    const run = await api<Run & { started_at: string | null }>(server, `/api/admin/backups/runs/${id}`, { token: admin.token });
    expect(run.body).toMatchObject({ state: 'failed', error: 'Cancelled', archive_key: null, size: null });
    expect(run.body.started_at).not.toBeNull();
    const dir = path.join(server.dataDir, 'backups');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
