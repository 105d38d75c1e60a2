// Two-factor sign-in of local accounts with TOTP (auth/totp.ts): setup leaves a pending secret
// that a first code confirms; confirming answers ten recovery codes, shown once. Turning it off or
// making new recovery codes asks for the password (an API token alone cannot), turning it off also
// for a code. An administrator can reset it (a lost phone). `verify` is the second step of a
// sign-in: a TOTP code works once (the step is claimed atomically), a recovery code too.
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../auth/passwords.ts';
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import { generateTotpSecret, matchTotp, otpauthUri } from '../../auth/totp.ts';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/types.ts';
import { BLANK, ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UsersRepository } from '../users/repository.ts';
import { CODE_WRONG, generateRecoveryCodes, PASSWORD_WRONG, recoveryCodeHash } from './fns.ts';
import type { TwoFactorRepository } from './repository.ts';

export { CODE_WRONG, PASSWORD_WRONG } from './fns.ts';

export interface TwoFactorDeps {
  twoFactorRepository: TwoFactorRepository;
  usersRepository: Pick<UsersRepository, 'findById' | 'findByUsername' | 'findByEmail'>;
  settingsService: Pick<SettingsService, 'get'>;
  /** Seals the TOTP secrets (createSecretBox(config.secretKey, [], 'tarmac totp secret v1')), made on first use. */
  secretBox: () => Promise<SecretBox>;
  /** The issuer authenticator apps list the account under (fns.ts totpIssuer). */
  issuer: string;
  clock: Clock;
}

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  required: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
}

/** A second factor as sent: a code from the app, or a recovery code. */
export interface SecondFactor {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

export function createTwoFactorService({ twoFactorRepository, usersRepository, settingsService, issuer, clock, ...deps }: TwoFactorDeps) {
  let box: Promise<SecretBox> | undefined;
  const secretBox = () => (box ??= deps.secretBox());

  async function load(userId: number): Promise<UserRow> {
    const user = await usersRepository.findById(userId);
    if (!user) throw new NotFoundError();
    return user;
  }

  /** Refuses a missing or wrong password (a provider-made account has none: 409). */
  async function checkPassword(user: UserRow, password: string): Promise<void> {
    if (user.password_hash === UNUSABLE_PASSWORD_HASH) {
      throw new ConflictError('This account signs in through a provider and has no password, so it cannot use two-factor sign-in', 'two_factor.no_password');
    }
    if (password === '') throw new ValidationError({ password: [BLANK] });
    if (!(await verifyPassword(password, user.password_hash))) throw new ValidationError({ password: [PASSWORD_WRONG] });
  }

  /** Whether the code matches the user's secret now, claiming its step so it cannot be used again. */
  async function claimTotp(user: UserRow, code: string): Promise<boolean> {
    if (!user.totp_secret) return false;
    const step = matchTotp((await secretBox()).decrypt(user.totp_secret), code, clock.nowMs(), user.totp_last_step);
    return step !== null && (await twoFactorRepository.claimStep(user.id, step));
  }

  /** The second factor: a TOTP code or an unused recovery code of a user with two-factor sign-in on. */
  async function verify(user: UserRow, factor: SecondFactor): Promise<boolean> {
    if (!user.totp_enabled_at) return false;
    if (factor.code !== undefined && factor.code !== '') return claimTotp(user, factor.code);
    if (factor.recoveryCode !== undefined && factor.recoveryCode !== '') {
      return twoFactorRepository.useRecoveryCode(user.id, recoveryCodeHash(factor.recoveryCode), clock.now());
    }
    return false;
  }

  async function newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = generateRecoveryCodes();
    await twoFactorRepository.replaceRecoveryCodes(userId, codes.map(recoveryCodeHash), clock.now());
    return codes;
  }

  function assertEnabled(user: UserRow): void {
    if (!user.totp_enabled_at) throw new ConflictError('Two-factor sign-in is off for this account', 'two_factor.not_enabled');
  }

  async function clear(userId: number): Promise<void> {
    await twoFactorRepository.setTotp(userId, { totp_secret: null, totp_enabled_at: null, totp_last_step: null }, clock.now());
    await twoFactorRepository.replaceRecoveryCodes(userId, [], clock.now());
  }

  function assertCanReset(actor: Actor): void {
    if (!can(actor, 'users:manage')) throw forbidden('users:manage');
  }

  return {
    verify,
    assertCanReset,

    async status(userId: number): Promise<TwoFactorStatus> {
      const user = await load(userId);
      return {
        enabled: user.totp_enabled_at !== null,
        enabledAt: user.totp_enabled_at,
        recoveryCodesLeft: user.totp_enabled_at ? await twoFactorRepository.recoveryCodesLeft(userId) : 0,
        required: await settingsService.get('two_factor_required'),
      };
    },

    /** A new pending secret (replacing an earlier pending one) for the account's authenticator app. */
    async setup(userId: number, password: string): Promise<TwoFactorSetup> {
      const user = await load(userId);
      await checkPassword(user, password);
      if (user.totp_enabled_at) throw new ConflictError('Two-factor sign-in is already on: turn it off first', 'two_factor.already_enabled');
      const secret = generateTotpSecret();
      const pending = { totp_secret: (await secretBox()).encrypt(secret), totp_enabled_at: null, totp_last_step: null };
      await twoFactorRepository.setTotp(userId, pending, clock.now());
      return { secret, otpauthUri: otpauthUri({ issuer, account: user.username, secret }) };
    },

    /** Confirms the pending secret with a code from the app: two-factor sign-in is on; answers the recovery codes. */
    async enable(userId: number, code: string): Promise<string[]> {
      const user = await load(userId);
      if (user.totp_enabled_at) throw new ConflictError('Two-factor sign-in is already on: turn it off first', 'two_factor.already_enabled');
      if (!user.totp_secret) throw new ConflictError('No pending two-factor setup: start the setup first', 'two_factor.not_set_up');
      if (code.trim() === '') throw new ValidationError({ code: [BLANK] });
      if (!(await claimTotp(user, code))) throw new ValidationError({ code: [CODE_WRONG] });
      await twoFactorRepository.setTotp(userId, { totp_enabled_at: clock.now() }, clock.now());
      await twoFactorRepository.clearSessionFlag(userId);
      return newRecoveryCodes(userId);
    },

    /** Turns it off: the password and a current code (or a recovery code). */
    async disable(userId: number, password: string, factor: SecondFactor): Promise<void> {
      const user = await load(userId);
      assertEnabled(user);
      const errors: FieldErrors = {};
      if (password === '') errors.password = [BLANK];
      if (!factor.code && !factor.recoveryCode) errors.code = [BLANK];
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      await checkPassword(user, password);
      if (!(await verify(user, factor))) throw new ValidationError({ [factor.code ? 'code' : 'recovery_code']: [CODE_WRONG] });
      await clear(userId);
    },

    /** New recovery codes (the old ones stop working): the password. */
    async regenerateRecoveryCodes(userId: number, password: string): Promise<string[]> {
      const user = await load(userId);
      assertEnabled(user);
      await checkPassword(user, password);
      return newRecoveryCodes(userId);
    },

    /** The server's operator turns an account's two-factor sign-in off (`tarmac user reset-two-factor`): the last admin's lost phone. */
    async resetByLogin(login: string): Promise<UserRow> {
      const user = (await usersRepository.findByUsername(login)) ?? (await usersRepository.findByEmail(login));
      if (!user) throw new NotFoundError(`No user named "${login}"`, 'user.not_found', { username: login });
      await clear(user.id);
      return load(user.id);
    },

    /** An administrator turns a user's two-factor sign-in off (the phone is lost); the password stays. */
    async reset(actor: Actor, userId: number): Promise<UserRow> {
      assertCanReset(actor);
      await load(userId);
      await clear(userId);
      return load(userId);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
