// What the debug-file service takes and answers (modules/debug-files/service.ts).
import type { Actor } from '../../auth/policy.ts';
import type { DebugFileCategory, EntryPlan } from './fns.ts';
import type { DebugFileOrder } from './repository.ts';

/** Zealot's answer when no debug file matches, kept as the start of ours. */
export const NOT_FOUND_DEBUG_FILE = 'Not found debug file';
/** The file route's answer to anyone it will not serve, whether the file exists or not. */
export const FILE_NOT_AVAILABLE = `${NOT_FOUND_DEBUG_FILE}: sign in as one of the app's team, or get a fresh link from GET /api/debug_files/download`;

/** One stored entry of a debug file (an architecture of a dSYM, or the Proguard mapping). */
export interface DebugFileEntry extends EntryPlan {
  id: number;
  createdAt: string;
}

export interface DebugFile {
  id: number;
  appId: number;
  appName: string;
  appArchived: boolean;
  channel: { id: number; name: string; slug: string } | null;
  release: { id: number; version: number; channelId: number } | null;
  uploader: { id: number; username: string } | null;
  deviceType: string;
  category: DebugFileCategory;
  releaseVersion: string | null;
  buildVersion: string | null;
  name: string | null;
  bundleId: string | null;
  fileName: string;
  fileKey: string;
  size: number;
  checksum: string;
  createdAt: string;
  entries: DebugFileEntry[];
}

/** A file as one signed-in caller sees it, with what they may do to it. */
export interface DebugFileDetail extends DebugFile {
  canDelete: boolean;
}

/** The multipart fields of an upload, as sent ("" counts as absent). */
export interface DebugFileUploadFields {
  channelKey?: string | undefined;
  releaseVersion?: string | undefined;
  buildVersion?: string | undefined;
}

export interface DebugFileUploadInput {
  actor: Actor;
  fields: DebugFileUploadFields;
  file: { path: string; size: number; sha256: string; filename: string } | null;
}

export interface ListDebugFilesInput {
  /** Null when the caller is not signed in (only a channel key then). */
  actor: Actor | null;
  appId?: number | undefined;
  channelKey?: string | undefined;
  deviceType?: string | undefined;
  releaseVersion?: string | undefined;
  buildVersion?: string | undefined;
  uuid?: string | undefined;
  order: DebugFileOrder;
  page: number;
  perPage: number;
}

export interface DownloadInput {
  releaseVersion?: string | undefined;
  buildVersion?: string | undefined;
  order: DebugFileOrder;
}

/** A stored zip the file route may send. */
export interface ServedFile {
  id: number;
  key: string;
  size: number;
  filename: string;
  etag: string;
  lastModified: Date;
}

/** Who asks for a stored zip: a signed-in user, and the signed link's parameters if any. */
export interface FileCaller {
  actor: Actor | null;
  expires?: unknown;
  signature?: unknown;
}
