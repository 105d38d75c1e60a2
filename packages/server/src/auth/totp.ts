// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with node:crypto only: HMAC-SHA1,
// 6 digits, 30-second steps, the authenticator apps' defaults. A code is accepted one step either
// side of now (a phone's clock drifts, a person types slowly); the caller remembers the step a code
// matched so the same code cannot be used twice. Secrets are 160 random bits, written in base32
// (RFC 4648, no padding) as authenticator apps expect, in an otpauth:// URI for the QR code.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const SECRET_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 as people type it (any case, spaces, dashes and padding ignored), or null when not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits (RFC 4226's recommended length), base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** RFC 4226 HOTP: the code of a counter, `digits` long, left-padded with zeros. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step a time (epoch ms) falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code for a time (epoch ms): what the authenticator app shows. */
export function totpCode(secret: string | Uint8Array, nowMs: number, digits: number = TOTP_DIGITS): string {
  const key = typeof secret === 'string' ? base32Decode(secret) : secret;
  if (!key) throw new Error('The TOTP secret is not base32');
  return hotp(key, totpStep(nowMs), digits);
}

/**
 * The step whose code `code` is (now, or one step either side), or null. A code for a step at or
 * before `lastUsedStep` is refused: each code works once.
 */
export function matchTotp(secret: string, code: string, nowMs: number, lastUsedStep: number | null = null): number | null {
  const key = base32Decode(secret);
  const typed = code.replace(/\s/g, '');
  if (!key || !/^\d{6}$/.test(typed)) return null;
  const now = totpStep(nowMs);
  let matched: number | null = null;
  // Every candidate is compared (no early return), in constant time.
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(hotp(key, step));
    if (timingSafeEqual(expected, Buffer.from(typed)) && (lastUsedStep === null || step > lastUsedStep)) matched ??= step;
  }
  return matched;
}

/**
 * The otpauth:// URI an authenticator app reads from the QR code (Google Authenticator's Key Uri
 * Format): label `Issuer:account`, and the parameters spelled out even where they are the defaults.
 */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}
