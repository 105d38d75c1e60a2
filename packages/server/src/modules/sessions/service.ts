// Web sign-in: a session row per signed-in browser, found by the SHA-256 of an httpOnly
// cookie, carrying the CSRF token that cookie-authenticated writes must echo in a header.
import { hashPassword, needsRehash, UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../auth/passwords.ts';
import { generateOpaqueSecret, sha256Hex } from '../../auth/secrets.ts';
import { isoFromNow } from '../../clock.ts';
import type { Clock } from '../../clock.ts';
import type { AccountTokens } from '../../auth/account-tokens.ts';
import type { SessionRow, UserRow } from '../../db/types.ts';
import { ACCOUNT_LOCKED, BLANK, ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { SettingsService } from '../settings/service.ts';
import type { SecondFactor, TwoFactorService } from '../two-factor/service.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { SessionsRepository } from './repository.ts';

/** A session's expiry slides forward on use, but is written at most this often. */
const TOUCH_INTERVAL_MS = 5 * 60_000;
/** How long the second step of a sign-in (the code from the app) may wait. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_EXPIRED = 'This sign-in has expired or had too many wrong codes: sign in again';

interface Deps {
  sessionsRepository: SessionsRepository;
  usersRepository: Pick<UsersRepository, 'findById' | 'findByEmail' | 'findByUsername' | 'update'>;
  sessionTtlHours: number;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
  /** The second step of a local sign-in (modules/two-factor), its challenges, and whether an admin requires it. */
  twoFactorService: Pick<TwoFactorService, 'verify'>;
  accountTokens: Pick<AccountTokens, 'issue' | 'peek' | 'consume'>;
  settingsService: Pick<SettingsService, 'get'>;
}

export interface SignInInput {
  login: string;
  password: string;
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface SignedIn {
  user: UserRow;
  /** The cookie value; only its hash is stored. */
  cookieSecret: string;
  csrfToken: string;
  expiresAt: string;
}

/** A local sign-up that has not followed its confirmation mail yet (modules/users/registration-service.ts). */
export const EMAIL_UNCONFIRMED = 'Confirm your email first: follow the link in the mail we sent, or ask for a new one';

/** What a local sign-in answers: a session, or the challenge of its second step. */
export type LocalSignIn =
  | { status: 'signed-in'; signedIn: SignedIn }
  | { status: 'two-factor'; challenge: string; expiresAt: string; userId: number };

export interface TwoFactorInput extends SecondFactor {
  challenge: string;
}

export function createSessionsService(deps: Deps) {
  const { sessionsRepository, usersRepository, sessionTtlHours, clock, twoFactorService, accountTokens, settingsService } = deps;
  const ttlMs = sessionTtlHours * 3_600_000;

  /**
   * A new session row for the user; only the cookie's hash is stored. `passwordHash` replaces
   * an imported (bcrypt) hash with Tarmac's once its password has been checked.
   */
  async function open(
    user: UserRow,
    client: Pick<SignInInput, 'userAgent' | 'ip'>,
    passwordHash?: string,
    needsTwoFactor = false,
  ): Promise<SignedIn> {
    const cookieSecret = generateOpaqueSecret();
    const csrfToken = generateOpaqueSecret();
    const timestamp = clock.now();
    const expiresAt = isoFromNow(clock, ttlMs);
    await sessionsRepository.insert({
      id: sha256Hex(cookieSecret),
      user_id: user.id,
      csrf_token: csrfToken,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip?.slice(0, 64) ?? null,
      created_at: timestamp,
      last_seen_at: timestamp,
      expires_at: expiresAt,
      needs_two_factor: needsTwoFactor,
    });
    const rehashed = passwordHash ? { password_hash: passwordHash } : {};
    const updated = await usersRepository.update(user.id, { last_sign_in_at: timestamp, ...rehashed });
    return { user: updated ?? user, cookieSecret, csrfToken, expiresAt };
  }

  /**
   * THE decision of every local sign-in (password, a mailed sign-in link): a user with two-factor
   * sign-in gets a 5-minute challenge for the second step instead of a session; a user without it
   * gets a session, flagged to enrol first when an administrator requires two-factor sign-in.
   * Provider sign-ins (identitiesService → start) are not asked. `passwordHash`: as for open().
   */
  async function beginLocal(user: UserRow, client: Pick<SignInInput, 'userAgent' | 'ip'>, passwordHash?: string): Promise<LocalSignIn> {
    if (user.locked) throw new ForbiddenError(ACCOUNT_LOCKED, 'auth.account_locked');
    if (user.totp_enabled_at) {
      if (passwordHash) await usersRepository.update(user.id, { password_hash: passwordHash });
      const issued = await accountTokens.issue({ purpose: 'two-factor', userId: user.id, ttlMs: TWO_FACTOR_CHALLENGE_TTL_MS });
      return { status: 'two-factor', challenge: issued.secret, expiresAt: issued.expiresAt, userId: user.id };
    }
    const required = await settingsService.get('two_factor_required');
    return { status: 'signed-in', signedIn: await open(user, client, passwordHash, required) };
  }

  /** The account a login names: a username, or an email when it holds an `@` (any case). */
  function findAccount(login: string): Promise<UserRow | undefined> {
    return login.includes('@') ? usersRepository.findByEmail(login) : usersRepository.findByUsername(login);
  }

  return {
    /**
     * What the sign-in throttle counts a login as: the account it names, so its username and
     * its email share one count; a login that names no account counts as itself.
     */
    async guessKey(login: string): Promise<string> {
      const trimmed = login.trim();
      const user = trimmed === '' ? undefined : await findAccount(trimmed);
      return user ? `user:${user.id}` : `login:${trimmed.toLowerCase()}`;
    },

    beginLocal,

    /** The user a live second-step challenge belongs to (to count wrong codes against), or undefined. */
    async challengeUser(challenge: string): Promise<number | undefined> {
      return (await accountTokens.peek('two-factor', challenge))?.userId ?? undefined;
    },

    /** Ends a challenge (too many wrong codes). */
    async voidChallenge(challenge: string): Promise<void> {
      await accountTokens.consume('two-factor', challenge);
    },

    /** The second step: the challenge and a code from the app or a recovery code open the session. */
    async completeTwoFactor(input: TwoFactorInput, client: Pick<SignInInput, 'userAgent' | 'ip'>): Promise<SignedIn> {
      const token = await accountTokens.peek('two-factor', input.challenge);
      const user = token?.userId ? await usersRepository.findById(token.userId) : undefined;
      if (!token || !user) throw new UnauthorizedError(CHALLENGE_EXPIRED, 'auth.two_factor_challenge_expired');
      if (user.locked) throw new ForbiddenError(ACCOUNT_LOCKED, 'auth.account_locked');
      if (!(await twoFactorService.verify(user, input))) {
        throw new UnauthorizedError('The code is wrong or was already used', 'auth.two_factor_code_wrong');
      }
      // Used once: of two requests racing with good codes, one gets the session.
      if (!(await accountTokens.consume('two-factor', input.challenge))) {
        throw new UnauthorizedError(CHALLENGE_EXPIRED, 'auth.two_factor_challenge_expired');
      }
      return open(user, client);
    },

    async signIn(input: SignInInput): Promise<LocalSignIn> {
      const errors: FieldErrors = {};
      if (input.login.trim() === '') errors.login = [BLANK];
      if (input.password === '') errors.password = [BLANK];
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const login = input.login.trim();
      const user = await findAccount(login);
      // Verify even for an unknown login, so the answer takes as long either way.
      const valid = await verifyPassword(input.password, user?.password_hash ?? UNUSABLE_PASSWORD_HASH);
      if (!user || !valid) throw new UnauthorizedError('Invalid username, email or password', 'auth.invalid_credentials');
      if (user.locked) throw new ForbiddenError(ACCOUNT_LOCKED, 'auth.account_locked');
      if (user.email_confirmed_at === null) throw new ForbiddenError(EMAIL_UNCONFIRMED, 'auth.email_unconfirmed');
      // A Zealot user's bcrypt hash becomes scrypt at the first sign-in (never bcrypt again).
      return beginLocal(user, input, needsRehash(user.password_hash) ? await hashPassword(input.password) : undefined);
    },

    /**
     * Signs in a local account that has just been created (sign-up, an accepted invitation) without asking its password
     * again: flagged to set up two-factor sign-in first when an administrator requires it, as a password sign-in is.
     */
    async startLocal(userId: number, client: Pick<SignInInput, 'userAgent' | 'ip'>): Promise<SignedIn> {
      const user = await usersRepository.findById(userId);
      if (!user) throw new UnauthorizedError('Invalid username, email or password', 'auth.invalid_credentials');
      if (user.locked) throw new ForbiddenError(ACCOUNT_LOCKED, 'auth.account_locked');
      const required = !user.totp_enabled_at && (await settingsService.get('two_factor_required'));
      return open(user, client, undefined, required);
    },

    /** Signs in an account a sign-in provider vouched for (never asked for a second factor: that is the provider's). */
    async start(userId: number, client: Pick<SignInInput, 'userAgent' | 'ip'>): Promise<SignedIn> {
      const user = await usersRepository.findById(userId);
      if (!user) throw new UnauthorizedError('Invalid username, email or password', 'auth.invalid_credentials');
      if (user.locked) throw new ForbiddenError(ACCOUNT_LOCKED, 'auth.account_locked');
      return open(user, client);
    },

    /**
     * The live session and its user for a cookie value, or null. Slides the expiry forward;
     * `refreshed` says it moved, so the cookie should be sent again with the new expiry.
     */
    async resolve(cookieSecret: string): Promise<{ session: SessionRow; user: UserRow; refreshed: boolean } | null> {
      if (cookieSecret.length === 0 || cookieSecret.length > 200) return null;
      const session = await sessionsRepository.findById(sha256Hex(cookieSecret));
      if (!session) return null;
      const timestamp = clock.now();
      if (session.expires_at <= timestamp) {
        await sessionsRepository.delete(session.id);
        return null;
      }
      const user = await usersRepository.findById(session.user_id);
      if (!user) return null;
      if (Date.parse(timestamp) - Date.parse(session.last_seen_at) >= TOUCH_INTERVAL_MS) {
        const expiresAt = isoFromNow(clock, ttlMs);
        await sessionsRepository.touch(session.id, timestamp, expiresAt);
        session.last_seen_at = timestamp;
        session.expires_at = expiresAt;
        return { session, user, refreshed: true };
      }
      return { session, user, refreshed: false };
    },

    async signOut(sessionId: string): Promise<void> {
      await sessionsRepository.delete(sessionId);
    },

    sweepExpired: () => sessionsRepository.deleteExpired(clock.now()),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
