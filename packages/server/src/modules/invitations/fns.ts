// Pure rules of invitations: their state, their memberships JSON, and who may invite how.
import type { InvitationRow } from '../../db/types.ts';
import type { CollaboratorRole, UserRole } from '../../auth/policy.ts';

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;

export interface Membership {
  appId: number;
  role: CollaboratorRole;
}

export function invitationState(row: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>, now: string): InvitationState {
  if (row.accepted_at !== null) return 'accepted';
  if (row.revoked_at !== null) return 'revoked';
  return new Date(row.expires_at).getTime() > new Date(now).getTime() ? 'pending' : 'expired';
}

/** The stored JSON, always written the same way (the repository finds an app by its text). */
export function membershipsJson(memberships: Membership[]): string {
  return JSON.stringify(memberships.map((m) => ({ app_id: m.appId, role: m.role })));
}

export function parseMemberships(text: string): Membership[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: { app_id?: unknown; role?: unknown }) =>
      typeof item.app_id === 'number' && (item.role === 'member' || item.role === 'developer' || item.role === 'admin')
        ? [{ appId: item.app_id, role: item.role }]
        : []);
  } catch {
    return [];
  }
}

const RANK: Record<UserRole, number> = { member: 0, developer: 1, admin: 2 };

/** Whether `role` is at most `than` (member < developer < admin). */
export function roleAtMost(role: UserRole, than: UserRole): boolean {
  return RANK[role] <= RANK[than];
}

/** One entry per app (the last role given wins). */
export function uniqueMemberships(memberships: Membership[]): Membership[] {
  return [...new Map(memberships.map((m) => [m.appId, m])).values()];
}
