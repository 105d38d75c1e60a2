// Benchmark: uploading a 1 GiB build to Tarmac with TARMAC_STORAGE=s3, against a sink that does
// the same mandatory work and writes to the same S3 server (issue 16: target ≥ 0.85), in the
// same run. The S3 server is a throwaway OpenStack Swift with s3api (.ci/s3.sh, as the tests
// use; installed with apt-get the first time), stopped at the end. The package is the one
// bench/upload.ts sends (an apk with a 1 GiB stored entry in front of its entries).
// - the hashing sink writing to S3 (bench/s3-sink.ts, the baseline): reads the body, hashes it
//   with SHA-256 and streams it to the bucket with lib-storage's Upload, the part size and queue
//   size of src/storage/s3.ts;
// - Tarmac: POST /api/apps/upload, which receives and hashes the file into its temp directory
//   (as on local disk), parses it, then sends it to the bucket (putFile) and writes the row; a
//   watcher of the temp directory tells how long the receiving and the putFile took;
// - as context, putFile alone: Tarmac's S3 storage sending a received file (a link to the
//   sparse package: the second read costs no disk) from this process.
// Every object is checked to have landed whole (its size in the bucket). The runs alternate and
// the best of each is compared; Tarmac's peak RSS is printed (target < 250 MiB), with the CPU
// time of curl + each server, and of Swift's processes, per upload.
// Run: npm run bench:upload:s3 (or node bench/upload-s3.ts [runs] [MiB of payload, 1024 unless given]).
import { spawn, spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../packages/server/src/config.ts';
import { createS3Storage, PART_SIZE, QUEUE_SIZE } from '../packages/server/src/storage/s3.ts';
import { curlUpload, fixtures, makeHugeZip, peakRssMiB, processCpu, root, startScript, startTarmac, uploadTarget } from './lib.ts';
import type { RunningTarmac } from './lib.ts';

const runs = Number(process.argv[2] ?? 3);
/** The stored entry's size in MiB: 1024 (1 GiB) unless a smaller one is asked for to try the benchmark out. */
const payloadMiB = Number(process.argv[3] ?? 1024);
const MB = 1e6;
const S3_SCRIPT = path.join(root, '.ci/s3.sh');

interface S3Server {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Swift's processes (.ci/s3.sh's and the workers they forked), for their CPU time. */
  pids: number[];
}

/** Starts Swift with s3api in `s3Dir` (.ci/s3.sh start) and answers where it listens. */
function startS3(s3Dir: string): S3Server {
  const started = spawnSync('bash', [S3_SCRIPT, 'start', s3Dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (started.status !== 0) throw new Error(`.ci/s3.sh start failed (exit ${started.status})`);
  const lines = [...started.stdout.matchAll(/^export ([A-Z0-9_]+)=(.*)$/gm)];
  const vars = Object.fromEntries(lines.map((m) => [m[1]!, m[2]!.replace(/^'(.*)'$/, '$1')]));
  const own = readFileSync(path.join(s3Dir, 'pids'), 'utf8').split('\n').filter(Boolean).map(Number);
  const childrenOf = (pid: number) => spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const children = own.flatMap(childrenOf).map(Number);
  return {
    endpoint: vars.TARMAC_CI_S3_ENDPOINT!,
    region: vars.TARMAC_CI_S3_REGION!,
    accessKeyId: vars.TARMAC_CI_S3_ACCESS_KEY_ID!,
    secretAccessKey: vars.TARMAC_CI_S3_SECRET_ACCESS_KEY!,
    pids: [...own, ...children],
  };
}

/** CPU seconds Swift's processes have used so far. */
function swiftCpu(server: S3Server): number {
  return server.pids.reduce((sum, pid) => sum + processCpu(pid), 0);
}

/** Fails unless `key` is in the bucket with `size` bytes. */
async function checkLanded(client: S3Client, bucket: string, key: string, size: number): Promise<void> {
  const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  if (head.ContentLength !== size) throw new Error(`s3://${bucket}/${key} has ${head.ContentLength} bytes, not ${size}`);
}

async function bucketKeys(client: S3Client, bucket: string): Promise<Set<string>> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return new Set((page.Contents ?? []).map((item) => item.Key!));
}

// Watches Tarmac's temp directory every 20 ms from its own process (curl runs synchronously
// here); prints the seconds until a file there held the whole package (received and hashed) and
// until it was gone (sent to S3 by putFile, then removed).
const WATCH = (tempDir: string, size: number) => `
const fs = require('node:fs');
const path = require('node:path');
const started = performance.now();
let received = 0;
const timer = setInterval(() => {
  const sizes = fs.readdirSync(${JSON.stringify(tempDir)}).map((name) => {
    try { return fs.statSync(path.join(${JSON.stringify(tempDir)}, name)).size; } catch { return 0; }
  });
  const now = (performance.now() - started) / 1000;
  if (!received && sizes.some((s) => s >= ${size})) received = now;
  if (received && sizes.length === 0) { console.log(JSON.stringify({ received, sent: now })); clearInterval(timer); }
}, 20);
console.log('ready');
`;

/** Starts WATCH; answers a function that waits for its figures once the upload is over. */
async function watchTempDir(tempDir: string, size: number): Promise<() => Promise<{ received: number; sent: number }>> {
  const child = spawn(process.execPath, ['-e', WATCH(tempDir, size)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill();
    const line = out.split('\n').find((text) => text.startsWith('{'));
    if (!line) throw new Error("Tarmac's temp file was not seen whole and then removed");
    return JSON.parse(line) as { received: number; sent: number };
  };
}

type Name = 'sink' | 'tarmac' | 'putFile';
interface Figures {
  /** Seconds of every run. */
  times: Record<Name, number[]>;
  /** CPU seconds of curl + the server (every thread), least of the runs (putFile: none). */
  cpu: Record<'sink' | 'tarmac', number>;
  /** CPU seconds of Swift's processes, least of the runs. */
  swift: Record<Name, number>;
  /** Bytes curl sent to the sink (the whole form). */
  sinkBytes: number;
  /** Tarmac's phases in its fastest run: seconds until its temp file was whole, and until it was sent and removed. */
  phases: { received: number; sent: number };
  /** CPU seconds of this process (every thread) for putFile alone, least of the runs. */
  putFileCpu: number;
}

interface Bench {
  s3: S3Server;
  client: S3Client;
  bucket: string;
  sink: { pid: number; url: string };
  tarmac: RunningTarmac;
  dir: string;
  dataDir: string;
  huge: string;
}

/** Alternates the sink, Tarmac and putFile alone `runs` times, checking every object landed. */
async function measure(bench: Bench): Promise<Figures> {
  const { s3, client, bucket, tarmac } = bench;
  const hugeSize = statSync(bench.huge).size;
  const { token, channelKey } = uploadTarget(tarmac, bench.dataDir);
  const form = ['-F', `token=${token}`, '-F', `channel_key=${channelKey}`, '-F', `file=@${bench.huge}`];
  const answerFile = path.join(bench.dir, 'answer.json');
  const settings: S3Settings = {
    bucket, region: s3.region, endpoint: s3.endpoint, publicEndpoint: undefined, forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }, prefix: '', downloads: 'proxy', presignSeconds: 60,
  };
  const storage = createS3Storage(settings, bench.dataDir, { error: (...args: unknown[]) => console.error(...args) });
  const figures: Figures = {
    times: { sink: [], tarmac: [], putFile: [] },
    cpu: { sink: Infinity, tarmac: Infinity },
    swift: { sink: Infinity, tarmac: Infinity, putFile: Infinity },
    sinkBytes: 0,
    phases: { received: 0, sent: 0 },
    putFileCpu: Infinity,
  };
  const upload = async (name: 'sink' | 'tarmac', pid: number, url: string) => {
    const [before, swiftBefore] = [processCpu(pid), swiftCpu(s3)];
    const run = curlUpload([...form, url], answerFile);
    figures.times[name].push(run.seconds);
    figures.cpu[name] = Math.min(figures.cpu[name], run.curlCpu + processCpu(pid) - before);
    figures.swift[name] = Math.min(figures.swift[name], swiftCpu(s3) - swiftBefore);
    return run;
  };
  for (let i = 0; i < runs; i++) {
    const sunk = await upload('sink', bench.sink.pid, bench.sink.url);
    const answer = JSON.parse(sunk.body) as { key: string; size: number };
    if (answer.size !== sunk.bytes) throw new Error(`the sink read ${answer.size} bytes of ${sunk.bytes}`);
    await checkLanded(client, bucket, answer.key, sunk.bytes);
    figures.sinkBytes = sunk.bytes;

    const keysBefore = await bucketKeys(client, bucket);
    const phases = await watchTempDir(path.join(bench.dataDir, 'tmp'), hugeSize);
    const run = await upload('tarmac', tarmac.child.pid!, `${tarmac.url}/api/apps/upload`);
    if (run.seconds <= Math.min(...figures.times.tarmac)) figures.phases = await phases();
    else await phases();
    const added = [...(await bucketKeys(client, bucket))].filter((key) => !keysBefore.has(key));
    const sizes = await Promise.all(added.map((key) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))));
    if (!sizes.some((head) => head.ContentLength === hugeSize)) {
      throw new Error(`Tarmac's upload left no ${hugeSize}-byte object (new: ${added.join(', ')})`);
    }

    const temp = path.join(bench.dataDir, 'tmp', `put-${i}`);
    linkSync(bench.huge, temp);
    const [started, cpuBefore, swiftBefore] = [performance.now(), process.cpuUsage(), swiftCpu(s3)];
    await storage.putFile(`bench/put-${i}.apk`, temp);
    figures.times.putFile.push((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpuBefore);
    figures.putFileCpu = Math.min(figures.putFileCpu, (used.user + used.system) / 1e6);
    figures.swift.putFile = Math.min(figures.swift.putFile, swiftCpu(s3) - swiftBefore);
    await checkLanded(client, bucket, `bench/put-${i}.apk`, hugeSize);
  }
  return figures;
}

/** Prints the figures; answers whether the targets were met. */
function report(figures: Figures, hugeSize: number, rss: number, loadBefore: number): boolean {
  const { times, cpu, swift } = figures;
  const best = (name: Name) => Math.min(...times[name]);
  const rate = (bytes: number, seconds: number) => `${(bytes / seconds / MB).toFixed(0)} MB/s`;
  const tarmacRate = hugeSize / best('tarmac');
  const sinkRate = figures.sinkBytes / best('sink');
  const ratio = tarmacRate / sinkRate;
  const all = (name: Name) => times[name].map((t) => t.toFixed(2)).join(', ');
  const cpus = (name: 'sink' | 'tarmac') => `${cpu[name].toFixed(2)} CPU-s, Swift ${swift[name].toFixed(2)} CPU-s`;
  const parts = `${PART_SIZE / 1024 / 1024} MiB parts, ${QUEUE_SIZE} in flight`;
  const size = payloadMiB === 1024 ? '1 GiB' : `${payloadMiB} MiB`;
  console.log(`${size} upload to S3 over loopback (Swift with s3api, .ci/s3.sh; ${parts}), best of ${runs}`);
  const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
  console.log(`(${load}; other work on the machine skews every figure):`);
  console.log(
    `  upload on S3: Tarmac ${rate(hugeSize, best('tarmac'))} vs hashing sink writing to S3 ${rate(figures.sinkBytes, best('sink'))} ` +
      `= ratio ${ratio.toFixed(2)} (target >= 0.85: ${ratio >= 0.85 ? 'met' : 'NOT MET'})`,
  );
  console.log(`  Tarmac peak RSS ${rss.toFixed(0)} MiB (target < 250 MiB: ${rss < 250 ? 'met' : 'NOT MET'})`);
  console.log('Each contender: seconds of every run; CPU of curl + the server (every thread) and of Swift, least of the runs:');
  console.log(`  hashing sink: SHA-256 + Upload streamed to S3   ${all('sink')} s, ${cpus('sink')}`);
  console.log(`  Tarmac: POST /api/apps/upload, S3 storage        ${all('tarmac')} s, ${cpus('tarmac')}`);
  const putFileCpus = `${figures.putFileCpu.toFixed(2)} CPU-s, Swift ${swift.putFile.toFixed(2)} CPU-s`;
  console.log(`  putFile alone: the received file sent to S3      ${all('putFile')} s, ${putFileCpus}`);
  const { received, sent } = figures.phases;
  console.log('What bounds the ratio: the sink streams the body to S3 as it arrives; Tarmac receives the whole file first, then sends it');
  console.log(
    `  (its fastest run, from its temp directory): the file whole (received, hashed) at ${received.toFixed(2)} s, ` +
      `sent to S3 and removed at ${sent.toFixed(2)} s: putFile ${(sent - received).toFixed(2)} s, ` +
      `against ${best('putFile').toFixed(2)} s for putFile alone (from the page cache) and ${best('sink').toFixed(2)} s for the sink`,
  );
  return ratio >= 0.85 && rss < 250;
}

const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-upload-s3-bench-'));
const huge = path.join(dir, 'huge.apk');
makeHugeZip(path.join(fixtures, 'apps/android.apk'), huge, payloadMiB * 1024 * 1024);
const dataDir = path.join(dir, 'data');
mkdirSync(path.join(dataDir, 'tmp'), { recursive: true });
const s3Dir = path.join(dir, 's3');
const loadBefore = loadavg()[0]!;
let met: boolean;
try {
  const s3 = startS3(s3Dir);
  const bucket = 'tarmac-bench';
  const credentials = { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
  const client = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const sink = await startScript(path.join(import.meta.dirname, 's3-sink.ts'), {
    BENCH_S3_ENDPOINT: s3.endpoint, BENCH_S3_REGION: s3.region, BENCH_S3_BUCKET: bucket,
    BENCH_S3_ACCESS_KEY_ID: s3.accessKeyId, BENCH_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  const tarmac = await startTarmac({
    TARMAC_DATA_DIR: dataDir, TARMAC_ADMIN_EMAIL: 'bench@example.com', TARMAC_ADMIN_PASSWORD: 'bench-password',
    TARMAC_STORAGE: 's3', TARMAC_S3_BUCKET: bucket, TARMAC_S3_ENDPOINT: s3.endpoint, TARMAC_S3_REGION: s3.region,
    TARMAC_S3_FORCE_PATH_STYLE: 'true', TARMAC_S3_ACCESS_KEY_ID: s3.accessKeyId, TARMAC_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  }).catch((error: unknown) => {
    sink.child.kill();
    throw error;
  });
  try {
    const sinkUrl = `http://127.0.0.1:${sink.port}/api/apps/upload`;
    const bench = { s3, client, bucket, sink: { pid: sink.child.pid!, url: sinkUrl }, tarmac, dir, dataDir, huge };
    const figures = await measure(bench);
    met = report(figures, statSync(huge).size, peakRssMiB(tarmac.child.pid!), loadBefore);
  } finally {
    await tarmac.stop();
    sink.child.kill();
    client.destroy();
  }
} finally {
  spawnSync('bash', [S3_SCRIPT, 'stop', s3Dir], { stdio: 'inherit' });
  rmSync(dir, { recursive: true, force: true });
}
process.exit(met ? 0 : 1);
