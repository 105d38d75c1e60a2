// The store the configuration names (TARMAC_STORAGE): the local disk, or an S3 bucket whose SDK
// loads on first use (s3.ts), so a server on local disk never loads it.
import type { Config } from '../config.ts';
import type { JobLog } from '../jobs/deps.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>, log: Pick<JobLog, 'error'>): Storage {
  if (config.storage.kind === 's3') return createS3Storage(config.storage.s3, config.dataDir, log);
  return createLocalStorage(config.dataDir);
}
