// Who may see and change a hook, asked before anything about it is answered or written:
// - a channel's hooks (its own and the shared ones attached to it) are read by anyone who may read
//   the app; its own hooks are managed by the app's admins and global admins (webhook:manage);
// - shared hooks are managed by global admins only (webhooks:manage); an app's team sees the ones
//   attached to its channels (not editable), and someone outside every app they post for gets 404;
// - an archived app's own hooks do not change (409 app.archived), as nothing else of it does.
import { can, decideOnApp, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { WebhookRow } from '../../db/types.ts';
import { NotFoundError, RECORD_NOT_FOUND } from '../../errors.ts';
import type { ChannelWithContextRow, ChannelsRepository } from '../channels/repository.ts';
import { assertOnApp, toMembership } from '../collaborators/fns.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import type { HookChannelRow, WebhooksRepository } from './repository.ts';

export interface AccessDeps {
  webhooksRepository: WebhooksRepository;
  channelsRepository: Pick<ChannelsRepository, 'findWithContext'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership'>;
}

/** A channel the caller may read, and whether they may manage its hooks. */
export interface ChannelAccess {
  channel: ChannelWithContextRow;
  manage: boolean;
  /** The channel's app when it is archived: its hooks do not change (409 app.archived). */
  archivedApp: { id: number; name: string } | null;
}

/** A hook the caller may see: where it posts (the channels they may see), whether they may change it. */
export interface HookAccess {
  row: WebhookRow;
  channels: HookChannelRow[];
  editable: boolean;
  /** A channel hook's app when it is archived. */
  archivedApp: { id: number; name: string } | null;
}

export type HookNeed = 'read' | 'manage' | 'log';

export function createHookAccess({ webhooksRepository, channelsRepository, collaboratorsRepository }: AccessDeps) {
  const hidden = () => new NotFoundError(RECORD_NOT_FOUND, 'webhook.not_found');

  /** The channels among these the caller may see (every one for a global admin). */
  async function visible(actor: Actor, channels: HookChannelRow[]): Promise<HookChannelRow[]> {
    if (actor.role === 'admin') return channels;
    const apps = new Set(await webhooksRepository.memberApps(actor.userId, [...new Set(channels.map((c) => c.app_id))]));
    return channels.filter((c) => apps.has(c.app_id));
  }

  async function channel(actor: Actor, channelId: number, action: 'app:read' | 'webhook:manage'): Promise<ChannelAccess> {
    const row = await channelsRepository.findWithContext(channelId);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'channel.not_found');
    const membership = toMembership(await collaboratorsRepository.findMembership(row.app_id, actor.userId));
    assertOnApp(actor, membership, action);
    const archivedApp = row.app_archived ? { id: row.app_id, name: row.app_name } : null;
    return { channel: row, manage: decideOnApp(actor, membership, 'webhook:manage') === 'allow', archivedApp };
  }

  /**
   * The hook, for `need`: read it, manage it (change, test, delete, redeliver), or read its
   * delivery log (a shared hook's log names other apps' builds: global admins only).
   */
  async function hook(actor: Actor, id: number, need: HookNeed): Promise<HookAccess> {
    const row = await webhooksRepository.findById(id);
    if (!row) throw hidden();
    const all = await webhooksRepository.channelsOf([row.id]);
    if (row.scope === 'shared') {
      const admin = can(actor, 'webhooks:manage');
      const channels = await visible(actor, all);
      if (!admin && channels.length === 0) throw hidden();
      if (!admin && need !== 'read') throw forbidden('webhooks:manage');
      return { row, channels, editable: admin, archivedApp: null };
    }
    const { manage, archivedApp } = await channel(actor, row.channel_id!, need === 'manage' ? 'webhook:manage' : 'app:read');
    return { row, channels: all, editable: manage && !archivedApp, archivedApp };
  }

  return { channel, hook, visible };
}

export type HookAccessor = ReturnType<typeof createHookAccess>;
