import { USER_ROLES, type Actor, type UserRole } from '../../auth/policy.ts';

export { USER_ROLES, type UserRole };

export const LOCALES = ['en', 'zh-CN'] as const;
export const APPEARANCES = ['light', 'dark', 'auto'] as const;

export type Locale = (typeof LOCALES)[number];
export type Appearance = (typeof APPEARANCES)[number];

export interface User {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  locale: Locale;
  appearance: Appearance;
  timezone: string;
  locked: boolean;
  lockedAt: string | null;
  lastSignInAt: string | null;
  /** Whether a password sign-in asks for a second factor (modules/two-factor). */
  twoFactorEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CreateUserInput {
  actor: Actor;
  username: string;
  email: string;
  password: string;
  role?: UserRole | undefined;
  locale?: Locale | undefined;
  appearance?: Appearance | undefined;
  timezone?: string | undefined;
}

/** Sign-up: what a stranger may choose about their new account. */
export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  locale?: Locale | undefined;
  timezone?: string | undefined;
}

export interface UpdateUserInput {
  actor: Actor;
  id: number;
  username?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  role?: UserRole | undefined;
  locale?: Locale | undefined;
  appearance?: Appearance | undefined;
  timezone?: string | undefined;
  /** Lock or unlock with the same rules as the lock and unlock routes. */
  locked?: boolean | undefined;
}

export interface UpdateProfileInput {
  actor: Actor;
  username?: string | undefined;
  email?: string | undefined;
  locale?: Locale | undefined;
  appearance?: Appearance | undefined;
  timezone?: string | undefined;
  /** A new password needs the current one. */
  password?: string | undefined;
  currentPassword?: string | undefined;
  /** The web session making the change, kept signed in when the password changes. */
  currentSessionId?: string | undefined;
}

export interface ListUsersInput {
  actor: Actor;
  page: number;
  perPage: number;
  /** Matches username or email, case-insensitively. */
  query?: string | undefined;
  role?: UserRole | undefined;
}
