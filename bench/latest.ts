// Benchmark: GET /api/apps/latest on SQLite with 10,000 releases in the channel, in requests
// per second, against a bare Fastify route answering a constant JSON of the same size (the
// baseline, measured in this run with the same load generator, wrk). Target ratio ≥ 0.5.
// Run: npm run bench:latest (or node bench/latest.ts [seconds]).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, seedChannel, startTarmac, wrk } from './lib.ts';

const seconds = Number(process.argv[2] ?? 10);
const RELEASES = 10_000;
const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-latest-bench-'));
const dataDir = path.join(dir, 'data');

// Seed: one app, scheme and channel with 10,000 releases, written through the real schema.
const channelKey = 'bench-channel-key-0123456789abcdef';
await seedChannel(dataDir, { releases: RELEASES, slug: 'bench', channelKey });

// The caller runs the build just before the newest: one release in the answer, as an SDK sees it.
const newest = RELEASES;
const query = `channel_key=${channelKey}&bundle_id=com.example.bench&release_version=1.${Math.floor((newest - 1) / 100)}.${(newest - 1) % 100}&build_version=${newest - 1}&sdk=android-0.2.0`;

const tarmac = await startTarmac({ TARMAC_DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
let failed: boolean;
try {
  const latestUrl = `${tarmac.url}/api/apps/latest?${query}`;
  const body = spawnSync('curl', ['-s', latestUrl], { encoding: 'utf8' }).stdout;
  const parsed = JSON.parse(body) as { releases: { build_version: string }[] };
  if (parsed.releases.length !== 1 || parsed.releases[0]!.build_version !== String(newest)) throw new Error(`unexpected latest answer: ${body.slice(0, 300)}`);

  const BARE = `
const fastify = require(${JSON.stringify(path.join(root, 'node_modules/fastify'))})({ logger: false });
const body = ${JSON.stringify(body)};
fastify.get('/api/apps/latest', (request, reply) => { reply.type('application/json; charset=utf-8').send(body); });
fastify.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(fastify.server.address().port));
`;
  const bare = spawn(process.execPath, ['-e', BARE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const barePort = await new Promise<number>((resolve) => bare.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  try {
    // Warm both up, then measure.
    wrk(latestUrl, 2);
    wrk(`http://127.0.0.1:${barePort}/api/apps/latest?${query}`, 2);
    const ours = wrk(latestUrl, seconds);
    const baseline = wrk(`http://127.0.0.1:${barePort}/api/apps/latest?${query}`, seconds);
    const ratio = ours / baseline;
    console.log(`GET /api/apps/latest, SQLite, ${RELEASES} releases in the channel, ${body.length}-byte answer, wrk 32 connections × ${seconds} s:`);
    console.log(`  baseline: bare Fastify constant JSON  ${baseline.toFixed(0)} req/s`);
    console.log(`  Tarmac:   /api/apps/latest            ${ours.toFixed(0)} req/s`);
    console.log(`  ratio ${ratio.toFixed(2)} (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT MET'})`);
    failed = ratio < 0.5;
  } finally {
    bare.kill();
  }
} finally {
  await tarmac.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
