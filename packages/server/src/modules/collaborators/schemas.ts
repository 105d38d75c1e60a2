import { Type } from 'typebox';
import type { Static } from 'typebox';
import { StringEnum } from '../../http/schemas.ts';
import { EMAIL_MAX, USERNAME_MAX } from '../users/fns.ts';
import { COLLABORATOR_ROLES } from './fns.ts';
import type { Collaborator } from './types.ts';

const ID_MAX = 2147483647;
const role = StringEnum(COLLABORATOR_ROLES, {
  description: 'member reads the app; developer also uploads builds, edits releases and sees channel keys; admin also manages the app, its schemes, channels and collaborators.',
});

export const CollaboratorResponse = Type.Object(
  {
    id: Type.Integer({ description: "The collaborator's user id." }),
    username: Type.String(),
    email: Type.String(),
    role,
    owner: Type.Boolean({ description: "Whether this user owns the app: an admin who cannot be removed or demoted until ownership is transferred." }),
  },
  { $id: 'Collaborator', description: 'A member of the app\'s team and their role on it.' },
);
export type CollaboratorResponse = Static<typeof CollaboratorResponse>;

export function toCollaboratorResponse(collaborator: Collaborator): CollaboratorResponse {
  return {
    id: collaborator.userId,
    username: collaborator.username,
    email: collaborator.email,
    role: collaborator.role,
    owner: collaborator.owner,
  };
}

export const CollaboratorParams = Type.Object({
  app_id: Type.Integer({ minimum: 1, maximum: ID_MAX, description: 'App id.' }),
  user_id: Type.Integer({ minimum: 1, maximum: ID_MAX, description: "The collaborator's user id." }),
});

export const AddCollaboratorBody = Type.Object({
  user_id: Type.Optional(Type.Integer({ minimum: 1, maximum: ID_MAX, description: 'The user to add. Optional when email or username names them.' })),
  email: Type.Optional(Type.String({ maxLength: EMAIL_MAX, description: "The user's email address (any case), when user_id is not given." })),
  username: Type.Optional(Type.String({ maxLength: USERNAME_MAX, description: "The user's username (any case), when neither user_id nor email is given." })),
  role,
});

export const UpdateCollaboratorBody = Type.Object({ role });

export const CANDIDATES_DEFAULT = 10;
export const CANDIDATES_MAX = 50;

export const CandidatesQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: Math.max(EMAIL_MAX, USERNAME_MAX),
      description: 'A whole email, or the first 3 or more characters of a username; any case. Shorter (or absent) is a 422: this never lists everyone.',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: CANDIDATES_MAX, default: CANDIDATES_DEFAULT, description: `At most this many users, 1 to ${CANDIDATES_MAX}.` }),
  ),
});

export const CollaboratorCandidateResponse = Type.Object(
  {
    id: Type.Integer({ description: "The user's id: pass it as user_id to add them." }),
    username: Type.String(),
    email: Type.String(),
  },
  { description: 'A user who could join the team.' },
);
