// SQL for apps. No rules. `transaction` is how services group writes: every repository call
// inside it must be given the transaction (on SQLite a forgotten one waits forever).
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { AppRow, Database } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import { createRowWrites } from '../../db/row-writes.ts';
import type { AppScope } from './types.ts';
import { escapeLike } from '../../db/executor.ts';

export interface AppListFilter {
  /** Only apps this user collaborates on; every app when undefined. */
  memberId?: number | undefined;
  /** Only public apps (a guest's list, docs/guest-mode.md). */
  publicOnly?: boolean | undefined;
  scope: AppScope;
  /** Part of the name, any case. */
  query?: string | undefined;
}

export function createAppsRepository(db: Kysely<Database>) {
  function filtered(executor: Executor, filter: AppListFilter) {
    let query = executor.selectFrom('apps');
    if (filter.memberId !== undefined) {
      const memberId = filter.memberId;
      query = query.where('apps.id', 'in', (eb) => eb.selectFrom('collaborators').select('collaborators.app_id').where('collaborators.user_id', '=', memberId));
    }
    if (filter.publicOnly) query = query.where('apps.public', '=', true);
    if (filter.scope === 'active') query = query.where('apps.archived', '=', false);
    if (filter.scope === 'archived') query = query.where('apps.archived', '=', true);
    if (filter.query) {
      const pattern = `%${escapeLike(filter.query)}%`;
      query = query.where(sql`lower(apps.name)`, 'like', sql<string>`lower(${pattern}) escape '\\'`);
    }
    return query;
  }

  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findById(id: number, executor: Executor = db): Promise<AppRow | undefined> {
      return executor.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    },

    list(filter: AppListFilter, limit: number, offset: number, executor: Executor = db): Promise<AppRow[]> {
      return filtered(executor, filter).selectAll('apps').orderBy('apps.id', 'asc').limit(limit).offset(offset).execute();
    },

    async count(filter: AppListFilter, executor: Executor = db): Promise<number> {
      const row = await filtered(executor, filter)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    // insert, update and delete by id; deleting an app cascades to its collaborators, schemes, channels and releases.
    ...createRowWrites(db, 'apps'),
  };
}

export type AppsRepository = ReturnType<typeof createAppsRepository>;
