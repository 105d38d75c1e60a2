// SQL for instance-wide settings: one row per key, the value as JSON text.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';

export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async get(key: string, executor: Executor = db): Promise<string | undefined> {
      const row = await executor.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async set(key: string, value: string, updatedAt: string, executor: Executor = db): Promise<void> {
      await executor
        .insertInto('settings')
        .values({ key, value, updated_at: updatedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
        .execute();
    },

    async remove(key: string, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('settings').where('key', '=', key).execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
