// /api/admin/jobs: global administrators see the background jobs by state, count them, retry a
// failed or waiting job and discard one; anyone else is refused before their input is read. The
// queue here is the server's own (the engine DATABASE_URL names) running three test job kinds: one
// that always fails, one that blocks until released (a running job: 409 on retry or discard), one
// that succeeds. The dashboard counts the same jobs for administrators only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenMessages } from '../src/auth/policy.ts';
import { until } from './helpers/jobs.ts';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

interface Job {
  id: string;
  name: string;
  state: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  payload_summary: string;
}

let server: TestServer;
let admin: TestUser;
let developer: TestUser;
let member: TestUser;
let failRuns = 0;
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  developer = await server.newUser({ role: 'developer' });
  member = await server.newUser();
  const { jobs } = server.services;
  jobs.register('test.fail', () => {
    failRuns += 1;
    return Promise.reject(new Error('receiver answered 500'));
  });
  jobs.register('test.block', () => released);
  jobs.register('test.ok', () => Promise.resolve());
  await jobs.start();
});
afterAll(async () => {
  release();
  await server.close();
});

async function list(state: string, query = ''): Promise<Job[]> {
  const res = await api<Job[]>(server, `/api/admin/jobs?state=${state}${query}`, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function counts(): Promise<Record<string, number>> {
  return (await api<Record<string, number>>(server, '/api/admin/jobs/counts', { token: admin.token })).body;
}

describe('who may use /api/admin/jobs', () => {
  const routes = [
    ['GET', '/api/admin/jobs?state=failed'],
    ['GET', '/api/admin/jobs/counts'],
    ['POST', '/api/admin/jobs/1/retry'],
    ['DELETE', '/api/admin/jobs/1'],
    // Refused before the input is looked at.
    ['GET', '/api/admin/jobs?state=nope'],
    ['DELETE', '/api/admin/jobs/no%20such'],
  ] as const;

  it.each(routes)('refuses %s %s to members and developers (403), and without a token (401)', async (method, url) => {
    for (const user of [member, developer]) {
      const res = await api(server, url, { method, token: user.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: forbiddenMessages['jobs:manage'], code: 'permission.jobs_manage' });
    }
    expect((await api(server, url, { method })).status).toBe(401);
  });

  it('refuses bad input with 422 and nothing changed', async () => {
    for (const url of ['/api/admin/jobs?state=nope', '/api/admin/jobs?state=failed&per_page=0', '/api/admin/jobs?state=failed&page=-1']) {
      const res = await api(server, url, { token: admin.token });
      expect(res.status, url).toBe(422);
      expect(res.body).toMatchObject({ error: expect.any(String) });
    }
    // A page far past the end is an empty page, not an error (offsets beyond any integer type included).
    for (const page of ['999999999', '9007199254740991']) {
      const res = await api(server, `/api/admin/jobs?state=done&page=${page}&per_page=100`, { token: admin.token });
      expect(res.status, page).toBe(200);
      expect(res.body).toEqual([]);
    }
    for (const id of ['no%20such', 'x'.repeat(65), '%C3%A9']) {
      const res = await api(server, `/api/admin/jobs/${id}/retry`, { method: 'POST', token: admin.token });
      expect(res.status, id).toBe(422);
    }
  });
});

describe('the jobs of each state', () => {
  let failedId = '';
  let runningId = '';

  beforeAll(async () => {
    const { jobs } = server.services;
    const url = 'https://hooks.example.com/services/SECRET-PART';
    await jobs.enqueue('test.fail', { deliveryId: 'd-41', url, token: 'hunter2' }, { maxAttempts: 1, dedupeKey: 'delivery:d-41' });
    await jobs.enqueue('test.block', { event: { kind: 'upload', id: 'e-7', secret: 'hunter2' } });
    await jobs.enqueue('test.ok', {});
    await jobs.enqueue('test.ok', { slot: '2026-11-26T05:00:00.000Z' }, { runAt: new Date(Date.now() + 3_600_000) });
    // Done jobs also hold the server's own scheduled jobs (the hourly prunes fire when the queue starts).
    await until(async () => {
      const now = await counts();
      const done = await jobs.list({ state: 'done', perPage: 100 });
      return now.failed === 1 && now.running === 1 && now.scheduled === 1 && done.items.some((job) => job.name === 'test.ok');
    });
  });

  it('counts them per state', async () => {
    const answered = await counts();
    expect(answered).toEqual({ queued: 0, running: 1, scheduled: 1, failed: 1, done: expect.any(Number) });
    expect(answered.done).toBe((await server.services.jobs.list({ state: 'done' })).total);
  });

  it('lists a failed job with its error and attempts, and a summary without secrets', async () => {
    const res = await api<Job[]>(server, '/api/admin/jobs?state=failed', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect(res.body).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        name: 'test.fail',
        state: 'failed',
        attempts: 1,
        max_attempts: 1,
        last_error: expect.stringContaining('receiver answered 500'),
        run_at: ISO_TIME,
        created_at: ISO_TIME,
        finished_at: ISO_TIME,
        payload_summary: expect.stringContaining('d-41'),
      },
    ]);
    expect(res.text).not.toContain('SECRET-PART');
    expect(res.text).not.toContain('hunter2');
    failedId = res.body[0]!.id;
  });

  it('lists running, scheduled and done jobs, with pages', async () => {
    const running = await list('running');
    expect(running).toMatchObject([{ name: 'test.block', state: 'running', finished_at: null }]);
    expect(JSON.stringify(running)).not.toContain('hunter2');
    runningId = running[0]!.id;
    expect(await list('scheduled')).toMatchObject([{ name: 'test.ok', state: 'scheduled', attempts: 0 }]);
    const done = await list('done');
    expect(done.map((job) => job.name)).toContain('test.ok');
    expect(done.find((job) => job.name === 'test.ok')).toMatchObject({ state: 'done', attempts: 1, last_error: null });
    expect(await list('queued')).toEqual([]);
    const page2 = await api<Job[]>(server, '/api/admin/jobs?state=done&page=2&per_page=1', { token: admin.token });
    expect(page2.status).toBe(200);
    expect(page2.body).toEqual([done[1]]);
    expect(page2.headers.get('x-total-count')).toBe(String(done.length));
    expect(page2.headers.get('x-total-pages')).toBe(String(done.length));
    const past = await api<Job[]>(server, `/api/admin/jobs?state=done&page=${done.length + 1}&per_page=1`, { token: admin.token });
    expect(past.body).toEqual([]);
  });

  it('refuses to retry or discard a running job (409), and unknown ids (404)', async () => {
    for (const [method, url] of [['POST', `/api/admin/jobs/${runningId}/retry`], ['DELETE', `/api/admin/jobs/${runningId}`]] as const) {
      const res = await api(server, url, { method, token: admin.token });
      expect(res.status, url).toBe(409);
      expect(res.body).toMatchObject({ error: `Job ${runningId} is running now: wait for it to finish`, code: 'job.running' });
    }
    for (const id of ['999999', '99999999999999999999', 'done-0']) {
      const res = await api(server, `/api/admin/jobs/${id}`, { method: 'DELETE', token: admin.token });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ error: `No waiting or failed job has id ${id}`, code: 'job.not_found', params: { id } });
    }
    expect((await counts()).running).toBe(1);
  });

  it('retries a failed job: it runs again now, from attempt 1', async () => {
    const before = failRuns;
    const res = await api(server, `/api/admin/jobs/${failedId}/retry`, { method: 'POST', token: admin.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
    await until(async () => failRuns === before + 1 && (await counts()).failed === 1);
    expect(await list('failed')).toMatchObject([{ id: failedId, attempts: 1 }]);
  });

  it('shows the counts on an administrator’s dashboard only', async () => {
    const dashboard = await api(server, '/api/dashboard', { token: admin.token });
    expect(dashboard.body.jobs).toEqual({ waiting: 1, running: 1, failed: 1 });
    const theirs = await api(server, '/api/dashboard', { token: developer.token });
    expect(theirs.status).toBe(200);
    expect('jobs' in theirs.body).toBe(false);
  });

  it('discards a failed job, once', async () => {
    const res = await api(server, `/api/admin/jobs/${failedId}`, { method: 'DELETE', token: admin.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'OK' });
    expect(await list('failed')).toEqual([]);
    const again = await api(server, `/api/admin/jobs/${failedId}`, { method: 'DELETE', token: admin.token });
    expect(again.status).toBe(404);
    const retry = await api(server, `/api/admin/jobs/${failedId}/retry`, { method: 'POST', token: admin.token });
    expect(retry.status).toBe(404);
  });

  it('lets the running job finish', async () => {
    const before = (await counts()).done ?? 0;
    release();
    await until(async () => (await counts()).running === 0);
    expect((await counts()).done).toBeGreaterThan(before);
    expect((await list('done')).map((job) => job.name)).toContain('test.block');
  });
});
