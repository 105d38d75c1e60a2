// The rules for webhooks: a channel's own hooks (its app's admins) and shared hooks (global admins,
// attached to channels of any app); the checks of input.ts before any write; answers that never
// carry a URL or secret as stored. Sending (tests, redeliveries, previews) is in actions.ts.
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { WebhookRow } from '../../db/types.ts';
import { NotFoundError, RECORD_NOT_FOUND, ValidationError } from '../../errors.ts';
import type { Page } from '../../shared/page.ts';
import type { SecretBox } from '../../webhooks/secrets.ts';
import { archivedError } from '../channels/service.ts';
import { createHookAccess } from './access.ts';
import type { AccessDeps } from './access.ts';
import { checkChannelIds, prepareHook } from './input.ts';
import type { HookFields, UrlPolicy } from './input.ts';
import { toWebhookResponse } from './present.ts';
import type { HookChannelRow } from './repository.ts';
import type { WebhookResponse } from './schemas.ts';

export interface WebhooksDeps extends AccessDeps {
  box: SecretBox;
  urlPolicy: UrlPolicy;
  clock: Clock;
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { webhooksRepository: repo, box, urlPolicy, clock } = deps;
  const access = createHookAccess(deps);

  /** The answers for these hooks, each with the channels the caller may see and its newest delivery. */
  async function present(actor: Actor, rows: WebhookRow[], editable: (row: WebhookRow) => boolean): Promise<WebhookResponse[]> {
    const ids = rows.map((row) => row.id);
    const [channels, last] = await Promise.all([repo.channelsOf(ids), repo.lastDeliveries(ids)]);
    const seen = await access.visible(actor, channels);
    return rows.map((row) => {
      const own = (row.scope === 'shared' ? seen : channels).filter((c: HookChannelRow) => c.webhook_id === row.id);
      return toWebhookResponse(row, own, last.find((l) => l.webhook_id === row.id), editable(row));
    });
  }

  async function one(actor: Actor, row: WebhookRow, editable: boolean): Promise<WebhookResponse> {
    return (await present(actor, [row], () => editable))[0]!;
  }

  async function sharedChannelIds(ids: number[]): Promise<number[]> {
    return checkChannelIds(ids, await repo.existingChannels([...new Set(ids)]));
  }

  /** Runs a write that links channels; a channel deleted meanwhile (its foreign key fails) is the 422 it would have been. */
  async function linking<T>(channelIds: number[] | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (channelIds) await sharedChannelIds(channelIds);
      throw error;
    }
  }

  return {
    access,

    async listForChannel(actor: Actor, channelId: number): Promise<WebhookResponse[]> {
      const { manage, archivedApp } = await access.channel(actor, channelId, 'app:read');
      const rows = await repo.listForChannel(channelId);
      const admin = can(actor, 'webhooks:manage');
      return present(actor, rows, (row) => (row.scope === 'shared' ? admin : manage && !archivedApp));
    },

    async createForChannel(actor: Actor, channelId: number, fields: HookFields): Promise<WebhookResponse> {
      const { channel, archivedApp } = await access.channel(actor, channelId, 'webhook:manage');
      if (archivedApp) throw archivedError(archivedApp);
      const values = await prepareHook(fields, null, box, urlPolicy);
      const now = clock.now();
      const row = await repo.transaction((trx) =>
        repo.insert({ ...values, scope: 'channel', channel_id: channel.id, created_by: actor.userId, created_at: now, updated_at: now }, [channel.id], now, trx),
      );
      return one(actor, row, true);
    },

    async listShared(actor: Actor, page: number, perPage: number): Promise<Page<WebhookResponse>> {
      if (!can(actor, 'webhooks:manage')) throw forbidden('webhooks:manage');
      const [rows, total] = await Promise.all([repo.listShared(perPage, (page - 1) * perPage), repo.countShared()]);
      return { items: await present(actor, rows, () => true), total, page, perPage };
    },

    async createShared(actor: Actor, fields: HookFields & { channelIds: number[] }): Promise<WebhookResponse> {
      if (!can(actor, 'webhooks:manage')) throw forbidden('webhooks:manage');
      const values = await prepareHook(fields, null, box, urlPolicy);
      const channelIds = await sharedChannelIds(fields.channelIds);
      const now = clock.now();
      const row = await linking(channelIds, () => repo.transaction((trx) =>
        repo.insert({ ...values, scope: 'shared', channel_id: null, created_by: actor.userId, created_at: now, updated_at: now }, channelIds, now, trx),
      ));
      return one(actor, row, true);
    },

    async get(actor: Actor, id: number): Promise<WebhookResponse> {
      const { row, editable } = await access.hook(actor, id, 'read');
      return one(actor, row, editable);
    },

    async update(actor: Actor, id: number, fields: HookFields): Promise<WebhookResponse> {
      const { row, archivedApp } = await access.hook(actor, id, 'manage');
      if (archivedApp) throw archivedError(archivedApp);
      if (row.scope !== 'shared' && fields.channelIds !== undefined) {
        throw new ValidationError({ channel_ids: ['applies to shared hooks only: a channel hook posts for its own channel'] });
      }
      const values = await prepareHook(fields, row, box, urlPolicy);
      const channelIds = row.scope === 'shared' && fields.channelIds !== undefined ? await sharedChannelIds(fields.channelIds) : undefined;
      const now = clock.now();
      const updated = await linking(channelIds, () => repo.transaction(async (trx) => {
        if (channelIds) await repo.replaceChannels(row.id, channelIds, now, trx);
        return repo.update(row.id, { ...values, updated_at: now }, trx);
      }));
      if (!updated) throw new NotFoundError(RECORD_NOT_FOUND, 'webhook.not_found');
      return one(actor, updated, true);
    },

    async delete(actor: Actor, id: number): Promise<void> {
      const { row, archivedApp } = await access.hook(actor, id, 'manage');
      if (archivedApp) throw archivedError(archivedApp);
      await repo.delete(row.id);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
