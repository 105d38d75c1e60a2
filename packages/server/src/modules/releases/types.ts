import type { ChannelRow, DeviceType } from '../../db/types.ts';

/** Any JSON value, as JSON.parse answers it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One changelog entry: `message` is always text (the SDKs read it so); author, email and date
 * are text when sent; any other key (a commit `hash`, a `url` …) is kept exactly as sent.
 */
export interface ChangelogEntry {
  message: string;
  author?: string;
  email?: string;
  date?: string;
  [key: string]: JsonValue | undefined;
}

/** Zealot's form of custom fields, [{name, value, icon?}]: the one the pages show as fields. */
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
  /** Any JSON, exactly as the uploader sent it (Zealot's clients read objects such as {"tauri_signature": …}). */
  customFields: JsonValue;
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
  customFields?: JsonValue | undefined;
}
