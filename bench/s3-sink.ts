// The baseline of bench/upload-s3.ts: an HTTP server that does an upload's mandatory work on S3
// and nothing more. It reads the request body, hashes it with SHA-256 as it goes and streams it
// to the bucket with @aws-sdk/lib-storage's Upload, with the part size and queue size Tarmac's
// S3 storage uses and a client set up as Tarmac's (no extra checksums, keep-alive): no temp file,
// no multipart parsing, no package parsing, no row. The whole body becomes the object
// `sink/<n>`; the answer (201) names it with its size, SHA-256 and the CPU time of the request.
// Settings from the environment: BENCH_S3_ENDPOINT, BENCH_S3_REGION, BENCH_S3_BUCKET,
// BENCH_S3_ACCESS_KEY_ID, BENCH_S3_SECRET_ACCESS_KEY. Prints its port, then serves.
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PART_SIZE, QUEUE_SIZE } from '../packages/server/src/storage/s3.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const bucket = env('BENCH_S3_BUCKET');
const client = new S3Client({
  endpoint: env('BENCH_S3_ENDPOINT'),
  region: env('BENCH_S3_REGION'),
  forcePathStyle: true,
  credentials: { accessKeyId: env('BENCH_S3_ACCESS_KEY_ID'), secretAccessKey: env('BENCH_S3_SECRET_ACCESS_KEY') },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
  requestHandler: { httpAgent: { keepAlive: true, maxSockets: 1024 } },
});

let uploads = 0;

/** The body's chunks as they arrive, each added to `hash` on the way (and counted). */
async function* hashed(req: IncomingMessage, hash: Hash, counted: { size: number }): AsyncGenerator<Buffer> {
  for await (const chunk of req as AsyncIterable<Buffer>) {
    hash.update(chunk);
    counted.size += chunk.length;
    yield chunk;
  }
}

async function receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const cpu = process.cpuUsage();
  // SHA-256 on this thread as the chunks pass: the store, not this thread, is what a 1 GiB
  // upload to S3 waits for (bench/upload-s3.ts prints the CPU of both).
  const hash = createHash('sha256');
  const counted = { size: 0 };
  const key = `sink/${++uploads}`;
  try {
    const params = { Bucket: bucket, Key: key, Body: Readable.from(hashed(req, hash, counted)) };
    await new Upload({ client, params, partSize: PART_SIZE, queueSize: QUEUE_SIZE }).done();
    const used = process.cpuUsage(cpu);
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ key, size: counted.size, sha256: hash.digest('hex'), cpu: (used.user + used.system) / 1e6 }));
  } catch (error) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: String(error) }));
  }
}

const server = http.createServer((req, res) => void receive(req, res));
server.listen(0, '127.0.0.1', () => console.log((server.address() as { port: number }).port));
