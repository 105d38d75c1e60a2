// Benchmark: uploading a 1 GiB build to Tarmac over loopback, against the same curl upload
// to a minimal Node HTTP sink that only reads and discards the body (the baseline, measured
// in this run). Prints the throughput ratio (target ≥ 0.7) and Tarmac's peak RSS during the
// uploads (target < 250 MiB).
// Run: npm run bench:upload (or node bench/upload.ts [runs]).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixtures, makeHugeZip, peakRssMiB, startTarmac } from './lib.ts';

const runs = Number(process.argv[2] ?? 2);
const GIB = 1024 ** 3;

function curlSeconds(args: string[]): number {
  const result = spawnSync('curl', ['-s', '-S', '-o', '/dev/stderr', '-w', '%{http_code} %{time_total}', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const [status, seconds] = result.stdout.trim().split(' ');
  if (status !== '201') throw new Error(`curl got HTTP ${status}: ${result.stderr.slice(0, 500)}`);
  return Number(seconds);
}

const SINK = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => { res.writeHead(201, { 'content-type': 'application/json' }); res.end('{}'); });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-upload-bench-'));
const huge = path.join(dir, 'huge.apk');
makeHugeZip(path.join(fixtures, 'apps/android.apk'), huge, GIB);

const sink = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
const sinkPort = await new Promise<number>((resolve) => sink.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));

const tarmac = await startTarmac({ TARMAC_DATA_DIR: path.join(dir, 'data'), TARMAC_ADMIN_EMAIL: 'bench@example.com', TARMAC_ADMIN_PASSWORD: 'bench-password' });
let failed: boolean;
try {
  const token = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../packages/server/bin/tarmac.js'), 'token', 'create', '--username', 'admin', '--name', 'bench'], {
    encoding: 'utf8',
    env: { ...process.env, TARMAC_DATA_DIR: path.join(dir, 'data') },
  }).stdout.trim();
  // A first, small upload without a channel key creates the app, scheme and channel.
  const created = spawnSync('curl', ['-s', '-F', `token=${token}`, '-F', `file=@${path.join(fixtures, 'apps/android.apk')}`, `${tarmac.url}/api/apps/upload`], { encoding: 'utf8' });
  const channelKey = (JSON.parse(created.stdout) as { channel: { key: string } }).channel.key;

  const sinkTimes: number[] = [];
  const tarmacTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    sinkTimes.push(curlSeconds(['-F', `token=${token}`, '-F', `channel_key=${channelKey}`, '-F', `file=@${huge}`, `http://127.0.0.1:${sinkPort}/api/apps/upload`]));
    tarmacTimes.push(curlSeconds(['-F', `token=${token}`, '-F', `channel_key=${channelKey}`, '-F', `file=@${huge}`, `${tarmac.url}/api/apps/upload`]));
  }
  const best = (values: number[]) => Math.min(...values);
  const sinkMiBs = 1024 / best(sinkTimes);
  const tarmacMiBs = 1024 / best(tarmacTimes);
  const ratio = tarmacMiBs / sinkMiBs;
  const rss = peakRssMiB(tarmac.child.pid!);
  console.log(`1 GiB upload over loopback, best of ${runs}:`);
  console.log(`  baseline: curl → minimal Node sink   ${best(sinkTimes).toFixed(2)} s (${sinkMiBs.toFixed(0)} MiB/s)`);
  console.log(`  Tarmac:   curl → POST /api/apps/upload ${best(tarmacTimes).toFixed(2)} s (${tarmacMiBs.toFixed(0)} MiB/s; streamed to disk, SHA-256, parsed, stored)`);
  console.log(`  throughput ratio ${ratio.toFixed(2)} (target ≥ 0.70: ${ratio >= 0.7 ? 'met' : 'NOT MET'})`);
  console.log(`  Tarmac peak RSS ${rss.toFixed(0)} MiB (target < 250 MiB: ${rss < 250 ? 'met' : 'NOT MET'})`);
  failed = ratio < 0.7 || rss >= 250;
} finally {
  await tarmac.stop();
  sink.kill();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
