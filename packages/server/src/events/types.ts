// What happened, as the notifications (webhooks, subscriber mail) hear of it. An event is
// emitted by the HTTP route that did the work, once it is committed, and handed to the jobs
// (`event.dispatch`, events/dispatch.ts), which call every listener (events/listeners.ts).
// Listeners must be idempotent by `id`: a dispatch job that fails part-way runs again.

export const EVENT_KINDS = ['upload', 'download', 'changelog', 'release_deleted', 'debug_file'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

interface EventBase {
  /** A UUID, one per event; listeners key what they create on it (never two posts for one event). */
  id: string;
  /** ISO 8601. */
  at: string;
  /** The signed-in user (or token owner) who did it; null for a public visitor (a download). */
  actorId: number | null;
  /**
   * The public address the links in notifications start with: TARMAC_URL when set, otherwise
   * the address the request came in on (http/urls.ts publicBase), no trailing slash.
   */
  baseUrl: string;
}

export interface ReleaseEvent extends EventBase {
  kind: 'upload' | 'download' | 'changelog';
  channelId: number;
  releaseId: number;
}

/** The release row is gone when listeners run: the event carries what they show of it. */
export interface ReleaseDeletedEvent extends EventBase {
  kind: 'release_deleted';
  channelId: number;
  releaseId: number;
  /** The deleted row as stored (db/types.ts ReleaseRow), JSON-safe. */
  release: Record<string, unknown>;
}

export interface DebugFileEvent extends EventBase {
  kind: 'debug_file';
  appId: number;
  debugFileId: number;
  /** The channel whose key it was uploaded with, when it was. */
  channelId: number | null;
  /** The release it matched, when one did. */
  releaseId: number | null;
}

export type TarmacEvent = ReleaseEvent | ReleaseDeletedEvent | DebugFileEvent;

/** What an event is made from: emit() adds the id and the time. */
export type EventInput = TarmacEvent extends infer E ? (E extends TarmacEvent ? Omit<E, 'id' | 'at'> : never) : never;

export interface Events {
  /** Queues the event for its listeners. Never throws: a queue that fails is logged, the request it follows still succeeds. */
  emit(event: EventInput): Promise<void>;
}
