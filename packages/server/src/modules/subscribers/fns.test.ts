// The subscribers' pure rules: an address is one mailbox, stored lower-cased; the links' tokens
// are made again from the row (so a job can mail them) but only under the server's secret key,
// change with what they stand for, and fit the pattern the pages check before any lookup.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { TOKEN_PATTERN, checkEmail, createSubscriberTokens, normalEmail, subscriberLinks } from './fns.ts';

const row = { channel_id: 7, email: 'tess@example.com', created_at: '2026-11-26T06:00:00.000Z', confirm_expires_at: '2026-11-28T06:00:00.000Z' };

describe('addresses', () => {
  it('are trimmed and lower-cased', () => {
    expect(checkEmail('  Tess@Example.COM ')).toBe('tess@example.com');
    expect(normalEmail('Tess@Example.COM')).toBe('tess@example.com');
  });

  it.each(['', '   ', 'tess', 'a@b, c@d', 'a@example.com\r\nBcc: b@example.com', '"quoted"@example.com', `${'x'.repeat(250)}@example.com`])(
    'refuses %j',
    (value) => {
      expect(() => checkEmail(value)).toThrow(ValidationError);
      expect(normalEmail(value)).toBeUndefined();
    },
  );
});

describe('tokens', () => {
  const tokens = createSubscriberTokens('secret-one-that-is-long-enough-0123456789');

  it('are made again from the same row, fit the pattern, and are stored only as SHA-256', () => {
    const token = tokens.unsubscribe(row);
    expect(token).toMatch(TOKEN_PATTERN);
    expect(tokens.unsubscribe({ ...row })).toBe(token);
    expect(tokens.hash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens.hash(token)).not.toContain(token);
  });

  it('differ by kind, row, time and secret key', () => {
    const other = createSubscriberTokens('secret-two-that-is-long-enough-0123456789');
    const all = [
      tokens.unsubscribe(row),
      tokens.confirm(row),
      tokens.unsubscribe({ ...row, email: 'other@example.com' }),
      tokens.unsubscribe({ ...row, created_at: '2026-11-26T06:00:00.001Z' }),
      tokens.confirm({ ...row, confirm_expires_at: '2026-11-29T06:00:00.000Z' }),
      other.unsubscribe(row),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('read a stored time the same in either spelling (PostgreSQL and SQLite)', () => {
    expect(tokens.unsubscribe({ ...row, created_at: '2026-11-26T06:00:00Z' })).toBe(tokens.unsubscribe(row));
  });
});

describe('links', () => {
  it('start at the public base and the channel slug, escaped', () => {
    const links = subscriberLinks('https://t.example', 'beta ios');
    expect(links.confirm('abc')).toBe('https://t.example/beta%20ios/subscribe/confirm?token=abc');
    expect(links.unsubscribe('abc')).toBe('https://t.example/beta%20ios/unsubscribe?token=abc');
    expect(links.release(12)).toBe('https://t.example/beta%20ios/12');
  });
});
