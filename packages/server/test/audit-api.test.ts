// GET /api/admin/audit-events, its export and action list: filters, pages, refusals, CSV escaping
// and the daily retention job, on the engine of DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_KINDS } from '../src/jobs/handlers.ts';
import type { JobDeps } from '../src/jobs/deps.ts';
import { AUDIT_ACTIONS } from '../src/modules/audit/actions.ts';
import { csvCell } from '../src/modules/audit/export.ts';
import { pruneAuditLog } from '../src/modules/audit/prune.ts';
import { engineUnderTest } from './helpers/database.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
const LIST = '/api/admin/audit-events';

interface Line {
  action: string;
  [key: string]: unknown;
}

async function seed(at: string, entry: Parameters<TestServer['services']['auditLog']['record']>[0]) {
  await server.services.auditLog.record(entry);
  // Lines take the server clock's time: move the newest to the time the test wants.
  const newest = await server.database.db.selectFrom('audit_events').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await server.database.db.updateTable('audit_events').set({ occurred_at: at }).where('id', '=', newest.id).execute();
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin', username: 'root-admin' });
  member = await server.newUser({ role: 'member' });
  const cli = { id: null, name: 'cli', via: 'cli' as const };
  await seed('2026-01-10T08:00:00.000Z', { action: 'user.delete', actor: { id: admin.id, name: 'root-admin', via: 'session' }, target: { type: 'user', id: 41, name: 'gone' } });
  await seed('2026-02-10T08:00:00.000Z', {
    action: 'session.sign_in_failed', outcome: 'failure', actor: { id: null, name: 'Mallory', via: 'anonymous' }, origin: { ip: '198.51.100.7' },
  });
  await seed('2026-03-10T08:00:00.000Z', {
    action: 'app.delete', actor: cli, target: { type: 'app', id: 5, name: '=HYPERLINK("http://evil"), "quoted"\nnext line' },
    details: { note: '+1 comma, here', password: 'must not leak' },
  });
  await seed('2026-04-10T08:00:00.000Z', { action: 'settings.update', actor: cli, target: { type: 'setting', id: 'default_role', name: 'default_role' }, details: { from: 'member', to: 'admin' } });
});
afterAll(async () => {
  await server?.close();
});

const get = (query: string, user: TestUser = admin) => api<Line[]>(server, `${LIST}${query}`, { token: user.token });

describe(`audit log API on ${engineUnderTest()}`, () => {
  it('lists lines newest first with pagination headers', async () => {
    const page = await get('?per_page=2');
    expect(page.status).toBe(200);
    expect(page.body.map((line) => line.action)).toEqual(['settings.update', 'app.delete']);
    expect(page.headers.get('x-total-count')).toBe('4');
    expect(page.headers.get('link')).toContain('rel="next"');
    const second = await get('?per_page=2&page=2');
    expect(second.body.map((line) => line.action)).toEqual(['session.sign_in_failed', 'user.delete']);
    expect(page.body[0]).toMatchObject({ actor_via: 'cli', target_id: 'default_role', details: { from: 'member', to: 'admin' } });
  });

  it('filters by action (repeatable), actor, outcome, target, dates and words', async () => {
    const actions = async (query: string) => (await get(query)).body.map((line) => line.action);
    expect(await actions('?action=app.delete&action=user.delete')).toEqual(['app.delete', 'user.delete']);
    expect(await actions('?action=app.delete')).toEqual(['app.delete']);
    expect(await actions(`?actor=${admin.id}`)).toEqual(['user.delete']);
    expect(await actions('?actor=ROOT-ADMIN')).toEqual(['user.delete']);
    expect(await actions('?actor=mallory')).toEqual(['session.sign_in_failed']);
    expect(await actions('?outcome=failure')).toEqual(['session.sign_in_failed']);
    expect(await actions('?target_type=user&target_id=41')).toEqual(['user.delete']);
    expect(await actions('?from=2026-02-01&to=2026-03-10')).toEqual(['app.delete', 'session.sign_in_failed']);
    expect(await actions('?from=2026-02-10T08:00:01Z')).toEqual(['settings.update', 'app.delete']);
    expect(await actions('?q=198.51.100')).toEqual(['session.sign_in_failed']);
    expect(await actions('?q=hyperlink%20quoted')).toEqual(['app.delete']);
    expect(await actions('?q=nothing-like-this')).toEqual([]);
  });

  it('refuses bad filters with 422, naming the field', async () => {
    const unknown = await get('?action=app.explode');
    expect(unknown.status).toBe(422);
    const badDate = await get('?from=yesterday');
    expect(badDate.status).toBe(422);
    expect(Object.keys((badDate.body as unknown as { details: object }).details)).toEqual(['from']);
    const reversed = await get('?from=2026-05-01&to=2026-04-01');
    expect(reversed.status).toBe(422);
    expect(Object.keys((reversed.body as unknown as { details: object }).details)).toEqual(['to']);
    expect((await get('?per_page=1000')).status).toBe(422);
  });

  it('is for administrators only: 403 before the filters are read', async () => {
    for (const path of ['', '/export', '/actions', '?action=app.explode']) {
      const response = await api(server, `${LIST}${path}`, { token: member.token });
      expect(response.status, path).toBe(403);
      expect((response.body as { code: string }).code).toBe('permission.audit_read');
    }
    expect((await api(server, LIST)).status).toBe(401);
  });

  it('lists every action for the filter', async () => {
    const response = await api(server, `${LIST}/actions`, { token: admin.token });
    expect(response.body).toEqual([...AUDIT_ACTIONS]);
  });

  it('exports CSV with quoting and formula cells defused, the filters applied', async () => {
    const response = await api(server, `${LIST}/export?format=csv&action=app.delete&action=settings.update`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tarmac-audit-\d{4}-\d\d-\d\d\.csv"$/);
    const text = response.text;
    expect(text.startsWith('id,occurred_at,action,outcome,actor_id,actor_name,actor_via,target_type,target_id,target_name,ip,user_agent,request_id,details\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil""), ""quoted""\nnext line"`);
    expect(text).toContain('[REDACTED]');
    expect(text).not.toContain('must not leak');
    expect(text).not.toContain('user.delete');
    // Oldest first, one record per line (the quoted line break aside).
    expect(text.indexOf('app.delete')).toBeLessThan(text.indexOf('settings.update'));
    expect(text.trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('exports JSON, and refuses a bad filter before streaming', async () => {
    const response = await api<Line[]>(server, `${LIST}/export?format=json&outcome=failure`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('.json"');
    expect(response.body).toEqual([expect.objectContaining({ action: 'session.sign_in_failed', actor_name: 'Mallory', ip: '198.51.100.7' })]);
    const empty = await api(server, `${LIST}/export?format=json&q=nothing-like-this`, { token: admin.token });
    expect(empty.body).toEqual([]);
    expect((await api(server, `${LIST}/export?to=someday`, { token: admin.token })).status).toBe(422);
    expect((await api(server, `${LIST}/export?format=xml`, { token: admin.token })).status).toBe(422);
  });

  it('defuses every formula prefix in a CSV cell and quotes what needs it', () => {
    expect(['=1', '+1', '-1', '@x', '\tx'].map(csvCell)).toEqual(["'=1", "'+1", "'-1", "'@x", "'\tx"]);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvCell({ a: 'b' })).toBe('"{""a"":""b""}"');
  });

  it('prunes lines older than TARMAC_AUDIT_RETENTION_DAYS daily, and only those', async () => {
    expect(JOB_KINDS.find((kind) => kind.name === 'audit.prune')?.schedule).toBe('30 3 * * *');
    const clock = { now: () => '2026-04-20T00:00:00.000Z', nowMs: () => Date.parse('2026-04-20T00:00:00.000Z') };
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const deps = { clock, log, database: server.database, config: { ...server.config, auditRetentionDays: 60 } } as unknown as JobDeps;
    await pruneAuditLog({}, { id: '1', name: 'audit.prune', attempt: 1, maxAttempts: 1 }, deps);
    // 60 days before 20 April is 19 February: January's and February 10th's lines go.
    expect((await get('')).body.map((line) => line.action)).toEqual(['settings.update', 'app.delete']);
  });
});
