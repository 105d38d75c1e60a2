// Personal access tokens: a user creates, lists and revokes their own. The secret is shown
// once and only its SHA-256 is kept. Resolving a token is how API calls authenticate.
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import { generateApiToken, sha256Hex, tokenPrefix } from '../../auth/secrets.ts';
import { isoFromNow } from '../../clock.ts';
import type { Clock } from '../../clock.ts';
import type { ApiTokenRow, UserRow } from '../../db/types.ts';
import { BLANK, fieldIssue, NotFoundError, RECORD_NOT_FOUND, tooLong, ValidationError } from '../../errors.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { TokensRepository } from './repository.ts';
import type { ApiToken, CreatedApiToken } from './types.ts';

export const TOKEN_NAME_MAX = 100;
export const TOKEN_EXPIRY_MAX_DAYS = 3650;
/** last_used_at is written at most this often per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.token_prefix,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
  };
}

interface Deps {
  tokensRepository: TokensRepository;
  usersRepository: Pick<UsersRepository, 'findById' | 'findByUsername'>;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
}

export interface CreateTokenInput {
  actor: Actor;
  name: string;
  expiresInDays?: number | undefined;
}

export function createTokensService({ tokensRepository, usersRepository, clock }: Deps) {
  function assertSelf(actor: Actor): void {
    if (!can(actor, 'self:manage')) throw forbidden('self:manage');
  }

  /** Without a permission check: for `tarmac token create`. */
  async function createForUser(userId: number, name: string, expiresInDays?: number): Promise<CreatedApiToken> {
    const trimmed = name.trim();
    if (trimmed === '') throw new ValidationError({ name: [BLANK] });
    if ([...trimmed].length > TOKEN_NAME_MAX) throw new ValidationError({ name: [tooLong(TOKEN_NAME_MAX)] });
    if (expiresInDays !== undefined && (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > TOKEN_EXPIRY_MAX_DAYS)) {
      const message = `must be a whole number from 1 to ${TOKEN_EXPIRY_MAX_DAYS}`;
      throw new ValidationError({ expires_in_days: [fieldIssue('too_large', message, { min: 1, max: TOKEN_EXPIRY_MAX_DAYS })] });
    }
    const secret = generateApiToken();
    const createdAt = clock.now();
    const row = await tokensRepository.insert({
      user_id: userId,
      name: trimmed,
      token_hash: sha256Hex(secret),
      token_prefix: tokenPrefix(secret),
      expires_at: expiresInDays ? isoFromNow(clock, expiresInDays * 86_400_000) : null,
      created_at: createdAt,
    });
    return { ...toApiToken(row), token: secret };
  }

  return {
    createForUser,

    /** Without a permission check: for `tarmac token create --username`. */
    async createForUsername(username: string, name: string, expiresInDays?: number): Promise<CreatedApiToken> {
      const user = await usersRepository.findByUsername(username);
      if (!user) throw new NotFoundError(`No user named "${username}"`, 'user.not_found', { username });
      return createForUser(user.id, name, expiresInDays);
    },

    create(input: CreateTokenInput): Promise<CreatedApiToken> {
      assertSelf(input.actor);
      return createForUser(input.actor.userId, input.name, input.expiresInDays);
    },

    async list(actor: Actor): Promise<ApiToken[]> {
      assertSelf(actor);
      return (await tokensRepository.listForUser(actor.userId)).map(toApiToken);
    },

    async revoke(actor: Actor, id: number): Promise<void> {
      assertSelf(actor);
      // Another user's token id answers the same as a missing one.
      if (!(await tokensRepository.deleteForUser(id, actor.userId))) throw new NotFoundError(RECORD_NOT_FOUND, 'token.not_found');
    },

    /**
     * The user a token secret belongs to, or null when the token is unknown or expired. A
     * locked user is returned as such; the caller decides what that means.
     */
    async resolve(secret: string): Promise<{ user: UserRow; tokenId: number } | null> {
      if (secret.length === 0 || secret.length > 200) return null;
      const row = await tokensRepository.findByHash(sha256Hex(secret));
      if (!row) return null;
      const timestamp = clock.now();
      if (row.expires_at !== null && row.expires_at <= timestamp) return null;
      const user = await usersRepository.findById(row.user_id);
      if (!user) return null;
      if (row.last_used_at === null || Date.parse(timestamp) - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
        await tokensRepository.touch(row.id, timestamp);
      }
      return { user, tokenId: row.id };
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
