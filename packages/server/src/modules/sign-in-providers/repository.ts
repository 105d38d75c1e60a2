// SQL for sign-in providers (LDAP, OpenID Connect, OAuth presets). Returns plain rows; no rules.
import type { Kysely } from 'kysely';
import type { AuthProviderRow, AuthProvidersTable, Database } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import type { Insertable, Updateable } from 'kysely';

export function createSignInProvidersRepository(db: Kysely<Database>) {
  return {
    /** Every provider in the order the sign-in page shows them. */
    list(executor: Executor = db): Promise<AuthProviderRow[]> {
      return executor.selectFrom('auth_providers').selectAll().orderBy('position').orderBy('id').execute();
    },

    findById(id: number, executor: Executor = db): Promise<AuthProviderRow | undefined> {
      return executor.selectFrom('auth_providers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findBySlug(slug: string, executor: Executor = db): Promise<AuthProviderRow | undefined> {
      return executor.selectFrom('auth_providers').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    insert(values: Insertable<AuthProvidersTable>, executor: Executor = db): Promise<AuthProviderRow> {
      return executor.insertInto('auth_providers').values(values).returningAll().executeTakeFirstOrThrow();
    },

    update(id: number, values: Updateable<AuthProvidersTable>, executor: Executor = db): Promise<AuthProviderRow | undefined> {
      return executor.updateTable('auth_providers').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** How many identities each provider has, by provider id. */
    async identityCounts(executor: Executor = db): Promise<Map<number, number>> {
      const rows = await executor
        .selectFrom('user_identities')
        .select(['provider_id', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('provider_id')
        .execute();
      return new Map(rows.map((row) => [row.provider_id, Number(row.count)]));
    },

    async delete(id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom('auth_providers').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type SignInProvidersRepository = ReturnType<typeof createSignInProvidersRepository>;
