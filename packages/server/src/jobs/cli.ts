// `tarmac jobs`: the counts per state and the latest failed and next waiting jobs, from the
// read side of the configured database's engine. Loaded by cli.ts only for this command.
import { systemClock } from '../clock.ts';
import type { DatabaseConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { createJobQueue } from './index.ts';
import { JOB_STATES } from './types.ts';
import type { JobRecord } from './types.ts';

function oneLine(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function describe(job: JobRecord): string {
  const base = `  ${job.id}  ${job.name}  attempts ${job.attempts}/${job.maxAttempts}`;
  if (job.state === 'failed') return `${base}  failed ${job.finishedAt ?? ''}  ${oneLine(job.lastError ?? '')}`;
  return `${base}  runs ${job.runAt}${job.lastError ? `  last error: ${oneLine(job.lastError)}` : ''}`;
}

export async function jobsReport(config: DatabaseConfig, database: DatabaseHandle, limit: number): Promise<string> {
  const queue = createJobQueue(config, database, systemClock);
  try {
    const counts = await queue.counts();
    const lines = [JOB_STATES.map((state) => `${state} ${counts[state]}`).join('  ')];
    const sections = [
      ['Latest failed', 'failed'],
      ['Next queued', 'queued'],
      ['Scheduled', 'scheduled'],
    ] as const;
    for (const [title, state] of sections) {
      if (counts[state] === 0) continue;
      const page = await queue.list({ state, perPage: limit });
      lines.push('', `${title} (${page.items.length} of ${page.total}):`, ...page.items.map(describe));
    }
    return `${lines.join('\n')}\n`;
  } finally {
    await queue.stop();
  }
}
