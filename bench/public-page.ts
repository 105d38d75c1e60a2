// Benchmark: the public install pages on SQLite, with 2,000 releases in the channel: the release
// page (/<slug>/<id>) and the channel page (/<slug>, its newest build), as an Android phone
// asks for them. Each is measured with wrk against a bare Fastify route answering a constant
// HTML string of the same size (the baseline, same run, same load generator):
//   - latency with one connection (p50, p95: the server's own time per page; target p95 < 50 ms);
//   - throughput with 32 connections, and its ratio to the baseline.
// It also prints the gzipped size of the page's inline CSS and JavaScript (target ≤ 60 KB).
// It prints figures; it is not a test. Run: npm run bench:page (or node bench/public-page.ts [seconds]).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, seedChannel, startTarmac } from './lib.ts';

const seconds = Number(process.argv[2] ?? 5);
const RELEASES = 2_000;
const SLUG = 'benchpage';
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-page-bench-'));
const dataDir = path.join(dir, 'data');

// Seed: one app, scheme and channel with 2,000 releases, written through the real schema;
// big builds with a three-entry changelog and a custom field, as real pages show.
const newest = {
  id: (
    await seedChannel(dataDir, {
      releases: RELEASES,
      slug: SLUG,
      channelKey: 'bench-page-channel-key-0123456789',
      gitUrl: 'https://git.example.com/team/bench.git',
      release: (version) => ({
        git_commit: 'abcdef0123456789abcdef0123456789abcdef01',
        size: 25_000_000 + version,
        changelog: JSON.stringify([
          { message: `Build ${version}: faster start-up`, author: 'Bench' },
          { message: 'Fixed the sign-in screen on small phones\nand tablets' },
          { message: 'Updated translations' },
        ]),
        custom_fields: JSON.stringify([{ name: 'Jira', value: `APP-${version}` }]),
      }),
    })
  ).newestReleaseId,
};

interface Run {
  p50: number;
  p95: number;
  rate: number;
}

// wrk's Lua hook prints the percentiles it keeps (in microseconds) and the rate.
const script = path.join(dir, 'report.lua');
writeFileSync(
  script,
  `wrk.headers["User-Agent"] = "${USER_AGENT}"
wrk.headers["Accept-Language"] = "en-US,en;q=0.9"
done = function(summary, latency, requests)
  io.write(string.format("RESULT %f %f %f %d %d\\n", latency:percentile(50), latency:percentile(95), summary.requests / (summary.duration / 1e6), summary.errors.status, summary.requests))
end
`,
);

function wrkRun(url: string, connections: number, duration: number): Run {
  const result = spawnSync('wrk', ['-t', '1', '-c', String(connections), '-d', `${duration}s`, '-s', script, url], { encoding: 'utf8' });
  if (result.error) throw new Error(`wrk could not run (${result.error.message}); .ci/apt-packages lists it`);
  const match = /RESULT ([\d.]+) ([\d.]+) ([\d.]+) (\d+) (\d+)/.exec(result.stdout);
  if (!match) throw new Error(`wrk printed no result:\n${result.stdout}\n${result.stderr}`);
  if (Number(match[4]) > 0) throw new Error(`wrk saw ${match[4]} error responses from ${url}`);
  return { p50: Number(match[1]) / 1000, p95: Number(match[2]) / 1000, rate: Number(match[3]) };
}

/** The page's own CSS and JavaScript (all inline), raw and gzipped, in bytes. */
function assetSizes(page: string): { raw: number; gzip: number } {
  const parts = [...page.matchAll(/<style>([\s\S]*?)<\/style>|<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? match[2] ?? '');
  const text = parts.join('\n');
  return { raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
}

const tarmac = await startTarmac({ TARMAC_DATA_DIR: dataDir, TARMAC_URL: 'https://tarmac.example.com', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
let failed = false;
try {
  const pages = [
    { name: 'release page', path: `/${SLUG}/${newest.id}` },
    { name: 'channel page', path: `/${SLUG}` },
  ];
  console.log(`Public install pages, SQLite, ${RELEASES} releases in the channel, Android User-Agent; wrk 1 connection (latency) and 32 connections (rate) × ${seconds} s each:`);
  for (const { name, path: pagePath } of pages) {
    const url = `${tarmac.url}${pagePath}`;
    const response = await fetch(url, { headers: { 'user-agent': USER_AGENT, 'accept-language': 'en-US,en;q=0.9' } });
    const body = await response.text();
    if (response.status !== 200 || !body.includes('>Download</a>')) throw new Error(`unexpected ${name}: ${response.status} ${body.slice(0, 300)}`);

    const BARE = `
const fastify = require(${JSON.stringify(path.join(root, 'node_modules/fastify'))})({ logger: false });
const body = ${JSON.stringify(body)};
fastify.get('/*', (request, reply) => { reply.type('text/html; charset=utf-8').send(body); });
fastify.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(fastify.server.address().port));
`;
    const bare = spawn(process.execPath, ['-e', BARE], { stdio: ['ignore', 'pipe', 'inherit'] });
    const barePort = await new Promise<number>((resolve) => bare.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    const bareUrl = `http://127.0.0.1:${barePort}${pagePath}`;
    try {
      // Warm both up, then measure.
      wrkRun(url, 8, 2);
      wrkRun(bareUrl, 8, 2);
      const oursLatency = wrkRun(url, 1, seconds);
      const bareLatency = wrkRun(bareUrl, 1, seconds);
      const oursRate = wrkRun(url, 32, seconds);
      const bareRate = wrkRun(bareUrl, 32, seconds);
      const ratio = oursRate.rate / bareRate.rate;
      const assets = assetSizes(body);
      const latencyMet = oursLatency.p95 < 50;
      const budgetMet = assets.gzip <= 60 * 1024;
      console.log(`\n${name} ${pagePath}: ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB of HTML`);
      console.log(`  baseline (bare Fastify, constant HTML): p50 ${bareLatency.p50.toFixed(2)} ms, p95 ${bareLatency.p95.toFixed(2)} ms; ${bareRate.rate.toFixed(0)} req/s`);
      console.log(`  Tarmac:                                 p50 ${oursLatency.p50.toFixed(2)} ms, p95 ${oursLatency.p95.toFixed(2)} ms; ${oursRate.rate.toFixed(0)} req/s`);
      console.log(`  server time p95 ${oursLatency.p95.toFixed(2)} ms (target < 50 ms: ${latencyMet ? 'met' : 'NOT MET'}); rate ratio ${ratio.toFixed(2)}; p50 ratio ${(oursLatency.p50 / bareLatency.p50).toFixed(1)}×`);
      console.log(`  inline CSS + JS: ${assets.raw} bytes, ${assets.gzip} bytes gzipped (budget 60 KB: ${budgetMet ? 'met' : 'NOT MET'})`);
      failed ||= !latencyMet || !budgetMet;
    } finally {
      bare.kill();
    }
  }
} finally {
  await tarmac.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
