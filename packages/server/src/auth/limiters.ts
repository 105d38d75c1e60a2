// The attempt limiters of one server: password guessing (wrong sign-in, current and channel
// passwords) and device registrations, counted in memory (auth/attempts.ts).
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createAttemptLimiter } from './attempts.ts';

/** Password guessing (wrong sign-in, current and channel passwords) and device registrations (auth/attempts.ts). */
export function createLimiters(config: Config, clock: Clock) {
  const GUESS_WINDOW_MS = 15 * 60_000;
  const guesses = (maxFailures: number) => createAttemptLimiter({ maxFailures, windowMs: GUESS_WINDOW_MS, clock });
  const signInAttempts = { perLogin: guesses(config.maxFailedAttempts), perAddress: guesses(config.maxFailedAttempts * 5) };
  return {
    signInAttempts,
    unlockAttempts: guesses(config.maxFailedAttempts),
    // Device answers to /udid/retrieve per client address and hour (counts every answer).
    udidRegistrations: createAttemptLimiter({ maxFailures: config.udidRegistrationsPerHour, windowMs: 60 * 60_000, clock }),
    // Wrong current_password on PUT /api/user: per account, and per address with the sign-ins.
    passwordAttempts: { perAccount: guesses(config.maxFailedAttempts), perAddress: signInAttempts.perAddress },
    // The install page's "new builds by email" form: posts per client address and confirmation mails per email, an hour.
    subscribeLimits: {
      perClient: createAttemptLimiter({ maxFailures: 20, windowMs: 60 * 60_000, clock }),
      perEmail: createAttemptLimiter({ maxFailures: 3, windowMs: 60 * 60_000, clock }),
    },
  };
}
