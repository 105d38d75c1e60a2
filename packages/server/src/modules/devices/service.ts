// iOS devices: the profile service callback that registers them (public, verified by its CMS
// signature and our challenge), the builds whose provisioning profiles list them, and the
// team's list of devices (read by anyone signed in, renamed by developers and admins,
// deleted by admins).
import { can, forbiddenMessages } from '../../auth/policy.ts';
import type { Action, Actor } from '../../auth/policy.ts';
import { now } from '../../db/index.ts';
import type { DeviceRow } from '../../db/types.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { AccessService, Caller } from '../access/service.ts';
import type { Page } from '../users/service.ts';
import { CmsError, verifySignedData } from './cms.ts';
import { CallbackError, DEVICE_NAME_MAX, buildProfileServiceConfig, canonicalUdid, modelName, profileListsDevice, readDeviceAttributes, stableUuid } from './fns.ts';
import type { Challenges, ProfileTexts } from './fns.ts';
import type { DevicesRepository, ReleaseMention } from './repository.ts';
import type { Device, DeviceBuild } from './types.ts';

/** Builds looked at per device page; the newest first. */
const CANDIDATE_LIMIT = 200;
const BUILDS_SHOWN = 50;

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    udid: row.udid,
    name: row.name,
    product: row.product,
    model: modelName(row.product),
    osVersion: row.os_version,
    serial: row.serial,
    imei: row.imei,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface Deps {
  devicesRepository: DevicesRepository;
  accessService: Pick<AccessService, 'release' | 'decide'>;
  challenges: Challenges;
  /** The server's secret: the profile's UUID is derived from it, stable per address. */
  secretKey: string;
}

export interface ListDevicesInput {
  actor: Actor;
  page: number;
  perPage: number;
  query?: string | undefined;
}

export interface RenameDeviceInput {
  actor: Actor;
  id: number;
  name: string;
}

export function createDevicesService({ devicesRepository, accessService, challenges, secretKey }: Deps) {
  function assertCan(actor: Actor, action: Action): void {
    if (!can(actor, action)) throw new ForbiddenError(forbiddenMessages[action]);
  }

  async function load(id: number): Promise<DeviceRow> {
    const row = await devicesRepository.findById(id);
    if (!row) throw new NotFoundError();
    return row;
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
     * its attributes. Verified, then stored by UDID. Throws CallbackError (nothing stored)
     * when it is not signed, does not verify, lacks a valid UDID or brings no valid challenge.
     */
    async receiveCallback(body: Buffer): Promise<Device> {
      let content: Buffer;
      try {
        content = verifySignedData(body).content;
      } catch (error) {
        if (error instanceof CmsError) throw new CallbackError(`The body is not a valid signed device answer: ${error.message}`);
        throw error;
      }
      const attributes = readDeviceAttributes(content);
      const challenge = challenges.check(attributes.challenge);
      if (challenge !== 'ok') {
        throw new CallbackError(
          challenge === 'expired'
            ? 'The profile has expired: open /udid and download the profile again'
            : challenge === 'missing'
              ? 'The device answer has no challenge: install the profile from /udid'
              : 'The challenge in the device answer was not issued by this server: install the profile from /udid',
        );
      }
      const row = await devicesRepository.upsert(
        {
          udid: attributes.udid,
          name: attributes.deviceName,
          product: attributes.product,
          os_version: attributes.version,
          serial: attributes.serial,
          imei: attributes.imei,
        },
        now(),
      );
      return toDevice(row);
    },

    /** A device by UDID (any accepted form); undefined when unknown or not a UDID. */
    async findByUdid(udid: string): Promise<Device | undefined> {
      const canonical = canonicalUdid(udid);
      if (!canonical) return undefined;
      const row = await devicesRepository.findByUdid(canonical);
      return row ? toDevice(row) : undefined;
    },

    /**
     * Uploaded iOS builds whose provisioning profile lists the UDID, newest first, each
     * with whether the caller may open its channel (`callerFor` gives the caller's
     * credentials for a channel: signed-in user, grants).
     */
    async buildsFor(udid: string, callerFor: (channelId: number) => Caller): Promise<DeviceBuild[]> {
      const candidates: ReleaseMention[] = await devicesRepository.iosReleasesMentioning(udid, CANDIDATE_LIMIT);
      const builds: DeviceBuild[] = [];
      for (const candidate of candidates) {
        if (builds.length >= BUILDS_SHOWN) break;
        if (!profileListsDevice(candidate.metadata, udid)) continue;
        const found = await accessService.release(candidate.id);
        if (!found) continue;
        const { channel } = found;
        const decision = await accessService.decide(channel, callerFor(channel.id));
        builds.push({
          releaseId: candidate.id,
          appName: channel.app_name,
          channelName: channel.name,
          channelSlug: channel.slug,
          releaseName: candidate.name,
          releaseVersion: candidate.release_version,
          buildVersion: candidate.build_version,
          createdAt: candidate.created_at,
          open: decision === 'open',
        });
      }
      return builds;
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

    async get(actor: Actor, id: number): Promise<Device> {
      assertCan(actor, 'devices:read');
      return toDevice(await load(id));
    },

    /** Renames a device: trimmed, at most 255 characters; blank clears the name. */
    async rename(input: RenameDeviceInput): Promise<Device> {
      assertCan(input.actor, 'devices:update');
      const name = input.name.trim();
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(name)) throw new ValidationError({ name: ['cannot contain control characters'] });
      if ([...name].length > DEVICE_NAME_MAX) throw new ValidationError({ name: [`is too long (maximum is ${DEVICE_NAME_MAX} characters)`] });
      await load(input.id);
      const row = await devicesRepository.updateName(input.id, name === '' ? null : name, now());
      if (!row) throw new NotFoundError();
      return toDevice(row);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'devices:delete');
      if (!(await devicesRepository.delete(id))) throw new NotFoundError();
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
