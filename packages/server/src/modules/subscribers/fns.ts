// Pure helpers of channel subscribers: the address rule and the tokens of the links a mail
// carries. Tokens are HMAC-SHA256 of the row's own facts under TARMAC_SECRET_KEY, so a mail job
// can make the link again from the row, and the database keeps only their SHA-256 (someone who
// reads the database cannot confirm or cancel a subscription; a new secret key voids old links).
import { createHmac } from 'node:crypto';
import { sha256Hex } from '../../auth/secrets.ts';
import { BLANK, fieldIssue, tooLong, ValidationError } from '../../errors.ts';
import { isMailbox } from '../../mail/smtp.ts';

export const SUBSCRIBER_LOCALES = ['en', 'zh-CN'] as const;
export type SubscriberLocale = (typeof SUBSCRIBER_LOCALES)[number];
export const EMAIL_MAX = 254;
/** How long a confirmation link works. */
export const CONFIRM_HOURS = 48;
/** base64url of 32 bytes. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The address as stored (trimmed, lower-cased), or a 422 on `field`. */
export function checkEmail(value: string, field = 'email'): string {
  const email = value.trim().toLowerCase();
  if (email === '') throw new ValidationError({ [field]: [BLANK] });
  if (email.length > EMAIL_MAX) throw new ValidationError({ [field]: [tooLong(EMAIL_MAX)] });
  if (!isMailbox(email)) throw new ValidationError({ [field]: [fieldIssue('email', `"${email}" is not one email address`)] });
  return email;
}

/** The address as stored, or undefined when it is not one mailbox (the install page's form). */
export function normalEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX && isMailbox(email) ? email : undefined;
}

interface TokenFacts {
  channel_id: number;
  email: string;
}

export interface SubscriberTokens {
  /** The confirmation link's token of a pending row whose link expires at `expiresAt`. */
  confirm(row: TokenFacts & { confirm_expires_at: string }): string;
  /** The unsubscribe link's token; `created_at` makes a new subscription's link a new one. */
  unsubscribe(row: TokenFacts & { created_at: string }): string;
  /** What the database keeps of a token. */
  hash(token: string): string;
}

/** One spelling of a stored time on both engines. */
const iso = (time: string) => new Date(time).toISOString();

export function createSubscriberTokens(secretKey: string): SubscriberTokens {
  const mac = (...parts: (string | number)[]) => createHmac('sha256', secretKey).update(parts.join('\0')).digest('base64url');
  return {
    confirm: (row) => mac('tarmac-subscriber-confirm', row.channel_id, row.email, iso(row.confirm_expires_at)),
    unsubscribe: (row) => mac('tarmac-subscriber-unsubscribe', row.channel_id, row.email, iso(row.created_at)),
    hash: (token) => sha256Hex(token),
  };
}

/** The links of the mails, on the public base (TARMAC_URL or the request's). */
export function subscriberLinks(base: string, slug: string) {
  const at = `${base}/${encodeURIComponent(slug)}`;
  return {
    confirm: (token: string) => `${at}/subscribe/confirm?token=${token}`,
    unsubscribe: (token: string) => `${at}/unsubscribe?token=${token}`,
    page: at,
    release: (releaseId: number) => `${at}/${releaseId}`,
  };
}
