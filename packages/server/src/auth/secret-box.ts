// Secrets at rest (webhook signing secrets and tokens, sign-in providers' bind passwords and client
// secrets, TOTP seeds): AES-256-GCM with a key derived from TARMAC_SECRET_KEY by HKDF-SHA256 under a
// purpose label, so the same server secret never keys two different things. Each value gets a random
// 96-bit IV. The stored form names its format version and the key it was sealed with:
//   v1.<key id>.<base64url(iv | tag | ciphertext)>
// The key id (8 hex digits, derived from the key, not the key) lets a rotation keep old keys as
// `previous` until every value has been sealed again with the current one (see `needsReseal`).
// Secrets are never shown again in full: `mask()` is what screens and API answers print.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/** The default purpose label: webhook secrets. Other secrets at rest pass their own (`createSecretBox`'s `purpose`). */
export const WEBHOOK_SECRETS = 'tarmac webhook secret v1';
const SALT = 'tarmac';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretError';
  }
}

interface DerivedKey {
  id: string;
  key: Buffer;
}

function derive(secretKey: string, purpose: string): DerivedKey {
  if (secretKey.length < 32) throw new SecretError('the secret key must be at least 32 characters long');
  const key = Buffer.from(hkdfSync('sha256', secretKey, SALT, purpose, 32));
  const id = Buffer.from(hkdfSync('sha256', secretKey, SALT, `${purpose} key id`, 4)).toString('hex');
  return { id, key };
}

export interface SecretBox {
  /** Seals a secret with the current key. */
  encrypt(plain: string): string;
  /** Opens a value sealed with the current key or one of the previous keys; throws SecretError otherwise. */
  decrypt(sealed: string): string;
  /** Whether a stored value was sealed with an older key (and should be sealed again). */
  needsReseal(sealed: string): boolean;
}

/**
 * A box keyed from TARMAC_SECRET_KEY (`current`), still able to open values sealed under `previous` keys.
 * `purpose` labels what it seals (sign-in provider secrets, TOTP seeds), so each kind has its own key.
 */
export function createSecretBox(current: string, previous: readonly string[] = [], purpose: string = WEBHOOK_SECRETS): SecretBox {
  const now = derive(current, purpose);
  const keys = new Map<string, Buffer>([[now.id, now.key]]);
  for (const old of previous) {
    const derived = derive(old, purpose);
    if (!keys.has(derived.id)) keys.set(derived.id, derived.key);
  }
  const parse = (sealed: string) => {
    const parts = sealed.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) throw new SecretError('not a sealed secret (expected v1.<key id>.<data>)');
    return { id: parts[1]!, data: Buffer.from(parts[2]!, 'base64url') };
  };
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', now.key, iv);
      cipher.setAAD(Buffer.from(`${VERSION}.${now.id}`));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${now.id}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    decrypt(sealed) {
      const { id, data } = parse(sealed);
      const key = keys.get(id);
      if (!key) throw new SecretError('sealed with a key this server does not have (was TARMAC_SECRET_KEY changed?)');
      if (data.length < IV_BYTES + TAG_BYTES) throw new SecretError('the sealed secret is truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(`${VERSION}.${id}`));
      decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretError('the sealed secret was altered or sealed with another key');
      }
    },
    needsReseal(sealed) {
      return parse(sealed).id !== now.id;
    },
  };
}

/**
 * A secret for display: never the whole of it. Secrets of 16 characters or more show their last
 * four characters (enough to tell two apart); shorter ones show nothing but their presence.
 */
export function mask(secret: string | null | undefined): string {
  if (!secret) return '';
  const chars = [...secret];
  return chars.length >= 16 ? `••••••••${chars.slice(-4).join('')}` : '••••••••';
}
