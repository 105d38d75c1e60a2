// Files in an S3 bucket (TARMAC_STORAGE=s3), behind the same interface as the local disk.
// The AWS SDK is heavy (tens of MiB once loaded), so nothing here imports it at the top: it is
// loaded on the first call, and never in a server that keeps files on its disk.
// Temporary files stay local (TARMAC_DATA_DIR/tmp): an upload is received and hashed there,
// then sent to the bucket by putFile.
// An error the store answers for a missing object becomes ENOENT (as the disk's), so the
// services' "file gone" paths stay the same; any other failure of the store (unreachable, no
// such bucket, refused credentials) becomes ServiceUnavailableError (503 `service.storage_unavailable`),
// logged here with the store's own message, which never reaches the client.
import { open, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
// Types only (erased): nothing of the SDK loads with this file.
import type * as ClientModule from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { ServiceUnavailableError } from '../errors.ts';
import type { JobLog } from '../jobs/deps.ts';
import type { ListedObject, Storage, StoredObject } from './storage.ts';
import { StorageError } from './storage.ts';

type Sdk = { s3: typeof ClientModule; client: ClientModule.S3Client; presigner: ClientModule.S3Client };

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;
/** Multipart upload parts: 8 MiB (S3's minimum is 5 MiB), four in flight: at most 32 MiB of a file in memory. */
export const PART_SIZE = 8 * 1024 * 1024;
export const QUEUE_SIZE = 4;
/** Connections to the store at once (downloads streaming through Tarmac, uploads' parts). */
const MAX_SOCKETS = 1024;

export const STORAGE_UNAVAILABLE = 'The file store cannot be reached; try again later';

/** The key's object is not there: shaped like the disk's error, which the services already handle. */
function missing(key: string): Error {
  return Object.assign(new StorageError(`No stored object "${key}"`), { code: 'ENOENT' });
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  // NoSuchBucket is a 404 too, but a configuration problem, not a missing object.
  return name !== 'NoSuchBucket' && (name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404);
}

/** Keeps the key well-formed (keys are the server's own; this guards against a bug) and prefixes it. */
function objectKey(prefix: string, key: string): string {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new StorageError(`Invalid storage key "${key}"`);
  }
  return prefix + key;
}

/** Reads `length` bytes at `position` into the start of `buffer` (a short file is an error). */
async function readFully(handle: FileHandle, buffer: Buffer, length: number, position: number): Promise<Buffer> {
  for (let done = 0; done < length; ) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) throw new StorageError('The temporary file ended before its size');
    done += bytesRead;
  }
  return buffer.subarray(0, length);
}

/**
 * A multipart upload of a local file: QUEUE_SIZE senders, each reading its next part into one
 * buffer of its own that it reuses, so an upload holds QUEUE_SIZE × PART_SIZE of memory
 * whatever the file's size, and makes no garbage per part (lib-storage's Upload, fed a stream,
 * allocates a new part buffer each time: a 1 GiB upload's peak RSS was about 60 MiB higher).
 * The SDK has sent a part's body, retries included, once its call returns.
 */
async function putFromFile({ s3, client }: Sdk, object: { Bucket: string; Key: string }, file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= PART_SIZE) {
      const body = await readFully(handle, Buffer.allocUnsafe(size), size, 0);
      await client.send(new s3.PutObjectCommand({ ...object, Body: body, ContentLength: size }));
      return;
    }
    const { UploadId } = await client.send(new s3.CreateMultipartUploadCommand(object));
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    const count = Math.ceil(size / PART_SIZE);
    let next = 0;
    let failed = false;
    const sender = async (): Promise<void> => {
      const buffer = Buffer.allocUnsafe(PART_SIZE);
      while (next < count && !failed) {
        const index = next++;
        const length = Math.min(PART_SIZE, size - index * PART_SIZE);
        const body = await readFully(handle, buffer, length, index * PART_SIZE);
        const part = { ...object, UploadId, PartNumber: index + 1, Body: body, ContentLength: length };
        parts[index] = { PartNumber: index + 1, ETag: (await client.send(new s3.UploadPartCommand(part))).ETag };
      }
    };
    const senders = Array.from({ length: Math.min(QUEUE_SIZE, count) }, () =>
      sender().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
    try {
      await Promise.all(senders);
      await client.send(new s3.CompleteMultipartUploadCommand({ ...object, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      // Every sender stops before the parts are dropped, so none lands after the abort.
      await Promise.allSettled(senders);
      await client.send(new s3.AbortMultipartUploadCommand({ ...object, UploadId })).catch(() => undefined);
      throw error;
    }
  } finally {
    await handle.close();
  }
}

export function createS3Storage(settings: S3Settings, dataDir: string, log: Pick<JobLog, 'error'>): Storage {
  const tempDir = path.join(dataDir, 'tmp');
  const { bucket, prefix } = settings;
  let loading: Promise<Sdk> | undefined;

  /** The client for `endpoint` (Tarmac's calls), or for where testers reach the store (presigning only). */
  function newClient(s3: typeof ClientModule, endpoint: string | undefined): ClientModule.S3Client {
    return new s3.S3Client({
      region: settings.region,
      endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: the SHA-256 of every build is taken as it arrives,
      // and many S3-compatible stores refuse the SDK's newer default checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // Every proxied download holds a connection while it streams: the SDK's default pool of 50
      // would make the 51st wait. An unreachable endpoint fails after 10 s instead of hanging.
      requestHandler: {
        connectionTimeout: 10_000,
        httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
        httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      },
    });
  }

  function sdk(): Promise<Sdk> {
    loading ??= (async () => {
      const s3 = await import('@aws-sdk/client-s3');
      const client = newClient(s3, settings.endpoint);
      const presigner = settings.publicEndpoint === undefined ? client : newClient(s3, settings.publicEndpoint);
      return { s3, client, presigner };
    })();
    return loading;
  }

  /** Runs one call to the store; a failure that is not a missing object becomes a 503. */
  async function call<T>(what: string, key: string, run: (sdk: Sdk) => Promise<T>): Promise<T> {
    try {
      return await run(await sdk());
    } catch (error) {
      if (isNotFound(error)) throw missing(key);
      if (error instanceof StorageError) throw error;
      log.error({ err: error, bucket, key: prefix + key }, `S3 storage: ${what} failed`);
      throw new ServiceUnavailableError(STORAGE_UNAVAILABLE, 'service.storage_unavailable');
    }
  }

  return {
    tempDir,

    // The finished temp file is read once more, from the local disk, and sent in 8 MiB parts
    // (one PutObject up to 8 MiB). Its SHA-256 was taken while it was received, so this read only
    // feeds the network. A failed upload is aborted (no parts, no object); the temp file is
    // removed only once the object is complete.
    async putFile(key, tempPath) {
      const target = objectKey(prefix, key);
      await call('upload', key, (sdk) => putFromFile(sdk, { Bucket: bucket, Key: target }, tempPath));
      await unlink(tempPath).catch(() => undefined);
    },

    async putBuffer(key, data) {
      const target = objectKey(prefix, key);
      const params = { Bucket: bucket, Key: target, Body: data, ContentLength: data.length };
      await call('put', key, ({ s3, client }) => client.send(new s3.PutObjectCommand(params)));
    },

    async read(key, range): Promise<Readable> {
      const target = objectKey(prefix, key);
      const answer = await call('read', key, ({ s3, client }) =>
        client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: target, Range: range && `bytes=${range.start}-${range.end}` })),
      );
      return answer.Body as Readable;
    },

    // A GET of the first byte rather than a HEAD: a HEAD's 404 has no body, so a missing object and
    // a missing (misconfigured) bucket look the same; a GET's error names which. The size is in
    // Content-Range. An empty object has no first byte: 416, or the whole (empty) answer.
    async stat(key): Promise<StoredObject | null> {
      const target = objectKey(prefix, key);
      try {
        return await call('stat', key, async ({ s3, client }) => {
          try {
            const answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: target, Range: 'bytes=0-0' }));
            await answer.Body?.transformToByteArray();
            const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
            return { size: total === undefined ? (answer.ContentLength ?? 0) : Number(total) };
          } catch (error) {
            if ((error as Error).name === 'InvalidRange' || statusOf(error) === 416) return { size: 0 };
            throw error;
          }
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    // ListObjectsV2, a page (up to 1000 keys) at a time, following the continuation token.
    async *list(keyPrefix): AsyncIterable<ListedObject> {
      let token: string | undefined;
      do {
        const page = await call('list', keyPrefix, ({ s3, client }) =>
          client.send(new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix + keyPrefix, ContinuationToken: token })),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(prefix)) continue;
          yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0, modifiedMs: object.LastModified?.getTime() ?? Date.now() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async delete(key) {
      const target = objectKey(prefix, key);
      try {
        await call('delete', key, ({ s3, client }) => client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: target })));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },

    ...(settings.downloads === 'redirect'
      ? {
          async downloadUrl(key: string, answer: { contentDisposition: string; contentType: string }): Promise<string> {
            const target = objectKey(prefix, key);
            return call('presign', key, async ({ s3, presigner }) => {
              const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
              const command = new s3.GetObjectCommand({
                Bucket: bucket,
                Key: target,
                ResponseContentDisposition: answer.contentDisposition,
                ResponseContentType: answer.contentType,
              });
              return getSignedUrl(presigner, command, { expiresIn: settings.presignSeconds });
            });
          },
        }
      : {}),
  };
}
