import { describe, expect, it } from 'vitest';
import { appleWord, syncChanges } from './sync.ts';

describe('appleWord', () => {
  it("stores Apple's platform and status words in upper case, reading the older portal's words as the API's", () => {
    expect(appleWord('IOS', 'platform')).toBe('IOS');
    expect(appleWord('ios', 'platform')).toBe('IOS');
    expect(appleWord('mac', 'platform')).toBe('MAC_OS');
    expect(appleWord('MAC_OS', 'platform')).toBe('MAC_OS');
    expect(appleWord('VISION_OS', 'platform')).toBe('VISION_OS');
    expect(appleWord('enabled', 'status')).toBe('ENABLED');
    expect(appleWord('c', 'status')).toBe('ENABLED');
    expect(appleWord('r', 'status')).toBe('DISABLED');
    expect(appleWord('PROCESSING', 'status')).toBe('PROCESSING');
  });

  it('refuses anything but one word of letters, digits and underscores, at most 32', () => {
    for (const bad of ['', ' IOS', 'i OS', 'MAC-OS', '1OS', '_IOS', 'É', 'A'.repeat(33), 'IOS\n']) {
      expect(appleWord(bad, 'platform'), JSON.stringify(bad)).toBeUndefined();
    }
    expect(appleWord('A'.repeat(32), 'status')).toBe('A'.repeat(32));
  });
});

describe('syncChanges', () => {
  const stored = { name: 'QA iPhone', model_name: null, platform: 'IOS', status: 'ENABLED' };

  it('changes only what the sync says and differs', () => {
    expect(syncChanges(stored, { name: 'QA iPhone', model_name: null, platform: 'IOS', status: 'ENABLED' })).toEqual({});
    expect(syncChanges(stored, { name: null, model_name: null, platform: null, status: null })).toEqual({});
    expect(syncChanges(stored, { name: 'Ann’s iPhone', model_name: 'iPhone 15', platform: 'IOS', status: 'DISABLED' })).toEqual({
      name: 'Ann’s iPhone',
      model_name: 'iPhone 15',
      status: 'DISABLED',
    });
  });

  it('never clears a stored value', () => {
    expect(syncChanges(stored, { name: null, model_name: null, platform: null, status: 'DISABLED' })).toEqual({ status: 'DISABLED' });
  });
});
