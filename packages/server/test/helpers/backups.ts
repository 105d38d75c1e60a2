// Backup runs over HTTP for the backup tests: start a plan's run (202) and wait for it to end.
import { expect } from 'vitest';
import { api } from './server.ts';
import type { TestServer, TestUser } from './server.ts';

/** POST …/plans/{id}/run, expecting 202; answers the run id. */
export async function startBackupRun(server: TestServer, admin: TestUser, planId: number): Promise<number> {
  const started = await api<{ run_id: number }>(server, `/api/admin/backups/plans/${planId}/run`, { method: 'POST', token: admin.token });
  expect(started.status).toBe(202);
  return started.body.run_id;
}

/** Runs the plan and polls the run until it is done or failed (20 s at most). */
export async function runBackupToEnd<T extends { state: string }>(server: TestServer, admin: TestUser, planId: number): Promise<T> {
  const id = await startBackupRun(server, admin, planId);
  for (let i = 0; i < 200; i++) {
    const run = await api<T>(server, `/api/admin/backups/runs/${id}`, { token: admin.token });
    if (run.body.state === 'done' || run.body.state === 'failed') return run.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`backup run ${id} did not end`);
}
