// SQL for the identities accounts have at sign-in providers. Returns plain rows; no rules.
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, UserIdentitiesTable, UserIdentityRow } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';

export interface IdentityWithProvider extends UserIdentityRow {
  provider_slug: string;
  provider_name: string;
  provider_kind: string;
}

export function createIdentitiesRepository(db: Kysely<Database>) {
  return {
    find(providerId: number, subject: string, executor: Executor = db): Promise<UserIdentityRow | undefined> {
      return executor
        .selectFrom('user_identities')
        .selectAll()
        .where('provider_id', '=', providerId)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    /** A user's identities with their providers' names, oldest first. */
    listForUser(userId: number, executor: Executor = db): Promise<IdentityWithProvider[]> {
      return executor
        .selectFrom('user_identities')
        .innerJoin('auth_providers', 'auth_providers.id', 'user_identities.provider_id')
        .selectAll('user_identities')
        .select(['auth_providers.slug as provider_slug', 'auth_providers.name as provider_name', 'auth_providers.kind as provider_kind'])
        .where('user_identities.user_id', '=', userId)
        .orderBy('user_identities.id')
        .execute();
    },

    insert(values: Insertable<UserIdentitiesTable>, executor: Executor = db): Promise<UserIdentityRow> {
      return executor.insertInto('user_identities').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, values: Updateable<UserIdentitiesTable>, executor: Executor = db): Promise<void> {
      await executor.updateTable('user_identities').set(values).where('id', '=', id).execute();
    },

    /** Deletes one of a user's identities; false when the user has no identity with that id. */
    async deleteForUser(userId: number, id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom('user_identities').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
