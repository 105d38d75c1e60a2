// `tarmac jobs` against the configured database: counts per state, the latest failed job with
// its error and attempts, the waiting ones; a bad --limit is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openJobsDatabase, until } from './helpers/jobs.ts';
import type { JobsDatabase } from './helpers/jobs.ts';
import { runCli } from './helpers/process.ts';

let db: JobsDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  db = await openJobsDatabase();
  env = { TARMAC_DATA_DIR: db.dataDir, DATABASE_URL: db.url };
  const queue = db.queue();
  queue.register('webhook.deliver', () => Promise.reject(new Error('receiver answered 500\nwith a body')));
  await queue.start();
  const failed = await queue.enqueue('webhook.deliver', { hook: 1 }, { maxAttempts: 1 });
  await until(async () => (await queue.counts()).failed === 1);
  await queue.enqueue('retention.sweep', {}, { runAt: new Date(Date.now() + 3_600_000) });
  await queue.stop();
  expect(failed).toBeTruthy();
});
afterAll(() => db.close());

it('lists the counts, the latest failed job with its error, and the scheduled ones', () => {
  const result = runCli(['jobs'], env);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const lines = result.stdout.split('\n');
  expect(lines[0]).toBe('queued 0  running 0  scheduled 1  failed 1  done 0');
  expect(result.stdout).toContain('Latest failed (1 of 1):');
  expect(result.stdout).toMatch(/ {2}\d+ {2}webhook\.deliver {2}attempts 1\/1 {2}failed \S+ {2}receiver answered 500 with a body\n/);
  expect(result.stdout).toContain('Scheduled (1 of 1):');
  expect(result.stdout).toMatch(/retention\.sweep {2}attempts 0\/8 {2}runs \d{4}-/);
  expect(result.stdout).not.toContain('Next queued');
});

it('refuses a bad --limit with the reason', () => {
  for (const limit of ['0', '101', 'ten', '1.5']) {
    const result = runCli(['jobs', '--limit', limit], env);
    expect(result.status, limit).toBe(1);
    expect(result.stderr).toContain('--limit must be a number from 1 to 100');
  }
  expect(runCli(['jobs', '--limit', '1'], env).status).toBe(0);
});
