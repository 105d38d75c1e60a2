import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import { timestampType, withId } from '../schema-helpers.ts';

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const timestamp = timestampType(engine);
  // One-time secrets mailed or handed to a user (password reset, sign-in link, email confirmation,
  // a pending identity link, a second-factor challenge): only the SHA-256 of the secret is kept,
  // and using one marks it used in the same statement that finds it, so it works once.
  await withId(db.schema.createTable('account_tokens'), engine)
    .addColumn('purpose', 'varchar(32)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(255)')
    .addColumn('data', 'text')
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user_purpose_index').on('account_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('account_tokens_expires_at_index').on('account_tokens').column('expires_at').execute();

  // Sign-in providers (LDAP, OpenID Connect, the OAuth presets), set up by an administrator in
  // the web app or from the environment (`source`), read on every sign-in so a change needs no
  // restart. `settings` is the kind's JSON; `secret` its sealed secret (bind password, client secret).
  await withId(db.schema.createTable('auth_providers'), engine)
    .addColumn('slug', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('allow_sign_up', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('secret', 'text')
    .addColumn('source', 'varchar(8)', (col) => col.notNull().defaultTo('ui'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();

  // An account's identities at providers: the provider's stable subject (LDAP entry's uid or
  // DN, OIDC `sub`, GitHub's numeric id), never an email, finds the account at the next sign-in.
  await withId(db.schema.createTable('user_identities'), engine)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (col) => col.notNull().references('auth_providers.id').onDelete('cascade'))
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('email', 'varchar(255)')
    .addColumn('display_name', 'varchar(255)')
    .addColumn('created_account', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('last_used_at', timestamp)
    .addUniqueConstraint('user_identities_provider_subject_unique', ['provider_id', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_id_index').on('user_identities').column('user_id').execute();
}
