// Pure mappings from Zealot's values to Tarmac's, for the import steps. Every value read from
// Zealot is hostile: each function answers a Tarmac value and, where it had to change or drop
// what Zealot held, a note for the report (never the value itself when it may be a secret).
import { parse as parseYaml } from 'yaml';
import type { DeviceType, DownloadFilenameType } from '../../../db/types.ts';
import { CHANNEL_PASSWORD_MAX, checkBundleId, checkGitUrl, checkName, checkSlug, SLUG_MAX } from '../../channels/fns.ts';
import { checkUserFields, normalizeTimezone, USERNAME_MAX } from '../../users/fns.ts';
import { APPEARANCES, LOCALES } from '../../users/types.ts';
import type { Appearance, Locale, UserRole } from '../../users/types.ts';
import type { FieldErrors } from '../../../errors.ts';
import { messageOf } from '../../../errors.ts';
import type { ZealotValue } from '../source/types.ts';

/** A mapped value and, when it is not what Zealot held, why (for the report). */
export interface Mapped<T> {
  value: T;
  note?: string;
}

/** The first message of a field check, for a report line. */
export function firstError(errors: FieldErrors): string {
  const [field, messages] = Object.entries(errors)[0] ?? ['value', []];
  return `${field} ${messages[0] ? messageOf(messages[0]) : 'is not valid'}`;
}

export function text(value: ZealotValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
}

export function integer(value: ZealotValue | undefined): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

export function flag(value: ZealotValue | undefined, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  return fallback;
}

/** A timestamp Zealot wrote, as ISO-8601, or null when there is none or it is not a date. */
export function timestamp(value: ZealotValue | undefined): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

// Rails `enum %i[member developer admin]` (users.role, apps_users.role).
const ROLES: readonly UserRole[] = ['member', 'developer', 'admin'];

/** users.role / apps_users.role: 0 member, 1 developer, 2 admin; anything else is a member (least access), reported. */
export function zealotRole(value: ZealotValue | undefined): Mapped<UserRole> {
  const role = typeof value === 'number' ? ROLES[value] : undefined;
  return role ? { value: role } : { value: 'member', note: `role ${JSON.stringify(value ?? null)} is not one Zealot defines: imported as member` };
}

export function mapLocale(value: ZealotValue | undefined, fallback: Locale): Mapped<Locale> {
  const raw = text(value);
  if (raw === null) return { value: fallback };
  const found = LOCALES.find((locale) => locale.toLowerCase() === raw.toLowerCase());
  if (found) return { value: found };
  if (/^en([-_]|$)/i.test(raw)) return { value: 'en' };
  return { value: fallback, note: `locale "${raw.slice(0, 20)}" is not one of Tarmac's (${LOCALES.join(', ')}): ${fallback}` };
}

export function mapAppearance(value: ZealotValue | undefined): Mapped<Appearance> {
  const raw = text(value);
  if (raw === null) return { value: 'auto' };
  const found = APPEARANCES.find((appearance) => appearance === raw.toLowerCase());
  return found ? { value: found } : { value: 'auto', note: `appearance "${raw.slice(0, 20)}" is not one of Tarmac's: auto` };
}

export function mapTimezone(value: ZealotValue | undefined): Mapped<string> {
  const raw = text(value);
  if (raw === null) return { value: 'Etc/UTC' };
  const zone = normalizeTimezone(raw.trim());
  return zone ? { value: zone } : { value: 'Etc/UTC', note: `time zone "${raw.slice(0, 64)}" is not an IANA zone: Etc/UTC` };
}

/** A Zealot email as Tarmac accepts it, or why not. */
export function checkEmail(value: ZealotValue | undefined): Mapped<string | null> {
  const raw = text(value) ?? '';
  if (raw.trim() === '') return { value: null, note: 'email is blank' };
  const { errors, values } = checkUserFields({ email: raw });
  return values.email ? { value: values.email } : { value: null, note: firstError(errors) };
}

/**
 * The username to import under: Zealot's when Tarmac accepts it; else one made from it (or from the
 * email's local part when Zealot has none): what Tarmac refuses (spaces, "@", control characters)
 * becomes "-", cut to leave room for a `-zealot2` suffix. Null when nothing usable is left.
 */
export function baseUsername(username: ZealotValue | undefined, email: string): Mapped<string | null> {
  const raw = text(username);
  if (raw !== null && raw.trim() !== '') {
    const { values } = checkUserFields({ username: raw });
    if (values.username) return { value: values.username };
  }
  const from = raw !== null && raw.trim() !== '' ? raw : email.split('@')[0]!;
  // eslint-disable-next-line no-control-regex
  const cleaned = [...from.normalize('NFC').replace(/[\u0000-\u001f\u007f\s@]+/g, '-').replace(/^-+|-+$/g, '')]
    .slice(0, USERNAME_MAX - 'zealot'.length - 4).join('');
  const { values } = checkUserFields({ username: cleaned });
  if (!values.username) return { value: null, note: 'has no username Tarmac can accept' };
  const was = raw === null || raw.trim() === '' ? 'had no username' : 'had a username Tarmac does not accept';
  return { value: values.username, note: `${was}: imported as "${values.username}"` };
}

/** `name`, then `name-zealot`, `name-zealot2`, … (each within Tarmac's username length). */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = attempt === 1 ? '-zealot' : `-zealot${attempt}`;
  return [...base].slice(0, USERNAME_MAX - suffix.length).join('') + suffix;
}

const DEVISE_BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

/** Zealot's Devise hash, kept as is (sign-in accepts it once and rehashes), or null when it is not a bcrypt hash. */
export function deviseHash(value: ZealotValue | undefined): string | null {
  const raw = text(value);
  return raw !== null && DEVISE_BCRYPT.test(raw) ? raw : null;
}

/** Zealot's token as an API token secret Tarmac can look up, or why it is not imported. */
export function zealotToken(value: ZealotValue | undefined): Mapped<string | null> {
  const raw = text(value) ?? '';
  if (raw === '') return { value: null };
  // Tarmac's token lookup refuses anything longer than 200 characters; a short one is guessable.
  if (raw.length < 16 || raw.length > 200 || /\s/.test(raw)) {
    return { value: null, note: 'its Zealot API token has a form Tarmac refuses (not 16 to 200 characters without spaces): not imported' };
  }
  return { value: raw };
}

const DEVICE_TYPES: Record<string, DeviceType> = {
  ios: 'ios', android: 'android', harmonyos: 'harmonyos', macos: 'macos', windows: 'windows', linux: 'linux',
};

/** channels.device_type: Zealot's enum values ('iOS', 'Android', 'HarmonyOS', 'macOS', 'Windows', 'Linux'). */
export function deviceType(value: ZealotValue | undefined): DeviceType | null {
  const raw = text(value);
  return raw === null ? null : (DEVICE_TYPES[raw.trim().toLowerCase()] ?? null);
}

export function downloadFilenameType(value: ZealotValue | undefined): Mapped<DownloadFilenameType> {
  const raw = text(value);
  if (raw === null || raw === '' || raw === 'version_datetime') return { value: 'version_datetime' };
  if (raw === 'original_filename') return { value: raw };
  return { value: 'version_datetime', note: `download filename type "${raw.slice(0, 40)}" is unknown: version_datetime` };
}

/** A display name (scheme, channel, app) as Tarmac checks it, or why not. */
export function displayName(value: ZealotValue | undefined): Mapped<string | null> {
  const errors: FieldErrors = {};
  const name = checkName(text(value) ?? '', 'name', errors);
  return name === undefined ? { value: null, note: firstError(errors) } : { value: name };
}

/** A channel's key: SDKs and CI send it as is, so it is kept byte for byte, within Tarmac's column. */
export function channelKey(value: ZealotValue | undefined): string | null {
  const raw = text(value);
  return raw !== null && /^[\x21-\x7e]{1,64}$/.test(raw) ? raw : null;
}

/** A channel's slug, kept when Tarmac accepts it (format, not reserved). */
export function channelSlug(value: ZealotValue | undefined): Mapped<string | null> {
  const raw = text(value) ?? '';
  const errors: FieldErrors = {};
  const slug = raw.length <= SLUG_MAX ? checkSlug(raw, 'slug', errors) : undefined;
  return slug === undefined ? { value: null, note: `slug "${raw.slice(0, SLUG_MAX)}" ${errors.slug ? messageOf(errors.slug[0]!) : 'is too long'}` } : { value: slug };
}

export function bundleIdRule(value: ZealotValue | undefined): Mapped<string> {
  const raw = text(value);
  if (raw === null || raw.trim() === '') return { value: '*' };
  const errors: FieldErrors = {};
  const rule = checkBundleId(raw, 'bundle_id', errors);
  if (rule !== undefined) return { value: rule };
  return { value: '*', note: `bundle id rule "${raw.slice(0, 80)}" is not a rule Tarmac reads (${firstError(errors)}): imported as "*" (any bundle id); set it again` };
}

/**
 * channels.git_url: an http(s) URL is kept; the scp form git@host:owner/repo.git (what `git clone`
 * takes) becomes https://host/owner/repo.git; anything else is dropped, reported (not echoed: a URL
 * may carry a credential).
 */
export function gitUrl(value: ZealotValue | undefined): Mapped<string | null> {
  const raw = text(value)?.trim() ?? '';
  if (raw === '') return { value: null };
  const errors: FieldErrors = {};
  const kept = checkGitUrl(raw, 'git_url', errors);
  if (kept !== undefined) return { value: kept };
  const scp = /^[A-Za-z0-9._-]+@([A-Za-z0-9.-]+):(?!\/)([^\s?#]+)$/.exec(raw);
  if (scp) {
    const https = `https://${scp[1]}/${scp[2]}`;
    if (checkGitUrl(https, 'git_url', {}) !== undefined) return { value: https, note: `git URL in scp form became ${https}` };
  }
  return { value: null, note: `git URL dropped: it ${firstError(errors).replace(/^git_url /, '')}` };
}

/** A channel password (plain in Zealot): null when none; a note when Tarmac's unlock form cannot take it. */
export function channelPassword(value: ZealotValue | undefined): Mapped<string | null> {
  const raw = text(value) ?? '';
  if (raw === '') return { value: null };
  if (raw.length > CHANNEL_PASSWORD_MAX) {
    return { value: raw, note: `its password is longer than ${CHANNEL_PASSWORD_MAX} characters, which Tarmac's unlock page does not take: set a new one` };
  }
  return { value: raw };
}

/** The preset a Zealot hook's URL shows (by its host), else the generic JSON hook. */
export function providerFromUrl(raw: string): 'slack' | 'discord' | 'feishu' | 'dingtalk' | 'wecom' | 'teams' | 'json' {
  let host: string;
  let pathname: string;
  try {
    const url = new URL(raw);
    host = url.hostname.toLowerCase();
    pathname = url.pathname;
  } catch {
    return 'json';
  }
  const at = (domain: string): boolean => host === domain || host.endsWith(`.${domain}`);
  if (host === 'hooks.slack.com') return 'slack';
  if ((at('discord.com') || at('discordapp.com')) && pathname.startsWith('/api/webhooks/')) return 'discord';
  if (at('feishu.cn') || at('larksuite.com') || at('larkoffice.com')) return 'feishu';
  if (host === 'oapi.dingtalk.com') return 'dingtalk';
  if (host === 'qyapi.weixin.qq.com') return 'wecom';
  if (at('webhook.office.com') || at('logic.azure.com')) return 'teams';
  return 'json';
}

/** web_hooks' event switches (0 off, 1 on) as Tarmac's event names. */
export function hookEvents(row: Record<string, ZealotValue>): ('upload' | 'download' | 'changelog')[] {
  const events: ('upload' | 'download' | 'changelog')[] = [];
  if (flag(row.upload_events, false)) events.push('upload');
  if (flag(row.download_events, false)) events.push('download');
  if (flag(row.changelog_events, false)) events.push('changelog');
  return events;
}

/**
 * A settings value (rails-settings-cached keeps `value.to_yaml`): the YAML's plain value, or
 * undefined when it is not YAML Tarmac can read (Ruby object tags are not read).
 */
export function settingValue(raw: ZealotValue | undefined): unknown {
  const yaml = text(raw);
  if (yaml === null) return undefined;
  try {
    return parseYaml(yaml.slice(0, 65_536), { logLevel: 'error', maxAliasCount: 10 }) as unknown;
  } catch {
    return undefined;
  }
}
