// The debug file rules (dSYM and Proguard), in order for an upload:
//   1. Who: the channel key names the app; the caller needs debug_file:create on it (the app's
//      developers and admins; other collaborators 403, outsiders 404). An unknown key is 401,
//      an archived app 409.
//   2. What: the kind comes from the content (@tarmac/appinfo), never from a parameter: a
//      dSYM zip goes to an iOS or macOS channel, a Proguard zip to an Android one; anything
//      else is 422 saying what the file is. Versions: the fields, else the dSYM's Info.plist
//      or the Proguard zip's AndroidManifest.xml; a Proguard mapping without them is 422.
//   3. Repeats: the same bytes (checksum) for the same app, platform and versions (version_key)
//      are the file already stored, answered as it is (nothing new is written, so CI may re-run a lane).
//      Anything else is a new file, even with UUIDs the app already has (a re-zipped dSYM) or
//      the same bytes for another version (an Android mapping unchanged between versions;
//      each file keeps its own stored copy, since deleting one removes its zip).
//      `keep_both` (Tarmac's former opt-out of a 409) is accepted and changes nothing.
//   4. The zip goes to storage first, then one short transaction writes the row, its entries
//      and the link to the release with the same versions (or, when an identical upload won
//      the race, answers that one); if it fails the stored zip is removed, so a failure leaves
//      no row and no file.
// Reading: any collaborator of the app (and global admins); a channel key lists and downloads
// its app's files (Zealot's public calls). The stored zip is served only to the app's team or
// through a signed link that expires (fns.ts), so file ids cannot be enumerated.
import { inspect, isAppInfoError } from '@tarmac/appinfo';
import { decideOnApp, visibleApps } from '../../auth/policy.ts';
import type { Actor, Membership } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import { ConflictError, fieldIssue, NotFoundError, oneOf, RECORD_NOT_FOUND, tooLong, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { archivedError } from '../channels/service.ts';
import type { DeleteOutcome } from '../channels/service.ts';
import { assertOnApp, toMembership } from '../collaborators/fns.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import { PLATFORM_NAMES } from '../releases/mapper.ts';
import type { ChannelPlacementRow, ReleasesRepository } from '../releases/repository.ts';
import { bundleIdMatches, displayFileName } from '../uploads/fns.ts';
import { MISSING_FILE } from '../uploads/receive-limits.ts';
import { KEY_SEPARATOR, encodeVersion, releaseOnlyKey, versionKey } from '../versions/fns.ts';
import {
  CATEGORY_DEVICE_TYPES,
  DEBUG_FILE_DEVICE_TYPES,
  VERSION_MAX,
  WHAT_TO_SEND,
  debugFileStorageKey,
  entryValues,
  normalizeUuid,
  planOf,
  unknownDebugFile,
} from './fns.ts';
import type { DebugFilePlan, DownloadSigner } from './fns.ts';
import type { DebugFileFilter, DebugFileListRow, DebugFilesRepository, VersionMatch } from './repository.ts';
import { removeStoredFiles } from '../../storage/remove.ts';
import { trimmedNonEmpty } from '../../shared/text.ts';
import { CHANNEL_KEY_MAX, UNAUTHORIZED_CHANNEL_KEY } from '../../shared/channel-key.ts';
import { createDebugFileMapper } from './mapper.ts';
import { createDebugFileServing } from './serving.ts';
import { NOT_FOUND_DEBUG_FILE } from './types.ts';
import type { DebugFile, DebugFileDetail, DebugFileUploadFields, DebugFileUploadInput, DownloadInput, ListDebugFilesInput } from './types.ts';

interface Deps {
  debugFilesRepository: DebugFilesRepository;
  releasesRepository: Pick<ReleasesRepository, 'findChannelPlacement'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership'>;
  storage: Pick<Storage, 'putFile' | 'delete' | 'read' | 'stat' | 'downloadUrl'>;
  signer: DownloadSigner;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
}

/** The version filter for a release_version (every build of it) and maybe a build_version. */
export function versionMatch(releaseVersion: string | undefined, buildVersion: string | undefined): VersionMatch | undefined {
  if (releaseVersion === undefined) return undefined;
  if (buildVersion !== undefined) return { key: versionKey(releaseVersion, buildVersion) };
  return { from: encodeVersion(releaseVersion) + KEY_SEPARATOR, below: releaseOnlyKey(releaseVersion) };
}

export function createDebugFilesService({
  debugFilesRepository, releasesRepository, collaboratorsRepository, storage, signer, clock,
}: Deps) {
  async function membership(actor: Actor, appId: number) {
    return toMembership(await collaboratorsRepository.findMembership(appId, actor.userId));
  }

  async function resolveChannel(key: string | undefined): Promise<ChannelPlacementRow> {
    const trimmed = trimmedNonEmpty(key);
    if (trimmed === undefined || trimmed.length > CHANNEL_KEY_MAX) throw new UnauthorizedError(UNAUTHORIZED_CHANNEL_KEY, 'channel.key_invalid');
    const placement = await releasesRepository.findChannelPlacement({ key: trimmed });
    if (!placement) throw new UnauthorizedError(UNAUTHORIZED_CHANNEL_KEY, 'channel.key_invalid');
    return placement;
  }

  /** Step 1: the channel the key names, if the caller may upload debug files to its app. */
  async function authorize(actor: Actor, channelKey: string | undefined): Promise<ChannelPlacementRow> {
    if (trimmedNonEmpty(channelKey) === undefined) {
      throw new ValidationError({
        channel_key: [fieldIssue('required', "is required: send the key of the app's iOS, macOS or Android channel (shown on the channel's page)")],
      });
    }
    const placement = await resolveChannel(channelKey);
    assertOnApp(actor, await membership(actor, placement.app_id), 'debug_file:create');
    if (placement.app_archived) throw archivedError({ id: placement.app_id, name: placement.app_name });
    return placement;
  }

  /** Step 2: the file as a debug file plan, or a 422 saying what it is. */
  async function parse(path: string, placement: ChannelPlacementRow): Promise<DebugFilePlan> {
    let plan: DebugFilePlan | string;
    try {
      plan = planOf(await inspect(path), placement.bundle_id);
    } catch (error) {
      if (isAppInfoError(error)) {
        const sentence = error.code === 'unknown_format' ? unknownDebugFile(error.message) : `${error.code}: ${error.message}`;
        throw new ValidationError({ file: [fieldIssue('file_unreadable', sentence, { reason: error.code })] });
      }
      throw error;
    }
    if (typeof plan === 'string') throw new ValidationError({ file: [fieldIssue('file_unreadable', plan, { reason: 'not_debug_file' })] });
    const takes = CATEGORY_DEVICE_TYPES[plan.category];
    if (!takes.includes(placement.device_type)) {
      const kind = plan.category === 'dsym' ? 'a dSYM (Apple debug symbols)' : 'a Proguard mapping (Android)';
      const want = takes.map((type) => PLATFORM_NAMES[type] ?? type).join(' or ');
      throw new ValidationError({
        file: [
          fieldIssue(
            'file_wrong_platform',
            `is ${kind}, but channel "${placement.name}" takes ${PLATFORM_NAMES[placement.device_type] ?? placement.device_type} builds: upload it with the key of the app's ${want} channel`,
            { platform: plan.category, channel_platform: placement.device_type, channel: placement.name },
          ),
        ],
      });
    }
    if (placement.bundle_id !== '*') {
      const ids = [...new Set(plan.entries.map((entry) => entry.bundleId).filter((id): id is string => id !== null))];
      if (ids.length > 0 && !ids.some((id) => bundleIdMatches(placement.bundle_id, id))) {
        const found = ids.slice(0, 5).map((id) => `"${id}"`).join(', ');
        const message = `is for bundle id ${found}, but channel "${placement.name}" takes only bundle id "${placement.bundle_id}"`;
        throw new ValidationError({ file: [fieldIssue('file_wrong_bundle_id', message, { bundle_id: ids.join(', '), expected: placement.bundle_id })] });
      }
    }
    return plan;
  }

  /** The versions the file is filed under: the fields first, then what the file says. */
  function versionsOf(plan: DebugFilePlan, fields: DebugFileUploadFields): { releaseVersion: string | null; buildVersion: string | null } {
    const errors: FieldErrors = {};
    const sent = (field: 'release_version' | 'build_version', value: string | undefined) => {
      const text = trimmedNonEmpty(value);
      if (text !== undefined && [...text].length > VERSION_MAX) errors[field] = [tooLong(VERSION_MAX)];
      return text;
    };
    const releaseVersion = sent('release_version', fields.releaseVersion) ?? plan.releaseVersion?.slice(0, VERSION_MAX) ?? null;
    const buildVersion = sent('build_version', fields.buildVersion) ?? plan.buildVersion?.slice(0, VERSION_MAX) ?? null;
    if (plan.category === 'proguard') {
      const why = 'is required for a Proguard mapping: send the versionName (release_version) and versionCode (build_version) of the build it belongs to';
      const manifest = ' (the zip has no AndroidManifest.xml to read them from)';
      if (releaseVersion === null && !errors.release_version) errors.release_version = [fieldIssue('version_required', why + manifest)];
      if (buildVersion === null && !errors.build_version) errors.build_version = [fieldIssue('version_required', why + manifest)];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { releaseVersion, buildVersion };
  }

  const { toFiles, one } = createDebugFileMapper(debugFilesRepository);
  const serving = createDebugFileServing({ debugFilesRepository, storage, signer, membership, one });

  /** The row, if the caller may do `action` to it (404 when they may not see it, whether it exists or not). */
  async function visible(actor: Actor, id: number, action: 'app:read' | 'debug_file:delete'): Promise<{ row: DebugFileListRow; member: Membership | null }> {
    const row = await debugFilesRepository.findById(id);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'debug_file.not_found');
    const member = await membership(actor, row.app_id);
    assertOnApp(actor, member, action);
    return { row, member };
  }

  /** The file as this caller sees it: with whether they may delete it (not in an archived app). */
  async function detail(actor: Actor, row: DebugFileListRow, member: Membership | null): Promise<DebugFileDetail> {
    const canDelete = decideOnApp(actor, member, 'debug_file:delete') === 'allow' && !row.app_archived;
    return { ...(await one(row)), canDelete };
  }

  function uuidOrThrow(value: string): string {
    const uuid = normalizeUuid(value);
    if (uuid === null) throw new ValidationError({ uuid: [fieldIssue('uuid', 'is not a UUID: send 32 hexadecimal digits, with or without dashes (as a crash report shows it)')] });
    return uuid;
  }

  return {
    /** Step 1 alone, as soon as the fields before the file are in, so a refused upload stores nothing. */
    async authorize(actor: Actor, channelKey: string | undefined): Promise<void> {
      await authorize(actor, channelKey);
    },

    /** The channel a key opens (Zealot's public list and download); unknown → 401. */
    resolveChannel,

    /** The new file, or (`existing`) the stored one with the same bytes and versions. */
    async upload(input: DebugFileUploadInput): Promise<{ file: DebugFileDetail; existing: boolean }> {
      const placement = await authorize(input.actor, input.fields.channelKey);
      if (!input.file) throw new ValidationError({ file: [fieldIssue('file_missing', `${MISSING_FILE}; ${WHAT_TO_SEND}`)] });
      const file = input.file;
      const plan = await parse(file.path, placement);
      const { releaseVersion, buildVersion } = versionsOf(plan, input.fields);
      const key = versionKey(releaseVersion, buildVersion);
      const identity = { appId: placement.app_id, deviceType: placement.device_type, checksum: file.sha256, versionKey: key };
      const answer = async (id: number, existing: boolean) => {
        const row = await debugFilesRepository.findById(id);
        if (!row) throw new ConflictError('The debug file with the same content and versions was deleted while this upload ran: send it again', 'debug_file.deleted_during_upload');
        return { file: { ...(await one(row)), canDelete: true }, existing };
      };
      const same = await debugFilesRepository.findIdentical(identity);
      if (same !== undefined) return answer(same, true);

      const fileName = displayFileName(file.filename, plan.category);
      const fileKey = debugFileStorageKey(fileName, plan.category);
      await storage.putFile(fileKey, file.path);
      let written: { id: number; existing: boolean };
      try {
        written = await debugFilesRepository.transaction(async (trx) => {
          // The same upload may have finished while this one was stored.
          const raced = await debugFilesRepository.findIdentical(identity, trx, true);
          if (raced !== undefined) return { id: raced, existing: true };
          const release =
            releaseVersion === null
              ? undefined
              : await debugFilesRepository.findRelease(placement.app_id, placement.device_type, key, placement.id, trx);
          const timestamp = clock.now();
          const id = await debugFilesRepository.insert(
            {
              app_id: placement.app_id,
              channel_id: placement.id,
              release_id: release?.id ?? null,
              uploader_id: input.actor.userId,
              device_type: placement.device_type,
              category: plan.category,
              release_version: releaseVersion,
              build_version: buildVersion,
              version_key: key,
              name: plan.name,
              bundle_id: plan.bundleId,
              file_key: fileKey,
              file_name: fileName,
              size: file.size,
              checksum: file.sha256,
              created_at: timestamp,
              updated_at: timestamp,
            },
            entryValues(plan.entries, timestamp),
            trx,
          );
          return { id, existing: false };
        });
      } catch (error) {
        await removeStoredFiles(storage, [fileKey]);
        throw error;
      }
      if (written.existing) await removeStoredFiles(storage, [fileKey]);
      return answer(written.id, written.existing);
    },

    /** A page of an app's files: by app_id for its team, by channel_key for anyone holding it. */
    async list(input: ListDebugFilesInput): Promise<{ items: DebugFile[]; total: number; page: number; perPage: number }> {
      const filter: DebugFileFilter = {};
      const channelKey = trimmedNonEmpty(input.channelKey);
      if (channelKey !== undefined && input.appId !== undefined) throw new ValidationError({ app_id: [fieldIssue('invalid', 'cannot be sent with channel_key: send one of them')] });
      if (channelKey !== undefined) {
        const placement = await resolveChannel(channelKey);
        filter.appId = placement.app_id;
        filter.deviceType = placement.device_type;
      } else if (input.appId !== undefined) {
        if (!input.actor) throw new UnauthorizedError(undefined, 'auth.unauthorized');
        assertOnApp(input.actor, await membership(input.actor, input.appId), 'app:read');
        if (!(await debugFilesRepository.appExists(input.appId))) throw new NotFoundError(RECORD_NOT_FOUND, 'debug_file.not_found');
        filter.appId = input.appId;
      } else {
        throw new ValidationError({ app_id: [fieldIssue('required', 'or channel_key is required: the debug files of which app?')] });
      }
      const deviceType = trimmedNonEmpty(input.deviceType);
      if (deviceType !== undefined) {
        if (!(DEBUG_FILE_DEVICE_TYPES as readonly string[]).includes(deviceType)) {
          throw new ValidationError({ device_type: [oneOf(DEBUG_FILE_DEVICE_TYPES)] });
        }
        filter.deviceType = deviceType;
      }
      const releaseVersion = trimmedNonEmpty(input.releaseVersion);
      const buildVersion = trimmedNonEmpty(input.buildVersion);
      filter.version = versionMatch(releaseVersion, buildVersion);
      if (releaseVersion === undefined && buildVersion !== undefined) filter.buildVersion = buildVersion;
      if (input.uuid !== undefined && input.uuid.trim() !== '') filter.uuid = uuidOrThrow(input.uuid);
      const window = { limit: input.perPage, offset: (input.page - 1) * input.perPage };
      const { rows, total } = await debugFilesRepository.list(filter, input.order, window);
      return { items: await toFiles(rows), total, page: input.page, perPage: input.perPage };
    },

    async get(actor: Actor, id: number): Promise<DebugFileDetail> {
      const { row, member } = await visible(actor, id, 'app:read');
      return detail(actor, row, member);
    },

    /** Removes the row, then the stored zip. Answers what could not be removed. */
    async delete(actor: Actor, id: number): Promise<DeleteOutcome> {
      const { row } = await visible(actor, id, 'debug_file:delete');
      if (row.app_archived) throw archivedError({ id: row.app_id, name: row.app_name });
      const key = await debugFilesRepository.transaction((trx) => debugFilesRepository.delete(id, trx));
      if (key === undefined) throw new NotFoundError(RECORD_NOT_FOUND, 'debug_file.not_found');
      return { leftoverKeys: await removeStoredFiles(storage, [key]) };
    },

    /**
     * Every file the caller can see that holds this UUID (a Mach-O slice's or a Proguard
     * mapping's), newest upload first, a page at a time; 404 when there is none.
     */
    async findByUuid(
      actor: Actor,
      value: string,
      input: { appId?: number | undefined; page: number; perPage: number },
    ): Promise<{ items: DebugFileDetail[]; total: number; page: number; perPage: number }> {
      const uuid = uuidOrThrow(value);
      const scope = visibleApps(actor);
      const { rows, total } = await debugFilesRepository.list({ uuid, scope, appId: input.appId }, 'upload_date', {
        limit: input.perPage,
        offset: (input.page - 1) * input.perPage,
      });
      if (total === 0) throw new NotFoundError(`${NOT_FOUND_DEBUG_FILE}: no debug file you can see holds UUID ${uuid}`, 'debug_file.uuid_not_found', { uuid });
      const files = await toFiles(rows);
      const members = new Map<number, Membership | null>();
      const items: DebugFileDetail[] = [];
      for (const [index, row] of rows.entries()) {
        if (!members.has(row.app_id)) members.set(row.app_id, await membership(actor, row.app_id));
        const canDelete = decideOnApp(actor, members.get(row.app_id)!, 'debug_file:delete') === 'allow' && !row.app_archived;
        items.push({ ...files[index]!, canDelete });
      }
      return { items, total, page: input.page, perPage: input.perPage };
    },

    /**
     * GET /api/debug_files/download: the channel's app's file for release_version (and
     * build_version), of the channel's platform; by version (highest build first) or by
     * upload date (newest first). 404 when none matches.
     */
    async findForDownload(placement: ChannelPlacementRow, input: DownloadInput): Promise<DebugFile> {
      const releaseVersion = trimmedNonEmpty(input.releaseVersion);
      if (releaseVersion === undefined) throw new ValidationError({ release_version: [fieldIssue('required', 'is required: the version of the build whose symbols you need')] });
      const buildVersion = trimmedNonEmpty(input.buildVersion);
      if ([...releaseVersion].length > VERSION_MAX || (buildVersion !== undefined && [...buildVersion].length > VERSION_MAX)) {
        throw new ValidationError({ [[...releaseVersion].length > VERSION_MAX ? 'release_version' : 'build_version']: [tooLong(VERSION_MAX)] });
      }
      const row = await debugFilesRepository.first(
        { appId: placement.app_id, deviceType: placement.device_type, version: versionMatch(releaseVersion, buildVersion) },
        input.order,
      );
      if (!row) {
        const platform = PLATFORM_NAMES[placement.device_type] ?? placement.device_type;
        const wanted = buildVersion === undefined ? `release_version "${releaseVersion}"` : `release_version "${releaseVersion}" and build_version "${buildVersion}"`;
        throw new NotFoundError(`${NOT_FOUND_DEBUG_FILE}: app "${placement.app_name}" has no ${platform} debug file for ${wanted}`, 'debug_file.not_found', {
          app: placement.app_name,
          platform,
          version: wanted,
        });
      }
      return one(row);
    },

    ...serving,

    /** How many debug files the caller can see (the dashboard's count). */
    count(actor: Actor): Promise<number> {
      return debugFilesRepository.count(visibleApps(actor));
    },
  };
}

export type DebugFilesService = ReturnType<typeof createDebugFilesService>;
