// The one way services ask the policy about an app: with the caller's membership, before
// anything about the app is loaded or changed. Apps, schemes, channels, collaborators (and
// releases) all go through assertOnApp, so "not a collaborator" is 404 everywhere.
import { decideOnApp, forbidden } from '../../auth/policy.ts';
import type { Actor, AppAction, CollaboratorRole, Membership } from '../../auth/policy.ts';
import { NotFoundError, RECORD_NOT_FOUND } from '../../errors.ts';

export const COLLABORATOR_ROLES = ['member', 'developer', 'admin'] as const satisfies readonly CollaboratorRole[];

/** A membership row (its `owner` flag is 0/1 on SQLite) as the policy reads it. */
export function toMembership(row: { role: CollaboratorRole; owner: boolean | number } | undefined | null): Membership | null {
  return row ? { role: row.role, owner: Boolean(row.owner) } : null;
}

/** Throws NotFoundError (not a collaborator) or ForbiddenError (a collaborator without the right). */
export function assertOnApp(actor: Actor, membership: Membership | null, action: AppAction): void {
  const decision = decideOnApp(actor, membership, action);
  if (decision === 'hidden') throw new NotFoundError(RECORD_NOT_FOUND, 'collaborator.not_found');
  if (decision === 'forbidden') throw forbidden(action);
}

/** Whether the caller may see channel keys on this app (collaborator developers and admins, global admins). */
export function canReadKeys(actor: Actor, membership: Membership | null): boolean {
  return decideOnApp(actor, membership, 'channel:read-key') === 'allow';
}
