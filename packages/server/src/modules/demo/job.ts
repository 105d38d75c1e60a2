// The daily demo.reset job (jobs/handlers.ts, 00:00 UTC): on a normal instance it does nothing.
import type { JobDeps } from '../../jobs/deps.ts';
import { resetDemo } from './reset.ts';

export async function runDemoReset(_payload: unknown, _context: unknown, deps: JobDeps): Promise<void> {
  if (!deps.config.demo) return;
  await resetDemo(deps);
}
