// SQL for invitations. Returns plain rows; no rules. Ending an invitation (accepted, revoked,
// re-keyed) checks in the same statement that it is still open, so two requests racing with one
// link or one revoke get it once.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { Database, InvitationRow, InvitationsTable } from '../../db/types.ts';
import type { Insertable } from 'kysely';
import type { InvitationState } from './fns.ts';

export interface InvitationFilter {
  state?: InvitationState | undefined;
  /** Only invitations sent by this user or bringing one of these apps (an app's administrator). */
  visibleTo?: { userId: number; appIds: number[] } | undefined;
}

export type InvitationListRow = InvitationRow & { inviter_username: string | null };

export function createInvitationsRepository(db: Kysely<Database>) {
  function filtered(executor: Executor, filter: InvitationFilter, now: string) {
    let qb = executor.selectFrom('invitations');
    const { state, visibleTo } = filter;
    if (state === 'accepted') qb = qb.where('invitations.accepted_at', 'is not', null);
    if (state === 'revoked') qb = qb.where('invitations.accepted_at', 'is', null).where('invitations.revoked_at', 'is not', null);
    if (state === 'pending' || state === 'expired') {
      qb = qb.where('invitations.accepted_at', 'is', null).where('invitations.revoked_at', 'is', null);
      qb = qb.where('invitations.expires_at', state === 'pending' ? '>' : '<=', now);
    }
    if (visibleTo) {
      // memberships is JSON written by this module ([{"app_id":3,"role":"member"}]), so an app is found by its text.
      qb = qb.where((eb) =>
        eb.or([
          eb('invitations.invited_by', '=', visibleTo.userId),
          ...visibleTo.appIds.map((id) => eb('invitations.memberships', 'like', `%"app_id":${id},%`)),
        ]),
      );
    }
    return qb;
  }

  return {
    insert(values: Insertable<InvitationsTable>, executor: Executor = db): Promise<InvitationRow> {
      return executor.insertInto('invitations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    findById(id: number, executor: Executor = db): Promise<InvitationRow | undefined> {
      return executor.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The open invitation of a key's hash: not accepted, revoked or expired. */
    findOpen(keyHash: string, now: string, executor: Executor = db): Promise<InvitationRow | undefined> {
      return executor
        .selectFrom('invitations')
        .selectAll()
        .where('key_hash', '=', keyHash)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Marks an open invitation accepted; undefined when it is not open any more (a second use, a race). */
    claim(id: number, now: string, executor: Executor = db): Promise<InvitationRow | undefined> {
      return executor
        .updateTable('invitations')
        .set({ accepted_at: now })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    /** Gives a claimed invitation back (the account could not be made after all). */
    async unclaim(id: number, executor: Executor = db): Promise<void> {
      await executor.updateTable('invitations').set({ accepted_at: null }).where('id', '=', id).execute();
    },

    async setAcceptedUser(id: number, userId: number, executor: Executor = db): Promise<void> {
      await executor.updateTable('invitations').set({ accepted_user_id: userId }).where('id', '=', id).execute();
    },

    /** Ends an invitation not yet accepted or revoked; false when it was. */
    async revoke(id: number, now: string, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('invitations')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A new key and expiry for an invitation not accepted or revoked (the old link stops working). */
    rekey(id: number, keyHash: string, expiresAt: string, executor: Executor = db): Promise<InvitationRow | undefined> {
      return executor
        .updateTable('invitations')
        .set({ key_hash: keyHash, expires_at: expiresAt })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    list(filter: InvitationFilter, now: string, limit: number, offset: number, executor: Executor = db): Promise<InvitationListRow[]> {
      return filtered(executor, filter, now)
        .leftJoin('users', 'users.id', 'invitations.invited_by')
        .selectAll('invitations')
        .select('users.username as inviter_username')
        .orderBy('invitations.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(filter: InvitationFilter, now: string, executor: Executor = db): Promise<number> {
      const row = await filtered(executor, filter, now).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The apps a user administers (collaborator role admin). */
    async appsAdministeredBy(userId: number, executor: Executor = db): Promise<number[]> {
      const rows = await executor.selectFrom('collaborators').select('app_id').where('user_id', '=', userId).where('role', '=', 'admin').execute();
      return rows.map((row) => row.app_id);
    },

    /** Names of the apps that still exist, by id. */
    async appNames(ids: number[], executor: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await executor.selectFrom('apps').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async usernameOf(id: number | null, executor: Executor = db): Promise<string | null> {
      if (id === null) return null;
      const row = await executor.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
      return row?.username ?? null;
    },

    /** Whether anyone has this email (any case). */
    async emailTaken(email: string, executor: Executor = db): Promise<boolean> {
      const row = await executor.selectFrom('users').select('id').where(sql`lower(email)`, '=', sql<string>`lower(${email})`).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
