// `npm test`: lint, typecheck, then every test, and one summary line CI reads:
//   N passed, N failed, N skipped
// A failing lint or typecheck counts as one failure each. With CI=true a skipped test is a
// failure too: no suite may skip itself for a missing service.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWeb } from './build-web.ts';
import { ensureTestTools } from './test-tools.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const extraArgs = process.argv.slice(2);

function step(title: string, command: string, args: string[]): boolean {
  console.log(`\n── ${title} ──`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) console.log(`✗ ${title} failed (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

// The parser tests build real packages with Debian's tools, the browser tests drive chromium.
const tools = ensureTestTools();
if (!tools.ok) {
  console.log(tools.line);
  process.exit(1);
}

let failed = 0;
// The browser tests load the built web app.
console.log('\n── build the web app ──');
if (!buildWeb()) {
  console.log('✗ the web app did not build');
  failed += 1;
}
if (extraArgs.length === 0) {
  if (!step('lint', bin('eslint'), ['.', '--max-warnings=0'])) failed += 1;
  if (!step('typecheck', bin('tsc'), ['-b'])) failed += 1;
  // The benchmarks import the packages' sources directly, so they are checked on their own.
  if (!step('typecheck benchmarks', bin('tsc'), ['-p', 'bench'])) failed += 1;
}

const engine = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '') ? 'postgres' : 'sqlite';
const outDir = mkdtempSync(path.join(tmpdir(), 'tarmac-vitest-'));
const report = path.join(outDir, 'report.json');
const failedBeforeTests = failed;
const testsOk = step(`tests (database: ${engine})`, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs]);

let passed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { status: string; assertionResults: { status: string }[] }[];
  };
  passed = json.numPassedTests;
  // A file that failed without a failed test (it did not load, a hook threw) counts once; a
  // failed test counts once, not again for its file and describe blocks.
  const brokenFiles = json.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')).length;
  failed += json.numFailedTests + brokenFiles;
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  console.log('✗ the test runner wrote no report');
  failed += 1;
}
rmSync(outDir, { recursive: true, force: true });
// Vitest also fails a run for errors outside any test (an unhandled rejection, a file that does
// not load); the report counts none of those, so the summary must not say 0 failed.
if (!testsOk && failed === failedBeforeTests) {
  console.log('✗ the test runner failed outside any test (see above)');
  failed += 1;
}

if (process.env.CI === 'true' && skipped > 0) {
  console.log(`✗ ${skipped} test(s) skipped with CI=true: every suite must run in CI`);
  failed += skipped;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
