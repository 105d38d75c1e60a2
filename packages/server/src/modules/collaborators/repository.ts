// SQL for collaborators: who is on an app, with which role, and who owns it. No rules.
import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { Engine } from '../../db/index.ts';
import type { CollaboratorsTable, Database } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import type { CollaboratorRole } from '../../auth/policy.ts';

/** A collaborator with the user's public fields. `owner` is 0/1 on SQLite: read it with Boolean(). */
export interface CollaboratorUserRow {
  app_id: number;
  user_id: number;
  username: string;
  email: string;
  role: CollaboratorRole;
  owner: boolean | number;
  /** The user's account is locked; 0/1 on SQLite. */
  locked: boolean | number;
}

/** How collaborator candidates are found: an exact email, or the start of a username. */
export type CandidateMatch = { email: string } | { usernamePrefix: string };

export function createCollaboratorsRepository(db: Kysely<Database>, engine: Engine) {
  function withUsers(executor: Executor) {
    return executor
      .selectFrom('collaborators')
      .innerJoin('users', 'users.id', 'collaborators.user_id')
      .select(['collaborators.app_id', 'collaborators.user_id', 'users.username', 'users.email', 'collaborators.role', 'collaborators.owner', 'users.locked']);
  }

  return {
    /** The caller's role on one app, the input of decideOnApp. */
    findMembership(
      appId: number,
      userId: number,
      executor: Executor = db,
    ): Promise<{ role: CollaboratorRole; owner: boolean | number } | undefined> {
      return executor
        .selectFrom('collaborators')
        .select(['role', 'owner'])
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    find(appId: number, userId: number, executor: Executor = db): Promise<CollaboratorUserRow | undefined> {
      return withUsers(executor).where('collaborators.app_id', '=', appId).where('collaborators.user_id', '=', userId).executeTakeFirst();
    },

    /** The owner first, then in the order they joined. */
    listForApp(appId: number, executor: Executor = db): Promise<CollaboratorUserRow[]> {
      return withUsers(executor)
        .where('collaborators.app_id', '=', appId)
        .orderBy('collaborators.owner', 'desc')
        .orderBy('collaborators.id', 'asc')
        .execute();
    },

    /** The collaborator roles one user holds on any app (each once). */
    async rolesHeld(userId: number, executor: Executor = db): Promise<CollaboratorRole[]> {
      const rows = await executor.selectFrom('collaborators').select('role').distinct().where('user_id', '=', userId).execute();
      return rows.map((row) => row.role);
    },

    /** One user's roles on the given apps. */
    async rolesOf(
      userId: number,
      appIds: number[],
      executor: Executor = db,
    ): Promise<{ app_id: number; role: CollaboratorRole; owner: boolean | number }[]> {
      if (appIds.length === 0) return [];
      return executor
        .selectFrom('collaborators')
        .select(['app_id', 'role', 'owner'])
        .where('user_id', '=', userId)
        .where('app_id', 'in', appIds)
        .execute();
    },

    /** The owners of the given apps (an app may have none, e.g. when its owner's account was deleted). */
    async ownersOf(appIds: number[], executor: Executor = db): Promise<{ app_id: number; user_id: number; username: string }[]> {
      if (appIds.length === 0) return [];
      return executor
        .selectFrom('collaborators')
        .innerJoin('users', 'users.id', 'collaborators.user_id')
        .select(['collaborators.app_id', 'collaborators.user_id', 'users.username'])
        .where('collaborators.app_id', 'in', appIds)
        .where('collaborators.owner', '=', true)
        .execute();
    },

    /**
     * Unlocked users who are not on the app's team yet, found by their exact email or by the
     * start of their username (any case), by username, at most `limit`.
     */
    candidates(
      appId: number,
      match: CandidateMatch,
      limit: number,
      executor: Executor = db,
    ): Promise<{ id: number; username: string; email: string }[]> {
      let qb = executor
        .selectFrom('users')
        .select(['users.id', 'users.username', 'users.email'])
        .where('users.locked', '=', false)
        .where('users.id', 'not in', (eb) => eb.selectFrom('collaborators').select('collaborators.user_id').where('collaborators.app_id', '=', appId));
      if ('email' in match) {
        qb = qb.where(sql`lower(users.email)`, '=', sql<string>`lower(${match.email})`);
      } else {
        const pattern = `${match.usernamePrefix.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
        qb = qb.where(sql`lower(users.username)`, 'like', sql<string>`lower(${pattern}) escape '\\'`);
      }
      return qb.orderBy(sql`lower(users.username)`).orderBy('users.id').limit(limit).execute();
    },

    async insert(values: Insertable<CollaboratorsTable>, executor: Executor = db): Promise<void> {
      await executor.insertInto('collaborators').values(values).execute();
    },

    /**
     * Sets a collaborator's role. Below admin only when they are not the owner, checked in the
     * same statement, so a transfer running at the same time cannot leave a demoted owner.
     * False when nothing changed (no such collaborator, or the guard refused).
     */
    async updateRole(appId: number, userId: number, role: CollaboratorRole, updatedAt: string, executor: Executor = db): Promise<boolean> {
      let query = executor
        .updateTable('collaborators')
        .set({ role, updated_at: updatedAt })
        .where('app_id', '=', appId)
        .where('user_id', '=', userId);
      if (role !== 'admin') query = query.where('owner', '=', false);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes a collaborator unless they own the app. False when nothing was removed. */
    async deleteUnlessOwner(appId: number, userId: number, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .deleteFrom('collaborators')
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .where('owner', '=', false)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Makes `userId` the app's owner and an admin, and clears the owner flag of everyone else
     * (the old owner keeps their admin role). The app row is locked first on PostgreSQL, so
     * two transfers of one app run one after the other and never leave two owners. Run it in
     * a transaction. False when `userId` is not a collaborator (nothing is changed then).
     */
    async setOwner(appId: number, userId: number, updatedAt: string, executor: Executor): Promise<boolean> {
      if (engine === 'postgres') await executor.selectFrom('apps').select('id').where('id', '=', appId).forUpdate().execute();
      const promoted = await executor
        .updateTable('collaborators')
        .set({ role: 'admin', owner: true, updated_at: updatedAt })
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(promoted.numUpdatedRows) === 0) return false;
      await executor
        .updateTable('collaborators')
        .set({ owner: false, updated_at: updatedAt })
        .where('app_id', '=', appId)
        .where('user_id', '<>', userId)
        .where('owner', '=', true)
        .execute();
      return true;
    },
  };
}

export type CollaboratorsRepository = ReturnType<typeof createCollaboratorsRepository>;
