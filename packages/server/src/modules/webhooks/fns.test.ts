import { describe, expect, it } from 'vitest';
import { eventsOf, retryDelaySeconds } from './fns.ts';

describe('retryDelaySeconds', () => {
  it('doubles from the base, caps at an hour, and never waits less than Retry-After', () => {
    expect([1, 2, 3, 4].map((failed) => retryDelaySeconds(failed, 30))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(12, 30)).toBe(3600);
    expect(retryDelaySeconds(1, 30, 120)).toBe(120);
    expect(retryDelaySeconds(3, 30, 5)).toBe(120);
    expect(retryDelaySeconds(1, 0, 86_400)).toBe(3600);
  });
});

describe('eventsOf', () => {
  it('reads the stored list, dropping what is not an event', () => {
    expect(eventsOf({ events: '["digest","upload","nope"]' })).toEqual(['upload', 'digest']);
    expect(eventsOf({ events: 'not json' })).toEqual([]);
    expect(eventsOf({ events: '{"upload": true}' })).toEqual([]);
  });
});
