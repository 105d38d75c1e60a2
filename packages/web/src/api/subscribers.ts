// A channel's subscribers (people told by mail of its new builds): GET, POST
// /api/channels/{id}/subscribers and DELETE …/{subscriber_id}. The list's X-Mail-Configured
// header says whether the server sends mail at all (TARMAC_SMTP_URL).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, answerPage, api } from './client.ts';
import type { JsonAnswer, JsonBody, Page } from './client.ts';

export type Subscriber = JsonAnswer<'/api/channels/{id}/subscribers', 'post'>;
export type NewSubscriber = JsonBody<'/api/channels/{id}/subscribers', 'post'>;
export type SubscriberLocale = NonNullable<NewSubscriber['locale']>;
export const SUBSCRIBER_LOCALES = ['en', 'zh-CN'] as const satisfies readonly SubscriberLocale[];
export const SUBSCRIBERS_PER_PAGE = 20;

export interface SubscriberPage extends Page<Subscriber> {
  /** Whether the server sends mail; when not, nobody is mailed. */
  mailConfigured: boolean;
}

export const subscriberKeys = {
  all: (channelId: number) => ['channels', channelId, 'subscribers'] as const,
  page: (channelId: number, page: number) => ['channels', channelId, 'subscribers', page] as const,
};

export async function listSubscribers(channelId: number, page: number): Promise<SubscriberPage> {
  const result = await api.GET('/api/channels/{id}/subscribers', {
    // No per_page: the site's per_page setting decides; answerPage reads the size used (X-Per-Page).
    params: { path: { id: channelId }, query: { page } },
  });
  const items = await answerPage(Promise.resolve(result), page, SUBSCRIBERS_PER_PAGE);
  return { ...items, mailConfigured: result.response.headers.get('x-mail-configured') === 'true' };
}

export function addSubscriber(channelId: number, body: NewSubscriber): Promise<Subscriber> {
  return answer(api.POST('/api/channels/{id}/subscribers', { params: { path: { id: channelId } }, body }));
}

export function removeSubscriber(channelId: number, subscriberId: number): Promise<unknown> {
  return answer(api.DELETE('/api/channels/{id}/subscribers/{subscriber_id}', { params: { path: { id: channelId, subscriber_id: subscriberId } } }));
}

export function useSubscribers(channelId: number, page: number) {
  return useQuery({
    queryKey: subscriberKeys.page(channelId, page),
    queryFn: () => listSubscribers(channelId, page),
    placeholderData: keepPreviousData,
  });
}
