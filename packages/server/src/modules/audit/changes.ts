// What changed between two versions of a record, as an audit line's details: { key: { from, to } }.
import type { FastifyRequest } from 'fastify';

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The keys whose value differs, each with its old and new value. */
export function changesOf<T extends object>(before: T, after: T, keys: readonly (keyof T & string)[]): Changes {
  const changes: Changes = {};
  for (const key of keys) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

interface UserLike {
  id: number;
  username: string;
  email: string;
  role: string;
  locale: string;
  appearance: string;
  timezone: string;
  locked: boolean;
}

const PROFILE_KEYS = ['username', 'email', 'locale', 'appearance', 'timezone'] as const;

/** An account's change as lines: user.update (profile; a new password named, not shown), user.role_change, user.lock / user.unlock. */
export async function auditUserChange(request: FastifyRequest, before: UserLike, after: UserLike, passwordChanged: boolean): Promise<void> {
  const target = { type: 'user', id: after.id, name: after.username };
  const profile: Record<string, unknown> = changesOf(before, after, PROFILE_KEYS);
  // A new password is named, never shown (a key naming a password would be masked anyway).
  if (passwordChanged) profile['also_changed'] = ['password'];
  if (Object.keys(profile).length > 0) await request.audit('user.update', { target, details: profile });
  if (before.role !== after.role) await request.audit('user.role_change', { target, details: { role: { from: before.role, to: after.role } } });
  if (before.locked !== after.locked) await request.audit(after.locked ? 'user.lock' : 'user.unlock', { target });
}
