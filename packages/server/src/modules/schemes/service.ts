// The rules for schemes: collaborator admins create, change and delete them; every
// collaborator reads them. An archived app's schemes cannot be changed. Deleting a scheme
// removes its channels, their releases and, once the rows are gone, the releases' files.
import type { Actor, AppAction, Membership } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { SchemeRow } from '../../db/types.ts';
import { NotFoundError, RECORD_NOT_FOUND, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AppsRepository } from '../apps/repository.ts';
import { checkName } from '../channels/fns.ts';
import type { ChannelsRepository } from '../channels/repository.ts';
import { archivedError } from '../channels/service.ts';
import type { DeleteOutcome } from '../channels/service.ts';
import { assertOnApp, canReadKeys, toMembership } from '../collaborators/fns.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import type { Page } from '../../shared/page.ts';
import type { SchemeWithAppRow, SchemesRepository } from './repository.ts';
import type { CreateSchemeInput, ListSchemesInput, SchemeDetail, UpdateSchemeInput } from './types.ts';
import { removeStoredFiles } from '../../storage/remove.ts';

interface Deps {
  schemesRepository: SchemesRepository;
  channelsRepository: Pick<ChannelsRepository, 'listForSchemes' | 'lockForDelete' | 'releaseFileKeys' | 'retireSlugs'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership'>;
  appsRepository: Pick<AppsRepository, 'findById' | 'transaction'>;
  storage: Pick<Storage, 'delete'>;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
}

type AppSummary = SchemeDetail['app'];

export function createSchemesService({
  schemesRepository, channelsRepository, collaboratorsRepository, appsRepository, storage, clock,
}: Deps) {
  async function membershipOn(actor: Actor, appId: number): Promise<Membership | null> {
    return toMembership(await collaboratorsRepository.findMembership(appId, actor.userId));
  }

  /** The scheme and its app, after the caller's right to `action` is checked (404 for outsiders). */
  async function access(
    actor: Actor,
    id: number,
    action: AppAction,
  ): Promise<{ row: SchemeWithAppRow; app: AppSummary; membership: Membership | null }> {
    const row = await schemesRepository.findWithApp(id);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'scheme.not_found');
    const membership = await membershipOn(actor, row.app_id);
    assertOnApp(actor, membership, action);
    return { row, app: { id: row.app_id, name: row.app_name, archived: Boolean(row.app_archived) }, membership };
  }

  function assertNotArchived(app: AppSummary): void {
    if (app.archived) throw archivedError(app);
  }

  async function details(rows: SchemeRow[], app: AppSummary, withKey: boolean): Promise<SchemeDetail[]> {
    const channels = await channelsRepository.listForSchemes(rows.map((row) => row.id));
    return rows.map((scheme) => ({
      scheme,
      app,
      channels: channels.filter((channel) => channel.scheme_id === scheme.id).map((channel) => ({ channel, withKey })),
    }));
  }

  async function detail(id: number, app: AppSummary, withKey: boolean): Promise<SchemeDetail> {
    const row = await schemesRepository.findById(id);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'scheme.not_found');
    return (await details([row], app, withKey))[0]!;
  }

  function checkFields(input: { name?: string | undefined }): { name?: string | undefined } {
    const errors: FieldErrors = {};
    const name = input.name === undefined ? undefined : checkName(input.name, 'name', errors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { name };
  }

  return {
    async list(input: ListSchemesInput): Promise<Page<SchemeDetail>> {
      const membership = await membershipOn(input.actor, input.appId);
      assertOnApp(input.actor, membership, 'app:read');
      const app = await appsRepository.findById(input.appId);
      if (!app) throw new NotFoundError(RECORD_NOT_FOUND, 'app.not_found');
      const [rows, total] = await Promise.all([
        schemesRepository.listForApp(app.id, input.perPage, (input.page - 1) * input.perPage),
        schemesRepository.countForApp(app.id),
      ]);
      const summary = { id: app.id, name: app.name, archived: Boolean(app.archived) };
      return { items: await details(rows, summary, canReadKeys(input.actor, membership)), total, page: input.page, perPage: input.perPage };
    },

    async create(input: CreateSchemeInput): Promise<SchemeDetail> {
      const membership = await membershipOn(input.actor, input.appId);
      assertOnApp(input.actor, membership, 'scheme:manage');
      const app = await appsRepository.findById(input.appId);
      if (!app) throw new NotFoundError(RECORD_NOT_FOUND, 'app.not_found');
      const summary = { id: app.id, name: app.name, archived: Boolean(app.archived) };
      assertNotArchived(summary);
      const { name } = checkFields(input);
      const timestamp = clock.now();
      const row = await schemesRepository.insert({
        app_id: app.id,
        name: name!,
        new_build_callout: input.newBuildCallout ?? true,
        retained_builds: input.retainedBuilds ?? 0,
        created_at: timestamp,
        updated_at: timestamp,
      });
      return { scheme: row, app: summary, channels: [] };
    },

    async get(actor: Actor, id: number): Promise<SchemeDetail> {
      const { row, app, membership } = await access(actor, id, 'app:read');
      return (await details([row], app, canReadKeys(actor, membership)))[0]!;
    },

    async update(input: UpdateSchemeInput): Promise<SchemeDetail> {
      const { row, app, membership } = await access(input.actor, input.id, 'scheme:manage');
      assertNotArchived(app);
      const { name } = checkFields(input);
      await schemesRepository.update(row.id, {
        name,
        new_build_callout: input.newBuildCallout,
        retained_builds: input.retainedBuilds,
        updated_at: clock.now(),
      });
      return detail(row.id, app, canReadKeys(input.actor, membership));
    },

    async delete(actor: Actor, id: number): Promise<DeleteOutcome> {
      const { row, app } = await access(actor, id, 'scheme:manage');
      assertNotArchived(app);
      const keys = await appsRepository.transaction(async (trx) => {
        const channelIds = await channelsRepository.lockForDelete({ schemeId: row.id }, trx);
        const fileKeys = await channelsRepository.releaseFileKeys(channelIds, trx);
        await channelsRepository.retireSlugs(channelIds, clock.now(), trx);
        if (!(await schemesRepository.delete(row.id, trx))) throw new NotFoundError(RECORD_NOT_FOUND, 'scheme.not_found');
        return fileKeys;
      });
      return { leftoverKeys: await removeStoredFiles(storage, keys) };
    },
  };
}

export type SchemesService = ReturnType<typeof createSchemesService>;
