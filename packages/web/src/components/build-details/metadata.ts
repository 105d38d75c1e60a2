// Reading the parser's metadata (snake_case JSON whose `details` depend on the format) safely:
// every accessor answers undefined for a missing or differently typed value, so an older or
// unusual package never breaks the screen.

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(obj).filter((item): item is Json => item !== undefined) : [];
}

/** Android API levels → platform versions (developer.android.com/tools/releases/platforms). */
const ANDROID_VERSIONS: Record<number, string> = {
  1: '1.0', 2: '1.1', 3: '1.5', 4: '1.6', 5: '2.0', 6: '2.0.1', 7: '2.1', 8: '2.2', 9: '2.3', 10: '2.3.3',
  11: '3.0', 12: '3.1', 13: '3.2', 14: '4.0', 15: '4.0.3', 16: '4.1', 17: '4.2', 18: '4.3', 19: '4.4', 20: '4.4W',
  21: '5.0', 22: '5.1', 23: '6.0', 24: '7.0', 25: '7.1', 26: '8.0', 27: '8.1', 28: '9', 29: '10', 30: '11',
  31: '12', 32: '12L', 33: '13', 34: '14', 35: '15', 36: '16',
};

export function androidVersion(level: number | undefined): string | undefined {
  return level === undefined ? undefined : ANDROID_VERSIONS[level];
}

/** Whole days from now until the date (negative when past), or undefined for a bad date. */
export function daysUntil(iso: string | undefined, now = Date.now()): number | undefined {
  if (!iso) return undefined;
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? undefined : Math.floor((time - now) / 86_400_000);
}

/** A value of an entitlement or plist map as one line of text. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** UIDeviceFamily numbers → their device names. */
export const DEVICE_FAMILIES: Record<number, string> = { 1: 'iPhone', 2: 'iPad', 3: 'Apple TV', 4: 'Apple Watch', 6: 'Mac', 7: 'Apple Vision' };
