// Random secrets handed to clients (API tokens, session cookies) and the hashes we keep.
// The secrets carry 256 bits, so a plain SHA-256 is enough to store them: nobody can guess
// one from its hash, and lookups stay a single indexed equality.
import { createHash, randomBytes } from 'node:crypto';

export const API_TOKEN_PREFIX = 'tmc_';

export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function generateOpaqueSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What a token list shows of a secret so a user can tell their tokens apart. */
export function tokenPrefix(secret: string): string {
  return secret.slice(0, 10);
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
