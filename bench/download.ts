// Benchmark: downloading a 1 GiB build from Tarmac over loopback, against nginx serving the
// very same stored file with `sendfile on` (the baseline, measured in the same run).
// The build is uploaded once through POST /api/apps/upload (the package: a real apk with a
// 1 GiB stored entry in front, bench/lib.ts's makeHugeZip), so the file nginx serves is the one
// Tarmac wrote to its storage, read from the page cache by both.
// Each download is one curl over one connection (`curl -o /dev/null`, as a tester's browser or
// updater fetches a build): throughput of a single stream is what a download feels like, and
// many connections on 2 cores measure the scheduler more than the server (wrk would also spend
// the cores parsing the answers). The runs of each contender alternate, and the best of each
// is compared. As context, PARALLEL curls at once against Tarmac and nginx.
// Phases, each with its own Tarmac process on the same data directory:
//   1. in-process: GET the file URL from Tarmac (target ≥ 0.8 of nginx), and, as context, the
//      same through nginx proxying to Tarmac (how most self-hosters deploy it);
//   2. TARMAC_DOWNLOAD_ACCEL=nginx: GET through nginx proxying to Tarmac, which checks access,
//      counts the download and answers X-Accel-Redirect; nginx sends the file from an internal
//      location with sendfile (target: nginx's own figure; ratio ≥ 0.9, nginx's figure varies
//      more than that from run to run on a shared machine).
// Also prints Tarmac's peak RSS while it serves the downloads, and its CPU time per download.
// Run: npm run bench:download (or node bench/download.ts [runs]).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { documentedAccelLocation, startNginx } from '../packages/server/test/helpers/nginx.ts';
import type { RunningNginx } from '../packages/server/test/helpers/nginx.ts';
import { fixtures, makeHugeZip, processCpu, root, startTarmac, statusMiB } from './lib.ts';
import type { RunningTarmac } from './lib.ts';

const runs = Number(process.argv[2] ?? 3);
const GIB = 1024 ** 3;
const MB = 1e6;

interface Fetched {
  seconds: number;
  bytes: number;
}

/** One download with curl to /dev/null; answers its time and size. */
function download(url: string, headers: string[] = []): Fetched {
  const result = spawnSync('curl', ['-s', '-S', '-o', '/dev/null', '-w', '%{http_code} %{time_total} %{size_download}', ...headers, url], { encoding: 'utf8' });
  const [status, seconds, bytes] = result.stdout.trim().split(' ');
  if (status !== '200') throw new Error(`curl got HTTP ${status} from ${url}: ${result.stderr.slice(0, 500)}`);
  if (Number(bytes) !== fileSize) throw new Error(`curl got ${bytes} bytes from ${url}, not ${fileSize}`);
  return { seconds: Number(seconds), bytes: Number(bytes) };
}

const PARALLEL = 4;

/** PARALLEL downloads of `url` at once; answers MB/s all together. */
async function parallel(url: string): Promise<number> {
  const started = performance.now();
  const sizes = await Promise.all(
    Array.from({ length: PARALLEL }, () => {
      const child = spawn('curl', ['-s', '-S', '-o', '/dev/null', '-w', '%{size_download}', url], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      return new Promise<number>((resolve) => child.once('close', () => resolve(Number(out))));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (sizes.some((size) => size !== fileSize)) throw new Error(`parallel downloads of ${url} got ${sizes.join(', ')} bytes, not ${fileSize} each`);
  return (PARALLEL * fileSize) / seconds / MB;
}

function largestFile(dir: string): string {
  let best = { file: '', size: -1 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const size = statSync(file).size;
    if (size > best.size) best = { file, size };
  }
  return best.file;
}

const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-download-bench-'));
const huge = path.join(dir, 'huge.apk');
makeHugeZip(path.join(fixtures, 'apps/android.apk'), huge, GIB);
const dataDir = path.join(dir, 'data');
const storageDir = path.join(dataDir, 'storage');
const baseEnv = { TARMAC_DATA_DIR: dataDir, TARMAC_ADMIN_EMAIL: 'bench@example.com', TARMAC_ADMIN_PASSWORD: 'bench-password' };
const loadBefore = loadavg()[0]!;
let fileSize = 0;

/** nginx with `/` proxied to Tarmac and the storage as the internal location X-Accel-Redirect names (docs/downloads-accel.md). */
function proxyTo(tarmac: RunningTarmac) {
  return () => `
    ${documentedAccelLocation(storageDir)}
    location / {
      proxy_pass http://127.0.0.1:${tarmac.port};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }`;
}

/** Runs each contender `runs` times, alternating; answers the seconds of each run per contender. */
function alternate(contenders: Record<string, () => Fetched>): Record<string, number[]> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, run] of Object.entries(contenders)) times[name]!.push(run().seconds);
  }
  return times;
}

const best = (values: number[]) => Math.min(...values);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (seconds: number) => fileSize / seconds / MB;
const range = (values: number[]) => `${rate(Math.max(...values)).toFixed(0)}–${rate(Math.min(...values)).toFixed(0)} MB/s`;

let tarmac: RunningTarmac | undefined;
const proxies: RunningNginx[] = [];
let failed: boolean;
try {
  tarmac = await startTarmac(baseEnv);
  const token = spawnSync(process.execPath, [path.join(root, 'packages/server/bin/tarmac.js'), 'token', 'create', '--username', 'admin', '--name', 'bench'], {
    encoding: 'utf8',
    env: { ...process.env, TARMAC_DATA_DIR: dataDir },
  }).stdout.trim();
  const uploaded = spawnSync('curl', ['-s', '-S', '-F', `token=${token}`, '-F', `file=@${huge}`, `${tarmac.url}/api/apps/upload`], { encoding: 'utf8' });
  const release = JSON.parse(uploaded.stdout) as { download_url?: string };
  if (!release.download_url) throw new Error(`the upload failed: ${uploaded.stdout.slice(0, 500)} ${uploaded.stderr.slice(0, 500)}`);
  // The file URL the download URL redirects to (/<slug>/<id>/download/<file name>), as a path.
  const located = spawnSync('curl', ['-s', '-o', '/dev/null', '-w', '%{redirect_url}', release.download_url.replace(/^https?:\/\/[^/]+/, tarmac.url)], { encoding: 'utf8' });
  const filePath = new URL(located.stdout.trim()).pathname;
  const stored = largestFile(storageDir);
  fileSize = statSync(stored).size;
  const storedPath = '/' + path.relative(storageDir, stored);

  const staticNginx = await startNginx(() => `location / { root ${storageDir}; }`);
  proxies.push(staticNginx);
  const nginx = () => download(staticNginx.url + storedPath);
  nginx(); // the page cache holds the file from here on

  // Phase 1: in-process, in a fresh process (the upload's memory is not the download's).
  await tarmac.stop();
  tarmac = await startTarmac(baseEnv);
  const proxied1 = await startNginx(proxyTo(tarmac));
  proxies.push(proxied1);
  const pid1 = tarmac.child.pid!;
  const idleRss = statusMiB(pid1, 'VmRSS');
  download(tarmac.url + filePath);
  const cpuBefore = processCpu(pid1);
  const phase1 = alternate({
    tarmac: () => download(tarmac!.url + filePath),
    nginx,
    proxied: () => download(proxied1.url + filePath),
  });
  const cpuPerDownload = (processCpu(pid1) - cpuBefore) / (2 * runs);
  const rss = statusMiB(pid1, 'VmHWM');
  // Context: several downloads at once (the best of two tries each), Tarmac then nginx.
  const many = { tarmac: 0, nginx: 0 };
  for (let i = 0; i < 2; i++) {
    many.tarmac = Math.max(many.tarmac, await parallel(tarmac.url + filePath));
    many.nginx = Math.max(many.nginx, await parallel(staticNginx.url + storedPath));
  }
  const rssMany = statusMiB(pid1, 'VmHWM');
  await tarmac.stop();

  // Phase 2: X-Accel-Redirect through nginx.
  tarmac = await startTarmac({ ...baseEnv, TARMAC_DOWNLOAD_ACCEL: 'nginx' });
  const proxied2 = await startNginx(proxyTo(tarmac));
  proxies.push(proxied2);
  const accel = () => download(proxied2.url + filePath);
  accel();
  const phase2 = alternate({ accel, nginx });

  const ratio = rate(best(phase1.tarmac!)) / rate(best(phase1.nginx!));
  const proxiedRatio = rate(best(phase1.proxied!)) / rate(best(phase1.nginx!));
  const accelRatio = rate(best(phase2.accel!)) / rate(best(phase2.nginx!));
  const nginxAll = [...phase1.nginx!, ...phase2.nginx!];
  console.log(
    `1 GiB build (${fileSize} bytes), one curl per download over loopback, best of ${runs} alternating runs ` +
      `(load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; other work on the machine skews every figure):`,
  );
  console.log(`  download: ${rate(best(phase1.tarmac!)).toFixed(0)} MB/s vs nginx ${rate(best(phase1.nginx!)).toFixed(0)} MB/s = ratio ${ratio.toFixed(2)} (target >= 0.8: ${ratio >= 0.8 ? 'met' : 'NOT MET'})`);
  console.log(`  accel:    ${rate(best(phase2.accel!)).toFixed(0)} MB/s vs nginx ${rate(best(phase2.nginx!)).toFixed(0)} MB/s = ratio ${accelRatio.toFixed(2)} (TARMAC_DOWNLOAD_ACCEL=nginx through nginx; target >= 0.9: ${accelRatio >= 0.9 ? 'met' : 'NOT MET'})`);
  console.log(`  Tarmac peak RSS ${rss.toFixed(0)} MiB serving ${2 * runs + 1} downloads one after another (${idleRss.toFixed(0)} MiB idle before); ${cpuPerDownload.toFixed(2)} CPU-s per 1 GiB download`);
  console.log(`Context (same run):`);
  console.log(`  Tarmac in-process behind nginx (proxy_pass, no accel) ${rate(best(phase1.proxied!)).toFixed(0)} MB/s = ratio ${proxiedRatio.toFixed(2)}`);
  console.log(
    `  ${PARALLEL} downloads at once: Tarmac ${many.tarmac.toFixed(0)} MB/s vs nginx ${many.nginx.toFixed(0)} MB/s all together ` +
      `= ratio ${(many.tarmac / many.nginx).toFixed(2)}; Tarmac's peak RSS then ${rssMany.toFixed(0)} MiB`,
  );
  const medianRatio = (ours: number[], theirs: number[]) => (rate(median(ours)) / rate(median(theirs))).toFixed(2);
  console.log(`  ratios of the medians: download ${medianRatio(phase1.tarmac!, phase1.nginx!)}, accel ${medianRatio(phase2.accel!, phase2.nginx!)}`);
  console.log(`  ranges: Tarmac ${range(phase1.tarmac!)}, proxied ${range(phase1.proxied!)}, accel ${range(phase2.accel!)}, nginx ${range(nginxAll)}`);
  failed = ratio < 0.8 || accelRatio < 0.9;
} finally {
  await tarmac?.stop();
  for (const proxy of proxies) await proxy.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
