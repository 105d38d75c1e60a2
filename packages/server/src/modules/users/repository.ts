// SQL for users. Returns plain rows; no rules.
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, QueryCreator } from 'kysely';
import type { Engine } from '../../db/index.ts';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/types.ts';
import { escapeLike, type Executor } from '../../db/executor.ts';

export interface UserListFilter {
  query?: string | undefined;
  role?: string | undefined;
}

// Case-insensitive comparisons lower both sides in the database, with the same lower() as the
// unique indexes. JavaScript's toLowerCase() folds more than SQLite's lower() (ASCII only), so
// mixing them missed exact matches such as "Ärger": a 500 on a duplicate instead of a 422.
/**
 * `engine` decides one thing: on PostgreSQL the last-admin guard locks the active
 * administrators' rows; SQLite has no row locks and runs one statement at a time.
 */
export function createUsersRepository(db: Kysely<Database>, engine: Engine) {
  /** The ids of the unlocked administrators, locked FOR UPDATE (in id order) on PostgreSQL. */
  function activeAdminIds(creator: QueryCreator<Database>) {
    const query = creator.selectFrom('users').select('id').where('role', '=', 'admin').where('locked', '=', false).orderBy('id');
    return engine === 'postgres' ? query.forUpdate() : query;
  }

  /** True for a row that is not an active administrator, or is one but not the last. */
  function keepsAnActiveAdmin(eb: ExpressionBuilder<Database & { active_admins: { id: number } }, 'users'>) {
    return eb.or([
      eb('users.role', '<>', 'admin'),
      eb('users.locked', '=', true),
      eb(eb.selectFrom('active_admins').select((count) => count.fn.countAll<number>().as('count')), '>', 1),
    ]);
  }

  function filtered(executor: Executor, filter: UserListFilter) {
    let qb = executor.selectFrom('users');
    if (filter.query) {
      const pattern = `%${escapeLike(filter.query)}%`;
      qb = qb.where((eb) =>
        eb.or([
          eb(sql`lower(username)`, 'like', sql`lower(${pattern}) escape '\\'`),
          eb(sql`lower(email)`, 'like', sql`lower(${pattern}) escape '\\'`),
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
      return executor.selectFrom('users').selectAll().where(sql`lower(email)`, '=', sql<string>`lower(${email})`).executeTakeFirst();
    },

    findByUsername(username: string, executor: Executor = db): Promise<UserRow | undefined> {
      return executor.selectFrom('users').selectAll().where(sql`lower(username)`, '=', sql<string>`lower(${username})`).executeTakeFirst();
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

    /** A new account; its email counts as confirmed unless `email_confirmed_at` is given (null: waiting for the mail). */
    async insert(values: NewUserRow, executor: Executor = db): Promise<UserRow> {
      const row = { email_confirmed_at: values.created_at, ...values };
      return executor.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, values: UserUpdate, executor: Executor = db): Promise<UserRow | undefined> {
      return executor.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /**
     * Updates a user unless they are the last active administrator, checked in the same
     * statement. On PostgreSQL the active administrators' rows are locked first, so two
     * requests that each remove one of the last two (two admins locking each other) run one
     * after the other and the second sees the first's change. Undefined when the user is
     * missing or the guard refused.
     */
    async updateUnlessLastAdmin(id: number, values: UserUpdate, executor: Executor = db): Promise<UserRow | undefined> {
      return executor
        .with('active_admins', activeAdminIds)
        .updateTable('users')
        .set(values)
        .where('users.id', '=', id)
        .where(keepsAnActiveAdmin)
        .returningAll()
        .executeTakeFirst();
    },

    /** Deletes a user unless they are the last active administrator; see updateUnlessLastAdmin. */
    async deleteUnlessLastAdmin(id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .with('active_admins', activeAdminIds)
        .deleteFrom('users')
        .where('users.id', '=', id)
        .where(keepsAnActiveAdmin)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async delete(id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
