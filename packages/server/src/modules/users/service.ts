// The rules for user accounts: who may see and change them, what a valid account is, and
// the guards that keep an installation administrable (the last admin cannot be demoted,
// locked or deleted; nobody locks or deletes themselves).
import { can, forbidden } from '../../auth/policy.ts';
import type { Action, Actor } from '../../auth/policy.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/types.ts';
import { BLANK, ConflictError, fieldIssue, NotFoundError, RECORD_NOT_FOUND, TAKEN, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { SessionsRepository } from '../sessions/repository.ts';
import { checkUserFields } from './fns.ts';
import type { UsersRepository } from './repository.ts';
import { siteLocale } from '../../shared/site-locale.ts';
import type { SiteLocaleSource } from '../../shared/site-locale.ts';
import type { CreateUserInput, ListUsersInput, Locale, UpdateProfileInput, UpdateUserInput, User, UserRole } from './types.ts';
import type { Page } from '../../shared/page.ts';


/** The answer to a wrong current_password; the routes count these (auth/attempts.ts). */
export const CURRENT_PASSWORD_WRONG = fieldIssue('password_wrong', 'is not correct');
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    locale: row.locale,
    appearance: row.appearance,
    timezone: row.timezone,
    locked: Boolean(row.locked),
    lockedAt: row.locked_at,
    lastSignInAt: row.last_sign_in_at,
    twoFactorEnabled: row.totp_enabled_at !== null && row.totp_enabled_at !== undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface Deps {
  usersRepository: UsersRepository;
  sessionsRepository: Pick<SessionsRepository, 'deleteForUser'>;
  /** The language of an account made without one: the default_locale setting (shared/site-locale.ts). */
  defaultLocale: SiteLocaleSource;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
}

export type NewAccount = Omit<CreateUserInput, 'actor'>;

const SELF_LOCK_MESSAGE = 'You cannot lock your own account';

export function createUsersService({ usersRepository, sessionsRepository, defaultLocale, clock }: Deps) {
  function assertCan(actor: Actor, action: Action): void {
    if (!can(actor, action)) throw forbidden(action);
  }

  async function load(id: number): Promise<UserRow> {
    const row = await usersRepository.findById(id);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'user.not_found');
    return row;
  }

  /** Username and email must be unique, ignoring case; `exceptId` is the user being edited. */
  async function assertUnique(fields: { username?: string | undefined; email?: string | undefined }, exceptId?: number) {
    const errors: FieldErrors = {};
    if (fields.username) {
      const other = await usersRepository.findByUsername(fields.username);
      if (other && other.id !== exceptId) errors.username = [TAKEN];
    }
    if (fields.email) {
      const other = await usersRepository.findByEmail(fields.email);
      if (other && other.id !== exceptId) errors.email = [TAKEN];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  /** Whether removing `row` from the active admins would leave none. */
  async function isLastActiveAdmin(row: UserRow): Promise<boolean> {
    if (row.role !== 'admin' || Boolean(row.locked)) return false;
    return (await usersRepository.countActiveAdmins()) <= 1;
  }

  /**
   * A guarded change found nothing to change: the user is gone (404), or became the last
   * active administrator after isLastActiveAdmin looked, through a concurrent request (409).
   */
  async function refusedChange(id: number, lastAdminMessage: string): Promise<never> {
    if (!(await usersRepository.findById(id))) throw new NotFoundError(RECORD_NOT_FOUND, 'user.not_found');
    throw new ConflictError(lastAdminMessage, 'user.last_admin');
  }

  /**
   * Creates an account without a permission check: for the CLI, the first-start bootstrap, sign-up
   * and invitations. Its email counts as confirmed unless `unconfirmed` (a sign-up waiting for its mail).
   */
  async function createAccount(input: NewAccount, options: { unconfirmed?: boolean } = {}): Promise<User> {
    const { errors, values } = checkUserFields(input, ['username', 'email', 'password']);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    await assertUnique(values);
    const passwordHash = await hashPassword(values.password!);
    const timestamp = clock.now();
    try {
      const row = await usersRepository.insert({
        username: values.username!,
        email: values.email!,
        password_hash: passwordHash,
        role: (values.role as UserRole | undefined) ?? 'member',
        locale: (values.locale as Locale | undefined) ?? (await siteLocale(defaultLocale)),
        appearance: (values.appearance as User['appearance'] | undefined) ?? 'auto',
        timezone: values.timezone ?? 'Etc/UTC',
        locked: false,
        email_confirmed_at: options.unconfirmed ? null : timestamp,
        created_at: timestamp,
        updated_at: timestamp,
      });
      return toUser(row);
    } catch (error) {
      // Two requests raced past assertUnique; the unique index decided.
      await assertUnique(values);
      throw error;
    }
  }

  /** Locks the account (not one's own, not the last active administrator) and signs it out everywhere. */
  async function lockAccount(actor: Actor, id: number): Promise<User> {
    assertCan(actor, 'users:manage');
    const row = await load(id);
    if (row.id === actor.userId) throw new ConflictError(SELF_LOCK_MESSAGE, 'user.self_lock');
    const lastAdminMessage = 'This is the only active administrator and cannot be locked';
    if (await isLastActiveAdmin(row)) throw new ConflictError(lastAdminMessage, 'user.last_admin');
    const timestamp = clock.now();
    const updated = row.locked
      ? row
      : await usersRepository.updateUnlessLastAdmin(row.id, { locked: true, locked_at: timestamp, updated_at: timestamp });
    if (!updated) return refusedChange(row.id, lastAdminMessage);
    await sessionsRepository.deleteForUser(row.id);
    return toUser(updated);
  }

  async function unlockAccount(actor: Actor, id: number): Promise<User> {
    assertCan(actor, 'users:manage');
    const row = await load(id);
    const updated = row.locked
      ? await usersRepository.update(row.id, { locked: false, locked_at: null, updated_at: clock.now() })
      : row;
    if (!updated) throw new NotFoundError(RECORD_NOT_FOUND, 'user.not_found');
    return toUser(updated);
  }

  return {
    createAccount,

    /** Refuses a caller who may not manage users, before anything is read or validated. */
    assertCanManageUsers(actor: Actor): void {
      assertCan(actor, 'users:manage');
    },

    async create(input: CreateUserInput): Promise<User> {
      assertCan(input.actor, 'users:manage');
      const { actor: _actor, ...account } = input;
      return createAccount(account);
    },

    async get(actor: Actor, id: number): Promise<User> {
      assertCan(actor, 'users:manage');
      return toUser(await load(id));
    },

    async list(input: ListUsersInput): Promise<Page<User>> {
      assertCan(input.actor, 'users:manage');
      const filter = { query: input.query?.trim() || undefined, role: input.role };
      const [rows, total] = await Promise.all([
        usersRepository.list(filter, input.perPage, (input.page - 1) * input.perPage),
        usersRepository.count(filter),
      ]);
      return { items: rows.map(toUser), total, page: input.page, perPage: input.perPage };
    },

    async findByEmail(actor: Actor, email: string): Promise<User> {
      assertCan(actor, 'users:manage');
      if (email.trim() === '') throw new ValidationError({ email: [BLANK] });
      const row = await usersRepository.findByEmail(email.trim());
      if (!row) throw new NotFoundError('User not found', 'user.not_found');
      return toUser(row);
    },

    async update(input: UpdateUserInput): Promise<User> {
      assertCan(input.actor, 'users:manage');
      const row = await load(input.id);
      const { errors, values } = checkUserFields(input);
      for (const field of ['username', 'email'] as const) {
        if (input[field] !== undefined && input[field].trim() === '') errors[field] = [BLANK];
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      // Refused before anything changes: the edit is all or nothing for one's own account.
      if (input.locked === true && row.id === input.actor.userId) throw new ConflictError(SELF_LOCK_MESSAGE, 'user.self_lock');
      if (input.locked === true && (await isLastActiveAdmin(row))) throw new ConflictError('This is the only active administrator and cannot be locked', 'user.last_admin');
      await assertUnique(values, row.id);
      const demotes = values.role !== undefined && values.role !== 'admin';
      const lastAdminMessage = 'This is the only active administrator; make another user an administrator first';
      if (demotes && (await isLastActiveAdmin(row))) throw new ConflictError(lastAdminMessage, 'user.last_admin');
      const passwordHash = values.password ? await hashPassword(values.password) : undefined;
      const changes = {
        username: values.username,
        email: values.email,
        role: values.role as UserRole | undefined,
        locale: values.locale as Locale | undefined,
        appearance: values.appearance as User['appearance'] | undefined,
        timezone: values.timezone,
        password_hash: passwordHash,
        updated_at: clock.now(),
      };
      // A demotion checks again in the same statement as it writes: two admins demoting
      // themselves at once must not leave none.
      const updated = demotes
        ? await usersRepository.updateUnlessLastAdmin(row.id, changes)
        : await usersRepository.update(row.id, changes);
      if (!updated) return refusedChange(row.id, lastAdminMessage);
      // A new password signs the account out everywhere else.
      if (passwordHash) await sessionsRepository.deleteForUser(row.id);
      if (input.locked === undefined || input.locked === Boolean(updated.locked)) return toUser(updated);
      return input.locked ? lockAccount(input.actor, row.id) : unlockAccount(input.actor, row.id);
    },

    async delete(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'users:manage');
      const row = await load(id);
      if (row.id === actor.userId) throw new ConflictError('You cannot delete your own account', 'user.self_delete');
      const lastAdminMessage = 'This is the only active administrator and cannot be deleted';
      if (await isLastActiveAdmin(row)) throw new ConflictError(lastAdminMessage, 'user.last_admin');
      if (!(await usersRepository.deleteUnlessLastAdmin(row.id))) await refusedChange(row.id, lastAdminMessage);
    },

    lock: lockAccount,
    unlock: unlockAccount,

    async getSelf(actor: Actor): Promise<User> {
      assertCan(actor, 'self:manage');
      return toUser(await load(actor.userId));
    },

    async updateProfile(input: UpdateProfileInput): Promise<User> {
      assertCan(input.actor, 'self:manage');
      const row = await load(input.actor.userId);
      const { errors, values } = checkUserFields(input);
      for (const field of ['username', 'email'] as const) {
        if (input[field] !== undefined && input[field].trim() === '') errors[field] = [BLANK];
      }
      if (input.password !== undefined && input.password !== '') {
        if (!input.currentPassword) errors.current_password = [fieldIssue('blank', "can't be blank when changing the password")];
        else if (!(await verifyPassword(input.currentPassword, row.password_hash))) errors.current_password = [CURRENT_PASSWORD_WRONG];
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      await assertUnique(values, row.id);
      const passwordHash = values.password ? await hashPassword(values.password) : undefined;
      const updated = await usersRepository.update(row.id, {
        username: values.username,
        email: values.email,
        locale: values.locale as Locale | undefined,
        appearance: values.appearance as User['appearance'] | undefined,
        timezone: values.timezone,
        password_hash: passwordHash,
        updated_at: clock.now(),
      });
      if (!updated) throw new NotFoundError(RECORD_NOT_FOUND, 'user.not_found');
      // A new password signs the account out of every other browser; this one stays.
      if (passwordHash) await sessionsRepository.deleteForUser(row.id, input.currentSessionId);
      return toUser(updated);
    },

    /** Sets a new password without the old one: for `tarmac user reset-password`. */
    async resetPassword(username: string, password: string): Promise<User> {
      const row = (await usersRepository.findByUsername(username)) ?? (await usersRepository.findByEmail(username));
      if (!row) throw new NotFoundError(`No user named "${username}"`, 'user.not_found', { username });
      const { errors, values } = checkUserFields({ password }, ['password']);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const passwordHash = await hashPassword(values.password!);
      const updated = await usersRepository.update(row.id, { password_hash: passwordHash, updated_at: clock.now() });
      await sessionsRepository.deleteForUser(row.id);
      return toUser(updated!);
    },

    countUsers: () => usersRepository.countAll(),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
