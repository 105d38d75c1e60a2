// What the release routes send for a release, a channel's page of releases and an edit: the
// answers of the releases service with their links (install_url, download_url, icon_url). A
// password-protected channel's links carry a fresh grant, signed here from the channel's
// password hash, so a route handles answers only and never a row holding the hash.
import type { Actor } from '../../auth/policy.ts';
import type { Grants } from '../../auth/grants.ts';
import type { Clock } from '../../clock.ts';
import type { PublicUrls } from '../../http/urls.ts';
import { linkGrantFor } from './mapper.ts';
import { toReleaseDetailResponse, toReleaseResponse } from './schemas.ts';
import type { ReleaseDetailResponse, ReleaseResponse } from './schemas.ts';
import type { ListChannelReleasesInput, ReleasesService, UpdateReleaseInput } from './service.ts';
import type { ReleaseView } from './types.ts';

/** One page of answers, with what the pagination headers say. */
export interface ReleasesPageAnswer {
  items: ReleaseResponse[];
  total: number;
  page: number;
  perPage: number;
}

interface Deps {
  releasesService: Pick<ReleasesService, 'listForChannel' | 'get' | 'update' | 'guestListForChannel' | 'guestGet'>;
  /** Signs the grants in the links of a password-protected channel. */
  grants: Pick<Grants, 'issue'>;
  /** The time install_problems are judged at. */
  clock: Pick<Clock, 'nowMs'>;
}

export function createReleasePresenter({ releasesService, grants, clock }: Deps) {
  /** A release with its app, scheme and channel (GET and PUT /api/releases/:id, the upload's answer). */
  function detail(view: ReleaseView, urls: PublicUrls): ReleaseDetailResponse {
    return toReleaseDetailResponse(view, urls, clock.nowMs(), linkGrantFor(grants, view.channel));
  }

  return {
    detail,

    /** A channel's releases, one page, for any collaborator (see ReleasesService.listForChannel). */
    async listForChannel(input: ListChannelReleasesInput, urls: PublicUrls): Promise<ReleasesPageAnswer> {
      const { items, context, channel, total, page, perPage } = await releasesService.listForChannel(input);
      const grant = linkGrantFor(grants, channel);
      return { items: items.map((release) => toReleaseResponse(release, context, urls, grant)), total, page, perPage };
    },

    /** A guest's page of a channel's releases (guest mode): never a grant, the channel has no password. */
    async guestListForChannel(guestMode: boolean, input: Omit<ListChannelReleasesInput, 'actor'>, urls: PublicUrls): Promise<ReleasesPageAnswer> {
      const { items, context, total, page, perPage } = await releasesService.guestListForChannel(guestMode, input);
      return { items: items.map((release) => toReleaseResponse(release, context, urls, undefined)), total, page, perPage };
    },

    /** A guest's view of one release (guest mode), without the channel key and without a grant. */
    async guestGet(guestMode: boolean, id: number, urls: PublicUrls): Promise<ReleaseDetailResponse> {
      return toReleaseDetailResponse(await releasesService.guestGet(guestMode, id), urls, clock.nowMs(), undefined);
    },

    async get(actor: Actor, id: number, urls: PublicUrls): Promise<ReleaseDetailResponse> {
      return detail(await releasesService.get(actor, id), urls);
    },

    /** The answer, and what the route announces: whether the changelog changed, and the channel. */
    async update(input: UpdateReleaseInput, urls: PublicUrls): Promise<UpdateAnswer> {
      const view = await releasesService.update(input);
      return { answer: detail(view, urls), changelogChanged: view.changelogChanged, channelId: view.channel.id };
    },
  };
}

export type ReleasePresenter = ReturnType<typeof createReleasePresenter>;

export interface UpdateAnswer {
  answer: ReleaseDetailResponse;
  changelogChanged: boolean;
  channelId: number;
}
