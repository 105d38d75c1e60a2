// Where Zealot's old links land after `tarmac import zealot`. The import keeps Zealot's ids
// where they are free and records every row in the import map (zealot_import_map); where an id
// was taken, the Zealot row got another one, and its old links name the Zealot id. These
// lookups find what that id became. Tarmac's own row of an id always wins: they are asked only
// after the normal lookup found nothing (a release id not in the channel the link names), so a
// working link costs nothing more. Every answer is a place in Tarmac whose own route then
// applies its rules (a channel password, a team member's access): a redirect never skips one.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { createImportMap } from '../zealot-import/map.ts';
import { CHANNEL_FILTERS, parseAppsPath, withQuery } from './fns.ts';
import { createZealotLinksRepository } from './repository.ts';
import type { ChannelPlace, ReleasePlace } from './repository.ts';

export type { ChannelPlace, ReleasePlace };

/** The web app's screen of a channel, of one of its builds. */
export const channelScreen = (place: ChannelPlace) => `/apps/${place.appId}/channels/${place.channelId}`;
export const releaseScreen = (place: ReleasePlace) => `${channelScreen(place)}/releases/${place.releaseId}`;

export function createZealotLinksService(db: Kysely<Database>) {
  const repository = createZealotLinksRepository(db);
  const map = createImportMap(db, () => new Date().toISOString());

  /** The Tarmac id a Zealot row of another id became (imported or merged); null otherwise. */
  async function moved(table: string, id: number): Promise<number | null> {
    const entry = await map.get(table, id);
    if (!entry || entry.targetId === null || entry.targetId === id) return null;
    return entry.outcome === 'imported' || entry.outcome === 'merged' ? entry.targetId : null;
  }

  async function releaseAnywhere(id: number): Promise<ReleasePlace | null> {
    const own = await repository.releaseById(id);
    if (own) return own;
    const target = await moved('releases', id);
    return target === null ? null : ((await repository.releaseById(target)) ?? null);
  }

  async function channel(id: number): Promise<ChannelPlace | null> {
    const own = await repository.channelById(id);
    if (own) return own;
    const target = await moved('channels', id);
    return target === null ? null : ((await repository.channelById(target)) ?? null);
  }

  async function appId(id: number): Promise<number | null> {
    if (await repository.exists('apps', id)) return id;
    const target = await moved('apps', id);
    return target !== null && (await repository.exists('apps', target)) ? target : null;
  }

  return {
    channel,
    appId,
    /** For a link whose release id is not in the channel `slug` names: the release Zealot's release of that id became, in that channel. */
    async movedRelease(id: number, slug: string): Promise<ReleasePlace | null> {
      const target = await moved('releases', id);
      const place = target === null ? undefined : await repository.releaseById(target);
      return place && place.slug.toLowerCase() === slug.toLowerCase() ? place : null;
    },

    /** For Zealot's id-only paths: null when Tarmac has a release of that id (it wins), else what Zealot's became. */
    async movedReleaseById(id: number): Promise<ReleasePlace | null> {
      if (await repository.releaseById(id)) return null;
      const target = await moved('releases', id);
      return target === null ? null : ((await repository.releaseById(target)) ?? null);
    },

    /** A release id as Zealot's `/releases/:id` meant it: Tarmac's own, else the one Zealot's became. */
    releaseAnywhere,

    /** A channel named as Zealot's `/channels/:id` routes name one: its slug, or (friendly_id) its id. */
    async channelByParam(param: string): Promise<ChannelPlace | null> {
      const bySlug = await repository.channelBySlug(param);
      if (bySlug) return bySlug;
      return /^[1-9]\d{0,11}$/.test(param) ? channel(Number(param)) : null;
    },

    channelBySlug: async (slug: string): Promise<ChannelPlace | null> => (await repository.channelBySlug(slug)) ?? null,

    /** For a debug file id Tarmac has no row of: the one Zealot's of that id became. */
    async movedDebugFileId(id: number): Promise<number | null> {
      if (await repository.exists('debug_files', id)) return null;
      const target = await moved('debug_files', id);
      return target !== null && (await repository.exists('debug_files', target)) ? target : null;
    },

    /** Tarmac's debug file of an id (its own wins), else the one Zealot's became. */
    async debugFileId(id: number): Promise<number | null> {
      if (await repository.exists('debug_files', id)) return id;
      const target = await moved('debug_files', id);
      return target !== null && (await repository.exists('debug_files', target)) ? target : null;
    },

    /**
     * Where a web app URL under /apps goes instead (a Zealot screen, or a Zealot app id that is
     * not Tarmac's); undefined: serve the web app as asked (its own screens, or its not-found page).
     */
    async appsRedirect(url: string): Promise<string | undefined> {
      const pathname = url.split('?')[0] ?? '';
      const shape = parseAppsPath(pathname);
      if (!shape) return undefined;
      if (shape.kind === 'apps') return withQuery('/apps', url, shape.archived ? { scope: 'archived' } : { new: '1' });
      if (shape.kind === 'channel') {
        const place = await channel(shape.channelId);
        return place ? withQuery(channelScreen(place), url, shape.edit ? { tab: 'settings' } : {}) : undefined;
      }
      if (shape.kind === 'app' && shape.exact && (await repository.exists('apps', shape.appId))) return undefined;
      const target = await appId(shape.appId);
      if (target === null) return undefined;
      if (shape.kind === 'app') return withQuery(`/apps/${target}`, url);
      const extra: Record<string, string> = { app: String(target) };
      if (['ios', 'android', 'macos'].includes(shape.platform)) extra.platform = shape.platform;
      return withQuery('/debug-files', url, extra);
    },

    /** Zealot's channel list filter as the channel screen's builds filter. */
    filterScreen(place: ChannelPlace, url: string, list: string, name: string | undefined): string {
      const filter = CHANNEL_FILTERS[list];
      return withQuery(channelScreen(place), url, filter && name ? { [filter]: name } : {});
    },
  };
}

export type ZealotLinks = ReturnType<typeof createZealotLinksService>;
