// Backups to S3 against a real S3 server (helpers/s3.ts): builds stay on local disk while backups go
// to a bucket of their own (TARMAC_BACKUP_S3_*), under backups/; a run's archive is downloaded whole
// and by Range from the bucket, the plan's keep count prunes the bucket, delete empties it, and a
// restore of an S3 run copies it to the data directory, applies it, and removes the copy. Without
// a bucket an s3 plan is refused on its destination field.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupToEnd } from './helpers/backups.ts';
import { newApp } from './helpers/factories.ts';
import { newBucket } from './helpers/s3.ts';
import type { TestBucket } from './helpers/s3.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

interface Run {
  id: number; state: string; archive_key: string | null; sha256: string | null; size: number | null; error: string | null;
  destination: string;
}
interface Restore { id: number; state: string; error_code: string | null; confirm_text: string; report: { refusals: string[] } | null }

const PLAN = {
  enabled: false, schedule: null, include_database: true, app_ids: null, include_debug_files: true, notify_url: null,
};

/** The backup bucket's variables, for a Tarmac whose files stay on local disk. */
function backupEnv(bucket: TestBucket): Record<string, string> {
  const { endpoint, region, accessKeyId, secretAccessKey } = bucket.server;
  return {
    TARMAC_BACKUP_S3_BUCKET: bucket.name, TARMAC_BACKUP_S3_ENDPOINT: endpoint, TARMAC_BACKUP_S3_REGION: region,
    TARMAC_BACKUP_S3_FORCE_PATH_STYLE: 'true', TARMAC_BACKUP_S3_ACCESS_KEY_ID: accessKeyId, TARMAC_BACKUP_S3_SECRET_ACCESS_KEY: secretAccessKey,
  };
}

async function download(server: TestServer, admin: TestUser, runId: number, range?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${admin.token}`, ...(range ? { range } : {}) };
  const response = await fetch(`${server.url}/api/admin/backups/runs/${runId}/archive`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('backups in a bucket of their own', () => {
  let bucket: TestBucket;
  let server: TestServer;
  let admin: TestUser;
  // The first S3 test of a run may start the test S3 server (helpers/s3.ts): minutes on a slow machine.
  beforeAll(async () => {
    bucket = await newBucket();
    server = await startServer(backupEnv(bucket), { runJobs: true });
    admin = await server.newUser({ role: 'admin' });
  }, 600_000);
  afterAll(() => server?.close());

  async function poll<T extends { state: string }>(url: string, until: string[]): Promise<T> {
    for (let i = 0; i < 400; i++) {
      const answer = await api<T>(server, url, { token: admin.token });
      if (until.includes(answer.body.state)) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${url} did not reach ${until.join(' or ')}`);
  }

  it('stores runs under backups/, downloads them whole and by Range, prunes beyond the keep count, and deletes', async () => {
    const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
      method: 'POST', token: admin.token, json: { ...PLAN, name: 'Offsite', destination: 's3', keep_count: 1 },
    });
    expect(plan.status, plan.text).toBe(201);
    const first = await runBackupToEnd<Run>(server, admin, plan.body.id);
    expect(first).toMatchObject({ state: 'done', error: null, destination: 's3' });
    expect(await bucket.keys()).toEqual([`backups/${first.archive_key}`, `backups/${first.archive_key}.sha256`]);
    // Nothing is left on local disk: not the archive, not its temporary file.
    expect(existsSync(path.join(server.dataDir, 'backups', first.archive_key!))).toBe(false);

    const whole = await download(server, admin, first.id);
    expect(whole.response.status).toBe(200);
    expect(whole.bytes.length).toBe(first.size);
    expect(createHash('sha256').update(whole.bytes).digest('hex')).toBe(first.sha256);
    const part = await download(server, admin, first.id, 'bytes=512-1023');
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes 512-1023/${first.size}`);
    expect(part.bytes.equals(whole.bytes.subarray(512, 1024))).toBe(true);

    const second = await runBackupToEnd<Run>(server, admin, plan.body.id);
    expect(second.state).toBe('done');
    expect(await bucket.keys()).toEqual([`backups/${second.archive_key}`, `backups/${second.archive_key}.sha256`]);
    const pruned = await api<Run>(server, `/api/admin/backups/runs/${first.id}`, { token: admin.token });
    expect(pruned.body.archive_key).toBeNull();
    expect((await download(server, admin, first.id)).response.status).toBe(404);

    const removed = await api(server, `/api/admin/backups/runs/${second.id}/archive`, { method: 'DELETE', token: admin.token });
    expect(removed.status).toBe(204);
    expect(await bucket.keys()).toEqual([]);
    const gone = await api(server, `/api/admin/backups/runs/${second.id}/archive`, { token: admin.token });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('backups.archive_gone');
  });

  it('restores an S3 run: copied to the data directory to check, applied, and the copy removed', async () => {
    const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
      method: 'POST', token: admin.token, json: { ...PLAN, name: 'Offsite restore', destination: 's3', keep_count: 3 },
    });
    await newApp(server, { name: 'Before the backup', ownerId: admin.id });
    const run = await runBackupToEnd<Run>(server, admin, plan.body.id);
    expect(run.state).toBe('done');
    await newApp(server, { name: 'After the backup', ownerId: admin.id });

    const created = await api<Restore>(server, '/api/admin/restores', { method: 'POST', token: admin.token, json: { run_id: run.id } });
    expect(created.status, created.text).toBe(202);
    const ready = await poll<Restore>(`/api/admin/restores/${created.body.id}`, ['ready', 'failed']);
    expect(ready).toMatchObject({ state: 'ready', error_code: null });
    const copy = path.join(server.dataDir, 'restores', `${ready.id}.tar`);
    expect(existsSync(copy)).toBe(true);

    const applied = await api(server, `/api/admin/restores/${ready.id}/apply`, { method: 'POST', token: admin.token, json: { confirm: ready.confirm_text } });
    expect(applied.status, applied.text).toBe(202);
    expect(await poll<Restore>(`/api/admin/restores/${ready.id}`, ['done', 'failed'])).toMatchObject({ state: 'done', error_code: null });
    expect(existsSync(copy)).toBe(false);
    const apps = await api<{ name: string }[]>(server, '/api/apps?per_page=100', { token: admin.token });
    expect(apps.body.map((app) => app.name)).toContain('Before the backup');
    expect(apps.body.map((app) => app.name)).not.toContain('After the backup');
  });
});

describe('backups in the files\' bucket', () => {
  it('uses TARMAC_STORAGE=s3\'s bucket under TARMAC_S3_PREFIX and backups/ when no backup bucket is named', async () => {
    const bucket = await newBucket();
    const server = await startServer(bucket.env({ TARMAC_S3_PREFIX: 'tarmac' }), { runJobs: true });
    try {
      const admin = await server.newUser({ role: 'admin' });
      const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
        method: 'POST', token: admin.token, json: { ...PLAN, name: 'Same bucket', destination: 's3', keep_count: 2 },
      });
      expect(plan.status, plan.text).toBe(201);
      const run = await runBackupToEnd<Run>(server, admin, plan.body.id);
      expect(run.state).toBe('done');
      const keys = await bucket.keys();
      expect(keys).toContain(`tarmac/backups/${run.archive_key}`);
      expect(keys).toContain(`tarmac/backups/${run.archive_key}.sha256`);
      const whole = await download(server, admin, run.id);
      expect(createHash('sha256').update(whole.bytes).digest('hex')).toBe(run.sha256);
    } finally {
      await server.close();
    }
  }, 600_000);
});

describe('without a backup bucket', () => {
  it('refuses an s3 plan on its destination field, and stores nothing', async () => {
    const server = await startServer({});
    try {
      const admin = await server.newUser({ role: 'admin' });
      const refused = await api(server, '/api/admin/backups/plans', {
        method: 'POST', token: admin.token, json: { ...PLAN, name: 'Nowhere', destination: 's3', keep_count: 1 },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.details.destination[0]).toMatch(/TARMAC_BACKUP_S3_BUCKET/);
      expect((await api(server, '/api/admin/backups/plans', { token: admin.token })).body.items).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('fails a run whose bucket cannot be reached, with the reason, and leaves no file behind', async () => {
    const server = await startServer({ TARMAC_BACKUP_S3_BUCKET: 'unreachable', TARMAC_BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9' }, { runJobs: true });
    try {
      const admin = await server.newUser({ role: 'admin' });
      const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
        method: 'POST', token: admin.token, json: { ...PLAN, name: 'Unreachable', destination: 's3', keep_count: 1 },
      });
      expect(plan.status, plan.text).toBe(201);
      const run = await runBackupToEnd<Run>(server, admin, plan.body.id);
      expect(run).toMatchObject({ state: 'failed', archive_key: null });
      expect(run.error).toMatch(/cannot be reached/);
      expect(readdirSync(path.join(server.dataDir, 'tmp')).filter((name) => name.includes('backup'))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
