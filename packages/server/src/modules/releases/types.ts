import type { ChannelRow, DeviceType } from '../../db/types.ts';

export interface ChangelogEntry {
  message: string;
  author?: string;
  email?: string;
  date?: string;
}

export interface CustomField {
  name: string;
  value: string;
  /** A font-awesome class name, e.g. "fa-solid fa-code-branch". */
  icon?: string;
}

export interface Release {
  id: number;
  channelId: number;
  /** Per-channel build number. */
  version: number;
  releaseVersion: string | null;
  buildVersion: string | null;
  releaseType: string | null;
  source: string;
  branch: string | null;
  gitCommit: string | null;
  ciUrl: string | null;
  /** The app's name in the package. */
  name: string | null;
  bundleId: string | null;
  platform: DeviceType;
  /** The parser's device: iphone, ipad, universal, phone, tablet, watch … */
  deviceType: string;
  format: string;
  minOsVersion: string | null;
  size: number;
  checksum: string;
  fileName: string;
  fileKey: string;
  iconKey: string | null;
  changelog: ChangelogEntry[];
  customFields: CustomField[];
  /** The parser's result as JSON (snake_case). */
  metadata: Record<string, unknown>;
  uploaderId: number | null;
  /** Completed downloads of the file. */
  downloadCount: number;
  /** iOS over-the-air installs started (fetches of the install manifest). */
  installCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Where a release sits: needed for app_name ("<app> <scheme> <channel>") and URLs. */
export interface ReleaseContext {
  app: { id: number; name: string };
  scheme: { id: number; name: string; newBuildCallout: boolean; retainedBuilds: number };
  channel: { id: number; name: string; slug: string };
}

/** A release as a caller sees it: where it sits, and whether they may see the channel's key. */
export interface ReleaseView {
  release: Release;
  context: ReleaseContext;
  channel: ChannelRow;
  /** Whether the channel key is shown (the app's developers and admins, global admins). */
  withKey: boolean;
}

/** Fields a release edit may change; undefined leaves a field as it is. */
export interface ReleaseChanges {
  releaseVersion?: string | null | undefined;
  buildVersion?: string | null | undefined;
  releaseType?: string | null | undefined;
  source?: string | undefined;
  branch?: string | null | undefined;
  gitCommit?: string | null | undefined;
  ciUrl?: string | null | undefined;
  changelog?: ChangelogEntry[] | undefined;
  customFields?: CustomField[] | undefined;
}
