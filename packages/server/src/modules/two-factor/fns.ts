// Recovery codes: what a person types when the phone with the authenticator app is lost.
// Ten per enrolment, each `xxxxx-xxxxx` from an alphabet without look-alike characters (no 0/o,
// 1/l/i): about 49 random bits each. Stored as the SHA-256 of the code as normalised below, so a
// code typed in capitals, with spaces or without its dash still matches.
import { randomInt } from 'node:crypto';
import { sha256Hex } from '../../auth/secrets.ts';
import { fieldIssue } from '../../errors.ts';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** The longest recovery code or TOTP code a request may send (anything longer is refused by the schema). */
export const CODE_MAX = 32;

export function generateRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The code as stored: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function recoveryCodeHash(code: string): string {
  return sha256Hex(normaliseRecoveryCode(code));
}

/** The issuer an authenticator app lists the account under: "Tarmac (beta.example.com)". */
export function totpIssuer(externalUrl: string): string {
  return `Tarmac (${new URL(externalUrl).host})`;
}

/** A wrong password where two-factor changes need it (setup, turning off, new recovery codes). */
export const PASSWORD_WRONG = fieldIssue('password_wrong', 'is not correct');
/** A code from the app (or a recovery code) that is wrong or was already used. */
export const CODE_WRONG = fieldIssue('code_wrong', 'is wrong or was already used');
