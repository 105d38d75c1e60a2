// The time a service writes into rows (created_at, updated_at). The wiring (app.ts) gives the
// services one clock, so a test can start the app at a fixed time and see it in what it creates.
// Services not moved to it yet call now() from db/index.ts, which reads the system clock too.

export interface Clock {
  /** The current time as rows store it: ISO 8601 in UTC with milliseconds (`2026-11-22T13:45:00.123Z`). */
  now(): string;
}

export const systemClock: Clock = {
  now: () => new Date().toISOString(),
};
