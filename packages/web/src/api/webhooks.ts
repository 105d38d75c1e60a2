// Webhooks: a channel's own hooks and the shared hooks attached to it (/api/channels/{id}/webhooks),
// the shared hooks of global admins (/api/webhooks), the preview of a body, "send test", and each
// hook's deliveries with their attempts (redeliver). URLs and secrets are never answered in full.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, answerPage, api } from './client.ts';
import type { JsonAnswer, JsonBody, SameValues, Schemas } from './client.ts';

export type Webhook = Schemas['Webhook'];
export type Delivery = Schemas['WebhookDelivery'];
export type Preview = JsonAnswer<'/api/webhooks/preview', 'post'>;
export type Provider = Webhook['provider'];
export type HookEvent = Webhook['events'][number];
export type WebhookInput = JsonBody<'/api/channels/{id}/webhooks', 'post'>;
export type SharedWebhookInput = JsonBody<'/api/webhooks', 'post'>;
export type WebhookChanges = JsonBody<'/api/webhooks/{id}', 'put'>;
export type PreviewInput = JsonBody<'/api/webhooks/preview', 'post'>;

export const PROVIDERS = ['slack', 'discord', 'feishu', 'dingtalk', 'wecom', 'teams', 'json'] as const;
export const HOOK_EVENTS = ['upload', 'download', 'changelog', 'release_deleted', 'debug_file', 'digest'] as const;
const _providersMatch: SameValues<Provider, (typeof PROVIDERS)[number]> = true;
const _eventsMatch: SameValues<HookEvent, (typeof HOOK_EVENTS)[number]> = true;

export const SHARED_PER_PAGE = 25;
export const DELIVERIES_PER_PAGE = 20;
/** While a delivery is pending, the deliveries are asked again this often. */
const PENDING_REFRESH_MS = 1500;

export const webhookKeys = {
  all: ['webhooks'] as const,
  channel: (channelId: number) => ['webhooks', 'channel', channelId] as const,
  shared: (page: number) => ['webhooks', 'shared', page] as const,
  deliveries: (id: number, page: number) => ['webhooks', 'deliveries', id, page] as const,
};

/** While a hook's last delivery is pending, its list is asked again (its state changes soon). */
const pendingIn = (hooks: Webhook[] | undefined) => hooks?.some((hook) => hook.last_delivery?.state === 'pending') ?? false;

export function useChannelWebhooks(channelId: number) {
  return useQuery({
    queryKey: webhookKeys.channel(channelId),
    queryFn: () => answer(api.GET('/api/channels/{id}/webhooks', { params: { path: { id: channelId } } })),
    refetchInterval: (query) => (pendingIn(query.state.data) ? PENDING_REFRESH_MS : false),
  });
}

export function useSharedWebhooks(page: number) {
  return useQuery({
    queryKey: webhookKeys.shared(page),
    // No per_page: the site's per_page setting decides (here and for deliveries); answerPage reads the size used.
    queryFn: () => answerPage(api.GET('/api/webhooks', { params: { query: { page } } }), page, SHARED_PER_PAGE),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (pendingIn(query.state.data?.items) ? PENDING_REFRESH_MS : false),
  });
}

/** A hook's deliveries, newest first; polled while one of them is pending. */
export function useDeliveries(id: number | null, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0, page),
    queryFn: () =>
      answerPage(
        api.GET('/api/webhooks/{id}/deliveries', { params: { path: { id: id ?? 0 }, query: { page } } }),
        page,
        DELIVERIES_PER_PAGE,
      ),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((delivery) => delivery.state === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

export function createChannelWebhook(channelId: number, input: WebhookInput): Promise<Webhook> {
  return answer(api.POST('/api/channels/{id}/webhooks', { params: { path: { id: channelId } }, body: input }));
}

export function createSharedWebhook(input: SharedWebhookInput): Promise<Webhook> {
  return answer(api.POST('/api/webhooks', { body: input }));
}

export function updateWebhook(id: number, changes: WebhookChanges): Promise<Webhook> {
  return answer(api.PUT('/api/webhooks/{id}', { params: { path: { id } }, body: changes }));
}

export function deleteWebhook(id: number): Promise<Schemas['MessageResponse']> {
  return answer(api.DELETE('/api/webhooks/{id}', { params: { path: { id } } }));
}

export function previewWebhook(input: PreviewInput): Promise<Preview> {
  return answer(api.POST('/api/webhooks/preview', { body: input }));
}

export function testWebhook(id: number): Promise<Delivery> {
  return answer(api.POST('/api/webhooks/{id}/test', { params: { path: { id } } }));
}

export function redeliver(id: number, deliveryId: string): Promise<Delivery> {
  return answer(api.POST('/api/webhooks/{id}/deliveries/{delivery_id}/redeliver', { params: { path: { id, delivery_id: deliveryId } } }));
}
