// GET /api/admin/system: what runs (build, Node, host, memory), on what (database, storage, jobs),
// and whether the configuration is sane, each item with a verdict and a sentence. Never a secret,
// never the raw environment: the S3 keys, the SMTP password and the secret key stay out.
// Loaded on first use (admin-routes.ts imports it lazily).
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { VersionInfo } from '../../version.ts';
import { databaseVersion, diskSpace, runCheck } from './checks.ts';
import type { CheckDeps, CheckResult, Verdict } from './checks.ts';
import { databaseSize } from './database-view.ts';

export interface SanityItem {
  name: 'public_url' | 'public_url_reachable' | 'secret_key' | 'mail' | 'trust_proxy' | 'metrics';
  status: Verdict;
  message: string;
}

export interface InfoDeps extends CheckDeps {
  config: Config;
  version: VersionInfo;
  /** Whether the request asking came with X-Forwarded-For/-Proto/-Host (a proxy in front). */
  forwardedSeen: boolean;
  fetchTimeoutMs?: number;
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME|UNABLE_TO_GET_ISSUER/;

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Fetches `${externalUrl}/api/health` from here: does the address testers use reach this server? */
export async function reachability(externalUrl: string, timeoutMs: number): Promise<SanityItem> {
  const name = 'public_url_reachable';
  const target = `${externalUrl}/api/health`;
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await response.body?.cancel();
    if (response.ok) return { name, status: 'ok', message: `${target} answers ${response.status} from this server` };
    return { name, status: 'warn', message: `${target} answers ${response.status}: is TARMAC_URL this server?` };
  } catch (error) {
    const code = errorCode(error);
    if (TLS_CODES.test(code)) {
      return { name, status: 'fail', message: `${target}: the certificate is not trusted (${code}); iOS refuses to install from it` };
    }
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : code;
    return { name, status: 'warn', message: `${target} could not be reached from this server (${reason}); check it from outside` };
  }
}

function publicUrlItem(config: Config): SanityItem {
  const name = 'public_url';
  if (!config.externalUrlSet) {
    return { name, status: 'warn', message: `TARMAC_URL is not set: links and install manifests use ${config.externalUrl}` };
  }
  if (!config.externalUrl.startsWith('https://')) {
    return { name, status: 'warn', message: `${config.externalUrl} is not https: iOS installs need https with a trusted certificate` };
  }
  return { name, status: 'ok', message: `${config.externalUrl} uses https` };
}

async function secretKeyItem(config: Config): Promise<SanityItem> {
  const name = 'secret_key';
  const file = path.join(config.dataDir, 'secret_key');
  const stored = await readFile(file, 'utf8').then((text) => text.trim(), () => null);
  if (stored !== config.secretKey) return { name, status: 'ok', message: 'Set by TARMAC_SECRET_KEY' };
  if (config.database.engine === 'postgres') {
    return { name, status: 'warn', message: `Generated in ${file}: every instance must share it, set TARMAC_SECRET_KEY` };
  }
  return { name, status: 'ok', message: `Generated and kept in ${file}: back it up with the data directory` };
}

function trustProxyItem(config: Config, forwardedSeen: boolean): SanityItem {
  const name = 'trust_proxy';
  if (config.trustProxy !== false) return { name, status: 'ok', message: `Forwarded headers are trusted (TARMAC_TRUST_PROXY=${String(config.trustProxy)})` };
  if (forwardedSeen) {
    return {
      name, status: 'warn',
      message: 'This request came through a proxy (X-Forwarded-* headers) but TARMAC_TRUST_PROXY is off: client addresses and https are not seen',
    };
  }
  return { name, status: 'ok', message: 'Direct connections; forwarded headers are not trusted' };
}

function metricsItem(config: Config): SanityItem {
  const name = 'metrics';
  if (!config.metrics.enabled) return { name, status: 'ok', message: 'GET /metrics is off' };
  if (config.metrics.token === undefined) return { name, status: 'warn', message: 'GET /metrics is on without a token: anyone reaching the port may read it' };
  return { name, status: 'ok', message: 'GET /metrics is on, behind TARMAC_METRICS_TOKEN' };
}

function mailItem(check: CheckResult): SanityItem {
  return { name: 'mail', status: check.status, message: check.message };
}

function storageInfo(config: Config) {
  if (config.storage.kind === 's3') {
    const { bucket, region, endpoint, prefix } = config.storage.s3;
    return { backend: 's3' as const, location: `${endpoint ?? `s3.${region}.amazonaws.com`}/${bucket}/${prefix}`, path: null, bucket };
  }
  return { backend: 'local' as const, location: path.join(config.dataDir, 'storage'), path: path.join(config.dataDir, 'storage'), bucket: null };
}

export async function systemInfo(deps: InfoDeps) {
  const { config, version, database } = deps;
  const [checks, dbVersion, dbSize, counts, space, secretKey, reachable] = await Promise.all([
    Promise.all((['database', 'storage', 'jobs', 'mail'] as const).map((check) => runCheck(check, deps))),
    databaseVersion(database).catch(() => null),
    databaseSize(database),
    deps.jobs.counts().catch(() => null),
    config.storage.kind === 'local' ? diskSpace(config.dataDir) : Promise.resolve(null),
    secretKeyItem(config),
    reachability(config.externalUrl, deps.fetchTimeoutMs ?? 3000),
  ]);
  const memory = process.memoryUsage();
  const sanity: SanityItem[] = [
    publicUrlItem(config), reachable, secretKey, mailItem(checks[3]!), trustProxyItem(config, deps.forwardedSeen), metricsItem(config),
  ];
  return {
    version: version.version,
    vcs_ref: version.vcsRef,
    build_date: version.buildDate,
    node_version: process.version,
    platform: process.platform,
    arch: process.arch,
    uptime_seconds: Math.round(process.uptime()),
    process_memory: { rss: memory.rss, heap_used: memory.heapUsed, heap_total: memory.heapTotal },
    host: { memory_total: os.totalmem(), memory_free: os.freemem(), load_average: os.loadavg(), cpus: os.availableParallelism() },
    database: { engine: database.engine, version: dbVersion, size_bytes: dbSize },
    storage: { ...storageInfo(config), free_bytes: space?.free ?? null, total_bytes: space?.total ?? null },
    jobs: { counts, concurrency: config.jobsConcurrency },
    checks,
    sanity,
  };
}

export type SystemInfo = Awaited<ReturnType<typeof systemInfo>>;
