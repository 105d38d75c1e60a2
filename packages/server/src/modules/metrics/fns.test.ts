import { describe, expect, it } from 'vitest';
import { bearerOf, routeLabel, tokenMatches, UNMATCHED } from './fns.ts';

describe('routeLabel', () => {
  it('is the matched pattern, or "unmatched" for the not-found handler and a request without a route', () => {
    expect(routeLabel('/api/apps/:id', true)).toBe('/api/apps/:id');
    expect(routeLabel('/api/apps/:id', false)).toBe(UNMATCHED);
    expect(routeLabel(undefined, true)).toBe(UNMATCHED);
    expect(routeLabel('', true)).toBe(UNMATCHED);
  });
});

describe('bearerOf', () => {
  it('takes the token of `Bearer <token>` (any case, extra spaces) and nothing else', () => {
    expect(bearerOf('Bearer abc')).toBe('abc');
    expect(bearerOf('bearer   abc  ')).toBe('abc');
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'abc', 'Bearer a b', 'Bearerabc']) {
      expect(bearerOf(header), String(header)).toBeUndefined();
    }
  });
});

describe('tokenMatches', () => {
  it('is true for the same token only, whatever the lengths', () => {
    const token = 'metrics-scrape-token-0123456789';
    expect(tokenMatches(token, token)).toBe(true);
    for (const sent of [undefined, '', token.slice(0, -1), `${token}x`, token.toUpperCase(), 'x'.repeat(10_000)]) {
      expect(tokenMatches(sent, token), String(sent).slice(0, 40)).toBe(false);
    }
  });
});
