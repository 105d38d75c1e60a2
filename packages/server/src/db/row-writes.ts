// The writes every table with a numeric id has, by id: insert (answering the row), update
// (answering the row, or undefined when there is none) and delete (whether there was one).
// A repository spreads them in and keeps its own queries beside them.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Executor } from './executor.ts';
import type { Database } from './types.ts';

/** The tables whose rows are written by these helpers. */
export type IdTable = 'apps' | 'schemes' | 'channels';

export function createRowWrites<T extends IdTable>(db: Kysely<Database>, table: T) {
  // Kysely cannot check a query against a table named by a type parameter: the helpers are
  // typed from the outside, and the queries against one table (`apps`) stand in for each.
  const name = table as 'apps';
  return {
    async insert(values: Insertable<Database[T]>, executor: Executor = db): Promise<Selectable<Database[T]>> {
      const row = await executor.insertInto(name).values(values as Insertable<Database['apps']>).returningAll().executeTakeFirstOrThrow();
      return row as Selectable<Database[T]>;
    },

    async update(id: number, values: Updateable<Database[T]>, executor: Executor = db): Promise<Selectable<Database[T]> | undefined> {
      const row = await executor.updateTable(name).set(values as Updateable<Database['apps']>).where('id', '=', id).returningAll().executeTakeFirst();
      return row as Selectable<Database[T]> | undefined;
    },

    /** Deletes the row; the database cascades to what belongs to it. */
    async delete(id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom(name).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
