// Where builds, icons and debug files live (TARMAC_STORAGE, TARMAC_S3_*) and how downloads leave
// (TARMAC_DOWNLOAD_ACCEL*): read and checked for config.ts, documented in config-reference.ts.
import { ConfigError, flag, integer, oneOf, read } from './config-env.ts';
import type { Env } from './config-env.ts';

export type StorageConfig = { kind: 'local' } | { kind: 's3'; s3: S3Settings };

/** TARMAC_S3_*: the bucket and how to reach it; the SDK's credential chain when no keys are given. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Where testers reach the store, when not at `endpoint` (presigned URLs are signed for it). */
  publicEndpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Put before every key: empty, or ending in `/`. */
  prefix: string;
  /** `redirect`: a presigned URL that expires after presignSeconds; `proxy`: streamed through Tarmac. */
  downloads: 'redirect' | 'proxy';
  presignSeconds: number;
}

/** Off; nginx's X-Accel-Redirect to `prefix` + the storage key; or X-Sendfile with the file's absolute path. */
export type DownloadAccel = { mode: 'off' } | { mode: 'nginx'; prefix: string } | { mode: 'sendfile' };

/** Folder names of letters, digits, `.`, `_` and `-` separated by `/`, none of them `.` or `..`. */
const S3_PREFIX = /^(?!(.*\/)?\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** TARMAC_STORAGE and, for `s3`, TARMAC_S3_*; an S3 variable without TARMAC_STORAGE=s3 is a mistake worth stopping for. */
export function parseStorage(env: Env): StorageConfig {
  if (oneOf(env, 'TARMAC_STORAGE', ['local', 's3'] as const, 'local') === 'local') {
    const stray = Object.keys(env).find((name) => name.startsWith('TARMAC_S3_') && read(env, name) !== undefined);
    if (stray !== undefined) throw new ConfigError(stray, 'is set but TARMAC_STORAGE is not s3: set TARMAC_STORAGE=s3, or unset it');
    return { kind: 'local' };
  }
  return { kind: 's3', s3: parseS3(env, 'TARMAC_S3_') };
}

/** The bucket settings named `<vars>BUCKET`, `<vars>REGION`, …: TARMAC_S3_* for files, TARMAC_BACKUP_S3_* for backups. */
function parseS3(env: Env, vars: 'TARMAC_S3_' | 'TARMAC_BACKUP_S3_'): S3Settings {
  const bucket = read(env, `${vars}BUCKET`);
  if (bucket === undefined) throw new ConfigError(`${vars}BUCKET`, vars === 'TARMAC_S3_' ? 'must be set when TARMAC_STORAGE=s3' : 'must be set');
  if (!/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`${vars}BUCKET`, `is not a bucket name, got "${bucket}"`);
  }
  const region = read(env, `${vars}REGION`) ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/.test(region)) {
    throw new ConfigError(`${vars}REGION`, `is not a region name such as eu-west-1, got "${region}"`);
  }
  const keyId = read(env, `${vars}ACCESS_KEY_ID`);
  const secret = read(env, `${vars}SECRET_ACCESS_KEY`);
  if ((keyId === undefined) !== (secret === undefined)) {
    const [missing, other] = keyId === undefined ? ['ACCESS_KEY_ID', 'SECRET_ACCESS_KEY'] : ['SECRET_ACCESS_KEY', 'ACCESS_KEY_ID'];
    throw new ConfigError(`${vars}${missing}`, `must be set together with ${vars}${other}`);
  }
  const prefix = s3Prefix(env, `${vars}PREFIX`, '');
  const downloads = vars === 'TARMAC_S3_' ? oneOf(env, 'TARMAC_S3_DOWNLOADS', ['redirect', 'proxy'] as const, 'redirect') : 'proxy';
  if (vars === 'TARMAC_S3_' && downloads === 'proxy' && read(env, 'TARMAC_S3_PUBLIC_ENDPOINT') !== undefined) {
    throw new ConfigError('TARMAC_S3_PUBLIC_ENDPOINT', 'is only used with TARMAC_S3_DOWNLOADS=redirect (proxied downloads never leave Tarmac)');
  }
  return {
    bucket,
    region,
    endpoint: s3Endpoint(`${vars}ENDPOINT`, read(env, `${vars}ENDPOINT`)),
    publicEndpoint: vars === 'TARMAC_S3_' ? s3Endpoint('TARMAC_S3_PUBLIC_ENDPOINT', read(env, 'TARMAC_S3_PUBLIC_ENDPOINT')) : undefined,
    forcePathStyle: flag(env, `${vars}FORCE_PATH_STYLE`, false),
    credentials: keyId !== undefined && secret !== undefined ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    prefix,
    downloads,
    presignSeconds: vars === 'TARMAC_S3_' ? integer(env, 'TARMAC_S3_PRESIGN_SECONDS', 300, 10, 604800) : 300,
  };
}

/** Folder names separated by `/` (a trailing `/` is dropped), as a key prefix ending in `/`; `fallback` when unset. */
function s3Prefix(env: Env, name: string, fallback: string): string {
  const prefix = read(env, name)?.replace(/\/+$/, '') ?? fallback;
  if (prefix !== '' && !S3_PREFIX.test(prefix)) throw new ConfigError(name, `must be folder names separated by /, got "${prefix}"`);
  return prefix === '' ? '' : prefix + '/';
}

/**
 * The bucket of backup plans whose destination is `s3` (modules/backups/store.ts), or null when
 * there is none. TARMAC_BACKUP_S3_BUCKET (and the other TARMAC_BACKUP_S3_* beside it) names a
 * bucket of its own, which is what a backup wants: somewhere else than the files it saves. Without
 * it, TARMAC_STORAGE=s3's bucket is used, under TARMAC_BACKUP_S3_PREFIX (default `backups/`).
 */
export function parseBackupS3(env: Env, storage: StorageConfig): S3Settings | null {
  if (read(env, 'TARMAC_BACKUP_S3_BUCKET') !== undefined) {
    const own = parseS3(env, 'TARMAC_BACKUP_S3_');
    return { ...own, prefix: s3Prefix(env, 'TARMAC_BACKUP_S3_PREFIX', 'backups') };
  }
  const stray = Object.keys(env).find((name) => name.startsWith('TARMAC_BACKUP_S3_') && name !== 'TARMAC_BACKUP_S3_PREFIX' && read(env, name) !== undefined);
  if (stray !== undefined) throw new ConfigError(stray, 'is set but TARMAC_BACKUP_S3_BUCKET is not: set the bucket too, or unset it');
  if (storage.kind !== 's3') {
    if (read(env, 'TARMAC_BACKUP_S3_PREFIX') !== undefined) {
      throw new ConfigError('TARMAC_BACKUP_S3_PREFIX', 'needs a bucket: set TARMAC_BACKUP_S3_BUCKET, or TARMAC_STORAGE=s3');
    }
    return null;
  }
  return { ...storage.s3, downloads: 'proxy', prefix: storage.s3.prefix + s3Prefix(env, 'TARMAC_BACKUP_S3_PREFIX', 'backups') };
}

function s3Endpoint(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute URL such as https://s3.example.com, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(name, `must use http or https, got "${url.protocol}"`);
  // Never echo the value here: it may carry credentials.
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(name, 'must not contain credentials, a query string or a fragment');
  }
  return url.toString().replace(/\/+$/, '');
}

export function parseDownloadAccel(env: Env, storage: StorageConfig): DownloadAccel {
  const mode = oneOf(env, 'TARMAC_DOWNLOAD_ACCEL', ['off', 'nginx', 'sendfile'] as const, 'off');
  if (mode !== 'off' && storage.kind !== 'local') {
    throw new ConfigError('TARMAC_DOWNLOAD_ACCEL', 'hands files on local disk to the proxy: with TARMAC_STORAGE=s3 leave it off (TARMAC_S3_DOWNLOADS chooses how files leave)');
  }
  const prefix = read(env, 'TARMAC_DOWNLOAD_ACCEL_PREFIX') ?? '/_tarmac_files/';
  if (!/^\/(?:[A-Za-z0-9._~-]+\/)+$/.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..')) {
    throw new ConfigError('TARMAC_DOWNLOAD_ACCEL_PREFIX', `must be a path that starts and ends with / (letters, digits, . _ ~ -), such as /_tarmac_files/, got "${prefix}"`);
  }
  return mode === 'nginx' ? { mode, prefix } : { mode };
}
