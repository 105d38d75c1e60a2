import { describe, expect, it } from 'vitest';
import { pageLocale } from './locale.ts';

describe('pageLocale', () => {
  it('takes ?lang= first, then Accept-Language by weight, then the default', () => {
    expect(pageLocale('zh-CN', 'en-US,en;q=0.9', 'en')).toBe('zh-CN');
    expect(pageLocale(undefined, 'zh-CN,zh;q=0.9,en;q=0.8', 'en')).toBe('zh-CN');
    expect(pageLocale(undefined, 'fr-FR,en;q=0.5,zh;q=0.9', 'en')).toBe('zh-CN');
    expect(pageLocale(undefined, 'de-DE,fr;q=0.8', 'zh-CN')).toBe('zh-CN');
    expect(pageLocale(undefined, undefined, 'en')).toBe('en');
    expect(pageLocale('xx', 'en-GB', 'zh-CN')).toBe('en');
    expect(pageLocale(undefined, 'zh;q=0, en;q=0.1', 'zh-CN')).toBe('en');
  });
});
