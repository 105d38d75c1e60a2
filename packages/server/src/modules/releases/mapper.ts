// Rows → releases, and releases → the JSON Zealot's clients read.
import type { GrantChannel, Grants } from '../../auth/grants.ts';
import type { ReleaseRow } from '../../db/types.ts';
import type { ChangelogEntry, CustomField, JsonValue, Release } from './types.ts';

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toRelease(row: ReleaseRow): Release {
  return {
    id: row.id,
    channelId: row.channel_id,
    version: row.version,
    releaseVersion: row.release_version,
    buildVersion: row.build_version,
    releaseType: row.release_type,
    source: row.source,
    branch: row.branch,
    gitCommit: row.git_commit,
    ciUrl: row.ci_url,
    name: row.name,
    bundleId: row.bundle_id,
    platform: row.platform,
    deviceType: row.device_type,
    format: row.format,
    minOsVersion: row.min_os_version,
    size: Number(row.size),
    checksum: row.checksum,
    fileName: row.file_name,
    fileKey: row.file_key,
    iconKey: row.icon_key,
    changelog: parseJson<ChangelogEntry[]>(row.changelog, []),
    customFields: parseJson<JsonValue>(row.custom_fields, []),
    metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
    uploaderId: row.uploader_id,
    downloadCount: Number(row.download_count),
    installCount: Number(row.install_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The grant to put in the links of an API answer (install_url, download_url, icon_url) for a
 * caller already entitled to the channel (a collaborator, the uploader, a channel-key holder):
 * a fresh one for a password-protected channel, none otherwise. The SDKs and the iOS installer
 * send no cookie, so without it Zealot's installs of password channels failed.
 */
export function linkGrantFor(grants: Pick<Grants, 'issue'>, channel: GrantChannel): string | undefined {
  return channel.password_hash === null ? undefined : grants.issue(channel).token;
}

/** How a page shows a release's custom fields. */
export type CustomFieldsDisplay = { kind: 'none' } | { kind: 'fields'; fields: CustomField[] } | { kind: 'json'; text: string };

function isFieldsItem(item: JsonValue): item is { name: string; value: string | number | boolean | null; icon?: string } {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  const { name, value, icon } = item;
  return (
    typeof name === 'string' &&
    name.trim() !== '' &&
    'value' in item &&
    (value === null || typeof value !== 'object') &&
    (icon === undefined || typeof icon === 'string') &&
    Object.keys(item).every((key) => key === 'name' || key === 'value' || key === 'icon')
  );
}

/**
 * Zealot's form [{icon, name, value}] (and Tarmac's old normalised [{name, value}]) is shown as
 * fields; nothing at all ([], {}, "" and fastlane's unset `["[]"]`) as none; any other JSON,
 * formatted. The API answers custom_fields as stored whatever this says.
 */
export function customFieldsDisplay(value: JsonValue): CustomFieldsDisplay {
  const empty = (item: JsonValue) => item === '' || item === '[]';
  if (value === null || empty(value)) return { kind: 'none' };
  if (Array.isArray(value)) {
    if (value.every(empty)) return { kind: 'none' };
    if (value.every(isFieldsItem)) {
      const fields = value.map(({ name, value: inner, icon }) => ({ name, value: inner === null ? '' : String(inner), ...(icon ? { icon } : {}) }));
      return { kind: 'fields', fields };
    }
  } else if (typeof value === 'object' && Object.keys(value).length === 0) {
    return { kind: 'none' };
  }
  return { kind: 'json', text: JSON.stringify(value, null, 2) };
}

/** "- first\n- second", as Zealot's text_changelog. */
export function textChangelog(entries: ChangelogEntry[]): string {
  return entries.map((entry) => `- ${entry.message}`).join('\n');
}

export const PLATFORM_NAMES: Record<string, string> = {
  ios: 'iOS',
  android: 'Android',
  harmonyos: 'HarmonyOS',
  macos: 'macOS',
  windows: 'Windows',
  linux: 'Linux',
};
