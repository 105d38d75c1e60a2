// The rules for releases once uploaded: any collaborator reads them, the app's developers and
// admins edit and delete them (others on the team 403, outsiders 404), an archived app's
// releases do not change, and a deleted release loses its row first, then its stored files.
// Retention (a scheme's retained_builds) deletes the same way. Icons follow the channel's
// public-access rules (modules/access), which the icon route applies before icon().
import type { Readable } from 'node:stream';
import type { Actor, AppAction } from '../../auth/policy.ts';
import { guestMayReadBuilds } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { Updateable } from 'kysely';
import type { ReleaseRow, ReleasesTable } from '../../db/types.ts';
import { BLANK, NotFoundError, RECORD_NOT_FOUND, tooLong, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { archivedError } from '../channels/service.ts';
import type { DeleteOutcome } from '../channels/service.ts';
import { assertOnApp, canReadKeys, toMembership } from '../collaborators/fns.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import { BRANCH_MAX, CI_URL_MAX, DEFAULT_SOURCE, GIT_COMMIT_MAX, RELEASE_TYPE_MAX, SOURCE_MAX, VERSION_MAX, normalizeBranch } from '../uploads/fns.ts';
import { versionKey } from '../versions/fns.ts';
import { toRelease } from './mapper.ts';
import type { ChannelPlacementRow, ChannelReleasesFilter, FacetRow, ReleaseFilesRow, ReleasesRepository } from './repository.ts';
import type { Release, ReleaseChanges, ReleaseContext, ReleaseView } from './types.ts';
import { removeStoredFiles } from '../../storage/remove.ts';

/** Retention deletes this many releases per round. */
const RETENTION_BATCH = 200;
/** The filter menus list at most this many branches (and release types) of a channel. */
export const FACETS_MAX = 200;

export interface ListChannelReleasesInput {
  actor: Actor;
  channelId: number;
  filter: ChannelReleasesFilter;
  page: number;
  perPage: number;
}

/** One page of a channel's releases, with where they sit (for their links). */
export interface ChannelReleasesPage {
  items: Release[];
  total: number;
  page: number;
  perPage: number;
  context: ReleaseContext;
  channel: ReleaseView['channel'];
}

/** Where a release sits, as the mapper and the answers need it. */
export function toReleaseContext(row: ChannelPlacementRow): ReleaseContext {
  return {
    app: { id: row.app_id, name: row.app_name },
    scheme: {
      id: row.scheme_id,
      name: row.scheme_name,
      newBuildCallout: Boolean(row.scheme_new_build_callout),
      retainedBuilds: row.scheme_retained_builds,
    },
    channel: { id: row.id, name: row.name, slug: row.slug },
  };
}

/** The channel columns of a placement row (the answer's `channel`). */
export function channelOfPlacement(row: ChannelPlacementRow): ReleaseView['channel'] {
  const {
    scheme_name: _schemeName,
    scheme_new_build_callout: _callout,
    scheme_retained_builds: _retained,
    app_id: _appId,
    app_name: _appName,
    app_archived: _archived,
    app_public: _public,
    ...channel
  } = row;
  return channel;
}

export function toReleaseView(release: ReleaseRow, placement: ChannelPlacementRow, withKey: boolean): ReleaseView {
  return { release: toRelease(release), context: toReleaseContext(placement), channel: channelOfPlacement(placement), withKey };
}

/** Text limits of the edit, by wire field name. */
const TEXT_LIMITS = {
  release_version: VERSION_MAX,
  build_version: VERSION_MAX,
  release_type: RELEASE_TYPE_MAX,
  source: SOURCE_MAX,
  branch: BRANCH_MAX,
  git_commit: GIT_COMMIT_MAX,
  ci_url: CI_URL_MAX,
} as const;

/** Fields Zealot requires on every release (its Release model validates their presence): an edit never blanks them. */
const REQUIRED_TEXT: ReadonlySet<keyof typeof TEXT_LIMITS> = new Set(['release_version', 'build_version']);

export interface UpdateReleaseInput extends ReleaseChanges {
  actor: Actor;
  id: number;
}

/** A release the caller may act on: its row, where it sits, and whether the channel key is shown. */
interface ReleaseAccess {
  row: ReleaseRow;
  placement: ChannelPlacementRow;
  withKey: boolean;
}

interface Deps {
  releasesRepository: ReleasesRepository;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership'>;
  storage: Pick<Storage, 'read' | 'delete'>;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
}

export function createReleasesService({ releasesRepository, collaboratorsRepository, storage, clock }: Deps) {
  /** The release and its placement, after the caller's right to `action` is checked (404 for outsiders). */
  async function access(actor: Actor, id: number, action: AppAction): Promise<ReleaseAccess> {
    const row = await releasesRepository.findById(id);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'release.not_found');
    const placement = await releasesRepository.findChannelPlacement({ id: row.channel_id });
    if (!placement) throw new NotFoundError(RECORD_NOT_FOUND, 'release.not_found');
    const membership = toMembership(await collaboratorsRepository.findMembership(placement.app_id, actor.userId));
    assertOnApp(actor, membership, action);
    return { row, placement, withKey: canReadKeys(actor, membership) };
  }

  /** A channel's placement, after the caller's right to read its app is checked (404 for outsiders and unknown channels). */
  async function readableChannel(actor: Actor, channelId: number): Promise<ChannelPlacementRow> {
    const placement = await releasesRepository.findChannelPlacement({ id: channelId });
    if (!placement) throw new NotFoundError(RECORD_NOT_FOUND, 'release.not_found');
    assertOnApp(actor, toMembership(await collaboratorsRepository.findMembership(placement.app_id, actor.userId)), 'app:read');
    return placement;
  }

  /** A channel's placement a guest may read (guestMayReadBuilds), or 404 as for any outsider. */
  async function guestChannel(guestMode: boolean, channelId: number): Promise<ChannelPlacementRow> {
    const placement = await releasesRepository.findChannelPlacement({ id: channelId });
    if (!placement || !guestMayReadBuilds(guestMode, { app_public: placement.app_public, guarded: placement.password_hash !== null })) throw new NotFoundError(RECORD_NOT_FOUND, 'release.not_found');
    return placement;
  }

  async function listIn(placement: ChannelPlacementRow, input: Omit<ListChannelReleasesInput, 'actor'>): Promise<ChannelReleasesPage> {
    const [rows, total] = await Promise.all([
      releasesRepository.listForChannel(placement.id, input.filter, input.perPage, (input.page - 1) * input.perPage),
      releasesRepository.countForChannel(placement.id, input.filter),
    ]);
    return {
      items: rows.map(toRelease),
      total,
      page: input.page,
      perPage: input.perPage,
      context: toReleaseContext(placement),
      channel: channelOfPlacement(placement),
    };
  }

  function assertNotArchived(placement: ChannelPlacementRow): void {
    if (placement.app_archived) throw archivedError({ id: placement.app_id, name: placement.app_name });
  }

  return {
    /** Any collaborator: a channel's releases, the latest upload first, filtered by branch, release type and version text. */
    async listForChannel(input: ListChannelReleasesInput): Promise<ChannelReleasesPage> {
      return listIn(await readableChannel(input.actor, input.channelId), input);
    },

    /** A guest (guest mode on): the releases of a public app's channel without a password; 404 otherwise. */
    async guestListForChannel(guestMode: boolean, input: Omit<ListChannelReleasesInput, 'actor'>): Promise<ChannelReleasesPage> {
      return listIn(await guestChannel(guestMode, input.channelId), input);
    },

    /** A guest: the branches and release types of a channel they may read. */
    async guestFacets(guestMode: boolean, channelId: number): Promise<{ branches: FacetRow[]; releaseTypes: FacetRow[] }> {
      return releasesRepository.facets((await guestChannel(guestMode, channelId)).id, FACETS_MAX);
    },

    /** A guest: one release of a channel they may read, without the channel key; 404 otherwise. */
    async guestGet(guestMode: boolean, id: number): Promise<ReleaseView> {
      const row = await releasesRepository.findById(id);
      if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'release.not_found');
      return toReleaseView(row, await guestChannel(guestMode, row.channel_id), false);
    },

    /** Any collaborator: the branches and release types a channel's releases use, for filter menus. */
    async facets(actor: Actor, channelId: number): Promise<{ branches: FacetRow[]; releaseTypes: FacetRow[] }> {
      const placement = await readableChannel(actor, channelId);
      return releasesRepository.facets(placement.id, FACETS_MAX);
    },

    async get(actor: Actor, id: number): Promise<ReleaseView> {
      const { row, placement, withKey } = await access(actor, id, 'app:read');
      return toReleaseView(row, placement, withKey);
    },

    /**
     * Changes the given fields. "" clears a text field (source goes back to "api"), except
     * release_version and build_version, which are never blank (422); the
     * version key follows release_version and build_version. Says whether the stored changelog changed.
     */
    async update(input: UpdateReleaseInput): Promise<ReleaseView & { changelogChanged: boolean }> {
      const { row, placement, withKey } = await access(input.actor, input.id, 'release:update');
      assertNotArchived(placement);
      const errors: FieldErrors = {};
      const text = (field: keyof typeof TEXT_LIMITS, value: string | null | undefined): string | null | undefined => {
        if (value === undefined || value === null) return value;
        const trimmed = value.trim();
        if ([...trimmed].length > TEXT_LIMITS[field]) {
          errors[field] = [tooLong(TEXT_LIMITS[field])];
          return undefined;
        }
        if (trimmed === '' && REQUIRED_TEXT.has(field)) {
          errors[field] = [BLANK];
          return undefined;
        }
        return trimmed === '' ? null : trimmed;
      };
      const releaseVersion = text('release_version', input.releaseVersion);
      const buildVersion = text('build_version', input.buildVersion);
      const releaseType = text('release_type', input.releaseType);
      const source = text('source', input.source);
      const branch = text('branch', input.branch);
      const gitCommit = text('git_commit', input.gitCommit);
      const ciUrl = text('ci_url', input.ciUrl);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const changes: Updateable<ReleasesTable> = {
        release_version: releaseVersion,
        build_version: buildVersion,
        release_type: releaseType,
        source: source === null ? DEFAULT_SOURCE : source,
        branch: branch === null || branch === undefined ? branch : normalizeBranch(branch),
        git_commit: gitCommit,
        ci_url: ciUrl,
        changelog: input.changelog === undefined ? undefined : JSON.stringify(input.changelog),
        custom_fields: input.customFields === undefined ? undefined : JSON.stringify(input.customFields),
      };
      if (releaseVersion !== undefined || buildVersion !== undefined) {
        changes.version_key = versionKey(
          releaseVersion === undefined ? row.release_version : releaseVersion,
          buildVersion === undefined ? row.build_version : buildVersion,
        );
      }
      const updated = await releasesRepository.update(row.id, { ...changes, updated_at: clock.now() });
      if (!updated) throw new NotFoundError(RECORD_NOT_FOUND, 'release.not_found');
      // As stored, so a changelog sent again unchanged is no change (no `changelog` event).
      return { ...toReleaseView(updated, placement, withKey), changelogChanged: updated.changelog !== row.changelog };
    },

    /** Deletes the row, then its package and icon; answers the stored keys that could not be removed. */
    async delete(actor: Actor, id: number): Promise<DeleteOutcome & { release: ReleaseRow }> {
      const { row, placement } = await access(actor, id, 'release:delete');
      assertNotArchived(placement);
      const deleted = await releasesRepository.delete(row.id);
      if (!deleted) throw new NotFoundError(RECORD_NOT_FOUND, 'release.not_found');
      const leftoverKeys = await removeStoredFiles(storage, [deleted.file_key, ...(deleted.icon_key ? [deleted.icon_key] : [])]);
      return { leftoverKeys, release: row };
    },

    /** The release's icon as PNG bytes; 404 when it has none. No actor: the route applies the channel's access rules first. */
    async icon(id: number): Promise<Readable> {
      const row = await releasesRepository.findById(id);
      if (!row?.icon_key) throw new NotFoundError(RECORD_NOT_FOUND, 'release.icon_not_found');
      try {
        return await storage.read(row.icon_key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError(RECORD_NOT_FOUND, 'release.icon_not_found');
        throw error;
      }
    },

    /**
     * Deletes releases a retention rule chose (the releases.retention job): the rows, then their stored files.
     * Answers how many rows went (another run may have taken some) and the stored keys that could not be removed.
     */
    async deleteChosen(rows: readonly ReleaseFilesRow[]): Promise<{ removed: number } & DeleteOutcome> {
      if (rows.length === 0) return { removed: 0, leftoverKeys: [] };
      const removed = await releasesRepository.deleteMany(rows.map((r) => r.id));
      const keys = rows.flatMap((r) => (r.icon_key ? [r.file_key, r.icon_key] : [r.file_key]));
      return { removed, leftoverKeys: await removeStoredFiles(storage, keys) };
    },

    /**
     * A scheme's retained_builds N > 0 keeps a channel's newest N releases (by version) and
     * deletes the rest: rows first, then their stored files. Answers how many went and the
     * stored keys that could not be removed.
     */
    async applyRetention(channelId: number, keep: number): Promise<{ removed: number } & DeleteOutcome> {
      if (keep <= 0) return { removed: 0, leftoverKeys: [] };
      let removed = 0;
      const leftoverKeys: string[] = [];
      for (;;) {
        const rows = await releasesRepository.listBeyondNewest(channelId, keep, RETENTION_BATCH);
        if (rows.length === 0) break;
        const count = await releasesRepository.deleteMany(rows.map((r) => r.id));
        removed += count;
        const keys = rows.flatMap((r) => (r.icon_key ? [r.file_key, r.icon_key] : [r.file_key]));
        leftoverKeys.push(...(await removeStoredFiles(storage, keys)));
        // Another upload pruned the same rows at the same time: it removes the rest.
        if (count === 0 || rows.length < RETENTION_BATCH) break;
      }
      return { removed, leftoverKeys };
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
