// A process that owns a job worker, for the restart tests (jobs-restart.test.ts). Environment:
// DATABASE_URL, JOBS_OUT (a file each run appends to), JOBS_ENQUEUE=1 to enqueue the test jobs
// first, JOBS_LEASE_MS. The "hang" job never finishes its first attempt. Prints "ready" once
// the worker runs; stops gracefully on SIGTERM.
import { appendFileSync } from 'node:fs';
import { systemClock } from '../../src/clock.ts';
import type { DatabaseConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/db/index.ts';
import { createJobQueue } from '../../src/jobs/index.ts';

const url = process.env.DATABASE_URL!;
const out = process.env.JOBS_OUT!;
const config: DatabaseConfig = url.startsWith('sqlite:')
  ? { engine: 'sqlite', filename: url.slice('sqlite:'.length) }
  : { engine: 'postgres', connectionString: url };
const database = createDatabase(config);
const queue = createJobQueue(config, database, systemClock, { pollMs: 50, leaseMs: Number(process.env.JOBS_LEASE_MS ?? 1000) });
queue.register('work', async (payload, context) => {
  appendFileSync(out, `start ${String(payload.tag)} ${context.attempt}\n`);
  if (payload.tag === 'hang' && context.attempt === 1) await new Promise(() => undefined);
  appendFileSync(out, `done ${String(payload.tag)}\n`);
});
if (process.env.JOBS_ENQUEUE === '1') {
  await queue.enqueue('work', { tag: 'hang' });
  for (const tag of ['pending-1', 'pending-2']) await queue.enqueue('work', { tag }, { runAt: new Date(Date.now() + 1500) });
}
await queue.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void queue.stop().then(() => database.close()).then(() => process.exit(0));
});
