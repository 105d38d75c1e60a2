// Pure helpers for what uploaders send: the release text fields (changelog in every shape
// Zealot clients use, custom fields as any JSON), file names, and the channel's bundle id rule. The
// release edit (PUT /api/releases/{id}) parses changelog and custom fields the same way.
import { randomUUID } from 'node:crypto';
import type { Format } from '@tarmac/appinfo';
import { fieldIssue, messageOf } from '../../errors.ts';
import type { FieldErrors, FieldMessage } from '../../errors.ts';
import { matchesBundleIdRule } from '../channels/bundle-id-rule.ts';
import type { ChangelogEntry, JsonValue } from '../releases/types.ts';

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
/** The keys of one entry beyond message, author, email and date (a commit hash, a link …), as JSON. */
export const CHANGELOG_EXTRA_MAX_BYTES = 8 * 1024;
/** custom_fields as JSON: room for signatures (a Tauri one is ~0.5 KiB) and build metadata. */
export const CUSTOM_FIELDS_MAX_BYTES = 64 * 1024;
/** Arrays and objects inside custom fields and changelog entries. */
export const JSON_DEPTH_MAX = 32;
/** The stored file name (releases.file_name). */
export const FILE_NAME_MAX = 255;
/** The last part of a storage key made from the file name. */
const KEY_NAME_MAX = 128;

export const DEFAULT_SOURCE = 'api';

function addError(errors: FieldErrors, field: string, message: FieldMessage): void {
  const messages = (errors[field] ??= []);
  if (!messages.some((m) => messageOf(m) === messageOf(message))) messages.push(message);
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
 * A changelog as uploaders send it, always answered as entries {message, author?, email?, date?}
 * (and any other key an entry came with, kept as sent):
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
        const message = `entry ${index + 1} has no message: send strings or objects like {"message": "…", "author": "…"}`;
        addError(errors, field, fieldIssue('entry_no_message', message, { entry: index + 1 }));
        return undefined;
      }
      entries.push(entry);
    }
  }
  if (entries.length > CHANGELOG_ENTRIES_MAX) {
    const message = `has ${entries.length} entries; at most ${CHANGELOG_ENTRIES_MAX} are kept per release`;
    addError(errors, field, fieldIssue('too_many_items', message, { max: CHANGELOG_ENTRIES_MAX }));
    return undefined;
  }
  const long = entries.findIndex((entry) => [...entry.message].length > CHANGELOG_MESSAGE_MAX);
  if (long !== -1) {
    const message = `entry ${long + 1} is too long (maximum is ${CHANGELOG_MESSAGE_MAX} characters)`;
    addError(errors, field, fieldIssue('entry_too_long', message, { entry: long + 1, max: CHANGELOG_MESSAGE_MAX }));
    return undefined;
  }
  const deep = entries.findIndex((entry) => jsonDepth(entry as JsonValue, JSON_DEPTH_MAX) > JSON_DEPTH_MAX);
  if (deep !== -1) {
    const message = `entry ${deep + 1} is nested too deeply (at most ${JSON_DEPTH_MAX} levels of arrays and objects)`;
    addError(errors, field, fieldIssue('json_too_deep', message, { max: JSON_DEPTH_MAX }));
    return undefined;
  }
  const big = entries.findIndex((entry) => extraBytes(entry) > CHANGELOG_EXTRA_MAX_BYTES);
  if (big !== -1) {
    const message = `entry ${big + 1} carries too much besides its message (at most ${CHANGELOG_EXTRA_MAX_BYTES} bytes of JSON in its other keys)`;
    addError(errors, field, fieldIssue('json_too_large', message, { max: CHANGELOG_EXTRA_MAX_BYTES }));
    return undefined;
  }
  return entries;
}

const CHANGELOG_TEXT_KEYS = new Set(['message', 'author', 'email', 'date']);

/**
 * One entry from what was sent: a scalar is its message; an object needs a message. author,
 * email and date become text (a number as its digits; any other value is left out); every
 * other key (a commit `hash`, a `url` …) is kept exactly as sent, as Zealot keeps it.
 */
function changelogEntry(item: unknown): ChangelogEntry | undefined {
  const scalar = scalarText(item);
  if (scalar !== undefined) return { message: scalar };
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const fields = item as Record<string, JsonValue>;
  const message = scalarText(fields.message);
  if (message === undefined) return undefined;
  // The keys in the order they came.
  const entry = {} as ChangelogEntry;
  for (const [key, value] of Object.entries(fields)) {
    const kept = CHANGELOG_TEXT_KEYS.has(key) ? scalarText(value) : value;
    // defineProperty: a "__proto__" key sent in JSON stays a plain key, never the prototype.
    if (kept !== undefined) Object.defineProperty(entry, key, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  entry.message = message;
  return entry;
}

/** The JSON size of an entry's keys beyond message, author, email and date. */
function extraBytes(entry: ChangelogEntry): number {
  const extra = Object.entries(entry).filter(([key]) => !CHANGELOG_TEXT_KEYS.has(key));
  return extra.length === 0 ? 0 : Buffer.byteLength(JSON.stringify(Object.fromEntries(extra)));
}

/**
 * Custom fields, stored and answered exactly as sent, like Zealot (its `custom_fields` is a
 * jsonb column): any JSON value — an object such as {"tauri_signature": "…"}, Zealot's array
 * of {name, value, icon}, fastlane's unset default `["[]"]`, a number …
 *   - blank text and JSON null: `[]` (Zealot stores `[]` for blank);
 *   - text that is not JSON: kept as that text (a JSON string), as Zealot keeps it — but text
 *     opening with `{` or `[` was meant as JSON, so broken JSON is a 422 rather than a string;
 *   - at most CUSTOM_FIELDS_MAX_BYTES of JSON, nested at most JSON_DEPTH_MAX deep.
 * Problems go into `errors` under `field`.
 */
export function parseCustomFields(text: string, field: string, errors: FieldErrors): JsonValue | undefined {
  if (text.trim() === '') return [];
  const json = tryJson(text);
  if (!json.ok) {
    if (/^\s*[[{]/.test(text)) {
      const message = `is not valid JSON (${json.error}): send JSON such as {"tauri_signature": "…"} or [{"name": "Jira", "value": "APP-12"}]`;
      addError(errors, field, fieldIssue('json_invalid', message));
      return undefined;
    }
    return checkJsonSize(text, field, errors) ? text : undefined;
  }
  return checkCustomFields(json.value as JsonValue, field, errors);
}

/** Custom fields already parsed (a JSON body's value): null stores [], else the bounds. */
export function checkCustomFields(value: JsonValue, field: string, errors: FieldErrors): JsonValue | undefined {
  if (value === null) return [];
  if (!checkJsonDepth(value, field, errors)) return undefined;
  return checkJsonSize(value, field, errors) ? value : undefined;
}

/** Whether `value` nests at most JSON_DEPTH_MAX deep; else an error under `field`. Check before any JSON.stringify of sent JSON. */
export function checkJsonDepth(value: JsonValue, field: string, errors: FieldErrors): boolean {
  if (jsonDepth(value, JSON_DEPTH_MAX) <= JSON_DEPTH_MAX) return true;
  addError(errors, field, fieldIssue('json_too_deep', `is nested too deeply (at most ${JSON_DEPTH_MAX} levels of arrays and objects)`, { max: JSON_DEPTH_MAX }));
  return false;
}

function checkJsonSize(value: JsonValue, field: string, errors: FieldErrors): boolean {
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes <= CUSTOM_FIELDS_MAX_BYTES) return true;
  addError(errors, field, fieldIssue('json_too_large', `is ${bytes} bytes of JSON; at most ${CUSTOM_FIELDS_MAX_BYTES} are kept per release`, { max: CUSTOM_FIELDS_MAX_BYTES }));
  return false;
}

/**
 * How deeply arrays and objects nest in `value` (a scalar is 0), counting no further than
 * `limit + 1`: JSON.parse reads any depth, but JSON.stringify recurses and would overflow the
 * stack on a few thousand levels.
 */
export function jsonDepth(value: JsonValue, limit: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (limit < 0) return 1;
  let deepest = 0;
  for (const inner of Array.isArray(value) ? value : Object.values(value)) {
    deepest = Math.max(deepest, jsonDepth(inner, limit - 1));
    if (deepest > limit) break;
  }
  return deepest + 1;
}

/** Jenkins and GitLab name branches `origin/main`; Zealot stores `main`. */
export function normalizeBranch(branch: string): string {
  return branch.startsWith('origin/') ? branch.slice('origin/'.length) : branch;
}

/**
 * Whether a package's bundle id passes a channel's rule: "*" passes everything, a glob
 * ("com.example.*") the whole id, anything else is Zealot's unanchored regular expression, run
 * in linear time (channels/bundle-id-rule.ts). An invalid stored rule passes nothing.
 */
export function bundleIdMatches(rule: string, bundleId: string | null): boolean {
  return matchesBundleIdRule(rule, bundleId);
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

/**
 * Where a release's package and icon go in storage: `releases/{uuid}/{name}` and `icons/{uuid}.png`
 * (the upload and the Zealot import make keys the same way; never from raw input). `id`: a random
 * UUID unless the caller derives one (the import, so that a run can find its own earlier copy).
 */
export function releaseStorageKeys(
  displayName: string,
  format: Format,
  withIcon: boolean,
  id: string = randomUUID(),
): { fileKey: string; iconKey: string | null } {
  return { fileKey: `releases/${id}/${storageFileName(displayName, format)}`, iconKey: withIcon ? `icons/${id}.png` : null };
}
