import type { Actor, CollaboratorRole } from '../../auth/policy.ts';

/** A user on an app's team. */
export interface Collaborator {
  userId: number;
  username: string;
  email: string;
  role: CollaboratorRole;
  /** The app's owner: an admin who cannot be removed or demoted; ownership moves only by transfer. */
  owner: boolean;
}

/** The user is named by id, email or username; the first one given wins. */
export interface AddCollaboratorInput {
  actor: Actor;
  appId: number;
  userId?: number | undefined;
  email?: string | undefined;
  username?: string | undefined;
  role: CollaboratorRole;
}

export interface UpdateCollaboratorInput {
  actor: Actor;
  appId: number;
  userId: number;
  role: CollaboratorRole;
}

/** A user who could join an app's team: unlocked and not on it yet. */
export interface CollaboratorCandidate {
  id: number;
  username: string;
  email: string;
}
