import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempts.ts';

describe('attempt limiter', () => {
  const WINDOW = 15 * 60_000;

  it('allows maxFailures failures in the window, then says how long to wait', () => {
    const limiter = createAttemptLimiter({ maxFailures: 3, windowMs: WINDOW });
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a', start + i)).toBe(0);
      limiter.fail('a', start + i);
    }
    expect(limiter.retryAfter('a', start + 10)).toBe(Math.ceil((WINDOW - 10) / 1000));
    expect(limiter.retryAfter('b', start + 10)).toBe(0);
    // The first failure leaves the window: one more try is allowed.
    expect(limiter.retryAfter('a', start + WINDOW + 1)).toBe(0);
  });

  it('forgets a key on success', () => {
    const limiter = createAttemptLimiter({ maxFailures: 2, windowMs: WINDOW });
    limiter.fail('a', 1);
    limiter.fail('a', 2);
    expect(limiter.retryAfter('a', 3)).toBeGreaterThan(0);
    limiter.succeed('a');
    expect(limiter.retryAfter('a', 4)).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping the oldest', () => {
    const limiter = createAttemptLimiter({ maxFailures: 1, windowMs: WINDOW, maxKeys: 2 });
    limiter.fail('a', 1);
    limiter.fail('b', 2);
    limiter.fail('c', 3);
    expect(limiter.retryAfter('a', 4)).toBe(0);
    expect(limiter.retryAfter('b', 4)).toBeGreaterThan(0);
    expect(limiter.retryAfter('c', 4)).toBeGreaterThan(0);
  });
});
