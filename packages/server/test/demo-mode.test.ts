// Demo mode (TARMAC_DEMO_MODE, modules/demo): the showcase is seeded at start, every change is refused
// with 403 demo.read_only except signing in and out, the daily demo.reset job puts the seed back, and a
// normal instance is never wiped, by the job or otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_KINDS } from '../src/jobs/handlers.ts';
import type { JobDeps } from '../src/jobs/deps.ts';
import { noMailer } from '../src/mail/mailer.ts';
import { resetDemo, DemoModeOffError } from '../src/modules/demo/reset.ts';
import { demoAllows } from '../src/modules/demo/read-only.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { newApp } from './helpers/factories.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function jobDeps(server: TestServer): JobDeps {
  const { config, database, services } = server;
  return { config, database, storage: services.storage, clock: services.clock, mailer: noMailer, log: quiet, queue: services.jobs };
}

async function runResetJob(server: TestServer): Promise<void> {
  const kind = JOB_KINDS.find((candidate) => candidate.name === 'demo.reset');
  expect(kind?.schedule).toBe('0 0 * * *');
  const run = await kind!.load();
  await run({}, { id: 'test', name: 'demo.reset', attempt: 1, maxAttempts: 1 }, jobDeps(server));
}

async function snapshot(server: TestServer) {
  const { db } = server.database;
  const users = await db.selectFrom('users').select(['username', 'role', 'locale']).orderBy('username').execute();
  const apps = await db.selectFrom('apps').select('name').orderBy('name').execute();
  const channels = await db.selectFrom('channels').select('name').orderBy('name').execute();
  const releases = await db.selectFrom('releases').select(['release_type', 'file_key']).execute();
  return { users, apps: apps.map((app) => app.name), channels: channels.map((channel) => channel.name), releases };
}

describe('demo mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TARMAC_DEMO_MODE: 'true', TARMAC_DEMO_PASSWORD: 'showcase-password' });
  });
  afterAll(() => server.close());

  it('seeds the demo accounts and sample apps at start, with sample files in storage', async () => {
    const seeded = await snapshot(server);
    expect(seeded.users).toEqual([
      { username: 'demo-admin', role: 'admin', locale: 'en' },
      { username: 'demo-admin-zh', role: 'admin', locale: 'zh-CN' },
      { username: 'demo-member', role: 'member', locale: 'en' },
    ]);
    expect(seeded.apps).toEqual(['Sample Notes', 'Sample Weather']);
    expect(seeded.releases).toHaveLength(6);
    expect(seeded.releases.every((release) => release.release_type === 'sample')).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of await server.services.storage.read(seeded.releases[0]!.file_key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toContain('not a real build');
  });

  it('says it is a demo, with the accounts and password, at GET /api/demo', async () => {
    const response = await api(server, '/api/demo');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      enabled: true, accounts: ['demo-admin', 'demo-admin-zh', 'demo-member'], password: 'showcase-password', reset_at: '00:00',
    });
  });

  it('lets a demo admin sign in and read, and refuses every change with 403 demo.read_only', async () => {
    const session = await signIn(server, 'demo-admin', 'showcase-password');
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    expect((await api(server, '/api/apps', { headers })).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ['POST', '/api/apps', { name: 'Mine' }],
      ['PATCH', '/api/settings', { registration_policy: 'open' }],
      ['POST', '/api/users', { username: 'x', email: 'x@example.com', password: 'password-123' }],
      ['DELETE', '/api/apps/1', undefined],
      ['POST', '/api/apps/upload', undefined],
    ];
    for (const [method, path, json] of writes) {
      const response = await api(server, path, { method, headers, json });
      expect({ method, path, status: response.status, code: (response.body as { code?: string }).code }).toEqual({
        method, path, status: 403, code: 'demo.read_only',
      });
    }
    // Anonymous writes too, before authentication.
    const anonymous = await api(server, '/api/users/register', { method: 'POST', json: { username: 'a', email: 'a@b.co', password: 'x' } });
    expect(anonymous.status).toBe(403);
    expect((await api(server, '/api/session', { method: 'DELETE', headers })).status).toBeLessThan(300);
  });

  it('puts the seed back with the daily demo.reset job after the data changed', async () => {
    const before = await snapshot(server);
    const { db } = server.database;
    await db.updateTable('apps').set({ name: 'Vandalised' }).execute();
    await db.deleteFrom('users').where('username', '=', 'demo-member').execute();
    await newApp(server, { name: 'Extra app' });
    expect((await snapshot(server)).apps).toContain('Extra app');
    await runResetJob(server);
    const after = await snapshot(server);
    expect({ ...after, releases: after.releases.length }).toEqual({ ...before, releases: before.releases.length });
    // The old sample files are gone from storage, the new ones are there.
    for (const release of before.releases) expect(await server.services.storage.stat(release.file_key)).toBeNull();
    for (const release of after.releases) expect(await server.services.storage.stat(release.file_key)).not.toBeNull();
    await signIn(server, 'demo-member', 'showcase-password');
  });

  it('resets twice at once (two instances starting together) into one seed', async () => {
    const before = await snapshot(server);
    await Promise.all([runResetJob(server), runResetJob(server)]);
    const after = await snapshot(server);
    expect({ ...after, releases: after.releases.length }).toEqual({ ...before, releases: before.releases.length });
  });
});

describe('a normal instance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('is never wiped: the demo.reset job does nothing and the reset itself refuses to run', async () => {
    const user = await server.newUser({ username: 'keeper' });
    await newApp(server, { name: 'Real app', ownerId: user.id });
    await runResetJob(server);
    await expect(resetDemo(jobDeps(server))).rejects.toBeInstanceOf(DemoModeOffError);
    const after = await snapshot(server);
    expect(after.apps).toEqual(['Real app']);
    expect(after.users.map((row) => row.username)).toContain('keeper');
    expect(after.users.map((row) => row.username)).not.toContain('demo-admin');
  });

  it('answers GET /api/demo as off and accepts writes', async () => {
    expect((await api(server, '/api/demo')).body).toEqual({ enabled: false, accounts: [], password: null, reset_at: '00:00' });
    const admin = await server.newUser({ role: 'admin' });
    const created = await api(server, '/api/apps', { method: 'POST', token: admin.token, json: { name: 'Another' } });
    expect(created.status).toBe(201);
  });
});

describe('the read-only rule', () => {
  it('lets reads, sign-in, sign-out and install-page passwords through, nothing else', () => {
    expect(demoAllows('GET', '/api/apps?page=2')).toBe(true);
    expect(demoAllows('HEAD', '/c/abc')).toBe(true);
    expect(demoAllows('POST', '/api/session')).toBe(true);
    expect(demoAllows('POST', '/api/session/two-factor')).toBe(true);
    expect(demoAllows('DELETE', '/api/session')).toBe(true);
    expect(demoAllows('POST', '/abc123/unlock')).toBe(true);
    expect(demoAllows('POST', '/api/session/link')).toBe(false);
    expect(demoAllows('POST', '/api/apps/1/unlock')).toBe(false);
    expect(demoAllows('PUT', '/api/devices/x')).toBe(false);
    expect(demoAllows('POST', '/udid/retrieve')).toBe(false);
  });
});
