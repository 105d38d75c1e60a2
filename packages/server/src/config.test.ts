// Configuration: defaults, every wrong value stopping start-up with the variable's name, and
// the generated reference page staying in step with the code.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables, renderConfigurationReference } from './config-reference.ts';
import { ConfigError, describeDatabase, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tarmac-config-'));

describe('loadConfig', () => {
  it('has working defaults: port 3000, SQLite in the data dir, a generated secret key kept on disk', () => {
    const dir = dataDir();
    const config = loadConfig({ TARMAC_DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      externalUrl: 'http://localhost:3000',
      dataDir: dir,
      database: { engine: 'sqlite', filename: path.join(dir, 'tarmac.db') },
      logLevel: 'info',
      logFormat: 'json',
      admin: null,
      trustProxy: false,
      defaultLocale: 'en',
      webhookAllowPrivate: false,
      jobsConcurrency: 2,
      metrics: { enabled: false, token: undefined },
      healthAllowedIps: ['127.0.0.0/8', '::1/128', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
      storage: { kind: 'local' },
    });
    expect(config.secretKey.length).toBeGreaterThanOrEqual(32);
    const keyFile = path.join(dir, 'secret_key');
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(config.secretKey);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    // The same key on the next start.
    expect(loadConfig({ TARMAC_DATA_DIR: dir }).secretKey).toBe(config.secretKey);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      TARMAC_URL: 'https://tarmac.example.com/',
      TARMAC_DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u:p@db.example.com:5433/tarmac',
      TARMAC_SECRET_KEY: 'k'.repeat(40),
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'pretty',
      TARMAC_ADMIN_EMAIL: 'root@example.com',
      TARMAC_ADMIN_PASSWORD: 'correct horse',
      TARMAC_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      TARMAC_SESSION_TTL_HOURS: '24',
      TARMAC_SHUTDOWN_TIMEOUT_SECONDS: '5',
      TARMAC_DEFAULT_LOCALE: 'zh-CN',
      TARMAC_MIN_UPLOAD_RATE_BYTES: '0',
      TARMAC_UPLOAD_GRACE_SECONDS: '5',
      TARMAC_BODY_IDLE_TIMEOUT_SECONDS: '7',
      TARMAC_HEADERS_TIMEOUT_SECONDS: '9',
      TARMAC_MAX_ANONYMOUS_BODIES: '4',
      TARMAC_REFUSED_BODY_DRAIN_BYTES: '64MiB',
      TARMAC_REFUSED_BODY_DRAIN_SECONDS: '3',
      TARMAC_SLUG_GRACE_DAYS: '0',
      TARMAC_JOBS_CONCURRENCY: '8',
      TARMAC_UDID_CHALLENGE_MINUTES: '2',
      TARMAC_UDID_REGISTRATIONS_PER_HOUR: '6',
      TARMAC_WEBHOOK_ALLOW_PRIVATE: 'true',
      TARMAC_METRICS: 'true',
      TARMAC_METRICS_TOKEN: 'scrape-token-0123456789',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      externalUrl: 'https://tarmac.example.com',
      database: { engine: 'postgres', connectionString: 'postgres://u:p@db.example.com:5433/tarmac' },
      secretKey: 'k'.repeat(40),
      logLevel: 'debug',
      logFormat: 'pretty',
      admin: { email: 'root@example.com', password: 'correct horse' },
      trustProxy: '10.0.0.0/8,127.0.0.1',
      sessionTtlHours: 24,
      shutdownTimeoutSeconds: 5,
      defaultLocale: 'zh-CN',
      body: { minRateBytes: 0, graceSeconds: 5, idleSeconds: 7, maxAnonymousBodies: 4, drainBytes: 64 * 1024 ** 2, drainSeconds: 3 },
      headersTimeoutSeconds: 9,
      slugGraceDays: 0,
      jobsConcurrency: 8,
      udidChallengeMinutes: 2,
      udidRegistrationsPerHour: 6,
      webhookAllowPrivate: true,
      metrics: { enabled: true, token: 'scrape-token-0123456789' },
    });
    expect(describeDatabase(config.database)).toBe('postgres (db.example.com:5433/tarmac)');
  });

  it('reads the upload limit in bytes or with a unit, 2 GiB by default', () => {
    const dir = dataDir();
    expect(loadConfig({ TARMAC_DATA_DIR: dir }).maxUploadBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ TARMAC_DATA_DIR: dir, TARMAC_MAX_UPLOAD_BYTES: '1048576' }).maxUploadBytes).toBe(1048576);
    expect(loadConfig({ TARMAC_DATA_DIR: dir, TARMAC_MAX_UPLOAD_BYTES: '500MB' }).maxUploadBytes).toBe(500_000_000);
    expect(loadConfig({ TARMAC_DATA_DIR: dir, TARMAC_MAX_UPLOAD_BYTES: '1.5GiB' }).maxUploadBytes).toBe(1.5 * 1024 ** 3);
    expect(loadConfig({ TARMAC_DATA_DIR: dir, TARMAC_MAX_UPLOAD_BYTES: '64kb' }).maxUploadBytes).toBe(64_000);
  });

  it('accepts sqlite:PATH in its spellings', () => {
    const dir = dataDir();
    expect(loadConfig({ TARMAC_DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/a.db` }).database).toEqual({ engine: 'sqlite', filename: `${dir}/a.db` });
    expect(loadConfig({ TARMAC_DATA_DIR: dir, DATABASE_URL: `sqlite://${dir}/b.db` }).database).toEqual({ engine: 'sqlite', filename: `${dir}/b.db` });
  });

  const wrong: [string, Record<string, string>, RegExp][] = [
    ['PORT', { PORT: 'abc' }, /PORT must be a whole number, got "abc"/],
    ['PORT', { PORT: '70000' }, /PORT must be between 0 and 65535/],
    ['TARMAC_URL', { TARMAC_URL: 'not a url' }, /TARMAC_URL must be an absolute URL/],
    ['TARMAC_URL', { TARMAC_URL: 'ftp://example.com' }, /TARMAC_URL must use http or https/],
    ['TARMAC_URL', { TARMAC_URL: 'https://example.com/?a=1' }, /TARMAC_URL must not contain/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL must start with sqlite: or postgres:\/\//],
    ['DATABASE_URL', { DATABASE_URL: 'sqlite:' }, /DATABASE_URL names no file/],
    ['TARMAC_SECRET_KEY', { TARMAC_SECRET_KEY: 'short' }, /TARMAC_SECRET_KEY must be at least 32 characters long \(got 5\)/],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"/],
    ['LOG_FORMAT', { LOG_FORMAT: 'xml' }, /LOG_FORMAT must be one of json, pretty/],
    ['TARMAC_ADMIN_PASSWORD', { TARMAC_ADMIN_EMAIL: 'a@example.com' }, /TARMAC_ADMIN_PASSWORD must be set together with TARMAC_ADMIN_EMAIL/],
    ['TARMAC_ADMIN_EMAIL', { TARMAC_ADMIN_PASSWORD: 'longenough' }, /TARMAC_ADMIN_EMAIL must be set together with TARMAC_ADMIN_PASSWORD/],
    ['TARMAC_ADMIN_EMAIL', { TARMAC_ADMIN_EMAIL: 'nobody', TARMAC_ADMIN_PASSWORD: 'longenough' }, /TARMAC_ADMIN_EMAIL is not an email address/],
    ['TARMAC_ADMIN_PASSWORD', { TARMAC_ADMIN_EMAIL: 'a@example.com', TARMAC_ADMIN_PASSWORD: 'short' }, /TARMAC_ADMIN_PASSWORD must be 8 to 128/],
    ['TARMAC_TRUST_PROXY', { TARMAC_TRUST_PROXY: 'yes please' }, /TARMAC_TRUST_PROXY must be true, false/],
    ['TARMAC_SESSION_TTL_HOURS', { TARMAC_SESSION_TTL_HOURS: '0' }, /TARMAC_SESSION_TTL_HOURS must be between 1 and 8760/],
    ['TARMAC_DEFAULT_LOCALE', { TARMAC_DEFAULT_LOCALE: 'fr' }, /TARMAC_DEFAULT_LOCALE must be one of en, zh-CN/],
    ['TARMAC_MAX_UPLOAD_BYTES', { TARMAC_MAX_UPLOAD_BYTES: 'lots' }, /TARMAC_MAX_UPLOAD_BYTES must be a number of bytes, optionally with a unit/],
    ['TARMAC_MAX_UPLOAD_BYTES', { TARMAC_MAX_UPLOAD_BYTES: '2 parsecs' }, /TARMAC_MAX_UPLOAD_BYTES must be a number of bytes/],
    ['TARMAC_MAX_UPLOAD_BYTES', { TARMAC_MAX_UPLOAD_BYTES: '10' }, /TARMAC_MAX_UPLOAD_BYTES must be at least 1024 bytes, got 10/],
    ['TARMAC_MIN_UPLOAD_RATE_BYTES', { TARMAC_MIN_UPLOAD_RATE_BYTES: '-1' }, /TARMAC_MIN_UPLOAD_RATE_BYTES must be/],
    ['TARMAC_UPLOAD_GRACE_SECONDS', { TARMAC_UPLOAD_GRACE_SECONDS: 'soon' }, /TARMAC_UPLOAD_GRACE_SECONDS must be/],
    ['TARMAC_BODY_IDLE_TIMEOUT_SECONDS', { TARMAC_BODY_IDLE_TIMEOUT_SECONDS: '0' }, /TARMAC_BODY_IDLE_TIMEOUT_SECONDS must be between 1 and 86400/],
    ['TARMAC_HEADERS_TIMEOUT_SECONDS', { TARMAC_HEADERS_TIMEOUT_SECONDS: '0' }, /TARMAC_HEADERS_TIMEOUT_SECONDS must be/],
    ['TARMAC_MAX_ANONYMOUS_BODIES', { TARMAC_MAX_ANONYMOUS_BODIES: '0' }, /TARMAC_MAX_ANONYMOUS_BODIES must be between 1 and 100000/],
    ['TARMAC_REFUSED_BODY_DRAIN_BYTES', { TARMAC_REFUSED_BODY_DRAIN_BYTES: 'all' }, /TARMAC_REFUSED_BODY_DRAIN_BYTES must be a number of bytes/],
    ['TARMAC_REFUSED_BODY_DRAIN_SECONDS', { TARMAC_REFUSED_BODY_DRAIN_SECONDS: '3601' }, /TARMAC_REFUSED_BODY_DRAIN_SECONDS must be between 0 and 3600/],
    ['TARMAC_SLUG_GRACE_DAYS', { TARMAC_SLUG_GRACE_DAYS: '3651' }, /TARMAC_SLUG_GRACE_DAYS must be between 0 and 3650/],
    ['TARMAC_JOBS_CONCURRENCY', { TARMAC_JOBS_CONCURRENCY: '65' }, /TARMAC_JOBS_CONCURRENCY must be between 1 and 64/],
    ['TARMAC_UDID_CHALLENGE_MINUTES', { TARMAC_UDID_CHALLENGE_MINUTES: '0' }, /TARMAC_UDID_CHALLENGE_MINUTES must be between 1 and 1440/],
    ['TARMAC_UDID_REGISTRATIONS_PER_HOUR', { TARMAC_UDID_REGISTRATIONS_PER_HOUR: 'many' }, /TARMAC_UDID_REGISTRATIONS_PER_HOUR must be/],
    ['TARMAC_WEBHOOK_ALLOW_PRIVATE', { TARMAC_WEBHOOK_ALLOW_PRIVATE: 'maybe' }, /TARMAC_WEBHOOK_ALLOW_PRIVATE must be true or false, got "maybe"/],
    ['TARMAC_HEALTH_ALLOWED_IPS', { TARMAC_HEALTH_ALLOWED_IPS: '10.0.0.0/8, example.com' }, /TARMAC_HEALTH_ALLOWED_IPS must be .*"example.com" is not/],
    ['TARMAC_HEALTH_ALLOWED_IPS', { TARMAC_HEALTH_ALLOWED_IPS: '10.0.0.0/33' }, /TARMAC_HEALTH_ALLOWED_IPS .*prefix length outside 0..32/],
    ['TARMAC_METRICS', { TARMAC_METRICS: 'on' }, /TARMAC_METRICS must be true or false, got "on"/],
    ['TARMAC_METRICS_TOKEN', { TARMAC_METRICS_TOKEN: 'short' }, /TARMAC_METRICS_TOKEN must be 16 to 256 characters long \(got 5\)/],
    ['TARMAC_METRICS_TOKEN', { TARMAC_METRICS_TOKEN: 'a token with spaces in it' }, /TARMAC_METRICS_TOKEN must be printable ASCII without spaces/],
  ];
  it.each(wrong)('rejects a wrong %s with a message naming it', (variable, env, message) => {
    let caught: unknown;
    try {
      loadConfig({ TARMAC_DATA_DIR: dataDir(), ...env });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variable).toBe(variable);
    expect((caught as ConfigError).message).toMatch(message);
  });

  it('never echoes a database password in its error', () => {
    expect(() => loadConfig({ TARMAC_DATA_DIR: dataDir(), DATABASE_URL: 'mysql://root:hunter2@localhost/x' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});

describe('TARMAC_STORAGE and TARMAC_S3_*', () => {
  const s3 = { TARMAC_STORAGE: 's3', TARMAC_S3_BUCKET: 'builds' };
  const load = (env: Record<string, string>) => loadConfig({ TARMAC_DATA_DIR: dataDir(), ...env });

  it('reads an S3 store, with the SDK\'s credential chain when no keys are given and presigned redirects by default', () => {
    expect(load(s3).storage).toEqual({
      kind: 's3',
      s3: {
        bucket: 'builds', region: 'us-east-1', endpoint: undefined, publicEndpoint: undefined, forcePathStyle: false, credentials: undefined,
        prefix: '', downloads: 'redirect', presignSeconds: 300,
      },
    });
    const full = load({
      ...s3, TARMAC_S3_REGION: 'eu-west-1', TARMAC_S3_ENDPOINT: 'http://minio:9000/', TARMAC_S3_FORCE_PATH_STYLE: 'true',
      TARMAC_S3_ACCESS_KEY_ID: 'AKIA1', TARMAC_S3_SECRET_ACCESS_KEY: 'secret', TARMAC_S3_PREFIX: 'team/tarmac/',
      TARMAC_S3_PRESIGN_SECONDS: '60', TARMAC_S3_PUBLIC_ENDPOINT: 'https://files.example.com',
    });
    expect(full.storage).toEqual({
      kind: 's3',
      s3: {
        bucket: 'builds', region: 'eu-west-1', endpoint: 'http://minio:9000', publicEndpoint: 'https://files.example.com', forcePathStyle: true,
        credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' }, prefix: 'team/tarmac/', downloads: 'redirect', presignSeconds: 60,
      },
    });
  });

  it.each([
    [{ TARMAC_STORAGE: 'gcs' }, 'TARMAC_STORAGE must be one of local, s3, got "gcs"'],
    [{ TARMAC_STORAGE: 's3' }, 'TARMAC_S3_BUCKET must be set when TARMAC_STORAGE=s3'],
    [{ TARMAC_S3_BUCKET: 'builds' }, 'TARMAC_S3_BUCKET is set but TARMAC_STORAGE is not s3: set TARMAC_STORAGE=s3, or unset it'],
    [{ ...s3, TARMAC_S3_BUCKET: 'Bad_Bucket!' }, 'TARMAC_S3_BUCKET is not a bucket name, got "Bad_Bucket!"'],
    [{ ...s3, TARMAC_S3_ACCESS_KEY_ID: 'AKIA1' }, 'TARMAC_S3_SECRET_ACCESS_KEY must be set together with TARMAC_S3_ACCESS_KEY_ID'],
    [{ ...s3, TARMAC_S3_SECRET_ACCESS_KEY: 'x' }, 'TARMAC_S3_ACCESS_KEY_ID must be set together with TARMAC_S3_SECRET_ACCESS_KEY'],
    [{ ...s3, TARMAC_S3_ENDPOINT: 'minio:9000' }, 'TARMAC_S3_ENDPOINT must use http or https, got "minio:"'],
    [{ ...s3, TARMAC_S3_ENDPOINT: 'https://key:secret@s3.example.com' }, 'TARMAC_S3_ENDPOINT must not contain credentials, a query string or a fragment'],
    [{ ...s3, TARMAC_S3_FORCE_PATH_STYLE: 'yes' }, 'TARMAC_S3_FORCE_PATH_STYLE must be true or false, got "yes"'],
    [{ ...s3, TARMAC_S3_PREFIX: '../up' }, 'TARMAC_S3_PREFIX must be folder names separated by /, got "../up"'],
    [{ ...s3, TARMAC_S3_PREFIX: 'a/./b' }, 'TARMAC_S3_PREFIX must be folder names separated by /, got "a/./b"'],
    [{ ...s3, TARMAC_S3_PREFIX: 'a b' }, 'TARMAC_S3_PREFIX must be folder names separated by /, got "a b"'],
    [{ ...s3, TARMAC_S3_DOWNLOADS: 'proxy', TARMAC_S3_PUBLIC_ENDPOINT: 'https://s3.example.com' }, 'TARMAC_S3_PUBLIC_ENDPOINT is only used with'],
    [{ ...s3, TARMAC_S3_PUBLIC_ENDPOINT: 'ftp://x' }, 'TARMAC_S3_PUBLIC_ENDPOINT must use http or https, got "ftp:"'],
    [{ TARMAC_S3_PUBLIC_ENDPOINT: 'https://s3.example.com' }, 'TARMAC_S3_PUBLIC_ENDPOINT is set but TARMAC_STORAGE is not s3'],
    [{ ...s3, TARMAC_S3_DOWNLOADS: 'direct' }, 'TARMAC_S3_DOWNLOADS must be one of redirect, proxy, got "direct"'],
    [{ ...s3, TARMAC_S3_PRESIGN_SECONDS: '5' }, 'TARMAC_S3_PRESIGN_SECONDS must be between 10 and 604800, got 5'],
    [{ ...s3, TARMAC_DOWNLOAD_ACCEL: 'nginx' }, 'TARMAC_DOWNLOAD_ACCEL hands files on local disk to the proxy: with TARMAC_STORAGE=s3 leave it off'],
  ])('refuses %j at start with one clear line', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});

describe('TARMAC_BACKUP_S3_*', () => {
  const load = (env: Record<string, string>) => loadConfig({ TARMAC_DATA_DIR: dataDir(), ...env });

  it('has no backup bucket by default, the files\' bucket under backups/ with TARMAC_STORAGE=s3, or one of its own', () => {
    expect(load({}).backupS3).toBeNull();
    expect(load({ TARMAC_STORAGE: 's3', TARMAC_S3_BUCKET: 'builds', TARMAC_S3_PREFIX: 'team' }).backupS3).toMatchObject({
      bucket: 'builds', prefix: 'team/backups/', downloads: 'proxy',
    });
    expect(load({ TARMAC_STORAGE: 's3', TARMAC_S3_BUCKET: 'builds', TARMAC_BACKUP_S3_PREFIX: 'nightly/' }).backupS3?.prefix).toBe('nightly/');
    expect(load({
      TARMAC_BACKUP_S3_BUCKET: 'offsite', TARMAC_BACKUP_S3_ENDPOINT: 'http://minio:9000', TARMAC_BACKUP_S3_FORCE_PATH_STYLE: 'true',
      TARMAC_BACKUP_S3_ACCESS_KEY_ID: 'AKIA2', TARMAC_BACKUP_S3_SECRET_ACCESS_KEY: 's2', TARMAC_BACKUP_S3_REGION: 'eu-west-1',
    }).backupS3).toEqual({
      bucket: 'offsite', region: 'eu-west-1', endpoint: 'http://minio:9000', publicEndpoint: undefined, forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA2', secretAccessKey: 's2' }, prefix: 'backups/', downloads: 'proxy', presignSeconds: 300,
    });
  });

  it.each([
    [{ TARMAC_BACKUP_S3_ENDPOINT: 'http://minio:9000' }, 'TARMAC_BACKUP_S3_ENDPOINT is set but TARMAC_BACKUP_S3_BUCKET is not'],
    [{ TARMAC_BACKUP_S3_PREFIX: 'nightly' }, 'TARMAC_BACKUP_S3_PREFIX needs a bucket'],
    [{ TARMAC_BACKUP_S3_BUCKET: 'No!' }, 'TARMAC_BACKUP_S3_BUCKET is not a bucket name, got "No!"'],
    [{ TARMAC_BACKUP_S3_BUCKET: 'offsite', TARMAC_BACKUP_S3_ACCESS_KEY_ID: 'A' }, 'TARMAC_BACKUP_S3_SECRET_ACCESS_KEY must be set together with'],
    [{ TARMAC_BACKUP_S3_BUCKET: 'offsite', TARMAC_BACKUP_S3_PREFIX: '../x' }, 'TARMAC_BACKUP_S3_PREFIX must be folder names separated by /'],
    [{ TARMAC_BACKUP_S3_BUCKET: 'offsite', TARMAC_BACKUP_S3_ENDPOINT: 'minio' }, 'TARMAC_BACKUP_S3_ENDPOINT must be an absolute URL'],
    [{ TARMAC_MAX_RESTORE_UPLOAD_BYTES: 'lots' }, 'TARMAC_MAX_RESTORE_UPLOAD_BYTES'],
  ])('refuses %j at start with one clear line', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});

describe('docs/configuration.md', () => {
  it('is the generated reference (run `npm run docs:config` after changing config-reference.ts)', () => {
    const file = path.resolve(import.meta.dirname, '../../../docs/configuration.md');
    expect(readFileSync(file, 'utf8')).toBe(renderConfigurationReference());
  });

  it('the README names every variable', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const variable of configVariables) expect(readme, variable.name).toContain(`\`${variable.name}\``);
  });

  it('documents every variable config.ts reads', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/\(env, '([A-Z_]+)'/g)].map((m) => m[1]));
    read.add('TARMAC_ADMIN_PASSWORD');
    const documented = new Set(configVariables.map((v) => v.name));
    for (const name of read) expect(documented, name).toContain(name);
  });
});
