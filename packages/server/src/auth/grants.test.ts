import { describe, expect, it } from 'vitest';
import { createGrants } from './grants.ts';

const secret = 'k'.repeat(40);
const channel = { id: 7, password_hash: 'scrypt$hash-one' };

describe('channel grants', () => {
  const grants = createGrants(secret, 24);

  it('opens the channel it was issued for until it expires', () => {
    const now = Date.UTC(2026, 10, 22);
    const { token, expiresAt } = grants.issue(channel, now);
    expect(expiresAt.getTime()).toBe(now + 24 * 3600 * 1000);
    expect(grants.verify(token, channel, now)).toBe(true);
    expect(grants.verify(token, channel, now + 23 * 3600 * 1000)).toBe(true);
    expect(grants.verify(token, channel, now + 24 * 3600 * 1000)).toBe(false);
  });

  it('opens no other channel, and no channel once its password changes or is cleared', () => {
    const { token } = grants.issue(channel);
    expect(grants.verify(token, { ...channel, id: 8 })).toBe(false);
    expect(grants.verify(token, { ...channel, password_hash: 'scrypt$hash-two' })).toBe(false);
    expect(grants.verify(token, { ...channel, password_hash: null })).toBe(false);
  });

  it('refuses tampered, foreign and malformed tokens', () => {
    const { token } = grants.issue(channel);
    const [id, expiry, mac] = token.split('.');
    expect(grants.verify(`${id}.${Number(expiry) + 3600}.${mac}`, channel)).toBe(false);
    expect(grants.verify(`${id}.${expiry}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`, channel)).toBe(false);
    expect(grants.verify(createGrants('o'.repeat(40), 24).issue(channel).token, channel)).toBe(false);
    for (const bad of [undefined, '', 'x', `${id}.${expiry}`, `${token}.extra`, token.replace('.', '..')]) expect(grants.verify(bad, channel)).toBe(false);
  });
});
