// The pure rules of an upload: its text fields checked, the release row's values, what an
// iOS profile says, and which channel settings an upload would change. service.ts applies them.
import { toWire } from '@tarmac/appinfo';
import type { AppInfo, Format } from '@tarmac/appinfo';
import type { Actor } from '../../auth/policy.ts';
import type { DownloadFilenameType } from '../../db/types.ts';
import { oneOf, tooLong, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { CHANNEL_PASSWORD_MAX, checkGitUrl, checkName, checkSlug } from '../channels/fns.ts';
import { DOWNLOAD_FILENAME_TYPES } from '../channels/schemas.ts';
import type { ChannelPlacementRow } from '../releases/repository.ts';
import { versionKey } from '../versions/fns.ts';
import { BRANCH_MAX, CI_URL_MAX, DEFAULT_SOURCE, GIT_COMMIT_MAX, RELEASE_TYPE_MAX, SOURCE_MAX, normalizeBranch, parseChangelog, parseCustomFields } from './fns.ts';
import { MISSING_FILE } from './receive-limits.ts';
import { trimmedNonEmpty } from '../../shared/text.ts';
import type { ChannelSettingFields, CheckedFields, UploadFields, UploadedFile } from './types.ts';

/**
 * The release type an iOS build's embedded profile gives when the upload names none, as Zealot
 * does: development, adhoc, enterprise or appstore, by Apple's rules (appinfo reads the profile).
 */
export function profileReleaseType(info: AppInfo): string | null {
  return info.format === 'ipa' ? (info.details.provisioningProfile?.type ?? null) : null;
}

/** The device UDIDs an iOS build's provisioning profile lists (none for other builds). */
export function profileDevices(info: AppInfo): string[] {
  return info.format === 'ipa' ? (info.details.provisioningProfile?.devices ?? []) : [];
}

/** Debug files and profiles parse fine but are not builds: where they go instead. */
export const NOT_A_BUILD: Partial<Record<Format, string>> = {
  dsym: 'is a dSYM debug file, not an app build: upload it with POST /api/debug_files/upload',
  proguard: 'is a Proguard mapping file, not an app build: upload it with POST /api/debug_files/upload',
  mobileprovision: 'is a provisioning profile, not an app build: upload the .ipa that embeds it (debug files go to POST /api/debug_files/upload)',
};

/**
 * The channel settings these fields would change, by wire name. A value equal to the
 * channel's own is no change (CI scripts often send the slug every time); a non-empty
 * password always counts (comparing it would let anyone who may upload test guesses), an
 * empty one only when the channel has a password to clear.
 */
export function channelSettingsChanged(channel: Pick<ChannelPlacementRow, 'slug' | 'git_url' | 'password_hash' | 'download_filename_type'>, fields: ChannelSettingFields): string[] {
  const changed: string[] = [];
  if (fields.password !== undefined && (fields.password !== '' || channel.password_hash !== null)) changed.push('password');
  const slug = trimmedNonEmpty(fields.slug);
  if (slug !== undefined && slug !== channel.slug) changed.push('slug');
  const gitUrl = trimmedNonEmpty(fields.gitUrl);
  if (gitUrl !== undefined && gitUrl !== channel.git_url) changed.push('git_url');
  const type = trimmedNonEmpty(fields.downloadFilenameType);
  if (type !== undefined && type !== channel.download_filename_type) changed.push('download_filename_type');
  return changed;
}

export function channelSettingsForbidden(fields: string[]): string {
  const names = fields.map((name) => `"${name}"`).join(', ');
  return `Only the app's administrators can change the channel's settings (${names}) with an upload: leave ${fields.length === 1 ? 'this field' : 'these fields'} out, or ask an administrator of the app`;
}

/** The name of the app an upload without a key makes (and looks for): `name`, else the package's. */
export function newAppName(info: AppInfo, checked: { name?: string | undefined }): string {
  return checked.name ?? clip(info.displayName ?? info.name ?? info.bundleId, 255) ?? 'Untitled';
}

export function clip(value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined) return null;
  const chars = [...value];
  return chars.length > max ? chars.slice(0, max).join('') : value;
}

/** Step 2, the text fields: each checked (422 per field, all at once), ready for the row. */
export function checkFields(fields: UploadFields, file: UploadedFile | null): CheckedFields {
  const errors: FieldErrors = {};
  const text = (field: string, value: string | undefined, max: number): string | undefined => {
    const trimmed = trimmedNonEmpty(value);
    if (trimmed !== undefined && [...trimmed].length > max) errors[field] = [tooLong(max)];
    return trimmed;
  };
  const releaseType = text('release_type', fields.releaseType, RELEASE_TYPE_MAX);
  const source = text('source', fields.source, SOURCE_MAX);
  const branch = text('branch', fields.branch, BRANCH_MAX);
  const gitCommit = text('git_commit', fields.gitCommit, GIT_COMMIT_MAX);
  const ciUrl = text('ci_url', fields.ciUrl, CI_URL_MAX);
  const changelog = parseChangelog(fields.changelog ?? '', 'changelog', errors);
  const customFields = parseCustomFields(fields.customFields ?? '', 'custom_fields', errors);
  const slugText = trimmedNonEmpty(fields.slug);
  const slug = slugText === undefined ? undefined : checkSlug(slugText, 'slug', errors);
  const gitUrlText = trimmedNonEmpty(fields.gitUrl);
  const gitUrl = gitUrlText === undefined ? undefined : checkGitUrl(gitUrlText, 'git_url', errors);
  if (fields.password !== undefined && [...fields.password].length > CHANNEL_PASSWORD_MAX) {
    errors.password = [tooLong(CHANNEL_PASSWORD_MAX)];
  }
  const downloadFilenameType = trimmedNonEmpty(fields.downloadFilenameType);
  if (downloadFilenameType !== undefined && !(DOWNLOAD_FILENAME_TYPES as readonly string[]).includes(downloadFilenameType)) {
    errors.download_filename_type = [oneOf(DOWNLOAD_FILENAME_TYPES)];
  }
  const nameText = trimmedNonEmpty(fields.name);
  const name = nameText === undefined ? undefined : checkName(nameText, 'name', errors);
  if (!file) errors.file = [MISSING_FILE];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    releaseType: releaseType ?? null,
    source: source ?? DEFAULT_SOURCE,
    branch: branch === undefined ? null : normalizeBranch(branch),
    gitCommit: gitCommit ?? null,
    ciUrl: ciUrl ?? null,
    changelog: changelog!,
    customFields: customFields!,
    slug,
    gitUrl,
    password: fields.password,
    downloadFilenameType: downloadFilenameType as DownloadFilenameType | undefined,
    name,
  };
}

/** The release row for a stored package: the parser's answer clipped to the columns, and the checked fields. */
export function releaseValues(
  info: AppInfo,
  file: UploadedFile,
  fileName: string,
  keys: { fileKey: string; iconKey: string | null },
  checked: CheckedFields,
  actor: Actor,
  timestamp: string,
) {
  const { icon: _icon, ...parsed } = info as AppInfo & { icon?: Buffer | null };
  const releaseVersion = clip(info.releaseVersion, 255);
  const buildVersion = clip(info.buildVersion, 255);
  return {
    release_version: releaseVersion,
    build_version: buildVersion,
    version_key: versionKey(releaseVersion, buildVersion),
    release_type: checked.releaseType ?? profileReleaseType(info),
    source: checked.source,
    branch: checked.branch,
    git_commit: checked.gitCommit,
    ci_url: checked.ciUrl,
    name: clip(info.displayName ?? info.name, 255),
    bundle_id: clip(info.bundleId, 255),
    platform: info.platform,
    device_type: clip(info.device, 32)!,
    format: info.format,
    min_os_version: clip(info.minOsVersion, 64),
    size: file.size,
    checksum: file.sha256,
    file_key: keys.fileKey,
    file_name: fileName,
    icon_key: keys.iconKey,
    changelog: JSON.stringify(checked.changelog),
    custom_fields: JSON.stringify(checked.customFields),
    metadata: JSON.stringify(toWire(parsed)),
    uploader_id: actor.userId,
    created_at: timestamp,
    updated_at: timestamp,
  };
}
