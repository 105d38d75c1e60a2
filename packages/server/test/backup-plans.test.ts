// Backup plans over HTTP (/api/admin/backups): validation answers 422 per field with the schedule
// parser's own message, the next runs are computed in UTC, changes are audited, non-admins get 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  member = await server.newUser();
});
afterAll(() => server.close());

const plan = (overrides: Record<string, unknown> = {}) => ({
  name: `nightly-${Math.random().toString(36).slice(2, 8)}`,
  enabled: true,
  schedule: '30 2 * * *',
  include_database: true,
  app_ids: null,
  include_debug_files: true,
  destination: 'local',
  keep_count: 3,
  notify_url: null,
  ...overrides,
});

describe('backup plans', () => {
  it('makes, lists, changes and deletes a plan, with its next runs in UTC', async () => {
    const created = await api(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: plan({ name: '  Nightly  ' }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Nightly', schedule: '30 2 * * *', keep_count: 3, destination: 'local' });
    expect(created.body.next_runs).toHaveLength(3);
    for (const at of created.body.next_runs as string[]) expect(at).toMatch(/T02:30:00\.000Z$/);

    const listed = await api<{ items: { name: string }[] }>(server, '/api/admin/backups/plans', { method: 'GET', token: admin.token });
    expect(listed.body.items.map((p) => p.name)).toContain('Nightly');

    const changed = await api(server, `/api/admin/backups/plans/${created.body.id}`, { method: 'PATCH', token: admin.token, json: { enabled: false, keep_count: 7 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ enabled: false, keep_count: 7, next_runs: [] });

    const audit = await server.database.db.selectFrom('audit_events').selectAll().where('target_type', '=', 'backup_plan')
      .where('target_id', '=', String(created.body.id)).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['backup.create', 'backup.create']);
    expect(JSON.parse(audit[1]!.details)).toEqual({ from: { enabled: true, keep_count: 3 }, to: { enabled: false, keep_count: 7 } });

    expect((await api(server, `/api/admin/backups/plans/${created.body.id}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expect((await api(server, `/api/admin/backups/plans/${created.body.id}`, { method: 'GET', token: admin.token })).status).toBe(404);
  });

  it('answers 422 per field: schedule (the parser\'s message), keep count 0, unknown apps, empty scope, duplicate name, bad URL', async () => {
    const bad = await api(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: plan({ schedule: 'every day' }) });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('is not \\"every N(s|m|h)\\" or a five-field cron line');

    const zero = await api(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: plan({ keep_count: 0 }) });
    expect(zero.status).toBe(422);

    const app = await newApp(server);
    const apps = await api(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: plan({ app_ids: [app.appId, 987654] }) });
    expect(apps.status).toBe(422);
    expect(JSON.stringify(apps.body)).toContain('no app with id 987654');

    const empty = await api(server, '/api/admin/backups/plans', { method: 'POST',
      token: admin.token, json: plan({ include_database: false, app_ids: [], include_debug_files: false }),
    });
    expect(empty.status).toBe(422);

    const url = await api(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: plan({ notify_url: 'ftp://example.com/x' }) });
    expect(url.status).toBe(422);
    expect(JSON.stringify(url.body)).toContain('must be an http or https URL');

    const enabledWithout = await api(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: plan({ schedule: null }) });
    expect(enabledWithout.status).toBe(422);

    const first = await api(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: plan({ name: 'Twice', app_ids: [app.appId] }) });
    expect(first.status).toBe(201);
    expect(first.body.app_ids).toEqual([app.appId]);
    const twice = await api(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: plan({ name: 'Twice' }) });
    expect(twice.status).toBe(422);
    expect(JSON.stringify(twice.body)).toContain('already the name of another plan');
  });

  it('previews a schedule: the next three slots after now, or the parser\'s 422', async () => {
    const every = await api(server, '/api/admin/backups/schedule-preview?spec=every%206h', { method: 'GET', token: admin.token });
    expect(every.status).toBe(200);
    const times = (every.body.next as string[]).map((at) => Date.parse(at));
    expect(times).toHaveLength(3);
    expect(times[0]! % 21_600_000).toBe(0);
    expect(times[0]!).toBeGreaterThan(Date.now() - 1000);
    expect(times[1]! - times[0]!).toBe(21_600_000);

    const bad = await api(server, '/api/admin/backups/schedule-preview?spec=61%20*%20*%20*%20*', { method: 'GET', token: admin.token });
    expect(bad.status).toBe(422);
  });

  it('refuses a non-admin with 403 before looking at the body', async () => {
    const refused = await api(server, '/api/admin/backups/plans', { method: 'POST', token: member.token, json: { nonsense: true } });
    expect(refused.status).toBe(403);
    expect((await api(server, '/api/admin/backups/plans', { method: 'GET', token: member.token })).status).toBe(403);
  });
});
