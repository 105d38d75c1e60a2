// GET /api/health/{checks}: every check passes on a working server and fails, 500 `unhealthy`,
// when its part breaks (storage that refuses writes, a closed database, an SMTP server that is
// gone, a queued job nobody ran); only allowed addresses and administrators may read them.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/storage/local.ts';
import type { Storage } from '../src/storage/storage.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { mailEnv, startSmtpServer } from './helpers/smtp.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';

let server: TestServer;
let smtp: TestSmtpServer;
let admin: TestUser;
let member: TestUser;
const outside = { 'x-forwarded-for': '203.0.113.9' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ ...mailEnv(smtp), TARMAC_TRUST_PROXY: 'true' });
  admin = await server.newUser({ role: 'admin' });
  member = await server.newUser();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('a working server', () => {
  it('passes the full check: every check ok, JSON, 200', async () => {
    const res = await api(server, '/api/health/full');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ healthy: true, message: 'healthy' });
    const checks = res.body.checks as { name: string; status: string; message: string; duration_ms: number }[];
    expect(checks.map((check) => [check.name, check.status])).toEqual([['database', 'ok'], ['storage', 'ok'], ['jobs', 'ok'], ['mail', 'ok']]);
    for (const check of checks) expect(check.duration_ms).toBeGreaterThanOrEqual(0);
    expect(checks[0]!.message).toMatch(server.database.engine === 'sqlite' ? /^SQLite \d+\.\d+/ : /^PostgreSQL \d+/);
    expect(checks[1]!.message).toMatch(/free of/);
    expect(checks[3]!.message).toContain(`127.0.0.1:${smtp.port}`);
    // The probe file is gone again.
    const probes = path.join(server.dataDir, 'storage', 'health');
    expect(readdirSafe(probes)).toEqual([]);
  });

  it('answers `healthy` as text when Accept asks for text/plain; `all` is `full`', async () => {
    const res = await api(server, '/api/health/all', { headers: { accept: 'text/plain' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toBe('healthy');
  });

  it('runs one check, or several joined by _, by name; an unknown name is a 404', async () => {
    const one = await api(server, '/api/health/database');
    expect(one.status).toBe(200);
    expect(namesOf(one.body)).toEqual(['database']);
    const two = await api(server, '/api/health/storage_jobs');
    expect(namesOf(two.body)).toEqual(['storage', 'jobs']);
    const unknown = await api(server, '/api/health/cache');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('health.unknown_check');
  });
});

describe('the allow-list (TARMAC_HEALTH_ALLOWED_IPS, default loopback and private ranges)', () => {
  it('refuses an address outside it with 403, even to a signed-in member', async () => {
    for (const token of [undefined, member.token]) {
      const res = await api(server, '/api/health/full', { headers: outside, token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'health.address_not_allowed', params: { ip: '203.0.113.9' } });
    }
  });

  it('lets a private address and a signed-in administrator through; /api/health stays open', async () => {
    expect((await api(server, '/api/health/database', { headers: { 'x-forwarded-for': '10.1.2.3' } })).status).toBe(200);
    expect((await api(server, '/api/health/database', { headers: outside, token: admin.token })).status).toBe(200);
    expect((await api(server, '/api/health', { headers: outside })).text).toBe('healthy');
  });

  it('takes the listed ranges only, or everyone with *', async () => {
    const listed = await startServer({ TARMAC_TRUST_PROXY: 'true', TARMAC_HEALTH_ALLOWED_IPS: '203.0.113.0/24, 2001:db8::1' });
    const open = await startServer({ TARMAC_TRUST_PROXY: 'true', TARMAC_HEALTH_ALLOWED_IPS: '*' });
    try {
      expect((await api(listed, '/api/health/database', { headers: outside })).status).toBe(200);
      expect((await api(listed, '/api/health/database', { headers: { 'x-forwarded-for': '2001:db8::1' } })).status).toBe(200);
      expect((await api(listed, '/api/health/database', { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(403);
      expect((await api(listed, '/api/health/database')).status).toBe(403); // 127.0.0.1 is not listed
      expect((await api(open, '/api/health/database', { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(200);
    } finally {
      await listed.close();
      await open.close();
    }
  });
});

describe('failures answer 500 unhealthy', () => {
  it('fails the mail check when the SMTP server is gone (not configured is only a warning)', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    const other = await startServer(mailEnv(gone));
    try {
      const res = await api(other, '/api/health/mail');
      expect(res.status).toBe(500);
      expect(res.body.healthy).toBe(false);
      expect(res.body.checks[0]).toMatchObject({ name: 'mail', status: 'fail', message: expect.stringMatching(/unreachable/) });
    } finally {
      await other.close();
    }
    const res = await api(server, '/api/health/mail');
    expect(res.body.checks[0].status).toBe('ok');
  });

  it('fails the jobs check when a queued job has waited over an hour', async () => {
    const other = await startServer();
    try {
      expect((await api(other, '/api/health/jobs')).body.checks[0].status).toBe('ok');
      await other.services.jobs.enqueue('test.stuck', {}, { runAt: new Date(Date.now() - 2 * 3_600_000) });
      const res = await api(other, '/api/health/jobs');
      expect(res.status).toBe(500);
      expect(res.body.checks[0]).toMatchObject({ status: 'fail', message: expect.stringMatching(/waited 1\d\d minutes.*1 queued/) });
    } finally {
      await other.close();
    }
  });

  it('fails the storage check when storage refuses writes, and the database check when the database is closed', async () => {
    let broken = false;
    const storage = (dataDir: string): Storage => {
      const local = createLocalStorage(dataDir);
      return { ...local, putBuffer: (key, data) => (broken ? Promise.reject(new Error('EACCES: permission denied')) : local.putBuffer(key, data)) };
    };
    const storeDir = mkdtempSync(path.join(tmpdir(), 'tarmac-health-'));
    const other = await startServer({}, { storage: storage(storeDir) });
    try {
      expect((await api(other, '/api/health/storage')).status).toBe(200);
      broken = true;
      const res = await api(other, '/api/health/full');
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('storage: EACCES: permission denied');
      expect((res.body as Body).checks.find((check) => check.name === 'storage')!.status).toBe('fail');
      expect((await api(other, '/api/health/full', { headers: { accept: 'text/plain' } })).text).toBe('unhealthy');

      await other.database.close();
      const closed = await api(other, '/api/health/database');
      expect(closed.status).toBe(500);
      expect(closed.body).toMatchObject({ healthy: false, checks: [{ name: 'database', status: 'fail' }] });
    } finally {
      await other.close().catch(() => undefined);
      rmSync(storeDir, { recursive: true, force: true });
    }
  });
});

interface Body {
  checks: { name: string; status: string }[];
}

function namesOf(body: Body): string[] {
  return body.checks.map((check) => check.name);
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
