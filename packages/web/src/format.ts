// Dates in the user's time zone and language; sizes in binary units.
import type { Locale } from './api/types.ts';

export function formatDateTime(iso: string | null | undefined, locale: Locale, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    // an unknown time zone: fall back to the browser's
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "3 hours ago" / "3 小时前": the time from `iso` to `now`, in the largest unit that fits. */
export function formatRelativeTime(iso: string | null | undefined, locale: Locale, now: number = Date.now()): string {
  if (!iso) return '—';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let value = (time - now) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

/** A build's version as people say it: "1.2.0 (45)", or either part alone, or "#<number in its channel>". */
export function formatBuildVersion(build: { release_version: string | null; build_version: string | null; version: number }): string {
  if (build.release_version && build.build_version) return `${build.release_version} (${build.build_version})`;
  return build.release_version ?? build.build_version ?? `#${build.version}`;
}
