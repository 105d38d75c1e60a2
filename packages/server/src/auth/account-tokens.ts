// One-time secrets handed to a person out of band (a link in a mail) or between two steps of a
// sign-in: password reset, sign-in link, email confirmation, a pending identity link, a
// second-factor challenge. Only the SHA-256 of the secret is stored. `consume` marks the token
// used in the same UPDATE that finds it, so two requests racing with one link get it once, on
// every instance sharing the database. Issuing a new token of a purpose for a user may void the
// older ones (a second reset mail makes the first link stop working).
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { isoFromNow } from '../clock.ts';
import type { Executor } from '../db/executor.ts';
import type { AccountTokenRow, Database } from '../db/types.ts';
import { generateOpaqueSecret, sha256Hex } from './secrets.ts';

/** What a token is for; a token of one purpose never opens another's door. */
export type AccountTokenPurpose =
  | 'password-reset'
  | 'sign-in-link'
  | 'email-confirmation'
  | 'identity-link'
  | 'two-factor'
  | (string & { readonly purpose?: never });

export interface IssueInput {
  purpose: AccountTokenPurpose;
  userId?: number | undefined;
  email?: string | undefined;
  /** Anything the purpose needs back when the token is used (stored as JSON). */
  data?: unknown;
  /** How long the token works. */
  ttlMs: number;
  /** Void this user's unused tokens of the same purpose first (a new link replaces the old one). */
  replace?: boolean;
}

export interface AccountToken {
  id: number;
  purpose: string;
  userId: number | null;
  email: string | null;
  data: unknown;
  expiresAt: string;
}

function toToken(row: AccountTokenRow): AccountToken {
  return {
    id: row.id,
    purpose: row.purpose,
    userId: row.user_id,
    email: row.email,
    data: row.data === null ? null : (JSON.parse(row.data) as unknown),
    expiresAt: row.expires_at,
  };
}

/** A secret longer than any we hand out is not looked up at all. */
const MAX_SECRET_LENGTH = 200;

export function createAccountTokens({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function voidOpen(purpose: string, userId: number, executor: Executor): Promise<void> {
    await executor
      .updateTable('account_tokens')
      .set({ used_at: clock.now() })
      .where('purpose', '=', purpose)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  return {
    /** A new token; answers the secret to put in the link (only its hash is kept). */
    async issue(input: IssueInput, executor: Executor = db): Promise<{ secret: string; expiresAt: string }> {
      if (input.replace && input.userId !== undefined) await voidOpen(input.purpose, input.userId, executor);
      const secret = generateOpaqueSecret();
      const expiresAt = isoFromNow(clock, input.ttlMs);
      await executor
        .insertInto('account_tokens')
        .values({
          purpose: input.purpose,
          token_hash: sha256Hex(secret),
          user_id: input.userId ?? null,
          email: input.email ?? null,
          data: input.data === undefined ? null : JSON.stringify(input.data),
          expires_at: expiresAt,
          used_at: null,
          created_at: clock.now(),
        })
        .execute();
      return { secret, expiresAt };
    },

    /** The live token of this purpose for a secret, without using it up (a page that shows a form first). */
    async peek(purpose: AccountTokenPurpose, secret: string, executor: Executor = db): Promise<AccountToken | undefined> {
      if (secret.length === 0 || secret.length > MAX_SECRET_LENGTH) return undefined;
      const row = await executor
        .selectFrom('account_tokens')
        .selectAll()
        .where('token_hash', '=', sha256Hex(secret))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      return row ? toToken(row) : undefined;
    },

    /**
     * Uses the token: answers it and marks it used in one statement, or answers undefined when
     * it is unknown, of another purpose, expired or already used.
     */
    async consume(purpose: AccountTokenPurpose, secret: string, executor: Executor = db): Promise<AccountToken | undefined> {
      if (secret.length === 0 || secret.length > MAX_SECRET_LENGTH) return undefined;
      const timestamp = clock.now();
      const row = await executor
        .updateTable('account_tokens')
        .set({ used_at: timestamp })
        .where('token_hash', '=', sha256Hex(secret))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', timestamp)
        .returningAll()
        .executeTakeFirst();
      return row ? toToken(row) : undefined;
    },

    /** Voids a user's unused tokens of a purpose (the password changed: old reset links die). */
    voidFor: (purpose: AccountTokenPurpose, userId: number, executor: Executor = db) => voidOpen(purpose, userId, executor),

    /** Deletes tokens that expired before `before` (used or not): the periodic sweep. */
    async sweep(before: string = clock.now(), executor: Executor = db): Promise<number> {
      const result = await executor.deleteFrom('account_tokens').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AccountTokens = ReturnType<typeof createAccountTokens>;
