// iOS devices: the profile service callback that registers them (public, verified by its CMS
// signature and our single-use challenge; a known device changes only when the certificate
// that signed its first answer signs again), the device's page (UDID and model for anyone
// holding the address, the rest for the team), the builds whose provisioning profiles list
// them, and the team's list of devices (read by anyone signed in, renamed by developers and
// admins, deleted by admins).
import { createHash } from 'node:crypto';
import { can, forbidden } from '../../auth/policy.ts';
import type { Action, Actor } from '../../auth/policy.ts';
import { isoFromNow } from '../../clock.ts';
import type { Clock } from '../../clock.ts';
import type { DeviceRow } from '../../db/types.ts';
import { fieldIssue, NotFoundError, RECORD_NOT_FOUND, tooLong, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { AccessService, Caller } from '../access/service.ts';
import type { Page } from '../../shared/page.ts';
import { CmsError, verifySignedData } from './cms.ts';
import { CallbackError, DEVICE_NAME_MAX, readDeviceAttributes } from './answer.ts';
import type { Challenges } from './challenge.ts';
import { iosVersionOfBuild, modelName } from './models.ts';
import { buildProfileServiceConfig, stableUuid } from './profile.ts';
import type { ProfileTexts } from './profile.ts';
import { appleWord, syncChanges } from './sync.ts';
import type { SyncFields } from './sync.ts';
import { canonicalUdid } from './udid.ts';
import { listDeviceBuilds } from './listing.ts';
import type { DevicesRepository } from './repository.ts';
import type { Device, DeviceBuilds, PublicDevice } from './types.ts';

/**
 * Used challenges are kept this long past their expiry before they are deleted, so an
 * instance whose clock runs a little behind still finds a used one recorded.
 */
const USED_CHALLENGE_GRACE_MS = 60 * 60_000;

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    udid: row.udid,
    name: row.name,
    product: row.product,
    model: modelName(row.product) ?? row.model_name,
    osVersion: row.os_version,
    iosVersion: iosVersionOfBuild(row.os_version),
    serial: row.serial,
    imei: row.imei,
    source: row.source,
    platform: row.platform,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface Deps {
  devicesRepository: DevicesRepository;
  accessService: Pick<AccessService, 'release' | 'decide' | 'entitled'>;
  challenges: Challenges;
  /** The server's secret: the profile's UUID is derived from it, stable per address. */
  secretKey: string;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
}

/**
 * What a device's answer did: stored (new device, or its own certificate signed again) or kept
 * (another certificate signed it: nothing changed).
 */
export interface CallbackResult {
  device: Device;
  outcome: 'stored' | 'kept';
}

/** The device page: everything for a signed-in team member, the UDID and model for anyone else. */
export type DevicePage =
  | { view: 'team'; device: Device; builds: DeviceBuilds }
  | { view: 'public'; device: PublicDevice; /** Only builds of channels the visitor holds a grant for; the rest counted in `hidden`. */ builds: DeviceBuilds };

export interface ListDevicesInput {
  actor: Actor;
  page: number;
  perPage: number;
  query?: string | undefined;
}

/** A device as the Apple developer account lists it (fastlane's zealot_sync_devices); empty or absent fields say nothing. */
export interface SyncDeviceInput {
  actor: Actor;
  udid: string;
  name?: string | undefined;
  model?: string | undefined;
  platform?: string | undefined;
  status?: string | undefined;
}

/** What a sync did: a new device, a change to a stored one, or nothing (it already said so). */
export interface SyncResult {
  device: Device;
  outcome: 'created' | 'updated' | 'unchanged';
}

const NOT_A_UDID = 'is not a UDID: expected 40 hex digits, or 8 and 16 hex digits joined by a hyphen';
const MODEL_MAX = 255;

/** Trimmed text; null when absent or blank. A control character or too long a value is a field error. */
function syncText(value: string | undefined, max: number, field: string, errors: FieldErrors): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) errors[field] = [fieldIssue('control_characters', 'cannot contain control characters')];
  else if ([...text].length > max) errors[field] = [tooLong(max)];
  return text;
}

/** The sync's fields, checked: every problem at once as a ValidationError (nothing stored). */
function syncFields(input: SyncDeviceInput): SyncFields {
  const errors: FieldErrors = {};
  const name = syncText(input.name, DEVICE_NAME_MAX, 'name', errors);
  const modelText = syncText(input.model, MODEL_MAX, 'model', errors);
  const word = (kind: 'platform' | 'status', example: string) => {
    const text = syncText(input[kind], 32, kind, errors);
    if (text === null || errors[kind]) return null;
    const stored = appleWord(text, kind);
    if (stored === undefined) errors[kind] = [fieldIssue('one_of', `"${text}" is not one of Apple's ${kind} values, such as ${example}`, { values: example })];
    return stored ?? null;
  };
  const platform = word('platform', 'IOS or MAC_OS');
  const status = word('status', 'ENABLED or DISABLED');
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { name, model_name: modelText, platform, status };
}

export interface RenameDeviceInput {
  actor: Actor;
  id: number;
  name: string;
}

export function createDevicesService({ devicesRepository, accessService, challenges, secretKey, clock }: Deps) {
  function assertCan(actor: Actor, action: Action): void {
    if (!can(actor, action)) throw forbidden(action);
  }

  async function load(id: number): Promise<DeviceRow> {
    const row = await devicesRepository.findById(id);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'device.not_found');
    return row;
  }

  /** A device by UDID (any accepted form); undefined when unknown or not a UDID. */
  async function findByUdid(udid: string): Promise<Device | undefined> {
    const canonical = canonicalUdid(udid);
    if (!canonical) return undefined;
    const row = await devicesRepository.findByUdid(canonical);
    return row ? toDevice(row) : undefined;
  }

  return {
    assertCan,

    /**
     * A new Profile Service configuration profile (XML plist) that makes the device post its
     * attributes to `retrieveUrl`, with a fresh challenge the callback must bring back.
     */
    profileServiceConfig(retrieveUrl: string, texts: ProfileTexts): string {
      return buildProfileServiceConfig({ retrieveUrl, challenge: challenges.issue(), uuid: stableUuid(secretKey, retrieveUrl), texts });
    },

    /**
     * The device's answer to the profile service: CMS SignedData (DER) around a plist of
     * its attributes. Verified, its challenge used up, then stored by UDID. Throws
     * CallbackError (nothing stored) when it is not signed, does not verify, lacks a valid
     * UDID or brings no fresh, unused challenge of ours. A device already known is changed
     * only when the certificate that signed its first answer signed this one; otherwise its
     * stored details are kept as they are (outcome 'kept').
     */
    async receiveCallback(body: Buffer): Promise<CallbackResult> {
      let verified: ReturnType<typeof verifySignedData>;
      try {
        verified = verifySignedData(body);
      } catch (error) {
        if (error instanceof CmsError) throw new CallbackError(`The body is not a valid signed device answer: ${error.message}`);
        throw error;
      }
      const attributes = readDeviceAttributes(verified.content);
      const challenge = challenges.check(attributes.challenge);
      if (challenge.status !== 'ok') {
        throw new CallbackError(
          challenge.status === 'expired'
            ? 'The profile has expired: open /udid and download the profile again'
            : challenge.status === 'missing'
              ? 'The device answer has no challenge: install the profile from /udid'
              : 'The challenge in the device answer was not issued by this server: install the profile from /udid',
        );
      }
      const timestamp = clock.now();
      if (!(await devicesRepository.useChallenge(challenge.nonce, new Date(challenge.expiresAt).toISOString(), timestamp))) {
        throw new CallbackError('This profile was already used: open /udid and download the profile again');
      }
      await devicesRepository.deleteChallengesExpiredBefore(isoFromNow(clock, -USED_CHALLENGE_GRACE_MS));
      const row = await devicesRepository.upsert(
        {
          udid: attributes.udid,
          name: attributes.deviceName,
          product: attributes.product,
          os_version: attributes.version,
          serial: attributes.serial,
          imei: attributes.imei,
          signer_fingerprint: createHash('sha256').update(verified.certificate.raw).digest('hex'),
        },
        timestamp,
      );
      if (row) return { device: toDevice(row), outcome: 'stored' };
      const kept = await devicesRepository.findByUdid(attributes.udid);
      // Deleted between the two statements: the next answer registers it again.
      if (!kept) throw new CallbackError('The device was deleted while its answer was being stored: install the profile from /udid again');
      return { device: toDevice(kept), outcome: 'kept' };
    },

    /**
     * The page of a device (undefined when unknown). Anyone who has the address sees the UDID,
     * the model, the builds of channels they hold a grant for and how many other builds list
     * the device: nothing the UDID alone should reveal, since anyone can register any UDID
     * (docs/udid.md). A signed-in user who may read devices also sees its name, serial, IMEI,
     * iOS version and every build it can install (listing.ts).
     */
    async page(actor: Actor | null, udid: string, callerFor: (channelId: number) => Caller, page = 1): Promise<DevicePage | undefined> {
      const device = await findByUdid(udid);
      if (!device) return undefined;
      const view = actor && can(actor, 'devices:read') ? 'team' : 'public';
      const query = { udid: device.udid, view, callerFor, page, now: clock.now() } as const;
      const builds = await listDeviceBuilds({ devicesRepository, accessService }, query);
      if (view === 'team') return { view, device, builds };
      return { view, device: { udid: device.udid, product: device.product, model: device.model }, builds };
    },

    async list(input: ListDevicesInput): Promise<Page<Device>> {
      assertCan(input.actor, 'devices:read');
      const filter = { query: input.query?.trim() || undefined };
      const [rows, total] = await Promise.all([
        devicesRepository.list(filter, input.perPage, (input.page - 1) * input.perPage),
        devicesRepository.count(filter),
      ]);
      return { items: rows.map(toDevice), total, page: input.page, perPage: input.perPage };
    },

    /**
     * The registered devices among these UDIDs (a provisioning profile's list, which the build
     * and teardown screens show with the team's names): one query, whatever the count. A value
     * that is not a UDID is a field error naming its place; a UDID not stored is left out.
     */
    async lookup(actor: Actor, udids: readonly string[]): Promise<Device[]> {
      assertCan(actor, 'devices:read');
      const errors: Record<string, string[]> = {};
      const wanted = new Set<string>();
      udids.forEach((value, index) => {
        const udid = canonicalUdid(value);
        if (udid) wanted.add(udid);
        else errors[`udids.${index}`] = [`"${[...value].slice(0, 64).join('')}" ${NOT_A_UDID}`];
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      return (await devicesRepository.findByUdids([...wanted])).map(toDevice);
    },

    async get(actor: Actor, id: number): Promise<Device> {
      assertCan(actor, 'devices:read');
      return toDevice(await load(id));
    },

    /** Renames a device: trimmed, at most 255 characters; blank clears the name. */
    async rename(input: RenameDeviceInput): Promise<Device> {
      assertCan(input.actor, 'devices:update');
      const name = input.name.trim();
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(name)) throw new ValidationError({ name: [fieldIssue('control_characters', 'cannot contain control characters')] });
      if ([...name].length > DEVICE_NAME_MAX) throw new ValidationError({ name: [tooLong(DEVICE_NAME_MAX)] });
      await load(input.id);
      const row = await devicesRepository.updateName(input.id, name === '' ? null : name, clock.now());
      if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'device.not_found');
      return toDevice(row);
    },

    /**
     * Finds or creates the device by UDID with what the Apple developer account says of it
     * (PUT /api/devices/{udid}, fastlane's zealot_sync_devices). A new device records source
     * 'sync'; a stored one keeps its source and everything the device itself reported, and
     * takes each field the sync says that differs (syncChanges: an empty name keeps the
     * stored one). Saying the same again changes nothing, not even updated_at.
     */
    async sync(input: SyncDeviceInput): Promise<SyncResult> {
      assertCan(input.actor, 'devices:sync');
      const udid = canonicalUdid(input.udid);
      if (!udid) throw new ValidationError({ udid: [fieldIssue('udid', `"${[...input.udid].slice(0, 64).join('')}" ${NOT_A_UDID}`)] });
      const fields = syncFields(input);
      // Twice at most: a device deleted between the insert and the read is inserted again.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const timestamp = clock.now();
        const inserted = await devicesRepository.insertSynced(udid, fields, timestamp);
        if (inserted) return { device: toDevice(inserted), outcome: 'created' };
        const stored = await devicesRepository.findByUdid(udid);
        if (!stored) continue;
        const changes = syncChanges(stored, fields);
        if (Object.keys(changes).length === 0) return { device: toDevice(stored), outcome: 'unchanged' };
        const updated = await devicesRepository.updateSynced(stored.id, changes, timestamp);
        if (updated) return { device: toDevice(updated), outcome: 'updated' };
      }
      throw new NotFoundError(RECORD_NOT_FOUND, 'device.not_found');
    },

    /**
     * Stores the devices an uploaded iOS build's provisioning profile lists (source 'profile'),
     * as Zealot does for builds with a device list; devices already stored are left as they
     * are, and a UDID in none of Apple's forms is skipped. Answers how many were new.
     */
    async recordFromProfile(udids: readonly string[]): Promise<number> {
      const canonical = [...new Set(udids.map((udid) => canonicalUdid(udid)).filter((udid): udid is string => udid !== undefined))];
      if (canonical.length === 0) return 0;
      return devicesRepository.insertFromProfile(canonical, clock.now());
    },

    async remove(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'devices:delete');
      if (!(await devicesRepository.delete(id))) throw new NotFoundError(RECORD_NOT_FOUND, 'device.not_found');
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
