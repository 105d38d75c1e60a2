// The one format of sizes and dates that the install pages and the web app share (issue 14, item
// 5): sizes in KB/MB/GB with binary steps and at most one decimal, the same in English and
// Chinese; times in the viewer's language and zone; changelog dates read from what uploaders send.
import { describe, expect, it } from 'vitest';
import { changelogDate, formatDate, formatDateTime, formatSize } from './format.ts';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1,023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
    [12_900_000, '12.3 MB'],
    [155_189_248, '148 MB'],
    [1024 * 1024 - 1, '1 MB'],
    [2 * 1024 ** 3, '2 GB'],
    [5 * 1024 ** 4, '5 TB'],
  ])('%i bytes is %s in English and Chinese', (bytes, text) => {
    expect(formatSize(bytes, 'en')).toBe(text);
    expect(formatSize(bytes, 'zh-CN')).toBe(text);
  });

  it('answers a dash for no size, and 0 B for a negative one', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(undefined)).toBe('—');
    expect(formatSize(Number.NaN)).toBe('—');
    expect(formatSize(-5)).toBe('0 B');
  });
});

describe('formatDateTime', () => {
  const iso = '2026-11-25T23:30:00.000Z';
  it('shows the time in the zone and language given', () => {
    expect(formatDateTime(iso, 'en', 'UTC')).toBe('Nov 25, 2026, 11:30 PM');
    expect(formatDateTime(iso, 'en', 'Asia/Shanghai')).toBe('Nov 26, 2026, 7:30 AM');
    expect(formatDateTime(iso, 'zh-CN', 'Asia/Shanghai')).toBe('2026年11月26日 07:30');
    expect(formatDateTime(iso, 'zh-CN', 'America/New_York')).toBe('2026年11月25日 18:30');
  });

  it('falls back to the default zone for an unknown one; a dash for none; the text for a non-time', () => {
    expect(formatDateTime(iso, 'en', 'Mars/Olympus')).toBe(formatDateTime(iso, 'en'));
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});

describe('changelogDate', () => {
  it.each([
    ['2024-05-02T10:37:23Z', '2024-05-02T10:37:23.000Z', false],
    ['2024-05-02T10:37:23.123+08:00', '2024-05-02T02:37:23.123Z', false],
    ['2024-05-02 10:37:23 +0800', '2024-05-02T02:37:23.000Z', false],
    ['2024-05-02 10:37', '2024-05-02T10:37:00.000Z', false],
    [' 2024-05-02 ', '2024-05-02T00:00:00.000Z', true],
  ])('reads %j', (text, iso, dateOnly) => {
    expect(changelogDate(text)).toEqual({ iso, dateOnly });
  });

  it.each(['', 'yesterday', '02/05/2024', '2024-13-45', '2024-05-02T25:00', '2024-05-02 <b>', null])('leaves %j as sent', (text) => {
    expect(changelogDate(text)).toBeNull();
  });

  it('formats a date alone as that day, whatever the zone', () => {
    expect(formatDate('2024-05-02T00:00:00.000Z', 'en')).toBe('May 2, 2024');
    expect(formatDate('2024-05-02T00:00:00.000Z', 'zh-CN')).toBe('2024年5月2日');
  });
});
