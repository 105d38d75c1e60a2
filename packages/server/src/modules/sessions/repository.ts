// SQL for web sign-in sessions.
import type { Kysely } from 'kysely';
import type { Database, NewSessionRow, SessionRow } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(row: NewSessionRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('sessions').values(row).execute();
    },

    findById(id: string, executor: Executor = db): Promise<SessionRow | undefined> {
      return executor.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async touch(id: string, lastSeenAt: string, expiresAt: string, executor: Executor = db): Promise<void> {
      await executor.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
    },

    async delete(id: string, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** Ends every session of a user, except `keepId` (the one making the change) when given. */
    async deleteForUser(userId: number, keepId?: string, executor: Executor = db): Promise<void> {
      let query = executor.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepId !== undefined) query = query.where('id', '<>', keepId);
      await query.execute();
    },

    async deleteExpired(before: string, executor: Executor = db): Promise<number> {
      const result = await executor.deleteFrom('sessions').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
