// Every instance of one deployment must sign with one secret key: a grant, UDID challenge or
// signed link one instance made is checked by whichever instance the balancer picks next, and
// webhook secrets sealed by one are opened by the others. A key left unset is generated into each
// instance's data directory, so instances that do not share that directory (S3 storage) would each
// sign with their own. At start on PostgreSQL, an instance compares a fingerprint of its key (an
// HMAC of a fixed text: it tells nothing of the key) with the one the last instance to start
// recorded, and says so loudly when they differ; then records its own. Not refused: changing
// the key on purpose (to revoke every grant and link) looks the same, once.
import { createHmac } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { SettingsRepository } from '../modules/settings/repository.ts';

/** The settings row (not a setting anyone sees or changes: settings list only declared keys). */
export const KEY_FINGERPRINT_SETTING = 'instance.secret_key_fingerprint';

export const KEY_MISMATCH =
  'This instance\'s secret key differs from the one the last instance to start on this database used: links, grants and ' +
  'challenges made by one are refused by the other. Set the same TARMAC_SECRET_KEY on every instance (docs/scaling.md); ' +
  'if you changed it on purpose, this is said once';

export function keyFingerprint(secretKey: string): string {
  return createHmac('sha256', secretKey).update('tarmac-secret-key-fingerprint').digest('base64url').slice(0, 22);
}

/** Answers whether this key matches the one recorded (true when none was); records this one. */
export async function checkSharedSecretKey(
  settingsRepository: Pick<SettingsRepository, 'get' | 'set'>,
  secretKey: string,
  clock: Clock,
): Promise<boolean> {
  const mine = JSON.stringify(keyFingerprint(secretKey));
  const recorded = await settingsRepository.get(KEY_FINGERPRINT_SETTING);
  if (recorded !== mine) await settingsRepository.set(KEY_FINGERPRINT_SETTING, mine, clock.now());
  return recorded === undefined || recorded === mine;
}
