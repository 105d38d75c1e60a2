// The one clock of the server. The wiring (app.ts) gives it to every service and to the timed
// helpers (channel grants, sign-in attempt limits, UDID challenges, debug-file links, the
// version-check cache), so a test can start the app at a fixed time and see that time in what
// it writes (created_at, updated_at, expires_at) and in what expires. Nothing in src/ reads the
// system time for these on its own; http/body-guard.ts paces request bodies on the monotonic
// clock (a rate, not a time of day) and storage/temp-files.ts compares file times the OS writes.

export interface Clock {
  /** The current time as rows store it: ISO 8601 in UTC with milliseconds (`2026-11-22T13:45:00.123Z`). */
  now(): string;
  /** The current time in milliseconds since the epoch, for expiries and timers. */
  nowMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date().toISOString(),
  nowMs: () => Date.now(),
};

/** A clock that always answers `at` (tests; a replay at a known time). */
export function fixedClock(at: string | Date): Clock {
  const ms = new Date(at).getTime();
  return { now: () => new Date(ms).toISOString(), nowMs: () => ms };
}

/** The ISO time `ms` milliseconds from the clock's now (negative: before it). */
export function isoFromNow(clock: Clock, ms: number): string {
  return new Date(clock.nowMs() + ms).toISOString();
}
