// The rules of a channel's subscribers: people told by mail of its new builds. The app's
// admins (and global admins) add and remove them, every collaborator reads the list; a visitor
// of the install page opts in with double opt-in (a pending row and a confirmation mail; the
// link activates it). Mails are queued as jobs (jobs.ts), only when mail is configured.
import type { Actor, AppAction } from '../../auth/policy.ts';
import { isoFromNow } from '../../clock.ts';
import type { Clock } from '../../clock.ts';
import { ConflictError, NotFoundError, RECORD_NOT_FOUND } from '../../errors.ts';
import type { JobQueue } from '../../jobs/types.ts';
import type { Page } from '../../shared/page.ts';
import { assertOnApp, toMembership } from '../collaborators/fns.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import { archivedError } from '../channels/service.ts';
import type { ChannelsRepository } from '../channels/repository.ts';
import { CONFIRM_HOURS, TOKEN_PATTERN, checkEmail } from './fns.ts';
import type { SubscriberLocale, SubscriberTokens } from './fns.ts';
import type { SubscribersRepository } from './repository.ts';
import type { AddSubscriberInput, ListSubscribersInput, OptInInput, Subscriber, SubscriberMailPayload } from './types.ts';

export const SUBSCRIBER_MAIL_JOB = 'mail.subscriber';
export const NEW_BUILD_MAIL_JOB = 'mail.new-build';

interface Deps {
  subscribersRepository: SubscribersRepository;
  channelsRepository: Pick<ChannelsRepository, 'findWithContext'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership'>;
  queue: Pick<JobQueue, 'enqueue'>;
  tokens: SubscriberTokens;
  clock: Clock;
  /** Whether TARMAC_SMTP_URL is set: without it nothing is mailed (and the install page offers no form). */
  mailConfigured: boolean;
  defaultLocale: SubscriberLocale;
}

export function createSubscribersService(deps: Deps) {
  const { subscribersRepository: repository, tokens, clock } = deps;

  async function channelFor(actor: Actor, channelId: number, action: AppAction) {
    const row = await deps.channelsRepository.findWithContext(channelId);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'channel.not_found');
    assertOnApp(actor, toMembership(await deps.collaboratorsRepository.findMembership(row.app_id, actor.userId)), action);
    return row;
  }

  async function mail(subscriber: Subscriber, kind: SubscriberMailPayload['kind'], baseUrl: string): Promise<void> {
    if (!deps.mailConfigured) return;
    const payload: SubscriberMailPayload = { subscriberId: subscriber.id, kind, baseUrl };
    await deps.queue.enqueue(SUBSCRIBER_MAIL_JOB, payload);
  }

  /** A new row's times and token hashes. */
  function fresh(channelId: number, email: string, pending: boolean) {
    const createdAt = clock.now();
    const confirmExpiresAt = pending ? isoFromNow(clock, CONFIRM_HOURS * 3_600_000) : null;
    const facts = { channel_id: channelId, email };
    return {
      created_at: createdAt,
      confirm_expires_at: confirmExpiresAt,
      confirm_token_hash: confirmExpiresAt ? tokens.hash(tokens.confirm({ ...facts, confirm_expires_at: confirmExpiresAt })) : null,
      unsubscribe_token_hash: tokens.hash(tokens.unsubscribe({ ...facts, created_at: createdAt })),
    };
  }

  return {
    mailConfigured: deps.mailConfigured,

    async list(input: ListSubscribersInput): Promise<Page<Subscriber>> {
      const channel = await channelFor(input.actor, input.channelId, 'app:read');
      const [items, total] = await Promise.all([
        repository.list(channel.id, input.perPage, (input.page - 1) * input.perPage),
        repository.count(channel.id),
      ]);
      return { items, total, page: input.page, perPage: input.perPage };
    },

    /**
     * Adds an address as active (source team) and queues a welcome mail naming who added it. A
     * pending self-subscription of the same address becomes active; an active one is a 409.
     */
    async add(input: AddSubscriberInput): Promise<Subscriber> {
      const channel = await channelFor(input.actor, input.channelId, 'channel:manage');
      const email = checkEmail(input.email);
      if (channel.app_archived) throw archivedError({ id: channel.app_id, name: channel.app_name });
      const locale = input.locale ?? deps.defaultLocale;
      const now = clock.now();
      const team = { state: 'active' as const, source: 'team' as const, added_by: input.actor.userId, confirmed_at: now, locale };
      let row = await repository.insert({ channel_id: channel.id, email, ...team, ...fresh(channel.id, email, false) });
      if (!row) {
        const existing = await repository.findByEmail(channel.id, email);
        if (!existing || existing.state === 'active') {
          throw new ConflictError(`${email} is already subscribed to this channel`, 'subscriber.exists', { email });
        }
        row = await repository.update(existing.id, { ...team, confirm_token_hash: null, confirm_expires_at: null });
        if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'subscriber.not_found');
      }
      await mail(row, 'welcome', input.baseUrl);
      return row;
    },

    async remove(actor: Actor, channelId: number, subscriberId: number): Promise<void> {
      const channel = await channelFor(actor, channelId, 'channel:manage');
      if (!(await repository.remove({ id: subscriberId, channelId: channel.id }))) {
        throw new NotFoundError(RECORD_NOT_FOUND, 'subscriber.not_found');
      }
    },

    /**
     * The install page's form, after the page's own access rules. Says nothing of what it found:
     * a new address gets a pending row and a confirmation mail, a pending one a new link (the old
     * one stops working), an active one nothing.
     */
    async optIn(input: OptInInput): Promise<void> {
      if (!deps.mailConfigured) return;
      const { channel, email } = input;
      const base = { channel_id: channel.id, email, locale: input.locale, state: 'pending' as const, source: 'self' as const, added_by: null };
      const inserted = await repository.insert({ ...base, confirmed_at: null, ...fresh(channel.id, email, true) });
      if (inserted) return mail(inserted, 'confirm', input.baseUrl);
      const existing = await repository.findByEmail(channel.id, email);
      if (!existing || existing.state !== 'pending') return;
      const { confirm_expires_at: expires, confirm_token_hash: hash } = fresh(channel.id, email, true);
      const renewed = await repository.update(existing.id, { confirm_expires_at: expires, confirm_token_hash: hash, locale: input.locale });
      if (renewed) await mail(renewed, 'confirm', input.baseUrl);
    },

    /** Activates the pending subscription of a confirmation token that has not expired; undefined otherwise. */
    async confirm(token: string): Promise<Subscriber | undefined> {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      return repository.confirm(tokens.hash(token), clock.now());
    },

    /** Removes the subscription of an unsubscribe token; false when there is none (already gone). */
    async unsubscribe(token: string): Promise<boolean> {
      if (!TOKEN_PATTERN.test(token)) return false;
      return repository.remove({ unsubscribeHash: tokens.hash(token) });
    },

    /** The channel's slug and names, for the pages of the links. */
    names(channelId: number) {
      return repository.channelForMail(channelId);
    },

    /**
     * The subscription an unsubscribe token names, or the pending one a confirmation token names
     * while its link works: for the page that asks "are you sure".
     */
    async byToken(kind: 'confirm' | 'unsubscribe', token: string): Promise<Subscriber | undefined> {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const row = await repository.findBy(kind === 'confirm' ? 'confirm_token_hash' : 'unsubscribe_token_hash', tokens.hash(token));
      if (kind === 'unsubscribe' || !row) return row;
      return row.state === 'pending' && row.confirm_expires_at !== null && Date.parse(row.confirm_expires_at) > clock.nowMs() ? row : undefined;
    },
  };
}

export type SubscribersService = ReturnType<typeof createSubscribersService>;
