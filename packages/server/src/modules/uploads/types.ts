// What the upload service takes and answers (modules/uploads/service.ts).
import type { Actor } from '../../auth/policy.ts';
import type { DownloadFilenameType } from '../../db/types.ts';
import type { ChannelPlacementRow } from '../releases/repository.ts';
import type { ChangelogEntry, JsonValue, ReleaseView } from '../releases/types.ts';

/**
 * Where an upload went: the channel its key names; without a key, an existing channel that
 * holds builds with the package's bundle id, or one of an app with the package's name; or a
 * new app, scheme and channel.
 */
export const PLACEMENTS = ['channel_key', 'bundle_id', 'app_name', 'created'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** The text fields of an upload. Absent and empty are the same (fastlane sends unset options as ""), but for `password`. */
export interface UploadFields {
  channelKey?: string | undefined;
  /** The new app's name (only used when a new app is made). */
  name?: string | undefined;
  /** "" clears the channel's password, text sets it, undefined leaves it. */
  password?: string | undefined;
  releaseType?: string | undefined;
  source?: string | undefined;
  changelog?: string | undefined;
  branch?: string | undefined;
  gitCommit?: string | undefined;
  ciUrl?: string | undefined;
  customFields?: string | undefined;
  slug?: string | undefined;
  gitUrl?: string | undefined;
  downloadFilenameType?: string | undefined;
}

/** The received package, still in its temporary file. */
export interface UploadedFile {
  path: string;
  size: number;
  sha256: string;
  /** As the client sent it. */
  filename: string;
}

export interface UploadInput {
  actor: Actor;
  fields: UploadFields;
  file: UploadedFile | null;
}

export interface UploadResult extends ReleaseView {
  /** Problems after the release was saved (retention), for the log; the upload succeeded. */
  warnings: string[];
  placement: Placement;
  /** How the upload's `password` field changed the channel's password (the audit log's line), if it did. */
  passwordChange?: 'set' | 'changed' | 'removed';
}

/** Where the build goes: the channel its key names, or (no key) decided from the package. */
export type Target = { kind: 'channel'; placement: ChannelPlacementRow } | { kind: 'keyless' };

/** The checked text fields, ready for the row. */
export interface CheckedFields {
  releaseType: string | null;
  source: string;
  branch: string | null;
  gitCommit: string | null;
  ciUrl: string | null;
  changelog: ChangelogEntry[];
  customFields: JsonValue;
  slug: string | undefined;
  gitUrl: string | null | undefined;
  password: string | undefined;
  downloadFilenameType: DownloadFilenameType | undefined;
  name: string | undefined;
}

/** The upload fields that change the channel's settings (as PUT /api/channels/{id} does). */
export type ChannelSettingFields = Pick<UploadFields, 'password' | 'slug' | 'gitUrl' | 'downloadFilenameType'>;
