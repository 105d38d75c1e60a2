// Webhook constants and the pure checks on what a client sends. Kept free of the webhook library
// (templates, providers, outbound): route and service files load at startup and must stay small;
// the library is imported where a request or a job needs it.
import type { Provider } from '../../webhooks/providers.ts';
import type { WebhookRow } from '../../db/types.ts';

export const HOOK_PROVIDERS = ['slack', 'discord', 'feishu', 'dingtalk', 'wecom', 'teams', 'json'] as const satisfies readonly Provider[];
/** What a hook can be told about: the events of src/events, and a daily digest of the channels' new builds. */
export const HOOK_EVENTS = ['upload', 'download', 'changelog', 'release_deleted', 'debug_file', 'digest'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];
/** A delivery's event: one of the hook events, or a test message. */
export const DELIVERY_EVENTS = [...HOOK_EVENTS, 'test'] as const;
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const WECOM_FORMATS = ['markdown', 'news'] as const;

export const NAME_MAX = 100;
export const URL_MAX = 2048;
export const SECRET_MAX = 256;
export const KEYWORD_MAX = 64;
export const TEMPLATE_MAX = 16_384;
export const CHANNEL_IDS_MAX = 1000;
/** A stored delivery body at most (the rendered request, as sent). */
export const BODY_MAX_BYTES = 64 * 1024;
/** The answer's excerpt kept with an attempt. */
export const EXCERPT_MAX_BYTES = 2048;

/** The providers that sign with a secret; the others take none. */
export const SIGNING_PROVIDERS: readonly string[] = ['feishu', 'dingtalk', 'json'];
/** The providers whose body a template replaces (the others post their preset). */
export const TEMPLATE_PROVIDERS: readonly string[] = ['dingtalk', 'wecom', 'json'];

/** A hook's events, read back from its JSON column (unknown names dropped). */
export function eventsOf(row: Pick<WebhookRow, 'events'>): HookEvent[] {
  try {
    const parsed = JSON.parse(row.events) as unknown;
    return Array.isArray(parsed) ? HOOK_EVENTS.filter((event) => parsed.includes(event)) : [];
  } catch {
    return [];
  }
}

/** The wait before attempt `failed + 1`: base·2^(failed−1) seconds, at most an hour, never shorter than Retry-After. */
export function retryDelaySeconds(failed: number, baseSeconds: number, retryAfterSeconds?: number): number {
  const backoff = Math.min(baseSeconds * 2 ** Math.max(0, failed - 1), 3600);
  return Math.min(Math.max(backoff, retryAfterSeconds ?? 0), 3600);
}
