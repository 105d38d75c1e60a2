// Running a backup plan over HTTP: 202 with a run id, the run's progress to done, the archive and
// its sha256 sidecar in the local backup directory, and the keep count pruning older archives.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupToEnd } from './helpers/backups.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startServer({}, { runJobs: true });
  admin = await server.newUser({ role: 'admin' });
});
afterAll(() => server.close());

interface Run {
  id: number;
  state: string;
  percent: number;
  archive_key: string | null;
  sha256: string | null;
  size: number | null;
  error: string | null;
}

const runToEnd = (planId: number) => runBackupToEnd<Run>(server, admin, planId);

describe('backup runs', () => {
  it('runs a plan to done, stores the archive with its checksum, and keeps only the newest N', async () => {
    const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
      method: 'POST', token: admin.token,
      json: {
        name: 'Keep one', enabled: false, schedule: null, include_database: true, app_ids: null, include_debug_files: true,
        destination: 'local', keep_count: 1, notify_url: null,
      },
    });
    expect(plan.status).toBe(201);
    const dir = path.join(server.dataDir, 'backups');

    const first = await runToEnd(plan.body.id);
    expect(first).toMatchObject({ state: 'done', percent: 100, error: null });
    const firstFile = path.join(dir, first.archive_key!);
    const bytes = readFileSync(firstFile);
    expect(bytes.length).toBe(first.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(first.sha256);
    expect(readFileSync(`${firstFile}.sha256`, 'utf8')).toBe(`${first.sha256}  ${first.archive_key}\n`);

    const second = await runToEnd(plan.body.id);
    expect(second.state).toBe('done');
    expect(existsSync(path.join(dir, second.archive_key!))).toBe(true);
    expect(existsSync(firstFile)).toBe(false);
    expect(existsSync(`${firstFile}.sha256`)).toBe(false);

    const runs = await api<{ items: Run[]; total: number }>(server, '/api/admin/backups/runs?per_page=10', { token: admin.token });
    expect(runs.body.total).toBe(2);
    expect(runs.body.items.map((run) => [run.id, run.archive_key])).toEqual([[second.id, second.archive_key], [first.id, null]]);
  });
});
