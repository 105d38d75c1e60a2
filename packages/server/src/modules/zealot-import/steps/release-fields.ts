// A Zealot release row as Tarmac's release row (pure: releases.ts reads, copies and writes).
// Zealot's own values win where it kept them (versions, bundle id, name, release type, source,
// branch, commit, CI link, changelog, custom fields, dates); Tarmac's parser, run again on the
// copied file, fills what Zealot never stored (platform, format, minimum OS, metadata with the iOS
// profile's devices) and what Zealot left empty. Without a readable file the row is built from
// Zealot's values alone, the format guessed from the file name and the channel's platform.
import { toWire } from '@tarmac/appinfo';
import type { AppInfo, Format } from '@tarmac/appinfo';
import type { Insertable } from 'kysely';
import type { DeviceType, ReleasesTable } from '../../../db/types.ts';
import { PLATFORM_NAMES } from '../../releases/mapper.ts';
import type { ChangelogEntry, JsonValue } from '../../releases/types.ts';
import {
  BRANCH_MAX, CHANGELOG_ENTRIES_MAX, CHANGELOG_MESSAGE_MAX, CI_URL_MAX, DEFAULT_SOURCE, GIT_COMMIT_MAX, RELEASE_TYPE_MAX, SOURCE_MAX,
  VERSION_MAX, displayFileName, parseChangelog,
} from '../../uploads/fns.ts';
import type { FieldErrors } from '../../../errors.ts';
import { messageOf } from '../../../errors.ts';
import { clip, profileReleaseType } from '../../uploads/rules.ts';
import { versionKey } from '../../versions/fns.ts';
import type { ZealotRow, ZealotValue } from '../source/types.ts';

/** A Zealot text column's value: trimmed, clipped to `max` characters; null when empty or not text. */
export function zealotText(value: ZealotValue | undefined, max: number): string | null {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return text === '' ? null : clip(text, max);
}

/**
 * Zealot's changelog (a jsonb array of {message, …}, or text from older rows) as Tarmac's entries,
 * read the way an upload's changelog is (parseChangelog). What the upload would refuse (an entry
 * without a message, too many or too long entries) is kept as far as it fits, with a note.
 */
export function zealotChangelog(value: ZealotValue | undefined): { entries: ChangelogEntry[]; note: string | null } {
  if (value === null || value === undefined) return { entries: [], note: null };
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const errors: FieldErrors = {};
  const entries = parseChangelog(text, 'changelog', errors);
  if (entries) return { entries, note: null };
  const items = Array.isArray(value) ? value : [value];
  const kept: ChangelogEntry[] = [];
  for (const item of items) {
    const message = typeof item === 'string' ? item : item !== null && typeof item === 'object' && !Array.isArray(item) ? item.message : null;
    if (typeof message === 'string' && message.trim() !== '') kept.push({ message: clip(message, CHANGELOG_MESSAGE_MAX)! });
    if (kept.length === CHANGELOG_ENTRIES_MAX) break;
  }
  const why = (errors.changelog ?? []).map((m) => messageOf(m)).join('; ');
  return { entries: kept, note: `changelog shortened to ${kept.length} plain entries (${why})` };
}

/** custom_fields exactly as Zealot kept them (any JSON); [] for none. */
export function zealotCustomFields(value: ZealotValue | undefined): JsonValue {
  return value === null || value === undefined ? [] : (value as JsonValue);
}

const FORMAT_BY_EXTENSION: Record<string, Format> = {
  ipa: 'ipa', apk: 'apk', aab: 'aab', hap: 'hap', dmg: 'dmg', pkg: 'pkg', exe: 'exe', msix: 'msix', msi: 'msi', deb: 'deb',
  rpm: 'rpm', appimage: 'appimage',
};
const FORMAT_BY_PLATFORM: Record<DeviceType, Format> = {
  ios: 'ipa', android: 'apk', harmonyos: 'hap', macos: 'macos_app', windows: 'exe', linux: 'appimage',
};

/** The package format when the parser could not say: the file name's extension, else the platform's usual one. */
export function guessFormat(fileName: string | null, platform: DeviceType): Format {
  const extension = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return (extension && FORMAT_BY_EXTENSION[extension]) || FORMAT_BY_PLATFORM[platform];
}

/** Zealot's releases.device_type ('iPhone', 'Phone', 'iPad') as Tarmac's device ('iphone' …). */
export function zealotDevice(value: ZealotValue | undefined, platform: DeviceType): string {
  const text = zealotText(value, 32);
  if (text !== null) return text.toLowerCase().replace(/\s+/g, '_');
  return platform === 'ios' ? 'iphone' : platform === 'android' ? 'phone' : platform;
}

function timestamp(value: ZealotValue | undefined, fallback: string): string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : fallback;
}

export interface ReleaseInput {
  row: ZealotRow;
  /** The Tarmac channel the release goes to. */
  platform: DeviceType;
  /** The parser's reading of the copied file; null when there is none (missing, unreadable, dry run). */
  info: AppInfo | null;
  /** The stored file; `missing` says why there is none. */
  file: { fileKey: string; iconKey: string | null; sha256: string; size: number; missing: string | null };
  uploaderId: number | null;
  now: string;
}

export type ReleaseValues = Omit<Insertable<ReleasesTable>, 'channel_id' | 'version'>;

/** The release row (without channel and version) and notes for the report. */
export function releaseFromZealot(input: ReleaseInput): { values: ReleaseValues; notes: string[] } {
  const { row, info, file } = input;
  const notes: string[] = [];
  const releaseVersion = zealotText(row.release_version, VERSION_MAX) ?? clip(info?.releaseVersion, VERSION_MAX);
  const buildVersion = zealotText(row.build_version, VERSION_MAX) ?? clip(info?.buildVersion, VERSION_MAX);
  const changelog = zealotChangelog(row.changelog);
  if (changelog.note) notes.push(changelog.note);
  if (info && info.platform !== input.platform) {
    const name = (platform: string) => PLATFORM_NAMES[platform] ?? platform;
    notes.push(`the file is a package for ${name(info.platform)}; its channel takes ${name(input.platform)} builds (kept where Zealot had it)`);
  }
  const format = info?.format ?? guessFormat(typeof row.file === 'string' ? row.file : null, input.platform);
  const created = timestamp(row.created_at, input.now);
  return {
    notes,
    values: {
      release_version: releaseVersion,
      build_version: buildVersion,
      version_key: versionKey(releaseVersion, buildVersion),
      release_type: zealotText(row.release_type, RELEASE_TYPE_MAX) ?? (info ? profileReleaseType(info) : null),
      source: zealotText(row.source, SOURCE_MAX) ?? DEFAULT_SOURCE,
      branch: zealotText(row.branch, BRANCH_MAX),
      git_commit: zealotText(row.git_commit, GIT_COMMIT_MAX),
      ci_url: zealotText(row.ci_url, CI_URL_MAX),
      name: zealotText(row.name, 255) ?? clip(info?.displayName ?? info?.name, 255),
      bundle_id: zealotText(row.bundle_id, 255) ?? clip(info?.bundleId, 255),
      platform: info?.platform ?? input.platform,
      device_type: info ? clip(info.device, 32)! : zealotDevice(row.device_type, input.platform),
      format,
      min_os_version: clip(info?.minOsVersion, 64),
      size: file.size,
      checksum: file.sha256,
      file_key: file.fileKey,
      file_name: displayFileName(typeof row.file === 'string' ? row.file : null, format),
      icon_key: file.iconKey,
      file_missing: file.missing,
      changelog: JSON.stringify(changelog.entries),
      custom_fields: JSON.stringify(zealotCustomFields(row.custom_fields)),
      metadata: JSON.stringify(info ? toWire(info) : {}),
      uploader_id: input.uploaderId,
      created_at: created,
      updated_at: timestamp(row.updated_at, created),
    },
  };
}
