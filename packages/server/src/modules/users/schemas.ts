import { Type } from 'typebox';
import type { Static } from 'typebox';
import { DateTime, PaginationQuery, StringEnum } from '../../http/schemas.ts';
import { EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX } from './fns.ts';
import { APPEARANCES, LOCALES, USER_ROLES } from './types.ts';
import type { User } from './types.ts';


export const UserResponse = Type.Object(
  {
    id: Type.Integer({ description: 'User id.' }),
    username: Type.String({ description: 'Display and sign-in name.' }),
    email: Type.String({ description: 'Email address, also usable to sign in.' }),
    role: StringEnum(USER_ROLES, { description: 'Global role.' }),
    locale: StringEnum(LOCALES, { description: 'Interface language.' }),
    appearance: StringEnum(APPEARANCES, { description: 'Colour scheme; auto follows the system.' }),
    timezone: Type.String({ description: 'IANA time zone used to show dates.' }),
    locked: Type.Boolean({ description: 'A locked user can neither sign in nor use tokens; their data stays.' }),
    locked_at: Type.Union([DateTime('When the user was locked.'), Type.Null()]),
    last_sign_in_at: Type.Union([DateTime('Last web sign-in.'), Type.Null()]),
    two_factor_enabled: Type.Boolean({ description: 'Whether signing in with the password asks for a code from an authenticator app.' }),
    created_at: DateTime('Creation time.'),
    updated_at: DateTime('Last change.'),
  },
  { $id: 'User', description: 'A user account.' },
);
export type UserResponse = Static<typeof UserResponse>;

export function toUserResponse(user: User): UserResponse {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    locale: user.locale,
    appearance: user.appearance,
    timezone: user.timezone,
    locked: user.locked,
    locked_at: user.lockedAt,
    last_sign_in_at: user.lastSignInAt,
    two_factor_enabled: user.twoFactorEnabled,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

const username = Type.String({ maxLength: USERNAME_MAX, description: `2 to ${USERNAME_MAX} characters, no spaces and no "@".` });
const email = Type.String({ maxLength: EMAIL_MAX, description: 'Email address, unique.' });
const password = Type.String({ maxLength: PASSWORD_MAX, description: `At least 8 and at most ${PASSWORD_MAX} characters.` });
const role = StringEnum(USER_ROLES, { description: 'Global role; member when omitted.' });
const locale = StringEnum(LOCALES, { description: 'Interface language.' });
const appearance = StringEnum(APPEARANCES, { description: 'Colour scheme.' });
const timezone = Type.String({ maxLength: 64, description: 'IANA time zone, e.g. Asia/Shanghai.' });

export const CreateUserBody = Type.Object({
  username,
  email,
  password,
  role: Type.Optional(role),
  locale: Type.Optional(locale),
  appearance: Type.Optional(appearance),
  timezone: Type.Optional(timezone),
});

export const UpdateUserBody = Type.Object({
  username: Type.Optional(username),
  email: Type.Optional(email),
  password: Type.Optional(
    Type.String({ maxLength: PASSWORD_MAX, description: 'A new password, set by the administrator (signs the user out everywhere); leave out or empty to keep it.' }),
  ),
  role: Type.Optional(role),
  locale: Type.Optional(locale),
  appearance: Type.Optional(appearance),
  timezone: Type.Optional(timezone),
  locked: Type.Optional(
    Type.Boolean({ description: 'Lock (signs the user out everywhere) or unlock, as POST /lock and DELETE /unlock do; not your own account.' }),
  ),
});

export const UpdateProfileBody = Type.Object({
  username: Type.Optional(username),
  email: Type.Optional(email),
  locale: Type.Optional(locale),
  appearance: Type.Optional(appearance),
  timezone: Type.Optional(timezone),
  password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX, description: 'A new password; needs current_password.' })),
  current_password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX, description: 'The current password, to change the password.' })),
});

export const ListUsersQuery = Type.Object({
  ...PaginationQuery.properties,
  q: Type.Optional(Type.String({ maxLength: 255, description: 'Part of a username or email, any case.' })),
  role: Type.Optional(role),
});

export const SearchUsersQuery = Type.Object({
  email: Type.String({ maxLength: EMAIL_MAX, description: 'The exact email address, any case.' }),
});

export const RegisterBody = Type.Object({
  username,
  email,
  password,
  locale: Type.Optional(locale),
  timezone: Type.Optional(timezone),
});
