// SQL for personal access tokens.
import type { Kysely } from 'kysely';
import type { ApiTokenRow, Database } from '../../db/types.ts';
import type { Insertable } from 'kysely';
import type { ApiTokensTable } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';

export function createTokensRepository(db: Kysely<Database>) {
  return {
    insert(values: Insertable<ApiTokensTable>, executor: Executor = db): Promise<ApiTokenRow> {
      return executor.insertInto('api_tokens').values(values).returningAll().executeTakeFirstOrThrow();
    },

    listForUser(userId: number, executor: Executor = db): Promise<ApiTokenRow[]> {
      return executor.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
    },

    findByHash(tokenHash: string, executor: Executor = db): Promise<ApiTokenRow | undefined> {
      return executor.selectFrom('api_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    async deleteForUser(id: number, userId: number, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom('api_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async touch(id: number, lastUsedAt: string, executor: Executor = db): Promise<void> {
      await executor.updateTable('api_tokens').set({ last_used_at: lastUsedAt }).where('id', '=', id).execute();
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
