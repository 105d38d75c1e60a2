// Password hashing with scrypt (node:crypto). Stored format, one field per `$`:
//   scrypt $ N $ r $ p $ salt (base64url, 16 bytes) $ key (base64url, 64 bytes)
// so the cost can be raised later without breaking old hashes.
// Users imported from Zealot keep Devise's bcrypt hash (`$2a$10$…`) until their first sign-in,
// which checks it with bcryptjs (loaded only when such a hash is met) and stores an scrypt hash
// in its place (needsRehash). Devise appends a pepper only when config.pepper is set; Zealot's
// config/initializers/devise.rb leaves it commented out, so none is needed here. Bcrypt reads
// at most 72 bytes of UTF-8 (the bcrypt gem as bcryptjs): a longer password matches on its first
// 72 bytes, as it did in Zealot, until the rehash stores the whole password's scrypt hash.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const DEFAULT_COST = { N: 16384, r: 8, p: 1 };

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, DEFAULT_COST);
  const { N, r, p } = DEFAULT_COST;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A bcrypt hash as the bcrypt gem (Devise) writes it: `$2a$`, `$2b$` or `$2y$`, a two-digit
 * cost, then 22 characters of salt and 31 of hash.
 */
const BCRYPT_HASH = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
/** Costs outside this range never match: Devise writes 10 (Zealot) to 12, and 17 would take seconds. */
const BCRYPT_COST = { min: 4, max: 16 };
const BCRYPT_SALT_LENGTH = 29;

/** Whether a stored hash is not Tarmac's scrypt: after a successful check it is replaced. */
export function needsRehash(stored: string): boolean {
  return BCRYPT_HASH.test(stored);
}

async function verifyBcrypt(password: string, stored: string): Promise<boolean> {
  const match = BCRYPT_HASH.exec(stored);
  const cost = Number(match?.[1]);
  if (!match || cost < BCRYPT_COST.min || cost > BCRYPT_COST.max) return false;
  const { default: bcrypt } = await import('bcryptjs');
  // Devise hashes the password as typed (no NFKC); only the 31 hash characters are compared,
  // so a salt written with non-canonical trailing bits still matches.
  const actual = await bcrypt.hash(password, stored.slice(0, BCRYPT_SALT_LENGTH));
  const expected = Buffer.from(stored.slice(BCRYPT_SALT_LENGTH));
  const computed = Buffer.from(actual.slice(BCRYPT_SALT_LENGTH));
  return expected.length === computed.length && timingSafeEqual(expected, computed);
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key, extra] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key || extra !== undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Compares in constant time, against Tarmac's scrypt hash or an imported bcrypt one; a
 * malformed stored hash (or a cost scrypt refuses) never matches and never throws.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    return await (stored.startsWith('$2') ? verifyBcrypt(password, stored) : verifyScrypt(password, stored));
  } catch {
    return false;
  }
}

/** A hash no password matches, verified when the user does not exist so timing tells nothing. */
export const UNUSABLE_PASSWORD_HASH = `scrypt$16384$8$1$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;

/** A readable random password for generated accounts (about 120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
