// SQL for users. Returns plain rows; no rules.
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/types.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

export interface UserListFilter {
  query?: string | undefined;
  role?: string | undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => '\\' + c);
}

export function createUsersRepository(db: Kysely<Database>) {
  function filtered(executor: Executor, filter: UserListFilter) {
    let qb = executor.selectFrom('users');
    if (filter.query) {
      const pattern = `%${escapeLike(filter.query.toLowerCase())}%`;
      qb = qb.where((eb) =>
        eb.or([
          eb(sql`lower(username)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    if (filter.role) qb = qb.where('role', '=', filter.role as UserRow['role']);
    return qb;
  }

  return {
    findById(id: number, executor: Executor = db): Promise<UserRow | undefined> {
      return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByEmail(email: string, executor: Executor = db): Promise<UserRow | undefined> {
      return executor.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    },

    findByUsername(username: string, executor: Executor = db): Promise<UserRow | undefined> {
      return executor.selectFrom('users').selectAll().where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
    },

    async list(filter: UserListFilter, limit: number, offset: number, executor: Executor = db): Promise<UserRow[]> {
      return filtered(executor, filter).selectAll().orderBy('id', 'asc').limit(limit).offset(offset).execute();
    },

    async count(filter: UserListFilter, executor: Executor = db): Promise<number> {
      const row = await filtered(executor, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async countAll(executor: Executor = db): Promise<number> {
      const row = await executor.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async countActiveAdmins(executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .where('locked', '=', false)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(values: NewUserRow, executor: Executor = db): Promise<UserRow> {
      return executor.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, values: UserUpdate, executor: Executor = db): Promise<UserRow | undefined> {
      return executor.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async delete(id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
