// What the webhook routes take and answer (docs/webhooks.md, the contract in the web app's screens).
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { DateTime, NullableString, StringEnum } from '../../http/schemas.ts';
import {
  CHANNEL_IDS_MAX, DELIVERY_EVENTS, DELIVERY_STATES, HOOK_EVENTS, HOOK_PROVIDERS, KEYWORD_MAX, NAME_MAX, SECRET_MAX, TEMPLATE_MAX,
  URL_MAX, WECOM_FORMATS,
} from './fns.ts';

const ID_MAX = 2147483647;
const Id = (description: string) => Type.Integer({ minimum: 1, maximum: ID_MAX, description });

export const WebhookChannel = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    scheme_name: Type.String(),
    app_id: Type.Integer(),
    app_name: Type.String(),
  },
  { description: 'A channel a hook posts for (shared hooks: only the channels the caller may see).' },
);

export const WebhookResponse = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String({ description: 'A label; "" shows the provider\'s name.' }),
    provider: StringEnum(HOOK_PROVIDERS),
    url_masked: Type.String({ description: 'The URL with its credential hidden; the full URL is never answered.' }),
    has_secret: Type.Boolean({ description: 'Whether a signing secret is set (Feishu, DingTalk, JSON); the secret is never answered.' }),
    keyword: NullableString('DingTalk\'s keyword, added to messages that lack it.'),
    format: Type.Union([StringEnum(WECOM_FORMATS), Type.Null()], { description: 'WeCom: markdown or a news card; null for others.' }),
    template: NullableString('A Mustache body (DingTalk and WeCom markdown, the JSON provider\'s body); null: the preset.'),
    events: Type.Array(StringEnum(HOOK_EVENTS)),
    enabled: Type.Boolean(),
    shared: Type.Boolean({ description: 'A shared hook: global admins manage it and attach it to channels of any app.' }),
    channel_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The channel a channel hook belongs to; null when shared.' }),
    channels: Type.Array(WebhookChannel),
    editable: Type.Boolean({ description: 'Whether the caller may change, test and delete it.' }),
    last_delivery: Type.Union(
      [
        Type.Object({
          state: StringEnum(DELIVERY_STATES),
          at: DateTime('When it finished, or was queued while pending.'),
          status: Type.Union([Type.Integer(), Type.Null()], { description: 'The HTTP status of its last attempt.' }),
        }),
        Type.Null(),
      ],
      { description: 'The newest delivery; null before the first.' },
    ),
    created_at: DateTime('When it was created.'),
    updated_at: DateTime('When it last changed.'),
  },
  { $id: 'Webhook', description: 'A webhook; its URL and secret are never answered in full.' },
);
export type WebhookResponse = Static<typeof WebhookResponse>;

const fields = {
  name: Type.String({ maxLength: NAME_MAX, description: 'A label; "" shows the provider\'s name.' }),
  provider: StringEnum(HOOK_PROVIDERS, { description: 'The service: what body is posted and how its answer is read.' }),
  url: Type.String({
    minLength: 1,
    maxLength: URL_MAX,
    description: 'The service\'s webhook URL, http(s). Loopback, private and link-local hosts are refused unless TARMAC_WEBHOOK_ALLOW_PRIVATE.',
  }),
  secret: Type.String({ maxLength: SECRET_MAX, description: 'Signing secret (Feishu, DingTalk, JSON); "" clears it; omitted on update keeps it.' }),
  keyword: Type.Union([Type.String({ maxLength: KEYWORD_MAX }), Type.Null()], { description: 'DingTalk only; null or "" for none.' }),
  format: StringEnum(WECOM_FORMATS, { description: 'WeCom only: markdown (default) or news.' }),
  template: Type.Union([Type.String({ maxLength: TEMPLATE_MAX }), Type.Null()], {
    description: 'A Mustache template (docs/webhooks.md lists the variables); null or "" for the preset. A bad one is 422 on template.',
  }),
  events: Type.Array(StringEnum(HOOK_EVENTS), { minItems: 1, maxItems: HOOK_EVENTS.length, description: 'What it posts on.' }),
  enabled: Type.Boolean({ description: 'A disabled hook posts nothing (its test button still works); true when omitted.' }),
  channel_ids: Type.Array(Id('Channel id.'), {
    maxItems: CHANNEL_IDS_MAX,
    description: 'Shared hooks: the channels it posts for (on update: replaces the set).',
  }),
};

export const CreateWebhookBody = Type.Object({
  name: Type.Optional(fields.name),
  provider: fields.provider,
  url: fields.url,
  secret: Type.Optional(fields.secret),
  keyword: Type.Optional(fields.keyword),
  format: Type.Optional(fields.format),
  template: Type.Optional(fields.template),
  events: fields.events,
  enabled: Type.Optional(fields.enabled),
});
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const CreateSharedWebhookBody = Type.Object({ ...CreateWebhookBody.properties, channel_ids: fields.channel_ids });
export type CreateSharedWebhookBody = Static<typeof CreateSharedWebhookBody>;

export const UpdateWebhookBody = Type.Object({
  name: Type.Optional(fields.name),
  provider: Type.Optional(fields.provider),
  url: Type.Optional(fields.url),
  secret: Type.Optional(fields.secret),
  keyword: Type.Optional(fields.keyword),
  format: Type.Optional(fields.format),
  template: Type.Optional(fields.template),
  events: Type.Optional(fields.events),
  enabled: Type.Optional(fields.enabled),
  channel_ids: Type.Optional(fields.channel_ids),
});
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const PreviewBody = Type.Object({
  provider: fields.provider,
  template: Type.Optional(fields.template),
  format: Type.Optional(fields.format),
  keyword: Type.Optional(fields.keyword),
  event: Type.Optional(StringEnum(DELIVERY_EVENTS, { description: 'The event to render; upload when omitted.' })),
  channel_id: Type.Optional(Id('Render from this channel\'s newest build (when it has one).')),
});
export type PreviewBody = Static<typeof PreviewBody>;

export const PreviewResponse = Type.Object(
  {
    method: Type.Literal('POST'),
    content_type: Type.String(),
    body: Type.String({ description: 'The exact text that would be posted (before a signature is added).' }),
    source: StringEnum(['release', 'sample'] as const, { description: 'Rendered from the channel\'s newest build, or the sample build.' }),
    release_id: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'WebhookPreview', description: 'What a hook would post.' },
);
export type PreviewResponse = Static<typeof PreviewResponse>;

export const DeliveryAttempt = Type.Object({
  number: Type.Integer({ description: '1 for the first post.' }),
  at: DateTime('When it was sent.'),
  duration_ms: Type.Integer(),
  status: Type.Union([Type.Integer(), Type.Null()], { description: 'The answer\'s HTTP status; null when none came.' }),
  ok: Type.Boolean(),
  error: NullableString('Why it failed: "HTTP 500", "timeout: …", "DingTalk errcode 310000: …"; null on success.'),
  response_excerpt: Type.String({ description: 'The first 2 KiB of the answer.' }),
});

export const DeliveryResponse = Type.Object(
  {
    id: Type.String({ description: 'A UUID, sent as X-Tarmac-Delivery on every attempt.' }),
    event: StringEnum(DELIVERY_EVENTS),
    state: StringEnum(DELIVERY_STATES),
    release_id: Type.Union([Type.Integer(), Type.Null()]),
    channel_id: Type.Union([Type.Integer(), Type.Null()]),
    title: Type.String(),
    created_at: DateTime('When it was queued.'),
    finished_at: Type.Union([DateTime('When it ended delivered or failed.'), Type.Null()]),
    next_attempt_at: Type.Union([DateTime('When the next attempt is due (pending only).'), Type.Null()]),
    attempts: Type.Array(DeliveryAttempt),
  },
  { $id: 'WebhookDelivery', description: 'One message to one hook and its attempts.' },
);
export type DeliveryResponse = Static<typeof DeliveryResponse>;

export const ChannelIdParams = Type.Object({ id: Id('Channel id.') });
export const DeliveryParams = Type.Object({
  id: Id('Webhook id.'),
  delivery_id: Type.String({ pattern: '^[0-9a-fA-F-]{36}$', description: 'Delivery id (a UUID).' }),
});
