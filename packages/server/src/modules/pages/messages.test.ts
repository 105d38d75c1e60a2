import { describe, expect, it } from 'vitest';
import { MESSAGES, en, translator } from './messages.ts';

describe('page messages', () => {
  it('has the same keys and the same {parameters} in English and Chinese, none blank', () => {
    const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const zh = MESSAGES['zh-CN'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(params(zh[key]), key).toEqual(params(en[key]));
      expect(zh[key].trim(), key).not.toBe('');
    }
  });

  it('fills parameters and leaves unknown ones as they are', () => {
    const t = translator('en');
    expect(t('builds.page', { page: 2, pages: 3, total: 45 })).toBe('Page 2 of 3 · 45 builds');
    expect(t('release.build', { number: '$&' })).toBe('Build #$&');
    expect(t('release.build')).toBe('Build #{number}');
    expect(translator('zh-CN')('builds.page', { page: 1, pages: 1, total: 2 })).toBe('第 1 / 1 页 · 共 2 个构建');
  });
});
