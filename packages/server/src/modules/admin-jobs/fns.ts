// What a job is about, in one short line for the admin screen: the event it dispatches, the
// delivery or record it works on. Built from an allow-list of payload fields (kinds, ids, slots),
// never from the whole payload, so addresses, URLs and secrets a job carries are not shown.
import type { JobRecord } from '../../jobs/types.ts';

/** The longest summary answered. */
export const SUMMARY_MAX = 200;
const VALUE_MAX = 64;

/** Payload fields safe to show: a kind, an event, a slot, or an identifier (`id`, `deliveryId`, `release_id` …). */
const SHOWN_KEY = /^(kind|event|slot|id)$|(_id|Id)$/;

function shortValue(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value === '') return undefined;
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > VALUE_MAX ? `${flat.slice(0, VALUE_MAX - 1)}…` : flat;
}

function clip(text: string): string {
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
}

/** `upload event 3f2a…`, `deliveryId 9f0c…`, `slot 2026-11-26T05:00:00.000Z`, or the dedupe key; "" when nothing is known. */
export function payloadSummary(job: Pick<JobRecord, 'payload' | 'dedupeKey'>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(job.payload)) {
    if (key === 'event' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const event = value as Record<string, unknown>;
      const kind = shortValue(event.kind);
      const id = shortValue(event.id);
      if (kind) parts.push(id ? `${kind} event ${id}` : `${kind} event`);
      continue;
    }
    if (!SHOWN_KEY.test(key)) continue;
    const shown = shortValue(value);
    if (shown !== undefined) parts.push(`${key} ${shown}`);
  }
  if (parts.length > 0) return clip(parts.join(', '));
  // PostgreSQL's job view carries no payload: the dedupe key (`event:<id>`, `delivery:<id>`) is what is known.
  return job.dedupeKey ? clip(shortValue(job.dedupeKey) ?? '') : '';
}
