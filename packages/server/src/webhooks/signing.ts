// Request signatures. Ours, for the generic JSON provider, so that anyone's own service can tell a
// Tarmac post from a forged or replayed one:
//   X-Tarmac-Timestamp: <unix seconds>
//   X-Tarmac-Signature: sha256=<hex HMAC-SHA256(secret, `${timestamp}.${body}`)>
// (the raw body bytes as received; verify with `verifySignature`, which refuses a timestamp more than
// five minutes away from now). And the chat services' own schemes, each as its documentation gives it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-tarmac-signature';
export const TIMESTAMP_HEADER = 'x-tarmac-timestamp';
export const REPLAY_TOLERANCE_SECONDS = 300;

/** `sha256=<hex>` over `${timestamp}.${body}`. */
export function signBody(secret: string, timestampSeconds: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`;
}

export interface VerifyInput {
  secret: string;
  /** The raw body, exactly as received. */
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  /** Now, in milliseconds (for tests). */
  now?: number;
  toleranceSeconds?: number;
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' };

/** For receivers: checks a Tarmac signature and refuses replays older (or newer) than five minutes. */
export function verifySignature({ secret, body, timestamp, signature, now = Date.now(), toleranceSeconds }: VerifyInput): VerifyResult {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missing' };
  const age = Math.abs(Math.floor(now / 1000) - Number(timestamp));
  if (age > (toleranceSeconds ?? REPLAY_TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signBody(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { ok: true } : { ok: false, reason: 'mismatch' };
}

/**
 * Feishu / Lark custom bot "signature verification": the body carries `timestamp` (seconds) and
 * `sign` = base64(HMAC-SHA256 keyed with `${timestamp}\n${secret}` over an empty message).
 * https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot (the timestamp must be within an hour).
 */
export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

/**
 * DingTalk custom robot "加签": query `timestamp` (milliseconds) and `sign` =
 * urlencode(base64(HMAC-SHA256 keyed with the secret over `${timestamp}\n${secret}`)); the caller
 * puts it in the query string, which encodes it. https://open.dingtalk.com/document/robots/customize-robot-security-settings
 */
export function dingtalkSign(secret: string, timestampMs: number): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}
