// A lazily made service (shared/lazily.ts): nothing loads until the first call, one load serves
// every later call (even calls made while it loads), every method answers a promise (a sync throw
// becomes a rejection), a failed load is tried again, and awaiting the service itself does not hang.
import { describe, expect, it } from 'vitest';
import { lazily } from './lazily.ts';

function counter() {
  let total = 0;
  return {
    add: (n: number) => (total += n),
    refuse: (): number => {
      throw new Error('refused');
    },
    async total() {
      return total;
    },
  };
}

describe('lazily', () => {
  it('loads on the first call only, once for calls made while it loads', async () => {
    let loads = 0;
    const service = lazily(async () => {
      loads += 1;
      return counter();
    });
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([service.add(2), service.add(3)]);
    expect([a, b].sort()).toEqual([2, 5]);
    expect(await service.total()).toBe(5);
    expect(loads).toBe(1);
  });

  it('turns a synchronous throw into a rejection', async () => {
    const service = lazily(async () => counter());
    await expect(service.refuse()).rejects.toThrow('refused');
  });

  it('tries a failed load again at the next call', async () => {
    let attempts = 0;
    const service = lazily(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return counter();
    });
    await expect(service.add(1)).rejects.toThrow('not yet');
    expect(await service.add(1)).toBe(1);
    expect(attempts).toBe(2);
  });

  it('is not a thenable, and names a missing method', async () => {
    const service = lazily(async () => counter());
    expect(await Promise.resolve(service)).toBe(service);
    await expect((service as unknown as { nothing: () => Promise<void> }).nothing()).rejects.toThrow('No method nothing');
  });
});
