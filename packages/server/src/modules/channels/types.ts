import type { Actor } from '../../auth/policy.ts';
import type { ChannelRow, DeviceType, DownloadFilenameType } from '../../db/types.ts';

/** What a client may set on a channel. Absent fields keep their value (or default on create). */
export interface ChannelFields {
  name?: string | undefined;
  deviceType?: DeviceType | undefined;
  /** 1 to 64 of [a-zA-Z0-9_-], unique ignoring case; random when omitted on create. */
  slug?: string | undefined;
  /** "*" accepts any bundle id. */
  bundleId?: string | undefined;
  /** An http(s) URL; "" or null clears it. */
  gitUrl?: string | null | undefined;
  /** Guards the channel's public pages and downloads; "" clears it. Stored hashed. */
  password?: string | undefined;
  downloadFilenameType?: DownloadFilenameType | undefined;
}

export interface NewChannelFields extends ChannelFields {
  name: string;
  deviceType: DeviceType;
}

export interface CreateChannelInput extends NewChannelFields {
  actor: Actor;
  schemeId: number;
}

export interface UpdateChannelInput extends ChannelFields {
  actor: Actor;
  id: number;
}

export interface ListChannelsInput {
  actor: Actor;
  schemeId: number;
  page: number;
  perPage: number;
}

/** A channel as one caller may see it: `withKey` says whether they may read its key. */
export interface ChannelView {
  channel: ChannelRow;
  withKey: boolean;
}

/** A channel's builds as the apps list shows them: how many, and the newest (highest version). */
export interface ChannelBuilds {
  count: number;
  latest: { id: number; version: number; releaseVersion: string | null; buildVersion: string | null; createdAt: string } | null;
}

export interface ChannelDetail extends ChannelView {
  scheme: { id: number; name: string };
  app: { id: number; name: string; archived: boolean };
}
