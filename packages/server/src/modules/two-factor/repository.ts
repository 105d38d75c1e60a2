// SQL for two-factor sign-in: the TOTP columns of users, the recovery codes, and the enrolment
// flag of sessions. Returns plain rows; no rules.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';

export interface TotpState {
  secret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
}

export function createTwoFactorRepository(db: Kysely<Database>) {
  return {
    async state(userId: number, executor: Executor = db): Promise<TotpState | undefined> {
      const row = await executor
        .selectFrom('users')
        .select(['totp_secret', 'totp_enabled_at', 'totp_last_step'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && { secret: row.totp_secret, enabledAt: row.totp_enabled_at, lastStep: row.totp_last_step };
    },

    /** Writes the TOTP columns given (null clears); `updated_at` moves with them. */
    async setTotp(
      userId: number,
      values: { totp_secret?: string | null; totp_enabled_at?: string | null; totp_last_step?: number | null },
      updatedAt: string,
      executor: Executor = db,
    ): Promise<void> {
      await executor.updateTable('users').set({ ...values, updated_at: updatedAt }).where('id', '=', userId).execute();
    },

    /**
     * Records `step` as the last code used, only when it is later than the one recorded: true when
     * it was (the code is accepted), false when the step was already used (a replay, or a race lost).
     */
    async claimStep(userId: number, step: number, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Replaces the user's recovery codes with these hashes (old ones stop working). */
    async replaceRecoveryCodes(userId: number, hashes: readonly string[], createdAt: string, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      if (hashes.length === 0) return;
      await executor
        .insertInto('user_recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: createdAt })))
        .execute();
    },

    /** Marks an unused code used in the statement that finds it: true once per code, even under a race. */
    async useRecoveryCode(userId: number, hash: string, usedAt: string, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('user_recovery_codes')
        .set({ used_at: usedAt })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) >= 1;
    },

    async recoveryCodesLeft(userId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('user_recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Lifts the enrolment requirement from the user's sessions (they have just enrolled). */
    async clearSessionFlag(userId: number, executor: Executor = db): Promise<void> {
      await executor.updateTable('sessions').set({ needs_two_factor: false }).where('user_id', '=', userId).execute();
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
