// `npm test`: lint, typecheck, then every test suite (unit, http, browser, site: vitest.config.ts), the
// time each step took, and one summary line CI reads:
//   N passed, N failed, N skipped
// `npm test -- ARGS` passes ARGS to Vitest and skips lint and typecheck: `npm test -- --project http`
// runs one suite, `npm test -- packages/server/test/apps.test.ts` one file. TARMAC_TEST_SKIP_CHECKS=1
// skips lint and typecheck in a full run too (CI's PostgreSQL run: they ran in its SQLite run). The web app is built
// (when its sources are newer than the last build) only for a run that can include the browser suite.
// A failing lint or typecheck counts as one failure each. With CI=true a skipped test is a
// failure too: no suite may skip itself for a missing service.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildWeb, webIsStale } from './build-web.ts';
import { selectedSuites, SUITE_NAMES, suiteFiles, suiteProblems } from './test-suites.ts';
import { ensureTestTools } from './test-tools.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const extraArgs = process.argv.slice(2);
const startedAt = performance.now();

/** One line per step for the table at the end: name, seconds, a note. */
const times: [string, number, string][] = [];
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Runs a command with its output collected, and prints that output under its title once it ends. */
function collected(title: string, command: string, args: string[]): Promise<boolean> {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, why: string) => {
      const took = seconds(began);
      console.log(`\n── ${title} (${took.toFixed(1)} s) ──`);
      process.stdout.write(Buffer.concat(output));
      if (!ok) console.log(`✗ ${title} failed (${why})`);
      times.push([title, took, ok ? '' : 'failed']);
      resolve(ok);
    };
    child.on('error', (error) => finish(false, error.message));
    child.on('close', (code, signal) => finish(code === 0, `exit ${code ?? signal}`));
  });
}

// The parser tests build real packages with Debian's tools, the browser tests drive chromium.
const tools = ensureTestTools();
if (!tools.ok) {
  console.log(tools.line);
  process.exit(1);
}

let failed = 0;
const fullRun = extraArgs.length === 0;
const suites = selectedSuites(extraArgs);

// A test file in no suite would never run: say so rather than pass without it.
if (fullRun) {
  const problems = suiteProblems(suiteFiles(root));
  for (const line of problems) console.log(`✗ ${line}`);
  failed += problems.length;
}

// The browser tests load the built web app; the other suites do not need it.
if (!suites || suites.includes('browser')) {
  const began = performance.now();
  const stale = webIsStale();
  console.log(`\n── build the web app${stale ? '' : ': up to date'} ──`);
  if (!buildWeb(false, { enforceBudget: true })) {
    console.log('✗ the web app did not build, or a screen is over its size budget (see above)');
    failed += 1;
  }
  times.push(['build the web app', seconds(began), stale ? 'built' : 'up to date, not rebuilt']);
}

// Lint and typecheck do not depend on the database: CI's second run (PostgreSQL) sets
// TARMAC_TEST_SKIP_CHECKS=1 instead of repeating them.
const skipChecks = process.env.TARMAC_TEST_SKIP_CHECKS === '1';
if (fullRun && skipChecks) console.log('\n── lint and typecheck: skipped (TARMAC_TEST_SKIP_CHECKS=1) ──');
if (fullRun && !skipChecks) {
  // `tsc -b` checks every project once (the benchmarks too, tsconfig.json references them), and
  // ESLint's type-aware rules build their own program: the two run side by side on the two cores.
  const [lintOk, typecheckOk] = await Promise.all([
    collected('lint', bin('eslint'), ['.', '--max-warnings=0']),
    collected('typecheck', bin('tsc'), ['-b']),
  ]);
  if (!lintOk) failed += 1;
  if (!typecheckOk) failed += 1;
}

const engine = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '') ? 'postgres' : 'sqlite';
const outDir = mkdtempSync(path.join(tmpdir(), 'tarmac-vitest-'));
let passed = 0;
let skipped = 0;

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
}

/** One Vitest run; adds its counts to the totals and its time to the table. */
function vitest(name: string, args: string[]): void {
  const report = path.join(outDir, `${name}.json`);
  const title = `tests: ${name} (database: ${engine})`;
  console.log(`\n── ${title} ──`);
  const began = performance.now();
  const result = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const took = seconds(began);
  const failedBefore = failed;
  let counts: string;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    passed += json.numPassedTests;
    // A file that failed without a failed test (it did not load, a hook threw) counts once; a
    // failed test counts once, not again for its file and describe blocks.
    const brokenFiles = json.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')).length;
    failed += json.numFailedTests + brokenFiles;
    skipped += json.numPendingTests + json.numTodoTests;
    counts = `${json.numPassedTests} passed, ${json.numFailedTests + brokenFiles} failed, ${json.numPendingTests + json.numTodoTests} skipped`;
  } catch {
    console.log(`✗ the test runner wrote no report for ${name}`);
    failed += 1;
    counts = 'no report';
  }
  // Vitest also fails a run for errors outside any test (an unhandled rejection, a file that does
  // not load); the report counts none of those, so the summary must not say 0 failed.
  if (result.status !== 0 && failed === failedBefore) {
    console.log(`✗ the test runner failed outside any test in ${name} (see above)`);
    failed += 1;
  }
  console.log(`── ${name}: ${counts} in ${took.toFixed(1)} s ──`);
  times.push([`tests: ${name}`, took, counts]);
}

/** Builds the documentation site the `site` suite reads (npm run docs); false when it does not build. */
function buildDocs(): boolean {
  const began = performance.now();
  console.log('\n── build the documentation site ──');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/docs-site.ts'), 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  times.push(['build the documentation site', seconds(began), result.status === 0 ? 'built' : 'failed']);
  if (result.status !== 0) console.log('✗ the documentation site did not build (broken links, a page that does not compile: see above)');
  return result.status === 0;
}

if (fullRun) {
  // One suite after the other, so each one's time is its own. The documentation site does not
  // depend on the database: CI's PostgreSQL run leaves it to the SQLite run, as lint and typecheck.
  for (const suite of SUITE_NAMES) {
    if (suite === 'site' && skipChecks) {
      console.log('\n── site: not run again (TARMAC_TEST_SKIP_CHECKS=1; the site does not depend on the database) ──');
      continue;
    }
    if (suite === 'site' && !buildDocs()) {
      failed += 1;
      continue;
    }
    vitest(suite, ['--project', suite]);
  }
} else {
  if (suites?.includes('site') && !buildDocs()) failed += 1;
  vitest(suites ? suites.join(' + ') : 'selected', extraArgs);
}
rmSync(outDir, { recursive: true, force: true });

if (process.env.CI === 'true' && skipped > 0) {
  console.log(`✗ ${skipped} test(s) skipped with CI=true: every suite must run in CI`);
  failed += skipped;
}

const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');
console.log(`\n── times (database: ${engine}; load average now ${load} on ${availableParallelism()} cores) ──`);
const width = Math.max(...times.map(([name]) => name.length), 'total'.length);
for (const [name, took, note] of times) console.log(`  ${name.padEnd(width)} ${took.toFixed(1).padStart(6)} s  ${note}`);
console.log(`  ${'total'.padEnd(width)} ${seconds(startedAt).toFixed(1).padStart(6)} s`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
