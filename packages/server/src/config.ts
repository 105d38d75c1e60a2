// Every environment variable Tarmac reads, typed, parsed and checked in one place: a wrong
// value stops start-up with a message that names the variable. What each variable means, and
// its default, is documented in config-reference.ts (docs/configuration.md is generated from
// it, and a test fails when a variable read here is missing there).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BodyLimits } from './http/body-guard.ts';
import { addressList, byteSize, ConfigError, flag, integer, oneOf, read } from './config-env.ts';
import type { Env } from './config-env.ts';
import { parseBackupS3, parseDownloadAccel, parseStorage } from './config-storage.ts';
import { parseSignInProviders } from './config-sign-in.ts';
import type { DeclaredProvider } from './config-sign-in.ts';
import type { DownloadAccel, S3Settings, StorageConfig } from './config-storage.ts';
import { allowEntryProblem, PRIVATE_RANGES } from './http/ip-allow-list.ts';
import { parseSettingsFromEnvironment } from './config-settings.ts';
import type { SettingsFromEnvironment } from './config-settings.ts';

export { ConfigError } from './config-env.ts';
export type { DownloadAccel, S3Settings, StorageConfig } from './config-storage.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type DatabaseConfig =
  | { engine: 'sqlite'; filename: string }
  | { engine: 'postgres'; connectionString: string };

export interface Config {
  port: number;
  host: string;
  /** External base URL without a trailing slash; every absolute link is built from it. */
  externalUrl: string;
  /** Whether TARMAC_URL was set: then it wins over the request's (trusted) forwarded headers. */
  externalUrlSet: boolean;
  dataDir: string;
  database: DatabaseConfig;
  secretKey: string;
  logLevel: LogLevel;
  logFormat: 'json' | 'pretty';
  /** Recent log lines this process keeps for the admin log viewer (TARMAC_LOG_BUFFER_LINES, log-ring.ts); 0 keeps none. */
  logBufferLines: number;
  admin: { email: string; password: string } | null;
  /** Fastify's trustProxy: on/off, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  sessionTtlHours: number;
  shutdownTimeoutSeconds: number;
  defaultLocale: 'en' | 'zh-CN';
  /**
   * Settings held by the environment (config-settings.ts): TARMAC_SITE_TITLE (3–32 characters), TARMAC_DEFAULT_LOCALE,
   * TARMAC_DEFAULT_APPEARANCE (light, dark, auto), TARMAC_DEFAULT_TIME_ZONE (an IANA name),
   * TARMAC_PER_PAGE (1–1000, a list's page size when the request names none) and
   * TARMAC_MAX_PER_PAGE (1–1000, the largest per_page a list accepts).
   * A variable that is set wins over the saved setting, which the settings screen then shows read-only (docs/settings.md).
   */
  settingsFromEnvironment: SettingsFromEnvironment;
  /** The largest upload accepted, in bytes; more is answered 413. */
  maxUploadBytes: number;
  /** How long a request's headers may take to arrive. */
  headersTimeoutSeconds: number;
  /** Request bodies' pace, anonymous bodies at once, and the rest of a refused body (http/body-guard.ts). */
  body: BodyLimits;
  /** How long a channel password grant (cookie or URL token) stays valid. */
  channelGrantHours: number;
  /** Wrong passwords (sign-in, current password, channel password) allowed in 15 minutes. */
  maxFailedAttempts: number;
  /** How long the challenge in a /udid profile stays usable (once). */
  udidChallengeMinutes: number;
  /** Device answers (POST /udid/retrieve) one client address may send per hour. */
  udidRegistrationsPerHour: number;
  /** Days a deleted or renamed channel's slug stays reserved for its app. */
  slugGraceDays: number;
  /** Where backup plans with the `local` destination keep their archives (TARMAC_BACKUP_DIR; default <data dir>/backups). */
  backupDir: string;
  /** The bucket of `s3` backup plans (TARMAC_BACKUP_S3_*, else TARMAC_STORAGE=s3's under `backups/`); null when none. */
  backupS3: S3Settings | null;
  /** The largest backup archive /admin/backups accepts as an upload to restore (TARMAC_MAX_RESTORE_UPLOAD_BYTES; default 20 GiB). */
  maxRestoreUploadBytes: number;
  /** Days the audit log keeps a line (TARMAC_AUDIT_RETENTION_DAYS, 1 to 3650; default 365): the daily `audit.prune` drops older ones. */
  auditRetentionDays: number;
  /** Whether webhooks may target loopback, private and link-local addresses (webhooks/outbound.ts). */
  webhookAllowPrivate: boolean;
  /** Webhook deliveries (modules/webhooks): attempts, retry waits, the post's deadline, the log's age. */
  webhook: WebhookConfig;
  /** Background jobs one process runs at once (src/jobs). */
  jobsConcurrency: number;
  /** Build metadata for /api/version; release images set these, a checkout asks git. */
  build: { vcsRef: string | undefined; buildDate: string | undefined };
  /** Outgoing mail (TARMAC_SMTP_URL, TARMAC_MAIL_FROM); null when no SMTP server is configured. */
  mail: MailConfig | null;
  /** Who may read GET /api/health/{checks} without signing in as an administrator (TARMAC_HEALTH_ALLOWED_IPS; `*`: anyone). */
  healthAllowedIps: string[];
  /** GET /metrics in Prometheus format (TARMAC_METRICS), behind a bearer token when TARMAC_METRICS_TOKEN is set. */
  metrics: { enabled: boolean; token: string | undefined };
  /**
   * Demo mode (TARMAC_DEMO_MODE, TARMAC_DEMO_PASSWORD; docs/demo-mode.md): a read-only showcase whose
   * data is wiped and re-seeded at start and daily at 00:00 UTC. Off (null) on a normal instance.
   */
  demo: { password: string } | null;
  /** Where builds, icons and debug files live: the data directory (default) or an S3 bucket (src/storage). */
  storage: StorageConfig;
  /** Whether downloads are handed to the reverse proxy (TARMAC_DOWNLOAD_ACCEL, TARMAC_DOWNLOAD_ACCEL_PREFIX; docs/downloads-accel.md). */
  downloadAccel: DownloadAccel;
  /** Sign-in providers declared by TARMAC_SIGN_IN_PROVIDERS (config-sign-in.ts), upserted at start. */
  signInProviders: DeclaredProvider[];
}

export interface WebhookConfig {
  /** Posts of one delivery before it ends failed (TARMAC_WEBHOOK_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** The wait after the first failed post, doubled after each (TARMAC_WEBHOOK_RETRY_BASE_SECONDS; at most an hour). */
  retryBaseSeconds: number;
  /** One post's deadline, redirects included (TARMAC_WEBHOOK_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
  /** Days deliveries and their attempts are kept (TARMAC_WEBHOOK_LOG_DAYS). */
  logDays: number;
  /** Exact addresses hooks may post to even when private ones are not allowed (TARMAC_WEBHOOK_ALLOW_ADDRESSES). */
  allowAddresses: string[];
}

/** The SMTP server from TARMAC_SMTP_URL; the mailer (src/mail/smtp.ts) hands it to nodemailer. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps:// (TLS from the first byte) rather than smtp://. */
  secure: boolean;
  /** For smtp://: `required` refuses a server without STARTTLS, `never` stays in clear text, `auto` upgrades when offered. */
  starttls: 'auto' | 'required' | 'never';
  user: string | undefined;
  password: string | undefined;
  /** Keep connections open and reuse them (`?pool=true`). */
  pool: boolean;
  /** Connecting, greeting and each command's answer may take this long. */
  timeoutSeconds: number;
}

export interface MailConfig {
  smtp: SmtpSettings;
  /** The From header: an address and an optional display name. */
  from: { address: string; name: string | undefined };
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseExternalUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('TARMAC_URL', `must be an absolute URL such as https://tarmac.example.com, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('TARMAC_URL', `must use http or https, got "${url.protocol}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError('TARMAC_URL', 'must not contain credentials, a query string or a fragment');
  }
  return url.toString().replace(/\/+$/, '');
}

function parseDatabase(raw: string | undefined, dataDir: string): DatabaseConfig {
  if (raw === undefined) return { engine: 'sqlite', filename: path.join(dataDir, 'tarmac.db') };
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    return { engine: 'postgres', connectionString: raw };
  }
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') throw new ConfigError('DATABASE_URL', 'names no file: use sqlite:PATH, e.g. sqlite:./data/tarmac.db');
    if (file === ':memory:') return { engine: 'sqlite', filename: ':memory:' };
    return { engine: 'sqlite', filename: path.resolve(file.replace(/^\/\//, '')) };
  }
  // Never echo the value: it may carry a password.
  throw new ConfigError('DATABASE_URL', 'must start with sqlite: or postgres:// (or postgresql://)');
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
    throw new ConfigError('TARMAC_TRUST_PROXY', `must be true, false, a hop count or a list of IP addresses/CIDRs, got "${raw}"`);
  }
  return parts.join(',');
}

function loadSecretKey(env: Env, dataDir: string): string {
  const raw = read(env, 'TARMAC_SECRET_KEY');
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigError('TARMAC_SECRET_KEY', `must be at least 32 characters long (got ${raw.length})`);
    return raw;
  }
  const file = path.join(dataDir, 'secret_key');
  if (!existsSync(file)) writeKeyFileOnce(file, randomBytes(48).toString('base64url'));
  const stored = readFileSync(file, 'utf8').trim();
  if (stored.length < 32) {
    throw new ConfigError('TARMAC_SECRET_KEY', `is unset and the stored key in ${file} is shorter than 32 characters; delete the file to generate a new one`);
  }
  return stored;
}

/**
 * Writes the key file whole or not at all: instances starting at once on a shared data directory
 * all read the key the first of them linked into place, never a half-written file.
 */
function writeKeyFileOnce(file: string, key: string): void {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temp, key + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(temp, 0o600);
  try {
    linkSync(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    // A file system without hard links: an exclusive create, the file's one writer.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    try {
      writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'EEXIST') throw again;
    }
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Reads and validates the environment. Creates the data directory and, when needed, the
 * secret key file. Throws ConfigError naming the variable on any wrong value.
 */
/** The audit log's retention and where local backups go. */
function operationsConfig(
  env: Env, dataDir: string, storage: StorageConfig,
): Pick<Config, 'auditRetentionDays' | 'backupDir' | 'backupS3' | 'maxRestoreUploadBytes'> {
  return {
    maxRestoreUploadBytes: byteSize(env, 'TARMAC_MAX_RESTORE_UPLOAD_BYTES', 20 * 1024 ** 3),
    auditRetentionDays: integer(env, 'TARMAC_AUDIT_RETENTION_DAYS', 365, 1, 3650),
    backupDir: path.resolve(read(env, 'TARMAC_BACKUP_DIR') ?? path.join(dataDir, 'backups')),
    backupS3: parseBackupS3(env, storage),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = read(env, 'HOST') ?? '0.0.0.0';
  const externalUrlSet = read(env, 'TARMAC_URL') !== undefined;
  const externalUrl = parseExternalUrl(read(env, 'TARMAC_URL') ?? `http://localhost:${port}`);
  const dataDir = path.resolve(read(env, 'TARMAC_DATA_DIR') ?? './data');
  const storage = parseStorage(env);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError('TARMAC_DATA_DIR', `cannot be created at ${dataDir}: ${(error as Error).message}`);
  }
  const database = parseDatabase(read(env, 'DATABASE_URL'), dataDir);
  const logLevel = oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info');
  const nodeEnv = read(env, 'NODE_ENV') ?? 'production';
  const logFormat = oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, nodeEnv === 'development' ? 'pretty' : 'json');

  const adminEmail = read(env, 'TARMAC_ADMIN_EMAIL');
  const adminPassword = env.TARMAC_ADMIN_PASSWORD === '' ? undefined : env.TARMAC_ADMIN_PASSWORD;
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    const missing = adminEmail === undefined ? 'TARMAC_ADMIN_EMAIL' : 'TARMAC_ADMIN_PASSWORD';
    throw new ConfigError(missing, 'must be set together with ' + (missing === 'TARMAC_ADMIN_EMAIL' ? 'TARMAC_ADMIN_PASSWORD' : 'TARMAC_ADMIN_EMAIL'));
  }
  if (adminEmail !== undefined && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError('TARMAC_ADMIN_EMAIL', `is not an email address: "${adminEmail}"`);
  }
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new ConfigError('TARMAC_ADMIN_PASSWORD', 'must be 8 to 128 characters long');
  }

  return {
    port,
    host,
    externalUrl,
    externalUrlSet,
    dataDir,
    database,
    secretKey: loadSecretKey(env, dataDir),
    logLevel,
    logFormat,
    logBufferLines: integer(env, 'TARMAC_LOG_BUFFER_LINES', 1000, 0, 100_000),
    admin: adminEmail !== undefined && adminPassword !== undefined ? { email: adminEmail, password: adminPassword } : null,
    trustProxy: parseTrustProxy(read(env, 'TARMAC_TRUST_PROXY')),
    sessionTtlHours: integer(env, 'TARMAC_SESSION_TTL_HOURS', 336, 1, 8760),
    shutdownTimeoutSeconds: integer(env, 'TARMAC_SHUTDOWN_TIMEOUT_SECONDS', 30, 0, 3600),
    defaultLocale: oneOf(env, 'TARMAC_DEFAULT_LOCALE', ['en', 'zh-CN'] as const, 'en'),
    settingsFromEnvironment: parseSettingsFromEnvironment(env),
    maxUploadBytes: byteSize(env, 'TARMAC_MAX_UPLOAD_BYTES', 2 * 1024 ** 3),
    headersTimeoutSeconds: integer(env, 'TARMAC_HEADERS_TIMEOUT_SECONDS', 60, 1, 3600),
    body: {
      minRateBytes: integer(env, 'TARMAC_MIN_UPLOAD_RATE_BYTES', 1024, 0, 1024 ** 3),
      graceSeconds: integer(env, 'TARMAC_UPLOAD_GRACE_SECONDS', 60, 0, 86400),
      idleSeconds: integer(env, 'TARMAC_BODY_IDLE_TIMEOUT_SECONDS', 120, 1, 86400),
      maxAnonymousBodies: integer(env, 'TARMAC_MAX_ANONYMOUS_BODIES', 32, 1, 100000),
      drainBytes: byteSize(env, 'TARMAC_REFUSED_BODY_DRAIN_BYTES', 1024 ** 3),
      drainSeconds: integer(env, 'TARMAC_REFUSED_BODY_DRAIN_SECONDS', 30, 0, 3600),
    },
    channelGrantHours: integer(env, 'TARMAC_CHANNEL_GRANT_HOURS', 24, 1, 8760),
    maxFailedAttempts: integer(env, 'TARMAC_MAX_FAILED_ATTEMPTS', 10, 1, 10000),
    udidChallengeMinutes: integer(env, 'TARMAC_UDID_CHALLENGE_MINUTES', 15, 1, 1440),
    udidRegistrationsPerHour: integer(env, 'TARMAC_UDID_REGISTRATIONS_PER_HOUR', 20, 1, 100000),
    slugGraceDays: integer(env, 'TARMAC_SLUG_GRACE_DAYS', 30, 0, 3650),
    ...operationsConfig(env, dataDir, storage),
    webhookAllowPrivate: flag(env, 'TARMAC_WEBHOOK_ALLOW_PRIVATE', false),
    webhook: {
      maxAttempts: integer(env, 'TARMAC_WEBHOOK_MAX_ATTEMPTS', 6, 1, 20),
      retryBaseSeconds: integer(env, 'TARMAC_WEBHOOK_RETRY_BASE_SECONDS', 30, 0, 3600),
      timeoutSeconds: integer(env, 'TARMAC_WEBHOOK_TIMEOUT_SECONDS', 10, 1, 120),
      logDays: integer(env, 'TARMAC_WEBHOOK_LOG_DAYS', 30, 1, 3650),
      allowAddresses: addressList(env, 'TARMAC_WEBHOOK_ALLOW_ADDRESSES'),
    },
    jobsConcurrency: integer(env, 'TARMAC_JOBS_CONCURRENCY', 2, 1, 64),
    build: { vcsRef: read(env, 'TARMAC_VCS_REF'), buildDate: read(env, 'TARMAC_BUILD_DATE') },
    mail: parseMail(env),
    metrics: { enabled: flag(env, 'TARMAC_METRICS', false), token: metricsToken(env) },
    demo: parseDemo(env),
    healthAllowedIps: healthAllowList(env),
    storage,
    downloadAccel: parseDownloadAccel(env, storage),
    signInProviders: parseSignInProviders(env), // (env, 'TARMAC_SIGN_IN_PROVIDERS') and their secrets
  };
}

/** The demo accounts' password when the documented default does not suit; at least 8 characters. */
export const DEFAULT_DEMO_PASSWORD = 'tarmac-demo';

function parseDemo(env: Env): Config['demo'] {
  if (!flag(env, 'TARMAC_DEMO_MODE', false)) return null;
  const password = read(env, 'TARMAC_DEMO_PASSWORD') ?? DEFAULT_DEMO_PASSWORD;
  if (password.length < 8) throw new ConfigError('TARMAC_DEMO_PASSWORD', 'must be at least 8 characters long');
  return { password };
}

/** TARMAC_HEALTH_ALLOWED_IPS: addresses and CIDR ranges, or `*`; loopback and the private ranges when unset. */
function healthAllowList(env: Env): string[] {
  const raw = read(env, 'TARMAC_HEALTH_ALLOWED_IPS');
  const entries = raw === undefined ? PRIVATE_RANGES : raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const problem = entries.map(allowEntryProblem).find((found) => found !== null);
  if (problem) throw new ConfigError('TARMAC_HEALTH_ALLOWED_IPS', `must be IP addresses or CIDR ranges separated by commas, or *: ${problem}`);
  return [...entries];
}

/** TARMAC_METRICS_TOKEN: what a scraper sends as `Authorization: Bearer <token>`; printable, no spaces. */
function metricsToken(env: Env): string | undefined {
  const name = 'TARMAC_METRICS_TOKEN';
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  if (raw.length < 16 || raw.length > 256) throw new ConfigError(name, `must be 16 to 256 characters long (got ${raw.length})`);
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new ConfigError(name, 'must be printable ASCII without spaces (it is sent in a header)');
  return raw;
}

/** A single mailbox: local@domain, no spaces, quotes, brackets, commas or line breaks. */
export const MAILBOX = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function parseMailFrom(raw: string | undefined): MailConfig['from'] {
  const name = 'TARMAC_MAIL_FROM';
  if (raw === undefined) throw new ConfigError(name, 'must be set when TARMAC_SMTP_URL is (e.g. "Tarmac <tarmac@example.com>")');
  const match = /^(?:"?([^"<>\r\n]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const address = match?.[2] ?? match?.[3];
  if (address === undefined || address.length > 254 || !MAILBOX.test(address)) {
    throw new ConfigError(name, `must be an address such as tarmac@example.com or "Tarmac <tarmac@example.com>", got "${raw}"`);
  }
  const display = match?.[1]?.trim();
  return { address, name: display === undefined || display === '' ? undefined : display };
}

const SMTP_QUERY = ['starttls', 'pool', 'timeout'];

function parseSmtpUrl(raw: string): SmtpSettings {
  const name = 'TARMAC_SMTP_URL';
  // Never echo the value: it carries the password.
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL such as smtp://user:password@smtp.example.com:587 or smtps://…:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(name, `must start with smtp:// or smtps://, got "${url.protocol}//"`);
  if (url.hostname === '') throw new ConfigError(name, 'names no host');
  if ((url.pathname !== '' && url.pathname !== '/') || url.hash) throw new ConfigError(name, 'must not have a path or a fragment');
  const unknown = [...url.searchParams.keys()].find((key) => !SMTP_QUERY.includes(key));
  if (unknown !== undefined) throw new ConfigError(name, `has an unknown option "${unknown}" (known: ${SMTP_QUERY.join(', ')})`);
  const secure = url.protocol === 'smtps:';
  const starttls = url.searchParams.get('starttls') ?? 'auto';
  if (starttls !== 'auto' && starttls !== 'required' && starttls !== 'never') {
    throw new ConfigError(name, `option starttls must be required, never or auto, got "${starttls}"`);
  }
  if (secure && starttls !== 'auto') throw new ConfigError(name, 'option starttls applies to smtp:// only (smtps:// is TLS from the start)');
  const pool = url.searchParams.get('pool') ?? 'false';
  if (pool !== 'true' && pool !== 'false') throw new ConfigError(name, `option pool must be true or false, got "${pool}"`);
  const timeout = url.searchParams.get('timeout') ?? '30';
  if (!/^\d{1,4}$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 600) {
    throw new ConfigError(name, `option timeout must be a number of seconds from 1 to 600, got "${timeout}"`);
  }
  const decode = (part: string) => {
    try {
      return part === '' ? undefined : decodeURIComponent(part);
    } catch {
      throw new ConfigError(name, 'has a badly percent-encoded user or password');
    }
  };
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    starttls,
    user: decode(url.username),
    password: decode(url.password),
    pool: pool === 'true',
    timeoutSeconds: Number(timeout),
  };
}

function parseMail(env: Env): MailConfig | null {
  const raw = read(env, 'TARMAC_SMTP_URL');
  if (raw === undefined) {
    const from = read(env, 'TARMAC_MAIL_FROM');
    if (from !== undefined) parseMailFrom(from);
    return null;
  }
  return { smtp: parseSmtpUrl(raw), from: parseMailFrom(read(env, 'TARMAC_MAIL_FROM')) };
}

/** A short description of the database for the start-up line, without credentials. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.engine === 'sqlite') return `sqlite (${database.filename})`;
  const url = new URL(database.connectionString);
  return `postgres (${url.hostname}${url.port ? ':' + url.port : ''}${url.pathname})`;
}
