// How the apps list and the dashboard say when and which build: the time relative to now in the
// viewer's language, in the largest unit that fits, and the version as "release (build)".
import { describe, expect, it } from 'vitest';
import { formatSize } from '../../server/src/pages/format.ts';
import { formatBuildVersion, formatBytes, formatRelativeTime } from './format.ts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, 'now', '现在'],
    [45, '45 seconds ago', '45秒钟前'],
    [3 * 60, '3 minutes ago', '3分钟前'],
    [5 * 3600, '5 hours ago', '5小时前'],
    [86_400 + 3600, 'yesterday', '昨天'],
    [3 * 86_400, '3 days ago', '3天前'],
    [14 * 86_400, '2 weeks ago', '2周前'],
    [90 * 86_400, '3 months ago', '3个月前'],
    [800 * 86_400, '2 years ago', '2年前'],
  ])('says %i seconds ago in English and Chinese', (seconds, en, zh) => {
    expect(formatRelativeTime(ago(seconds), 'en', NOW)).toBe(en);
    expect(formatRelativeTime(ago(seconds), 'zh-CN', NOW)).toBe(zh);
  });

  it('answers a dash for no time and the text itself for one it cannot read', () => {
    expect(formatRelativeTime(null, 'en', NOW)).toBe('—');
    expect(formatRelativeTime('not a time', 'en', NOW)).toBe('not a time');
  });
});

describe('formatBuildVersion', () => {
  it('says "release (build)", either part alone, or the number in the channel', () => {
    expect(formatBuildVersion({ release_version: '1.2.0', build_version: '45', version: 3 })).toBe('1.2.0 (45)');
    expect(formatBuildVersion({ release_version: '1.2.0', build_version: null, version: 3 })).toBe('1.2.0');
    expect(formatBuildVersion({ release_version: null, build_version: '45', version: 3 })).toBe('45');
    expect(formatBuildVersion({ release_version: null, build_version: null, version: 3 })).toBe('#3');
  });
});

describe('formatBytes', () => {
  it('is the install pages’ formatSize (one format of sizes everywhere, tested in server/src/pages/format.test.ts)', () => {
    expect(formatBytes).toBe(formatSize);
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
