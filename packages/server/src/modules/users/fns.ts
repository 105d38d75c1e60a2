// Pure helpers for user fields: normalising and checking what people type.
import { BLANK, fieldIssue, oneOf, tooLong, tooShort } from '../../errors.ts';
import type { FieldErrors, FieldMessage } from '../../errors.ts';
import { APPEARANCES, LOCALES, USER_ROLES } from './types.ts';

export const USERNAME_MAX = 50;
export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$|^[^\s@]+@localhost$/;

/** The IANA name for a time zone, canonicalised (`asia/shanghai` → `Asia/Shanghai`), or null. */
export function normalizeTimezone(value: string): string | null {
  if (value.length === 0 || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function addError(errors: FieldErrors, field: string, message: FieldMessage): void {
  (errors[field] ??= []).push(message);
}

export interface UserFields {
  username?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  role?: string | undefined;
  locale?: string | undefined;
  appearance?: string | undefined;
  timezone?: string | undefined;
}

/**
 * Checks the fields that are present; `required` lists those that must be. Returns the
 * per-field messages (empty when all is well) and the normalised values.
 */
export function checkUserFields(fields: UserFields, required: (keyof UserFields)[] = []): { errors: FieldErrors; values: UserFields } {
  const errors: FieldErrors = {};
  const values: UserFields = {};
  for (const field of required) {
    const value = fields[field];
    if (value === undefined || value.trim() === '') addError(errors, field, BLANK);
  }
  if (fields.username !== undefined && fields.username.trim() !== '') {
    const username = fields.username.trim().normalize('NFC');
    if ([...username].length < 2) addError(errors, 'username', tooShort(2));
    else if ([...username].length > USERNAME_MAX) addError(errors, 'username', tooLong(USERNAME_MAX));
    // An @ would make "sign in with username or email" ambiguous.
    else if (username.includes('@')) addError(errors, 'username', fieldIssue('no_at_sign', 'must not contain "@"'));
    // eslint-disable-next-line no-control-regex
    else if (/[\u0000-\u001f\u007f\s]/.test(username)) addError(errors, 'username', fieldIssue('control_characters', 'must not contain spaces or control characters'));
    else values.username = username;
  }
  if (fields.email !== undefined && fields.email.trim() !== '') {
    const email = fields.email.trim();
    if (email.length > EMAIL_MAX) addError(errors, 'email', tooLong(EMAIL_MAX));
    else if (!EMAIL_PATTERN.test(email)) addError(errors, 'email', fieldIssue('email', `"${email}" is not a valid email address`));
    else values.email = email;
  }
  if (fields.password !== undefined && fields.password !== '') {
    if (fields.password.length < PASSWORD_MIN) addError(errors, 'password', tooShort(PASSWORD_MIN));
    else if (fields.password.length > PASSWORD_MAX) addError(errors, 'password', tooLong(PASSWORD_MAX));
    else values.password = fields.password;
  }
  if (fields.role !== undefined) {
    if ((USER_ROLES as readonly string[]).includes(fields.role)) values.role = fields.role;
    else addError(errors, 'role', oneOf(USER_ROLES, fields.role));
  }
  if (fields.locale !== undefined) {
    if ((LOCALES as readonly string[]).includes(fields.locale)) values.locale = fields.locale;
    else addError(errors, 'locale', oneOf(LOCALES, fields.locale));
  }
  if (fields.appearance !== undefined) {
    if ((APPEARANCES as readonly string[]).includes(fields.appearance)) values.appearance = fields.appearance;
    else addError(errors, 'appearance', oneOf(APPEARANCES, fields.appearance));
  }
  if (fields.timezone !== undefined) {
    const timezone = normalizeTimezone(fields.timezone.trim());
    if (timezone) values.timezone = timezone;
    else addError(errors, 'timezone', fieldIssue('timezone', `"${fields.timezone}" is not an IANA time zone such as Asia/Shanghai or Etc/UTC`));
  }
  return { errors, values };
}

/**
 * Whether an email's domain is one of `domains` (lower-case): the part after the last "@" must
 * equal one exactly, any case, so evil.com.attacker and sub.example.com do not pass for example.com.
 */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).trim().toLowerCase();
  return domain !== '' && domains.includes(domain);
}

/** How long the link of an email confirmation mail works. */
export const CONFIRMATION_TTL_HOURS = 24;
