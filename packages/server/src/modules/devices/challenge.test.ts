import { describe, expect, it } from 'vitest';
import { createChallenges } from './challenge.ts';

const SECRET = 'a-secret-key-for-tests-0123456789abcdef';

describe('challenges', () => {
  const challenges = createChallenges(SECRET, 3600);
  const now = Date.UTC(2026, 0, 1);

  it('accepts its own challenge until it expires, naming its nonce and expiry', () => {
    const token = challenges.issue(now);
    expect(token).toMatch(/^\d+\.[\w-]+\.[\w-]{32}$/);
    const nonce = token.split('.')[1];
    expect(challenges.check(token, now)).toEqual({ status: 'ok', nonce, expiresAt: now + 3600_000 });
    expect(challenges.check(token, now + 3599_000).status).toBe('ok');
    expect(challenges.check(token, now + 3600_000)).toEqual({ status: 'expired' });
  });

  it('lasts 15 minutes by default', () => {
    const short = createChallenges(SECRET);
    const token = short.issue(now);
    expect(short.check(token, now + 899_000).status).toBe('ok');
    expect(short.check(token, now + 900_000).status).toBe('expired');
  });

  it('refuses a missing, malformed, altered or foreign challenge', () => {
    const token = challenges.issue(now);
    const status = (value: string | undefined, checker = challenges) => checker.check(value, now).status;
    expect(status(undefined)).toBe('missing');
    expect(status('')).toBe('missing');
    expect(status('nonsense')).toBe('invalid');
    const [expiry, nonce, mac] = token.split('.') as [string, string, string];
    expect(status(`${Number(expiry) + 86400}.${nonce}.${mac}`)).toBe('invalid');
    expect(status(`${expiry}.${nonce}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBe('invalid');
    expect(status(token, createChallenges('another-secret-key-0123456789abcdefgh'))).toBe('invalid');
  });

  it('makes a new challenge each time', () => {
    expect(challenges.issue(now)).not.toBe(challenges.issue(now));
  });
});
