// The `event.dispatch` job: every listener hears the event; when one fails the job fails (and
// runs again, later, for all: listeners are idempotent by event id), after the others ran.
import type { JobDeps } from '../jobs/deps.ts';
import type { JobContext, JobPayload } from '../jobs/types.ts';
import { LISTENERS } from './listeners.ts';
import type { TarmacEvent } from './types.ts';

export async function dispatchEvent(payload: JobPayload, _context: JobContext, deps: JobDeps): Promise<void> {
  const event = payload.event as TarmacEvent;
  const failures: string[] = [];
  for (const listener of LISTENERS) {
    try {
      await (await listener.load())(event, deps);
    } catch (error) {
      deps.log.error({ err: error, listener: listener.name, event: { kind: event.kind, id: event.id } }, 'A listener failed');
      failures.push(`${listener.name}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(failures.join('; '));
}
