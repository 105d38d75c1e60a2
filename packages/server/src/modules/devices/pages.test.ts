import { describe, expect, it } from 'vitest';
import { BUILD_TEXTS } from './build-texts.ts';
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

describe('the builds card’s texts', () => {
  it('have every English text in Chinese too, none blank', () => {
    expect(Object.keys(BUILD_TEXTS['zh-CN']).sort()).toEqual(Object.keys(BUILD_TEXTS.en).sort());
    for (const texts of Object.values(BUILD_TEXTS)) {
      for (const [key, value] of Object.entries(texts)) {
        const text = typeof value === 'function' ? (value as (...args: number[]) => string)(2, 3, 45) : String(value);
        expect(text.trim(), key).not.toBe('');
      }
    }
    expect(BUILD_TEXTS['zh-CN'].page(2, 3, 45)).toBe('第 2 / 3 页 · 共 45 个构建');
  });
});
