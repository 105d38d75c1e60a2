// Rows → the API's answers (schemas.ts). A hook's URL and secret never leave as they are stored.
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '../../db/types.ts';
import { eventsOf } from './fns.ts';
import type { HookChannelRow, LastDeliveryRow } from './repository.ts';
import type { DeliveryResponse, WebhookResponse } from './schemas.ts';

export function toWebhookResponse(
  row: WebhookRow,
  channels: HookChannelRow[],
  last: LastDeliveryRow | undefined,
  editable: boolean,
): WebhookResponse {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider as WebhookResponse['provider'],
    url_masked: row.url_masked,
    has_secret: row.secret !== null,
    keyword: row.keyword,
    format: row.format as WebhookResponse['format'],
    template: row.template,
    events: eventsOf(row),
    enabled: Boolean(row.enabled),
    shared: row.scope === 'shared',
    channel_id: row.scope === 'shared' ? null : row.channel_id,
    channels: channels.map(({ id, name, scheme_name, app_id, app_name }) => ({ id, name, scheme_name, app_id, app_name })),
    editable,
    last_delivery: last ? { state: last.state, at: last.finished_at ?? last.created_at, status: last.last_status } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toDeliveryResponse(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): DeliveryResponse {
  return {
    id: row.id,
    event: row.event as DeliveryResponse['event'],
    state: row.state,
    release_id: row.release_id,
    channel_id: row.channel_id,
    title: row.title,
    created_at: row.created_at,
    finished_at: row.finished_at,
    next_attempt_at: row.next_attempt_at,
    attempts: attempts.map((a) => ({
      number: a.number,
      at: a.at,
      duration_ms: a.duration_ms,
      status: a.status,
      ok: Boolean(a.ok),
      error: a.error,
      response_excerpt: a.response_excerpt,
    })),
  };
}
