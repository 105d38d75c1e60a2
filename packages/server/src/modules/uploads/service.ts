// The upload rules (POST /api/apps/upload), in order:
//   1. Who: the caller needs release:create on the channel's app (outsiders 404, members 403).
//      An unknown key is 401; an archived app 409. Without a channel key, the package decides
//      where it goes once it is parsed (see findExisting): an existing channel the caller may
//      upload to, else a new app, scheme and channel, which needs apps:create; before the file
//      a caller who could do neither is refused. Channel settings sent with the upload
//      (password, slug, git_url, download_filename_type) that would change the channel need
//      channel:manage, as PUT /api/channels/{id} does: else 403 naming them (checked before
//      the file when they come before it).
//   2. What: the text fields are checked (422 per field), then the file is parsed by
//      @tarmac/appinfo; a file it cannot read is 422 with the parser's code. Debug files and
//      provisioning profiles are refused (they have their own endpoint). The package's
//      platform must be the channel's device type and its bundle id must pass the channel's
//      rule; each mismatch is a 422 naming both values.
//   3. Files first: the package moves from the temp file to storage, the icon is written as
//      PNG. Then one short transaction takes the channel's next version (see
//      releasesRepository.nextVersion), writes the release row and the channel changes the
//      upload carries (slug, password, git_url, download_filename_type). If the transaction
//      fails, the stored files are removed: a failure leaves no row and no file.
//   4. Retention: with the scheme's retained_builds N > 0, the channel keeps its newest N.
//   5. Devices: the UDIDs an iOS build's provisioning profile lists that are not stored yet
//      join the device list (source `profile`), as in Zealot.
// The answer says where the build went (`placement`): the channel the key names, an existing
// channel found by bundle id or by app name, or a new app.
import { inspect, isAppInfoError } from '@tarmac/appinfo';
import type { AppInfo } from '@tarmac/appinfo';
import { hashPassword } from '../../auth/passwords.ts';
import { can, decideOnApp, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { ReleaseRow } from '../../db/types.ts';
import { fieldIssue, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AppsRepository } from '../apps/repository.ts';
import { bundleIdRuleError } from '../channels/bundle-id-rule.ts';
import type { ChannelsRepository } from '../channels/repository.ts';
import type { DevicesService } from '../devices/service.ts';
import { archivedError, createChannelWriter, createSlugGuard } from '../channels/service.ts';
import { assertOnApp, toMembership } from '../collaborators/fns.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import { PLATFORM_NAMES } from '../releases/mapper.ts';
import { isVersionTaken } from '../releases/repository.ts';
import type { ChannelPlacementRow, ReleasesRepository, UploadCandidateRow } from '../releases/repository.ts';
import { toReleaseView } from '../releases/service.ts';
import type { ReleasesService } from '../releases/service.ts';
import type { SchemesRepository } from '../schemes/repository.ts';
import { bundleIdMatches, displayFileName, releaseStorageKeys } from './fns.ts';
import { removeStoredFiles } from '../../storage/remove.ts';
import { trimmedNonEmpty } from '../../shared/text.ts';
import { CHANNEL_KEY_MAX, UNAUTHORIZED_CHANNEL_KEY } from '../../shared/channel-key.ts';
import { NOT_A_BUILD, channelSettingsChanged, channelSettingsForbidden, checkFields, clip, newAppName, profileDevices, releaseValues } from './rules.ts';
import type { ChannelSettingFields, CheckedFields, Placement, Target, UploadInput, UploadResult, UploadedFile } from './types.ts';
import type { Meter } from '../metrics/types.ts';

const SLUG_TAKEN = 'has already been taken';
/** Attempts at the release transaction when another writer took the version number first. */
const VERSION_ATTEMPTS = 5;
/** Channels looked at per lookup when an upload has no key (newest builds first). */
const CANDIDATES_MAX = 50;

interface Deps {
  releasesRepository: Pick<ReleasesRepository, 'transaction' | 'findChannelPlacement' | 'findUploadCandidates' | 'nextVersion' | 'insert'>;
  releasesService: Pick<ReleasesService, 'applyRetention'>;
  appsRepository: Pick<AppsRepository, 'insert'>;
  schemesRepository: Pick<SchemesRepository, 'insert'>;
  channelsRepository: Pick<ChannelsRepository, 'takenSlugs' | 'heldSlugs' | 'retireSlugs' | 'insert' | 'update'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership' | 'rolesHeld' | 'insert'>;
  storage: Pick<Storage, 'putFile' | 'putBuffer' | 'delete'>;
  /** Stores the devices an iOS build's provisioning profile lists (source `profile`). */
  devicesService: Pick<DevicesService, 'recordFromProfile'>;
  /** TARMAC_SLUG_GRACE_DAYS: how long a gone channel's slug stays held for its app. */
  slugGraceDays: number;
  /** The time written into the release and what the upload creates or changes with it. */
  clock: Clock;
  /** GET /metrics's counters (stored bytes, parse times); undefined when TARMAC_METRICS is off. */
  meter?: Pick<Meter, 'uploaded' | 'parsed'> | undefined;
}

export function createUploadsService(deps: Deps) {
  const { releasesRepository, releasesService, appsRepository, schemesRepository, channelsRepository, collaboratorsRepository } = deps;
  const { storage } = deps;
  const writer = createChannelWriter({ channelsRepository, slugGraceDays: deps.slugGraceDays, clock: deps.clock });
  const guard = createSlugGuard({ channelsRepository, slugGraceDays: deps.slugGraceDays, clock: deps.clock });

  /** Step 1: where the build may go, or why not. */
  async function authorize(actor: Actor, channelKey: string | undefined, fields: ChannelSettingFields): Promise<Target> {
    const key = trimmedNonEmpty(channelKey);
    if (key === undefined) {
      // Without apps:create, the build can only go to an existing channel: refused now when
      // the caller may upload to no app at all.
      if (!can(actor, 'apps:create')) {
        const roles = await collaboratorsRepository.rolesHeld(actor.userId);
        if (!roles.some((role) => decideOnApp(actor, { role, owner: false }, 'release:create') === 'allow')) {
          throw forbidden('apps:create');
        }
      }
      return { kind: 'keyless' };
    }
    if (key.length > CHANNEL_KEY_MAX) throw new UnauthorizedError(UNAUTHORIZED_CHANNEL_KEY, 'channel.key_invalid');
    const placement = await releasesRepository.findChannelPlacement({ key });
    if (!placement) throw new UnauthorizedError(UNAUTHORIZED_CHANNEL_KEY, 'channel.key_invalid');
    const membership = toMembership(await collaboratorsRepository.findMembership(placement.app_id, actor.userId));
    assertOnApp(actor, membership, 'release:create');
    if (placement.app_archived) throw archivedError({ id: placement.app_id, name: placement.app_name });
    const changed = channelSettingsChanged(placement, fields);
    if (changed.length > 0 && decideOnApp(actor, membership, 'channel:manage') !== 'allow') {
      throw new ForbiddenError(channelSettingsForbidden(changed), 'permission.channel_settings', { fields: changed.join(', ') });
    }
    return { kind: 'channel', placement };
  }

  /** Step 2: the package, as the parser reads it. */
  async function parse(file: UploadedFile): Promise<AppInfo & { icon?: Buffer | null }> {
    let info: AppInfo & { icon?: Buffer | null };
    const started = performance.now();
    try {
      info = await inspect(file.path, { icon: true });
    } catch (error) {
      deps.meter?.parsed('unreadable', (performance.now() - started) / 1000);
      if (isAppInfoError(error)) {
        const issue = fieldIssue('file_unreadable', `${error.code}: ${error.message}`, { reason: error.code });
        throw new ValidationError({ file: [issue] }, error.message, 'file.unreadable', { reason: error.code });
      }
      throw error;
    }
    deps.meter?.parsed(info.format, (performance.now() - started) / 1000);
    const refusal = NOT_A_BUILD[info.format];
    if (refusal) throw new ValidationError({ file: [fieldIssue('file_unreadable', refusal, { reason: info.format })] });
    return info;
  }

  function checkAgainstChannel(info: AppInfo, placement: ChannelPlacementRow): void {
    if (info.platform !== placement.device_type) {
      const article = /^[aeiou]/.test(info.platform) ? 'an' : 'a';
      const message = `is ${article} ${info.platform} package, but channel "${placement.name}" takes ${placement.device_type} builds`;
      const params = { platform: info.platform, channel_platform: placement.device_type, channel: placement.name };
      throw new ValidationError({ file: [fieldIssue('file_wrong_platform', message, params)] });
    }
    const ruleError = placement.bundle_id === '*' ? null : bundleIdRuleError(placement.bundle_id);
    if (ruleError !== null) {
      // A rule saved before rules were checked: it accepts nothing until it is fixed.
      throw new ValidationError({
        file: [
          fieldIssue(
            'bundle_id_rule_broken',
            `cannot be checked: channel "${placement.name}" has the bundle id rule "${placement.bundle_id}", which ${ruleError}; an administrator of the app must fix it in the channel's settings`,
            { channel: placement.name, rule: placement.bundle_id },
          ),
        ],
      });
    }
    if (!bundleIdMatches(placement.bundle_id, info.bundleId)) {
      const got = info.bundleId === null ? 'has no bundle id' : `has bundle id "${info.bundleId}"`;
      const params = { bundle_id: info.bundleId ?? '', expected: placement.bundle_id, channel: placement.name };
      throw new ValidationError({ file: [fieldIssue('file_wrong_bundle_id', `${got}, but channel "${placement.name}" takes only bundle id "${placement.bundle_id}"`, params)] });
    }
  }

  /** Step 3a: the package and its icon in storage. Removes what it wrote when it fails halfway. */
  async function store(
    file: UploadedFile,
    info: AppInfo & { icon?: Buffer | null },
    fileName: string,
  ): Promise<{ fileKey: string; iconKey: string | null }> {
    const { fileKey, iconKey } = releaseStorageKeys(fileName, info.format, Boolean(info.icon));
    const written: string[] = [];
    try {
      await storage.putFile(fileKey, file.path);
      written.push(fileKey);
      if (iconKey && info.icon) {
        await storage.putBuffer(iconKey, info.icon);
        written.push(iconKey);
      }
    } catch (error) {
      await removeStoredFiles(storage, written);
      throw error;
    }
    return { fileKey, iconKey };
  }

  type ReleaseValues = ReturnType<typeof releaseValues>;
  type Written = { row: ReleaseRow; placement: ChannelPlacementRow };
  /** Writes the release (and what it needs first) in one transaction. */
  type ReleaseWrite = (values: ReleaseValues) => Promise<Written>;

  /**
   * Existing channel. Before anything is stored: the slug is checked free and the password
   * hashed (slow work stays out of the transaction). Answers step 3b: the next version, the
   * channel's changes and the row, in one transaction.
   */
  async function prepareChannelWrite(placement: ChannelPlacementRow, checked: CheckedFields): Promise<ReleaseWrite> {
    const slugTaken = async () =>
      checked.slug !== undefined && (await channelsRepository.takenSlugs([checked.slug], placement.id)).length > 0;
    if (await slugTaken()) throw new ValidationError({ slug: [fieldIssue('taken', SLUG_TAKEN)] });
    const renamed = checked.slug !== undefined && checked.slug.toLowerCase() !== placement.slug.toLowerCase();
    if (renamed) await guard.assertNotHeld([{ slug: checked.slug!, field: 'slug' }], placement.app_id);
    const passwordHash = checked.password === undefined ? undefined : checked.password === '' ? null : await hashPassword(checked.password);
    const changes = {
      slug: checked.slug,
      git_url: checked.gitUrl,
      password_hash: passwordHash,
      download_filename_type: checked.downloadFilenameType,
    };
    const changesChannel = Object.values(changes).some((value) => value !== undefined);
    return async (values) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await releasesRepository.transaction(async (trx) => {
            const version = await releasesRepository.nextVersion(placement.id, trx);
            // The channel was deleted while the file was coming in.
            if (version === undefined) throw new NotFoundError('The channel was deleted during the upload', 'channel.deleted_during_upload');
            // A renamed channel's old slug stays held for its app (channels/service.ts).
            if (renamed) await channelsRepository.retireSlugs([placement.id], values.updated_at, trx);
            if (changesChannel) await channelsRepository.update(placement.id, { ...changes, updated_at: values.updated_at }, trx);
            const row = await releasesRepository.insert({ ...values, channel_id: placement.id, version }, trx);
            const after = await releasesRepository.findChannelPlacement({ id: placement.id }, trx);
            return { row, placement: after! };
          });
        } catch (error) {
          if (isVersionTaken(error) && attempt < VERSION_ATTEMPTS) continue;
          // Another channel took the slug since it was checked; the unique index decided.
          if (await slugTaken()) throw new ValidationError({ slug: [fieldIssue('taken', SLUG_TAKEN)] });
          throw error;
        }
      }
    };
  }

  /**
   * No channel key: an existing channel for the package, or undefined (a new app is made).
   * Among the channels of unarchived apps that take the package's platform, that the caller
   * may upload to and whose bundle id rule the package passes:
   *   1. those holding a build with the package's bundle id (and, when `name` is sent, of an
   *      app with that name), the one with the newest such build;
   *   2. else those of an app named as the new app would be (`name`, else the package's
   *      display name), the one with the newest build, then the oldest channel.
   * At most CANDIDATES_MAX channels are looked at per step.
   * Zealot 5 looked up the app by name only; the bundle id comes first here because app names
   * change between builds and teams, bundle ids do not.
   */
  async function findExisting(
    actor: Actor,
    info: AppInfo,
    checked: CheckedFields,
  ): Promise<{ placement: ChannelPlacementRow; by: 'bundle_id' | 'app_name' } | undefined> {
    const anyApp = decideOnApp(actor, null, 'release:create') === 'allow';
    const memberId = anyApp ? null : actor.userId;
    const fits = (row: UploadCandidateRow) => {
      const membership = row.member_role === null ? null : { role: row.member_role, owner: Boolean(row.member_owner) };
      return decideOnApp(actor, membership, 'release:create') === 'allow' && bundleIdMatches(row.bundle_id, info.bundleId);
    };
    const strip = (row: UploadCandidateRow): ChannelPlacementRow => {
      const { member_role: _role, member_owner: _owner, last_release_id: _last, ...placement } = row;
      return placement;
    };
    if (info.bundleId !== null && info.bundleId !== '') {
      const byBundleId = { platform: info.platform, bundleId: clip(info.bundleId, 255)!, appName: checked.name };
      const rows = await releasesRepository.findUploadCandidates(byBundleId, memberId, CANDIDATES_MAX);
      const hit = rows.find(fits);
      if (hit) return { placement: strip(hit), by: 'bundle_id' };
    }
    const byName = { platform: info.platform, appName: newAppName(info, checked) };
    const rows = await releasesRepository.findUploadCandidates(byName, memberId, CANDIDATES_MAX);
    const hit = rows.find(fits);
    return hit ? { placement: strip(hit), by: 'app_name' } : undefined;
  }

  /** No channel key and no existing channel: the new app's channel, or why not (403). */
  function assertMayCreate(actor: Actor): void {
    if (!can(actor, 'apps:create')) throw forbidden('apps:create');
  }

  /** An existing channel found for an upload without a key: its settings, as with a key. */
  async function assertMaySetChannel(actor: Actor, placement: ChannelPlacementRow, fields: ChannelSettingFields): Promise<void> {
    const changed = channelSettingsChanged(placement, fields);
    if (changed.length === 0) return;
    const membership = toMembership(await collaboratorsRepository.findMembership(placement.app_id, actor.userId));
    if (decideOnApp(actor, membership, 'channel:manage') !== 'allow') throw new ForbiddenError(channelSettingsForbidden(changed), 'permission.channel_settings', { fields: changed.join(', ') });
  }

  /**
   * No channel key. Before anything is stored: the new channel's fields are checked and its
   * password hashed. Answers step 3b: app (owned by the uploader), scheme, channel and row, in
   * one transaction.
   */
  async function prepareNewAppWrite(actor: Actor, info: AppInfo, checked: CheckedFields): Promise<ReleaseWrite> {
    const errors: FieldErrors = {};
    const prepared = writer.prepare(
      {
        name: PLATFORM_NAMES[info.platform] ?? info.platform,
        deviceType: info.platform,
        slug: checked.slug,
        gitUrl: checked.gitUrl ?? undefined,
        password: checked.password,
        downloadFilenameType: checked.downloadFilenameType,
      },
      '',
      errors,
    );
    if (!prepared) throw new ValidationError(errors);
    await writer.assertSlugsFree([prepared], null);
    await writer.hashPasswords([prepared]);
    const appName = newAppName(info, checked);
    const schemeName = checked.releaseType ?? 'Default';
    return (values) => {
      const stamps = { created_at: values.created_at, updated_at: values.updated_at };
      return writer.write([prepared], ([slug], [key]) =>
        releasesRepository.transaction(async (trx) => {
          const app = await appsRepository.insert({ name: appName, archived: false, ...stamps }, trx);
          await collaboratorsRepository.insert({ app_id: app.id, user_id: actor.userId, role: 'admin', owner: true, ...stamps }, trx);
          const schemeValues = { app_id: app.id, name: schemeName, new_build_callout: true, retained_builds: 0, ...stamps };
          const scheme = await schemesRepository.insert(schemeValues, trx);
          const placed = { scheme_id: scheme.id, slug: slug!, key: key!, ...stamps };
          const channel = await channelsRepository.insert({ ...prepared.values, ...placed }, trx);
          const row = await releasesRepository.insert({ ...values, channel_id: channel.id, version: 1 }, trx);
          const placement = await releasesRepository.findChannelPlacement({ id: channel.id }, trx);
          return { row, placement: placement! };
        }),
      );
    };
  }

  return {
    /**
     * Step 1 alone: whether `actor` may upload with this channel key. The route calls it as
     * soon as the fields before the file are in, so a refused upload stores nothing.
     */
    async authorize(actor: Actor, channelKey: string | undefined, fields: ChannelSettingFields = {}): Promise<void> {
      await authorize(actor, channelKey, fields);
    },

    async upload(input: UploadInput): Promise<UploadResult> {
      const target = await authorize(input.actor, input.fields.channelKey, input.fields);
      const checked = checkFields(input.fields, input.file);
      const file = input.file!;
      const info = await parse(file);
      let placement: Placement;
      let write: (values: ReleaseValues) => Promise<Written>;
      /** The channel's password hash before the upload (null for a channel the upload makes). */
      let hashBefore: string | null = null;
      if (target.kind === 'channel') {
        checkAgainstChannel(info, target.placement);
        placement = 'channel_key';
        hashBefore = target.placement.password_hash;
        write = await prepareChannelWrite(target.placement, checked);
      } else {
        const existing = await findExisting(input.actor, info, checked);
        if (existing) {
          await assertMaySetChannel(input.actor, existing.placement, input.fields);
          placement = existing.by;
          hashBefore = existing.placement.password_hash;
          write = await prepareChannelWrite(existing.placement, checked);
        } else {
          assertMayCreate(input.actor);
          placement = 'created';
          write = await prepareNewAppWrite(input.actor, info, checked);
        }
      }
      const fileName = displayFileName(file.filename, info.format);
      const keys = await store(file, info, fileName);
      let written: Written;
      try {
        written = await write(releaseValues(info, file, fileName, keys, checked, input.actor, deps.clock.now()));
      } catch (error) {
        await removeStoredFiles(storage, [keys.fileKey, ...(keys.iconKey ? [keys.iconKey] : [])]);
        throw error;
      }
      deps.meter?.uploaded(file.size);

      const warnings: string[] = [];
      const keep = written.placement.scheme_retained_builds;
      if (keep > 0) {
        try {
          const { leftoverKeys } = await releasesService.applyRetention(written.placement.id, keep);
          if (leftoverKeys.length > 0) warnings.push(`retention could not remove the stored files ${leftoverKeys.join(', ')}`);
        } catch (error) {
          warnings.push(`retention failed: ${(error as Error).message}`);
        }
      }
      // As Zealot does, the devices a build's profile lists join the team's device list; the
      // build is stored either way.
      const profiled = profileDevices(info);
      if (profiled.length > 0) {
        try {
          await deps.devicesService.recordFromProfile(profiled);
        } catch (error) {
          warnings.push(`the devices its provisioning profile lists could not be stored: ${(error as Error).message}`);
        }
      }
      // The uploader may read keys: release:create is granted only to those who may.
      const passwordChange = checked.password === undefined ? undefined : passwordChangeOf(hashBefore, written.placement.password_hash);
      return { ...toReleaseView(written.row, written.placement, true), warnings, placement, ...(passwordChange ? { passwordChange } : {}) };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/** How a channel's password changed between two hashes: set, changed (a new password, even the same words) or removed. */
function passwordChangeOf(before: string | null, after: string | null): UploadResult['passwordChange'] {
  if (before === null) return after === null ? undefined : 'set';
  return after === null ? 'removed' : 'changed';
}
