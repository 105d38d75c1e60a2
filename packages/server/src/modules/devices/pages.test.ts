import { describe, expect, it } from 'vitest';
import { UDID_TEXTS } from './pages.ts';

describe('the /udid pages’ texts', () => {
  it('have every English text in Chinese too, none blank', () => {
    expect(Object.keys(UDID_TEXTS['zh-CN']).sort()).toEqual(Object.keys(UDID_TEXTS.en).sort());
    for (const [key, value] of Object.entries(UDID_TEXTS['zh-CN'])) {
      const text = typeof value === 'function' ? (value)('x') : String(value);
      expect(text.trim(), key).not.toBe('');
    }
  });
});
