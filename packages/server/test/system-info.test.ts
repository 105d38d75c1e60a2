// GET /api/admin/system (what runs and configuration verdicts, never a secret) and the database
// view GET /api/admin/database(/statements): administrators only; counts match the tables.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachability } from '../src/modules/system/info.ts';
import { scrubLiterals } from '../src/modules/system/database-view.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
const secret = 'test-secret-key-that-is-long-enough-0123456789';

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  member = await server.newUser();
});
afterAll(() => server.close());

type Item = { name: string; status: string; message: string };
const item = (body: { sanity: Item[] }, name: string) => body.sanity.find((entry) => entry.name === name)!;

describe('GET /api/admin/system', () => {
  it('describes the build, Node, host, database, storage and jobs to an administrator', async () => {
    const res = await api(server, '/api/admin/system', { token: admin.token });
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node_version: process.version,
      platform: process.platform,
      arch: process.arch,
      database: { engine: server.database.engine, version: expect.stringMatching(/^\d+/) },
      storage: { backend: 'local', path: `${server.dataDir}/storage`, bucket: null },
      jobs: { concurrency: server.config.jobsConcurrency, counts: { queued: 0, running: 0, failed: 0 } },
    });
    expect(body.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(body.process_memory.rss).toBeGreaterThan(body.process_memory.heap_used);
    expect(body.host.cpus).toBeGreaterThan(0);
    expect(body.host.load_average).toHaveLength(3);
    expect(body.database.size_bytes).toBeGreaterThan(0);
    expect(body.storage.free_bytes).toBeGreaterThan(0);
    expect(body.storage.total_bytes).toBeGreaterThanOrEqual(body.storage.free_bytes);
    expect((body.checks as { name: string }[]).map((check) => check.name)).toEqual(['database', 'storage', 'jobs', 'mail']);
    expect(res.text).not.toContain(secret);
  });

  it('gives each part of the configuration a verdict: http URL, env key, no mail, direct connections, metrics off', async () => {
    const { body } = await api(server, '/api/admin/system', { token: admin.token });
    expect(item(body, 'public_url')).toMatchObject({ status: 'warn', message: expect.stringMatching(/TARMAC_URL is not set/) });
    expect(item(body, 'secret_key')).toMatchObject({ status: 'ok', message: 'Set by TARMAC_SECRET_KEY' });
    expect(item(body, 'mail')).toMatchObject({ status: 'warn', message: expect.stringMatching(/not configured/) });
    expect(item(body, 'trust_proxy')).toMatchObject({ status: 'ok' });
    expect(item(body, 'metrics')).toMatchObject({ status: 'ok', message: 'GET /metrics is off' });
    const proxied = await api(server, '/api/admin/system', { token: admin.token, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(item(proxied.body, 'trust_proxy')).toMatchObject({ status: 'warn', message: expect.stringMatching(/TARMAC_TRUST_PROXY is off/) });
  });

  it('calls an https TARMAC_URL fine but reports when it cannot be reached; a generated key and open metrics are named', async () => {
    const other = await startServer({ TARMAC_URL: 'https://tarmac.invalid', TARMAC_SECRET_KEY: '', TARMAC_METRICS: 'true' });
    try {
      const otherAdmin = await other.newUser({ role: 'admin' });
      const { body } = await api(other, '/api/admin/system', { token: otherAdmin.token });
      expect(item(body, 'public_url')).toMatchObject({ status: 'ok', message: 'https://tarmac.invalid uses https' });
      expect(item(body, 'public_url_reachable')).toMatchObject({ status: 'warn', message: expect.stringMatching(/could not be reached/) });
      expect(item(body, 'secret_key').message).toMatch(/^Generated/);
      expect(item(body, 'metrics')).toMatchObject({ status: 'warn' });
    } finally {
      await other.close();
    }
  });

  it('reaches a URL that answers /api/health', async () => {
    expect(await reachability(server.url, 3000)).toMatchObject({ status: 'ok', message: `${server.url}/api/health answers 200 from this server` });
  });

  it('refuses a member with 403', async () => {
    for (const path of ['/api/admin/system', '/api/admin/database', '/api/admin/database/statements?limit=0']) {
      const res = await api(server, path, { token: member.token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('permission.system_read');
    }
  });
});

describe('GET /api/admin/database', () => {
  it('lists every table with its real row count and a size', async () => {
    const res = await api(server, '/api/admin/database', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.engine).toBe(server.database.engine);
    expect(res.body.total_bytes).toBeGreaterThan(0);
    const tables = res.body.tables as { name: string; rows: number; rows_exact: boolean; bytes: number | null }[];
    const users = tables.find((table) => table.name === 'users')!;
    const tokens = tables.find((table) => table.name === 'personal_access_tokens' || table.name === 'api_tokens' || table.name === 'tokens');
    const { rows } = await sql<{ n: number }>`select count(*) as n from users`.execute(server.database.db);
    expect(users).toMatchObject({ rows: Number(rows[0]!.n), rows_exact: true });
    expect(users.rows).toBe(2);
    expect(users.bytes).toBeGreaterThan(0);
    if (tokens) expect(tokens.rows).toBe(2);
    expect(tables.map((table) => table.name)).toContain('audit_events');
  });
});

describe('GET /api/admin/database/statements', () => {
  it('validates its query', async () => {
    expect((await api(server, '/api/admin/database/statements?limit=0', { token: admin.token })).status).toBe(422);
  });

  it('lists the slowest statements on PostgreSQL with pg_stat_statements, without literal values; says why not otherwise', async () => {
    const url = '/api/admin/database/statements?sort=total&limit=100';
    if (server.database.engine === 'sqlite') {
      const res = await api(server, url, { token: admin.token });
      expect(res.body).toMatchObject({ available: false, reason: 'sqlite' });
      return;
    }
    const before = await api(server, url, { token: admin.token });
    expect(before.body).toMatchObject({ available: false, reason: 'not_installed' });
    await sql`create extension if not exists pg_stat_statements`.execute(server.database.db);
    await sql.raw(`select 'zz-literal-value' as marker, 987654 as number_marker`).execute(server.database.db);
    const res = await api(server, url, { token: admin.token });
    expect(res.status).toBe(200);
    if (res.body.available === false) {
      // A cluster without shared_preload_libraries=pg_stat_statements: the extension is there but unreadable.
      expect(res.body).toMatchObject({ reason: 'not_loaded', message: expect.stringMatching(/pg_stat_statements/) });
      return;
    }
    const statements = res.body.statements as { query: string; calls: number; mean_ms: number; total_ms: number }[];
    expect(statements.length).toBeGreaterThan(0);
    expect(res.text).not.toContain('zz-literal-value');
    expect(res.text).not.toContain('987654');
    const marker = statements.find((statement) => statement.query.includes('number_marker'))!;
    expect(marker).toMatchObject({ calls: 1, query: expect.stringMatching(/^select \$1 as marker, \$2 as number_marker$/) });
    expect(marker.total_ms).toBeGreaterThanOrEqual(0);
  });

  it('scrubs literals that PostgreSQL keeps verbatim', () => {
    expect(scrubLiterals("set  statement_timeout = 5000; select 'it''s' from t1 where a = $1 and b = 2.5"))
      .toBe('set statement_timeout = ?; select ? from t1 where a = $1 and b = ?');
  });
});
