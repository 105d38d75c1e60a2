// A job survives kill -9: jobs waiting when the worker's process is killed with SIGKILL run
// exactly once after a restart, and a job that was running when it died is claimed again once
// its lease is over (SQLite) or once the next process sees its worker's session gone (PostgreSQL,
// jobs/postgres-liveness.ts), and completes once.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openJobsDatabase, until } from './helpers/jobs.ts';
import type { JobsDatabase } from './helpers/jobs.ts';

const childScript = path.join(import.meta.dirname, 'helpers/jobs-child.ts');
const children: ChildProcess[] = [];
let db: JobsDatabase | undefined;
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await db?.close();
});

function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [childScript], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${err}`)));
  });
}

it('runs the jobs pending at a kill -9 exactly once after a restart', { timeout: 60_000 }, async () => {
  db = await openJobsDatabase();
  const out = path.join(db.dataDir, 'runs.log');
  const lines = () => (existsSync(out) ? readFileSync(out, 'utf8').trim().split('\n') : []);
  const env = { DATABASE_URL: db.url, JOBS_OUT: out, JOBS_LEASE_MS: '1000' };

  const first = await startChild({ ...env, JOBS_ENQUEUE: '1' });
  await until(() => lines().includes('start hang 1'));
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  expect(lines().filter((line) => line.includes('pending'))).toEqual([]);

  const second = await startChild(env);
  const expected = ['done pending-1', 'done pending-2', 'done hang'];
  await until(() => expected.every((line) => lines().includes(line)));
  await new Promise((resolve) => setTimeout(resolve, 2500)); // longer than a lease: nothing runs again
  second.kill('SIGTERM');
  await new Promise((resolve) => second.once('exit', resolve));

  const runs = lines();
  for (const line of expected) expect(runs.filter((run) => run === line), line).toHaveLength(1);
  expect(runs.filter((run) => run.startsWith('start pending'))).toHaveLength(2);
  expect(runs.filter((run) => run.startsWith('start hang'))).toEqual(['start hang 1', 'start hang 2']);
  expect((await db.queue().counts()).done).toBe(expected.length);
});
