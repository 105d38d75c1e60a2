// Devices as the service hands them out (camelCase; routes map them to the wire).
import type { DeviceSource } from '../../db/types.ts';

export type { DeviceSource };

export interface Device {
  id: number;
  /** Apple's form: 40 lowercase hex digits, or `00008030-001A2B3C4D5E802E` in uppercase. */
  udid: string;
  /** The team's name for the device; first filled from the name the device reports. */
  name: string | null;
  /** The model identifier, e.g. iPhone15,2. */
  product: string | null;
  /** The marketing name of the model, when known (iPhone 14 Pro): from the identifier, else from a sync. */
  model: string | null;
  /** The iOS build the device reported, e.g. 21A329. */
  osVersion: string | null;
  /** The iOS version of that build (`21F90` → 17.5.1), or its major version when the build is not a known release. */
  iosVersion: string | null;
  serial: string | null;
  imei: string | null;
  /** Where the device came from: the /udid profile service, or a sync from the Apple developer account. */
  source: DeviceSource;
  /** Apple's platform for the device (IOS, MAC_OS …), once synced. */
  platform: string | null;
  /** Apple's status for the device (ENABLED, DISABLED …), once synced. */
  status: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An uploaded iOS build whose provisioning profile lists a device. */
export interface DeviceBuild {
  releaseId: number;
  appName: string;
  channelName: string;
  channelSlug: string;
  /** The name the package gives, when it has one. */
  releaseName: string | null;
  releaseVersion: string | null;
  buildVersion: string | null;
  createdAt: string;
  /** Whether the caller may open the build's channel (else only its name is shown). */
  open: boolean;
}

/** What the device page shows anyone holding its address: its holder needs no more. */
export type PublicDevice = Pick<Device, 'udid' | 'product' | 'model'>;
