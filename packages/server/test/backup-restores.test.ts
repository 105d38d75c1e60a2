// Restores over HTTP: a done run's archive is checked by the backup.restore job (a dry-run report
// of replacing the data), applied once the host name is typed, and the instance then holds the
// archive's rows again (what changed after the backup is gone); a damaged or truncated archive is
// refused with its error code and changes nothing; maintenance mode answers 503 while a restore
// row is `restoring` (read from the database, as another instance would) and lets the health
// checks and the restore's progress through.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

interface Restore {
  id: number;
  state: string;
  error_code: string | null;
  confirm_text: string;
  report: { tables: { name: string; rows: number; replacesRows: number }[]; refusals: string[]; files: { count: number } } | null;
}

describe('restores', () => {
  let server: TestServer;
  let admin: TestUser;
  let planId: number;

  beforeAll(async () => {
    server = await startServer({}, { runJobs: true });
    admin = await server.newUser({ role: 'admin' });
    const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
      method: 'POST', token: admin.token,
      json: {
        name: 'For restores', enabled: false, schedule: null, include_database: true, app_ids: null, include_debug_files: true,
        destination: 'local', keep_count: 10, notify_url: null,
      },
    });
    planId = plan.body.id;
  });
  afterAll(() => server.close());

  async function poll<T extends { state: string }>(url: string, until: string[]): Promise<T> {
    for (let i = 0; i < 300; i++) {
      const answer = await api<T>(server, url, { token: admin.token });
      if (until.includes(answer.body.state)) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${url} did not reach ${until.join(' or ')}`);
  }

  async function backup(): Promise<{ id: number; archive_key: string }> {
    const started = await api<{ run_id: number }>(server, `/api/admin/backups/plans/${planId}/run`, { method: 'POST', token: admin.token });
    return poll<{ id: number; state: string; archive_key: string }>(`/api/admin/backups/runs/${started.body.run_id}`, ['done']);
  }

  async function check(runId: number): Promise<Restore> {
    const created = await api<Restore>(server, '/api/admin/restores', { method: 'POST', token: admin.token, json: { run_id: runId } });
    expect(created.status, created.text).toBe(202);
    expect(created.body.state).toBe('checking');
    return poll<Restore>(`/api/admin/restores/${created.body.id}`, ['ready', 'failed']);
  }

  const appNames = async () => ((await api<{ name: string }[]>(server, '/api/apps?per_page=100', { token: admin.token })).body).map((a) => a.name).sort();

  it('checks an archive, refuses a wrong confirmation, applies it, and the data is the archive\'s again', async () => {
    await newApp(server, { name: 'Kept', ownerId: admin.id });
    const run = await backup();
    await newApp(server, { name: 'Added later', ownerId: admin.id });
    expect(await appNames()).toEqual(['Added later', 'Kept']);

    const ready = await check(run.id);
    expect(ready.state).toBe('ready');
    expect(ready.report!.refusals).toEqual([]);
    expect(ready.report!.tables.find((t) => t.name === 'apps')).toEqual({ name: 'apps', rows: 1, replacesRows: 2 });

    const wrong = await api(server, `/api/admin/restores/${ready.id}/apply`, { method: 'POST', token: admin.token, json: { confirm: 'nope' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.details.confirm).toBeDefined();
    const applied = await api<Restore>(server, `/api/admin/restores/${ready.id}/apply`, {
      method: 'POST', token: admin.token, json: { confirm: ready.confirm_text },
    });
    expect(applied.status, applied.text).toBe(202);
    const done = await poll<Restore>(`/api/admin/restores/${ready.id}`, ['done', 'failed']);
    expect(done).toMatchObject({ state: 'done', error_code: null });
    expect(await appNames()).toEqual(['Kept']);

    const again = await api(server, `/api/admin/restores/${ready.id}/apply`, { method: 'POST', token: admin.token, json: { confirm: ready.confirm_text } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('restores.not_ready');
    type Line = { action: string; details: { restore?: number; applied?: boolean; replaced_log?: string; replaced_lines?: number } };
    const audit = await api<Line[]>(server, '/api/admin/audit-events?action=backup.restore', { token: admin.token });
    const recorded = audit.body.find((line) => line.details.restore === ready.id && line.details.applied)!;
    // The lines the restore replaced are kept in a file the restored log names, the apply request's own among them.
    expect(recorded.details.replaced_log).toBe(`restores/audit-before-${ready.id}.jsonl`);
    const kept = readFileSync(path.join(server.dataDir, recorded.details.replaced_log!), 'utf8').trim().split('\n').map((text) => JSON.parse(text) as Line);
    expect(kept.length).toBe(recorded.details.replaced_lines);
    expect(kept.some((line) => line.action === 'backup.restore' && line.details.restore === ready.id)).toBe(true);
  });

  it('refuses a damaged and a truncated archive with their codes, changing nothing', async () => {
    const before = await appNames();
    for (const [damage, code] of [['flip', 'backup.checksum_mismatch'], ['cut', 'backup.truncated']] as const) {
      const run = await backup();
      const file = path.join(server.dataDir, 'backups', run.archive_key);
      const bytes = readFileSync(file);
      if (damage === 'flip') {
        const at = bytes.indexOf('"name"');
        bytes[at + 2] = bytes[at + 2]! ^ 0x01;
        writeFileSync(file, bytes);
      } else {
        writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
      }
      const failed = await check(run.id);
      expect(failed, damage).toMatchObject({ state: 'failed', error_code: code, report: null });
      const apply = await api(server, `/api/admin/restores/${failed.id}/apply`, { method: 'POST', token: admin.token, json: { confirm: failed.confirm_text } });
      expect(apply.body.code).toBe('restores.not_ready');
      expect(await appNames()).toEqual(before);
      expect((await api(server, `/api/admin/restores/${failed.id}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    }
  });

  it('answers 422 for a run without an archive or a malformed body (nothing stored), and 404 for an unknown restore', async () => {
    const none = await api(server, '/api/admin/restores', { method: 'POST', token: admin.token, json: { run_id: 999_999 } });
    expect(none.status).toBe(422);
    expect(none.body.details.run_id).toBeDefined();
    expect((await api(server, '/api/admin/restores/999999', { token: admin.token })).status).toBe(404);
    const before = (await server.database.db.selectFrom('restores').select('id').execute()).length;
    for (const json of [{}, { run_id: 0 }, { run_id: 'one' }, { run_id: 1.5 }, { run_id: 1, mode: 'empty' }]) {
      const refused = await api(server, '/api/admin/restores', { method: 'POST', token: admin.token, json });
      expect(refused.status, JSON.stringify(json)).toBe(422);
    }
    for (const json of [{}, { confirm: 5 }, { confirm: 'x'.repeat(301) }, { confirm: 'x', mode: 'empty' }]) {
      const refused = await api(server, '/api/admin/restores/1/apply', { method: 'POST', token: admin.token, json });
      expect(refused.status, JSON.stringify(json)).toBe(422);
    }
    expect((await server.database.db.selectFrom('restores').select('id').execute()).length).toBe(before);
  });

  it('answers 503 maintenance while a restore row is restoring, except the health checks and the restore itself', async () => {
    const row = await server.database.db.insertInto('restores').values({
      run_id: null, file_name: 'elsewhere.tar', size: 1, state: 'restoring', stage: 'database', percent: 50, created_by: 'other-instance',
      created_at: new Date().toISOString(), heartbeat_at: new Date().toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    try {
      await expect.poll(async () => (await api(server, '/api/apps', { token: admin.token })).status, { timeout: 5000 }).toBe(503);
      const refused = await api(server, '/api/apps', { token: admin.token });
      expect(refused.body.code).toBe('maintenance');
      expect(refused.headers.get('retry-after')).toBe('10');
      expect((await api(server, '/api/health')).status).toBe(200);
      expect((await api(server, `/api/admin/restores/${row.id}`, { token: admin.token })).status).toBe(200);
    } finally {
      await server.database.db.updateTable('restores').set({ state: 'failed' }).where('id', '=', row.id).execute();
    }
    await expect.poll(async () => (await api(server, '/api/apps', { token: admin.token })).status, { timeout: 5000 }).toBe(200);
  });

  it('ignores a restore whose process died: no heartbeat for two minutes holds no maintenance', async () => {
    const silent = new Date(Date.now() - 3 * 60 * 1000).toISOString();
    const row = await server.database.db.insertInto('restores').values({
      run_id: null, file_name: 'dead.tar', size: 1, state: 'restoring', stage: 'database', percent: 50, created_by: 'dead-instance',
      created_at: silent, started_at: silent, heartbeat_at: silent,
    }).returning('id').executeTakeFirstOrThrow();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1200)); // past the one-second cache
      for (let i = 0; i < 3; i++) expect((await api(server, '/api/apps', { token: admin.token })).status).toBe(200);
    } finally {
      await server.database.db.updateTable('restores').set({ state: 'failed' }).where('id', '=', row.id).execute();
    }
  });
});
