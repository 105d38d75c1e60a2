// The rules for apps. Global developers and admins create apps and own what they create; a
// global admin sees every app, anyone else the apps they collaborate on (others are 404).
// Collaborator admins rename, archive and delete; an archived app refuses every change but
// unarchiving. Ownership moves by transfer, done by the owner or a global admin, to someone
// already on the team. Deleting an app removes its rows, then its releases' stored files.
import { appPermissions, can, canTransferOwnership, forbidden, GUEST_PERMISSIONS, GUEST_VISIBLE_APPS, guestMayReadApp, visibleApps } from '../../auth/policy.ts';
import type { Actor, AppAction, Membership } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { AppRow } from '../../db/types.ts';
import { fieldIssue, ForbiddenError, NotFoundError, RECORD_NOT_FOUND, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { checkName } from '../channels/fns.ts';
import type { ChannelsRepository } from '../channels/repository.ts';
import { archivedError, createChannelWriter } from '../channels/service.ts';
import type { DeleteOutcome, PreparedChannel } from '../channels/service.ts';
import { assertOnApp, canReadKeys, toMembership } from '../collaborators/fns.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import { toCollaborator } from '../collaborators/service.ts';
import type { ReleasesRepository } from '../releases/repository.ts';
import type { SchemesRepository } from '../schemes/repository.ts';
import type { NewSchemeFields } from '../schemes/types.ts';
import type { DebugFilesRepository } from '../debug-files/repository.ts';
import type { Page } from '../../shared/page.ts';
import type { AppsRepository } from './repository.ts';
import { buildsOfApp, checkRepeatedNames } from './fns.ts';
import type { AppDetail, AppView, CreateAppInput, ListAppsInput, TransferAppInput, UpdateAppInput } from './types.ts';
import { removeStoredFiles } from '../../storage/remove.ts';

export const TRANSFER_FORBIDDEN = "Only the app's owner or an administrator can transfer its ownership";
const NOT_A_COLLABORATOR = 'is not a collaborator of this app; add them first';
const LOCKED_NEW_OWNER = 'is a locked account: an owner must be able to sign in; unlock it first or choose someone else';

interface Deps {
  appsRepository: AppsRepository;
  schemesRepository: Pick<SchemesRepository, 'listForApps' | 'insert'>;
  channelsRepository: Pick<ChannelsRepository, 'listForSchemes' | 'lockForDelete' | 'releaseFileKeys' | 'takenSlugs' | 'heldSlugs' | 'retireSlugs' | 'insert'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership' | 'find' | 'rolesOf' | 'ownersOf' | 'listForApp' | 'insert' | 'setOwner'>;
  /** Each channel's build count and newest build, for the list and the app page. */
  releasesRepository: Pick<ReleasesRepository, 'latestPerChannel'>;
  storage: Pick<Storage, 'delete'>;
  /** The app's debug files' stored zips go with it. */
  debugFilesRepository?: Pick<DebugFilesRepository, 'fileKeysOfApp'>;
  /** TARMAC_SLUG_GRACE_DAYS: how long a gone channel's slug stays held for its app. */
  slugGraceDays: number;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
  /** The preset_schemes and default_retained_builds settings, read at each creation (modules/settings). */
  presets?: () => Promise<AppPresets>;
}

/** What a new app gets when its creator says nothing: schemes with channels, and builds kept per channel. */
export interface AppPresets {
  schemes: NewSchemeFields[];
  retainedBuilds: number;
}

export function createAppsService({
  appsRepository, schemesRepository, channelsRepository, collaboratorsRepository, releasesRepository, storage, debugFilesRepository,
  slugGraceDays, clock, presets,
}: Deps) {
  const writer = createChannelWriter({ channelsRepository, slugGraceDays, clock });

  /** The app, after the caller's right to `action` on it is checked (404 for outsiders). */
  async function access(actor: Actor, id: number, action: AppAction): Promise<{ app: AppRow; membership: Membership | null }> {
    const membership = toMembership(await collaboratorsRepository.findMembership(id, actor.userId));
    assertOnApp(actor, membership, action);
    const app = await appsRepository.findById(id);
    if (!app) throw new NotFoundError(RECORD_NOT_FOUND, 'app.not_found');
    return { app, membership };
  }

  /**
   * Apps as `actor` sees them, with owners, the actor's roles, schemes, channels and their builds: five queries
   * whatever the number of apps (no query per app or channel).
   */
  async function views(actor: Actor | null, apps: AppRow[]): Promise<AppView[]> {
    const appIds = apps.map((app) => app.id);
    // A guest (null) is told nothing of the team: no owner, no role, no keys.
    const [schemes, owners, roles, latest] = await Promise.all([
      schemesRepository.listForApps(appIds),
      actor ? collaboratorsRepository.ownersOf(appIds) : [],
      actor ? collaboratorsRepository.rolesOf(actor.userId, appIds) : [],
      releasesRepository.latestPerChannel(appIds),
    ]);
    const channels = await channelsRepository.listForSchemes(schemes.map((scheme) => scheme.id));
    return apps.map((app) => {
      const role = roles.find((r) => r.app_id === app.id);
      const withKey = actor !== null && canReadKeys(actor, toMembership(role));
      const owner = owners.find((o) => o.app_id === app.id);
      const appSchemes = schemes.filter((scheme) => scheme.app_id === app.id);
      const appChannels = channels.filter((channel) => appSchemes.some((scheme) => scheme.id === channel.scheme_id));
      return {
        app,
        ...buildsOfApp(appChannels.map((channel) => channel.id), latest),
        owner: owner ? { id: owner.user_id, username: owner.username } : null,
        role: role?.role ?? null,
        schemes: appSchemes.map((scheme) => ({
          scheme,
          channels: channels.filter((channel) => channel.scheme_id === scheme.id).map((channel) => ({ channel, withKey })),
        })),
      };
    });
  }

  async function detail(actor: Actor, id: number): Promise<AppDetail> {
    const app = await appsRepository.findById(id);
    if (!app) throw new NotFoundError(RECORD_NOT_FOUND, 'app.not_found');
    const [[view], collaborators] = await Promise.all([views(actor, [app]), collaboratorsRepository.listForApp(app.id)]);
    const team = collaborators.map(toCollaborator);
    const own = team.find((collaborator) => collaborator.userId === actor.userId);
    const permissions = appPermissions(actor, own ? { role: own.role, owner: own.owner } : null);
    return { ...view!, collaborators: team, permissions };
  }

  async function setArchived(actor: Actor, id: number, archived: boolean): Promise<AppDetail> {
    const { app } = await access(actor, id, 'app:archive');
    if (Boolean(app.archived) !== archived) await appsRepository.update(app.id, { archived, updated_at: clock.now() });
    return detail(actor, app.id);
  }

  return {
    async list(input: ListAppsInput): Promise<Page<AppView>> {
      const filter = {
        ...visibleApps(input.actor),
        scope: input.scope,
        query: input.query?.trim() || undefined,
      };
      const [rows, total] = await Promise.all([
        appsRepository.list(filter, input.perPage, (input.page - 1) * input.perPage),
        appsRepository.count(filter),
      ]);
      return { items: await views(input.actor, rows), total, page: input.page, perPage: input.perPage };
    },

    /** The public apps, for a guest while guest mode is on (the route checks the setting first). */
    async guestList(input: Omit<ListAppsInput, 'actor'>): Promise<Page<AppView>> {
      const filter = { ...GUEST_VISIBLE_APPS, scope: input.scope, query: input.query?.trim() || undefined };
      const [rows, total] = await Promise.all([
        appsRepository.list(filter, input.perPage, (input.page - 1) * input.perPage),
        appsRepository.count(filter),
      ]);
      return { items: await views(null, rows), total, page: input.page, perPage: input.perPage };
    },

    /** A public app as a guest sees it: no collaborators, no keys, no permissions; 404 for anything else. */
    async guestGet(guestMode: boolean, id: number): Promise<AppDetail> {
      const app = await appsRepository.findById(id);
      if (!app || !guestMayReadApp(guestMode, app)) throw new NotFoundError(RECORD_NOT_FOUND, 'app.not_found');
      const [view] = await views(null, [app]);
      return { ...view!, collaborators: [], permissions: GUEST_PERMISSIONS };
    },

    async create(input: CreateAppInput): Promise<AppDetail> {
      if (!can(input.actor, 'apps:create')) throw forbidden('apps:create');
      const errors: FieldErrors = {};
      const name = checkName(input.name, 'name', errors);
      const preset = presets ? await presets() : { schemes: [], retainedBuilds: 0 };
      const wanted = input.schemes ?? preset.schemes;
      // The presets were checked when saved; the creator's own schemes are checked here.
      if (input.schemes) checkRepeatedNames(input.schemes.map((scheme) => ({ name: scheme.name, channels: scheme.channels ?? [] })), 'schemes', errors);
      const schemes = wanted.map((scheme, i) => ({
        name: checkName(scheme.name, `schemes.${i}.name`, errors),
        newBuildCallout: scheme.newBuildCallout ?? true,
        retainedBuilds: scheme.retainedBuilds ?? preset.retainedBuilds,
        channels: (scheme.channels ?? []).map((channel, j) => writer.prepare(channel, `schemes.${i}.channels.${j}.`, errors)),
      }));
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const channels = schemes.flatMap((scheme) => scheme.channels as PreparedChannel[]);
      await writer.assertSlugsFree(channels, null);
      await writer.hashPasswords(channels);

      const timestamp = clock.now();
      const stamps = { created_at: timestamp, updated_at: timestamp };
      const appId = await writer.write(channels, (slugs, keys) =>
        appsRepository.transaction(async (trx) => {
          const app = await appsRepository.insert({ name: name!, archived: false, ...stamps }, trx);
          await collaboratorsRepository.insert({ app_id: app.id, user_id: input.actor.userId, role: 'admin', owner: true, ...stamps }, trx);
          let next = 0;
          for (const scheme of schemes) {
            const schemeRow = await schemesRepository.insert(
              {
                app_id: app.id,
                name: scheme.name!,
                new_build_callout: scheme.newBuildCallout,
                retained_builds: scheme.retainedBuilds,
                ...stamps,
              },
              trx,
            );
            for (const channel of scheme.channels as PreparedChannel[]) {
              const placed = { scheme_id: schemeRow.id, slug: slugs[next]!, key: keys[next]!, ...stamps };
              await channelsRepository.insert({ ...channel.values, ...placed }, trx);
              next += 1;
            }
          }
          return app.id;
        }),
      );
      return detail(input.actor, appId);
    },

    /** What a new app gets when its creator names no schemes, for whoever may create apps (the new-app dialog pre-fills it). */
    async presets(actor: Actor): Promise<AppPresets> {
      if (!can(actor, 'apps:create')) throw forbidden('apps:create');
      return presets ? presets() : { schemes: [], retainedBuilds: 0 };
    },

    async get(actor: Actor, id: number): Promise<AppDetail> {
      await access(actor, id, 'app:read');
      return detail(actor, id);
    },

    async update(input: UpdateAppInput): Promise<AppDetail> {
      const { app, membership } = await access(input.actor, input.id, 'app:update');
      if (input.archived !== undefined) assertOnApp(input.actor, membership, 'app:archive');
      // An archived app takes no change but unarchiving (with which it may be renamed).
      const changes = input.name !== undefined || input.public !== undefined;
      if (Boolean(app.archived) && input.archived !== false && changes) throw archivedError(app);
      const errors: FieldErrors = {};
      const name = input.name === undefined ? undefined : checkName(input.name, 'name', errors);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      if (name !== undefined || input.archived !== undefined || input.public !== undefined) {
        await appsRepository.update(app.id, { name, archived: input.archived, public: input.public, updated_at: clock.now() });
      }
      return detail(input.actor, app.id);
    },

    archive: (actor: Actor, id: number) => setArchived(actor, id, true),
    unarchive: (actor: Actor, id: number) => setArchived(actor, id, false),

    async delete(actor: Actor, id: number): Promise<DeleteOutcome> {
      await access(actor, id, 'app:delete');
      const keys = await appsRepository.transaction(async (trx) => {
        const channelIds = await channelsRepository.lockForDelete({ appId: id }, trx);
        const fileKeys = await channelsRepository.releaseFileKeys(channelIds, trx);
        await channelsRepository.retireSlugs(channelIds, clock.now(), trx);
        const debugFileKeys = (await debugFilesRepository?.fileKeysOfApp(id, trx)) ?? [];
        if (!(await appsRepository.delete(id, trx))) throw new NotFoundError(RECORD_NOT_FOUND, 'app.not_found');
        return [...fileKeys, ...debugFileKeys];
      });
      return { leftoverKeys: await removeStoredFiles(storage, keys) };
    },

    async transfer(input: TransferAppInput): Promise<AppDetail> {
      const membership = toMembership(await collaboratorsRepository.findMembership(input.id, input.actor.userId));
      assertOnApp(input.actor, membership, 'app:read');
      if (!canTransferOwnership(input.actor, membership)) throw new ForbiddenError(TRANSFER_FORBIDDEN, 'permission.transfer_ownership');
      const app = await appsRepository.findById(input.id);
      if (!app) throw new NotFoundError(RECORD_NOT_FOUND, 'app.not_found');
      const newOwner = await collaboratorsRepository.find(app.id, input.userId);
      if (!newOwner) throw new ValidationError({ user_id: [fieldIssue('not_collaborator', NOT_A_COLLABORATOR)] });
      if (newOwner.locked) throw new ValidationError({ user_id: [fieldIssue('locked_user', LOCKED_NEW_OWNER)] });
      const moved = await appsRepository.transaction((trx) => collaboratorsRepository.setOwner(app.id, input.userId, clock.now(), trx));
      if (!moved) throw new ValidationError({ user_id: [fieldIssue('not_collaborator', NOT_A_COLLABORATOR)] });
      return detail(input.actor, app.id);
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;
