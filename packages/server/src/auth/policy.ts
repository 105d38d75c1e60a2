// The permission policy: roles as data and one pure function. Every service asks `can`
// before it loads or changes anything. Later issues add per-app collaborator roles here.
import type { UserRole } from '../modules/users/types.ts';

export type Action =
  /** List, read, create, update, lock, unlock and delete any user account. */
  | 'users:manage'
  /** Read and change one's own profile, password and personal access tokens. */
  | 'self:manage';

export interface Actor {
  userId: number;
  role: UserRole;
}

const grants: Record<UserRole, readonly Action[]> = {
  member: ['self:manage'],
  developer: ['self:manage'],
  admin: ['self:manage', 'users:manage'],
};

export function can(actor: Actor, action: Action): boolean {
  return grants[actor.role].includes(action);
}

export const forbiddenMessages: Record<Action, string> = {
  'users:manage': 'Only administrators can manage users',
  'self:manage': 'You cannot change this account',
};
