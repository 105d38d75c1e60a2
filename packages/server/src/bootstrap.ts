// The first administrator. On a database without users, Tarmac creates `admin` from
// TARMAC_ADMIN_EMAIL / TARMAC_ADMIN_PASSWORD, or with a generated password that is logged
// once, so a fresh install can always be signed into.
import type { Logger } from 'pino';
import { generatePassword } from './auth/passwords.ts';
import type { Config } from './config.ts';
import { ValidationError } from './errors.ts';
import type { UsersService } from './modules/users/service.ts';

export async function ensureAdmin(config: Pick<Config, 'admin'>, usersService: UsersService, log: Logger): Promise<void> {
  if ((await usersService.countUsers()) > 0) return;
  const generated = config.admin === null;
  const email = config.admin?.email ?? 'admin@localhost';
  const password = config.admin?.password ?? generatePassword();
  try {
    await usersService.createAccount({ username: 'admin', email, password, role: 'admin' });
  } catch (error) {
    // Another instance sharing the database created it first.
    if (error instanceof ValidationError && error.details.username) return;
    throw error;
  }
  if (generated) {
    // The one place a password is logged, on purpose: it exists nowhere else.
    log.warn(
      { username: 'admin', email },
      `Created the administrator "admin" (${email}) with the generated password: ${password} — sign in and change it; it will not be shown again`,
    );
  } else {
    log.info({ username: 'admin', email }, `Created the administrator "admin" (${email}) from TARMAC_ADMIN_EMAIL / TARMAC_ADMIN_PASSWORD`);
  }
}
