// emit(): one `event.dispatch` job per event, keyed on its id.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { JobQueue } from '../jobs/types.ts';
import type { EventInput, Events, TarmacEvent } from './types.ts';

export const DISPATCH_JOB = 'event.dispatch';

interface Log {
  error(object: object, message: string): void;
}

export function createEvents(queue: Pick<JobQueue, 'enqueue'>, clock: Clock, log: Log): Events {
  return {
    async emit(input: EventInput): Promise<void> {
      const event = { ...input, id: randomUUID(), at: clock.now() } as TarmacEvent;
      try {
        await queue.enqueue(DISPATCH_JOB, { event }, { dedupeKey: `event:${event.id}` });
      } catch (error) {
        log.error({ err: error, event: { kind: event.kind, id: event.id } }, 'Could not queue the notifications of an event');
      }
    },
  };
}
