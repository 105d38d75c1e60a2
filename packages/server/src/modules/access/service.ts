// Who may open a channel's public side: its pages, iOS manifests, icons, QR codes and files.
//
// A channel without a password is public to anyone who has a link (its slug is random; the
// release pages live under it). A channel with a password opens only for
//   - a signed-in user (session or token) who can read the app: a collaborator or a global admin;
//   - a visitor holding a valid grant for it (auth/grants.ts): the cookie set when they typed
//     the password, or the `grant` parameter of a link made for them.
// Every public route asks decide() before it sends anything of a guarded channel.
//
// The public routes find a build by its channel's slug and its id together, so counting ids
// finds nothing. Zealot's id-only paths (/download/releases/<id>, /api/releases/<id>/icon)
// answer only a caller who is entitled() to the channel: a signed-in team member, or the
// holder of a grant; for anyone else the build does not exist.
import { isRowId } from '../../db/row-id.ts';
import { mayReadApp, seesEveryApp } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { GrantChannel, Grants } from '../../auth/grants.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import type { ReleaseRow } from '../../db/types.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import type { ChannelPlacementRow, ReleasesRepository } from '../releases/repository.ts';
import { toMembership } from '../collaborators/fns.ts';

/**
 * A channel as the public routes see it: its placement without the password hash, and whether
 * a password guards it. Only this service presents one, and only it can check a password or a
 * grant against it.
 */
export type PublicChannel = Omit<ChannelPlacementRow, 'password_hash'> & { guarded: boolean };

export interface PublicRelease {
  release: ReleaseRow;
  channel: PublicChannel;
}

export interface Caller {
  actor: Actor | null;
  /** Grant tokens the caller presented (cookie, `grant` parameter); undefined entries are ignored. */
  grants: (string | undefined)[];
}

export type AccessDecision = 'open' | 'password';

interface Dependencies {
  releasesRepository: ReleasesRepository;
  collaboratorsRepository: CollaboratorsRepository;
  grants: Grants;
}

export function createAccessService({ releasesRepository, collaboratorsRepository, grants }: Dependencies) {
  // What grants are checked against, kept here so the presented channel never holds the hash.
  const grantChannels = new WeakMap<PublicChannel, GrantChannel>();

  function present(row: ChannelPlacementRow): PublicChannel {
    const { password_hash: passwordHash, ...placement } = row;
    const channel: PublicChannel = { ...placement, guarded: passwordHash !== null };
    grantChannels.set(channel, { id: row.id, password_hash: passwordHash });
    return channel;
  }

  function grantChannel(channel: PublicChannel): GrantChannel {
    const found = grantChannels.get(channel);
    if (!found) throw new Error(`Channel ${channel.id} was not presented by the access service`);
    return found;
  }

  /** The first of `tokens` that is a valid grant for the channel. */
  function heldGrant(channel: PublicChannel, tokens: (string | undefined)[]): string | undefined {
    const target = grantChannel(channel);
    return tokens.find((token) => grants.verify(token, target));
  }

  async function entitled(channel: PublicChannel, caller: Caller): Promise<boolean> {
    if (heldGrant(channel, caller.grants) !== undefined) return true;
    if (!caller.actor) return false;
    if (seesEveryApp(caller.actor)) return true;
    return mayReadApp(caller.actor, toMembership(await collaboratorsRepository.findMembership(channel.app_id, caller.actor.userId)));
  }

  return {
    grants,

    /** A channel by its public slug (case-insensitive), with its scheme and app. */
    async channelBySlug(slug: string): Promise<PublicChannel | undefined> {
      const row = await releasesRepository.findChannelPlacement({ slug });
      return row && present(row);
    },

    /** A release and its channel; with `slug`, only when the release is in that channel. */
    async release(id: number, slug?: string): Promise<PublicRelease | undefined> {
      if (!isRowId(id)) return undefined;
      const release = await releasesRepository.findById(id);
      if (!release) return undefined;
      const channel = await releasesRepository.findChannelPlacement({ id: release.channel_id });
      if (!channel) return undefined;
      if (slug !== undefined && channel.slug.toLowerCase() !== slug.toLowerCase()) return undefined;
      return { release, channel: present(channel) };
    },

    /** Whether the caller is on the channel's team (a collaborator or a global admin) or holds a valid grant for it. */
    entitled,

    heldGrant,

    /** A fresh grant for the channel (for links made for a caller who may open it). */
    issueGrant(channel: PublicChannel, now?: number): { token: string; expiresAt: Date } {
      return grants.issue(grantChannel(channel), now);
    },

    async decide(channel: PublicChannel, caller: Caller): Promise<AccessDecision> {
      if (!channel.guarded) return 'open';
      return (await entitled(channel, caller)) ? 'open' : 'password';
    },

    /** Checks a typed password; answers a grant for the channel, or null when it is wrong. */
    async unlock(channel: PublicChannel, password: string): Promise<{ token: string; expiresAt: Date } | null> {
      const target = grantChannel(channel);
      if (target.password_hash === null) return grants.issue(target);
      if (password === '' || password.length > 1024) return null;
      if (!(await verifyPassword(password, target.password_hash))) return null;
      return grants.issue(target);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
