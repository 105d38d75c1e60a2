// The attempt limiters of one server: password guessing (wrong sign-in, current and channel
// passwords), device registrations and the subscribe form. On PostgreSQL the counts live in a
// table all instances share (auth/shared-attempts.ts); on SQLite, one instance by design
// (docs/scaling.md), in this process's memory (auth/attempts.ts): exact there, and a flood of
// wrong passwords then costs no write on SQLite's single writer.
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { createAttemptLimiter } from './attempts.ts';
import type { AttemptLimiter } from './attempts.ts';
import { createSharedAttemptLimiter } from './shared-attempts.ts';

/** Wrong codes one second-step challenge may take (POST /api/session/two-factor) before it is voided. */
export const CHALLENGE_MAX_WRONG_CODES = 5;
const GUESS_WINDOW_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

/** Password guessing (wrong sign-in, current and channel passwords) and device registrations (auth/attempts.ts). */
export function createLimiters(config: Config, clock: Clock, database?: Pick<DatabaseHandle, 'db' | 'engine'>) {
  const limiter = (scope: string, maxFailures: number, windowMs: number): AttemptLimiter =>
    database?.engine === 'postgres'
      ? createSharedAttemptLimiter(database.db, scope, { maxFailures, windowMs, clock })
      : createAttemptLimiter({ maxFailures, windowMs, clock });
  const signInAttempts = {
    perLogin: limiter('sign-in', config.maxFailedAttempts, GUESS_WINDOW_MS),
    perAddress: limiter('guesses-per-address', config.maxFailedAttempts * 5, GUESS_WINDOW_MS),
  };
  // Wrong codes on one second-step challenge (modules/sessions/two-factor-routes.ts): the fifth voids it.
  const challengeAttempts = limiter('two-factor-challenge', CHALLENGE_MAX_WRONG_CODES, GUESS_WINDOW_MS);
  return {
    signInAttempts,
    twoFactorAttempts: { ...signInAttempts, perChallenge: challengeAttempts },
    unlockAttempts: limiter('channel-password', config.maxFailedAttempts, GUESS_WINDOW_MS),
    // Device answers to /udid/retrieve per client address and hour (counts every answer).
    udidRegistrations: limiter('udid-answer', config.udidRegistrationsPerHour, HOUR_MS),
    // Wrong current_password on PUT /api/user: per account, and per address with the sign-ins.
    passwordAttempts: { perAccount: limiter('current-password', config.maxFailedAttempts, GUESS_WINDOW_MS), perAddress: signInAttempts.perAddress },
    // The install page's "new builds by email" form: posts per client address and confirmation mails per email, an hour.
    subscribeLimits: {
      perClient: limiter('subscribe-per-client', 20, HOUR_MS),
      perEmail: limiter('subscribe-per-email', 3, HOUR_MS),
    },
    // Password reset and sign-in link mails (modules/account-mail): requests per client address and per address asked for, an hour.
    accountMailLimits: {
      perClient: limiter('account-mail-per-client', 30, HOUR_MS),
      perEmail: limiter('account-mail-per-email', 5, HOUR_MS),
    },
    // New email confirmation links (POST /api/users/confirm-email/resend): per client address and per email, an hour.
    confirmationResends: {
      perClient: limiter('confirm-resend-per-client', 20, HOUR_MS),
      perEmail: limiter('confirm-resend-per-email', 3, HOUR_MS),
    },
  };
}
