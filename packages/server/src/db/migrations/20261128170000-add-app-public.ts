import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Guest mode (docs/guest-mode.md): an app its administrators mark public may be browsed and
  // installed by people who are not signed in, while the instance's guest_mode setting is on.
  // Off for every existing app and for apps imported from Zealot.
  await db.schema.alterTable('apps').addColumn('public', 'boolean', (col) => col.notNull().defaultTo(false)).execute();
}
