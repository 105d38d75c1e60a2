// The signed challenge a profile carries and the device sends back.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { systemClock } from '../../clock.ts';
import type { Clock } from '../../clock.ts';

// Each profile carries a challenge the device sends back with its attributes. It is signed
// with the server's secret and expires, so a callback without one that this server issued
// recently is refused; the service also records each challenge when it is used, so it works
// once. Format: `<expiry, unix seconds>.<nonce, base64url>.<HMAC-SHA256, base64url, 32 chars>`.

/** The default lifetime (TARMAC_UDID_CHALLENGE_MINUTES sets the server's). */
export const CHALLENGE_TTL_SECONDS = 15 * 60;
const CHALLENGE_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{16,32})\.([A-Za-z0-9_-]{32})$/;

export type ChallengeCheck =
  | { status: 'ok'; /** Unique per challenge: what a use records. */ nonce: string; /** Epoch milliseconds. */ expiresAt: number }
  | { status: 'missing' | 'invalid' | 'expired' };

export interface Challenges {
  issue(now?: number): string;
  check(token: string | undefined, now?: number): ChallengeCheck;
}

/** Challenges that expire `ttlSeconds` after the clock's now (app.ts gives the server's clock). */
export function createChallenges(secretKey: string, ttlSeconds = CHALLENGE_TTL_SECONDS, clock: Clock = systemClock): Challenges {
  const mac = (expiry: string, nonce: string) =>
    createHmac('sha256', secretKey).update(`tarmac-udid-challenge\0${expiry}\0${nonce}`).digest('base64url').slice(0, 32);
  return {
    issue(now = clock.nowMs()) {
      const expiry = String(Math.floor(now / 1000) + ttlSeconds);
      const nonce = randomBytes(16).toString('base64url');
      return `${expiry}.${nonce}.${mac(expiry, nonce)}`;
    },
    check(token, now = clock.nowMs()) {
      if (token === undefined || token === '') return { status: 'missing' };
      const match = CHALLENGE_PATTERN.exec(token);
      if (!match) return { status: 'invalid' };
      const expected = Buffer.from(mac(match[1]!, match[2]!));
      const given = Buffer.from(match[3]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
      const expiresAt = Number(match[1]) * 1000;
      return expiresAt <= now ? { status: 'expired' } : { status: 'ok', nonce: match[2]!, expiresAt };
    },
  };
}
