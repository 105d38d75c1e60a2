// Sizes and dates as every Tarmac screen shows them: the server-rendered install pages and the web
// app (packages/web/src/format.ts re-exports these), so a tester and a team lead read the same
// "12.3 MB" and "Nov 26, 2026, 2:40 AM" for the same build. Pure, no Node or DOM: it runs on the
// server and in the browser. The install pages' inline script cannot import it, so it formats
// with DATE_TIME_OPTIONS, written into the script from here.

/** The languages of both the pages and the web app. */
export type FormatLocale = 'en' | 'zh-CN';

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * Bytes for people: "0 B", "1023 B", "1.5 MB", "148 MB", "2 GB". Binary steps (1 MB = 1024 KB,
 * as Zealot and the phones' own storage screens count), labelled KB/MB/GB; one decimal under 100,
 * none from 100, no trailing ".0"; digits grouped as the language does. Not a number: "—".
 */
export function formatSize(bytes: number | null | undefined, locale: FormatLocale = 'en'): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  const whole = Math.max(0, Math.round(bytes));
  if (whole < 1024) return `${new Intl.NumberFormat(locale).format(whole)} B`;
  let value = whole / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.96 KB would round to "1024 KB": show it as the next unit instead.
  if (value >= 1023.95 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${SIZE_UNITS[unit]}`;
}

/** The one date-and-time format: "Nov 26, 2026, 2:40 AM" / "2026年11月26日 02:40". */
export const DATE_TIME_OPTIONS = { dateStyle: 'medium', timeStyle: 'short' } as const satisfies Intl.DateTimeFormatOptions;

/**
 * A time in the language and time zone given (the browser's zone when none); "—" for none, the
 * text itself when it is not a time. An unknown zone falls back to the browser's.
 */
export function formatDateTime(iso: string | null | undefined, locale: FormatLocale, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { ...DATE_TIME_OPTIONS, ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, DATE_TIME_OPTIONS).format(date);
  }
}

// What uploaders send as a changelog entry's date: ISO 8601, or git's "2024-05-02 10:37:23 +0800".
const CHANGELOG_DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A changelog entry's date as an ISO time, or null when it is not one we can read (it is then
 * shown as sent). A date and time without a zone is read as UTC; a date alone stays a date.
 */
export function changelogDate(text: string | null | undefined): { iso: string; dateOnly: boolean } | null {
  const match = CHANGELOG_DATE.exec((text ?? '').trim());
  if (!match) return null;
  const [, day, time, zone] = match;
  const offset = !zone || zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(time ? `${day}T${time}${offset}` : `${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return { iso: date.toISOString(), dateOnly: !time };
}

/** A date alone ("Nov 26, 2026"), in UTC: it names a day, not a moment. */
export function formatDate(iso: string, locale: FormatLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
