// Who hears of events. Each entry is loaded the first time an event is dispatched (not at
// startup: the idle server stays small). A listener queues its own jobs (one per delivery,
// one per mail), keyed on the event's id in its own table, so hearing an event twice does
// nothing new.
import type { JobDeps } from '../jobs/deps.ts';
import type { TarmacEvent } from './types.ts';

export type Listener = (event: TarmacEvent, deps: JobDeps) => Promise<void>;

export const LISTENERS: ReadonlyArray<{ name: string; load: () => Promise<Listener> }> = [
  { name: 'webhooks', load: async () => (await import('../modules/webhooks/listener.ts')).webhooksListener },
  // [listeners] Each notification module adds its listener here.
  { name: 'subscribers', load: async () => (await import('../modules/subscribers/listener.ts')).subscribersListener },
];
