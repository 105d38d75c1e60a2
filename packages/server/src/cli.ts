// The `tarmac` command: what operators and automation run next to the server, with the same
// environment (TARMAC_DATA_DIR, DATABASE_URL, …). Machine-readable output goes to stdout
// (`token create` prints only the secret); messages go to stderr.
import { parseArgs } from 'node:util';
import { buildServices } from './app.ts';
import { generatePassword } from './auth/passwords.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { createDatabase } from './db/index.ts';
import type { DatabaseHandle } from './db/index.ts';
import { migrateToLatest, withMigratedDatabase } from './db/migrate.ts';
import { AppError, messageOf, ValidationError } from './errors.ts';
import { USER_ROLES } from './modules/users/types.ts';
import type { UserRole } from './modules/users/types.ts';
import { serve } from './server.ts';

const HELP = `Usage: tarmac <command> [options]

Commands:
  serve                                   Start the server (migrates first)
  migrate                                 Apply pending database migrations
  user create --username NAME --email EMAIL --password PASSWORD [--role member|developer|admin]
                                          Create a user (role member by default)
  user reset-password --username NAME [--password PASSWORD]
                                          Set a new password (generated and printed when omitted)
  user reset-two-factor --username NAME   Turn an account's two-factor sign-in off (a lost phone; docs/two-factor.md)
  sign-in allow-passwords                 Turn password sign-in back on (leaves SSO-only mode; no
                                          restart needed). With user reset-password, the way back
                                          in for a locked-out admin (see docs/sign-in.md)
  token create --username NAME --name LABEL [--expires-in-days N]
                                          Create a personal access token; prints only the secret
  mail test ADDRESS                       Check the mail settings and send a test message to ADDRESS
  jobs [--limit N]                        Background jobs: counts per state, the latest failed and
                                          the next waiting ones (N each, 10 by default)
  storage migrate --to s3|local [--delete-source]
                                          Copy every stored file to the other store (TARMAC_S3_*),
                                          verifying each; resumable; the source is kept unless
                                          --delete-source (see docs/storage.md)
  import zealot (--database-url URL --uploads DIR | --backup FILE [--uploads DIR]) [--dry-run] [--move]
                                          Bring a Zealot installation over: users, tokens, apps,
                                          channels, builds, debug files, devices, hooks, settings;
                                          resumable, and run again at cut-over it brings only what
                                          is new (see docs/migrating-from-zealot.md)
  backup create --out FILE [--apps 1,2|all] [--no-database] [--no-debug-files]
                                          Write one archive of the database and stored files,
                                          with a manifest and checksums (see docs/backups.md)
  backup verify FILE                      Check every checksum of a backup archive
  restore FILE [--dry-run] [--replace] [--yes]
                                          Restore a backup (verified first) into an empty instance,
                                          or over the current data with --replace; --dry-run only
                                          prints what would be written, replaced and migrated
  help                                    Show this help

Configuration comes from the environment, as for the server (see docs/configuration.md).
`;

class UsageError extends Error {}

/** `tarmac user reset-two-factor`: the way back in when the only administrator lost their phone. */
async function resetTwoFactor(config: Config, username: string): Promise<number> {
  const user = await withDatabase(config, (database) => buildServices(config, database).twoFactorService.resetByLogin(username));
  process.stderr.write(`Two-factor sign-in of "${user.username}" is off; they sign in with their password and may set it up again.\n`);
  return 0;
}

const withDatabase = <T>(config: Config, work: (database: DatabaseHandle) => Promise<T>): Promise<T> =>
  withMigratedDatabase(config.database, work);

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`Missing --${name}`);
  return value;
}

/** `tarmac migrate`: applies the migrations not applied yet. */
async function migrate(config: Config): Promise<number> {
  const database = createDatabase(config.database);
  let applied: string[];
  try {
    applied = (await migrateToLatest(database)).applied;
  } finally {
    await database.close();
  }
  process.stderr.write(applied.length === 0 ? 'Database schema is up to date.\n' : `Applied ${applied.join(', ')}\n`);
  return 0;
}

/** `tarmac jobs [--limit N]`: the job queue's counts, latest failed and next waiting jobs. */
async function jobs(config: Config, limit: string): Promise<number> {
  if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 100) throw new UsageError('--limit must be a number from 1 to 100');
  const { jobsReport } = await import('./jobs/cli.ts');
  process.stdout.write(await withDatabase(config, (database) => jobsReport(config.database, database, Number(limit))));
  return 0;
}

/** `tarmac storage migrate --to s3|local [--delete-source]` (storage/migrate-cli.ts). */
async function storageMigrateCommand(values: Record<string, string | boolean | undefined>): Promise<number> {
  if (values.to !== 's3' && values.to !== 'local') throw new UsageError('--to must be s3 or local');
  const { storageMigrate } = await import('./storage/migrate-cli.ts');
  return storageMigrate(process.env, values.to, values['delete-source'] === true, (line) => process.stderr.write(line + '\n'));
}

/** `tarmac import zealot …` (modules/zealot-import/cli.ts). */
async function importZealotCommand(config: Config, values: Record<string, string | boolean | undefined>): Promise<number> {
  const { importZealot, ImportUsageError } = await import('./modules/zealot-import/cli.ts');
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const args = {
    databaseUrl: text('database-url'),
    uploads: text('uploads'),
    backup: text('backup'),
    dryRun: values['dry-run'] === true,
    move: values.move === true,
  };
  try {
    return await importZealot(config, args, (line) => process.stderr.write(line + '\n'));
  } catch (error) {
    if (error instanceof ImportUsageError) throw new UsageError(error.message);
    throw error;
  }
}

/** `tarmac backup create|verify …` and `tarmac restore FILE …` (modules/backups/cli.ts). */
async function backupCommand(config: Config, positionals: string[], values: Record<string, string | boolean | undefined>): Promise<number> {
  const cli = await import('./modules/backups/cli.ts');
  const write = (line: string) => process.stderr.write(line + '\n');
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const [first, second, third] = positionals;
  try {
    if (first === 'backup' && second === 'create' && positionals.length === 2) {
      return await cli.backupCreate(config, { apps: text('apps'), out: text('out'), noDatabase: values['no-database'] === true,
        noDebugFiles: values['no-debug-files'] === true }, write);
    }
    if (first === 'backup' && second === 'verify' && third && positionals.length === 3) return await cli.backupVerify(third, write);
    if (first === 'restore' && second && positionals.length === 2) {
      return await cli.restore(config, { file: second, dryRun: values['dry-run'] === true, replace: values.replace === true, yes: values.yes === true }, write);
    }
  } catch (error) {
    if (error instanceof cli.BackupUsageError) throw new UsageError(error.message);
    throw error;
  }
  throw new UsageError(`Unknown command "${positionals.join(' ')}"`);
}

/** `tarmac sign-in allow-passwords`: SSO-only mode off, in the database the running server reads per request. */
async function allowPasswords(config: Config): Promise<number> {
  const was = await withDatabase(config, async (database) => {
    const { settingsService, auditLog } = buildServices(config, database);
    const before = await settingsService.get('password_sign_in_enabled');
    await settingsService.set('password_sign_in_enabled', true);
    if (!before) {
      await auditLog.record({
        action: 'settings.update', actor: { id: null, name: 'cli', via: 'cli' },
        target: { type: 'setting', id: 'password_sign_in_enabled', name: 'password_sign_in_enabled' },
        details: { from: false, to: true },
      });
    }
    return before;
  });
  process.stderr.write(was ? 'Password sign-in was already on.\n' : 'Password sign-in is on again: local accounts can sign in with their password.\n');
  return 0;
}

const CLI_OPTIONS = {
  username: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  name: { type: 'string' },
  'expires-in-days': { type: 'string' },
  limit: { type: 'string' },
  to: { type: 'string' },
  'delete-source': { type: 'boolean' },
  'database-url': { type: 'string' },
  uploads: { type: 'string' },
  backup: { type: 'string' },
  'dry-run': { type: 'boolean' },
  move: { type: 'boolean' },
  apps: { type: 'string' },
  out: { type: 'string' },
  'no-database': { type: 'boolean' },
  'no-debug-files': { type: 'boolean' },
  replace: { type: 'boolean' },
  yes: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runCli(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: CLI_OPTIONS,
  });
  const command = positionals.join(' ');
  if (values.help || command === 'help' || command === '') {
    process.stdout.write(HELP);
    return command === '' && !values.help ? 1 : 0;
  }

  if (command === 'storage migrate') return storageMigrateCommand(values);
  const config = loadConfig();
  if (positionals[0] === 'mail' && positionals[1] === 'test') {
    if (positionals.length !== 3) throw new UsageError('Usage: tarmac mail test ADDRESS');
    const { mailTest } = await import('./mail/cli.ts');
    return mailTest(config, positionals[2]!, (line) => process.stderr.write(line + '\n'));
  }
  if (command === 'import zealot') return importZealotCommand(config, values);
  if (positionals[0] === 'backup' || positionals[0] === 'restore') return backupCommand(config, positionals, values);
  if (command === 'sign-in allow-passwords') return allowPasswords(config);
  switch (command) {
    case 'serve':
      await serve(config);
      return -1; // keep running
    case 'migrate':
      return migrate(config);
    case 'user create': {
      const role = (values.role ?? 'member') as UserRole;
      if (!USER_ROLES.includes(role)) throw new UsageError(`--role must be one of ${USER_ROLES.join(', ')}`);
      const user = await withDatabase(config, (database) =>
        buildServices(config, database).usersService.createAccount({
          username: required(values, 'username'),
          email: required(values, 'email'),
          password: required(values, 'password'),
          role,
        }),
      );
      process.stderr.write(`Created ${user.role} "${user.username}" <${user.email}> with id ${user.id}\n`);
      process.stdout.write(`${user.id}\n`);
      return 0;
    }
    case 'user reset-password': {
      const username = required(values, 'username');
      const password = values.password ?? generatePassword();
      const user = await withDatabase(config, (database) => buildServices(config, database).usersService.resetPassword(username, password));
      process.stderr.write(`Password of "${user.username}" changed; their web sessions were ended.\n`);
      if (values.password === undefined) process.stdout.write(`${password}\n`);
      return 0;
    }
    case 'user reset-two-factor':
      return resetTwoFactor(config, required(values, 'username'));
    case 'token create': {
      const username = required(values, 'username');
      const name = required(values, 'name');
      const rawDays = values['expires-in-days'];
      const days = rawDays === undefined ? undefined : Number(rawDays);
      if (rawDays !== undefined && !/^\d+$/.test(rawDays)) throw new UsageError('--expires-in-days must be a whole number');
      const token = await withDatabase(config, (database) =>
        buildServices(config, database).tokensService.createForUsername(username, name, days),
      );
      process.stdout.write(`${token.token}\n`);
      return 0;
    }
    case 'jobs':
      return jobs(config, values.limit ?? '10');
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

try {
  const code = await runCli(process.argv.slice(2));
  if (code >= 0) process.exitCode = code;
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`tarmac: ${error.message}\n\n${HELP}`);
  } else if (error instanceof ConfigError) {
    process.stderr.write(`tarmac: ${error.message}\n`);
  } else if (error instanceof ValidationError) {
    const lines = Object.entries(error.details).map(([field, messages]) => `  ${field} ${messages.map(messageOf).join(', ')}`);
    process.stderr.write(`tarmac: ${error.message.split(':')[0]}:\n${lines.join('\n')}\n`);
  } else if (error instanceof AppError) {
    process.stderr.write(`tarmac: ${error.message}\n`);
  } else {
    process.stderr.write(`tarmac: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exitCode = 1;
}
