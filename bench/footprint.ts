// Benchmark: Tarmac's memory footprint (issue 11). Starts the real server as a child process on
// a free port with a temporary data directory and its own, empty temporary directory (where the
// process keeps Node's compile cache), and reads its memory from /proc/<pid>/status:
//   - idle RSS (VmRSS) after start and a settle of SETTLE_SECONDS (V8's memory reducer shrinks
//     the heap grown during start-up a few seconds after the last allocation), target ≤ 100 MiB,
//     for `tarmac serve` on its first start (cold compile cache) and every later start (warm),
//     and for `node packages/server/src/main.ts`;
//   - peak RSS (VmHWM) of a `tarmac serve` while it serves ten concurrent large uploads (a 200 MiB
//     apk each, through a real token and channel key) and ten hostile ones (anonymous, wrong
//     channel key, trickled, declaring more than the upload limit), target ≤ 250 MiB.
// Each figure prints as a ratio to its target, beside baselines measured in the same run: a bare
// Node HTTP server and a bare Fastify server (what any Node or Fastify service starts with).
// Where a target is missed, the last lines say what holds the memory.
// Run: npm run bench:footprint (or node bench/footprint.ts [settle seconds]).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixtures, makeHugeZip, root, startTarmac, statusMiB } from './lib.ts';

const SETTLE_SECONDS = Number(process.argv[2] ?? 12);
const IDLE_TARGET_MIB = 100;
const PEAK_TARGET_MIB = 250;
const MIB = 1024 ** 2;
const LARGE_BYTES = 200 * MIB;

const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-footprint-bench-'));
// The servers' temporary directory, where a process that turns on Node's compile cache itself
// keeps it (node-compile-cache/): empty at the first start, as on a new machine.
const serverTmp = path.join(dir, 'tmp');
mkdirSync(serverTmp);
const tarmacServe = [path.join(root, 'packages/server/bin/tarmac.js'), 'serve'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Idle {
  rss: number;
  anon: number;
  file: number;
}

function idleOf(pid: number): Idle {
  return { rss: statusMiB(pid, 'VmRSS'), anon: statusMiB(pid, 'RssAnon'), file: statusMiB(pid, 'RssFile') };
}

/** RSS of a bare server (`source`, CommonJS, printing its port), after the same settle. */
async function baseline(source: string, name: string): Promise<Idle> {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  const child = spawn(process.execPath, [file], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  await sleep(SETTLE_SECONDS * 1000);
  const idle = idleOf(child.pid!);
  child.kill();
  return idle;
}

const BARE_NODE = `require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
const BARE_FASTIFY = `
const app = require(require.resolve('fastify', { paths: [${JSON.stringify(path.join(root, 'packages/server'))}] }))();
app.get('/api/health', async () => ({ status: 'ok' }));
app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(app.server.address().port));
`;

const ADMIN = { TARMAC_ADMIN_EMAIL: 'bench@example.com', TARMAC_ADMIN_PASSWORD: 'bench-password' };

/** A token of the administrator, and the key of a channel made by a first, small upload. */
function firstUpload(url: string, dataDir: string): { token: string; channelKey: string } {
  const token = spawnSync(process.execPath, [path.join(root, 'packages/server/bin/tarmac.js'), 'token', 'create', '--username', 'admin', '--name', 'bench'], {
    encoding: 'utf8',
    env: { ...process.env, TARMAC_DATA_DIR: dataDir, TMPDIR: serverTmp },
  }).stdout.trim();
  const created = spawnSync('curl', ['-s', '-F', `token=${token}`, '-F', `file=@${path.join(fixtures, 'apps/android.apk')}`, `${url}/api/apps/upload`], { encoding: 'utf8' });
  return { token, channelKey: (JSON.parse(created.stdout) as { channel: { key: string } }).channel.key };
}

/**
 * Idle RSS of a server started with `command`. With `use`, the server then takes an upload,
 * so that the compile cache holds what a server in use loads (the package parsers), as it does
 * for every start after a user's first.
 */
async function idleTarmac(command: string[] | undefined, dataDir: string, use = false): Promise<Idle> {
  mkdirSync(dataDir, { recursive: true });
  const tarmac = await startTarmac({ TARMAC_DATA_DIR: dataDir, TMPDIR: serverTmp, ...ADMIN }, command);
  try {
    await sleep(SETTLE_SECONDS * 1000);
    const idle = idleOf(tarmac.child.pid!);
    if (use) firstUpload(tarmac.url, dataDir);
    return idle;
  } finally {
    await tarmac.stop();
  }
}

/** A multipart body's opening: text fields, then the file part's headers. */
function multipartHead(boundary: string, fields: Record<string, string>, fileName: string): Buffer {
  let head = '';
  for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  return Buffer.from(head);
}

interface HostileUpload {
  fields: Record<string, string>;
  /** Bytes of file content to send (zeros). */
  bytes: number;
  /** Declared content-length; the real length when omitted. */
  declared?: number;
  /** Send `chunk` bytes every `everyMs` instead of as fast as the server reads. */
  trickle?: { chunk: number; everyMs: number };
}

const ZEROS = Buffer.alloc(MIB);

/**
 * Sends one hostile upload and answers how it ended: the HTTP status the server gave, or the
 * connection error. The server may answer before the body is sent (and close the connection);
 * sending stops then.
 */
function hostileUpload(url: string, upload: HostileUpload, stop: { stopped: boolean }): Promise<string> {
  const boundary = `----tarmac-bench-${Math.random().toString(16).slice(2)}`;
  const head = multipartHead(boundary, upload.fields, 'hostile.apk');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = upload.declared ?? head.length + upload.bytes + tail.length;
  return new Promise((resolve) => {
    let answered = false;
    const request = http.request(`${url}/api/apps/upload`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } });
    request.on('response', (response) => {
      answered = true;
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
      response.on('error', () => resolve(String(response.statusCode)));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) resolve(error.code ?? error.message);
    });
    void (async () => {
      if (!request.write(head)) await new Promise((done) => request.once('drain', done));
      let sent = 0;
      while (sent < upload.bytes && !answered && !request.destroyed && !stop.stopped) {
        const size = Math.min(upload.trickle?.chunk ?? MIB, upload.bytes - sent);
        const ok = request.write(ZEROS.subarray(0, size));
        sent += size;
        if (upload.trickle) await sleep(upload.trickle.everyMs);
        // A server that stops reading without answering must not hang the benchmark: look again every second.
        else if (!ok) await new Promise((done) => {
          const timer = setTimeout(done, 1000);
          request.once('drain', () => {
            clearTimeout(timer);
            done(undefined);
          });
        });
      }
      if (answered || request.destroyed) return;
      if (sent >= upload.bytes && upload.declared === undefined) request.end(tail);
      else request.destroy();
      if (!answered) setTimeout(() => resolve('client gave up'), 5000).unref();
    })();
  });
}

/** A real upload with curl (the file read from disk as fast as the server takes it); answers the HTTP status. */
function curlUpload(url: string, fields: Record<string, string>, file: string): Promise<string> {
  const args = ['-s', '-o', '/dev/null', '-w', '%{http_code}'];
  for (const [name, value] of Object.entries(fields)) args.push('-F', `${name}=${value}`);
  args.push('-F', `file=@${file}`, `${url}/api/apps/upload`);
  return new Promise((resolve) => {
    const child = spawn('curl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', () => resolve(out.trim() || 'no answer'));
  });
}

/**
 * Ten large uploads (curl, a real token and channel key) and ten hostile ones at once, or either
 * kind alone; trickled uploads are stopped once the others are done. Answers how each ended.
 */
async function uploadPhase(url: string, token: string, channelKey: string, huge: string, kinds: { large: boolean; hostile: boolean }) {
  const stop = { stopped: false };
  const start = performance.now();
  const hostileKinds: HostileUpload[] = kinds.hostile
    ? [
        // Anonymous: no token at all.
        ...Array.from({ length: 3 }, () => ({ fields: { channel_key: channelKey }, bytes: LARGE_BYTES })),
        // A real token, a channel key that does not exist.
        ...Array.from({ length: 2 }, () => ({ fields: { token, channel_key: 'not-a-channel-key' }, bytes: LARGE_BYTES })),
        // Trickled: 1 KiB every 100 ms, anonymous, for as long as the others run.
        ...Array.from(
          { length: 3 },
          () => ({ fields: { channel_key: channelKey }, bytes: LARGE_BYTES, trickle: { chunk: 1024, everyMs: 100 } }),
        ),
        // Declaring 4 GiB, over the 2 GiB limit, then sending up to 200 MiB.
        ...Array.from({ length: 2 }, () => ({ fields: { token, channel_key: channelKey }, bytes: LARGE_BYTES, declared: 4 * 1024 ** 3 })),
      ]
    : [];
  const runs = hostileKinds.map((upload) => ({ trickled: upload.trickle !== undefined, done: hostileUpload(url, upload, stop) }));
  const large = kinds.large ? await Promise.all(Array.from(
    { length: 10 },
    () => curlUpload(url, { token, channel_key: channelKey }, huge),
  )) : [];
  await Promise.all(runs.filter((run) => !run.trickled).map((run) => run.done));
  const seconds = (performance.now() - start) / 1000;
  stop.stopped = true;
  return { large, hostile: await Promise.all(runs.map((run) => run.done)), seconds };
}

/** A fresh server's peak RSS (VmHWM) through one uploadPhase, with its RSS before and a settle after. */
async function peakRun(huge: string, dataDir: string, kinds: { large: boolean; hostile: boolean }) {
  mkdirSync(dataDir, { recursive: true });
  const tarmac = await startTarmac({ TARMAC_DATA_DIR: dataDir, TMPDIR: serverTmp, ...ADMIN }, tarmacServe);
  try {
    const { token, channelKey } = firstUpload(tarmac.url, dataDir);
    await sleep(SETTLE_SECONDS * 1000);
    const before = statusMiB(tarmac.child.pid!, 'VmRSS');
    const results = await uploadPhase(tarmac.url, token, channelKey, huge, kinds);
    const peak = statusMiB(tarmac.child.pid!, 'VmHWM');
    await sleep(SETTLE_SECONDS * 1000);
    return { ...results, before, peak, after: statusMiB(tarmac.child.pid!, 'VmRSS') };
  } finally {
    await tarmac.stop();
  }
}

function tally(results: string[]): string {
  const counts = new Map<string, number>();
  for (const result of results) counts.set(result, (counts.get(result) ?? 0) + 1);
  return [...counts].map(([result, count]) => `${count}× ${result}`).join(', ');
}

let failed: boolean;
try {
  const bareNode = await baseline(BARE_NODE, 'bare-node.cjs');
  const bareFastify = await baseline(BARE_FASTIFY, 'bare-fastify.cjs');
  const cold = await idleTarmac(tarmacServe, path.join(dir, 'data-cold'), true);
  const warm = await idleTarmac(tarmacServe, path.join(dir, 'data-warm'));
  const main = await idleTarmac(undefined, path.join(dir, 'data-main'));

  // Peak: a warm `tarmac serve` with an admin, a token and a channel, fresh for each mix.
  const huge = path.join(dir, 'large.apk');
  makeHugeZip(path.join(fixtures, 'apps/android.apk'), huge, LARGE_BYTES);
  const both = await peakRun(huge, path.join(dir, 'data-both'), { large: true, hostile: true });
  const largeAlone = await peakRun(huge, path.join(dir, 'data-large'), { large: true, hostile: false });
  const hostileAlone = await peakRun(huge, path.join(dir, 'data-hostile'), { large: false, hostile: true });
  const peak = both.peak;

  const mib = (value: number) => `${value.toFixed(0)} MiB`;
  const verdict = (value: number, target: number) => `${(value / target).toFixed(2)} × target ${target} MiB (${value <= target ? 'met' : 'NOT MET'})`;
  console.log(`Memory footprint, same run (settle ${SETTLE_SECONDS} s after each start):`);
  console.log(`  baselines: bare Node HTTP server ${mib(bareNode.rss)}, bare Fastify 5 server ${mib(bareFastify.rss)}`);
  console.log(`  idle RSS (VmRSS), target ≤ ${IDLE_TARGET_MIB} MiB:`);
  const idleLine = (label: string, idle: Idle) =>
    `    ${label.padEnd(46)} ${mib(idle.rss).padStart(7)} → ${verdict(idle.rss, IDLE_TARGET_MIB)}; ${(idle.rss / bareFastify.rss).toFixed(2)} × bare Fastify`;
  console.log(idleLine('tarmac serve / npm start, every later start', warm));
  console.log(idleLine('tarmac serve, first start (cold compile cache)', cold));
  console.log(idleLine('node packages/server/src/main.ts', main));
  console.log(`  peak RSS (VmHWM) serving 10 large (${LARGE_BYTES / MIB} MiB apk) + 10 hostile uploads at once, target ≤ ${PEAK_TARGET_MIB} MiB:`);
  console.log(`    ${mib(peak)} → ${verdict(peak, PEAK_TARGET_MIB)}; ${(peak / bareFastify.rss).toFixed(2)} × bare Fastify's idle RSS`);
  console.log(`    RSS after a first small upload ${mib(both.before)}; after the twenty and a settle ${mib(both.after)}`);
  console.log(`    large: ${tally(both.large)} in ${both.seconds.toFixed(1)} s; hostile (anonymous ×3, wrong key ×2, trickled ×3, over the limit ×2): ${tally(both.hostile)}`);
  console.log(`    each kind alone, on a fresh server: 10 large peak at ${mib(largeAlone.peak)} (${tally(largeAlone.large)}), 10 hostile at ${mib(hostileAlone.peak)} (${tally(hostileAlone.hostile)})`);
  if (peak > PEAK_TARGET_MIB) {
    console.log(
      `  what holds the peak: each large upload streams through up to 4 blocks of 2 MiB (modules/uploads/block-writer.ts: ~80 MiB for ten at once),` +
        ` then its package is parsed with its icon; the hostile bodies (read until the server refuses them) add ${mib(Math.max(0, hostileAlone.peak - hostileAlone.before))} on their own;` +
        ` and the memory freed afterwards stays with the process's allocator (RSS after a settle: ${mib(both.after)}), so what one burst took the next reuses.`,
    );
  }
  if (warm.rss > IDLE_TARGET_MIB || main.rss > IDLE_TARGET_MIB || cold.rss > IDLE_TARGET_MIB) {
    console.log(`  what holds the idle memory (file-backed = the node binary's and libraries' pages in use; anonymous = V8 heap, compiled code, native allocations):`);
    const holds = (label: string, idle: Idle) => `    ${label.padEnd(46)} file-backed ${mib(idle.file).padStart(7)}, anonymous ${mib(idle.anon).padStart(7)}`;
    console.log(holds('bare Node HTTP server', bareNode));
    console.log(holds('bare Fastify 5 server', bareFastify));
    console.log(holds('tarmac serve, later starts', warm));
    console.log(holds('tarmac serve, first start', cold));
    console.log(holds('node packages/server/src/main.ts', main));
    console.log(
      `    A first start and main.ts load Node's TypeScript stripper (a WebAssembly build of swc: ~${mib(Math.max(0, cold.rss - warm.rss))} here);` +
        ` later starts of tarmac serve read every module type-stripped and compiled from Node's compile cache and never load it.` +
        ` The rest over bare Fastify is the code of the modules a request may need (Kysely, TypeBox, better-sqlite3, the routes' schemas, the OpenAPI plugin).`,
    );
  }
  failed = warm.rss > IDLE_TARGET_MIB || peak > PEAK_TARGET_MIB;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
