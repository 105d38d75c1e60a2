import { describe, expect, it } from 'vitest';
import { createAttemptLimiter, guessCounts, tooManyGuesses } from './attempts.ts';

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

describe('guess counts', () => {
  it('count a wrong guess in every limiter, wait for the longest, and let a right one clear only the first', async () => {
    const account = createAttemptLimiter({ maxFailures: 2, windowMs: 60_000 });
    const address = createAttemptLimiter({ maxFailures: 3, windowMs: 60_000 });
    const counts = guessCounts([account, 'user:1'], [address, '10.0.0.1']);
    expect(await counts.retryAfter()).toBe(0);
    await counts.fail();
    await counts.fail();
    expect(account.retryAfter('user:1')).toBeGreaterThan(0);
    expect(address.retryAfter('10.0.0.1')).toBe(0);
    expect(await counts.retryAfter()).toBe(account.retryAfter('user:1'));
    await counts.succeed();
    expect(account.retryAfter('user:1')).toBe(0);
    // The address keeps its two failures: one more fills it.
    address.fail('10.0.0.1');
    expect(await counts.retryAfter()).toBeGreaterThan(0);
  });

  it('say how long to wait in whole minutes', () => {
    expect(tooManyGuesses('wrong current passwords', 60)).toBe('Too many wrong current passwords: try again in 1 minute');
    expect(tooManyGuesses('failed sign-in attempts', 61)).toBe('Too many failed sign-in attempts: try again in 2 minutes');
  });
});
