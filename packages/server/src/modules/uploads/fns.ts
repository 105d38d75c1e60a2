// Pure helpers for what uploaders send: the release text fields (changelog and custom fields
// in every shape Zealot clients use), file names, and the channel's bundle id rule. The
// release edit (PUT /api/releases/{id}) parses changelog and custom fields the same way.
import type { Format } from '@tarmac/appinfo';
import type { FieldErrors } from '../../errors.ts';
import type { ChangelogEntry, CustomField } from '../releases/types.ts';

/** Column sizes of the release's text fields (see the releases migration). */
export const RELEASE_TYPE_MAX = 64;
export const SOURCE_MAX = 64;
export const BRANCH_MAX = 255;
export const GIT_COMMIT_MAX = 255;
export const CI_URL_MAX = 1024;
export const VERSION_MAX = 255;
/** Bounds on the JSON fields, so one release cannot hold an unbounded list. */
export const CHANGELOG_ENTRIES_MAX = 1000;
export const CHANGELOG_MESSAGE_MAX = 10_000;
export const CUSTOM_FIELDS_MAX = 100;
export const CUSTOM_FIELD_TEXT_MAX = 1024;
/** The stored file name (releases.file_name). */
export const FILE_NAME_MAX = 255;
/** The last part of a storage key made from the file name. */
const KEY_NAME_MAX = 128;

export const DEFAULT_SOURCE = 'api';

function addError(errors: FieldErrors, field: string, message: string): void {
  const messages = (errors[field] ??= []);
  if (!messages.includes(message)) messages.push(message);
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** A scalar as text: numbers and booleans become their JSON spelling, null and objects undefined. */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/**
 * A changelog as uploaders send it, always answered as entries {message, author?, email?, date?}:
 *   - a JSON array of entries or of strings (each string is one message);
 *   - a JSON object with a message: one entry; any other JSON scalar (`123`): one entry;
 *   - plain text: one entry per non-blank line, a leading "- " or "* " removed;
 *   - blank or JSON null: no entries.
 * Problems (an entry without a message, too many entries) go into `errors` under `field`.
 */
export function parseChangelog(text: string, field: string, errors: FieldErrors): ChangelogEntry[] | undefined {
  if (text.trim() === '') return [];
  const json = tryJson(text);
  let entries: ChangelogEntry[] | undefined;
  if (!json.ok) {
    entries = text
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim().replace(/^[-*]\s+/, '').trim())
      .filter((line) => line !== '')
      .map((message) => ({ message }));
  } else if (json.value === null) {
    entries = [];
  } else {
    const items = Array.isArray(json.value) ? json.value : [json.value];
    entries = [];
    for (const [index, item] of items.entries()) {
      const entry = changelogEntry(item);
      if (!entry) {
        addError(errors, field, `entry ${index + 1} has no message: send strings or objects like {"message": "…", "author": "…"}`);
        return undefined;
      }
      entries.push(entry);
    }
  }
  if (entries.length > CHANGELOG_ENTRIES_MAX) {
    addError(errors, field, `has ${entries.length} entries; at most ${CHANGELOG_ENTRIES_MAX} are kept per release`);
    return undefined;
  }
  const long = entries.findIndex((entry) => [...entry.message].length > CHANGELOG_MESSAGE_MAX);
  if (long !== -1) {
    addError(errors, field, `entry ${long + 1} is too long (maximum is ${CHANGELOG_MESSAGE_MAX} characters)`);
    return undefined;
  }
  return entries;
}

function changelogEntry(item: unknown): ChangelogEntry | undefined {
  const scalar = scalarText(item);
  if (scalar !== undefined) return { message: scalar };
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const fields = item as Record<string, unknown>;
  const message = scalarText(fields.message);
  if (message === undefined) return undefined;
  const entry: ChangelogEntry = { message };
  for (const key of ['author', 'email', 'date'] as const) {
    const value = scalarText(fields[key]);
    if (value !== undefined) entry[key] = value;
  }
  return entry;
}

/** fastlane's unset `custom_fields` option: its default '[]' split on ',' and dumped as JSON. */
function isEmptyMarker(value: unknown): boolean {
  return value === '[]' || value === '' || (Array.isArray(value) && value.length === 0);
}

function fieldValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return scalarText(value) ?? JSON.stringify(value);
}

/**
 * Custom fields as uploaders send them, always answered as [{name, value, icon?}]:
 *   - a JSON array of {name, value, icon?} objects (a value that is not text is kept as its JSON);
 *   - a JSON object {name: value, …}: one field per key (but an object with just name, value
 *     and icon is that one field);
 *   - blank, `[]`, `"[]"` and fastlane's default `["[]"]`: none.
 * Anything else (text that is not JSON, a number, an item without a name) goes into `errors`.
 */
export function parseCustomFields(text: string, field: string, errors: FieldErrors): CustomField[] | undefined {
  if (text.trim() === '') return [];
  const json = tryJson(text);
  if (!json.ok) {
    addError(errors, field, `is not valid JSON (${json.error}): send an array like [{"name": "Jira", "value": "APP-12"}] or an object like {"Jira": "APP-12"}`);
    return undefined;
  }
  const value = json.value;
  if (value === null || isEmptyMarker(value)) return [];
  let fields: CustomField[];
  if (Array.isArray(value)) {
    fields = [];
    for (const [index, item] of value.entries()) {
      if (isEmptyMarker(item)) continue;
      const custom = customField(item);
      if (!custom) {
        addError(errors, field, `item ${index + 1} must be an object with a name and a value, like {"name": "Jira", "value": "APP-12"}`);
        return undefined;
      }
      fields.push(custom);
    }
  } else if (typeof value === 'object') {
    const single = customField(value);
    const keys = Object.keys(value);
    fields =
      single && keys.every((key) => key === 'name' || key === 'value' || key === 'icon')
        ? [single]
        : Object.entries(value as Record<string, unknown>).map(([name, inner]) => ({ name, value: fieldValueText(inner) }));
  } else {
    addError(errors, field, 'must be a JSON array of {"name", "value", "icon"} objects or a JSON object of names and values');
    return undefined;
  }
  if (fields.length > CUSTOM_FIELDS_MAX) {
    addError(errors, field, `has ${fields.length} fields; at most ${CUSTOM_FIELDS_MAX} are kept per release`);
    return undefined;
  }
  for (const custom of fields) {
    for (const part of [custom.name, custom.value, custom.icon ?? '']) {
      if ([...part].length > CUSTOM_FIELD_TEXT_MAX) {
        addError(errors, field, `field "${clip(custom.name, 40)}" is too long (names, values and icons hold at most ${CUSTOM_FIELD_TEXT_MAX} characters)`);
        return undefined;
      }
    }
  }
  return fields;
}

function customField(item: unknown): CustomField | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const fields = item as Record<string, unknown>;
  const name = scalarText(fields.name);
  if (name === undefined || name.trim() === '' || !('value' in fields)) return undefined;
  const custom: CustomField = { name, value: fieldValueText(fields.value) };
  const icon = scalarText(fields.icon);
  if (icon !== undefined && icon !== '') custom.icon = icon;
  return custom;
}

/** Jenkins and GitLab name branches `origin/main`; Zealot stores `main`. */
export function normalizeBranch(branch: string): string {
  return branch.startsWith('origin/') ? branch.slice('origin/'.length) : branch;
}

/**
 * Whether a package's bundle id passes a channel's rule: "*" passes everything; a rule with
 * `*` is a glob over the whole id ("com.example.*"); anything else must be equal. Unlike
 * Zealot, the rule is never an unanchored regular expression ("com.example" does not pass
 * "com.example.evil", and "." is a dot).
 */
export function bundleIdMatches(rule: string, bundleId: string | null): boolean {
  if (rule === '*') return true;
  if (bundleId === null) return false;
  if (!rule.includes('*')) return rule === bundleId;
  const pattern = rule
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(bundleId);
}

/** The usual extension of each package format, for names made up when the upload had none. */
const EXTENSIONS: Record<Format, string> = {
  ipa: 'ipa',
  apk: 'apk',
  aab: 'aab',
  hap: 'hap',
  harmony_app: 'app',
  macos_app: 'zip',
  dmg: 'dmg',
  pkg: 'pkg',
  exe: 'exe',
  windows_app: 'zip',
  msix: 'msix',
  msi: 'msi',
  deb: 'deb',
  rpm: 'rpm',
  appimage: 'appimage',
  dsym: 'zip',
  proguard: 'zip',
  mobileprovision: 'mobileprovision',
};

export function packageExtension(format: Format): string {
  return EXTENSIONS[format];
}

/**
 * The name to keep and show for an uploaded file: the last path segment of what the client
 * sent (Windows and POSIX separators; some clients send a whole local path), without control
 * characters, at most FILE_NAME_MAX characters (the extension kept), or `package.<ext>`.
 */
export function displayFileName(sent: string | null | undefined, format: Format): string {
  const base = (sent ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return `package.${packageExtension(format)}`;
  const chars = [...clean];
  if (chars.length <= FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return chars.slice(0, FILE_NAME_MAX - [...extension].length).join('') + extension;
}

/**
 * The last part of the package's storage key: the display name reduced to `[a-z0-9._-]`
 * (storage keys are never made from raw input), or `package.<ext>` when nothing is left.
 */
export function storageFileName(displayName: string, format: Format): string {
  let name = displayName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^a-z0-9]+/, '');
  if (name.length > KEY_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, KEY_NAME_MAX - extension.length) + extension;
  }
  return /[a-z0-9]/.test(name) ? name : `package.${packageExtension(format)}`;
}
