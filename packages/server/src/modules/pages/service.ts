// What the public pages show: a channel by its slug, its newest build or one build, and its
// builds page by page. Who may see them is decided before, by the access rules
// (modules/access): the routes ask decideFor() and show the password form instead.
import type { ReleaseRow } from '../../db/types.ts';
import type { AccessService, PublicChannel, PublicRelease } from '../access/service.ts';
import { SLUG_PATTERN } from '../channels/fns.ts';
import type { BuildListRow, PagesRepository } from './repository.ts';

export const BUILDS_PER_PAGE = 20;

export interface BuildList {
  rows: BuildListRow[];
  /** The page shown, from 1 (clamped to the last page). */
  page: number;
  pages: number;
  total: number;
}

interface Dependencies {
  pagesRepository: PagesRepository;
  accessService: Pick<AccessService, 'channelBySlug' | 'release'>;
}

export function createPagesService({ pagesRepository, accessService }: Dependencies) {
  return {
    /** The channel of a public slug, or undefined (unknown, or not a slug at all). */
    channel(slug: string): Promise<PublicChannel | undefined> {
      if (!SLUG_PATTERN.test(slug)) return Promise.resolve(undefined);
      return accessService.channelBySlug(slug);
    },

    /** A build, only when it sits in the channel of this slug. */
    release(slug: string, id: number): Promise<PublicRelease | undefined> {
      if (!SLUG_PATTERN.test(slug)) return Promise.resolve(undefined);
      return accessService.release(id, slug);
    },

    newest(channel: PublicChannel): Promise<ReleaseRow | undefined> {
      return pagesRepository.newestInChannel(channel.id);
    },

    async builds(channel: PublicChannel, requestedPage: number): Promise<BuildList> {
      const total = await pagesRepository.countInChannel(channel.id);
      const pages = Math.max(1, Math.ceil(total / BUILDS_PER_PAGE));
      const page = Math.min(Math.max(1, requestedPage), pages);
      const rows = total === 0 ? [] : await pagesRepository.listInChannel(channel.id, BUILDS_PER_PAGE, (page - 1) * BUILDS_PER_PAGE);
      return { rows, page, pages, total };
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
