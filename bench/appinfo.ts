// Benchmark: packages/appinfo against the app-info-parser npm package on the same real ipa
// and apk, and against a synthetic 1 GB ipa (a large stored payload entry placed before the
// app's own entries). Every figure is a ratio against a baseline measured in this run:
//   - time ratio  = Tarmac median / app-info-parser median (lower is better)
//   - memory ratio = Tarmac peak RSS growth / app-info-parser peak RSS growth
//   - scale ratio = Tarmac on the 1 GB ipa / Tarmac on the small ipa (target: ≤ 2)
// Run: npm run bench (or node bench/appinfo.ts [iterations]).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeHugeZip } from './lib.ts';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.resolve(root, '../shared/fixtures/apps');
const iterations = Number(process.argv[2] ?? 20);
const GIB = 1024 * 1024 * 1024;

interface Measurement {
  msMedian: number;
  msMin: number;
  rssBeforeKb: number;
  maxRssKb: number;
}

function measure(parser: string, file: string, runs = iterations, timeoutMs = 120_000): Measurement | { error: string } {
  const result = spawnSync(process.execPath, ['--expose-gc', path.join(import.meta.dirname, 'appinfo-worker.ts'), parser, file, String(runs)], {
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const reason = result.signal ? `killed (${result.signal}) after ${timeoutMs} ms` : (result.stderr.trim().split('\n').pop() ?? 'failed');
    return { error: reason };
  }
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as Measurement;
}

const mb = (kb: number) => (kb / 1024).toFixed(1);
const fmt = (ms: number) => ms.toFixed(2).padStart(8);
let failed = false;

console.log(`appinfo benchmark: median of ${iterations} parses each, one fresh process per parser and file\n`);
for (const file of ['iphone.ipa', 'android.apk']) {
  const full = path.join(fixtures, file);
  const ours = measure('tarmac', full);
  const theirs = measure('app-info-parser', full);
  if ('error' in ours) {
    console.log(`${file}: tarmac failed: ${ours.error}`);
    failed = true;
    continue;
  }
  if ('error' in theirs) {
    console.log(`${file}: tarmac ${fmt(ours.msMedian)} ms; app-info-parser failed (${theirs.error}): no ratio`);
    continue;
  }
  const ourGrowth = Math.max(1, ours.maxRssKb - ours.rssBeforeKb);
  const theirGrowth = Math.max(1, theirs.maxRssKb - theirs.rssBeforeKb);
  console.log(
    `${file.padEnd(12)} time: tarmac ${fmt(ours.msMedian)} ms, app-info-parser ${fmt(theirs.msMedian)} ms → ratio ${(ours.msMedian / theirs.msMedian).toFixed(2)}` +
      ` | peak RSS growth: tarmac ${mb(ourGrowth)} MB, app-info-parser ${mb(theirGrowth)} MB → ratio ${(ourGrowth / theirGrowth).toFixed(2)}`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'appinfo-bench-'));
try {
  const huge = path.join(dir, 'huge.ipa');
  makeHugeZip(path.join(fixtures, 'iphone.ipa'), huge, GIB, 'Payload/AppInfoDemo.app/Payload.bin');
  const small = measure('tarmac', path.join(fixtures, 'iphone.ipa'));
  const big = measure('tarmac', huge);
  if ('error' in small || 'error' in big) {
    console.log(`1 GB ipa: tarmac failed: ${'error' in big ? big.error : (small as { error: string }).error}`);
    failed = true;
  } else {
    const ratio = big.msMedian / small.msMedian;
    const memory = (big.maxRssKb - big.rssBeforeKb) / Math.max(1, small.maxRssKb - small.rssBeforeKb);
    console.log(
      `\n1 GB ipa     time: tarmac ${fmt(big.msMedian)} ms vs ${fmt(small.msMedian)} ms on the small ipa → scale ratio ${ratio.toFixed(2)} (target ≤ 2.00: ${ratio <= 2 ? 'met' : 'NOT MET'})` +
        ` | peak RSS growth ${mb(big.maxRssKb - big.rssBeforeKb)} MB vs ${mb(small.maxRssKb - small.rssBeforeKb)} MB → ratio ${memory.toFixed(2)}`,
    );
    if (ratio > 2) failed = true;
    const theirs = measure('app-info-parser', huge, 1, 60_000);
    console.log(
      'error' in theirs
        ? `1 GB ipa     app-info-parser: ${theirs.error}`
        : `1 GB ipa     app-info-parser ${fmt(theirs.msMedian)} ms, peak RSS ${mb(theirs.maxRssKb)} MB`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
