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

/** An uploaded iOS build a device can install: its profile lists the device, or provisions all devices. */
export interface DeviceBuild {
  releaseId: number;
  /** The build's number in its channel (#12). */
  number: number;
  appName: string;
  schemeName: string;
  channelId: number;
  channelName: string;
  channelSlug: string;
  /** The name the package gives, when it has one. */
  releaseName: string | null;
  releaseVersion: string | null;
  buildVersion: string | null;
  createdAt: string;
  /** 'listed': the profile names the device; 'all': it provisions every device (enterprise). */
  coverage: 'listed' | 'all';
  /** Whether the build's provisioning profile has expired: iOS no longer installs it. */
  expired: boolean;
  /** Whether the channel has a password. */
  guarded: boolean;
  /** Whether the caller opens the channel without typing its password. */
  open: boolean;
}

/** One page of a device's builds, newest first. */
export interface DeviceBuilds {
  items: DeviceBuild[];
  /** The page shown, from 1; `pages` of them, `total` builds shown to this caller. */
  page: number;
  pages: number;
  total: number;
  /** Builds naming the device that this caller is not shown (a visitor who is not signed in). */
  hidden: number;
}

/** What the device page shows anyone holding its address: its holder needs no more. */
export type PublicDevice = Pick<Device, 'udid' | 'product' | 'model'>;
