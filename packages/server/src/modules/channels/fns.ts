// Pure helpers for channel fields: generated slugs and keys, and the checks on what people type.
import { randomBytes, randomInt } from 'node:crypto';
import { BLANK, fieldIssue, messageOf, tooLong } from '../../errors.ts';
import type { FieldErrors, FieldMessage } from '../../errors.ts';
import { BUNDLE_ID_RULE_MAX, bundleIdRuleError } from './bundle-id-rule.ts';

export const NAME_MAX = 255;
export const SLUG_MAX = 64;
export const BUNDLE_ID_MAX = BUNDLE_ID_RULE_MAX;
export const GIT_URL_MAX = 1024;
export const CHANNEL_PASSWORD_MAX = 128;
export const SLUG_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * First path segments the server and the web app use: a channel's public page lives at
 * `/<slug>`, so a slug may not be one of these (compared lowercased).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'api', 'apps', 'app', 'admin', 'assets', 'static', 'public', 'channels', 'releases', 'download', 'downloads', 'udid',
  'login', 'logout', 'signin', 'signup', 'register', 'password', 'settings', 'dashboard', 'teardown', 'teardowns',
  'debug-files', 'debug_files', 'users', 'user', 'docs', 'health', 'favicon.ico', 'robots.txt', 'manifest', 'install', 'qrcode', 'devices',
  'metrics', 'forgot-password', 'reset-password', 'sign-in', 'confirm-email', 'invitations', 'link-identity',
]);

/** A random public slug: 6 to 8 lowercase letters and digits, never a reserved word. */
export function randomSlug(): string {
  for (;;) {
    const length = randomInt(6, 9);
    let slug = '';
    for (let i = 0; i < length; i++) slug += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)];
    if (!RESERVED_SLUGS.has(slug)) return slug;
  }
}

/** The secret channel key: 128 random bits as 32 hex characters. */
export function generateChannelKey(): string {
  return randomBytes(16).toString('hex');
}

export function addError(errors: FieldErrors, field: string, message: FieldMessage): void {
  const messages = (errors[field] ??= []);
  if (!messages.some((m) => messageOf(m) === messageOf(message))) messages.push(message);
}

/** A required display name, trimmed; undefined (and an error) when blank or too long. */
export function checkName(value: string, field: string, errors: FieldErrors): string | undefined {
  const name = value.trim();
  if (name === '') addError(errors, field, BLANK);
  else if ([...name].length > NAME_MAX) addError(errors, field, tooLong(NAME_MAX));
  else return name;
  return undefined;
}

export function checkSlug(value: string, field: string, errors: FieldErrors): string | undefined {
  if (!SLUG_PATTERN.test(value)) {
    addError(errors, field, fieldIssue('slug_format', `must be 1 to ${SLUG_MAX} letters, digits, "-" or "_" (got "${value}")`, { max: SLUG_MAX }));
    return undefined;
  }
  if (RESERVED_SLUGS.has(value.toLowerCase())) {
    addError(errors, field, fieldIssue('reserved', `"${value}" is reserved for Tarmac's own pages; choose another`, { value }));
    return undefined;
  }
  return value;
}

/** A channel's bundle id rule ("*", a glob or a regular expression: see bundle-id-rule.ts). */
export function checkBundleId(value: string, field: string, errors: FieldErrors): string | undefined {
  const bundleId = value.trim();
  if (bundleId === '') {
    addError(errors, field, fieldIssue('bundle_id_blank', `can't be blank; use "*" to accept any bundle id`));
    return undefined;
  }
  const error = bundleIdRuleError(bundleId);
  if (error !== null) {
    addError(errors, field, fieldIssue('bundle_id_rule', error));
    return undefined;
  }
  return bundleId;
}

/** An http(s) URL, or null for "" (no URL). */
export function checkGitUrl(value: string, field: string, errors: FieldErrors): string | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    // The value is not echoed: it might carry a credential.
    addError(errors, field, fieldIssue('url', 'must be an http:// or https:// URL'));
    return undefined;
  }
  if (url.username !== '' || url.password !== '') {
    // It is shown to every collaborator: a credential in it would leak.
    addError(errors, field, fieldIssue('url_credentials', 'must not contain a user name or password'));
    return undefined;
  }
  return text;
}
