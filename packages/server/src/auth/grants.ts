// Channel password grants. After a visitor types a channel's password, a signed, expiring
// token opens that channel's pages, manifests, icons, QR codes and files: as a cookie for the
// browser, and as a `grant` query parameter in the links the iOS installer and SDKs follow
// (they send no cookies). The token binds the channel id, the expiry and the channel's
// current password hash, so changing or clearing the password revokes every grant at once.
//
// Format: `<channelId>.<expiry, unix seconds>.<HMAC-SHA256, base64url, 32 chars>`: URL-safe
// as it is, with nothing secret in it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';

export interface GrantChannel {
  id: number;
  password_hash: string | null;
}

export interface Grants {
  /** Lifetime of a new grant, in seconds. */
  readonly ttlSeconds: number;
  /** `now`: epoch milliseconds, the clock's by default. */
  issue(channel: GrantChannel, now?: number): { token: string; expiresAt: Date };
  /** Whether the token opens this channel now. */
  verify(token: string | undefined, channel: GrantChannel, now?: number): boolean;
}

/** The cookie that carries a channel's grant in the browser. */
export function grantCookieName(channelId: number): string {
  return `tarmac_grant_${channelId}`;
}

const TOKEN_PATTERN = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/;

/** Grants that expire `ttlHours` after the clock's now (app.ts gives the server's clock). */
export function createGrants(secretKey: string, ttlHours: number, clock: Clock = systemClock): Grants {
  const ttlSeconds = Math.round(ttlHours * 3600);
  const mac = (channelId: number, expiry: number, passwordHash: string) =>
    createHmac('sha256', secretKey).update(`tarmac-channel-grant\0${channelId}\0${expiry}\0${passwordHash}`).digest('base64url').slice(0, 32);

  return {
    ttlSeconds,
    issue(channel, now = clock.nowMs()) {
      const expiry = Math.floor(now / 1000) + ttlSeconds;
      return { token: `${channel.id}.${expiry}.${mac(channel.id, expiry, channel.password_hash ?? '')}`, expiresAt: new Date(expiry * 1000) };
    },
    verify(token, channel, now = clock.nowMs()) {
      if (!token || channel.password_hash === null) return false;
      const match = TOKEN_PATTERN.exec(token);
      if (!match) return false;
      const channelId = Number(match[1]);
      const expiry = Number(match[2]);
      if (channelId !== channel.id || expiry * 1000 <= now) return false;
      const expected = Buffer.from(mac(channelId, expiry, channel.password_hash));
      const given = Buffer.from(match[3]!);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
