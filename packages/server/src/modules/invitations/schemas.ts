import { Type } from 'typebox';
import type { Static } from 'typebox';
import { DateTime, PaginationQuery, StringEnum } from '../../http/schemas.ts';
import { EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX } from '../users/fns.ts';
import { LOCALES, USER_ROLES } from '../users/types.ts';
import { INVITATION_STATES, INVITATION_TTL_DAYS } from './fns.ts';
import type { Invitation } from './service.ts';

const collaboratorRole = StringEnum(['member', 'developer', 'admin'] as const, { description: 'The role on the app.' });
const Key = Type.String({ minLength: 1, maxLength: 200, description: 'The `key` of the mailed link.' });

export const InvitationResponse = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String({ description: 'The invited address; the account made by accepting has it.' }),
    role: StringEnum(USER_ROLES, { description: 'The global role of the account made by accepting.' }),
    memberships: Type.Array(
      Type.Object({
        app_id: Type.Integer(),
        app_name: Type.Union([Type.String(), Type.Null()], { description: 'Null when the app was deleted since.' }),
        role: collaboratorRole,
      }),
      { description: 'The apps accepting joins, with the role on each.' },
    ),
    invited_by: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()], {
      description: 'Who invited; null when that account was deleted.',
    }),
    state: StringEnum(INVITATION_STATES, { description: 'pending until accepted, revoked or expired.' }),
    expires_at: DateTime(`When the link stops working (${INVITATION_TTL_DAYS} days after sending or resending).`),
    accepted_at: Type.Union([DateTime('When it was accepted.'), Type.Null()]),
    accepted_user_id: Type.Union([Type.Integer({ description: 'The account that accepted.' }), Type.Null()]),
    revoked_at: Type.Union([DateTime('When it was revoked.'), Type.Null()]),
    created_at: DateTime('When it was first sent.'),
  },
  { $id: 'Invitation', description: 'An invitation by email.' },
);
export type InvitationResponse = Static<typeof InvitationResponse>;

export function toInvitationResponse(invitation: Invitation): InvitationResponse {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    memberships: invitation.memberships.map((m) => ({ app_id: m.appId, app_name: m.appName, role: m.role })),
    invited_by: invitation.invitedBy,
    state: invitation.state,
    expires_at: invitation.expiresAt,
    accepted_at: invitation.acceptedAt,
    accepted_user_id: invitation.acceptedUserId,
    revoked_at: invitation.revokedAt,
    created_at: invitation.createdAt,
  };
}

export const SentInvitationResponse = Type.Object(
  {
    invitation: InvitationResponse,
    mail_sent: Type.Boolean({ description: 'Whether the mail server took the message (false: try resending later).' }),
  },
  { description: 'The invitation and whether its mail went out.' },
);

export const CreateInvitationBody = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX, description: 'The address to invite.' }),
    role: Type.Optional(StringEnum(USER_ROLES, {
      description: "The new account's role: default_role when omitted; an app's administrator may give member or developer, at most their own.",
    })),
    memberships: Type.Optional(Type.Array(
      Type.Object({ app_id: Type.Integer({ minimum: 1, maximum: 2147483647 }), role: collaboratorRole }, { additionalProperties: false }),
      { maxItems: 50, description: "Apps to join on accepting; an app's administrator must give at least one of their apps." },
    )),
    locale: Type.Optional(StringEnum(LOCALES, { description: "The mail's language; the server's default when omitted." })),
  },
  { additionalProperties: false },
);

export const ListInvitationsQuery = Type.Object({
  ...PaginationQuery.properties,
  state: Type.Optional(StringEnum(INVITATION_STATES, { description: 'Only invitations in this state.' })),
});

export const LookupQuery = Type.Object({ key: Key });

export const LookupResponse = Type.Object(
  {
    email: Type.String(),
    role: StringEnum(USER_ROLES),
    inviter: Type.Union([Type.String(), Type.Null()], { description: "The inviter's username." }),
    apps: Type.Array(Type.String(), { description: 'The names of the apps accepting joins.' }),
    expires_at: DateTime('When the link stops working.'),
    account_exists: Type.Boolean({ description: 'The address has an account: sign in to it, then accept.' }),
  },
  { description: 'What the accept page shows.' },
);

export const AcceptInvitationBody = Type.Object(
  {
    key: Key,
    username: Type.Optional(Type.String({ maxLength: USERNAME_MAX, description: 'For a new account.' })),
    password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX, description: 'For a new account.' })),
    locale: Type.Optional(StringEnum(LOCALES, { description: "The new account's language." })),
  },
  { additionalProperties: false },
);
