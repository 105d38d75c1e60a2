// A real S3 server for the tests: OpenStack Swift with s3api (.ci/s3.sh). When
// TARMAC_CI_S3_ENDPOINT is set (CI may start one, a developer may keep one running), that server
// is used; otherwise the first test file that asks starts one for the whole run, in the folder
// global-setup provides (`s3Dir`), and global-setup's teardown stops it. A run without S3 tests
// starts nothing. Each caller gets a bucket of its own.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { S3Client, CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { S3Settings } from '../../src/config.ts';
import { startOnce } from './ci-services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file starts the run's S3 server when TARMAC_CI_S3_ENDPOINT is unset (global-setup.ts). */
    s3Dir?: string;
  }
}

export const S3_SCRIPT = path.resolve(import.meta.dirname, '../../../../.ci/s3.sh');

export interface S3Server {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

function fromEnv(env: Record<string, string | undefined>): S3Server | undefined {
  const endpoint = env.TARMAC_CI_S3_ENDPOINT;
  if (!endpoint) return undefined;
  return {
    endpoint,
    region: env.TARMAC_CI_S3_REGION ?? 'us-east-1',
    accessKeyId: env.TARMAC_CI_S3_ACCESS_KEY_ID ?? 'test:tester',
    secretAccessKey: env.TARMAC_CI_S3_SECRET_ACCESS_KEY ?? 'testing',
  };
}

let started: Promise<S3Server> | undefined;

/** The run's S3 server: the one TARMAC_CI_S3_ENDPOINT names, or one started once for the run. */
export function s3Server(): Promise<S3Server> {
  started ??= (async () => {
    const given = fromEnv(process.env);
    if (given) return given;
    const dir = inject('s3Dir');
    if (!dir) throw new Error('No S3 server: set TARMAC_CI_S3_ENDPOINT (see .ci/s3.sh) or run through vitest.config.ts');
    return fromEnv(await startOnce(dir, S3_SCRIPT, 'S3 server'))!;
  })();
  return started;
}

export function s3Client(server: S3Server): S3Client {
  return new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export interface TestBucket {
  name: string;
  server: S3Server;
  client: S3Client;
  /** The environment a Tarmac on this bucket is started with. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
}

/** What createS3Storage takes for `bucket` (path-style, proxied downloads unless `extra` says otherwise). */
export function s3Settings(bucket: Pick<TestBucket, 'name' | 'server'>, extra: Partial<S3Settings> = {}): S3Settings {
  const { region, endpoint, accessKeyId, secretAccessKey } = bucket.server;
  return {
    bucket: bucket.name, region, endpoint, publicEndpoint: undefined, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey },
    prefix: '', downloads: 'proxy', presignSeconds: 60, ...extra,
  };
}

/** A new, empty bucket on the run's S3 server. */
export async function newBucket(): Promise<TestBucket> {
  const server = await s3Server();
  const client = s3Client(server);
  const name = `tarmac-test-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: name }));
  return {
    name,
    server,
    client,
    env: (extra = {}) => ({
      TARMAC_STORAGE: 's3',
      TARMAC_S3_BUCKET: name,
      TARMAC_S3_ENDPOINT: server.endpoint,
      TARMAC_S3_REGION: server.region,
      TARMAC_S3_FORCE_PATH_STYLE: 'true',
      TARMAC_S3_ACCESS_KEY_ID: server.accessKeyId,
      TARMAC_S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      ...extra,
    }),
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: name, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}
