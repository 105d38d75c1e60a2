// Dates in the user's time zone and language, sizes in MB: the install pages' own functions
// (packages/server/src/pages/format.ts), so both show a build alike.
import type { Locale } from './api/types.ts';

export { formatDateTime, formatSize as formatBytes, changelogDate, formatDate } from '../../server/src/pages/format.ts';

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
