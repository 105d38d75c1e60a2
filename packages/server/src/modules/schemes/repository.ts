// SQL for schemes. No rules.
import type { Kysely } from 'kysely';
import type { Database, SchemeRow } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import { createRowWrites } from '../../db/row-writes.ts';

/** A scheme with its app. `app_archived` is 0/1 on SQLite. */
export type SchemeWithAppRow = SchemeRow & { app_name: string; app_archived: boolean | number };

export function createSchemesRepository(db: Kysely<Database>) {
  return {
    findById(id: number, executor: Executor = db): Promise<SchemeRow | undefined> {
      return executor.selectFrom('schemes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findWithApp(id: number, executor: Executor = db): Promise<SchemeWithAppRow | undefined> {
      return executor
        .selectFrom('schemes')
        .innerJoin('apps', 'apps.id', 'schemes.app_id')
        .selectAll('schemes')
        .select(['apps.name as app_name', 'apps.archived as app_archived'])
        .where('schemes.id', '=', id)
        .executeTakeFirst();
    },

    listForApp(appId: number, limit: number, offset: number, executor: Executor = db): Promise<SchemeRow[]> {
      return executor.selectFrom('schemes').selectAll().where('app_id', '=', appId).orderBy('id', 'asc').limit(limit).offset(offset).execute();
    },

    async countForApp(appId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('schemes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('app_id', '=', appId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Every scheme of the given apps, in id order. */
    async listForApps(appIds: number[], executor: Executor = db): Promise<SchemeRow[]> {
      if (appIds.length === 0) return [];
      return executor.selectFrom('schemes').selectAll().where('app_id', 'in', appIds).orderBy('id', 'asc').execute();
    },

    // insert, update and delete by id; deleting a scheme cascades to its channels and their releases.
    ...createRowWrites(db, 'schemes'),
  };
}

export type SchemesRepository = ReturnType<typeof createSchemesRepository>;
