// What the subscribers service takes and answers.
import type { Actor } from '../../auth/policy.ts';
import type { ChannelSubscriberRow } from '../../db/types.ts';
import type { SubscriberLocale } from './fns.ts';

export interface ListSubscribersInput {
  actor: Actor;
  channelId: number;
  page: number;
  perPage: number;
}

export interface AddSubscriberInput {
  actor: Actor;
  channelId: number;
  email: string;
  locale?: SubscriberLocale | undefined;
  /** Where the welcome mail's links start (TARMAC_URL or the request's address). */
  baseUrl: string;
}

export interface OptInInput {
  channel: { id: number; slug: string };
  /** Already one mailbox, lower-cased (normalEmail). */
  email: string;
  locale: SubscriberLocale;
  baseUrl: string;
}

/** The payload of a `mail.subscriber` job: the confirmation or the welcome of one subscriber. */
export interface SubscriberMailPayload {
  subscriberId: number;
  kind: 'confirm' | 'welcome';
  baseUrl: string;
  [key: string]: unknown;
}

/** The payload of a `mail.new-build` job: one subscriber_mails row. */
export interface NewBuildMailPayload {
  mailId: number;
  releaseId: number;
  baseUrl: string;
  [key: string]: unknown;
}

export type Subscriber = ChannelSubscriberRow;
